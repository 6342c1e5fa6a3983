/* The `ltofold` subcommands that are not a phase on one module. Each takes
 * its own argv (argv[0] is the subcommand's name) and returns the exit
 * status. */
#ifndef LTOFOLD_CLI_COMMANDS_H
#define LTOFOLD_CLI_COMMANDS_H

/* The exit status, one rule for every command (diff(1)'s and cmp(1)'s):
 * 0 done, and for a comparison nothing differs and every budget holds;
 * 1 a comparison found a difference (diff) or a budget is exceeded
 * (report diff); 2 an error: a bad command line, an input that cannot be
 * read, an output that cannot be written, a phase that failed. A pipeline
 * tells "changed" from "broken" by 1 and 2. thin-backend, a wrapper around
 * the compiler, passes on the compiler's own status when it fails. */
enum {
  LTOFOLD_EXIT_OK = 0,
  LTOFOLD_EXIT_DIFFERENT = 1,
  LTOFOLD_EXIT_ERROR = 2,
};

/* ltofold diff A B: canonicalize both, show a unified diff; 0 equal,
 * 1 different, 2 error. */
int ltofold_cli_diff(int argc, char **argv);

/* ltofold report diff|trend|html|binary|combine ...: the JSON reports
 * compared, charted, measured from a linked program or combined
 * (cli_report*.c); 1 when a budget is exceeded, 2 on an error. */
int ltofold_cli_report(int argc, char **argv);

/* ltofold demangle [--full] [SYMBOL...]: readable names, as report diff
 * prints them (cli_demangle.c); 0, or 2. */
int ltofold_cli_demangle(int argc, char **argv);

/* ltofold thin-backend [OPTIONS] -- COMPILER ARGS...: a distributed ThinLTO
 * backend compile with ltofold in it (cli_thin.c); the compiler's exit
 * status when the compiler fails, or LTOFOLD_EXIT_ERROR. */
int ltofold_cli_thin_backend(int argc, char **argv);

/* ltofold thin-merge [OPTIONS] --parts N -o PREFIX MODULE.bc...: the
 * backends' optimized modules linked, merged across, and cut into N parts
 * for their code generation (cli_thin.c); 0, or LTOFOLD_EXIT_ERROR. */
int ltofold_cli_thin_merge(int argc, char **argv);

/* Merging across a distributed ThinLTO link from summaries, one command a
 * step (cli_thin_plan.c: thin-summary, thin-plan; cli_thin_fold.c:
 * thin-fold, thin-apply); 0, or LTOFOLD_EXIT_ERROR. */
int ltofold_cli_thin_summary(int argc, char **argv);
int ltofold_cli_thin_plan(int argc, char **argv);
int ltofold_cli_thin_fold(int argc, char **argv);
int ltofold_cli_thin_apply(int argc, char **argv);

/* ltofold size-model IN: merge's size model's prediction for each
 * definition (cli_size_model.c), for the test that checks it against llc;
 * 0, or LTOFOLD_EXIT_ERROR. Not in the help. */
int ltofold_cli_size_model(int argc, char **argv);

#endif
