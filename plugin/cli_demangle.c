/* `ltofold demangle [--full] [SYMBOL...]`: the names ltofold's reports
 * hold, made readable the way `ltofold report diff` prints them, for
 * scripts that read reports themselves (scripts/demo.sh).
 *
 * The symbols come from the arguments, or one per line from standard
 * input when there are none, and are printed one per line in the same
 * order. They are made readable as one set (demangle.h): each takes its
 * shortest form that no other symbol of the set shares, so overloads keep
 * their parameter lists and the set reads unambiguously; ltofold's own
 * suffixes read as markers (`(merged body)`). With --full every symbol
 * gets its whole demangled form, as c++filt prints it but for those
 * markers. Exit status 0, or 2 on a usage error or output that could not
 * be written. */
#include "cli_commands.h"

#include "demangle.h"
#include "output_file.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_usage(FILE *out) {
  fprintf(out,
          "usage: ltofold demangle [--full] [SYMBOL...]\n\n"
          "Prints each SYMBOL (or each line of standard input when none is\n"
          "given) as a readable name, one per line, as ltofold report diff\n"
          "prints them: C++ names demangled without return type and\n"
          "parameters, unless two symbols would read alike (overloads keep\n"
          "their parameter lists); the bodies merge makes marked, as\n"
          "NAME.ltofold.similar: 'NAME (merged body)'.\n\n"
          "options:\n"
          "  --full    every name whole, with return type and parameters\n");
}

/* The symbols to print: the arguments, or standard input's lines. */
typedef struct symbol_list {
  char **symbols; /* owned, each owned */
  size_t count, capacity;
} symbol_list;

static void push_symbol(symbol_list *list, const char *symbol) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 64;
    list->symbols =
        realloc(list->symbols, list->capacity * sizeof *list->symbols);
    if (!list->symbols)
      abort();
  }
  char *copy = strdup(symbol);
  if (!copy)
    abort();
  list->symbols[list->count++] = copy;
}

static void read_symbols(FILE *in, symbol_list *list) {
  char *line = NULL;
  size_t size = 0;
  ssize_t length;
  while ((length = getline(&line, &size, in)) >= 0) {
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r'))
      line[--length] = '\0';
    push_symbol(list, line);
  }
  free(line);
}

static void print_names(FILE *out, const symbol_list *list, bool full) {
  if (full) {
    for (size_t i = 0; i < list->count; ++i) {
      char *whole = ltofold_demangle(list->symbols[i]);
      fprintf(out, "%s\n", whole ? whole : list->symbols[i]);
      free(whole);
    }
    return;
  }
  ltofold_symbol_names *names = ltofold_symbol_names_new();
  for (size_t i = 0; i < list->count; ++i)
    ltofold_symbol_names_add(names, list->symbols[i]);
  for (size_t i = 0; i < list->count; ++i)
    fprintf(out, "%s\n", ltofold_symbol_names_get(names, list->symbols[i]));
  ltofold_symbol_names_free(names);
}

int ltofold_cli_demangle(int argc, char **argv) {
  bool full = false, from_arguments = false;
  symbol_list list = {NULL, 0, 0};
  int status = 0;
  for (int i = 1; i < argc && !status; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      print_usage(stdout);
      status = -1;
    } else if (!strcmp(arg, "--full")) {
      full = true;
    } else if (!strcmp(arg, "--")) {
      for (++i; i < argc; ++i)
        push_symbol(&list, argv[i]);
      from_arguments = true;
    } else if (arg[0] == '-') {
      fprintf(stderr,
              "ltofold: error: unknown option '%s' (see ltofold demangle "
              "--help)\n",
              arg);
      status = LTOFOLD_EXIT_ERROR;
    } else {
      push_symbol(&list, arg);
      from_arguments = true;
    }
  }
  if (!status) {
    if (!from_arguments)
      read_symbols(stdin, &list);
    print_names(stdout, &list, full);
  }
  for (size_t i = 0; i < list.count; ++i)
    free(list.symbols[i]);
  free(list.symbols);
  if (status > 0)
    return status;
  int unwritten = ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
  return unwritten ? unwritten : LTOFOLD_EXIT_OK;
}
