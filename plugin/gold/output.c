/* The generated object handed back to the linker (add_input_file) as a
 * temporary file, removed once the linker has it; and the report, with
 * the object's symbol sizes for the bytes each fold saved. */
#include "gold.h"
#include "messages.h"
#include "object_symbols.h"
#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Each symbol of the objects with its size, for bytes saved, and their
 * code and loadable sizes (object_symbols.c, the reader `ltofold report
 * binary` uses too). A local made global for partitions is named as the
 * module named it again, as the report does. */
void measure_objects(LLVMMemoryBufferRef *objects, unsigned object_count,
                     ltofold_report *report) {
  ltofold_symbol_list symbols = {0};
  ltofold_file_sizes sizes = {.loadable_known = true, .symbols_known = true};
  uint64_t object_bytes = 0;
  for (unsigned i = 0; i < object_count; ++i) {
    char *error = NULL;
    if (ltofold_read_symbols(objects[i], the_plugin.context,
                             partition_local_suffix, &symbols, &sizes,
                             &error)) {
      say(LDPL_WARNING, "report: cannot read the generated object: %s", error);
      free(error);
    }
    object_bytes += LLVMGetBufferSize(objects[i]);
  }
  ltofold_report_add_symbol_sizes(report, symbols.symbols, symbols.count,
                                  LTOFOLD_MEASURED_GENERATED_OBJECT);
  ltofold_report_set_object(report, object_bytes, &sizes,
                            LTOFOLD_MEASURED_GENERATED_OBJECT, NULL);
  ltofold_symbol_list_free(&symbols);
}

/* Writes object `index` of `count` where the linker can read it. With
 * obj-path=FILE it is kept as FILE (FILE1, FILE2... for the other
 * partitions, as LLVMgold.so numbers its tasks' objects). With
 * save-temps it is kept next to the output (OUTPUT.ltofold.o, or
 * OUTPUT.ltofold.partI.o for partitions). Otherwise it is a temporary file
 * in TMPDIR named after the output (ltofold-OUTPUT-XXXXXX.o), so that what
 * the linker says about the object (an undefined reference, say) names a
 * file a user can place; an anonymous in-memory file would show as
 * /proc/self/fd/N. release_objects removes it. Returns the path (owned),
 * or NULL after saying why. */
static char *write_object(LLVMMemoryBufferRef object, unsigned index,
                          unsigned count) {
  const char *data = LLVMGetBufferStart(object);
  size_t size = LLVMGetBufferSize(object);
  char *error = NULL;
  if (the_plugin.options.obj_path) {
    char *path =
        index ? ltofold_format("%s%u", the_plugin.options.obj_path, index)
              : ltofold_format("%s", the_plugin.options.obj_path);
    if (ltofold_write_file(path, data, size, &error) == 0)
      return path;
    say(LDPL_ERROR, "obj-path: %s", error);
    free(error);
    free(path);
    return NULL;
  }
  if (the_plugin.options.save_temps) {
    char *path = count == 1 ? ltofold_format("%s.ltofold.o", the_plugin.output_name)
                            : ltofold_format("%s.ltofold.part%u.o",
                                             the_plugin.output_name, index);
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
  append_string(&the_plugin.object_paths, &the_plugin.object_path_count, path);
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

/* Removes the temporary objects once the linker no longer needs their
 * names: at cleanup (gold and ld.bfd open them after all_symbols_read, and
 * call cleanup however the link ends), or as soon as the linker has one
 * mapped (mold maps it in add_input_file, and exits without cleanup when a
 * link fails). `now`: whatever the linker did. */
void release_objects(bool now) {
  for (size_t i = 0; i < the_plugin.object_path_count; ++i) {
    char *path = the_plugin.object_paths[i];
    if (!path || (!now && !is_mapped(path)))
      continue;
    unlink(path);
    free(path);
    the_plugin.object_paths[i] = NULL;
  }
}

/* The report, written before the objects go to the linker: a report that
 * cannot be written fails the link, like any other file ltofold was asked
 * for. Returns false after saying why. */
bool write_report(ltofold_report *report) {
  char *error = NULL;
  if (ltofold_report_write(report, the_plugin.options.report_path, &error)) {
    say(LDPL_ERROR, "report: %s", error);
    free(error);
    return false;
  }
  return true;
}

enum ld_plugin_status hand_back_objects(LLVMMemoryBufferRef *objects,
                                        unsigned count, ltofold_report *report) {
  if (report && the_plugin.options.report_path && !write_report(report))
    return LDPS_ERR;
  enum ld_plugin_status status = LDPS_OK;
  char *refused = NULL;
  for (unsigned i = 0; i < count && status == LDPS_OK; ++i) {
    char *path = write_object(objects[i], i, count);
    if (!path)
      status = LDPS_ERR;
    else if (the_plugin.add_input_file(path) != LDPS_OK)
      status = LDPS_ERR, refused = path, path = NULL;
    free(path);
  }
  /* Before saying anything: mold exits on an error message. */
  release_objects(status != LDPS_OK);
  if (refused)
    say(LDPL_ERROR, "the linker did not take the object %s", refused);
  free(refused);
  return status;
}
