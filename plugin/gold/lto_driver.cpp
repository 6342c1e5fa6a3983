// llvm::lto::LTO behind a C interface (lto_driver.h): the linker's
// resolutions turned into LLVM's SymbolResolution, the driver run with a
// hook that keeps each optimized module and stops before code generation.
#include "lto_driver.h"

#include "messages.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Remarks/HotnessThresholdParser.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
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
  bool Redefined = false; // by the linker's --wrap (lto_driver.h)
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

} // namespace

extern "C" bool ltofold_is_c_identifier(const char *Name) {
  return isCIdentifier(Name);
}

namespace {
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
    if (Name.Redefined) {
      R.LinkerRedefined = true;
      R.VisibleToRegularObj = true;
    }
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

  void add(unsigned Task, std::unique_ptr<MemoryBuffer> Bitcode, bool Cached) {
    std::lock_guard<std::mutex> Guard(Lock);
    Queue.push_back({Task, std::move(Bitcode), Cached});
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
      Arrival Next = std::move(Queue.front());
      Queue.pop_front();
      Guard.unlock();
      Receive(Data, Next.Task, wrap(Next.Bitcode.release()), Next.Cached);
      Guard.lock();
    }
  }

  ltofold_lto_receiver Receive;
  void *Data;
  std::mutex Lock;
  std::condition_variable Ready;
  struct Arrival {
    unsigned Task;
    std::unique_ptr<MemoryBuffer> Bitcode;
    bool Cached;
  };
  std::deque<Arrival> Queue;
  bool Done = false;
  std::thread Worker; // last: starts once the rest is built
};
} // namespace

namespace {
// cache-dir= for the backends: each optimized module is kept under LLVM's
// own key of its backend (computeLTOCacheKey: the module's hash, those of
// what it imports, the resolutions, the configuration and LLVM's version,
// what lld and LLVMgold.so key their ThinLTO objects by), so that a link in
// which one module changed runs the backends of that module and of those
// that import from it only. The entries keep the optimized bitcode, not
// objects: merge and code generation still see the whole program. An
// entry, "llvmcache-ltofold-thin-NAME" (so that LLVM's pruning counts it),
// holds a line of magic, the BLAKE3 hash of the bitcode, and the bitcode;
// one whose hash does not match is a miss. It is written to a temporary
// file and renamed, so that links running together never read half of one.
class ModuleCache {
public:
  ModuleCache(std::string Directory, std::string Salt)
      : Directory(std::move(Directory)), Salt(std::move(Salt)) {}

  // The entry of a backend's key: handed to `Received` on a hit, named as
  // the module the backend would have made, else remembered for the task,
  // whose module `store` will keep.
  bool fetch(unsigned Task, StringRef Key, const Twine &ModuleName,
             Delivery &Received) {
    std::string Path = pathOf(Key);
    ErrorOr<std::unique_ptr<MemoryBuffer>> Entry =
        MemoryBuffer::getFile(Path, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (Entry) {
      if (std::unique_ptr<MemoryBuffer> Bitcode =
              unpack(**Entry, ModuleName.str())) {
        Received.add(Task, std::move(Bitcode), true);
        return true;
      }
    }
    std::lock_guard<std::mutex> Guard(Lock);
    PathOfTask[Task] = Path;
    return false;
  }

  // Keeps a backend's module when its key missed; a failure to write
  // costs the next link that module's backend, never this link.
  void store(unsigned Task, StringRef Bitcode) {
    std::string Path;
    {
      std::lock_guard<std::mutex> Guard(Lock);
      auto Found = PathOfTask.find(Task);
      if (Found == PathOfTask.end())
        return;
      Path = Found->second;
    }
    Expected<sys::fs::TempFile> Temp =
        sys::fs::TempFile::create(Directory + "/ltofold-thin-%%%%%%.tmp");
    if (!Temp) {
      consumeError(Temp.takeError());
      return;
    }
    bool Failed;
    {
      // (an error left on the stream would end the process when it closes)
      raw_fd_ostream Out(Temp->FD, /*shouldClose=*/false);
      Out << Magic << digestOf(Bitcode) << '\n' << Bitcode;
      Out.flush();
      Failed = Out.has_error();
      Out.clear_error();
    }
    if (Failed) {
      consumeError(Temp->discard());
      return;
    }
    if (Error E = Temp->keep(Path)) {
      consumeError(std::move(E));
      consumeError(Temp->discard());
    }
  }

private:
  static constexpr StringLiteral Magic = "ltofold-thin-module 1\n";

  static std::string digestOf(StringRef Bytes) {
    return toHex(BLAKE3::hash(arrayRefFromStringRef(Bytes)), /*LowerCase=*/true);
  }

  std::string pathOf(StringRef Key) const {
    return Directory + "/llvmcache-ltofold-thin-" +
           digestOf((Salt + "\n" + Key).str());
  }

  // The bitcode of an entry, or null when it is not one whole.
  static std::unique_ptr<MemoryBuffer> unpack(const MemoryBuffer &Entry,
                                              StringRef Name) {
    StringRef Rest = Entry.getBuffer();
    if (!Rest.consume_front(Magic))
      return nullptr;
    auto [Digest, Bitcode] = Rest.split('\n');
    if (Digest != digestOf(Bitcode))
      return nullptr;
    return MemoryBuffer::getMemBufferCopy(Bitcode, Name);
  }

  std::string Directory, Salt;
  std::mutex Lock; // guards PathOfTask: backends run on threads
  std::map<unsigned, std::string> PathOfTask;
};

// What the driver's diagnostics said; backends report from their threads.
struct Diagnostics {
  std::mutex Lock;
  std::string Warnings, Failure;
};

// The configuration of both drivers, as lld and LLVMgold.so set it.
lto::Config configure(const ltofold_lto_settings &Settings, Diagnostics &Said) {
  lto::Config Conf;
  Conf.OptLevel = Settings.opt_level;
  // Vectorizers from O2 on, as lld and LLVMgold.so set them.
  Conf.PTO.LoopVectorization = Settings.opt_level > 1;
  Conf.PTO.SLPVectorization = Settings.opt_level > 1;
  Conf.CGOptLevel = Settings.opt_level == 0 ? CodeGenOptLevel::None
                                            : CodeGenOptLevel::Default;
  if (Settings.cpu)
    Conf.CPU = Settings.cpu;
  if (Settings.features)
    for (StringRef Feature : split(Settings.features, ','))
      if (!Feature.empty())
        Conf.MAttrs.push_back(Feature.str());
  if (Settings.sample_profile)
    Conf.SampleProfile = Settings.sample_profile;
  if (Settings.cs_profile)
    Conf.CSIRProfile = Settings.cs_profile;
  Conf.DisableVerify = Settings.disable_verify;
  if (Settings.remarks_filename) {
    Conf.RemarksFilename = Settings.remarks_filename;
    Conf.RemarksPasses = Settings.remarks_passes ? Settings.remarks_passes : "";
    Conf.RemarksFormat =
        Settings.remarks_format ? Settings.remarks_format : "yaml";
    Conf.RemarksWithHotness = Settings.remarks_with_hotness;
    // (checked when the option was set: a count or "auto")
    if (Settings.remarks_hotness_threshold) {
      Expected<std::optional<uint64_t>> Threshold =
          remarks::parseHotnessThresholdOption(
              Settings.remarks_hotness_threshold);
      if (Threshold)
        Conf.RemarksHotnessThreshold = *Threshold;
      else
        consumeError(Threshold.takeError());
    }
  }
  Conf.RelocModel = Settings.pic ? Reloc::PIC_ : Reloc::Static;
  Conf.DiagHandler = [&Said](const DiagnosticInfo &Info) {
    std::string Text;
    raw_string_ostream Stream(Text);
    DiagnosticPrinterRawOStream Printer(Stream);
    Info.print(Printer);
    std::lock_guard<std::mutex> Guard(Said.Lock);
    if (Info.getSeverity() == DS_Error) {
      if (Said.Failure.empty())
        Said.Failure = Text;
    } else if (Info.getSeverity() == DS_Warning) {
      Said.Warnings += Text + "\n";
    } else if (auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&Info);
               Remark && Remark->isEnabled()) {
      // asked for by LLVM's -pass-remarks=, printed as LLVM prints them
      errs() << "remark: " << Text << "\n";
    }
  };
  return Conf;
}

// Reads the inputs and adds each to the driver with the linker's
// resolutions. Returns 0, 1 when the link needs what the driver path does
// not handle, or -1 after an error (*Error either way).
int addInputs(lto::LTO &Driver, const ltofold_lto_input *Inputs, size_t Count,
              const ltofold_lto_settings &Settings, char **Error) {
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
  for (size_t I = 0; I < Settings.wrapped_count; ++I)
    for (const char *Prefix : {"", "__wrap_", "__real_"})
      Facts[std::string(Prefix) + Settings.wrapped[I]].Redefined = true;
  for (size_t I = 0; I < Files.size(); ++I) {
    std::vector<lto::SymbolResolution> Resolutions =
        resolve(*Files[I], Symbols[I], Facts, Settings.executable);
    if (llvm::Error E = Driver.add(std::move(Files[I]), Resolutions)) {
      *Error = ltofold_copy_message(std::string(Inputs[I].name) + ": " +
                                    toString(std::move(E)));
      return -1;
    }
  }
  return 0;
}

// Nothing is generated in the driver: a request for an object stream (code
// generation of a full-LTO part, or of a backend not stopped by its hook)
// is a fault here.
Expected<std::unique_ptr<CachedFileStream>> noObjects(unsigned, const Twine &) {
  return createStringError(inconvertibleErrorCode(),
                           "code generation was not to run in the LTO driver");
}

// The end of a run: the warnings in *Messages; 0, or -1 with *Error.
int finishRun(llvm::Error Run, Diagnostics &Said, char **Messages,
              char **Error) {
  if (!Said.Warnings.empty())
    *Messages = ltofold_copy_message(Said.Warnings);
  if (Run || !Said.Failure.empty()) {
    *Error = ltofold_copy_message(Said.Failure.empty() ? toString(std::move(Run))
                                                       : Said.Failure);
    consumeError(std::move(Run));
    return -1;
  }
  return 0;
}
} // namespace

extern "C" int ltofold_lto_optimize(const ltofold_lto_input *Inputs,
                                    size_t Count,
                                    const ltofold_lto_settings *Settings,
                                    ltofold_lto_receiver Receive,
                                    void *ReceiveData, char **Messages,
                                    char **Error) {
  *Messages = nullptr;
  Diagnostics Said;
  lto::Config Conf = configure(*Settings, Said);
  // Each backend's module, written as bitcode once optimized and handed to
  // the receiver; false ends the backend there, before code generation.
  Delivery Received(Receive, ReceiveData);
  std::unique_ptr<ModuleCache> Kept;
  if (Settings->cache_dir)
    Kept = std::make_unique<ModuleCache>(Settings->cache_dir,
                                         Settings->cache_salt);
  Conf.PostOptModuleHook = [&](unsigned Task, const Module &M) {
    SmallVector<char, 0> Bitcode;
    raw_svector_ostream Stream(Bitcode);
    WriteBitcodeToFile(M, Stream);
    if (Kept)
      Kept->store(Task, StringRef(Bitcode.data(), Bitcode.size()));
    Received.add(Task,
                 std::make_unique<SmallVectorMemoryBuffer>(
                     std::move(Bitcode), M.getModuleIdentifier(), false),
                 false);
    return false;
  };

  lto::ThinBackend Backend = lto::createInProcessThinBackend(
      heavyweight_hardware_concurrency(Settings->jobs));
  lto::LTO Driver(std::move(Conf), Backend);
  if (int Status = addInputs(Driver, Inputs, Count, *Settings, Error))
    return Status;
  // A hit hands the module over and skips the backend (a null stream
  // function); a miss runs it, with a stream function it never calls.
  FileCache Cache;
  if (Kept)
    Cache = FileCache(
        [&](unsigned Task, StringRef Key,
            const Twine &ModuleName) -> Expected<AddStreamFn> {
          if (Kept->fetch(Task, Key, ModuleName, Received))
            return AddStreamFn();
          return AddStreamFn(noObjects);
        },
        Settings->cache_dir);
  llvm::Error Run = Driver.run(noObjects, Cache);
  Received.finish();
  return finishRun(std::move(Run), Said, Messages, Error);
}

// Closes a file written through `Out`: false with *Error when opening it
// (`Opened`) or writing it failed. The stream's error is cleared: LLVM ends
// the process when a stream is destroyed with one left on it.
static bool closeOutput(raw_fd_ostream &Out, std::error_code Opened,
                        const std::string &File, char **Error) {
  std::error_code Failed = Opened;
  if (!Opened) {
    Out.close();
    Failed = Out.error();
    Out.clear_error();
  }
  if (Failed)
    *Error = ltofold_copy_message("cannot write " + File + ": " +
                                  Failed.message());
  return !Failed;
}

// The files of a module the thin link wrote nothing for: an empty index
// (or, for a module left out of the link, one that tells the backend to
// skip it), and an empty imports file. Returns false with *Error.
static bool writeEmptyIndex(StringRef ModulePath,
                            const ltofold_lto_index_settings &Index, bool Skip,
                            char **Error) {
  std::string Path =
      lto::getThinLTOOutputFile(ModulePath, Index.old_prefix, Index.new_prefix);
  std::vector<std::string> Files = {Path + ".thinlto.bc"};
  if (Index.emit_imports)
    Files.push_back(Path + ".imports");
  for (const std::string &File : Files) {
    std::error_code Opened;
    raw_fd_ostream Out(File, Opened, sys::fs::OF_None);
    if (!Opened && Skip && File == Files[0]) {
      ModuleSummaryIndex Empty(/*HaveGVs=*/false);
      Empty.setSkipModuleByDistributedBackend();
      writeIndexToFile(Empty, Out);
    }
    if (!closeOutput(Out, Opened, File, Error))
      return false;
  }
  return true;
}

extern "C" int ltofold_lto_write_indexes(const ltofold_lto_input *Inputs,
                                         size_t Count,
                                         const ltofold_lto_settings *Settings,
                                         const ltofold_lto_index_settings *Index,
                                         char **Messages, char **Error) {
  *Messages = nullptr;
  std::unique_ptr<raw_fd_ostream> Linked;
  if (Index->linked_objects) {
    std::error_code Opened;
    Linked = std::make_unique<raw_fd_ostream>(Index->linked_objects, Opened,
                                              sys::fs::OF_None);
    if (Opened) {
      closeOutput(*Linked, Opened, Index->linked_objects, Error);
      return -1;
    }
  }
  // On the ways out before the list is complete and closed (closeOutput).
  scope_exit ClearLinked([&] {
    if (Linked)
      Linked->clear_error();
  });
  Diagnostics Said;
  std::mutex Lock; // guards Written: the indexes are written on threads
  StringSet<> Written;
  lto::ThinBackend Backend = lto::createWriteIndexesThinBackend(
      heavyweight_hardware_concurrency(Settings->jobs), Index->old_prefix,
      Index->new_prefix, /*NativeObjectPrefix=*/"", Index->emit_imports,
      Linked.get(), [&](const std::string &ModulePath) {
        std::lock_guard<std::mutex> Guard(Lock);
        Written.insert(ModulePath);
      });
  lto::LTO Driver(configure(*Settings, Said), Backend);
  if (int Status = addInputs(Driver, Inputs, Count, *Settings, Error))
    return Status;
  if (int Status = finishRun(Driver.run(noObjects), Said, Messages, Error))
    return Status;
  for (size_t I = 0; I < Count; ++I)
    if (!Written.count(Inputs[I].name) &&
        !writeEmptyIndex(Inputs[I].name, *Index, false, Error))
      return -1;
  for (size_t I = 0; I < Index->skipped_count; ++I)
    if (!writeEmptyIndex(Index->skipped[I], *Index, true, Error))
      return -1;
  if (Linked && !closeOutput(*Linked, {}, Index->linked_objects, Error))
    return -1;
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

extern "C" unsigned
ltofold_forget_preemptible_dso_local(LLVMModuleRef ModuleRef) {
  Module &M = *unwrap(ModuleRef);
  // Code generation refers to a dso_local definition through its local
  // alias (.Lname$local) only where the module is not a PIE's
  // (AsmPrinter::getSymbolPreferLocal).
  bool LocalAliases = M.getPIELevel() == PIELevel::Default;
  unsigned Changed = 0;
  for (GlobalValue &Global : M.global_values()) {
    if (!Global.isDSOLocal() || Global.hasLocalLinkage() ||
        !Global.hasDefaultVisibility())
      continue;
    if (LocalAliases && Global.canBenefitFromLocalAlias())
      continue;
    Global.setDSOLocal(false);
    ++Changed;
  }
  return Changed;
}
