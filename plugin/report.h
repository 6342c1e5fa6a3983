/* The JSON report: what a run folded, for size tracking in release
 * pipelines. Built with cJSON (libcjson); the schema is in docs/report.md.
 * A report is created per run, filled by the phases, written once. */
#ifndef LTOFOLD_REPORT_H
#define LTOFOLD_REPORT_H

#include "ltofold_merge.h"

#include <stdio.h>

typedef struct ltofold_report ltofold_report;

ltofold_report *ltofold_report_new(void);
void ltofold_report_free(ltofold_report *report);
void ltofold_report_add_input(ltofold_report *report, const char *path);
void ltofold_report_add_phase(ltofold_report *report, const char *name,
                              double seconds);
void ltofold_report_add_merge(ltofold_report *report,
                              const ltofold_merge_result *result);
/* Writes the report to `path` through a temporary file and a rename, so a
 * failed write never leaves half a report. Returns 0, or -1 with *error. */
int ltofold_report_write(ltofold_report *report, const char *path,
                         char **error);

/* Human-readable summary of a merge, for --stats. */
void ltofold_print_merge_stats(FILE *out, const ltofold_merge_result *result);

#endif
