/* `ltofold report binary REPORT.json --binary PROGRAM -o OUT.json`: the
 * bytes each fold saved, measured from the program the report's link
 * wrote.
 *
 * lld runs ltofold before code generation (the pass plugin), as do opt and
 * `ltofold merge`: their reports know what was folded but not what it
 * weighed (bytes_saved null, "not-measured"). The linked program's symbol
 * table has every function's size, so the report is measured after the
 * link by the rule the gold plugin applies to the object it generates
 * (report.c, ltofold_report_add_symbol_sizes; docs/report.md, "Bytes
 * saved"), with the two differences a linked program makes: a function
 * without a symbol may have been stripped, so its bytes are null with a
 * reason rather than counted as gone; and addresses are the program's, so
 * each kept body gets its address (kept_address), which with the group's
 * folded symbols maps a profiler's address back to every function folded
 * there. `object` then describes the program: its bytes, its code
 * sections' (.text) and its loadable bytes, "measured": "linked-binary".
 *
 * Only the program the report's link wrote is measured: one linked
 * without ltofold (or with another report's link) would credit folds that
 * never happened. The report's build ID (build.build_id: the linkers
 * plugins record the output's) must be the program's; and, with or without
 * one, functions the report folded away must not be in the program with
 * bodies of their own (ltofold_report_check_binary). */
#include "cli_report.h"

#include "messages.h"
#include "object_symbols.h"
#include "report.h"

#include <cjson/cJSON.h>
#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

/* Whether the program's build ID is the one the report recorded (a report
 * without one, from `ltofold merge` or a link without --build-id, passes).
 * Returns NULL, or why not (malloc'd). */
static char *check_build_id(const cJSON *root, const char *program) {
  const char *recorded = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
      cJSON_GetObjectItemCaseSensitive(root, "build"), "build_id"));
  if (!recorded)
    return NULL;
  char *actual = ltofold_file_build_id(program);
  char *why = NULL;
  if (!actual)
    why = ltofold_format("has no build ID, and the report's link wrote one "
                         "with build ID %s",
                         recorded);
  else if (strcmp(actual, recorded))
    why = ltofold_format("its build ID is %s, the report's link wrote %s",
                         actual, recorded);
  free(actual);
  return why;
}

/* Measures `report` (taken over) from `program`; writes it to `out`.
 * Returns 0, or 2 after saying why. */
static int measure(cJSON *root, const char *program, const char *out) {
  LLVMMemoryBufferRef file = NULL;
  char *message = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(program, &file, &message)) {
    fprintf(stderr, "ltofold: error: %s: cannot read: %s\n", program, message);
    LLVMDisposeMessage(message);
    cJSON_Delete(root);
    return 2;
  }
  /* A context only so that an IR file is recognized, and refused, as one. */
  LLVMContextRef context = LLVMContextCreate();
  ltofold_symbol_list symbols = {0};
  ltofold_file_sizes sizes = {.loadable_known = true, .symbols_known = true};
  char *error = NULL;
  int status = 0;
  if (ltofold_read_symbols(file, context, NULL, &symbols, &sizes, &error)) {
    fprintf(stderr, "ltofold: error: %s: %s\n", program, error);
    free(error);
    status = 2;
  }
  char *mismatch = status ? NULL : check_build_id(root, program);
  ltofold_report *report = ltofold_report_from_json(root);
  if (!status && !mismatch)
    ltofold_report_check_binary(report, symbols.symbols, symbols.count,
                                &mismatch);
  if (mismatch) {
    fprintf(stderr,
            "ltofold: error: %s: not the program this report's link wrote: "
            "%s\n",
            program, mismatch);
    free(mismatch);
    status = 2;
  }
  if (!status) {
    if (!sizes.symbols_known)
      fprintf(stderr,
              "ltofold: warning: %s: not ELF, the one format whose symbol "
              "sizes LLVM-C reads: bytes saved are null (\"no-symbol-table\")\n",
              program);
    else if (!symbols.count)
      fprintf(stderr,
              "ltofold: warning: %s: no symbol table (stripped?): bytes saved "
              "are null (\"no-symbol-table\")\n",
              program);
    ltofold_report_add_symbol_sizes(report, symbols.symbols, symbols.count,
                                    LTOFOLD_MEASURED_LINKED_BINARY);
    ltofold_report_set_object(report, LLVMGetBufferSize(file), &sizes,
                              LTOFOLD_MEASURED_LINKED_BINARY, program);
    if (ltofold_report_write(report, out, &error)) {
      fprintf(stderr, "ltofold: error: %s\n", error);
      free(error);
      status = 2;
    }
  }
  ltofold_report_free(report);
  ltofold_symbol_list_free(&symbols);
  LLVMContextDispose(context);
  LLVMDisposeMemoryBuffer(file);
  return status;
}

int ltofold_cli_report_binary(int argc, char **argv) {
  const char *report_path = NULL, *program = NULL, *out = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--binary") && i + 1 < argc) {
      program = argv[++i];
    } else if (!strncmp(arg, "--binary=", 9)) {
      program = arg + 9;
    } else if (!strcmp(arg, "-o") && i + 1 < argc) {
      if (out)
        return ltofold_cli_report_usage_error("%s", "-o given twice");
      out = argv[++i];
    } else if (arg[0] == '-' && arg[1]) {
      return ltofold_cli_report_usage_error("unknown option '%s'", arg);
    } else if (report_path) {
      return ltofold_cli_report_usage_error("more than one report ('%s')", arg);
    } else {
      report_path = arg;
    }
  }
  if (!report_path || !program || !out)
    return ltofold_cli_report_usage_error(
        "%s", "report binary needs a report, --binary PROGRAM and -o OUT.json");
  cJSON *root = ltofold_cli_report_read(report_path);
  if (!root)
    return 2;
  return measure(root, program, out);
}
