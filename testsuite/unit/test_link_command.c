/* The linker's command line (plugin/link_command.c): which arguments name a
 * start-up object that flushes subnormals to zero. */
#include "link_command.h"

#include <criterion/criterion.h>

#define COUNT(array) (sizeof array / sizeof *array)

Test(link_command, crtfastmath_by_base_name) {
  char *gcc[] = {"ld.gold", "-o", "app",
                 "/usr/lib/gcc/x86_64-linux-gnu/12/crtfastmath.o", "a.o"};
  char *relative[] = {"ld.lld", "crtfastmath.o", "a.o"};
  char *library[] = {"ld.bfd", "-l:crtfastmath.o", "a.o"};
  cr_assert(ltofold_link_flushes_denormals(gcc, COUNT(gcc)));
  cr_assert(ltofold_link_flushes_denormals(relative, COUNT(relative)));
  cr_assert(ltofold_link_flushes_denormals(library, COUNT(library)));
}

Test(link_command, other_names_do_not_flush) {
  char *plain[] = {
      "ld.lld",          "/usr/lib/gcc/x86_64-linux-gnu/12/crtbeginS.o",
      "mycrtfastmath.o", "crtfastmath.o.d",
      "crtfastmath.c",   "/tmp/crtfastmath.o/a.o",
      "-lcrtfastmath"};
  cr_assert_not(ltofold_link_flushes_denormals(plain, COUNT(plain)));
  /* The program itself is no input. */
  char *program[] = {"/opt/crtfastmath.o", "a.o"};
  cr_assert_not(ltofold_link_flushes_denormals(program, COUNT(program)));
  cr_assert_not(ltofold_link_flushes_denormals(NULL, 0));
}

Test(link_command, reads_this_process) {
  char **arguments;
  size_t count;
  cr_assert(ltofold_link_arguments(&arguments, &count));
  cr_assert_geq(count, 1);
  cr_assert_neq(arguments[0][0], '\0'); /* the program, whatever runs it */
  ltofold_link_arguments_free(arguments, count);
}
