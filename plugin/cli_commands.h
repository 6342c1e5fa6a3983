/* The `ltofold` subcommands that are not a phase on one module. Each takes
 * its own argv (argv[0] is the subcommand's name) and returns the exit
 * status. */
#ifndef LTOFOLD_CLI_COMMANDS_H
#define LTOFOLD_CLI_COMMANDS_H

/* ltofold diff A B: canonicalize both, show a unified diff; 0 equal,
 * 1 different, 2 error. */
int ltofold_cli_diff(int argc, char **argv);

/* ltofold report diff|trend|html|binary|combine ...: the JSON reports
 * compared, charted, measured from a linked program or combined
 * (cli_report*.c); 1 when a budget is exceeded, 2 on an error. */
int ltofold_cli_report(int argc, char **argv);

/* ltofold thin-backend [OPTIONS] -- COMPILER ARGS...: a distributed ThinLTO
 * backend compile with ltofold in it (cli_thin.c); the compiler's exit
 * status, or 1. */
int ltofold_cli_thin_backend(int argc, char **argv);

/* ltofold thin-merge [OPTIONS] --parts N -o PREFIX MODULE.bc...: the
 * backends' optimized modules linked, merged across, and cut into N parts
 * for their code generation (cli_thin.c); 0, or 1. */
int ltofold_cli_thin_merge(int argc, char **argv);

#endif
