// The optimization pipeline of a ThinLTO backend, as lld runs it in process
// (llvm/lib/LTO/LTOBackend.cpp, runNewPMPasses, with the target machine its
// createTargetMachine makes from the module when nothing overrides it), with
// ltofold's passes registered where the pass plugin registers them
// (pass_callbacks.cpp). C++ because the C API's LLVMRunPasses takes no
// pass-builder callbacks and no import summary.
#include "thin_backend.h"

#include "pass_callbacks.h"

#include "messages.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

std::vector<std::string> RunOptions;
std::vector<std::string> runOptions() { return RunOptions; }

// What lto::createTargetMachine makes when the configuration sets nothing:
// the triple's default features, the relocation and code models the module
// records. Functions carry their own CPU and features.
std::unique_ptr<TargetMachine> moduleTargetMachine(Module &M, std::string &Error) {
  const Target *T = TargetRegistry::lookupTarget(M.getTargetTriple(), Error);
  if (!T)
    return nullptr;
  SubtargetFeatures Features;
  Features.getDefaultSubtargetFeatures(M.getTargetTriple());
  std::optional<Reloc::Model> Relocation;
  if (M.getModuleFlag("PIC Level"))
    Relocation = M.getPICLevel() == PICLevel::NotPIC ? Reloc::Static : Reloc::PIC_;
  TargetOptions Options;
  Options.MCOptions.ABIName = M.getTargetABIFromMD();
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      M.getTargetTriple(), "", Features.getString(), Options, Relocation,
      M.getCodeModel(), CodeGenOptLevel::Default));
  if (TM)
    if (std::optional<uint64_t> Threshold = M.getLargeDataThreshold())
      TM->setLargeDataThreshold(*Threshold);
  if (!TM)
    Error = "no target machine for " + M.getTargetTriple().str();
  return TM;
}

} // namespace

extern "C" int ltofold_thin_optimize(LLVMModuleRef ModuleRef, const char *IndexPath,
                                     const ltofold_thin_tuning *Tuning,
                                     const char *const *Pairs, size_t PairCount,
                                     char **Error) {
  Module &M = *unwrap(ModuleRef);
  std::string Message;
  std::unique_ptr<TargetMachine> TM = moduleTargetMachine(M, Message);
  if (!TM) {
    *Error = ltofold_copy_message(Message);
    return 1;
  }
  Expected<std::unique_ptr<ModuleSummaryIndex>> Index =
      getModuleSummaryIndexForFile(IndexPath);
  if (!Index) {
    *Error = ltofold_copy_message(std::string(IndexPath) + ": " + toString(Index.takeError()));
    return 1;
  }
  RunOptions.assign(Pairs, Pairs + PairCount);

  PipelineTuningOptions PTO;
  PTO.LoopUnrolling = Tuning->unroll_loops;
  PTO.LoopInterleaving = Tuning->unroll_loops;
  PTO.LoopVectorization = Tuning->loop_vectorize;
  PTO.SLPVectorization = Tuning->slp_vectorize;
  PTO.CallGraphProfile = true;

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassInstrumentationCallbacks PIC;
  StandardInstrumentations SI(M.getContext(), false, false);
  SI.registerCallbacks(PIC, &MAM);
  PassBuilder PB(TM.get(), PTO, std::nullopt, &PIC);
  ltofold::registerPassBuilderCallbacks(PB, runOptions);
  TargetLibraryInfoImpl TLII(TM->getTargetTriple(), TM->Options.VecLib);
  FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  static const OptimizationLevel Levels[] = {
      OptimizationLevel::O0, OptimizationLevel::O1, OptimizationLevel::O2,
      OptimizationLevel::O3};
  ModulePassManager MPM;
  MPM.addPass(VerifierPass());
  MPM.addPass(PB.buildThinLTODefaultPipeline(Levels[Tuning->opt_level > 3 ? 3 : Tuning->opt_level],
                                             Index->get()));
  MPM.addPass(VerifierPass());
  MPM.run(M, MAM);
  return 0;
}

int ltofold_write_bitcode_keeping_use_lists(LLVMModuleRef module,
                                            const char *path) {
  std::error_code EC;
  raw_fd_ostream OS(path, EC);
  if (EC)
    return 1;
  WriteBitcodeToFile(*unwrap(module), OS, /*ShouldPreserveUseListOrder=*/true);
  OS.close();
  return OS.has_error() ? 1 : 0;
}

void ltofold_thin_drop_dead_constant_users(LLVMModuleRef ModuleRef) {
  for (Function &F : *unwrap(ModuleRef))
    F.removeDeadConstantUsers();
}
