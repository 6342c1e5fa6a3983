// LLVMgold.so's options that need LLVM's C++ API (llvm_settings.h): LLVM's
// command-line options, remarks files, the LTO pipeline with a profile, and
// code generation with split DWARF or into assembly.
#include "llvm_settings.h"

#include "messages.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMRemarkStreamer.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassTimingInfo.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Remarks/HotnessThresholdParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/PGOOptions.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {
// The code generation options of LLVM's tools (llc's; CodeGen's
// CommandFlags), registered here when nothing in the process has (libLTO
// does, as does LLVMgold.so; libLLVM keeps them in function-local statics,
// so registering them twice registers nothing twice).
void registerCodeGenOptions() { static codegen::RegisterCodeGenFlags Flags; }

// The code generation options that ltofold_emit applies to the machine.
bool isAppliedCodeGenOption(StringRef Name) {
  return Name == "function-sections" || Name == "data-sections";
}

// The code generation options of LLVM's tools that code generation here
// does not apply: the target machine comes from LLVM-C, with ltofold's own
// mcpu= and mattr= (and the relocation model from the output kind).
bool isIgnoredCodeGenOption(StringRef Name) {
  static const char *const Names[] = {"march",
                                      "mcpu",
                                      "mattr",
                                      "mtriple",
                                      "relocation-model",
                                      "code-model",
                                      "float-abi",
                                      "frame-pointer",
                                      "filetype",
                                      "exception-model",
                                      "emulated-tls",
                                      "enable-tlsdesc",
                                      "use-ctors",
                                      "stackrealign",
                                      "trap-func",
                                      "enable-addrsig",
                                      "unique-section-names",
                                      "basic-block-sections",
                                      "split-machine-functions",
                                      "large-data-threshold",
                                      "denormal-fp-math",
                                      "enable-no-infs-fp-math",
                                      "enable-no-nans-fp-math",
                                      "enable-no-signed-zeros-fp-math",
                                      "enable-unsafe-fp-math",
                                      "fp-contract"};
  for (const char *Ignored : Names)
    if (Name == Ignored)
      return true;
  return false;
}

// "-function-sections=false" -> "function-sections".
StringRef optionName(StringRef Option) {
  Option = Option.ltrim('-');
  return Option.take_until([](char C) { return C == '='; });
}

// "LLVM: Unknown command line argument '-x'. Try: '...'\n...: Did you
// mean '--y'?" as one line: the message and the suggestion.
std::string oneLine(StringRef Text) {
  std::string Line;
  SmallVector<StringRef, 2> Lines;
  Text.trim().split(Lines, '\n');
  for (StringRef Part : Lines) {
    Part.consume_front("ltofold-gold.so: ");
    size_t Try = Part.find("  Try: ");
    if (Try != StringRef::npos)
      Part = Part.take_front(Try);
    Line += (Line.empty() ? "" : " ") + Part.trim().str();
  }
  return Line;
}

bool CodeGenOptionsGiven = false;
} // namespace

extern "C" int ltofold_llvm_parse_options(char *const *Options, size_t Count,
                                          char **Error) {
  if (!Count)
    return 0;
  registerCodeGenOptions();
  for (size_t I = 0; I < Count; ++I) {
    StringRef Name = optionName(Options[I]);
    if (isIgnoredCodeGenOption(Name)) {
      *Error = ltofold_copy_message(
          "-plugin-opt=" + std::string(Options[I]) +
          ": a code generation option of LLVM's tools that ltofold-gold.so "
          "does not apply (its own options: mcpu=, mattr=)");
      return -1;
    }
    CodeGenOptionsGiven |= isAppliedCodeGenOption(Name);
  }
  std::vector<const char *> Arguments = {"ltofold-gold.so"};
  Arguments.insert(Arguments.end(), Options, Options + Count);
  std::string Text;
  raw_string_ostream Errors(Text);
  if (!cl::ParseCommandLineOptions(static_cast<int>(Arguments.size()),
                                   Arguments.data(), "", &Errors)) {
    *Error = ltofold_copy_message("LLVM's options (-plugin-opt=-...): " +
                                  oneLine(Text));
    return -1;
  }
  return 0;
}

extern "C" void ltofold_llvm_report_timings(void) {
  if (TimePassesIsEnabled)
    reportAndResetTimings(&errs());
}

struct ltofold_remarks {
  LLVMRemarkFileHandle File;
};

extern "C" ltofold_remarks *
ltofold_remarks_begin(LLVMContextRef Context,
                      const ltofold_remarks_settings *Settings, char **Error) {
  if (!Settings->filename)
    return nullptr;
  std::optional<uint64_t> Threshold = 0;
  if (Settings->hotness_threshold) {
    Expected<std::optional<uint64_t>> Parsed =
        remarks::parseHotnessThresholdOption(Settings->hotness_threshold);
    if (!Parsed) {
      *Error = ltofold_copy_message("opt-remarks-hotness-threshold: " +
                                    toString(Parsed.takeError()));
      return nullptr;
    }
    Threshold = *Parsed;
  }
  Expected<LLVMRemarkFileHandle> File =
      setupLLVMOptimizationRemarks(*unwrap(Context), Settings->filename,
                                   Settings->passes ? Settings->passes : "",
                                   Settings->format ? Settings->format : "yaml",
                                   Settings->with_hotness, Threshold);
  if (!File) {
    *Error = ltofold_copy_message("opt-remarks-filename: " +
                                  toString(File.takeError()));
    return nullptr;
  }
  auto *Remarks = new ltofold_remarks{std::move(*File)};
  return Remarks;
}

extern "C" void ltofold_remarks_end(ltofold_remarks *Remarks) {
  if (!Remarks)
    return;
  if (Remarks->File) {
    Remarks->File.finalize();
    Remarks->File->keep();
  }
  delete Remarks;
}

extern "C" int ltofold_run_lto_with_profile(
    LLVMModuleRef ModuleRef, LLVMTargetMachineRef MachineRef, unsigned Level,
    const char *SampleProfile, const char *CSProfile, char **Error) {
  Module &M = *unwrap(ModuleRef);
  // As LLVM's LTO backend: a sample profile is read with the debug
  // information made for profiling; a context-sensitive profile is an IR
  // profile used again after the LTO inliner.
  std::optional<PGOOptions> PGO;
  if (SampleProfile)
    PGO = PGOOptions(SampleProfile, "", "", "", PGOOptions::SampleUse,
                     PGOOptions::NoCSAction, PGOOptions::ColdFuncOpt::Default,
                     /*DebugInfoForProfiling=*/true);
  else if (CSProfile)
    PGO = PGOOptions(CSProfile, "", "", "", PGOOptions::IRUse,
                     PGOOptions::CSIRUse, PGOOptions::ColdFuncOpt::Default,
                     /*DebugInfoForProfiling=*/false);
  PipelineTuningOptions Tuning;
  Tuning.LoopVectorization = Level > 1;
  Tuning.SLPVectorization = Level > 1;
  PassInstrumentationCallbacks Instrumentation;
  StandardInstrumentations Standard(M.getContext(), /*DebugLogging=*/false);
  auto *Machine = reinterpret_cast<TargetMachine *>(MachineRef);
  PassBuilder Builder(Machine, Tuning, PGO, &Instrumentation);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  Builder.registerModuleAnalyses(MAM);
  Builder.registerCGSCCAnalyses(CGAM);
  Builder.registerFunctionAnalyses(FAM);
  Builder.registerLoopAnalyses(LAM);
  Builder.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  Standard.registerCallbacks(Instrumentation, &MAM);
  static const OptimizationLevel Levels[] = {
      OptimizationLevel::O0, OptimizationLevel::O1, OptimizationLevel::O2,
      OptimizationLevel::O3};
  if (Level > 3) {
    *Error =
        ltofold_copy_message("no optimization level " + std::to_string(Level));
    return -1;
  }
  ModulePassManager Passes =
      Builder.buildLTODefaultPipeline(Levels[Level], /*ExportSummary=*/nullptr);
  Passes.run(M, MAM);
  return 0;
}

extern "C" int ltofold_emit(LLVMTargetMachineRef MachineRef,
                            LLVMModuleRef ModuleRef, bool Assembly,
                            const char *DwoPath, LLVMMemoryBufferRef *Output,
                            char **Error) {
  *Output = nullptr;
  auto *Machine = reinterpret_cast<TargetMachine *>(MachineRef);
  Module &M = *unwrap(ModuleRef);
  if (CodeGenOptionsGiven) {
    if (std::optional<bool> Sections = codegen::getExplicitFunctionSections())
      Machine->Options.FunctionSections = *Sections;
    if (std::optional<bool> Sections = codegen::getExplicitDataSections())
      Machine->Options.DataSections = *Sections;
  }
  Machine->Options.MCOptions.AsmVerbose = Assembly;
  Machine->Options.MCOptions.SplitDwarfFile = DwoPath ? DwoPath : "";
  std::unique_ptr<ToolOutputFile> Dwo;
  if (DwoPath) {
    std::error_code Opened;
    Dwo = std::make_unique<ToolOutputFile>(DwoPath, Opened, sys::fs::OF_None);
    if (Opened) {
      *Error =
          ltofold_copy_message("dwo_dir: cannot write " + std::string(DwoPath) +
                               ": " + Opened.message());
      return -1;
    }
  }
  M.setDataLayout(Machine->createDataLayout());
  SmallVector<char, 0> Bytes;
  raw_svector_ostream Stream(Bytes);
  legacy::PassManager Passes;
  if (Machine->addPassesToEmitFile(Passes, Stream, Dwo ? &Dwo->os() : nullptr,
                                   Assembly ? CodeGenFileType::AssemblyFile
                                            : CodeGenFileType::ObjectFile)) {
    *Error = ltofold_copy_message("the target cannot emit this kind of file");
    return -1;
  }
  Passes.run(M);
  if (Dwo) {
    Dwo->os().close();
    if (Dwo->os().has_error()) {
      *Error =
          ltofold_copy_message("dwo_dir: cannot write " + std::string(DwoPath) +
                               ": " + Dwo->os().error().message());
      Dwo->os().clear_error();
      return -1;
    }
    Dwo->keep();
  }
  *Output = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      Bytes.data(), Bytes.size(), M.getModuleIdentifier().c_str());
  return 0;
}
