/* Small helpers for the messages every front end reports. */
#ifndef LTOFOLD_MESSAGES_H
#define LTOFOLD_MESSAGES_H

#ifdef __cplusplus
extern "C" {
#endif

/* printf into a new malloc'd string (never NULL: aborts on no memory). */
char *ltofold_format(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* The noun for `count` things: `singular` for one (or minus one), else
 * `plural` ("1 function", "0 functions", "2 functions"). */
const char *ltofold_plural(double count, const char *singular,
                           const char *plural);

#ifdef __cplusplus
}

#include <string>

/* For the C++ shims: a message as a malloc'd C string. */
inline char *ltofold_copy_message(const std::string &text) {
  return ltofold_format("%s", text.c_str());
}
#endif

#endif
