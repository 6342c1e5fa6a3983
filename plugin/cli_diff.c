/* Placeholder until canon lands. */
#include "cli_commands.h"

#include <stdio.h>

int ltofold_cli_diff(int argc, char **argv) {
  fprintf(stderr, "ltofold: error: 'diff' is not available in this build yet\n");
  return 2;
}
