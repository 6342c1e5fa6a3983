/* `ltofold size-model IN.{ll,bc}`: what merge's size model predicts llc
 * emits for each definition of a module, one line each:
 *
 *   NAME target=T code=C padding=P unwind=U thunk=K pool=L stack_calls=S
 *
 * (bytes; thunk and pool 0 when the function is not a thunk; S what a call
 * more that passes two arguments on the stack adds to its unwind entry), so
 * that a test
 * can hold the model to llc's own output (testsuite/ir/merge/size-model-*.ll,
 * with Inputs/check-size-model.py). For that test and for whoever tunes
 * the model; not part of the help. Exit status 0, or 2 when the module
 * cannot be read or the output written. */
#include "cli_commands.h"

#include "ir_reader.h"
#include "ltofold_merge.h"
#include "output_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ltofold_cli_size_model(int argc, char **argv) {
  if (argc != 2 || (argv[1][0] == '-' && argv[1][1])) {
    fprintf(stderr, "usage: ltofold size-model IN.{ll,bc}\n");
    return LTOFOLD_EXIT_ERROR;
  }
  LLVMContextRef context = LLVMContextCreate();
  char *error = NULL;
  LLVMModuleRef module = ltofold_read_module(context, argv[1], &error);
  if (!module) {
    fprintf(stderr, "ltofold: error: %s\n", error);
    free(error);
    LLVMContextDispose(context);
    return LTOFOLD_EXIT_ERROR;
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn;
       fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    ltofold_size_prediction p;
    ltofold_predict_size(fn, &p);
    size_t length;
    const char *name = LLVMGetValueName2(fn, &length);
    printf("%.*s target=%s code=%u padding=%u unwind=%u thunk=%u pool=%u "
           "stack_calls=%u\n",
           (int)length, name, p.target, p.code, p.padding, p.unwind, p.thunk,
           p.pool, p.stack_calls);
  }
  LLVMDisposeModule(module);
  LLVMContextDispose(context);
  int unwritten = ltofold_stdout_finish("ltofold", LTOFOLD_EXIT_ERROR);
  return unwritten ? unwritten : LTOFOLD_EXIT_OK;
}
