/* An LTO cache directory: created where missing, its policy as LLVM's
 * linkers spell it (cache-policy=, e.g.
 * "prune_interval=1h:prune_after=24h:cache_size=10%"), and its pruning, by
 * LLVM's own CachePruning: the same entries ("llvmcache-" files), the same
 * timestamp file and the same rules as lld and LLVMgold, so that one directory
 * may serve all of them. */
#ifndef LTOFOLD_CACHE_DIR_H
#define LTOFOLD_CACHE_DIR_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether `policy` parses (NULL or "" is LLVM's default policy). Returns 0,
 * or -1 with a malloc'd message in *error. */
int ltofold_cache_policy_check(const char *policy, char **error);

/* Creates `directory` and its parents where missing. Returns 0, or -1
 * with a malloc'd message in *error. */
int ltofold_cache_create(const char *directory, char **error);

/* Prunes `directory` by `policy`, when prune_interval has passed since
 * the last time. Returns 0, or -1 with a malloc'd message in *error (a
 * policy that does not parse). */
int ltofold_cache_prune(const char *directory, const char *policy,
                        char **error);

#ifdef __cplusplus
}
#endif

#endif
