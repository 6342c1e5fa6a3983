/* Module helpers for the unit tests; see support_modules.h. */
#include "support_modules.h"

#include <criterion/criterion.h>
#include <ctype.h>
#include <llvm-c/IRReader.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

LLVMModuleRef test_load_module(LLVMContextRef context, const char *path) {
  LLVMMemoryBufferRef buffer = NULL;
  char *message = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buffer, &message))
    cr_assert_fail("cannot read test module %s: %s", path, message);
  LLVMModuleRef module = NULL;
  /* Takes the buffer; accepts bitcode as well as text. */
  if (LLVMParseIRInContext(context, buffer, &module, &message))
    cr_assert_fail("cannot parse test module %s: %s", path, message);
  return module;
}

LLVMModuleRef test_parse_ir(LLVMContextRef context, const char *label,
                            const char *text) {
  LLVMMemoryBufferRef buffer =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), label);
  LLVMModuleRef module = NULL;
  char *message = NULL;
  if (LLVMParseIRInContext(context, buffer, &module, &message))
    cr_assert_fail("cannot parse %s: %s\n%s", label, message, text);
  return module;
}

LLVMValueRef *test_defined_functions(LLVMModuleRef module, size_t *count) {
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    n += !LLVMIsDeclaration(f);
  LLVMValueRef *functions = calloc(n ? n : 1, sizeof *functions);
  cr_assert_not_null(functions);
  size_t i = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      functions[i++] = f;
  *count = n;
  return functions;
}

const char *test_name(LLVMValueRef value) {
  size_t length = 0;
  const char *name = LLVMGetValueName2(value, &length);
  return length ? name : "<unnamed>";
}

/* ---- Copies of every definition, made on the module's text ----------------
 */

typedef struct text {
  char *data; /* owned, NUL-terminated */
  size_t length, capacity;
} text;

static void text_append(text *t, const char *s, size_t n) {
  if (t->length + n + 1 > t->capacity) {
    t->capacity = (t->length + n + 1) * 2;
    t->data = realloc(t->data, t->capacity);
    cr_assert_not_null(t->data);
  }
  memcpy(t->data + t->length, s, n);
  t->length += n;
  t->data[t->length] = '\0';
}

static bool is_identifier_char(char c) {
  return isalnum((unsigned char)c) || c == '$' || c == '.' || c == '_' ||
         c == '-';
}

/* Length of the global name token starting at `at` ('@'): @name or
 * @"quoted name"; 0 for a numbered global (@0), which has no copy. */
static size_t name_token_length(const char *at) {
  if (at[1] == '"') {
    const char *close = strchr(at + 2, '"');
    cr_assert_not_null(close, "unterminated quoted name in %.60s", at);
    return (size_t)(close + 1 - at);
  }
  if (isdigit((unsigned char)at[1]))
    return 0;
  size_t n = 1;
  while (is_identifier_char(at[n]))
    ++n;
  return n;
}

/* Appends `function` (the text of one definition, `length` bytes) with every
 * whole occurrence of `token` replaced by `copy_token`, and its header
 * freed from any comdat. */
static void append_copy(text *out, const char *function, size_t length,
                        const char *token, size_t token_length,
                        const char *copy_token) {
  const char *header_end = memchr(function, '\n', length);
  cr_assert_not_null(header_end);
  bool quoted = token[1] == '"';
  const char *p = function, *end = function + length;
  while (p < end) {
    if (p < header_end && !strncmp(p, " comdat", 7) &&
        (p[7] == ' ' || p[7] == '(' || p[7] == '\n')) {
      p += 7;
      if (*p == '(')
        p = strchr(p, ')') + 1;
      continue;
    }
    if ((size_t)(end - p) >= token_length && !memcmp(p, token, token_length) &&
        (quoted || !is_identifier_char(p[token_length]))) {
      text_append(out, copy_token, strlen(copy_token));
      p += token_length;
      continue;
    }
    text_append(out, p, 1);
    ++p;
  }
}

LLVMModuleRef test_module_with_copies(LLVMContextRef context,
                                      LLVMModuleRef module) {
  char *original = LLVMPrintModuleToString(module);
  text copies = {0};
  text_append(&copies, "", 0);
  for (const char *line = original; *line;) {
    const char *next = strchr(line, '\n');
    next = next ? next + 1 : line + strlen(line);
    if (strncmp(line, "define ", 7) != 0) {
      line = next;
      continue;
    }
    /* A definition runs from its header to the line "}". */
    const char *close = strstr(line, "\n}\n");
    cr_assert_not_null(close, "definition without an end: %.80s", line);
    size_t length = (size_t)(close + 3 - line);
    const char *at = memchr(line, '@', (size_t)(next - line));
    cr_assert_not_null(at, "definition without a name: %.80s", line);
    size_t token_length = name_token_length(at);
    if (token_length) {
      char token[4096], copy_token[4200];
      cr_assert_lt(token_length, sizeof token);
      memcpy(token, at, token_length);
      token[token_length] = '\0';
      if (token[1] == '"')
        snprintf(copy_token, sizeof copy_token, "%.*s.copy\"",
                 (int)(token_length - 1), token);
      else
        snprintf(copy_token, sizeof copy_token, "%s.copy", token);
      text_append(&copies, "\n", 1);
      append_copy(&copies, line, length, token, token_length, copy_token);
    }
    line = close + 3;
  }
  text whole = {0};
  text_append(&whole, original, strlen(original));
  text_append(&whole, copies.data, copies.length);
  LLVMDisposeMessage(original);
  free(copies.data);
  LLVMModuleRef result =
      test_parse_ir(context, "module with copies", whole.data);
  free(whole.data);
  return result;
}
