/* The records of thin_records.h: writing them into a buffer, reading them
 * back line by line. */
#include "thin_records.h"

#include "messages.h"
#include "output_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(text_buffer *text, size_t more) {
  if (text->length + more + 1 <= text->capacity)
    return;
  while (text->length + more + 1 > text->capacity)
    text->capacity = text->capacity ? 2 * text->capacity : 4096;
  text->data = realloc(text->data, text->capacity);
  if (!text->data)
    abort();
}

void text_append(text_buffer *text, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int length = vsnprintf(NULL, 0, format, args);
  va_end(args);
  if (length < 0)
    abort();
  reserve(text, (size_t)length);
  va_start(args, format);
  vsnprintf(text->data + text->length, (size_t)length + 1, format, args);
  va_end(args);
  text->length += (size_t)length;
}

static bool needs_escape(unsigned char byte) {
  return byte <= ' ' || byte == '%' || byte >= 0x7f;
}

void text_append_name(text_buffer *text, const char *name, size_t length) {
  reserve(text, 1 + 3 * length + 1);
  text->data[text->length++] = ' ';
  if (!length) /* an empty name is one byte of escape: no empty fields */
    text->length += (size_t)sprintf(text->data + text->length, "%%");
  for (size_t i = 0; i < length; ++i) {
    unsigned char byte = (unsigned char)name[i];
    if (needs_escape(byte))
      text->length +=
          (size_t)sprintf(text->data + text->length, "%%%02X", byte);
    else
      text->data[text->length++] = (char)byte;
  }
  text->data[text->length] = 0;
}

void text_free(text_buffer *text) {
  free(text->data);
  *text = (text_buffer){0};
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

char *record_decode_name(const char *field) {
  size_t length = strlen(field);
  char *name = malloc(length + 1);
  if (!name)
    abort();
  if (!strcmp(field, "%")) {
    name[0] = 0;
    return name;
  }
  size_t out = 0;
  for (size_t i = 0; i < length; ++i) {
    if (field[i] != '%') {
      name[out++] = field[i];
      continue;
    }
    int high = i + 2 < length ? hex_digit(field[i + 1]) : -1;
    int low = high >= 0 ? hex_digit(field[i + 2]) : -1;
    if (low < 0) {
      free(name);
      return NULL;
    }
    name[out++] = (char)(high * 16 + low);
    i += 2;
  }
  name[out] = 0;
  return name;
}

size_t record_fields(char *line, char **fields, size_t max) {
  size_t count = 0;
  char *at = line;
  while (count < max && *at) {
    fields[count++] = at;
    char *space = strchr(at, ' ');
    if (!space)
      break;
    *space = 0;
    at = space + 1;
  }
  return count;
}

char *record_file_open(record_file *file, const char *path, const char *magic) {
  *file = (record_file){0};
  size_t size;
  file->data = ltofold_read_file(path, &size);
  if (!file->data)
    return ltofold_format("%s: %s", path, strerror(errno));
  file->next = file->data;
  file->path = strdup(path);
  if (!file->path)
    abort();
  const char *first = record_file_next(file);
  if (!first || strcmp(first, magic)) {
    char *error = ltofold_format("%s: not a file of the kind wanted (its first "
                                 "line is not '%s')",
                                 path, magic);
    record_file_close(file);
    return error;
  }
  return NULL;
}

char *record_file_next(record_file *file) {
  if (!file->next || !*file->next)
    return NULL;
  char *line = file->next;
  char *newline = strchr(line, '\n');
  if (newline) {
    *newline = 0;
    file->next = newline + 1;
  } else {
    file->next = NULL;
  }
  file->line++;
  return line;
}

char *record_file_error(const record_file *file) {
  return ltofold_format("%s:%u: malformed record", file->path, file->line);
}

void record_file_close(record_file *file) {
  free(file->data);
  free(file->path);
  *file = (record_file){0};
}
