#include "messages.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

char *ltofold_format(const char *format, ...) {
  va_list args;
  va_start(args, format);
  char *text = NULL;
  int length = vasprintf(&text, format, args);
  va_end(args);
  if (length < 0)
    abort();
  return text;
}

const char *ltofold_plural(double count, const char *singular,
                           const char *plural) {
  return count == 1 || count == -1 ? singular : plural;
}
