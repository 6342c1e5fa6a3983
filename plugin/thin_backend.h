/* The optimization pipeline of a ThinLTO backend, with ltofold's passes where
 * lld's in-process backends run them (thin_backend.cpp), for
 * `ltofold thin-backend` (cli_thin.c). */
#ifndef LTOFOLD_THIN_BACKEND_H
#define LTOFOLD_THIN_BACKEND_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How clang tunes the pipeline: its -O level (0-3; -Os and -Oz are 2 in a
 * ThinLTO backend) and what -f[no-]vectorize, -f[no-]slp-vectorize and
 * -f[no-]unroll-loops leave on. */
typedef struct ltofold_thin_tuning {
  unsigned opt_level;
  bool loop_vectorize, slp_vectorize, unroll_loops;
} ltofold_thin_tuning;

/* Runs on `module` (a backend's module after import, as clang's ThinLTO
 * backend has it before optimizing) the pipeline that backend runs, with
 * the index `index_path` (-fthinlto-index=) as its import summary and
 * ltofold's passes at the ThinLTO extension points, taking `pairs`
 * ("KEY=VALUE") on top of LTOFOLD_OPTIONS. Returns 0, or 1 with a malloc'd
 * message in *error. */
int ltofold_thin_optimize(LLVMModuleRef module, const char *index_path,
                          const ltofold_thin_tuning *tuning,
                          const char *const *pairs, size_t pair_count,
                          char **error);

#ifdef __cplusplus
}
#endif

#endif
