// ltofold's passes in a pass builder: fprange at the start and canon and
// merge at the end of the full-LTO pipeline and of every ThinLTO backend's,
// and the pipeline names for opt. Shared by the pass plugin (lld, opt:
// pass_plugin.cpp) and `ltofold thin-backend` (thin_backend.cpp), which
// runs a ThinLTO backend's pipeline itself for distributed builds.
#include "pass_callbacks.h"
#include "plugin_entry.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/ErrorHandling.h"

#include <memory>

using namespace llvm;

namespace {

// Owns the C session for the lifetime of the pass builder's callbacks.
using Session = std::shared_ptr<ltofold_plugin_session>;

struct LtofoldPass : PassInfoMixin<LtofoldPass> {
  Session S;
  ltofold::OptionSource Options;
  ltofold_plugin_pipeline Pipeline;
  LtofoldPass(Session S, ltofold::OptionSource Options, ltofold_plugin_pipeline P)
      : S(std::move(S)), Options(Options), Pipeline(P) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    std::vector<std::string> Pairs = Options();
    std::vector<const char *> Raw;
    for (const std::string &P : Pairs)
      Raw.push_back(P.c_str());
    if (ltofold_plugin_run(S.get(), wrap(&M), Pipeline, Raw.data(), Raw.size()))
      report_fatal_error("ltofold failed (see the message above)", false);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

} // namespace

void ltofold::registerPassBuilderCallbacks(PassBuilder &PB, OptionSource Options) {
  Session S(ltofold_plugin_session_new(), ltofold_plugin_session_free);
  PB.registerPipelineParsingCallback(
      [S, Options](StringRef Name, ModulePassManager &MPM,
          ArrayRef<PassBuilder::PipelineElement>) {
        static const struct {
          const char *Name;
          ltofold_plugin_pipeline Pipeline;
        } Names[] = {{"ltofold-merge", LTOFOLD_PLUGIN_MERGE},
                     {"ltofold-fprange", LTOFOLD_PLUGIN_FPRANGE},
                     {"ltofold-canon", LTOFOLD_PLUGIN_CANON},
                     {"ltofold", LTOFOLD_PLUGIN_ALL}};
        for (const auto &N : Names)
          if (Name == N.Name) {
            MPM.addPass(LtofoldPass(S, Options, N.Pipeline));
            return true;
          }
        return false;
      });
  PB.registerFullLinkTimeOptimizationEarlyEPCallback(
      [S, Options](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(LtofoldPass(S, Options, LTOFOLD_PLUGIN_LTO_EARLY));
      });
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [S, Options](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(LtofoldPass(S, Options, LTOFOLD_PLUGIN_LTO_LAST));
      });
  // A ThinLTO backend: one module (with what it imported) on a thread of
  // the link, or a process of its own in a distributed build.
  PB.registerOptimizerEarlyEPCallback(
      [S, Options](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase Phase) {
        if (Phase == ThinOrFullLTOPhase::ThinLTOPostLink)
          MPM.addPass(LtofoldPass(S, Options, LTOFOLD_PLUGIN_THIN_EARLY));
      });
  PB.registerOptimizerLastEPCallback(
      [S, Options](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase Phase) {
        if (Phase == ThinOrFullLTOPhase::ThinLTOPostLink)
          MPM.addPass(LtofoldPass(S, Options, LTOFOLD_PLUGIN_THIN_LAST));
      });
}
