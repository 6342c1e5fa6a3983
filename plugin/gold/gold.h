/* The state and the steps of ltofold-gold.so that more than one file of
 * plugin/gold/ uses. The plugin is split along the steps of a link, in the
 * order the linker calls them:
 *   plugin.c   onload, options, all_symbols_read (the driver), cleanup;
 *   symbols.c  claim_file: which bitcode is ours, and its symbols;
 *   resolve.c  the linker's resolutions applied, the modules linked;
 *   thin.c     or, with ThinLTO objects, LLVM's LTO driver optimizes them
 *              (lto_driver.cpp) and the optimized modules are linked;
 *   codegen.c  the pipeline and code generation, in partitions;
 *   cache.c    cache-dir: the objects of a link that comes again;
 *   output.c   the objects handed back to the linker, the report.
 * Hooks get no user data from the plugin API, so the state is one struct,
 * `the_plugin`, owned by the linker's thread; the code generation threads
 * (codegen.c) touch none of it. */
#ifndef LTOFOLD_GOLD_H
#define LTOFOLD_GOLD_H

#include "ir_reader.h"
#include "options.h"
#include "report.h"

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <plugin-api.h>
#include <stdbool.h>
#include <stddef.h>

/* One claimed input: a bitcode file or archive member. */
typedef struct claimed_file {
  char *name;     /* owned: path, or "archive(member)" for a member
                     ("archive(@offset)" when its name cannot be read) */
  void *handle;   /* the linker's handle for the file */
  char *bytes;    /* owned: the bitcode */
  size_t size;
  struct ld_plugin_symbol *symbols; /* owned, names owned; resolutions filled
                                       in at all_symbols_read */
  size_t symbol_count;
  size_t ir_symbol_count; /* the first ones are IR globals; the rest are
                             defined or used only in module-level asm */
  bool left_out; /* the linker did not take the file into the link
                    (get_symbols said LDPS_NO_SYMS) */
} claimed_file;

typedef struct plugin {
  /* The linker's callbacks; NULL when the linker does not offer one. */
  ld_plugin_message message;
  ld_plugin_add_symbols add_symbols;
  ld_plugin_add_symbols add_symbols_v2;
  ld_plugin_get_symbols get_symbols; /* the newest version offered */
  ld_plugin_add_input_file add_input_file;
  int output_kind;   /* LDPO_EXEC, LDPO_DYN, LDPO_PIE, LDPO_REL */
  char *output_name; /* owned; "a.out" when the linker did not say */

  ltofold_options options;
  bool options_failed; /* a bad -plugin-opt: every hook fails */
  bool claim_failed;   /* claim_file said why a file cannot be linked */
  bool symbols_read;   /* all_symbols_read was called */
  bool said_error;     /* an error or fatal message was said */

  LLVMContextRef context; /* owned: every module lives in it */
  /* Installed on the context for the plugin's life: without a handler, LLVM
   * exits the process on an error diagnostic (inline asm, say). */
  ltofold_diagnostics diagnostics;

  claimed_file *files; /* owned array */
  size_t file_count, file_capacity;

  /* Every identifier in any claimed module's module-level asm (owned
   * strings): a global whose name is among them may be used from asm, where
   * the linker cannot see it, so it is never internalized. */
  char **asm_names;
  size_t asm_name_count;

  /* The symbols --wrap names (owned, sorted; wrap.c). */
  char **wrapped;
  size_t wrapped_count;

  /* The names internalized (resolve.c, thin.c; owned, sorted): the linker
   * knows them as symbols, so a partition that must export one again does
   * so under its own name (codegen.c). */
  char **internalized;
  size_t internalized_count;

  /* Where the report comes from (report.h, ltofold_build). */
  double started_wall; /* when onload ran, seconds since the epoch */
  double started;      /* the same moment, on ltofold_now_seconds's clock */
  char *triple, *cpu;  /* owned: the target machine's, once it is made */
  bool thin;           /* ThinLTO objects were linked */
  /* The report written (owned), written again at cleanup with the
   * output's build ID, which the linker computes after the plugin is done;
   * NULL when none was. */
  ltofold_report *report;

  char **object_paths; /* owned: the temporary object files, each until it
                          is removed (release_objects), then NULL */
  size_t object_path_count;
} plugin;

extern plugin the_plugin;

/* plugin.c */
/* A message through the linker, prefixed "ltofold: ". */
void say(int level, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* The file's module in the plugin's context, lazily or fully; NULL after
 * saying why. */
LLVMModuleRef parse_file(const claimed_file *file, bool lazy);
char *copy_string(const char *text); /* aborts when out of memory */
/* Appends a copy of `text` to the array *strings of *count (both grown). */
void append_string(char ***strings, size_t *count, const char *text);

/* symbols.c */
bool is_local(LLVMLinkage linkage);
bool is_definition(LLVMValueRef global);
const char *value_name(LLVMValueRef value);
typedef void symbol_visitor(LLVMValueRef global, void *data);
/* The globals with a linker symbol, in the order claim_file told the
 * linker about them. */
void for_each_symbol(LLVMModuleRef module, symbol_visitor *visit, void *data);
void free_symbols(struct ld_plugin_symbol *symbols, size_t count);
int compare_strings(const void *a, const void *b); /* for qsort of char * */
/* Calls visit(name, data) on each identifier of asm text, until it
 * returns true; whether one did. */
typedef bool identifier_visitor(const char *name, void *data);
bool find_asm_identifier(const char *text, size_t length,
                         identifier_visitor *visit, void *data);
/* Whether module-level asm of a claimed file names `name`. */
bool is_asm_name(const char *name);
enum ld_plugin_status claim_file(const struct ld_plugin_input_file *input,
                                 int *claimed);

/* resolve.c */
enum ld_plugin_status fetch_resolutions(void);
/* Every claimed module, resolved, linked into one; NULL after an error. */
LLVMModuleRef link_modules(ltofold_report *report);
/* The module's global value (function, variable, alias or ifunc) named
 * `name`, or NULL. */
LLVMValueRef named_global(LLVMModuleRef module, const char *name);
/* Makes the named definitions internal (not those named in module asm);
 * takes the names over, keeping those it internalized in
 * the_plugin.internalized. */
void internalize(LLVMModuleRef module, char **names, size_t count);
/* Whether `name` was internalized (for ltofold_split_module). */
int is_internalized(const char *name, void *unused);

/* wrap.c */
/* Takes the --wrap options of the linker's command line (`arguments`:
 * link_command.h). */
void read_wrapped_symbols(char *const *arguments, size_t count);
/* Whether `name` is X, __wrap_X or __real_X of a wrapped X: the linker
 * redefines it, so it stays visible outside IR. */
bool is_wrap_name(const char *name);
/* Applies --wrap to one module's references, as the linker would to its
 * object: those to X in a module that does not define X become references
 * to __wrap_X, those to __real_X references to X. */
void apply_wrap(LLVMModuleRef module);

/* thin.c */
/* Whether a claimed file is a ThinLTO object. */
bool has_thin_objects(void);
typedef enum thin_result {
  THIN_LINKED,      /* *module is the program, optimized */
  THIN_NOT_HANDLED, /* link it as full LTO (a warning said why) */
  THIN_FAILED       /* an error was said */
} thin_result;
/* The program through LLVM's LTO driver, its optimized modules linked. */
thin_result link_thin(ltofold_report *report, LLVMModuleRef *module);
/* thinlto-index-only: writes each module's index for a build that runs the
 * backends itself (lto_driver.h); LDPS_ERR after saying why. */
enum ld_plugin_status write_thin_indexes(void);

/* codegen.c */
/* Threads for code generation and ThinLTO backends: jobs=, or the cores. */
unsigned codegen_jobs(void);
LLVMTargetMachineRef create_target_machine(LLVMModuleRef module);
/* The pipeline (fprange, LTO optimization unless `optimized`, canon,
 * merge, global DCE). */
enum ld_plugin_status run_pipeline(LLVMModuleRef module,
                                   LLVMTargetMachineRef machine, bool optimized,
                                   ltofold_report *report);
/* The objects of the module, in order: one, or one per partition
 * (lto-partitions=, generated on jobs= threads). Disposes of the module
 * as soon as it can (once cut, while the threads generate code).
 * *objects (malloc'd) has *count buffers, NULL where one failed; the
 * caller disposes of them. */
enum ld_plugin_status generate_objects(LLVMModuleRef module,
                                       LLVMTargetMachineRef machine,
                                       LLVMMemoryBufferRef **objects,
                                       unsigned *count);
/* The suffix of a local made global for partitions (split_module.h). */
extern const char *const partition_local_suffix;
/* Writes the module's bitcode to `path`; false after saying why, the
 * message starting with `option`. */
bool write_bitcode(LLVMModuleRef module, const char *path, const char *option);

/* cache.c (cache-dir=) */
/* The key of this link (hex, malloc'd); NULL after a warning when there
 * is none. */
char *cache_key(void);
/* What the names of the backends' entries (lto_driver.h) depend on besides
 * LLVM's key: this plugin's file (hex, malloc'd). NULL after a warning when
 * the cache cannot be used (cache-dir= is created here where missing). */
char *cache_module_salt(void);
/* The objects and report stored under `key`: false on a miss. */
bool cache_fetch(const char *key, LLVMMemoryBufferRef **objects, unsigned *count,
                 ltofold_report **report);
/* Stores the objects and the report (measured) under `key`; a failure is a
 * warning. */
void cache_store(const char *key, LLVMMemoryBufferRef *objects, unsigned count,
                 ltofold_report *report);
/* Prunes cache-dir by cache-policy= (a failure is a warning). */
void cache_prune(void);

/* output.c */
/* The objects' symbol sizes (bytes saved) and code size, into the report. */
void measure_objects(LLVMMemoryBufferRef *objects, unsigned count,
                     ltofold_report *report);
/* Writes the report to report= (output_file.h); false after saying why. */
bool write_report(ltofold_report *report);
/* Writes the report (when report= asked for one), then hands the objects
 * to the linker as temporary files. */
enum ld_plugin_status hand_back_objects(LLVMMemoryBufferRef *objects,
                                        unsigned count, ltofold_report *report);
void release_objects(bool now);

#endif
