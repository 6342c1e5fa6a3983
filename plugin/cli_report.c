/* Placeholder: filled in with the report diff. */
#include "cli_commands.h"

#include <stdio.h>

int ltofold_cli_report(int argc, char **argv) {
  fprintf(stderr, "ltofold: error: 'report' is not available in this build yet\n");
  return 2;
}
