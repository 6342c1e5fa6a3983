/* The one call the C++ pass-plugin shim makes into the C core. */
#ifndef LTOFOLD_PLUGIN_ENTRY_H
#define LTOFOLD_PLUGIN_ENTRY_H

#include <llvm-c/Core.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which pipeline the shim was asked for. */
typedef enum ltofold_plugin_pipeline {
  LTOFOLD_PLUGIN_MERGE, /* opt: ltofold-merge */
  LTOFOLD_PLUGIN_ALL    /* opt: ltofold; lld: end of the full-LTO pipeline */
} ltofold_plugin_pipeline;

/* Runs `pipeline` on `module`. Options come from the LTOFOLD_OPTIONS
 * environment variable, then from `pairs` ("KEY=VALUE" or "KEY", the
 * -mllvm -ltofold-KEY options the shim saw), later ones winning. Errors and
 * warnings go to stderr prefixed "ltofold: ". Returns 0, or 1 after an error
 * (the module is then left as it was, or as the last phase that verified). */
int ltofold_plugin_run(LLVMModuleRef module, ltofold_plugin_pipeline pipeline,
                       const char *const *pairs, size_t pair_count);

/* The option table, for the shim to register -ltofold-KEY options. */
size_t ltofold_plugin_option_count(void);
const char *ltofold_plugin_option_key(size_t index);
const char *ltofold_plugin_option_help(size_t index);

#ifdef __cplusplus
}
#endif

#endif
