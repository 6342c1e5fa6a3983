/* What the linker's own command line says about the link, for the plugins
 * that run inside the linker: ltofold-gold.so in gold, ld.bfd and mold,
 * libltofold.so in lld.
 *
 * Neither plugin interface hands a plugin the link's other inputs or all of
 * its options, and two facts ltofold needs are there: the symbols --wrap
 * names (gold/wrap.c), and a start-up object that makes the process flush
 * subnormals to zero (crtfastmath.o, which the compiler drivers add to the
 * link for -ffast-math, -Ofast and -mdaz-ftz), which changes the values
 * every floating-point operation of the program gives (fprange,
 * fprange-flush-denormals). So they come from the process's command line,
 * /proc/self/cmdline, with its response files (@FILE) read as GNU ld and
 * lld read them. Where it cannot be read (no /proc), the plugins know what
 * they knew before: no --wrap, no flush-to-zero object. */
#ifndef LTOFOLD_LINK_COMMAND_H
#define LTOFOLD_LINK_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

/* The process's arguments, each response file replaced by the arguments in
 * it (nested ones too, 8 deep; an @FILE that cannot be read stays, as the
 * linkers take it for a file name); the first, the program, as it is.
 * Returns false, with no argument, when the command line cannot be read.
 * Free with ltofold_link_arguments_free. */
bool ltofold_link_arguments(char ***arguments, size_t *count);
void ltofold_link_arguments_free(char **arguments, size_t count);

/* Whether one of the arguments names a start-up object that sets the
 * processor to flush subnormals (FTZ) and read them as zeros (DAZ) for the
 * whole process: a file named crtfastmath.o (its base name; also as
 * -l:crtfastmath.o). By name only: nothing is opened. */
bool ltofold_link_flushes_denormals(char *const *arguments, size_t count);

/* Which linker the process is, by the base name of its program: "lld"
 * (ld.lld, lld), "gold" (ld.gold), "mold" (ld.mold), "ld.bfd" (ld,
 * ld.bfd), or NULL for another program (opt, a compiler). For reports. */
const char *ltofold_link_linker(char *const *arguments, size_t count);

/* The output the command line names (-o FILE, -oFILE, --output=FILE,
 * --output FILE; the last one wins, as in the linkers), or "a.out", their
 * default. Points into `arguments`. */
const char *ltofold_link_output(char *const *arguments, size_t count);

/* Whether `path` is a file that holds LLVM bitcode: bitcode (plain or in
 * its wrapper), or an archive with a bitcode member. Only the magic
 * numbers are read (of each member, in an archive). */
bool ltofold_file_has_bitcode(const char *path);

/* The arguments that name a file holding LLVM bitcode
 * (ltofold_file_has_bitcode), in order, as a NULL-ended array of pointers
 * into `arguments` (free the array alone). Libraries found through -l are
 * not searched for. */
const char **ltofold_link_bitcode_inputs(char *const *arguments, size_t count);

/* The file this code was loaded from: the plugin library the linker
 * loaded (ltofold-gold.so, libltofold.so), or the ltofold program; NULL
 * if unknown. */
const char *ltofold_loaded_from(void);

/* An LTO plugin the command line loads (-plugin PATH, -plugin=PATH,
 * --plugin ...) before the library at `own_path`, or NULL. Such a plugin is
 * offered every input first: LLVMgold.so (which clang adds when -flto is on
 * the link line) takes the bitcode, and ltofold-gold.so never sees it. */
const char *ltofold_link_other_plugin(char *const *arguments, size_t count,
                                      const char *own_path);

#endif
