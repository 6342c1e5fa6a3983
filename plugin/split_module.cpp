// The module cut into parts for parallel code generation. C++ because the
// C API has no module cloning. The cut is LLVM's SplitModule's (what must
// stay together; CloneModule with a predicate per part), but the parts are
// packed by size here: SplitModule balances its clusters by their number of
// members and spreads everything else by the hash of its name, which on
// yaml-cpp left one part of eight 1.5x the mean and the linker waiting on
// it alone at the end. Where locals are to move between parts, they are
// renamed first: SplitModule would make them global under their own names
// (split_module.h says why that is not safe).
#include "split_module.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

static void renameLocals(Module &M, const char *Suffix,
                         ltofold_name_filter *KeepName, void *KeepData) {
  for (GlobalValue &GV : M.global_values()) {
    if (!GV.hasLocalLinkage() || GV.getName().starts_with("llvm."))
      continue;
    std::string Name = GV.getName().str();
    if (KeepName && KeepName(Name.c_str(), KeepData))
      continue;
    GV.setName(Name + Suffix);
  }
}

// A local made a hidden global, so that its users may be in another part.
static void externalize(GlobalValue &GV) {
  if (GV.hasLocalLinkage()) {
    GV.setLinkage(GlobalValue::ExternalLinkage);
    GV.setVisibility(GlobalValue::HiddenVisibility);
  }
}

namespace {
using Clusters = EquivalenceClasses<const GlobalValue *>;

// Joins `GV` with every global value whose code or initializer uses `V`,
// through constant expressions.
void joinUsers(Clusters &C, const GlobalValue *GV, const Value *V) {
  std::vector<const User *> Work(V->user_begin(), V->user_end());
  while (!Work.empty()) {
    const User *U = Work.back();
    Work.pop_back();
    if (const auto *I = dyn_cast<Instruction>(U))
      C.unionSets(GV, I->getFunction());
    else if (const auto *User = dyn_cast<GlobalValue>(U))
      C.unionSets(GV, User);
    else if (isa<Constant>(U))
      Work.insert(Work.end(), U->user_begin(), U->user_end());
  }
}

// What must be in one part, as SplitModule has it: a comdat's members, an
// alias or ifunc with what it names, a function with the users of its
// block addresses, and (with locals kept) a local with its users.
Clusters findClusters(Module &M, bool KeepLocals) {
  Clusters C;
  DenseMap<const Comdat *, const GlobalValue *> ComdatMember;
  for (GlobalValue &GV : M.global_values()) {
    if (GV.isDeclaration())
      continue;
    C.insert(&GV);
    if (const Comdat *Group = GV.getComdat()) {
      auto [It, New] = ComdatMember.try_emplace(Group, &GV);
      if (!New)
        C.unionSets(It->second, &GV);
    }
    const GlobalObject *Root = GV.getAliaseeObject();
    if (const auto *IFunc = dyn_cast_or_null<GlobalIFunc>(Root))
      Root = IFunc->getResolverFunction();
    if (Root && Root != &GV)
      C.unionSets(&GV, Root);
    if (const auto *F = dyn_cast<Function>(&GV))
      for (const BasicBlock &B : *F)
        if (BlockAddress *Address = BlockAddress::lookup(&B))
          joinUsers(C, F, Address);
    if (KeepLocals && GV.hasLocalLinkage())
      joinUsers(C, &GV, &GV);
  }
  return C;
}

// What a definition costs code generation: its instructions (1 for data).
size_t weight(const GlobalValue &GV) {
  size_t Weight = 1;
  if (const auto *F = dyn_cast<Function>(&GV))
    for (const BasicBlock &B : *F)
      Weight += B.size();
  return Weight;
}

// Each definition's part: the clusters, heaviest first (ties in module
// order), each into the lightest part so far (ties: the lowest). The parts
// depend on the module alone.
DenseMap<const GlobalValue *, unsigned> assignParts(Module &M, unsigned Count,
                                                    bool KeepLocals) {
  Clusters C = findClusters(M, KeepLocals);
  struct Cluster {
    const GlobalValue *Leader;
    size_t Weight;
  };
  DenseMap<const GlobalValue *, size_t> Index;
  std::vector<Cluster> List;
  for (const GlobalValue &GV : M.global_values()) {
    if (GV.isDeclaration())
      continue;
    const GlobalValue *Leader = C.getLeaderValue(&GV);
    auto [It, New] = Index.try_emplace(Leader, List.size());
    if (New)
      List.push_back({Leader, 0});
    List[It->second].Weight += weight(GV);
  }
  std::vector<Cluster> Sorted = List;
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const Cluster &A, const Cluster &B) { return A.Weight > B.Weight; });
  std::vector<size_t> Load(Count, 0);
  DenseMap<const GlobalValue *, unsigned> LeaderPart;
  for (const Cluster &Each : Sorted) {
    unsigned Lightest = std::min_element(Load.begin(), Load.end()) - Load.begin();
    Load[Lightest] += Each.Weight;
    LeaderPart[Each.Leader] = Lightest;
  }
  DenseMap<const GlobalValue *, unsigned> Part;
  for (const GlobalValue &GV : M.global_values())
    if (!GV.isDeclaration())
      Part[&GV] = LeaderPart.lookup(C.getLeaderValue(&GV));
  return Part;
}

// Whether a definition's body may move into its part rather than be
// copied: a function none of whose blocks has its address taken (a block
// address names its function, and would still name the old one).
bool isMovable(const GlobalValue *GV) {
  const auto *F = dyn_cast<Function>(GV);
  if (!F)
    return false;
  for (const BasicBlock &B : *F)
    if (B.hasAddressTaken())
      return false;
  return true;
}

// Moves `From`'s body into `To`, its declaration in a part (CloneModule's,
// from the same context), and maps what the body refers to in the module
// to the part's, as CloneModule maps a copy. The cut copied every body
// once, and freed the module's afterwards: a third of its time on yaml-cpp.
// RemapFunction maps the function's own operands (its personality, and
// the prefix and prologue data CloneModule's declaration took over from
// the module as they are) and its attachments too, so they are set here as
// the module has them: mapped twice, a distinct node would be copied twice.
// `From` is left a declaration, as later parts would clone it: external,
// with nothing a declaration may not have.
void moveBody(Function &From, Function &To, ValueToValueMapTy &Map) {
  To.setLinkage(From.getLinkage());
  if (const Comdat *Group = From.getComdat()) {
    Comdat *Copy = To.getParent()->getOrInsertComdat(Group->getName());
    Copy->setSelectionKind(Group->getSelectionKind());
    To.setComdat(Copy);
  }
  To.copyMetadata(&From, 0);
  if (From.hasPersonalityFn())
    To.setPersonalityFn(From.getPersonalityFn());
  for (auto [Old, New] : zip(From.args(), To.args())) {
    New.takeName(&Old);
    Map[&Old] = &New;
  }
  To.splice(To.end(), &From);
  RemapFunction(To, Map, RF_IgnoreMissingLocals);
  From.clearMetadata();
  From.setPersonalityFn(nullptr);
  From.setPrefixData(nullptr);
  From.setPrologueData(nullptr);
  From.setComdat(nullptr);
  From.setLinkage(GlobalValue::ExternalLinkage);
}
// CloneModule copies every ifunc into every part, whatever the predicate
// says, with its resolver only declared where the part does not define it:
// the assembler then gives the ifunc's name the resolver's address, and the
// part's calls of the ifunc would call the resolver itself. A part that
// does not own an ifunc declares it instead (a local one, which only its
// own part uses, it drops).
void declareOtherIFuncs(Module &M, Module &Cut, ValueToValueMapTy &Map,
                        const DenseMap<const GlobalValue *, unsigned> &Part,
                        unsigned I) {
  for (GlobalIFunc &Original : M.ifuncs()) {
    if (Part.lookup(&Original) == I)
      continue;
    auto *Copy = cast<GlobalIFunc>(Map[&Original]);
    if (Copy->hasLocalLinkage() && Copy->use_empty()) {
      Copy->eraseFromParent();
      continue;
    }
    Function *Declaration =
        Function::Create(cast<FunctionType>(Copy->getValueType()),
                         GlobalValue::ExternalLinkage,
                         Copy->getAddressSpace(), "", &Cut);
    Declaration->setVisibility(Copy->getVisibility());
    Declaration->setDLLStorageClass(Copy->getDLLStorageClass());
    Declaration->takeName(Copy);
    Copy->replaceAllUsesWith(Declaration);
    Copy->eraseFromParent();
  }
}
} // namespace

extern "C" bool ltofold_module_can_split(LLVMModuleRef ModuleRef) {
  // A branch funnel (whole-program devirtualization's jump over a vtable
  // set) must name one global in every operand; a cut that puts its
  // vtables or targets in another part breaks it (LLVM's own SplitModule
  // too: LLVMgold.so with lto-partitions fails the same way).
  const Function *Funnel =
      unwrap(ModuleRef)->getFunction("llvm.icall.branch.funnel");
  return !Funnel || Funnel->use_empty();
}

extern "C" int ltofold_split_module(LLVMModuleRef ModuleRef, unsigned Count,
                                    const char *LocalSuffix,
                                    ltofold_name_filter *KeepName, void *KeepData,
                                    ltofold_part_visitor *Visit, void *Data) {
  Module &M = *unwrap(ModuleRef);
  bool KeepLocals = LocalSuffix == nullptr;
  // A part declares what another defines, by name.
  for (GlobalValue &GV : M.global_values())
    if (!GV.hasName() && !GV.isDeclaration())
      GV.setName("__ltofold_unnamed");
  if (!KeepLocals) {
    renameLocals(M, LocalSuffix, KeepName, KeepData);
    for (GlobalValue &GV : M.global_values())
      externalize(GV);
  }
  DenseMap<const GlobalValue *, unsigned> Part = assignParts(M, Count, KeepLocals);
  for (unsigned I = 0; I < Count; ++I) {
    ValueToValueMapTy Map;
    std::unique_ptr<Module> Cut = CloneModule(M, Map, [&](const GlobalValue *GV) {
      return Part.lookup(GV) == I && !isMovable(GV);
    });
    for (Function &F : M)
      if (!F.isDeclaration() && Part.lookup(&F) == I && isMovable(&F))
        moveBody(F, *cast<Function>(Map[&F]), Map);
    declareOtherIFuncs(M, *Cut, Map, Part, I);
    if (I != 0)
      Cut->setModuleInlineAsm("");
    if (int Status = Visit(wrap(Cut.get()), I, Data))
      return Status;
  }
  return 0;
}
