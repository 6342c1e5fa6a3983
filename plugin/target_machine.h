/* Target machines for a module's triple, with the CPU the user asked for
 * checked against the target (an unknown CPU is an error, not LLVM's
 * warning followed by code for the generic CPU). */
#ifndef LTOFOLD_TARGET_MACHINE_H
#define LTOFOLD_TARGET_MACHINE_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

/* The module's target triple, or the default one when it names none
 * (malloc'd). */
char *ltofold_module_triple(LLVMModuleRef module);

/* Creates a target machine for `triple` and `cpu` ("" or NULL: the
 * target's default CPU). The targets must be initialized. Returns NULL with
 * a malloc'd message in *error when LLVM has no code generator for the
 * triple or does not know the CPU for that target. */
LLVMTargetMachineRef ltofold_create_target_machine(const char *triple,
                                                   const char *cpu,
                                                   LLVMCodeGenOptLevel level,
                                                   LLVMRelocMode relocation,
                                                   char **error);

#endif
