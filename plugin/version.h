/* Which ltofold this is: the one place that says so.
 *
 * LTOFOLD_VERSION is the release. CMake reads it from this line for the
 * project's version and the Debian package's (CMakeLists.txt), so it is
 * written nowhere else. The rest is filled in at build time, in
 * build_info.c, which scripts/build-info.cmake writes into the build tree
 * at every build. */
#ifndef LTOFOLD_VERSION_H
#define LTOFOLD_VERSION_H
#define LTOFOLD_VERSION "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

/* `git describe --always --dirty` of the source tree the build was made
 * from, or "unknown" when that tree is not a git checkout (a tarball, a
 * package build) or git is not installed. */
extern const char ltofold_git_revision[];

/* The LLVM release the build was compiled against (LLVM_PACKAGE_VERSION of
 * the LLVMConfig.cmake CMake found, e.g. "22.1.8"). The one a process runs
 * with is LLVMGetVersion's: libLLVM may have been updated since. */
extern const char ltofold_llvm_build_version[];

#ifdef __cplusplus
}
#endif

#endif
