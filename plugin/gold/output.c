/* The generated object handed back to the linker (add_input_file) as a
 * temporary file, removed once the linker has it; and the report, with
 * the object's symbol sizes for the bytes each fold saved. */
#include "gold.h"
#include "messages.h"
#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/Object.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Each symbol of the object with its size, for bytes saved, and the
 * object's code size. */
static void measure_symbols(LLVMMemoryBufferRef object, ltofold_report *report) {
  char *message = NULL;
  LLVMBinaryRef binary = LLVMCreateBinary(object, the_plugin.context, &message);
  if (!binary) {
    say(LDPL_WARNING, "report: cannot read the generated object: %s", message);
    LLVMDisposeMessage(message);
    return;
  }
  ltofold_symbol_size *symbols = NULL;
  size_t count = 0, capacity = 0;
  LLVMSymbolIteratorRef it = LLVMObjectFileCopySymbolIterator(binary);
  for (; !LLVMObjectFileIsSymbolIteratorAtEnd(binary, it); LLVMMoveToNextSymbol(it)) {
    if (count == capacity) {
      capacity = capacity ? 2 * capacity : 64;
      symbols = realloc(symbols, capacity * sizeof *symbols);
      if (!symbols)
        abort();
    }
    /* Names point into the binary, which outlives the call below. */
    symbols[count++] =
        (ltofold_symbol_size){LLVMGetSymbolName(it), LLVMGetSymbolSize(it)};
  }
  LLVMDisposeSymbolIterator(it);
  ltofold_report_add_symbol_sizes(report, symbols, count);
  uint64_t text_bytes = 0;
  LLVMSectionIteratorRef section = LLVMObjectFileCopySectionIterator(binary);
  for (; !LLVMObjectFileIsSectionIteratorAtEnd(binary, section);
       LLVMMoveToNextSection(section)) {
    const char *name = LLVMGetSectionName(section);
    if (name && (!strcmp(name, ".text") || !strncmp(name, ".text.", 6)))
      text_bytes += LLVMGetSectionSize(section);
  }
  LLVMDisposeSectionIterator(section);
  ltofold_report_set_object(report, LLVMGetBufferSize(object), text_bytes);
  free(symbols);
  LLVMDisposeBinary(binary);
}

/* Writes the object where the linker can read it. With save-temps it is
 * kept next to the output (OUTPUT.ltofold.o). Otherwise it is a temporary
 * file in TMPDIR named after the output (ltofold-OUTPUT-XXXXXX.o), so that
 * what the linker says about the object (an undefined reference, say)
 * names a file a user can place; an anonymous in-memory file would show as
 * /proc/self/fd/N. release_object removes it. Returns the path (owned), or
 * NULL after saying why. */
static char *write_object(LLVMMemoryBufferRef object) {
  const char *data = LLVMGetBufferStart(object);
  size_t size = LLVMGetBufferSize(object);
  char *error = NULL;
  if (the_plugin.options.save_temps) {
    char *path = ltofold_format("%s.ltofold.o", the_plugin.output_name);
    if (ltofold_write_file(path, data, size, &error) == 0)
      return path;
    say(LDPL_ERROR, "save-temps: %s", error);
    free(error);
    free(path);
    return NULL;
  }
  const char *directory = getenv("TMPDIR");
  const char *output = strrchr(the_plugin.output_name, '/');
  char *path = ltofold_format("%s/ltofold-%s-XXXXXX.o",
                              directory && *directory ? directory : "/tmp",
                              output ? output + 1 : the_plugin.output_name);
  int fd = mkostemps(path, 2, O_CLOEXEC);
  if (fd < 0 || ltofold_write_fully(fd, data, size) != 0 || close(fd) != 0) {
    int cause = errno;
    if (fd >= 0)
      unlink(path); /* before saying why: mold exits on an error message */
    say(LDPL_ERROR, "cannot write the object file %s: %s", path,
        strerror(cause));
    free(path);
    return NULL;
  }
  the_plugin.object_path = copy_string(path);
  return path;
}

/* Whether the linker has mapped the file at `path` into memory already
 * (mold does in add_input_file), from /proc/self/maps. */
static bool is_mapped(const char *path) {
  FILE *maps = fopen("/proc/self/maps", "re");
  if (!maps)
    return false;
  bool found = false;
  size_t length = strlen(path);
  char *line = NULL;
  size_t capacity = 0;
  ssize_t got;
  while (!found && (got = getline(&line, &capacity, maps)) > 0) {
    size_t end = line[got - 1] == '\n' ? (size_t)got - 1 : (size_t)got;
    found = end > length && line[end - length - 1] == ' ' &&
            !memcmp(line + end - length, path, length);
  }
  free(line);
  fclose(maps);
  return found;
}

/* Removes the temporary object once the linker no longer needs its name:
 * at cleanup (gold and ld.bfd open it after all_symbols_read, and call
 * cleanup however the link ends), or as soon as the linker has it mapped
 * (mold maps it in add_input_file, and exits without cleanup when a link
 * fails). `now`: whatever the linker did. */
void release_object(bool now) {
  if (!the_plugin.object_path || (!now && !is_mapped(the_plugin.object_path)))
    return;
  unlink(the_plugin.object_path);
  free(the_plugin.object_path);
  the_plugin.object_path = NULL;
}

/* The report, with the object's sizes, written before the object goes to
 * the linker: a report that cannot be written fails the link, like any
 * other file ltofold was asked for. Returns false after saying why. */
static bool write_report(LLVMMemoryBufferRef object, ltofold_report *report) {
  measure_symbols(object, report);
  char *error = NULL;
  if (ltofold_report_write(report, the_plugin.options.report_path, &error)) {
    say(LDPL_ERROR, "report: %s", error);
    free(error);
    return false;
  }
  return true;
}

/* Generates the object, writes the report and gives the object to the
 * linker. */
enum ld_plugin_status emit_object(LLVMModuleRef module,
                                         LLVMTargetMachineRef machine,
                                         ltofold_report *report) {
  use_init_array(module, "llvm.global_ctors", ".init_array");
  use_init_array(module, "llvm.global_dtors", ".fini_array");
  char *message = NULL;
  LLVMMemoryBufferRef object = NULL;
  bool failed = LLVMTargetMachineEmitToMemoryBuffer(machine, module,
                                                    LLVMObjectFile, &message,
                                                    &object);
  const char *reported = the_plugin.diagnostics.first_error;
  if (failed || reported) {
    say(LDPL_ERROR, "code generation failed: %s", failed ? message : reported);
    LLVMDisposeMessage(message);
    if (object)
      LLVMDisposeMemoryBuffer(object);
    return LDPS_ERR;
  }
  if (report && !write_report(object, report)) {
    LLVMDisposeMemoryBuffer(object);
    return LDPS_ERR;
  }
  enum ld_plugin_status status = LDPS_ERR;
  char *path = write_object(object);
  if (path && the_plugin.add_input_file(path) == LDPS_OK)
    status = LDPS_OK;
  /* Before saying anything: mold exits on an error message. */
  release_object(status != LDPS_OK);
  if (path && status != LDPS_OK)
    say(LDPL_ERROR, "the linker did not take the object %s", path);
  LLVMDisposeMemoryBuffer(object);
  free(path);
  return status;
}
