/* cache-dir: a relink of an unchanged program takes its objects from the
 * cache instead of running the pipeline and code generation again.
 *
 * One entry per link, the file DIR/llvmcache-ltofold-KEY ("llvmcache-" so
 * that LLVM's CachePruning, run here by cache-policy= as lld and LLVMgold
 * run it, counts and prunes it). KEY is the BLAKE3 hash (LLVM-C's
 * llvm-c/blake3.h) of everything the objects depend on:
 *   - this plugin's own file (a rebuilt ltofold never uses an older one's
 *     objects) and the LLVM version;
 *   - the output kind (executable, PIE, shared library);
 *   - every option set, but those that change nothing in the objects
 *     (report, stats, verify, save-temps, jobs, cache-dir, cache-policy);
 *     the list is of what to leave out, so an option added later is in the
 *     key by default; fprange-flush-denormals among them where the plugin
 *     set it for a crtfastmath.o on the command line (plugin.c);
 *   - the symbols --wrap names (wrap.c applies the wrap to the bitcode);
 *   - each claimed file in claim order: its name, its bitcode, and for each
 *     of its symbols the linker's resolution.
 * The entry holds the objects and the JSON report of the link that made
 * it; a hit hands back the same objects and writes that report, marked
 * "cache": {"hit": true}. An entry is written through a temporary file and
 * renamed (output_file.h), so concurrent links never see half of one; one
 * that does not read back is a miss. A cache that cannot be used (a
 * directory that cannot be created, a full disk) costs a warning, never the
 * link. With save-temps there is no lookup: the files it keeps come from
 * running the pipeline. */
#include "cache_dir.h"
#include "gold.h"
#include "link_command.h"
#include "messages.h"
#include "output_file.h"

#include <cjson/cJSON.h>
#include <fcntl.h>
#include <llvm-c/Core.h>
#include <llvm-c/blake3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char entry_magic[] = "ltofold-cache 1\n";

/* A field of the key: its length first, so that fields cannot run into
 * one another. */
static void hash_field(llvm_blake3_hasher *hasher, const void *data,
                       size_t size) {
  uint64_t length = size;
  llvm_blake3_hasher_update(hasher, &length, sizeof length);
  llvm_blake3_hasher_update(hasher, data, size);
}

static void hash_string(llvm_blake3_hasher *hasher, const char *text) {
  hash_field(hasher, text ? text : "", text ? strlen(text) : 0);
}

static void hash_number(llvm_blake3_hasher *hasher, long long number) {
  llvm_blake3_hasher_update(hasher, &number, sizeof number);
}

/* The hash of this plugin's file, read whole once; false when it cannot
 * be found. */
static bool plugin_digest(uint8_t digest[LLVM_BLAKE3_OUT_LEN]) {
  static uint8_t kept[LLVM_BLAKE3_OUT_LEN];
  static bool known;
  if (!known) {
    const char *plugin = ltofold_loaded_from();
    if (!plugin)
      return false;
    LLVMMemoryBufferRef buffer = NULL;
    char *message = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(plugin, &buffer,
                                                 &message)) {
      LLVMDisposeMessage(message);
      return false;
    }
    llvm_blake3_hasher hasher;
    llvm_blake3_hasher_init(&hasher);
    llvm_blake3_hasher_update(&hasher, LLVMGetBufferStart(buffer),
                              LLVMGetBufferSize(buffer));
    llvm_blake3_hasher_finalize(&hasher, kept, sizeof kept);
    LLVMDisposeMemoryBuffer(buffer);
    known = true;
  }
  memcpy(digest, kept, sizeof kept);
  return true;
}

static char *hex(const uint8_t *bytes, size_t size) {
  char *text = malloc(2 * size + 1);
  if (!text)
    abort();
  for (size_t i = 0; i < size; ++i)
    snprintf(text + 2 * i, 3, "%02x", bytes[i]);
  return text;
}

static const char no_plugin_file[] =
    "cache-dir: cannot read ltofold-gold.so itself to key the cache; "
    "linking without it";

static bool changes_no_object(const char *line) {
  static const char *const keys[] = {"report",     "stats",     "verify",
                                     "save-temps", "jobs",      "cache-dir",
                                     "cache-policy", "label"};
  size_t key_length = strcspn(line, "=\n");
  for (size_t i = 0; i < sizeof keys / sizeof *keys; ++i)
    if (strlen(keys[i]) == key_length && !memcmp(line, keys[i], key_length))
      return true;
  return false;
}

char *cache_key(void) {
  llvm_blake3_hasher hasher;
  llvm_blake3_hasher_init(&hasher);
  hash_string(&hasher, entry_magic);
  uint8_t plugin[LLVM_BLAKE3_OUT_LEN];
  if (!plugin_digest(plugin)) {
    say(LDPL_WARNING, no_plugin_file);
    return NULL;
  }
  hash_field(&hasher, plugin, sizeof plugin);
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  hash_number(&hasher, major * 1000000LL + minor * 1000LL + patch);
  hash_number(&hasher, the_plugin.output_kind);
  const char *settings =
      the_plugin.options.settings ? the_plugin.options.settings : "";
  for (const char *line = settings; *line;) {
    size_t length = strcspn(line, "\n");
    if (!changes_no_object(line))
      hash_field(&hasher, line, length);
    line += length + (line[length] == '\n');
  }
  hash_number(&hasher, (long long)the_plugin.wrapped_count);
  for (size_t i = 0; i < the_plugin.wrapped_count; ++i)
    hash_string(&hasher, the_plugin.wrapped[i]);
  hash_number(&hasher, (long long)the_plugin.file_count);
  for (size_t i = 0; i < the_plugin.file_count; ++i) {
    const claimed_file *file = &the_plugin.files[i];
    hash_string(&hasher, file->name);
    hash_field(&hasher, file->bytes, file->size);
    hash_number(&hasher, (long long)file->symbol_count);
    for (size_t s = 0; s < file->symbol_count; ++s) {
      const struct ld_plugin_symbol *symbol = &file->symbols[s];
      hash_string(&hasher, symbol->name);
      hash_string(&hasher, symbol->comdat_key);
      hash_number(&hasher, symbol->def);
      hash_number(&hasher, symbol->visibility);
      hash_number(&hasher, symbol->resolution);
    }
  }
  uint8_t digest[LLVM_BLAKE3_OUT_LEN];
  llvm_blake3_hasher_finalize(&hasher, digest, sizeof digest);
  return hex(digest, sizeof digest);
}

char *cache_module_salt(void) {
  uint8_t plugin[LLVM_BLAKE3_OUT_LEN];
  if (!plugin_digest(plugin)) {
    say(LDPL_WARNING, no_plugin_file);
    return NULL;
  }
  char *error = NULL;
  if (ltofold_cache_create(the_plugin.options.cache_dir, &error)) {
    say(LDPL_WARNING, "cache-dir: %s; linking without the cache", error);
    free(error);
    return NULL;
  }
  return hex(plugin, sizeof plugin);
}

static char *entry_path(const char *key) {
  return ltofold_format("%s/llvmcache-ltofold-%s", the_plugin.options.cache_dir,
                        key);
}

/* Reads "WORD N\n" at *cursor, advancing past it. */
static bool read_count(const char **cursor, const char *end, const char *word,
                       unsigned long long *count) {
  size_t length = strlen(word);
  const char *at = *cursor;
  if ((size_t)(end - at) <= length + 1 || memcmp(at, word, length) ||
      at[length] != ' ')
    return false;
  at += length + 1;
  unsigned long long value = 0;
  const char *digits = at;
  while (at < end && *at >= '0' && *at <= '9' && value < (1ULL << 50))
    value = value * 10 + (unsigned long long)(*at++ - '0');
  if (at == digits || at == end || *at != '\n')
    return false;
  *cursor = at + 1;
  *count = value;
  return true;
}

/* Parses an entry; false (and nothing allocated) when it is not one. */
static bool parse_entry(const char *data, size_t size, const char *key,
                        LLVMMemoryBufferRef **objects, unsigned *count,
                        ltofold_report **report) {
  const char *cursor = data, *end = data + size;
  size_t magic = strlen(entry_magic), key_length = strlen(key);
  if (size < magic + key_length + 1 || memcmp(cursor, entry_magic, magic) ||
      memcmp(cursor + magic, key, key_length) ||
      cursor[magic + key_length] != '\n')
    return false;
  cursor += magic + key_length + 1;
  unsigned long long object_count = 0, length = 0;
  if (!read_count(&cursor, end, "objects", &object_count) || !object_count ||
      object_count > 1024)
    return false;
  LLVMMemoryBufferRef *buffers = calloc(object_count, sizeof *buffers);
  if (!buffers)
    abort();
  bool ok = true;
  for (unsigned long long i = 0; i < object_count && ok; ++i) {
    ok = read_count(&cursor, end, "object", &length) &&
         length <= (size_t)(end - cursor);
    if (ok) {
      buffers[i] = LLVMCreateMemoryBufferWithMemoryRangeCopy(cursor, length,
                                                             "cached object");
      cursor += length;
    }
  }
  cJSON *root = NULL;
  if (ok && read_count(&cursor, end, "report", &length) &&
      length == (size_t)(end - cursor))
    root = cJSON_ParseWithLength(cursor, length);
  if (!root) {
    for (unsigned long long i = 0; i < object_count; ++i)
      if (buffers[i])
        LLVMDisposeMemoryBuffer(buffers[i]);
    free(buffers);
    return false;
  }
  *objects = buffers;
  *count = (unsigned)object_count;
  *report = ltofold_report_from_json(root);
  return true;
}

bool cache_fetch(const char *key, LLVMMemoryBufferRef **objects,
                 unsigned *count, ltofold_report **report) {
  if (the_plugin.options.save_temps)
    return false;
  char *path = entry_path(key);
  LLVMMemoryBufferRef entry = NULL;
  char *message = NULL;
  bool hit = false;
  if (!LLVMCreateMemoryBufferWithContentsOfFile(path, &entry, &message)) {
    hit = parse_entry(LLVMGetBufferStart(entry), LLVMGetBufferSize(entry), key,
                      objects, count, report);
    LLVMDisposeMemoryBuffer(entry);
    if (!hit)
      say(LDPL_WARNING,
          "cache-dir: %s is not a cache entry of this link; "
          "replacing it",
          path);
    else /* recently used, for prune_after= (mtime stays: it is the entry's) */
      utimensat(AT_FDCWD, path,
                (const struct timespec[]){{0, UTIME_NOW}, {0, UTIME_OMIT}}, 0);
  } else {
    LLVMDisposeMessage(message);
  }
  free(path);
  return hit;
}

static bool write_part(ltofold_output *output, const char *word,
                       const void *data, size_t size, char **error) {
  char *header = ltofold_format("%s %zu\n", word, size);
  bool ok = !ltofold_output_write(output, header, strlen(header), error) &&
            !ltofold_output_write(output, data, size, error);
  free(header);
  return ok;
}

void cache_store(const char *key, LLVMMemoryBufferRef *objects, unsigned count,
                 ltofold_report *report) {
  char *error = NULL;
  if (ltofold_cache_create(the_plugin.options.cache_dir, &error)) {
    say(LDPL_WARNING, "cache-dir: %s; linking without the cache", error);
    free(error);
    return;
  }
  char *path = entry_path(key);
  char *json = ltofold_report_to_json(report);
  char *header = ltofold_format("%s%s\nobjects %u\n", entry_magic, key, count);
  ltofold_output *output = ltofold_output_open(path, &error);
  bool ok =
      output && !ltofold_output_write(output, header, strlen(header), &error);
  for (unsigned i = 0; i < count && ok; ++i)
    ok = write_part(output, "object", LLVMGetBufferStart(objects[i]),
                    LLVMGetBufferSize(objects[i]), &error);
  ok = ok && write_part(output, "report", json, strlen(json), &error);
  if (ok)
    ok = !ltofold_output_commit(output, &error);
  else
    ltofold_output_discard(output);
  if (!ok) {
    say(LDPL_WARNING, "cache-dir: %s", error);
    free(error);
  }
  free(header);
  free(json);
  free(path);
}

void cache_prune(void) {
  char *error = NULL;
  if (ltofold_cache_prune(the_plugin.options.cache_dir,
                          the_plugin.options.cache_policy, &error)) {
    say(LDPL_WARNING, "cache-policy: %s", error);
    free(error);
  }
}
