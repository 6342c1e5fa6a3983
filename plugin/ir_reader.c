#include "ir_reader.h"

#include "messages.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <llvm/Config/llvm-config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ltofold_looks_like_bitcode(const char *data, size_t size) {
  static const unsigned char raw[] = {'B', 'C', 0xC0, 0xDE};
  static const unsigned char wrapper[] = {0xDE, 0xC0, 0x17, 0x0B};
  return size >= 4 && (!memcmp(data, raw, 4) || !memcmp(data, wrapper, 4));
}

/* A remark LLVM's options asked for (-pass-remarks=, through the gold
 * plugin's -plugin-opt=-pass-remarks=), printed as LLVM's own handler
 * prints them. */
static void print_remark(LLVMDiagnosticInfoRef info) {
  char *description = LLVMGetDiagInfoDescription(info);
  fprintf(stderr, "remark: %s\n", description);
  LLVMDisposeMessage(description);
}

static void capture_diagnostic(LLVMDiagnosticInfoRef info, void *data) {
  ltofold_diagnostics *d = data;
  if (LLVMGetDiagInfoSeverity(info) == LLVMDSRemark &&
      ltofold_remark_enabled(info))
    print_remark(info);
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || d->first_error)
    return;
  char *description = LLVMGetDiagInfoDescription(info);
  d->first_error = strdup(description);
  LLVMDisposeMessage(description);
}

void ltofold_diagnostics_begin(ltofold_diagnostics *d, LLVMContextRef context) {
  d->context = context;
  d->previous = LLVMContextGetDiagnosticHandler(context);
  d->previous_data = LLVMContextGetDiagnosticContext(context);
  d->first_error = NULL;
  LLVMContextSetDiagnosticHandler(context, capture_diagnostic, d);
}

char *ltofold_diagnostics_end(ltofold_diagnostics *d) {
  LLVMContextSetDiagnosticHandler(d->context, d->previous, d->previous_data);
  char *error = d->first_error;
  d->first_error = NULL;
  return error;
}

/* Whether a read error comes from a module written by another LLVM: the
 * reader says "Incompatible epoch", or names a producer other than itself.
 * (It appends "(Producer: 'LLVM22.1.8' Reader: 'LLVM 22.1.8')" to every
 * error, so the words alone prove nothing.) */
static bool is_version_mismatch(const char *text) {
  if (strstr(text, "Incompatible epoch"))
    return true;
  const char *producer = strstr(text, "Producer: '");
  if (!producer)
    return false;
  producer += strlen("Producer: '");
  static const char own[] = "LLVM" LLVM_VERSION_STRING "'";
  return strncmp(producer, own, strlen(own)) != 0;
}

LLVMModuleRef ltofold_parse_bitcode(LLVMContextRef context, const char *data,
                                    size_t size, const char *name, bool lazy,
                                    char **error) {
  LLVMMemoryBufferRef buffer =
      LLVMCreateMemoryBufferWithMemoryRange(data, size, name, 0);
  ltofold_diagnostics diagnostics;
  ltofold_diagnostics_begin(&diagnostics, context);
  LLVMModuleRef module = NULL;
  bool failed = lazy ? LLVMGetBitcodeModuleInContext2(context, buffer, &module)
                     : LLVMParseBitcodeInContext2(context, buffer, &module);
  char *diagnostic = ltofold_diagnostics_end(&diagnostics);
  /* A lazy module owns its buffer (which does not own the bytes). */
  if (!lazy || failed)
    LLVMDisposeMemoryBuffer(buffer);
  if (failed) {
    const char *text = diagnostic ? diagnostic : "unreadable";
    *error = ltofold_format(
        "%s: %s: %s", name,
        is_version_mismatch(text)
            ? "bitcode from another LLVM version (ltofold reads LLVM "
              LLVM_VERSION_STRING " bitcode)"
            : "invalid or truncated bitcode",
        text);
    module = NULL;
  }
  free(diagnostic);
  return module;
}

const char *ltofold_input_name(const char *path) {
  return strcmp(path, "-") ? path : "<stdin>";
}

/* The whole file at `path`, or standard input for "-". NULL with *error. */
static LLVMMemoryBufferRef read_input(const char *path, char **error) {
  LLVMMemoryBufferRef buffer = NULL;
  char *message = NULL;
  bool failed =
      strcmp(path, "-")
          ? LLVMCreateMemoryBufferWithContentsOfFile(path, &buffer, &message)
          : LLVMCreateMemoryBufferWithSTDIN(&buffer, &message);
  if (failed) {
    *error = ltofold_format("%s: cannot read: %s", ltofold_input_name(path),
                            message);
    LLVMDisposeMessage(message);
    return NULL;
  }
  /* The text parser would take nothing for an empty module: a file that
   * should have held one and holds nothing is more likely a failed build
   * step. */
  if (LLVMGetBufferSize(buffer) == 0) {
    *error = ltofold_format("%s: empty file (not bitcode, not IR)",
                            ltofold_input_name(path));
    LLVMDisposeMemoryBuffer(buffer);
    return NULL;
  }
  return buffer;
}

LLVMModuleRef ltofold_read_module(LLVMContextRef context, const char *path,
                                  char **error) {
  LLVMMemoryBufferRef buffer = read_input(path, error);
  if (!buffer)
    return NULL;
  const char *name = ltofold_input_name(path);
  const char *data = LLVMGetBufferStart(buffer);
  size_t size = LLVMGetBufferSize(buffer);
  if (ltofold_looks_like_bitcode(data, size)) {
    LLVMModuleRef module =
        ltofold_parse_bitcode(context, data, size, name, false, error);
    LLVMDisposeMemoryBuffer(buffer);
    return module;
  }
  /* LLVMParseIRInContext takes ownership of the buffer. */
  LLVMModuleRef module = NULL;
  char *message = NULL;
  if (LLVMParseIRInContext(context, buffer, &module, &message)) {
    /* The parser's message starts with the buffer name; keep one line. */
    char *newline = strchr(message, '\n');
    if (newline)
      *newline = '\0';
    *error = ltofold_format("%s: invalid IR: %s", name, message);
    LLVMDisposeMessage(message);
    return NULL;
  }
  return module;
}
