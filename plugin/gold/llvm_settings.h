/* What LLVMgold.so's options ask of LLVM that LLVM-C cannot reach, for the
 * gold plugin (C++ behind a C interface, as lto_driver.h):
 *
 *   LLVM's own command-line options (-plugin-opt=-X), parsed once, with
 *   errors returned rather than the process ended;
 *   optimization remarks written to a file (opt-remarks-*);
 *   LLVM's full-LTO optimization pipeline with a sample or context-sensitive
 *   profile (sample-profile=, cs-profile-path=), which LLVM-C's
 *   LLVMRunPasses has no way to take;
 *   code generation into memory with split DWARF (dwo_dir=), as assembly
 *   (emit-asm), and with the code generation options among LLVM's
 *   (-function-sections, -data-sections) applied to the target machine. */
#ifndef LTOFOLD_LLVM_SETTINGS_H
#define LTOFOLD_LLVM_SETTINGS_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parses LLVM's options ("-time-passes", "-import-instr-limit=5") as
 * LLVM's tools do, once per process. The code generation options LLVM's
 * tools register are registered first; of those, the ones code generation
 * here does not apply are refused, never dropped. Returns 0, or -1 with a
 * malloc'd message in *error. */
int ltofold_llvm_parse_options(char *const *options, size_t count,
                               char **error);

/* -time-passes: prints LLVM's pass timings to stderr and resets them
 * (LLVM prints them when it shuts down, which the linkers never ask for). */
void ltofold_llvm_report_timings(void);

/* Where the optimization remarks go (opt-remarks-*); filename NULL: none. */
typedef struct ltofold_remarks_settings {
  const char *filename;
  const char *passes; /* a regex, or NULL: every pass */
  const char *format; /* "yaml", "bitstream", or NULL: yaml */
  bool with_hotness;
  const char *hotness_threshold; /* a count, "auto", or NULL: 0 */
} ltofold_remarks_settings;

/* An open remarks file of a context. */
typedef struct ltofold_remarks ltofold_remarks;

/* Sends the context's remarks to the settings' file. Returns the open file
 * (NULL when no file was asked for), or NULL with a malloc'd message in
 * *error. */
ltofold_remarks *ltofold_remarks_begin(LLVMContextRef context,
                                       const ltofold_remarks_settings *settings,
                                       char **error);
/* Finishes the file and keeps it (NULL: nothing). */
void ltofold_remarks_end(ltofold_remarks *remarks);

/* Runs LLVM's full-LTO pipeline (lto<O`level`>) on the module, with the
 * sample profile or the context-sensitive IR profile (one of them; NULL:
 * none), as LLVM's LTO backend configures it. Returns 0, or -1 with a
 * malloc'd message in *error. */
int ltofold_run_lto_with_profile(LLVMModuleRef module,
                                 LLVMTargetMachineRef machine, unsigned level,
                                 const char *sample_profile,
                                 const char *cs_profile, char **error);

/* Generates the module's object (or assembly) into *output with the
 * machine, applying LLVM's code generation options given to
 * ltofold_llvm_parse_options. dwo_path non-NULL: split DWARF, the debug
 * information written there and named in the object's skeleton. Returns
 * 0, or -1 with a malloc'd message in *error. */
int ltofold_emit(LLVMTargetMachineRef machine, LLVMModuleRef module,
                 bool assembly, const char *dwo_path,
                 LLVMMemoryBufferRef *output, char **error);

#ifdef __cplusplus
}
#endif

#endif
