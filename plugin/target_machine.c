/* Checking a CPU name against the target, from C.
 *
 * LLVM knows each target's CPUs (the subtarget tables), but LLVM-C offers
 * no way to ask: LLVMCreateTargetMachine accepts any name,
 * LLVMGetTargetMachineCPU gives the name back unchanged, and
 * LLVMGetHostCPUName is about this machine, not the target. What LLVM does
 * with an unknown CPU is to print "'NAME' is not a recognized processor for
 * this target (ignoring processor)" to stderr while it builds the target
 * machine's subtarget, and go on with the generic CPU. (The disassembler's
 * LLVMCreateDisasmCPU reaches the same tables and prints the same line.)
 *
 * So the check builds the target machine with standard error pointed at an
 * in-memory file, and looks for that line: the one observable verdict LLVM
 * gives without C++ (the lld/opt shim is the only C++ file, and the gold
 * plugin and the command must not need it). Whatever else LLVM printed
 * meanwhile is passed on to the real standard error. The redirection
 * covers only the constructor call, made where nothing else of ours writes
 * to stderr meanwhile (the command has no threads; the gold plugin calls it
 * from claim_file and all_symbols_read, while the linker waits for it). */
#include "target_machine.h"

#include "messages.h"
#include "output_file.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

char *ltofold_module_triple(LLVMModuleRef module) {
  const char *triple = LLVMGetTarget(module);
  if (triple && *triple)
    return ltofold_format("%s", triple);
  char *host = LLVMGetDefaultTargetTriple();
  char *copy = ltofold_format("%s", host);
  LLVMDisposeMessage(host);
  return copy;
}

/* What was written to `fd` from its start (malloc'd, NUL-terminated). */
static char *read_back(int fd) {
  off_t size = lseek(fd, 0, SEEK_END);
  char *text = malloc(size > 0 ? (size_t)size + 1 : 1);
  if (!text)
    abort();
  ssize_t got = size > 0 ? pread(fd, text, (size_t)size, 0) : 0;
  text[got > 0 ? got : 0] = '\0';
  return text;
}

/* Runs LLVMCreateTargetMachine with stderr captured in *captured
 * (malloc'd; NULL when it could not be captured, and stderr was left
 * alone). */
static LLVMTargetMachineRef
create_capturing_stderr(LLVMTargetRef target, const char *triple,
                        const char *cpu, const char *features,
                        LLVMCodeGenOptLevel level, LLVMRelocMode relocation,
                        char **captured) {
  *captured = NULL;
  fflush(stderr);
  int capture = memfd_create("ltofold-stderr", MFD_CLOEXEC);
  int saved = capture >= 0 ? dup(STDERR_FILENO) : -1;
  bool redirected = saved >= 0 && dup2(capture, STDERR_FILENO) >= 0;
  LLVMTargetMachineRef machine = LLVMCreateTargetMachine(
      target, triple, cpu, features, level, relocation, LLVMCodeModelDefault);
  if (redirected) {
    dup2(saved, STDERR_FILENO);
    *captured = read_back(capture);
  }
  if (saved >= 0)
    close(saved);
  if (capture >= 0)
    close(capture);
  return machine;
}

static bool is_native(const char *cpu) { return cpu && !strcmp(cpu, "native"); }

char *ltofold_cpu_name(const char *cpu) {
  if (!cpu)
    return NULL;
  if (!is_native(cpu))
    return ltofold_format("%s", cpu);
  char *host = LLVMGetHostCPUName();
  char *copy = ltofold_format("%s", host);
  LLVMDisposeMessage(host);
  return copy;
}

char *ltofold_cpu_features(const char *cpu, const char *features) {
  char *host = is_native(cpu) ? LLVMGetHostCPUFeatures() : NULL;
  char *combined = NULL;
  if (host && *host && features && *features)
    combined = ltofold_format("%s,%s", host, features);
  else if (host && *host)
    combined = ltofold_format("%s", host);
  else if (features && *features)
    combined = ltofold_format("%s", features);
  if (host)
    LLVMDisposeMessage(host);
  return combined;
}

LLVMTargetMachineRef ltofold_create_target_machine(const char *triple,
                                                   const char *cpu,
                                                   LLVMCodeGenOptLevel level,
                                                   LLVMRelocMode relocation,
                                                   char **error) {
  return ltofold_create_target_machine_with_features(triple, cpu, NULL, level,
                                                     relocation, error);
}

LLVMTargetMachineRef ltofold_create_target_machine_with_features(
    const char *triple, const char *cpu, const char *features,
    LLVMCodeGenOptLevel level, LLVMRelocMode relocation, char **error) {
  LLVMTargetRef target;
  char *message = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &message)) {
    *error = ltofold_format("no code generator for target '%s': %s", triple,
                            message);
    LLVMDisposeMessage(message);
    return NULL;
  }
  char *captured = NULL;
  *error = NULL;
  char *cpu_name = ltofold_cpu_name(cpu);
  char *all_features = ltofold_cpu_features(cpu, features);
  LLVMTargetMachineRef machine = create_capturing_stderr(
      target, triple, cpu_name ? cpu_name : "",
      all_features ? all_features : "", level, relocation, &captured);
  free(cpu_name);
  free(all_features);
  if (captured && strstr(captured, "is not a recognized processor")) {
    *error = ltofold_format("'%s' is not a CPU of target '%s' (llc-22 "
                            "-mtriple=%s -mcpu=help lists them)",
                            cpu, triple, triple);
    if (machine)
      LLVMDisposeTargetMachine(machine);
    machine = NULL;
  } else if (captured && strstr(captured, "is not a recognized feature")) {
    *error = ltofold_format("'%s' has a feature target '%s' does not know "
                            "(llc-22 -mtriple=%s -mattr=help lists them)",
                            features, triple, triple);
    if (machine)
      LLVMDisposeTargetMachine(machine);
    machine = NULL;
  } else if (captured && *captured) {
    ltofold_write_fully(STDERR_FILENO, captured, strlen(captured));
  }
  if (!machine && !*error)
    *error = ltofold_format("cannot create a target machine for '%s'", triple);
  free(captured);
  return machine;
}
