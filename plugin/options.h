/* ltofold's options: one table, one parser, three front ends.
 *
 * The `ltofold` command (--report FILE), the lld/opt pass plugin
 * (-mllvm -ltofold-report=FILE) and the gold plugin (-plugin-opt=report=FILE)
 * all reduce an option to a KEY and an optional VALUE and hand it to
 * ltofold_options_set, so every option means the same thing everywhere and
 * is documented once (ltofold_option_table, printed by --help). */
#ifndef LTOFOLD_OPTIONS_H
#define LTOFOLD_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum ltofold_option_kind {
  LTOFOLD_OPTION_FLAG,   /* no value, or true/false/1/0 */
  LTOFOLD_OPTION_STRING, /* a value is required */
  LTOFOLD_OPTION_LEVEL,  /* 0..3 */
  LTOFOLD_OPTION_LIST,   /* names separated by commas */
  LTOFOLD_OPTION_COUNT,  /* a whole number from 1 to 1024 */
  LTOFOLD_OPTION_OPTIONAL /* on alone, or on with a value (KEY=VALUE) */
} ltofold_option_kind;

typedef struct ltofold_option_info {
  const char *key;
  ltofold_option_kind kind;
  const char *value_name; /* for help: FILE, N... */
  const char *help;
} ltofold_option_info;

/* The options themselves. Strings are owned (ltofold_options_free). */
typedef struct ltofold_options {
  char *report_path;     /* report: write the JSON report here */
  char *label;           /* label: the build's name in the report, or NULL */
  bool stats;            /* stats: print counts to stderr */
  bool verify;           /* verify: verify the module before and after each phase */
  bool certify;          /* certify: check every fold (default on; verify implies it) */
  char *merge_test_break; /* merge-test-break: a fold broken on purpose (tests) */
  bool merge;            /* merge: run merge (default on) */
  bool merge_recursive;  /* merge-recursive: fold recursive groups (default on) */
  bool merge_similar;    /* merge-similar: fold functions equal up to constants and operations */
  bool merge_blocks;     /* merge-blocks: and pairs some of whose blocks differ */
  bool merge_shapes;     /* merge-shapes: and pairs of different shapes */
  bool merge_outline;    /* merge-outline: and repeated regions, outlined */
  bool merge_outline_all; /* merge-outline-all: even those a path of which calls nothing */
  bool merge_outline_sequences; /* merge-outline-sequences: and repeated straight-line sequences */
  int aliases;           /* aliases: 1 yes, 0 no, -1 from the target triple */
  int opt_level;         /* O: LTO optimization level, for linker plugins */
  bool fprange;          /* fprange: run fprange (default on) */
  bool fprange_any_rounding; /* fprange-any-rounding: every rounding mode */
  bool fprange_flush_denormals; /* fprange-flush-denormals: FTZ/DAZ, the
                                   whole program (link_command.h) */
  bool fprange_attributes; /* fprange-attributes: write nofpclass attributes
                              (default on) */
  bool canon;            /* canon: canonicalize the module (default off) */
  bool merge_canon;      /* merge-canon: compare functions in canonical order */
  bool save_temps;       /* save-temps: keep bitcode of each phase (linkers) */
  char *cpu;             /* mcpu: target CPU for code generation, or NULL;
                            "native": this machine's (target_machine.h) */
  char *features;        /* mattr: target features (+avx2,-sse4a), or NULL */
  /* LLVMgold.so's options, gold plugin (docs/plugin.md): */
  char *dwo_dir;          /* dwo_dir: split DWARF, DIR/N.dwo per object */
  char *obj_path;         /* obj-path: keep the objects there */
  bool emit_llvm;         /* emit-llvm: the output is the optimized bitcode */
  bool emit_asm;          /* emit-asm: the output is assembly */
  char *also_emit_llvm;   /* also-emit-llvm: the bitcode there too, or NULL */
  char *sample_profile;   /* sample-profile: LTO's sample profile, or NULL */
  char *cs_profile_path;  /* cs-profile-path: context-sensitive IR profile */
  char *remarks_filename; /* opt-remarks-filename: remarks file, or NULL */
  char *remarks_passes;   /* opt-remarks-passes: pass name pattern, or NULL */
  bool remarks_with_hotness;       /* opt-remarks-with-hotness */
  char *remarks_hotness_threshold; /* opt-remarks-hotness-threshold: N or
                                      auto, or NULL */
  char *remarks_format; /* opt-remarks-format: yaml or bitstream, or NULL */
  bool disable_verify;  /* disable-verify: no verifier in LLVM's LTO */
  /* -plugin-opt=-X: LLVM's own command-line options, in order (owned),
   * for LLVM's option parser (gold plugin). */
  char **llvm_options;
  size_t llvm_option_count;
  unsigned jobs;         /* jobs: code generation threads; 0: the cores */
  unsigned partitions;   /* lto-partitions: objects the gold plugin makes;
                            0: from the program's size */
  char *cache_dir;       /* cache-dir: the gold plugin's cache, or NULL */
  char *cache_policy;    /* cache-policy: its pruning policy, or NULL */
  bool thinlto_index_only; /* thinlto-index-only: the thin link only */
  char *thinlto_linked_objects; /* thinlto-index-only=FILE, or NULL */
  bool thinlto_emit_imports; /* thinlto-emit-imports-files */
  char *thinlto_prefix_replace; /* thinlto-prefix-replace=OLD;NEW, or NULL */
  /* Every option set, "KEY=VALUE\n" in the order set (KEY alone for no
   * value): what a cache key hashes, so that an option added later is in
   * the key without anyone remembering to put it there. */
  char *settings;
  size_t settings_length;
} ltofold_options;

extern const ltofold_option_info ltofold_option_table[];
extern const size_t ltofold_option_count;

void ltofold_options_init(ltofold_options *options);
void ltofold_options_free(ltofold_options *options);

/* Sets KEY to VALUE (NULL when none was given). Returns 0, or -1 with a
 * malloc'd message in *error naming the option and what is wrong. */
int ltofold_options_set(ltofold_options *options, const char *key,
                        const char *value, char **error);

/* Parses "KEY[=VALUE]"; "O2" is read as "O=2", as linkers pass it. */
int ltofold_options_parse_pair(ltofold_options *options, const char *pair,
                               char **error);

/* Parses a list of KEY[=VALUE] separated by commas or spaces (the
 * LTOFOLD_OPTIONS environment variable). */
int ltofold_options_parse_list(ltofold_options *options, const char *list,
                               char **error);

/* Applies the LTOFOLD_OPTIONS environment variable, if set: every front end
 * reads it first, so its own options (command line, -plugin-opt, -mllvm)
 * override it. Returns 0, or -1 with a malloc'd message in *error. */
int ltofold_options_from_environment(ltofold_options *options, char **error);

const ltofold_option_info *ltofold_option_find(const char *key, size_t length);
/* The option nearest to an unknown key by edit distance, when one is near
 * enough to be the one meant (a typo), else NULL. */
const ltofold_option_info *ltofold_option_nearest(const char *key,
                                                  size_t length);
/* "unknown option 'PREFIXKEY' (did you mean 'PREFIXNEAR'? see HINT)", the
 * question only when a key is near (malloc'd). PREFIX: "--" for the
 * command, "" elsewhere. */
char *ltofold_option_unknown(const char *prefix, const char *key, size_t length,
                             const char *hint);
/* Adds an option for LLVM's own parser ("-time-passes", from
 * -plugin-opt=-time-passes); recorded in `settings` like any other. */
void ltofold_options_add_llvm(ltofold_options *options, const char *option);
/* Whether a command line gives the option its value as the next argument
 * (--report FILE), not only as --KEY=VALUE. */
bool ltofold_option_takes_next(const ltofold_option_info *info);

#endif
