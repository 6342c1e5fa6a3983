/* Outlining repeated straight-line sequences, so that their copies merge
 * (merge-outline-sequences).
 *
 * outline.cpp moves whole regions (a destructor, an error path) out of
 * their functions. Much of what the machine outliner finds in C is smaller
 * and has no branch of its own: the same few loads, a call and a store,
 * inlined or written out again and again inside one block. Here such
 * windows of instructions, found anywhere in a block that is in no loop,
 * become functions of their own, one per copy; the equal merge (merge.c)
 * then folds the copies into one and certifies each fold, and
 * ltofold_outline_finish puts back the functions too few copies folded
 * with, as it does for regions. The outliner proposes; the merge decides.
 *
 * Where a call would cost time. A call added in a loop runs once per
 * iteration; one added in a function that a loop calls runs once per
 * iteration of that loop. Without profile data nothing says which loops
 * are hot, so both are left alone: only blocks on no cycle of their
 * function's control flow (no loop, natural or not) of functions that no
 * call in a loop (of any function, itself included) names directly lose
 * code. On libccd, whose test ran 3-4% slower with
 * every window outlined, the windows this rule leaves were in functions
 * its solvers call from loops (ccdPtAddEdge, ccdGJKPenetration, ...);
 * without them it ran 0.7-1.7% slower (three runs), and the bytes saved
 * stayed the same. Going one call further (the callees of those
 * functions too) took 1,200 of libccd's 1,864 bytes saved away for about
 * 1% of time. A function that a loop reaches only by indirect calls is
 * not seen. With profile data, functions whose entry count is at least 1%
 * of the hottest's are left too (profile.h's rule, as for similar
 * merging).
 *
 * The search. Every block of a function that may lose code (not hot by
 * its profile or called from a loop, not optnone, strictfp, naked,
 * variadic, nooutline, a coroutine, garbage-collected) and that is in no
 * loop is cut into runs of instructions that may move: no phi, terminator,
 * debug or pseudo instruction, lifetime marker, nothing outline.cpp calls
 * tied to the frame or the function (allocas, EH, returns, musttail, stack
 * save and restore, frame and return addresses, convergent and returns-twice
 * calls: ltofold_outline_is_tied; and the intrinsics of EH, registers, stack
 * maps, GC and profile counters), no inline asm, operand bundle, nomerge call,
 * or argument that must be an alloca or a swifterror value. Each instruction's
 * key holds what it is (opcode, type, flags, predicate, constants, callee, call
 * attributes, metadata) and, for each operand made earlier in its run, how
 * far back; a
 * window's hash is its keys, where an operand made before the window counts as
 * a value coming in (by type): the operands are numbered inside the window, so
 * copies that take different values meet. Windows grow one instruction a
 * level, from every start at once, and a start stays only while its
 * window's hash is shared by another (a window repeats only if its prefix
 * does): the work is the repeated part of the program times its length, at
 * most MAX_LENGTH. At each length, a group of windows that share a hash is
 * kept when it could pay (priced as if no value came in or went out, with
 * the unwind entry where every window's function has unwind tables).
 *
 * The choice. Groups are taken best first (a priority queue on their
 * saving, larger first, then longer, then earlier in the module). The
 * first time a group comes out, its windows are compared exactly (every
 * instruction, flag and metadata; each operand the same constant, the
 * same instruction inside, or the same value coming in, numbered by first
 * use) against the current code, split where they differ, and those that
 * overlap a window already taken or an earlier one of their group are
 * left; it is taken if it still pays as much as the next best might, else
 * it goes back with its true saving. A group whose windows all grow into
 * one longer group, and which saves no more, waits off the queue until
 * that one came out: then it joins the queue unless every one of its
 * windows overlaps one taken (the usual case), when the next shorter
 * waiting behind it is asked. The order in which groups come out is the
 * same; the queue does not hold the many groups that end up taking
 * nothing. A window qualifies when at most one
 * value it makes is used after it (returned by the new function) and at
 * most MAX_INPUTS come in, each a scalar or a pointer (no vector, whose
 * passing depends on the functions' vector-width attributes).
 *
 * The price, in loadable bytes (the constants below): each copy becomes a
 * call, with a move per value passed and one for the result, and a little
 * for values the call now clobbers; the new function costs its body, a
 * return, a frame where it calls, and, where the function has unwind
 * tables, its FDE in .eh_frame and its entry in .eh_frame_hdr: the bytes
 * with which LLVM's machine outliner gives back most of what it saves.
 * The new functions are `optsize`, so they are not padded to 16 bytes
 * (the function after them is, as it was). A group is outlined when all
 * copies but one, made calls, save at least MIN_SAVED bytes.
 *
 * The move. LLVM's CodeExtractor, which outline.cpp uses for regions of
 * blocks, passes every value a region makes through a stack slot, which
 * nothing after the merge would take out again; a straight-line window
 * needs none of its machinery. So each copy's instructions are cloned into
 * a new internal function of one block, the values coming in as
 * parameters and the output as its return value, and the copy becomes a
 * call: the caller's blocks stay as they were. The new function takes the
 * caller's attributes that say how to generate code (target, frame
 * pointer, unwind tables, nounwind, sanitizers) and none that describe the
 * caller's body (memory, noreturn, willreturn, ...); where nothing in the
 * window may unwind, it and its call are nounwind (no call-site entry in
 * a C++ caller's .gcc_except_table). Its instructions carry no debug
 * location (it has no DISubprogram); the call has the window's first. */
#include "outline.h"

extern "C" {
#include "profile.h"
}

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/Hashing.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <cstdlib>
#include <queue>
#include <unordered_map>
#include <vector>

using namespace llvm;

namespace {

/* Windows are 2 to MAX_LENGTH instructions long and take at most
 * MAX_INPUTS values. */
constexpr unsigned MIN_LENGTH = 2, MAX_LENGTH = 48, MAX_INPUTS = 6;
/* A group is outlined only when it saves at least this many bytes. */
constexpr long MIN_SAVED = 16;

/* What an outlined sequence costs, in bytes of x86-64 code and unwind data
 * (llc -O2, lld), measured on outlined sequences themselves: not read from
 * merge/size_model.h, whose call has no clobber cost in the caller (the
 * 5 bytes below, the larger part of a sequence's price) and whose FDEs of
 * a new function (20, 24 with a frame) are within 4 bytes of these. On
 * AArch64 the same figures are used (the option is off by default and was
 * measured on x86-64 alone).
 * - a call: `call rel32`, a register move per value passed, one for the
 *   result, and 5 bytes for the values the call now clobbers in the
 *   caller: a push and pop or a move in .text, and the CFI of the pushes
 *   and pops in the caller's FDE (pugixml's callers' FDEs grew by 17 KB,
 *   10,700 CFI instructions, for 4,572 calls more; with 2 bytes instead of
 *   5, jsoncpp's loadable bytes were 1.2 KB larger, pugixml's 1.9 KB
 *   smaller: docs/BENCHMARKS.md);
 * - the new function: its return, and where its body calls, a frame (the
 *   stack realigned, a value kept in a callee-saved register); no padding
 *   (optsize);
 * - its unwind entry, where the function has unwind tables: an FDE of 24
 *   bytes (32 with the frame's CFI) and 8 in .eh_frame_hdr's table. */
constexpr long CALL_BYTES = 5, ARGUMENT_BYTES = 3, RESULT_BYTES = 3,
               CLOBBER_BYTES = 5;
constexpr long RETURN_BYTES = 1, FRAME_BYTES = 4, PADDING_BYTES = 0;
constexpr long FDE_BYTES = 24, FDE_FRAME_BYTES = 8, FDE_HEADER_BYTES = 8;

/* The caller's side of a window: what each copy costs made a call. */
long call_bytes(unsigned inputs, bool output) {
  return CALL_BYTES + ARGUMENT_BYTES * (long)inputs +
         (output ? RESULT_BYTES : 0) + CLOBBER_BYTES;
}

/* The new function's, beyond its body. */
long function_bytes(bool calls, bool unwind) {
  long bytes = RETURN_BYTES + PADDING_BYTES + (calls ? FRAME_BYTES : 0);
  if (unwind)
    bytes += FDE_BYTES + (calls ? FDE_FRAME_BYTES : 0) + FDE_HEADER_BYTES;
  return bytes;
}

/* What `copies` windows of `body` bytes save when each becomes a call. */
long saving(long body, size_t copies, long call, long function) {
  return (long)copies * (body - call) - body - function;
}

/* A scalar or a pointer: a value that passes in one register whatever the
 * functions' attributes say. */
bool passes_plainly(const Type *type) {
  return type->isIntegerTy() || type->isPointerTy() ||
         type->isFloatingPointTy();
}

bool is_real_call(const Instruction &inst) {
  auto *call = dyn_cast<CallBase>(&inst);
  return call && !isa<IntrinsicInst>(call);
}

/* Intrinsics that read or change their function's frame, registers or
 * unwinding beyond what ltofold_outline_is_tied lists, or that their
 * lowering ties to the function they are in. */
bool is_frame_intrinsic(const CallBase &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !callee->isIntrinsic())
    return false;
  StringRef name = callee->getName();
  for (const char *prefix :
       {"llvm.eh.", "llvm.seh.", "llvm.read_register", "llvm.write_register",
        "llvm.read_volatile_register", "llvm.localaddress",
        "llvm.stackprotector", "llvm.get.dynamic.area.offset",
        "llvm.instrprof.", "llvm.experimental.stackmap",
        "llvm.experimental.patchpoint", "llvm.experimental.gc.",
        "llvm.icall.branch.funnel", "llvm.x86.flags.", "llvm.coro."})
    if (name.starts_with(prefix))
      return true;
  return false;
}

/* Whether `inst` may move into another function (the header's list). */
bool may_move(const Instruction &inst) {
  if (isa<PHINode>(inst) || inst.isTerminator() || inst.isDebugOrPseudoInst() ||
      inst.isLifetimeStartOrEnd() || isa<VAArgInst>(inst) ||
      ltofold_outline_is_tied(wrap(&inst)))
    return false;
  auto *call = dyn_cast<CallBase>(&inst);
  if (!call)
    return true;
  /* a value of the function wrapped as metadata (move_window maps only
   * plain operands) */
  for (const Use &use : call->args())
    if (auto *wrapped = dyn_cast<MetadataAsValue>(use.get()))
      if (isa<LocalAsMetadata>(wrapped->getMetadata()) ||
          isa<DIArgList>(wrapped->getMetadata()))
        return false;
  if (call->isInlineAsm() || call->hasOperandBundles() ||
      is_frame_intrinsic(*call) || call->hasFnAttr(Attribute::NoMerge) ||
      call->hasFnAttr(Attribute::NoDuplicate))
    return false;
  for (unsigned k = 0; k < call->arg_size(); ++k)
    if (call->paramHasAttr(k, Attribute::InAlloca) ||
        call->paramHasAttr(k, Attribute::Preallocated) ||
        call->paramHasAttr(k, Attribute::SwiftError) ||
        call->paramHasAttr(k, Attribute::SwiftAsync))
      return false;
  return true;
}

/* Functions whose blocks may lose code. */
bool may_outline_from(Function &f, uint64_t hottest) {
  return !f.isDeclaration() && !f.hasAvailableExternallyLinkage() &&
         !f.hasFnAttribute(Attribute::OptimizeNone) &&
         !f.hasFnAttribute(Attribute::Naked) &&
         !f.hasFnAttribute(Attribute::StrictFP) && !f.isVarArg() &&
         !f.hasFnAttribute("nooutline") &&
         !f.hasFnAttribute(Attribute::PresplitCoroutine) && !f.hasGC() &&
         !ltofold_is_outlined(wrap(&f)) && !is_hot(wrap(&f), hottest);
}

/* The blocks of `f` that lie on a cycle of its control flow: Tarjan's
 * strongly connected components from the entry, by block number. These
 * are the blocks of LoopInfo's loops, found without the dominator tree a
 * LoopInfo needs (building one for every function was most of the
 * search's time on a template-heavy program); a cycle that is no natural
 * loop (irreducible) counts too, as it may run as often. */
std::vector<BasicBlock *> blocks_on_cycles(Function &f) {
  /* most functions have one block: a cycle only if it branches to itself
   * (Function::size walks the list) */
  if (&f.front() == &f.back()) {
    BasicBlock &bb = f.front();
    if (is_contained(successors(&bb), &bb))
      return {&bb};
    return {};
  }
  unsigned n = f.getMaxBlockNumber();
  std::vector<unsigned> index(n, 0), low(n, 0); /* 0: not reached yet */
  std::vector<bool> open(n, false);
  std::vector<BasicBlock *> component, on_cycles;
  std::vector<std::pair<BasicBlock *, unsigned>> walk; /* and next successor */
  unsigned reached = 0;
  auto enter = [&](BasicBlock *bb) {
    index[bb->getNumber()] = low[bb->getNumber()] = ++reached;
    open[bb->getNumber()] = true;
    component.push_back(bb);
    walk.push_back({bb, 0});
  };
  enter(&f.getEntryBlock());
  while (!walk.empty()) {
    BasicBlock *bb = walk.back().first;
    unsigned k = bb->getNumber();
    const Instruction *term = bb->getTerminator();
    if (term && walk.back().second < term->getNumSuccessors()) {
      BasicBlock *succ = term->getSuccessor(walk.back().second++);
      if (!index[succ->getNumber()])
        enter(succ);
      else if (open[succ->getNumber()])
        low[k] = std::min(low[k], index[succ->getNumber()]);
      continue;
    }
    walk.pop_back();
    if (!walk.empty()) {
      unsigned parent = walk.back().first->getNumber();
      low[parent] = std::min(low[parent], low[k]);
    }
    if (low[k] != index[k])
      continue; /* not the first block of its component */
    size_t first = component.size() - 1;
    while (component[first] != bb)
      --first;
    bool cycle =
        first + 1 < component.size() || is_contained(successors(bb), bb);
    for (size_t j = first; j < component.size(); ++j) {
      open[component[j]->getNumber()] = false;
      if (cycle)
        on_cycles.push_back(component[j]);
    }
    component.resize(first);
  }
  return on_cycles;
}

/* The functions a loop may call often (the header's static rule): those
 * defined in `m` that a direct call in a loop (a block on a cycle) of any
 * function names; and every block in a loop, into `in_loops` (one walk a
 * function for both). */
DenseSet<const Function *>
called_from_loops(Module &m, DenseSet<const BasicBlock *> &in_loops) {
  DenseSet<const Function *> called;
  for (Function &f : m) {
    if (f.isDeclaration())
      continue;
    for (BasicBlock *bb : blocks_on_cycles(f)) {
      in_loops.insert(bb);
      for (Instruction &inst : *bb)
        if (auto *call = dyn_cast<CallBase>(&inst))
          if (Function *callee = call->getCalledFunction();
              callee && !callee->isDeclaration())
            called.insert(callee);
    }
  }
  return called;
}

/* What an instruction is, apart from its non-constant operands. */
hash_code shape_hash(const Instruction &i) {
  hash_code h = hash_combine(i.getOpcode(), i.getType(), i.getNumOperands(),
                             i.getRawSubclassOptionalData());
  if (auto *cmp = dyn_cast<CmpInst>(&i))
    h = hash_combine(h, cmp->getPredicate());
  if (auto *gep = dyn_cast<GetElementPtrInst>(&i))
    h = hash_combine(h, gep->getSourceElementType());
  if (auto *load = dyn_cast<LoadInst>(&i))
    h = hash_combine(h, load->isVolatile(), load->getAlign().value(),
                     load->getOrdering());
  if (auto *store = dyn_cast<StoreInst>(&i))
    h = hash_combine(h, store->isVolatile(), store->getAlign().value(),
                     store->getOrdering());
  if (auto *call = dyn_cast<CallBase>(&i))
    h = hash_combine(h, call->getCallingConv(), call->getFunctionType(),
                     call->getAttributes().getRawPointer());
  return h;
}

bool is_constant_operand(const Value *v) {
  return isa<Constant>(v) || isa<MetadataAsValue>(v) || isa<InlineAsm>(v);
}

/* One operand of an instruction in a run: `distance` back to the
 * instruction of the same run that makes it (0: none); what it hashes as
 * when it comes from outside the window (a constant, or a value of its
 * type); and, for read_window, the value itself (a constant, or a value
 * that comes in, which `passes` tells may be passed to a function). */
struct OperandKey {
  uint32_t distance;
  bool constant, passes;
  uint64_t outside;
  const Value *value;
};

/* A window that qualifies: the exact description its copies must share,
 * how many values come in, which of its instructions makes the one value
 * used after it (NO_OUTPUT: none), and whether it calls. */
constexpr unsigned NO_OUTPUT = ~0u;
struct Window {
  std::vector<uint64_t> signature;
  unsigned inputs = 0;
  unsigned output = NO_OUTPUT;
  bool calls = false;
};

/* A window start still repeated at the current length, and its hash. */
struct Live {
  uint32_t start;
  uint64_t hash, shorter; /* the window's hash one instruction shorter */
};

/* A set of windows that share a hash: `length` instructions from each of
 * `starts` (positions in Program::insts, ascending). */
constexpr size_t NO_GROUP = SIZE_MAX;
struct Group {
  Group(unsigned length, long body, std::vector<uint32_t> starts)
      : length(length), body(body), starts(std::move(starts)) {}
  unsigned length;
  long body; /* bytes */
  std::vector<uint32_t> starts;
  /* The group of the same starts one instruction shorter, when every window
   * of that one grows into this one: it waits until this one is taken
   * (Candidate's queue), and `waits` says so. */
  size_t shorter = NO_GROUP;
  bool waits = false;
  /* Once its windows were read and found alike (`read`): how one reads. */
  bool read = false;
  Window model;
};

/* An instruction's part of a window's signature (Program::own_part), into
 * `sig`. */
void own_signature(const Instruction &i, uint64_t shape,
                   std::vector<uint64_t> &sig) {
  sig.assign({i.getOpcode(), shape, (uintptr_t)i.getType()});
  SmallVector<std::pair<unsigned, MDNode *>, 4> metadata;
  if (i.hasMetadataOtherThanDebugLoc())
    i.getAllMetadataOtherThanDebugLoc(metadata);
  for (auto &[kind, node] : metadata)
    if (kind != LLVMContext::MD_DIAssignID) {
      sig.push_back(kind);
      sig.push_back((uintptr_t)node);
    }
}

/* Signatures (read_window's, and an instruction's own part of one) meet
 * in hash tables: ordering them cost more than reading them. */
struct SignatureHash {
  size_t operator()(const std::vector<uint64_t> &signature) const {
    return hash_combine_range(signature.begin(), signature.end());
  }
};

class Program {
public:
  explicit Program(Module &m) : module(m) {}

  /* Every run of movable instructions of the module's blocks in no loop,
   * in functions no loop calls. */
  void collect() {
    uint64_t hottest = hottest_entry_count(wrap(&module));
    DenseSet<const BasicBlock *> in_loops;
    DenseSet<const Function *> loop_called =
        called_from_loops(module, in_loops);
    for (Function &f : module) {
      if (!may_outline_from(f, hottest) || loop_called.count(&f))
        continue;
      bool unwind = f.needsUnwindTableEntry();
      for (BasicBlock &bb : f)
        if (!in_loops.count(&bb))
          collect_block(bb, unwind);
    }
  }

  /* The windows that repeat, grown one instruction a level; every group
   * that might pay, at every length. */
  std::vector<Group> repeated_groups() const {
    std::vector<Live> live;
    for (uint32_t s = 0; s < insts.size(); ++s)
      live.push_back({s, 0, 0});
    std::vector<Group> groups;
    DenseMap<uint64_t, size_t> shorter, made; /* hash -> group, by length */
    for (unsigned length = 1; length <= MAX_LENGTH && !live.empty(); ++length) {
      std::vector<Live> grown;
      grown.reserve(live.size());
      for (const Live &l : live)
        if (l.start + length <= run_end[l.start])
          grown.push_back(
              {l.start,
               hash_combine(l.hash, key(l.start + length - 1, l.start)),
               l.hash});
      DenseMap<uint64_t, uint32_t> count(grown.size());
      for (const Live &l : grown)
        ++count[l.hash];
      live.clear();
      for (const Live &l : grown)
        if (count[l.hash] >= 2)
          live.push_back(l);
      if (length >= MIN_LENGTH)
        add_groups(live, length, count, groups, shorter, made);
      std::swap(shorter, made);
      made.clear();
    }
    return groups;
  }

  size_t size() const { return insts.size(); }
  Instruction *at(uint32_t position) const { return insts[position]; }
  uint32_t end_of_run(uint32_t position) const { return run_end[position]; }
  /* What the instruction at `position` is, apart from its operands: its
   * opcode, shape, type and metadata (the debug location and assignment
   * IDs left out), as a number; equal numbers, equal parts. Made once, as
   * read_window reads each instruction again for every window it is in. */
  uint32_t own_part(uint32_t position) const { return part[position]; }
  /* What collect() recorded of the operands of the instruction at
   * `position` (OperandKey), `*count` of them, in operand order. */
  const OperandKey *operands_of(uint32_t position, unsigned *count) const {
    *count = operand_begin[position + 1] - operand_begin[position];
    return &operands[operand_begin[position]];
  }
  bool unwinds_at(uint32_t position) const { return unwinds[position]; }
  bool calls(uint32_t position) const {
    return calls_before[position + 1] != calls_before[position];
  }
  /* At most what a group of `copies` windows of `length` from `start`
   * saves, where `all_unwind` says that each is in a function with unwind
   * tables: as if each took no value and made none. Whether the windows
   * call is the same for all (their hashes hold their callees). */
  long bound(uint32_t start, unsigned length, size_t copies,
             bool all_unwind) const {
    bool calling = calls_before[start + length] != calls_before[start];
    return saving(body(start, length), copies, call_bytes(0, false),
                  function_bytes(calling, all_unwind));
  }
  long bound(const Group &g) const {
    bool all_unwind = true;
    for (uint32_t start : g.starts)
      all_unwind = all_unwind && unwinds[start];
    return bound(g.starts.front(), g.length, g.starts.size(), all_unwind);
  }
  /* Whether the value made at `position` is used after `end` (a position
   * one past a window that holds it), or outside its run. */
  bool used_after(uint32_t position, uint32_t end) const {
    return last_use[position] >= end;
  }
  /* Whether that value may be returned (passes_plainly). */
  bool may_return(uint32_t position) const { return returnable[position]; }
  long body(uint32_t start, unsigned length) const {
    return (cost[start + length] - cost[start]) / 100;
  }

private:
  Module &module;
  std::vector<Instruction *> insts; /* the runs, one after another */
  std::vector<uint32_t> run_end;    /* one past the run of each position */
  std::vector<uint32_t> part;       /* own_part of each */
  std::unordered_map<std::vector<uint64_t>, uint32_t, SignatureHash> parts;
  std::vector<uint64_t> scratch; /* an instruction's part, before it is met */
  std::vector<uint32_t> operand_begin; /* into operands; one more entry */
  std::vector<OperandKey> operands;
  std::vector<long> cost; /* prefix sums of similar.c's model, hundredths */
  std::vector<bool> unwinds, returnable; /* of each position */
  std::vector<uint32_t> calls_before;    /* real calls before each position */
  /* the last position in its run that uses each (UINT32_MAX: a use
   * outside the run); read_window's outputs without reading the uses */
  std::vector<uint32_t> last_use;

  void collect_block(BasicBlock &bb, bool unwind) {
    DenseMap<const Instruction *, uint32_t> position;
    uint32_t begin = insts.size();
    auto close_run = [&] {
      for (uint32_t p = begin; p < insts.size(); ++p) {
        run_end[p] = insts.size();
        for (const User *user : insts[p]->users()) {
          auto *inst = dyn_cast<Instruction>(user);
          auto made = inst ? position.find(inst) : position.end();
          last_use[p] = made != position.end() && made->second >= begin
                            ? std::max(last_use[p], made->second)
                            : UINT32_MAX;
          if (last_use[p] == UINT32_MAX)
            break;
        }
      }
      begin = insts.size();
    };
    if (cost.empty()) {
      cost.push_back(0);
      operand_begin.push_back(0);
      calls_before.push_back(0);
    }
    for (Instruction &inst : bb) {
      if (!may_move(inst)) {
        close_run();
        continue;
      }
      uint32_t p = insts.size();
      position[&inst] = p;
      insts.push_back(&inst);
      run_end.push_back(0);
      last_use.push_back(0);
      unwinds.push_back(unwind);
      calls_before.push_back(calls_before.back() + is_real_call(inst));
      returnable.push_back(passes_plainly(inst.getType()));
      own_signature(inst, shape_hash(inst), scratch);
      auto known = parts.find(scratch); /* a copy only when new */
      if (known == parts.end())
        known = parts.emplace(scratch, parts.size()).first;
      part.push_back(known->second);
      cost.push_back(cost.back() + merge_instruction_cost(wrap(&inst)));
      for (const Use &use : inst.operands()) {
        const Value *v = use.get();
        auto made = isa<Instruction>(v) ? position.find(cast<Instruction>(v))
                                        : position.end();
        uint32_t distance = made != position.end() && made->second >= begin
                                ? p - made->second
                                : 0;
        bool constant = is_constant_operand(v);
        auto *argument = dyn_cast<Argument>(v);
        bool passes = passes_plainly(v->getType()) &&
                      !(argument && argument->hasSwiftErrorAttr());
        uint64_t outside =
            constant ? hash_combine(2, v) : hash_combine(3, v->getType());
        operands.push_back({distance, constant, passes, outside, v});
      }
      operand_begin.push_back(operands.size());
    }
    close_run();
  }

  /* The key of the instruction at `p` in the window that starts at
   * `start`: an operand made inside the window by its distance, one made
   * before it as a value coming in. */
  uint64_t key(uint32_t p, uint32_t start) const {
    hash_code h = hash_value(part[p]); /* metadata too: fewer splits */
    for (uint32_t k = operand_begin[p]; k < operand_begin[p + 1]; ++k) {
      const OperandKey &op = operands[k];
      h = op.distance && op.distance <= p - start
              ? hash_combine(h, 1, op.distance)
              : hash_combine(h, op.outside);
    }
    return h;
  }

  /* The groups of `live` (windows of `length` whose hash another shares)
   * that could pay, counted as if every copy took no value and none
   * overlapped. */
  /* The groups one shorter are `shorter` (by hash); those of this length
   * go into `made`. A group one shorter that has the same starts as one
   * made here, and saves no more, waits for it: taking the longer windows
   * usually leaves nothing of the shorter ones (a repeated run of N
   * instructions is N*N/2 groups, all but N of them such). */
  void add_groups(const std::vector<Live> &live, unsigned length,
                  const DenseMap<uint64_t, uint32_t> &count,
                  std::vector<Group> &groups,
                  const DenseMap<uint64_t, size_t> &shorter,
                  DenseMap<uint64_t, size_t> &made) const {
    size_t first = groups.size();
    std::vector<uint64_t> grown_from; /* of each group made: the hash of
                                         its windows one shorter */
    for (const Live &l : live) {      /* by start: each group's ascend */
      uint32_t copies = count.lookup(l.hash);
      /* (a window in a function with unwind tables makes any group it is
       * in pay for an unwind entry) */
      if (bound(l.start, length, copies, unwinds[l.start]) < MIN_SAVED)
        continue;
      auto added = made.try_emplace(l.hash, groups.size());
      if (added.second) {
        groups.emplace_back(length, body(l.start, length),
                            std::vector<uint32_t>());
        grown_from.push_back(l.shorter);
      }
      groups[added.first->second].starts.push_back(l.start);
    }
    for (size_t g = first; g < groups.size(); ++g) {
      auto from = shorter.find(grown_from[g - first]);
      if (from != shorter.end() &&
          groups[from->second].starts == groups[g].starts &&
          groups[from->second].body <= groups[g].body) {
        groups[g].shorter = from->second;
        groups[from->second].waits = true;
      }
    }
  }
};

/* The window of `length` from `start`, read exactly, or false where it does
 * not qualify: two values used after it, too many or unsuitable values
 * coming in, or an unsuitable output. It reads what collect() recorded,
 * not the instructions (touching them was most of the search's time),
 * which holds while windows are taken: a window that overlaps one taken is
 * not read, and a value a taken window made, now made by its call, is one
 * value made outside either way (the recorded value stands for it). */
bool read_window(const Program &program, uint32_t start, unsigned length,
                 Window &window) {
  std::vector<uint64_t> &sig = window.signature;
  sig.assign(1, length);
  window.inputs = 0;
  window.output = NO_OUTPUT;
  window.calls = false;
  const Value *incoming[MAX_INPUTS];
  for (unsigned k = 0; k < length; ++k) {
    uint32_t p = start + k;
    window.calls |= program.calls(p);
    sig.push_back(program.own_part(p));
    unsigned count;
    const OperandKey *ops = program.operands_of(p, &count);
    for (const OperandKey *op = ops; op < ops + count; ++op) {
      if (op->distance && op->distance <= k) {
        sig.push_back(1);
        sig.push_back(k - op->distance);
      } else if (op->constant) {
        sig.push_back(2);
        sig.push_back((uintptr_t)op->value);
      } else {
        if (!op->passes)
          return false;
        /* numbered by first use; a short list, searched in place */
        unsigned n =
            std::find(incoming, incoming + window.inputs, op->value) - incoming;
        if (n == window.inputs) {
          if (window.inputs == MAX_INPUTS)
            return false;
          incoming[window.inputs++] = op->value;
        }
        sig.push_back(3);
        sig.push_back(n);
      }
    }
    if (program.used_after(p, start + length)) {
      if (window.output != NO_OUTPUT)
        return false; /* a second output */
      window.output = k;
    }
  }
  if (window.output != NO_OUTPUT && !program.may_return(start + window.output))
    return false;
  sig.push_back(4);
  sig.push_back(window.output);
  return true;
}

/* The values coming into the window of `length` from `start`, by first
 * use, as the code reads now (read_window's numbering). */
std::vector<Value *> window_inputs(const Program &program, uint32_t start,
                                   unsigned length) {
  std::vector<Value *> inputs;
  for (unsigned k = 0; k < length; ++k) {
    unsigned count;
    const OperandKey *ops = program.operands_of(start + k, &count);
    Instruction *i = program.at(start + k);
    for (unsigned n = 0; n < count; ++n)
      if (!(ops[n].distance && ops[n].distance <= k) && !ops[n].constant &&
          std::find(inputs.begin(), inputs.end(), i->getOperand(n)) ==
              inputs.end())
        inputs.push_back(i->getOperand(n));
  }
  return inputs;
}

/* The attributes of `caller` a function made of its code needs to be
 * generated as it was, without those that describe the caller's body. */
void copy_code_attributes(const Function &caller, Function &made) {
  AttrBuilder kept(caller.getContext(), caller.getAttributes().getFnAttrs());
  for (Attribute::AttrKind kind :
       {Attribute::AlwaysInline, Attribute::NoInline,
        Attribute::NoReturn,     Attribute::ReturnsTwice,
        Attribute::Memory,       Attribute::WillReturn,
        Attribute::NoSync,       Attribute::NoRecurse,
        Attribute::NoFree,       Attribute::AllocSize,
        Attribute::AllocKind,    Attribute::Builtin,
        Attribute::Convergent,   Attribute::Speculatable,
        Attribute::JumpTable,    Attribute::Cold,
        Attribute::Hot,          Attribute::NoCallback,
        Attribute::MinSize,      Attribute::Naked,
        Attribute::NoDuplicate})
    kept.removeAttribute(kind);
  for (const char *name :
       {"alloc-family", "patchable-function", "patchable-function-entry",
        "patchable-function-prefix", "fentry-call", "instrument-function-entry",
        "instrument-function-entry-inlined", "instrument-function-exit",
        "instrument-function-exit-inlined", "function-instrument",
        "xray-instruction-threshold", "xray-log-args", "xray-skip-entry",
        "xray-skip-exit", "thunk", "kcfi-target", "prof"})
    kept.removeAttribute(name);
  kept.addAttribute(Attribute::OptimizeForSize);
  made.addFnAttrs(kept);
}

/* Moves `window` (from `start`) into a new function and calls it there. */
Function *move_window(const Program &program, uint32_t start, unsigned length,
                      const Window &window) {
  Instruction *first = program.at(start);
  Function &caller = *first->getFunction();
  LLVMContext &context = caller.getContext();
  std::vector<Value *> inputs = window_inputs(program, start, length);
  Instruction *output =
      window.output != NO_OUTPUT ? program.at(start + window.output) : nullptr;
  std::vector<Type *> parameters;
  for (Value *v : inputs)
    parameters.push_back(v->getType());
  Type *result = output ? output->getType() : Type::getVoidTy(context);
  Function *made =
      Function::Create(FunctionType::get(result, parameters, false),
                       GlobalValue::InternalLinkage, "");
  caller.getParent()->getFunctionList().insertAfter(caller.getIterator(), made);
  copy_code_attributes(caller, *made);
  BasicBlock *body = BasicBlock::Create(context, "", made);
  /* Each operand made inside becomes its copy, each value coming in its
   * parameter, by what collect() recorded (no ValueMapper: its map was
   * most of the cost of a move); constants stay. */
  std::vector<Instruction *> copies;
  for (unsigned k = 0; k < length; ++k) {
    Instruction *original = program.at(start + k);
    Instruction *copy = original->clone();
    copy->insertInto(body, body->end());
    copy->takeName(original); /* the original goes below */
    copy->setDebugLoc(DebugLoc());
    copy->setMetadata(LLVMContext::MD_DIAssignID, nullptr);
    unsigned count;
    const OperandKey *ops = program.operands_of(start + k, &count);
    for (unsigned n = 0; n < count; ++n)
      if (ops[n].distance && ops[n].distance <= k)
        copy->setOperand(n, copies[k - ops[n].distance]);
      else if (!ops[n].constant)
        copy->setOperand(n, made->getArg(std::find(inputs.begin(), inputs.end(),
                                                   original->getOperand(n)) -
                                         inputs.begin()));
    copies.push_back(copy);
  }
  if (output)
    ReturnInst::Create(context, copies[window.output], body);
  else
    ReturnInst::Create(context, body);
  /* A window nothing of which may unwind makes a call that does not
   * either: in a function with EH, the code generator then gives it no
   * entry in the call-site table (.gcc_except_table). */
  bool may_unwind = false;
  for (unsigned k = 0; k < length; ++k)
    may_unwind |= program.at(start + k)->mayThrow();
  if (!may_unwind)
    made->setDoesNotThrow();

  CallInst *call = CallInst::Create(made, inputs, "", first->getIterator());
  /* the first location of the window, as CodeExtractor gives a region's
   * call: where the caller has debug info, the calls the window holds get
   * it if the function is put back (InlineFunction) */
  for (unsigned k = 0; k < length && !call->getDebugLoc(); ++k)
    call->setDebugLoc(program.at(start + k)->getDebugLoc());
  if (made->doesNotThrow())
    call->setDoesNotThrow();
  if (output) {
    call->setName(copies[window.output]->getName());
    output->replaceAllUsesWith(call);
  }
  for (unsigned k = length; k-- > 0;)
    program.at(start + k)->eraseFromParent();
  return made;
}

/* A group on the queue: its saving as last known, exact or not, and what
 * orders equal savings (the group's length and first window), kept here
 * so that the queue compares without reading the groups. */
struct Candidate {
  long saving;
  unsigned length;
  uint32_t first;
  size_t group;
  bool exact;
};

} // namespace

extern "C" size_t ltofold_loop_callees(LLVMModuleRef module_ref,
                                       LLVMValueRef **callees) {
  DenseSet<const BasicBlock *> in_loops;
  DenseSet<const Function *> called =
      called_from_loops(*unwrap(module_ref), in_loops);
  *callees = static_cast<LLVMValueRef *>(
      malloc((called.size() + 1) * sizeof **callees));
  if (!*callees)
    abort();
  size_t n = 0;
  for (const Function *f : called)
    (*callees)[n++] = wrap(f);
  return n;
}

extern "C" void ltofold_outline_sequences(LLVMModuleRef module_ref,
                                          ltofold_outline *state,
                                          ltofold_outline_stats *stats) {
  Program program(*unwrap(module_ref));
  program.collect();
  std::vector<Group> groups = program.repeated_groups();
  auto worse = [](const Candidate &a, const Candidate &b) {
    if (a.saving != b.saving)
      return a.saving < b.saving;
    if (a.length != b.length)
      return a.length < b.length;
    return a.first > b.first;
  };
  auto candidate = [&](size_t g, long saved, bool exact) {
    return Candidate{saved, groups[g].length, groups[g].starts.front(), g,
                     exact};
  };
  std::vector<Candidate> initial;
  for (size_t g = 0; g < groups.size(); ++g)
    if (!groups[g].waits)
      initial.push_back(candidate(g, program.bound(groups[g]), false));
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(worse)> queue(
      worse, std::move(initial));

  std::vector<bool> taken(program.size(), false);
  auto overlaps_taken = [&](uint32_t start, unsigned length) {
    for (unsigned k = 0; k < length; ++k)
      if (taken[start + k])
        return true;
    return false;
  };
  /* A group that waits for `g` (Group::shorter) goes on the queue once g
   * came off it, unless each of its windows overlaps one taken by now:
   * then it can take nothing, and the one shorter still is asked. */
  auto release_shorter = [&](size_t g) {
    size_t next = groups[g].shorter;
    groups[g].shorter = NO_GROUP;
    for (; next != NO_GROUP; next = groups[next].shorter) {
      const Group &w = groups[next];
      if (std::all_of(w.starts.begin(), w.starts.end(), [&](uint32_t start) {
            return overlaps_taken(start, w.length);
          }))
        continue;
      queue.push(candidate(next, program.bound(w), false));
      return;
    }
  };
  /* Takes the group of `top`, or puts it back with its exact saving, or
   * leaves it. */
  auto consider = [&](const Candidate &top) {
    unsigned length = groups[top.group].length;
    long body = groups[top.group].body;
    std::vector<uint32_t> members;
    Window model;
    if (groups[top.group].read) {
      /* read before, all alike: what a window reads does not change, only
       * whether it overlaps one taken since */
      for (uint32_t start : groups[top.group].starts)
        if (!overlaps_taken(start, length))
          members.push_back(start);
      if (members.size() < 2)
        return;
      model = groups[top.group].model;
    } else {
      /* Its windows as they read, split where they differ; the others go
       * back as groups of their own. */
      std::unordered_map<std::vector<uint64_t>, std::vector<uint32_t>,
                         SignatureHash>
          alike;
      std::vector<const std::vector<uint64_t> *> order;
      Window w; /* one for all: its signature is copied only when new */
      for (uint32_t start : groups[top.group].starts) {
        if (overlaps_taken(start, length) ||
            !read_window(program, start, length, w))
          continue;
        auto found = alike.find(w.signature);
        if (found == alike.end()) {
          found = alike.emplace(w.signature, std::vector<uint32_t>()).first;
          order.push_back(&found->first);
        }
        found->second.push_back(start);
      }
      for (const std::vector<uint64_t> *signature : order) {
        std::vector<uint32_t> apart; /* no two overlapping */
        for (uint32_t start : alike[*signature])
          if (apart.empty() || start >= apart.back() + length ||
              program.end_of_run(apart.back()) != program.end_of_run(start))
            apart.push_back(start);
        if (apart.size() < 2)
          continue;
        if (members.empty()) {
          members = std::move(apart);
          read_window(program, members.front(), length, model);
          continue;
        }
        /* another kind of copy: a group of its own */
        Group other{length, body, std::move(apart)};
        read_window(program, other.starts.front(), length, other.model);
        other.read = true;
        groups.push_back(std::move(other));
        queue.push(
            candidate(groups.size() - 1, program.bound(groups.back()), false));
      }
      if (members.empty())
        return;
    }
    bool unwind = false;
    for (uint32_t start : members)
      unwind |= program.unwinds_at(start);
    long per_call = call_bytes(model.inputs, model.output != NO_OUTPUT);
    long per_function = function_bytes(model.calls, unwind);
    long best = saving(body, members.size(), per_call, per_function);
    if (best < MIN_SAVED)
      return;
    if (!top.exact && !queue.empty() && best < queue.top().saving) {
      Group &g = groups[top.group];
      g.starts = std::move(members);
      g.model = std::move(model);
      g.read = true;
      queue.push(candidate(top.group, best, true));
      return;
    }
    stats->sequence_groups++;
    for (uint32_t start : members) {
      for (unsigned k = 0; k < length; ++k)
        taken[start + k] = true;
      Function *made = move_window(program, start, length, model);
      ltofold_outline_adopt(state, wrap(made), body, per_call, per_function,
                            true);
      stats->sequences++;
    }
  };
  while (!queue.empty()) {
    Candidate top = queue.top();
    if (top.saving < MIN_SAVED)
      break; /* an upper bound: none left pays */
    queue.pop();
    consider(top);
    release_shorter(top.group);
  }
}
