/* Outlining repeated regions, so that their copies merge.
 *
 * Much of what repeats in optimized C++ is not a whole function but a piece
 * of one that inlining copied into hundreds: a std::string's destructor
 * (if the buffer is not the local one, free it), a vector's, an error path
 * that formats a message and calls a function that does not return. No
 * function merge can fold those, and no linker. Here each such piece that
 * occurs more than once moves into a function of its own, the equal merge
 * (merge.c) then folds the copies into one, and every fold is certified as
 * any other; a function that too few copies merged into goes back where it
 * came from. So the outliner only proposes; what is folded is decided and
 * checked by the merge.
 *
 * A region starts in a block A that ends in a conditional branch and leaves
 * its blocks through one block J, which it does not include (or it is a
 * side of such a branch: the block S only the branch enters, whole, and
 * the blocks S dominates, leaving to one block or to none; a call of it
 * then runs only where that side runs):
 *   - J is A's immediate post-dominator, and the region the blocks reached
 *     from A's successors before J; or, where one successor leads only to
 *     code that never returns (an error path), that successor's blocks, J
 *     being the other successor;
 *   - every block of it is dominated by A and is in no loop that A is not
 *     in, and no edge goes back to its start: it holds no cycle, and runs
 *     once each time A does (in a loop, a call per iteration where every
 *     path calls a function anyway, by the rule below);
 *   - from A, the branch and the instructions just before it whose values
 *     only the region uses (a load and a compare that feed the branch): A
 *     is split there;
 *   - it is entered only at its start (every block's predecessors are in
 *     it);
 *   - no value made in the region is used after it (no outputs: the call
 *     returns nothing), no phi of J takes a value from it, at most
 *     MAX_INPUTS values come in;
 *   - every path through it calls a function or ends in unreachable (so
 *     the call of the outlined function joins a call made anyway: a
 *     destructor's test where there is nothing to free stays a few
 *     instructions), unless `any_path` (merge-outline-all) says otherwise;
 *   - nothing in it that is tied to its frame or its function: allocas,
 *     EH pads, invokes, returns, musttail calls, stack save and restore,
 *     va_start, frame and return addresses, convergent calls.
 * LLVM's CodeExtractor (the one behind hot/cold splitting and LLVM's own IR
 * outliner) moves the blocks; LLVM's IR outliner itself is not used because
 * it rebuilds its analysis of the whole function for every candidate (17 s
 * on jsoncpp's 600 KB of code, more than the whole link) and decides on
 * similarity of its own rather than on the merge's certified equality.
 *
 * Regions are hashed by their instructions (opcodes, types, constants,
 * callees, and operands numbered inside the region), so that the copies of
 * one piece meet in O(N log N); a group is outlined when the size model
 * (size_model.c) says its copies, all but one replaced by calls, save at least
 * MIN_SAVED bytes; copies of an error path in one function that take the
 * same values count once, as the code generator merges them there (and
 * their calls become one block after the merge: merge_repeated_calls).
 * Groups go in order of saving, and a region that overlaps one outlined
 * before is left. After the merge, an outlined function with too few calls
 * to pay (copies that differed after all, in a flag or an attribute the
 * hash does not see) is inlined back. */
#include "outline.h"
#include "size_model.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/Hashing.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ValueHandle.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/CodeExtractor.h>
#include <llvm/Transforms/Utils/Local.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <vector>

using namespace llvm;

namespace {

/* Bounds of a region: blocks, instructions, values coming in. */
constexpr unsigned MAX_BLOCKS = 12, MAX_INSTRUCTIONS = 200, MAX_INPUTS = 6;
/* A group is outlined only when it saves at least this many bytes. */
constexpr long MIN_SAVED = 16;

const char OUTLINED_NAME[] = "ltofold.outlined";

struct Region {
  Function *function = nullptr;
  BasicBlock *head = nullptr;   /* A: the region starts in it, at `start` */
  Instruction *start = nullptr;
  std::vector<BasicBlock *> blocks; /* after A, in depth-first order */
  BasicBlock *exit = nullptr;   /* J; none when no path returns */
  bool side = false;  /* a side of a branch: A is taken whole, not split */
  uint64_t hash = 0;
  long bytes = 0;     /* the region's code, by similar.c's model */
  size_t order = 0;   /* discovery order: module order */
  std::vector<const Value *> ins; /* the values coming in, in order */
};

/* What must stay in its function: its frame (allocas, stack save and
 * restore, va_start), its unwinding (EH pads, invokes), its returns, and
 * the calls similar.c knows to be tied to the function or its frame; and
 * calls whose place matters (convergent, returns-twice). */
bool is_tied(const Instruction &inst) {
  if (isa<AllocaInst>(inst) || inst.isEHPad() || isa<InvokeInst>(inst) ||
      isa<CallBrInst>(inst) || isa<ReturnInst>(inst) || isa<ResumeInst>(inst) ||
      isa<IndirectBrInst>(inst) || inst.getType()->isTokenTy())
    return true;
  auto *call = dyn_cast<CallInst>(&inst);
  if (!call)
    return false;
  if (merge_is_tied_call(wrap(&inst)) || call->isConvergent() ||
      call->hasFnAttr(Attribute::ReturnsTwice))
    return true;
  switch (call->getIntrinsicID()) {
  case Intrinsic::stacksave: case Intrinsic::stackrestore:
  case Intrinsic::vastart: case Intrinsic::vaend: case Intrinsic::vacopy:
  case Intrinsic::localrecover: case Intrinsic::eh_typeid_for:
  case Intrinsic::coro_begin: case Intrinsic::coro_end:
  case Intrinsic::coro_suspend:
    return true;
  default:
    return false;
  }
}

/* Whether an instruction calls a function (not an intrinsic that becomes
 * a few instructions). */
bool is_real_call(const Instruction &inst) {
  auto *call = dyn_cast<CallBase>(&inst);
  return call && !isa<IntrinsicInst>(call);
}

/* Whether every path through the region calls a function or ends in
 * unreachable: then the call of the outlined function adds a call to a
 * path that makes one anyway. A region some path of which runs only a few
 * instructions (a destructor's test when there is nothing to free) would
 * turn them into a call and a return, which costs time where the function
 * is hot, and nothing says it is not. */
bool calls_on_every_path(const Region &region,
                         const SmallPtrSetImpl<const Instruction *> &head_part) {
  /* block -> every path from it calls; to a fixed point (at most
   * MAX_BLOCKS blocks, no cycles) */
  DenseMap<const BasicBlock *, bool> covered;
  for (const BasicBlock *bb : region.blocks)
    covered[bb] = false;
  auto block_calls = [&](const BasicBlock *bb) {
    if (isa<UnreachableInst>(bb->getTerminator()))
      return true;
    return any_of(*bb, [](const Instruction &i) { return is_real_call(i); });
  };
  auto successors_covered = [&](const BasicBlock *bb) {
    for (const BasicBlock *succ : successors(bb)) {
      auto found = covered.find(succ);
      if (found == covered.end() || !found->second)
        return false; /* J, or a path without a call */
    }
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const BasicBlock *bb : region.blocks)
      if (!covered[bb] && (block_calls(bb) || successors_covered(bb)))
        covered[bb] = changed = true;
  }
  for (const Instruction *inst : head_part)
    if (is_real_call(*inst))
      return true;
  return successors_covered(region.head);
}

class Finder {
public:
  Finder(Function &f, std::vector<Region> &regions, bool any_path)
      : fn(f), regions(regions), any_path(any_path), dt(f), pdt(f), loops(dt) {}

  void run() {
    for (BasicBlock &bb : fn) {
      auto *branch = dyn_cast<BranchInst>(bb.getTerminator());
      if (!branch || !branch->isConditional())
        continue;
      home = loops.getLoopFor(&bb);
      Region region;
      if (shape(bb, region) && fill(region))
        regions.push_back(std::move(region));
      for (BasicBlock *succ : successors(&bb)) {
        Region side;
        if (succ->getSinglePredecessor() == &bb && side_shape(*succ, side) &&
            fill(side))
          regions.push_back(std::move(side));
      }
    }
  }

private:
  Function &fn;
  std::vector<Region> &regions;
  bool any_path; /* outline regions even where a path makes no call */
  DominatorTree dt;
  PostDominatorTree pdt;
  LoopInfo loops;
  Loop *home = nullptr; /* the innermost loop of A */

  /* Whether a block may be in a region that starts in A: it is in no loop
   * that A is not in, so that the region holds no cycle and runs once each
   * time A does (an error path that leaves A's loop is in none). */
  bool in_home(BasicBlock *bb) {
    Loop *loop = loops.getLoopFor(bb);
    return !loop || (home && loop->contains(home));
  }

  /* Depth first from `from`'s successors, not into `stop`: every block
   * `from` dominates joins the region's blocks (each in_home, at most
   * MAX_BLOCKS); each other block goes to `outside`, which says whether the
   * region may leave to it. An edge back to `from` fails: a latch branching
   * to its own block, or a loop's body going back to the header that
   * starts the region, would leave the region a second way, and be a cycle
   * in it. */
  template <typename Outside>
  bool collect(BasicBlock &from, BasicBlock *stop, Region &region,
               Outside outside) {
    SmallVector<BasicBlock *, 8> work;
    SmallPtrSet<BasicBlock *, 16> seen{&from};
    if (stop)
      seen.insert(stop);
    bool back = false;
    auto push_successors = [&](BasicBlock *bb) {
      for (BasicBlock *succ : reverse(successors(bb))) {
        back |= succ == &from;
        if (seen.insert(succ).second)
          work.push_back(succ);
      }
    };
    push_successors(&from);
    while (!work.empty() && !back) {
      BasicBlock *bb = work.pop_back_val();
      if (!dt.dominates(&from, bb)) {
        if (!outside(bb))
          return false;
        continue;
      }
      if (!in_home(bb) || region.blocks.size() >= MAX_BLOCKS)
        return false;
      region.blocks.push_back(bb);
      push_successors(bb);
    }
    return !back;
  }

  /* The region's blocks after A and its exit J: the blocks between A and
   * its immediate post-dominator; or, where A has none (a side never
   * returns), the side that only A enters and that leaves nowhere, J being
   * the other side. */
  bool shape(BasicBlock &head, Region &region) {
    region.function = &fn;
    region.head = &head;
    auto nowhere = [](BasicBlock *) { return false; };
    DomTreeNode *node = pdt.getNode(&head);
    if (node && node->getIDom() && node->getIDom()->getBlock()) {
      region.exit = node->getIDom()->getBlock();
      return collect(head, region.exit, region, nowhere);
    }
    for (unsigned side = 0; side < 2; ++side) {
      BasicBlock *succ = head.getTerminator()->getSuccessor(side);
      region.blocks = {succ};
      if (succ->getSinglePredecessor() == &head && in_home(succ) &&
          collect(*succ, nullptr, region, nowhere)) {
        region.exit = head.getTerminator()->getSuccessor(1 - side);
        return region.exit != &head;
      }
    }
    return false;
  }

  /* A side of a branch: the block S that only the branch enters, taken
   * whole, and the blocks it dominates, leaving to one block or none (a
   * path that does not return). The call then runs only where that side
   * runs. */
  bool side_shape(BasicBlock &entry, Region &region) {
    if (isa<PHINode>(entry.front()) || !in_home(&entry))
      return false;
    region.function = &fn;
    region.head = &entry;
    region.side = true;
    return collect(entry, nullptr, region, [&](BasicBlock *bb) {
      if (region.exit && region.exit != bb)
        return false; /* a second way out */
      region.exit = bb;
      return true;
    });
  }

  /* The start in A, the checks on the instructions, the hash and the
   * price. */
  bool fill(Region &region) {
    SmallPtrSet<const BasicBlock *, 16> inside(region.blocks.begin(),
                                               region.blocks.end());
    /* one way in: every block's predecessors are in the region (a block
     * reached also from code that cannot run would not be) */
    for (BasicBlock *bb : region.blocks)
      for (BasicBlock *pred : predecessors(bb))
        if (pred != region.head && !inside.count(pred))
          return false;
    if (region.exit)
      for (PHINode &phi : region.exit->phis())
        for (BasicBlock *from : phi.blocks())
          if (from == region.head || inside.count(from))
            return false;
    /* Instructions of A just before the branch that only the region uses
     * (a side: all of S). */
    Instruction *start = region.head->getTerminator();
    SmallPtrSet<const Instruction *, 16> taken{start};
    for (Instruction *prev = start->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (region.side) {
        taken.insert(prev);
        start = prev;
        continue;
      }
      if (isa<PHINode>(prev) || is_tied(*prev) || prev->isDebugOrPseudoInst() ||
          prev->use_empty()) /* a store or a call for its effect: the code before */
        break;
      bool only_region = all_of(prev->users(), [&](const User *user) {
        auto *inst = cast<Instruction>(user);
        return taken.count(inst) || inside.count(inst->getParent());
      });
      if (!only_region)
        break;
      taken.insert(prev);
      start = prev;
    }
    region.start = start;

    /* The instructions in order: A's part, then the blocks. */
    DenseMap<const Value *, unsigned> local;   /* instruction or block -> number */
    DenseMap<const Value *, unsigned> incoming; /* value from outside -> number */
    for (BasicBlock *bb : region.blocks)
      local.try_emplace(bb, local.size());
    local.try_emplace(region.exit, local.size());
    std::vector<const Instruction *> order;
    for (Instruction *i = start; i; i = i->getNextNode())
      order.push_back(i);
    for (BasicBlock *bb : region.blocks)
      for (Instruction &i : *bb)
        order.push_back(&i);
    if (order.size() > MAX_INSTRUCTIONS)
      return false;
    for (const Instruction *i : order)
      local.try_emplace(i, local.size());

    hash_code h = hash_value(order.size());
    long hundredths = 0;
    for (const Instruction *i : order) {
      if (is_tied(*i))
        return false;
      /* no outputs: every use of it is inside */
      for (const User *user : i->users()) {
        auto *inst = cast<Instruction>(user);
        if (!taken.count(inst) && !inside.count(inst->getParent()))
          return false;
      }
      hundredths += merge_instruction_cost(wrap(i));
      h = hash_combine(h, i->getOpcode(), i->getType(), i->getNumOperands(),
                       i->getRawSubclassOptionalData());
      if (auto *cmp = dyn_cast<CmpInst>(i))
        h = hash_combine(h, cmp->getPredicate());
      if (auto *gep = dyn_cast<GetElementPtrInst>(i))
        h = hash_combine(h, gep->getSourceElementType());
      if (auto *load = dyn_cast<LoadInst>(i))
        h = hash_combine(h, load->isVolatile(), load->getAlign().value(),
                         load->getOrdering());
      if (auto *store = dyn_cast<StoreInst>(i))
        h = hash_combine(h, store->isVolatile(), store->getAlign().value(),
                         store->getOrdering());
      if (auto *call = dyn_cast<CallBase>(i))
        h = hash_combine(h, call->getCallingConv(), call->getFunctionType(),
                         call->getAttributes().getRawPointer());
      for (const Use &use : i->operands()) {
        const Value *v = use.get();
        auto found = local.find(v);
        if (found != local.end()) {
          h = hash_combine(h, 1, found->second);
        } else if (isa<Constant>(v) || isa<MetadataAsValue>(v) ||
                   isa<InlineAsm>(v)) {
          h = hash_combine(h, 2, v); /* uniqued in the context */
        } else {
          auto added = incoming.try_emplace(v, incoming.size());
          h = hash_combine(h, 3, added.first->second, v->getType());
        }
      }
      if (isa<PHINode>(i))
        for (const BasicBlock *from : cast<PHINode>(i)->blocks()) {
          auto found = local.find(from);
          if (from != region.head && found == local.end())
            return false; /* cannot happen: blocks are dominated by A */
          h = hash_combine(h, from == region.head ? ~0u : found->second);
        }
    }
    if (incoming.size() > MAX_INPUTS ||
        (!any_path && !calls_on_every_path(region, taken)))
      return false;
    region.ins.assign(incoming.size(), nullptr);
    for (const auto &in : incoming)
      region.ins[in.second] = in.first;
    region.bytes =
        (hundredths +
         size_model_block_cost(size_model_for_function(wrap(region.function))) *
             (long)region.blocks.size()) /
        100;
    region.hash = h;
    return true;
  }
};

/* How many copies of a group the code generator keeps apart. A region
 * that leaves nowhere (an error path) becomes a block of a call and
 * `unreachable`, and its copies in one function that take the same values
 * are one block after codegen's tail merging, before outlining and after
 * (merge_repeated_calls); the others each stay. */
template <typename Regions> size_t copies_apart(const Regions &regions) {
  std::set<std::pair<const Function *, std::vector<const Value *>>> tails;
  size_t apart = 0;
  for (const Region *r : regions) {
    if (r->exit)
      ++apart;
    else
      tails.insert({r->function, r->ins});
  }
  return apart + tails.size();
}

/* What a call of a region outlined from `origin` with `inputs` costs, by
 * the size model (size_model.h): the call and a move per value passed; and
 * what the new function costs beyond the region's code: its return and
 * saved registers and its padding. What a group of `copies` regions of
 * `bytes` saves when all but one become such calls. Not its
 * unwind entry, although it has one where `origin` does: outlining also
 * shrinks its callers' FDEs (fewer registers saved, fewer epilogues),
 * which the model does not see, and counting the one without the other
 * outlined less and made loadable bytes worse (ninja's test program by
 * 1,516 bytes, pugixml's by 1,016, .eh_frame growing though fewer
 * functions were outlined: docs/BENCHMARKS.md). */
void region_prices(unsigned inputs, const Function &origin, long *call,
                   long *function) {
  const size_model *model = size_model_for_function(wrap(&origin));
  *call = size_model_call_bytes(model,
                                size_model_argument_move_bytes(model) * inputs);
  *function = size_model_new_function_bytes(
      model, size_model_return_bytes(model), false, SIZE_SHAPE_FRAME);
}

long saving(long bytes, unsigned inputs, size_t copies,
            const Function &origin) {
  long call, function;
  region_prices(inputs, origin, &call, &function);
  return (long)copies * bytes - bytes - function - (long)copies * call;
}

/* Functions whose regions may move. */
bool may_outline_from(Function &f, uint64_t hottest) {
  if (f.isDeclaration() || f.hasAvailableExternallyLinkage() ||
      f.hasFnAttribute(Attribute::OptimizeNone) ||
      f.hasFnAttribute(Attribute::Naked) || f.isVarArg() ||
      f.hasFnAttribute("nooutline") ||
      f.hasFnAttribute(Attribute::PresplitCoroutine) || f.hasPrefixData() ||
      f.hasPrologueData() || f.getName().starts_with(OUTLINED_NAME))
    return false;
  if (hottest) {
    auto count = f.getEntryCount();
    if (count && count->getCount() * 100 >= hottest)
      return false; /* profile data says it is hot */
  }
  return true;
}

/* The blocks of a region taken whole (a side): S, then the others. */
std::vector<BasicBlock *> side_blocks(const Region &r) {
  std::vector<BasicBlock *> blocks{r.head};
  blocks.insert(blocks.end(), r.blocks.begin(), r.blocks.end());
  return blocks;
}

/* Whether two sides that leave nowhere, in one function and taking the
 * same values, are the same code: instruction for instruction the same
 * operation, flags and metadata, each operand the same value or, made
 * inside, its counterpart. The hash alone does not prove it, and the copy
 * that joins the other (join_tail) is not certified after. */
bool same_tail(const Region &a, const Region &b) {
  if (a.function != b.function || a.exit || b.exit || !a.side || !b.side ||
      a.ins != b.ins || a.blocks.size() != b.blocks.size())
    return false;
  std::vector<BasicBlock *> blocks_a = side_blocks(a), blocks_b = side_blocks(b);
  DenseMap<const Value *, const Value *> counterpart;
  std::vector<std::pair<const Instruction *, const Instruction *>> pairs;
  for (size_t k = 0; k < blocks_a.size(); ++k) {
    if (blocks_a[k]->size() != blocks_b[k]->size())
      return false;
    counterpart[blocks_a[k]] = blocks_b[k];
    for (auto i = blocks_a[k]->begin(), j = blocks_b[k]->begin();
         i != blocks_a[k]->end(); ++i, ++j) {
      counterpart[&*i] = &*j;
      pairs.push_back({&*i, &*j});
    }
  }
  auto same_value = [&](const Value *x, const Value *y) {
    auto found = counterpart.find(x);
    return found != counterpart.end() ? found->second == y : x == y;
  };
  SmallVector<std::pair<unsigned, MDNode *>, 4> metadata_a, metadata_b;
  for (auto [i, j] : pairs) {
    if (!i->isSameOperationAs(j) ||
        i->getRawSubclassOptionalData() != j->getRawSubclassOptionalData())
      return false;
    if (auto *gep = dyn_cast<GetElementPtrInst>(i))
      if (gep->getSourceElementType() !=
          cast<GetElementPtrInst>(j)->getSourceElementType())
        return false;
    i->getAllMetadataOtherThanDebugLoc(metadata_a);
    j->getAllMetadataOtherThanDebugLoc(metadata_b);
    if (metadata_a != metadata_b)
      return false;
    for (unsigned k = 0; k < i->getNumOperands(); ++k)
      if (!same_value(i->getOperand(k), j->getOperand(k)))
        return false;
    if (auto *phi = dyn_cast<PHINode>(i))
      for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k)
        if (!same_value(phi->getIncomingBlock(k),
                        cast<PHINode>(j)->getIncomingBlock(k)))
          return false;
  }
  return true;
}

/* The location CodeExtractor gives the call of a region: the first of its
 * instructions'. */
DebugLoc first_location(const Region &r) {
  for (BasicBlock *bb : side_blocks(r))
    for (Instruction &i : *bb)
      if (i.getDebugLoc())
        return i.getDebugLoc();
  return DebugLoc();
}

/* Whether `call` is the block an extraction leaves for a region that
 * leaves nowhere: the call alone, then `unreachable` (not the entry). */
bool is_tail_block(const CallInst *call) {
  const BasicBlock *bb = call->getParent();
  return &bb->front() == call && call->getNextNode() == bb->getTerminator() &&
         isa<UnreachableInst>(bb->getTerminator()) && !bb->isEntryBlock();
}

/* `kept`'s location made to cover `other` too
 * (DILocation::getMergedLocation); where one has none, kept's stays. */
void cover_location(Instruction *kept, const DebugLoc &other) {
  if (DILocation *both = DILocation::getMergedLocation(kept->getDebugLoc(), other))
    kept->setDebugLoc(both);
}

/* The call of `made` that its extraction left, when that is a tail's
 * block (is_tail_block); else null. */
CallInst *tail_call(Function *made) {
  if (!made->hasOneUse())
    return nullptr;
  auto *call = dyn_cast<CallInst>(made->user_back());
  return call && call->getCalledOperand() == made && is_tail_block(call)
             ? call
             : nullptr;
}

/* A copy of an outlined tail in the same function (same_tail) joins its
 * call instead of being outlined again: the branch that entered it enters
 * the call's block, its blocks go, and the call's location covers both
 * (cover_location), as merge_repeated_calls and the code
 * generator's tail merging would have it. The same code as outlining it
 * and merging the calls after, without the extraction, which costs a walk
 * of the whole function: in C++, most repeated regions are such copies
 * (6,012 of pugixml's 7,980). */
void join_tail(Region &copy, CallInst *call) {
  BasicBlock *entry = copy.head;
  BasicBlock *from = entry->getSinglePredecessor();
  cover_location(call, first_location(copy));
  from->getTerminator()->replaceSuccessorWith(entry, call->getParent());
  DeleteDeadBlocks(side_blocks(copy));
}

/* Inlines an outlined region's call, in the block the extraction left
 * (the call, then a branch to J), and joins what the extraction split:
 * that block to A, and the block the inlining leaves before J (a branch
 * alone) into its predecessors. */
bool put_back(CallBase *call) {
  BasicBlock *at = call->getParent();
  auto *branch = dyn_cast<BranchInst>(at->getTerminator());
  BasicBlock *exit = branch && branch->isUnconditional() ? branch->getSuccessor(0)
                                                         : nullptr;
  InlineFunctionInfo info;
  if (!InlineFunction(*call, info).isSuccess())
    return false;
  MergeBlockIntoPredecessor(at);
  if (exit)
    for (BasicBlock *pred : make_early_inc_range(predecessors(exit)))
      if (pred->size() == 1 && pred != &pred->getParent()->getEntryBlock() &&
          pred->getName().ends_with(".exit"))
        TryToSimplifyUncondBranchFromEmptyBlock(pred);
  return true;
}

/* CodeExtractor::findAllocas walks every alloca the extraction cache
 * lists, and all their uses, for each region it extracts: in functions
 * full of inlined container code (hundreds of allocas, hundreds of
 * regions) that walk was most of outlining's time. It can only act on an
 * alloca the region addresses (an operand of the region's instructions,
 * through constant offsets): one whose uses the region holds, to sink it,
 * or whose lifetime markers it holds, to move them; an alloca that only
 * lifetime markers use is dead, and LLVM's LTO pipeline has deleted it.
 * So each extraction is shown only those, in the cache's order, and the
 * result is the extraction the whole list gives. LLVM offers no way to
 * pass them, and the list is a private member of the cache: it is reached
 * through an explicit instantiation, which C++ exempts from access checks
 * ([temp.spec] 13.9.1), so a change of the member in a later LLVM breaks
 * the build here rather than the output. */
using AllocaList = SmallVector<AllocaInst *, 16> CodeExtractorAnalysisCache::*;
AllocaList cache_allocas();
template <AllocaList member> struct ExposeAllocas {
  friend AllocaList cache_allocas() { return member; }
};
template struct ExposeAllocas<&CodeExtractorAnalysisCache::Allocas>;

class ExtractionCache {
public:
  explicit ExtractionCache(Function &f) : cache(f) {
    for (AllocaInst *alloca : cache.*cache_allocas())
      position.try_emplace(alloca, position.size());
  }

  /* The cache, listing the allocas `blocks` address. */
  const CodeExtractorAnalysisCache &for_region(ArrayRef<BasicBlock *> blocks) {
    SmallVector<AllocaInst *, 16> &listed = cache.*cache_allocas();
    listed.clear();
    for (BasicBlock *bb : blocks)
      for (Instruction &inst : *bb)
        for (Value *operand : inst.operands()) {
          auto *alloca = dyn_cast<AllocaInst>(operand->stripInBoundsConstantOffsets());
          if (alloca && position.count(alloca) && !is_contained(listed, alloca))
            listed.push_back(alloca);
        }
    llvm::sort(listed, [&](AllocaInst *a, AllocaInst *b) {
      return position.lookup(a) < position.lookup(b);
    });
    return cache;
  }

private:
  CodeExtractorAnalysisCache cache;
  DenseMap<const AllocaInst *, size_t> position; /* in the function, at first */
};

} // namespace

struct ltofold_outline {
  struct outlined {
    WeakVH function; /* null once the merge folded it into another */
    long bytes;      /* its region's code */
    long call_bytes; /* a call of it, with the values it takes */
    long function_bytes; /* its own beyond the region's code */
    bool straight;   /* one block moved whole (sequences.cpp): put back
                        by inlining alone, no blocks to join */
  };
  std::vector<outlined> made;
};

extern "C" size_t ltofold_outline_made_count(const ltofold_outline *state) {
  return state->made.size();
}

extern "C" LLVMValueRef ltofold_outline_made(const ltofold_outline *state,
                                             size_t i) {
  return wrap(state->made[i].function);
}

extern "C" bool ltofold_outline_is_tied(LLVMValueRef inst) {
  return is_tied(*unwrap<Instruction>(inst));
}

extern "C" void ltofold_outline_adopt(ltofold_outline *state, LLVMValueRef fn,
                                      long bytes, long call_bytes,
                                      long function_bytes, bool straight) {
  Function *made = unwrap<Function>(fn);
  made->setName(Twine(OUTLINED_NAME) + "." + Twine(state->made.size()));
  made->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  state->made.push_back(
      {WeakVH(made), bytes, call_bytes, function_bytes, straight});
}

extern "C" ltofold_outline *ltofold_outline_regions(LLVMModuleRef module_ref,
                                                    bool any_path,
                                                    ltofold_outline_stats *stats) {
  Module &module = *unwrap(module_ref);
  auto *state = new ltofold_outline;
  uint64_t hottest = 0;
  for (Function &f : module)
    if (auto count = f.getEntryCount())
      hottest = std::max<uint64_t>(hottest, count->getCount());

  std::vector<Region> regions;
  for (Function &f : module)
    if (may_outline_from(f, hottest))
      Finder(f, regions, any_path).run();
  for (size_t i = 0; i < regions.size(); ++i)
    regions[i].order = i;

  /* Groups of regions that hash alike, best saving first. */
  std::vector<size_t> by_hash(regions.size());
  for (size_t i = 0; i < regions.size(); ++i)
    by_hash[i] = i;
  std::sort(by_hash.begin(), by_hash.end(), [&](size_t a, size_t b) {
    return regions[a].hash != regions[b].hash ? regions[a].hash < regions[b].hash
                                              : a < b;
  });
  struct group { size_t begin, end; long saved; };
  std::vector<group> groups;
  for (size_t begin = 0, end; begin < by_hash.size(); begin = end) {
    for (end = begin + 1; end < by_hash.size() &&
                          regions[by_hash[end]].hash == regions[by_hash[begin]].hash;
         ++end)
      ;
    if (end - begin < 2)
      continue;
    stats->candidates += end - begin;
    const Region &first = regions[by_hash[begin]];
    std::vector<const Region *> members;
    for (size_t k = begin; k < end; ++k)
      members.push_back(&regions[by_hash[k]]);
    groups.push_back({begin, end,
                      saving(first.bytes, first.ins.size(),
                             copies_apart(members), *first.function)});
  }
  std::stable_sort(groups.begin(), groups.end(), [&](const group &a, const group &b) {
    if (a.saved != b.saved)
      return a.saved > b.saved;
    return regions[by_hash[a.begin]].order < regions[by_hash[b.begin]].order;
  });

  /* Outline, group by group. A region outlined moves its blocks away and
   * splits its head: a later region may not contain either, nor leave to
   * a block that moved (it may leave to a head that was split, or start in
   * an exit, which stay where they were). */
  DenseSet<const BasicBlock *> moved, changed;
  /* One extraction cache per function, built at its first extraction (a
   * walk of the whole function) and kept: LLVM guarantees that
   * extractCodeRegion does not invalidate it. What else changes a
   * function between extractions keeps it sound:
   * - SplitBlock leaves the head with what the cache knew of the whole
   *   block (more than it now holds: more clobbers, never fewer), and makes
   *   the region's entry, which the cache does not know but only asks about
   *   blocks outside the region; the entry leaves with the region.
   * - join_tail deletes blocks, whose entries then name no block of the
   *   function.
   * A failed extraction leaves the unknown entry behind: the cache goes.
   * So does it after an extraction that split the exit to hoist a lifetime
   * end (findOrCreateBlockForHoisting: the exit's instructions go to a new
   * block outside the region, which the cache does not know, and the exit
   * itself, left empty, into the region, so it leaves the function). Only
   * then: rebuilding the cache walks the whole function, and rebuilding it
   * after every region with an exit made outlining quadratic in the size
   * of a function (80% of merge's time on a template-heavy program). */
  std::map<Function *, std::unique_ptr<ExtractionCache>> caches;
  for (const group &g : groups) {
    auto overlaps = [&](const Region &r) {
      bool any = changed.count(r.head) || moved.count(r.exit);
      for (BasicBlock *bb : r.blocks)
        any = any || changed.count(bb);
      return any;
    };
    std::vector<Region *> live;
    for (size_t k = g.begin; k < g.end; ++k)
      if (!overlaps(regions[by_hash[k]]))
        live.push_back(&regions[by_hash[k]]);
    if (live.size() < 2 ||
        saving(live[0]->bytes, live[0]->ins.size(), copies_apart(live),
               *live[0]->function) < MIN_SAVED) {
      stats->unprofitable += live.size();
      continue;
    }
    /* A copy of a tail outlined before it in this group and function
     * joins that one's call (join_tail); copies are compared only with
     * the first ones of their function that take the same values. */
    std::vector<Region *> joins(live.size(), nullptr);
    std::map<std::pair<const Function *, std::vector<const Value *>>,
             std::vector<Region *>>
        firsts;
    for (size_t k = 0; k < live.size(); ++k) {
      if (!live[k]->side || live[k]->exit)
        continue;
      std::vector<Region *> &same = firsts[{live[k]->function, live[k]->ins}];
      for (Region *first : same)
        if (same_tail(*first, *live[k])) {
          joins[k] = first;
          break;
        }
      if (!joins[k])
        same.push_back(live[k]);
    }
    DenseMap<Region *, CallInst *> tail_calls;
    for (size_t k = 0; k < live.size(); ++k) {
      Region *r = live[k];
      if (overlaps(*r)) { /* with one of its own group: put back if alone */
        stats->unprofitable++;
        continue;
      }
      changed.insert(r->head);
      if (r->side) /* taken whole: it moves */
        moved.insert(r->head);
      for (BasicBlock *bb : r->blocks) {
        moved.insert(bb);
        changed.insert(bb);
      }
      if (CallInst *call = joins[k] ? tail_calls.lookup(joins[k]) : nullptr) {
        join_tail(*r, call);
        stats->outlined++;
        continue;
      }
      BasicBlock *entry = r->side ? r->head : SplitBlock(r->head, r->start);
      std::vector<BasicBlock *> blocks{entry};
      blocks.insert(blocks.end(), r->blocks.begin(), r->blocks.end());
      CodeExtractor extractor(blocks, nullptr, false, nullptr, nullptr, nullptr,
                              false, false, nullptr, "ltofold");
      std::unique_ptr<ExtractionCache> &cache = caches[r->function];
      if (!cache)
        cache = std::make_unique<ExtractionCache>(*r->function);
      Function *made = extractor.isEligible()
                           ? extractor.extractCodeRegion(cache->for_region(blocks))
                           : nullptr;
      if (!made || (r->exit && r->exit->getParent() != r->function))
        caches.erase(r->function);
      if (!made) {
        stats->ineligible++;
        continue;
      }
      /* Numbered by this run's own count, not by LLVM's uniquing, whose
       * counter follows every clash of names the module ever had: the name
       * then depends on the region alone (a distributed backend's module,
       * renamed differently on import, gets the same symbols). */
      long call, function;
      region_prices((unsigned)r->ins.size(), *r->function, &call, &function);
      ltofold_outline_adopt(state, wrap(made), r->bytes, call, function, false);
      if (CallInst *call = tail_call(made))
        tail_calls[r] = call;
      stats->outlined++;
    }
  }
  return state;
}

extern "C" bool ltofold_is_outlined_name(const char *name) {
  return StringRef(name).starts_with(OUTLINED_NAME);
}

extern "C" bool ltofold_is_outlined(LLVMValueRef fn) {
  return unwrap<Function>(fn)->getName().starts_with(OUTLINED_NAME);
}

/* The blocks that call an outlined function and end in `unreachable`,
 * with the same values, in one function, become one: the code generator
 * would have merged the region's copies there (tail merging), but does not
 * merge two instructions (a call and its argument), so without this each
 * copy would cost a call where there was one tail. The call keeps a
 * location that covers all (DILocation::getMergedLocation), or its own
 * where another had none. */
void merge_repeated_calls(Function *outlined) {
  std::map<std::pair<Function *, std::vector<Value *>>, CallBase *> first;
  for (User *user : make_early_inc_range(outlined->users())) {
    auto *call = dyn_cast<CallInst>(user);
    if (!call || call->getCalledOperand() != outlined)
      continue;
    if (!is_tail_block(call))
      continue;
    BasicBlock *bb = call->getParent();
    std::vector<Value *> args(call->arg_begin(), call->arg_end());
    auto found = first.try_emplace({bb->getParent(), args}, call);
    if (found.second)
      continue;
    CallBase *kept = found.first->second;
    cover_location(kept, call->getDebugLoc());
    bb->replaceAllUsesWith(kept->getParent());
    bb->eraseFromParent();
  }
}

extern "C" void ltofold_outline_finish(ltofold_outline *state,
                                       ltofold_outline_stats *stats) {
  for (const ltofold_outline::outlined &made : state->made) {
    auto *fn = cast_or_null<Function>(static_cast<Value *>(made.function));
    if (!fn)
      continue; /* folded into another */
    merge_repeated_calls(fn);
    std::vector<CallBase *> calls;
    bool only_calls = true;
    for (User *user : fn->users()) {
      auto *call = dyn_cast<CallBase>(user);
      if (call && call->getCalledOperand() == fn)
        calls.push_back(call);
      else
        only_calls = false;
    }
    long saved = (long)calls.size() * (made.bytes - made.call_bytes) -
                 made.bytes - made.function_bytes;
    if (!only_calls || saved >= MIN_SAVED) {
      stats->functions++;
      stats->calls += calls.size();
      continue;
    }
    /* Too few copies merged to pay: back where they came from. */
    bool all_back = true;
    for (CallBase *call : calls) {
      InlineFunctionInfo info;
      all_back = (made.straight ? InlineFunction(*call, info).isSuccess()
                                : put_back(call)) &&
                 all_back;
    }
    if (all_back && fn->use_empty()) {
      stats->inlined_back += calls.size();
      fn->eraseFromParent();
    } else {
      stats->functions++;
      stats->calls += fn->getNumUses();
    }
  }
  delete state;
}
