/* The JSON report: what a run folded, for size tracking in release
 * pipelines. Built with cJSON (libcjson); the schema is in docs/report.md.
 * A report is created per run, filled by the phases, written once. */
#ifndef LTOFOLD_REPORT_H
#define LTOFOLD_REPORT_H

#include "ltofold_canon.h"
#include "ltofold_fprange.h"
#include "ltofold_merge.h"

#include <stdbool.h>
#include <stdint.h>

#include <stdio.h>

typedef struct ltofold_report ltofold_report;

ltofold_report *ltofold_report_new(void);
/* A report read back (`root`, parsed JSON of an ltofold report, taken
 * over), to combine with others. */
struct cJSON;
ltofold_report *ltofold_report_from_json(struct cJSON *root);
void ltofold_report_free(ltofold_report *report);
void ltofold_report_add_input(ltofold_report *report, const char *path);
/* Replaces the input named `name` with those of `paths` (NULL-ended)
 * that are not inputs already: lld names the module of a full-LTO link
 * ld-temp.o, its command line the files it came from. */
void ltofold_report_replace_input(ltofold_report *report, const char *name,
                                  const char *const *paths);
void ltofold_report_add_phase(ltofold_report *report, const char *name,
                              double seconds);
void ltofold_report_add_merge(ltofold_report *report,
                              const ltofold_merge_result *result);
/* Sets merge's count of the functions it saw to 0: a second merge of a
 * module whose functions the link's report counts already (thin-apply
 * --late-merge, after the backend's own merge). */
void ltofold_report_uncount_merge_functions(ltofold_report *report);
void ltofold_report_add_fprange(ltofold_report *report,
                                const ltofold_fprange_result *result);
void ltofold_report_add_canon(ltofold_report *report,
                              const ltofold_canon_result *result);

/* A symbol of a measured file (the objects ltofold generated, or the
 * program linked from them), with its size in bytes and its address. */
typedef struct ltofold_symbol_size {
  const char *name;
  uint64_t size;
  uint64_t address; /* the program's address; an offset in an object */
} ltofold_symbol_size;

/* What was measured. A missing symbol means something different in each:
 * docs/report.md, "Bytes saved". */
typedef enum ltofold_measured_file {
  /* The objects the gold plugin generated: every function left in the
   * module has a symbol there, so a function without one is gone. */
  LTOFOLD_MEASURED_GENERATED_OBJECT,
  /* A linked program (ltofold report binary): its symbol table may have
   * been stripped, so a function without a symbol is not known to be gone;
   * addresses are the program's, and the report keeps the kept bodies'. */
  LTOFOLD_MEASURED_LINKED_BINARY,
} ltofold_measured_file;

/* Measures the bytes each fold saved from the symbols of the measured file
 * (docs/report.md says how), replacing what an earlier measurement wrote.
 * `symbols` is sorted in place by name. */
void ltofold_report_add_symbol_sizes(ltofold_report *report,
                                     ltofold_symbol_size *symbols,
                                     size_t count,
                                     ltofold_measured_file measured);

/* Whether a linked program (its symbols; sorted here by name) can be the
 * one this report's link wrote: a function folded away (replaced, alias)
 * must not be there with a body of its own, at another address than the
 * kept one's, nor a thunk with a body as large as the kept one. A program
 * linked without ltofold has them all; one linked with it, none (a
 * same-named function of a library may be one). Returns 0, or -1 with
 * *why (malloc'd) when most of the folds it can check are contradicted. */
int ltofold_report_check_binary(ltofold_report *report,
                                ltofold_symbol_size *symbols, size_t count,
                                char **why);

/* What the measured file occupies: its code sections, and every section
 * a loader maps from the file, where the format says which those are. */
typedef struct ltofold_file_sizes {
  uint64_t text_bytes;     /* code sections: .text, .text.* (and __text) */
  uint64_t loadable_bytes; /* allocated sections with contents in the file */
  bool loadable_known;     /* false: not all ELF, loadable_bytes unknown */
  bool symbols_known;      /* false: not all ELF, whose symbols alone have
                              sizes: no symbol was read */
} ltofold_file_sizes;

/* Sizes of the measured file: its bytes, and `sizes` ("loadable_bytes"
 * only where known), for size tracking between builds; `file` names a
 * linked program (NULL for the generated objects). */
void ltofold_report_set_object(ltofold_report *report, uint64_t object_bytes,
                               const ltofold_file_sizes *sizes,
                               ltofold_measured_file measured,
                               const char *file);

/* The modules of a ThinLTO link's backends, and how many of them came from
 * the cache (cached < 0: no cache): "thinlto": {"modules": N,
 * "cached": M}. */
void ltofold_report_set_thin_modules(ltofold_report *report, unsigned modules,
                                     long cached);

/* Whether the objects came from a cache (the gold plugin's cache-dir):
 * after a hit the rest of the report is that of the link that filled the
 * entry. */
void ltofold_report_set_cache(ltofold_report *report, bool hit, const char *key);

/* Where a report comes from (docs/report.md, "build"), for a pipeline to
 * tell one build's numbers from another's: every member may be NULL (or
 * negative), not known. */
typedef struct ltofold_build {
  const char *label;   /* the user's name for the build (label=, --label) */
  const char *output;  /* the file the link or the command wrote */
  const char *linker;  /* "gold", "ld.bfd", "mold", "lld"; NULL: none */
  const char *plugin;  /* the plugin library's path; NULL: none */
  const char *lto;     /* "full", "thin", "distributed"; NULL: no LTO */
  const char *options; /* the options set, "KEY=VALUE" lines in order */
  const char *target;  /* the target triple */
  const char *cpu;     /* the CPU code is generated for */
  double started;      /* when ltofold started, seconds since the epoch */
  double seconds;      /* how long ltofold took, until the report */
} ltofold_build;

/* Records `build` as the report's "build" object, with the versions of
 * ltofold and of the LLVM running it, and every input made absolute
 * (relative to the working directory). Replaces an earlier one, but for
 * its build_id. */
void ltofold_report_set_build(ltofold_report *report, const ltofold_build *build);

/* The linked output's build ID (hex), read after the link wrote it
 * (ltofold_object_build_id); "report binary" checks a program against it. */
void ltofold_report_set_build_id(ltofold_report *report, const char *build_id);

/* Marks the report as one of a link where ltofold did not run, and why
 * ("not_run"): a report asked for is then still written, so that the one
 * an earlier build left is never taken for this build's; every `ltofold
 * report` command refuses it, naming the cause. */
void ltofold_report_set_not_run(ltofold_report *report, const char *cause);

/* The cause a report says ltofold did not run for, or NULL. */
const char *ltofold_report_not_run(const struct cJSON *root);

/* Adds what `from` reports to `into`, as if one run had done both (a link's
 * ThinLTO backends, each on its own module): inputs and fold lists
 * follow one another, counts and the seconds of phases of one name add up.
 * `from` is left as it was. */
void ltofold_report_absorb(ltofold_report *into, const ltofold_report *from);
/* A new report of `count` reports absorbed in the order of their first
 * input's name, so that a link's report does not depend on which of its
 * backends finished first. */
ltofold_report *ltofold_report_combine(ltofold_report *const *reports,
                                       size_t count);

/* The report as JSON text ending in a newline (malloc'd). */
char *ltofold_report_to_json(ltofold_report *report);

/* Writes the report to `path` (output_file.h: whole or not at all, a device
 * or FIFO in place). Returns 0, or -1 with *error. */
int ltofold_report_write(ltofold_report *report, const char *path,
                         char **error);

/* Human-readable summary of a phase that took `seconds` (negative: not
 * said), for --stats; the first line ends with the time. */
void ltofold_print_merge_stats(FILE *out, const ltofold_merge_result *result,
                               double seconds);
void ltofold_print_fprange_stats(FILE *out, const ltofold_fprange_result *result,
                                 double seconds);
void ltofold_print_canon_stats(FILE *out, const ltofold_canon_result *result,
                               double seconds);

/* The totals of a link, for --stats at its end: functions folded, FP
 * folds, branches removed, bytes saved where measured, and `seconds`. */
void ltofold_print_totals(FILE *out, const ltofold_report *report,
                          double seconds);

#endif
