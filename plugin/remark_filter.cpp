// Whether a remark that reached a context's diagnostic handler was asked
// for (ir_reader.h): LLVM-C's handlers receive every remark, whatever
// -pass-remarks= selects, and cannot ask a remark its pass.
#include <llvm-c/Core.h>
#include <llvm/IR/DiagnosticInfo.h>

using namespace llvm;

extern "C" bool ltofold_remark_enabled(LLVMDiagnosticInfoRef Info) {
  auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(unwrap(Info));
  return Remark && Remark->isEnabled();
}
