/* Small helpers for the messages every front end reports. */
#ifndef LTOFOLD_MESSAGES_H
#define LTOFOLD_MESSAGES_H

/* printf into a new malloc'd string (never NULL: aborts on no memory). */
char *ltofold_format(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

#endif
