/* The text files of merging from summaries (thin_records.c): a module's
 * summary, the plan, a home's folds (docs/plugin.md, "Merging from
 * summaries", has the formats). One record a line, its fields split by
 * single spaces; a name is a field of its own, percent-encoded (every byte
 * that is a space or control, '%', or not ASCII, as %XX), so any symbol
 * name fits. Files are written whole (output_file.h) and read whole. */
#ifndef LTOFOLD_THIN_RECORDS_H
#define LTOFOLD_THIN_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

/* A growing text. */
typedef struct text_buffer {
  char *data; /* owned, NUL-terminated */
  size_t length, capacity;
} text_buffer;

void text_append(text_buffer *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends " " and `name`'s `length` bytes, encoded. */
void text_append_name(text_buffer *text, const char *name, size_t length);
void text_free(text_buffer *text);

/* The name a field encodes (malloc'd), or NULL when the field is malformed. */
char *record_decode_name(const char *field);

/* Splits `line` in place at spaces into at most `max` fields; returns how
 * many. */
size_t record_fields(char *line, char **fields, size_t max);

/* The lines of a file read whole: each call gives the next line (the
 * newline replaced by a NUL), or NULL at the end. */
typedef struct record_file {
  char *data; /* owned */
  char *next;
  char *path; /* owned: for messages */
  unsigned line;
} record_file;

/* Reads `path` and checks its first line is `magic`. NULL, or the error. */
char *record_file_open(record_file *file, const char *path, const char *magic);
char *record_file_next(record_file *file);
/* "PATH:LINE: malformed record" */
char *record_file_error(const record_file *file);
void record_file_close(record_file *file);

#endif
