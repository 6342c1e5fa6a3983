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

/* The same with target features (`features`: "+avx2,-sse4a", or NULL). A
 * cpu of "native" is this machine's CPU, with this machine's features
 * under `features`, as LLVM's tools read -mcpu=native. */
LLVMTargetMachineRef ltofold_create_target_machine_with_features(
    const char *triple, const char *cpu, const char *features,
    LLVMCodeGenOptLevel level, LLVMRelocMode relocation, char **error);

/* The CPU that `cpu` names: this machine's for "native", else a copy
 * (malloc'd; NULL for NULL). */
char *ltofold_cpu_name(const char *cpu);
/* The features for `cpu` and `features` (either may be NULL): this
 * machine's first for "native", then `features` (malloc'd; NULL when
 * there are none). */
char *ltofold_cpu_features(const char *cpu, const char *features);

#endif
