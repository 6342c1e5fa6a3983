// llvm::lto::LTO behind a C interface (lto_driver.h): the linker's
// resolutions turned into LLVM's SymbolResolution, the driver run with a
// hook that keeps each optimized module and stops before code generation.
#include "lto_driver.h"

#include "messages.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace llvm;

static Expected<std::unique_ptr<lto::InputFile>>
readInput(const ltofold_lto_input &Input) {
  return lto::InputFile::create(
      MemoryBufferRef(StringRef(Input.bytes, Input.size), Input.name));
}

extern "C" bool ltofold_is_thin_bitcode(const char *Bytes, size_t Size) {
  Expected<BitcodeLTOInfo> Info =
      getBitcodeLTOInfo(MemoryBufferRef(StringRef(Bytes, Size), ""));
  if (!Info) {
    consumeError(Info.takeError());
    return false;
  }
  return Info->IsThinLTO;
}

namespace {
// What the resolution of a name needs from every file that has it.
struct NameFacts {
  bool DefaultVisibility = true;
  bool CanOmitFromDynSym = true;
};

// A section name the linker makes __start_/__stop_ symbols for.
bool isCIdentifier(StringRef Name) {
  if (Name.empty() || isDigit(Name[0]))
    return false;
  for (char C : Name)
    if (!isAlnum(C) && C != '_')
      return false;
  return true;
}

// Each symbol's resolution, as LLVMgold.so derives it from the same
// plugin-API resolutions (gold-plugin.cpp), matched by name instead of by
// position: ltofold's claim order is its own.
using SymbolsByName = StringMap<const ld_plugin_symbol *>;

SymbolsByName symbolsByName(const ltofold_lto_input &Input) {
  SymbolsByName ByName;
  for (size_t I = 0; I < Input.symbol_count; ++I)
    ByName[Input.symbols[I].name] = &Input.symbols[I];
  return ByName;
}

std::vector<lto::SymbolResolution> resolve(const lto::InputFile &File,
                                           const SymbolsByName &ByName,
                                           const StringMap<NameFacts> &Facts,
                                           bool Executable) {
  std::vector<lto::SymbolResolution> Resolutions;
  for (const lto::InputFile::Symbol &Symbol : File.symbols()) {
    lto::SymbolResolution R;
    auto Found = ByName.find(Symbol.getName());
    int Resolution =
        Found == ByName.end() ? LDPR_UNDEF : Found->second->resolution;
    const NameFacts &Name = Facts.lookup(Symbol.getName());
    bool Defined = !Symbol.isUndefined();
    switch (Resolution) {
    case LDPR_PREVAILING_DEF_IRONLY:
      R.Prevailing = Defined;
      break;
    case LDPR_PREVAILING_DEF:
      R.Prevailing = Defined;
      R.VisibleToRegularObj = true;
      break;
    case LDPR_PREVAILING_DEF_IRONLY_EXP:
      R.Prevailing = Defined;
      R.ExportDynamic = true;
      if (!Name.CanOmitFromDynSym)
        R.VisibleToRegularObj = true;
      break;
    case LDPR_RESOLVED_DYN:
      R.ExportDynamic = true;
      break;
    default:
      break;
    }
    if (isCIdentifier(Symbol.getSectionName()))
      R.VisibleToRegularObj = true;
    if (Resolution != LDPR_RESOLVED_DYN && Resolution != LDPR_UNDEF &&
        (Executable || !Name.DefaultVisibility))
      R.FinalDefinitionInLinkageUnit = true;
    Resolutions.push_back(R);
  }
  return Resolutions;
}
} // namespace

namespace {
// The optimized modules on their way from the backends' threads to the
// receiver, which runs on a thread of its own (lto_driver.h).
class Delivery {
public:
  Delivery(ltofold_lto_receiver Receive, void *Data)
      : Receive(Receive), Data(Data), Worker([this] { deliver(); }) {}
  ~Delivery() { finish(); }

  void add(unsigned Task, std::unique_ptr<MemoryBuffer> Bitcode) {
    std::lock_guard<std::mutex> Guard(Lock);
    Queue.emplace_back(Task, std::move(Bitcode));
    Ready.notify_one();
  }

  // Waits until every module added has been received.
  void finish() {
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Done = true;
      Ready.notify_one();
    }
    if (Worker.joinable())
      Worker.join();
  }

private:
  void deliver() {
    std::unique_lock<std::mutex> Guard(Lock);
    for (;;) {
      Ready.wait(Guard, [this] { return Done || !Queue.empty(); });
      if (Queue.empty())
        return;
      auto [Task, Bitcode] = std::move(Queue.front());
      Queue.pop_front();
      Guard.unlock();
      Receive(Data, Task, wrap(Bitcode.release()));
      Guard.lock();
    }
  }

  ltofold_lto_receiver Receive;
  void *Data;
  std::mutex Lock;
  std::condition_variable Ready;
  std::deque<std::pair<unsigned, std::unique_ptr<MemoryBuffer>>> Queue;
  bool Done = false;
  std::thread Worker; // last: starts once the rest is built
};
} // namespace

extern "C" int ltofold_lto_optimize(const ltofold_lto_input *Inputs,
                                    size_t Count,
                                    const ltofold_lto_settings *Settings,
                                    ltofold_lto_receiver Receive,
                                    void *ReceiveData, char **Messages,
                                    char **Error) {
  *Messages = nullptr;
  std::vector<std::unique_ptr<lto::InputFile>> Files;
  std::vector<SymbolsByName> Symbols; // each input's, for its resolutions
  StringMap<NameFacts> Facts;
  for (size_t I = 0; I < Count; ++I) {
    Expected<std::unique_ptr<lto::InputFile>> File = readInput(Inputs[I]);
    if (!File) {
      *Error = ltofold_copy_message(std::string(Inputs[I].name) + ": " +
                                    toString(File.takeError()));
      return -1;
    }
    const SymbolsByName &ByName = Symbols.emplace_back(symbolsByName(Inputs[I]));
    for (const lto::InputFile::Symbol &Symbol : (*File)->symbols()) {
      // Common symbols need a resolution of their own (LLVMgold.so makes
      // the largest prevail, by hand); the full-LTO path links them as the
      // IR linker does.
      if (Symbol.isCommon()) {
        *Error =
            ltofold_copy_message("common symbol '" + Symbol.getName().str() +
                                 "' in " + Inputs[I].name);
        return 1;
      }
      // A definition the linker was never told of has no resolution to
      // derive; the driver would drop it as not prevailing.
      if (!Symbol.isUndefined() && !ByName.count(Symbol.getName())) {
        *Error = ltofold_copy_message("symbol '" + Symbol.getName().str() +
                                      "' of " + Inputs[I].name +
                                      " has no linker symbol");
        return 1;
      }
      NameFacts &Name = Facts[Symbol.getName()];
      Name.DefaultVisibility &=
          Symbol.getVisibility() == GlobalValue::DefaultVisibility;
      Name.CanOmitFromDynSym &= Symbol.canBeOmittedFromSymbolTable();
    }
    Files.push_back(std::move(*File));
  }

  std::mutex Lock; // guards Warnings and Failure: backends run on threads
  std::string Warnings, Failure;
  lto::Config Conf;
  Conf.OptLevel = Settings->opt_level;
  // Vectorizers from O2 on, as lld and LLVMgold.so set them.
  Conf.PTO.LoopVectorization = Settings->opt_level > 1;
  Conf.PTO.SLPVectorization = Settings->opt_level > 1;
  Conf.CGOptLevel = Settings->opt_level == 0 ? CodeGenOptLevel::None
                                             : CodeGenOptLevel::Default;
  if (Settings->cpu)
    Conf.CPU = Settings->cpu;
  Conf.RelocModel = Settings->pic ? Reloc::PIC_ : Reloc::Static;
  Conf.DiagHandler = [&](const DiagnosticInfo &Info) {
    std::string Text;
    raw_string_ostream Stream(Text);
    DiagnosticPrinterRawOStream Printer(Stream);
    Info.print(Printer);
    std::lock_guard<std::mutex> Guard(Lock);
    if (Info.getSeverity() == DS_Error) {
      if (Failure.empty())
        Failure = Text;
    } else if (Info.getSeverity() == DS_Warning) {
      Warnings += Text + "\n";
    }
  };
  // Each backend's module, written as bitcode once optimized and handed to
  // the receiver; false ends the backend there, before code generation.
  Delivery Received(Receive, ReceiveData);
  Conf.PostOptModuleHook = [&](unsigned Task, const Module &M) {
    SmallVector<char, 0> Bitcode;
    raw_svector_ostream Stream(Bitcode);
    WriteBitcodeToFile(M, Stream);
    Received.add(Task, std::make_unique<SmallVectorMemoryBuffer>(
                           std::move(Bitcode), M.getModuleIdentifier(), false));
    return false;
  };

  lto::ThinBackend Backend = lto::createInProcessThinBackend(
      heavyweight_hardware_concurrency(Settings->jobs));
  lto::LTO Driver(std::move(Conf), Backend);
  for (size_t I = 0; I < Files.size(); ++I) {
    std::vector<lto::SymbolResolution> Resolutions = resolve(
        *Files[I], Symbols[I], Facts, Settings->executable);
    if (llvm::Error E = Driver.add(std::move(Files[I]), Resolutions)) {
      *Error = ltofold_copy_message(std::string(Inputs[I].name) + ": " +
                                    toString(std::move(E)));
      return -1;
    }
  }
  // Nothing is generated: a request for an object stream is a fault here.
  auto NoObjects =
      [&](unsigned Task,
          const Twine &) -> Expected<std::unique_ptr<CachedFileStream>> {
    return createStringError(
        inconvertibleErrorCode(),
        "code generation was not to run in the LTO driver");
  };
  llvm::Error Run = Driver.run(NoObjects);
  Received.finish();
  if (!Warnings.empty())
    *Messages = ltofold_copy_message(Warnings);
  if (Run || !Failure.empty()) {
    *Error = ltofold_copy_message(Failure.empty() ? toString(std::move(Run))
                                                  : Failure);
    consumeError(std::move(Run));
    return -1;
  }
  return 0;
}

extern "C" void ltofold_drop_lto_unit_flags(LLVMModuleRef ModuleRef) {
  NamedMDNode *Flags = unwrap(ModuleRef)->getModuleFlagsMetadata();
  if (!Flags)
    return;
  SmallVector<MDNode *, 16> Kept;
  for (MDNode *Flag : Flags->operands()) {
    auto *Key = Flag->getNumOperands() > 1
                    ? dyn_cast<MDString>(Flag->getOperand(1))
                    : nullptr;
    if (Key &&
        (Key->getString() == "EnableSplitLTOUnit" ||
         Key->getString() == "ThinLTO" || Key->getString() == "UnifiedLTO"))
      continue;
    Kept.push_back(Flag);
  }
  Flags->clearOperands();
  for (MDNode *Flag : Kept)
    Flags->addOperand(Flag);
}
