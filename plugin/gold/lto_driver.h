/* LLVM's own LTO driver (llvm::lto::LTO, as lld and LLVMgold.so run it) for
 * links with ThinLTO objects, up to optimized modules: the thin link
 * (summaries, imports, internalization, whole-program devirtualization)
 * and every backend's optimization run on `jobs` threads, code generation
 * not at all. ltofold then links the optimized modules into one, so that
 * merge and fprange see the whole program, and generates code itself
 * (codegen.c, in partitions).
 *
 * C++ because LLVM-C has no LTO driver. llvm-c/lto.h's ThinLTO code
 * generator was the other way; it does not take the linker's resolutions
 * (it assumes the first definition prevails and knows nothing of symbols
 * preempted by regular objects), its options are process-wide command-line
 * flags, and its errors end the process. */
#ifndef LTOFOLD_LTO_DRIVER_H
#define LTOFOLD_LTO_DRIVER_H

#include <llvm-c/Core.h>
#include <plugin-api.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One input of the link: its bitcode and the linker's resolution of each of
 * its symbols (matched by name). */
typedef struct ltofold_lto_input {
  const char *name;
  const char *bytes;
  size_t size;
  const struct ld_plugin_symbol *symbols;
  size_t symbol_count;
} ltofold_lto_input;

typedef struct ltofold_lto_settings {
  unsigned opt_level; /* 0..3 */
  unsigned jobs;      /* backend threads */
  const char *cpu;    /* or NULL: the modules' own ("native" resolved) */
  const char *features;       /* target features, "+a,-b", or NULL */
  const char *sample_profile; /* sample-profile=, or NULL */
  const char *cs_profile;     /* cs-profile-path=, or NULL */
  bool disable_verify;        /* no verifier around the optimization */
  /* opt-remarks-*: the file (NULL: none) for the regular LTO part; each
   * backend writes FILE.thin.TASK.yaml, as LLVM names them. */
  const char *remarks_filename;
  const char *remarks_passes;
  const char *remarks_format;
  bool remarks_with_hotness;
  const char *remarks_hotness_threshold; /* a count, "auto", or NULL */
  bool executable;    /* an executable (not a shared library) */
  bool pic;           /* position-independent code */
  /* Where each backend's optimized module is kept for the next link, or
   * NULL: a directory (cache-dir=) and a salt of this plugin's own (hex)
   * that the entries' names depend on besides LLVM's key of the backend. */
  const char *cache_dir;
  const char *cache_salt;
  /* The symbols --wrap names: X, __wrap_X and __real_X are redefined by
   * the linker, so no backend may import, inline or internalize them (the
   * plugin applies the wrap to the optimized modules, wrap.c). */
  const char *const *wrapped;
  size_t wrapped_count;
} ltofold_lto_settings;

/* Whether a section's name is a C identifier: the linker then makes
 * __start_NAME and __stop_NAME, through which any object may reach what
 * the section holds, though no object names it. */
bool ltofold_is_c_identifier(const char *name);

/* Whether the bitcode is a ThinLTO object (it has a ThinLTO summary). */
bool ltofold_is_thin_bitcode(const char *bytes, size_t size);

/* Receives each optimized module as bitcode, which it then owns, as soon as
 * its backend is done: in the order the backends finish, not in task order,
 * on a thread of the driver's own, one module at a time. The caller's own
 * thread is inside ltofold_lto_optimize meanwhile, so the receiver may use
 * a context the caller does not touch there (parsing the modules while the
 * other backends still run takes that work off the serial path). `cached`:
 * the module came from the cache directory, its backend did not run. */
typedef void (*ltofold_lto_receiver)(void *data, unsigned task,
                                     LLVMMemoryBufferRef bitcode, bool cached);

/* Runs the LTO driver on the inputs up to optimized modules. Returns 0 once
 * `receive` got each task's module (nothing where a task made none); 1 when
 * this link needs what the driver path does not handle yet (*error says
 * what: the caller links it as full LTO); -1 after an error (*error; the
 * modules received so far are the caller's to free). *messages gets the
 * driver's warnings, one per line (malloc'd, or NULL). */
int ltofold_lto_optimize(const ltofold_lto_input *inputs, size_t count,
                         const ltofold_lto_settings *settings,
                         ltofold_lto_receiver receive, void *receive_data,
                         char **messages, char **error);

/* thinlto-index-only: what the thin link writes for a build that runs
 * the backends itself, as LLVMgold.so writes it. */
typedef struct ltofold_lto_index_settings {
  const char *old_prefix, *new_prefix; /* thinlto-prefix-replace, or "" */
  bool emit_imports;          /* thinlto-emit-imports-files */
  const char *linked_objects; /* thinlto-index-only=FILE, or NULL */
  /* Claimed files the linker left out of the link: their index asks the
   * backend to skip them (an empty object). */
  const char *const *skipped;
  size_t skipped_count;
} ltofold_lto_index_settings;

/* Runs the thin link on the inputs (all of them ThinLTO objects) and writes,
 * for each, MODULE.thinlto.bc (the part of the combined index its backend
 * needs: `clang -fthinlto-index=`), MODULE.imports with emit_imports, and
 * the native objects' names to linked_objects; an input the backend writes
 * nothing for gets empty files, as LLVMgold.so leaves them. Returns 0, 1
 * when the link needs what the driver path does not handle (*error), or -1
 * after an error (*error). *messages as for ltofold_lto_optimize. */
int ltofold_lto_write_indexes(const ltofold_lto_input *inputs, size_t count,
                              const ltofold_lto_settings *settings,
                              const ltofold_lto_index_settings *index,
                              char **messages, char **error);

/* Removes the module flags that describe how the module took part in LTO
 * (EnableSplitLTOUnit, ThinLTO, UnifiedLTO): they differ between the
 * regular LTO module and the ThinLTO ones, with the "error" merge
 * behaviour, and mean nothing once the modules are optimized. */
void ltofold_drop_lto_unit_flags(LLVMModuleRef module);

/* For a shared library: takes dso_local off every global with default
 * visibility that a direct reference could not reach: one the library
 * does not define (another object may), and one it defines that another
 * library may preempt and that code generation would not reach through a
 * local alias (a definition in a comdat, weak or linkonce, or any
 * definition of a module compiled -fPIE). Code compiled without -fPIC
 * marks all of them dso_local (as an executable may); the linkers then
 * refuse its direct references in a shared library ("recompile with
 * -fPIC"). Returns how many it changed. */
unsigned ltofold_forget_preemptible_dso_local(LLVMModuleRef module);

#ifdef __cplusplus
}
#endif

#endif
