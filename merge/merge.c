/* Merging equal functions: the MergeFunctions algorithm, and past it.
 *
 * The idea (seeds/mergefunctions.rst). Put every function that might have a
 * twin into a worklist. Take them one by one and look each up in a tree of
 * unique functions ordered by the comparator (compare.c, fn_tree.c). If an
 * equal function is there, fold one into the other; if not, the function
 * joins the tree. Folding changes the bodies of the folded function's
 * callers, and a changed body may now equal another: so before a body
 * changes, its function leaves the tree and goes on the Deferred list, and
 * the loop runs again over Deferred until nothing changes. That is how
 * chains collapse: f1 calls g1, f2 calls g2, g1 == g2; once g2 is folded into
 * g1, f2 calls g1 and is compared again, and equals f1.
 *
 * Which of two equal functions stays (order_is_correct): strong before
 * interposable (a weak function may call the strong one, not the reverse);
 * non-ODR before ODR (two ODR functions need a new private body, see below,
 * while an ODR copy folded into a non-ODR function just goes away, and a
 * private body made for an ODR group keeps it as more copies arrive); one
 * that must stay anyway before one that may be dropped when unused
 * (linkonce, local: it can then vanish instead of becoming a thunk);
 * external before local; then by name. The worklist is ordered by hash and
 * then by name, so neither the choice nor which pair meets first depends on
 * the order of functions in the module.
 *
 * How G is folded into F (merge_two), by what its linkage and address allow:
 *   - G local or its address insignificant (unnamed_addr; or local_unnamed_addr
 *     with local linkage, which in a whole program is the same thing): every
 *     use of G becomes a use of F and G is deleted, or, if G must still exist
 *     as a symbol, it becomes an alias of F;
 *   - G's address is significant: direct calls go to F, and G stays, its body
 *     replaced by a tail call to F (a thunk), so &G != &F still holds; an
 *     alias is never used here, since it would make the addresses equal;
 *   - G interposable: the linker may replace G, so nothing may call F in its
 *     place: G becomes a thunk (or alias) and keeps its linkage;
 *   - F interposable, or both ODR: the body moves to a new internal function
 *     and both F and G become thunks or aliases of it.
 * The kept body gets the larger alignment of the two. What could not be done
 * soundly is left alone and counted by reason in the result.
 *
 * One thing LLVM's pass does not do and we must: the comparator compares
 * only the instruction metadata that changes what an instruction computes
 * (!range, !nonnull...: compare.c); the rest states facts about one body
 * (!tbaa, !alias.scope, !noalias, !callees, !llvm.loop's mustprogress,
 * target kinds such as !amdgpu.no.fine.grained.memory, kinds we have never
 * heard of), so two functions equal up to those tags merge. But F's tags
 * then describe G's callers' memory, calls and loops too, and a tag that
 * says "no alias" or "calls only @a" for F may be false for G. So before
 * folding F keeps, of the tags whose meaning is in the tag itself, only
 * those G has too (a loop id: the same properties), and loses every other
 * kind: unknown ones, and those that point at loops or access groups of its
 * body, where the same tag can claim a different loop in each function.
 * Fewer facts, always true. Hints and debug links stay (!prof,
 * !DIAssignID...). The scopes that !alias.scope and !noalias name are
 * declared by llvm.experimental.noalias.scope.decl calls, which the
 * comparator matches by position, not identity; where two declarations name
 * different scopes, a tag both bodies share can mean a per-iteration scope
 * in one and a whole-function scope in the other, so F loses all its scope
 * tags.
 *
 * Past the seed: recursive groups. The seed gives up on ping/pong
 * (cross-recursive functions equal only if each is assumed equal to the other)
 * because comparing "up to the assumption" is not transitive. We recover them
 * in a separate pass that stays transitive: number the remaining functions by
 * class (all one class at first), compare with references to classified
 * functions replaced by their class number, split classes by that order, and
 * repeat until the classes stop splitting. Within one round the class numbers
 * are fixed, so each round's order is a true total order; the end result is
 * the coarsest partition in which equal functions call equal functions, and
 * folding each class into one member preserves behaviour. Interposable
 * functions never take part, since their bodies are not final. */
#include "merge_internal.h"
#include "llvm_arrays.h"
#include "profile.h"
#include "snapshot.h"

#include <llvm-c/Comdat.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fn_list_push(fn_list *list, LLVMValueRef function) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? list->capacity * 2 : 64;
    list->items = realloc(list->items, list->capacity * sizeof *list->items);
    if (!list->items)
      abort();
  }
  list->items[list->count++] = function;
}

/* ---- Linkage and address facts -------------------------------------------- */

/* Was `module` compiled for a shared library: position-independent code
 * ("PIC Level") that is not a PIE's ("PIE Level")? Code without the first
 * cannot go into one, and clang marks a PIE's definitions dso_local. */
static bool may_be_shared_library(LLVMModuleRef module) {
  return LLVMGetModuleFlag(module, "PIC Level", 9) &&
         !LLVMGetModuleFlag(module, "PIE Level", 9);
}

/* May the body that runs for `fn` be another than this one? With a
 * linkage the linker may resolve to another definition (weak, linkonce,
 * common), or when the dynamic loader may: a definition of a shared
 * library that is not dso_local (of default visibility, which an
 * executable or LD_PRELOAD may define too). A fold must not add references
 * to such a symbol (a thunk calling it, callers moved to it: they would run
 * the other definition), nor move its uses to another body. */
bool is_interposable(LLVMValueRef fn) {
  switch (LLVMGetLinkage(fn)) {
  case LLVMWeakAnyLinkage:
  case LLVMLinkOnceAnyLinkage:
  case LLVMExternalWeakLinkage:
  case LLVMCommonLinkage:
    return true;
  default:
    return !has_local_linkage(fn) && !ltofold_is_dso_local(fn) &&
           may_be_shared_library(LLVMGetGlobalParent(fn));
  }
}

static bool is_odr(LLVMValueRef fn) {
  LLVMLinkage linkage = LLVMGetLinkage(fn);
  return linkage == LLVMWeakODRLinkage || linkage == LLVMLinkOnceODRLinkage;
}

bool has_local_linkage(LLVMValueRef fn) {
  LLVMLinkage linkage = LLVMGetLinkage(fn);
  return linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage;
}

bool is_discardable_if_unused(LLVMValueRef fn) {
  LLVMLinkage linkage = LLVMGetLinkage(fn);
  return has_local_linkage(fn) || linkage == LLVMLinkOnceAnyLinkage ||
         linkage == LLVMLinkOnceODRLinkage;
}

/* Nobody can tell G's address from F's: unnamed_addr, or local_unnamed_addr
 * on a function nothing outside the module can see. */
static bool address_is_insignificant(LLVMValueRef fn) {
  LLVMUnnamedAddr unnamed = LLVMGetUnnamedAddress(fn);
  return unnamed == LLVMGlobalUnnamedAddr ||
         (unnamed == LLVMLocalUnnamedAddr && has_local_linkage(fn));
}

const char *function_name(LLVMValueRef fn) {
  size_t length;
  return LLVMGetValueName2(fn, &length);
}

static bool order_is_correct(LLVMValueRef f, LLVMValueRef g) {
  if (is_interposable(f) != is_interposable(g))
    return !is_interposable(f);
  if (is_odr(f) != is_odr(g))
    return !is_odr(f);
  if (is_discardable_if_unused(f) != is_discardable_if_unused(g))
    return !is_discardable_if_unused(f);
  if (has_local_linkage(f) != has_local_linkage(g))
    return !has_local_linkage(f);
  return strcmp(function_name(f), function_name(g)) <= 0;
}

bool has_fn_attribute(LLVMValueRef fn, unsigned kind) {
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

size_t count_instructions(LLVMValueRef fn) {
  size_t count = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      ++count;
  return count;
}

/* ---- Which functions take part --------------------------------------------- */

/* Whether a block of `fn` has its address taken anywhere but in fn's own
 * instructions (a jump table in a global, another function). Addresses used
 * only inside the body (an indirectbr over blockaddress constants) go with
 * it: folded away, it takes them along; kept, they still name its blocks.
 * Those from outside would name blocks of a body that is gone, or that now
 * runs for other callers, so such a function is not a candidate. */
static bool block_address_taken(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMUseRef use = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); use;
         use = LLVMGetNextUse(use)) {
      LLVMValueRef address = LLVMGetUser(use);
      if (LLVMGetValueKind(address) != LLVMBlockAddressValueKind)
        continue;
      for (LLVMUseRef user = LLVMGetFirstUse(address); user;
           user = LLVMGetNextUse(user)) {
        LLVMValueRef inst = LLVMGetUser(user);
        if (!LLVMIsAInstruction(inst) ||
            LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)) != fn)
          return true;
      }
    }
  return false;
}

/* Whether a metadata node (as a value) is distinct. The C API has no such
 * query: ask for the uniqued node with the same operands; a distinct node
 * (or a cyclic one, which is treated the same way, conservatively) is not it. */
static bool is_distinct_node(LLVMContextRef context, LLVMValueRef node) {
  unsigned count;
  LLVMValueRef *operands = ltofold_md_node_operands(node, &count);
  LLVMMetadataRef *metadata = malloc((count + 1) * sizeof *metadata);
  if (!metadata)
    abort();
  for (unsigned i = 0; i < count; ++i)
    metadata[i] = operands[i] ? LLVMValueAsMetadata(operands[i]) : NULL;
  LLVMMetadataRef uniqued = LLVMMDNodeInContext2(context, metadata, count);
  free(operands);
  free(metadata);
  return uniqued != LLVMValueAsMetadata(node);
}

/* An intrinsic call with a distinct metadata node operand: CFI type checks
 * name function-local types by distinct nodes, whose identity matters and
 * which the comparator can only compare by content. */
static bool calls_intrinsic_with_distinct_node(merge_state *st, LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMGetInstructionOpcode(i) != LLVMCall)
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (!LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
        continue;
      int operands = LLVMGetNumOperands(i);
      for (int k = 0; k < operands; ++k) {
        LLVMValueRef operand = LLVMGetOperand(i, (unsigned)k);
        if (LLVMIsAMDNode(operand) && is_distinct_node(st->context, operand))
          return true;
      }
    }
  return false;
}

/* A GNU C or C++ personality on a function with no exception-handling pad
 * does nothing: without an invoke there is no landing pad, no LSDA, and
 * code generation emits no personality for the frame (LLVM's
 * isNoOpWithoutInvoke). Inlining and nounwind inference leave many such
 * functions; dropping the inert personality lets them compare equal to the
 * same body without one, as LLVM's pass does, while a personality that does
 * matter is still compared. */
static void drop_inert_personality(LLVMValueRef fn) {
  if (!LLVMHasPersonalityFn(fn))
    return;
  size_t length;
  const char *name = LLVMGetValueName2(LLVMGetPersonalityFn(fn), &length);
  if (strcmp(name, "__gxx_personality_v0") && strcmp(name, "__gcc_personality_v0"))
    return;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      switch (LLVMGetInstructionOpcode(i)) {
      case LLVMInvoke:
      case LLVMLandingPad:
      case LLVMCatchSwitch:
      case LLVMCatchPad:
      case LLVMCleanupPad:
        return;
      default:
        break;
      }
  LLVMSetPersonalityFn(fn, NULL);
}

/* An entry point is entered by hardware or a runtime, by its own symbol and
 * calling convention, never by a call: a GPU kernel or shader (launched by
 * name, with a descriptor of its own: an alias loses it, and NVPTX rejects
 * an alias of a kernel), an interrupt handler. None can become an alias or a
 * thunk, and none has callers to redirect, so they are not candidates. The
 * numbers are LLVM's CallingConv IDs (llvm/IR/CallingConv.h); the C API
 * names only a few of them. */
static bool is_entry_point(LLVMValueRef fn) {
  switch (LLVMGetFunctionCallConv(fn)) {
  case 69:  /* msp430_intrcc */
  case 71:  /* ptx_kernel */
  case 76:  /* spir_kernel */
  case 83:  /* x86_intrcc */
  case 84:  /* avr_intrcc */
  case 85:  /* avr_signalcc */
  case 87:  /* amdgpu_vs */
  case 88:  /* amdgpu_gs */
  case 89:  /* amdgpu_ps */
  case 90:  /* amdgpu_cs */
  case 91:  /* amdgpu_kernel */
  case 93:  /* amdgpu_hs */
  case 95:  /* amdgpu_ls */
  case 96:  /* amdgpu_es */
  case 101: /* m68k_intrcc */
  case 104: /* amdgpu_cs_chain */
  case 105: /* amdgpu_cs_chain_preserve */
    return true;
  default:
    break;
  }
  /* Interrupt handlers on ARM, RISC-V, MIPS; HLSL shader entry points. */
  static const char *const markers[] = {"interrupt", "hlsl.shader"};
  for (size_t i = 0; i < sizeof markers / sizeof *markers; ++i)
    if (LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, markers[i],
                                      (unsigned)strlen(markers[i])))
      return true;
  return false;
}

bool excluded_for(merge_state *st, LLVMValueRef fn,
                         ltofold_skip_reason *reason) {
  if (ptr_map_get(&st->refused, fn, NULL))
    *reason = LTOFOLD_SKIP_CERTIFICATION;
  else if (is_entry_point(fn))
    *reason = LTOFOLD_SKIP_ENTRY_POINT;
  else if (has_fn_attribute(fn, st->naked_kind))
    *reason = LTOFOLD_SKIP_NAKED;
  else if (block_address_taken(fn))
    *reason = LTOFOLD_SKIP_BLOCKADDRESS;
  else if (calls_intrinsic_with_distinct_node(st, fn))
    *reason = LTOFOLD_SKIP_DISTINCT_METADATA;
  else
    return false;
  return true;
}

static void collect_used(merge_state *st, const char *name) {
  LLVMValueRef array = LLVMGetNamedGlobal(st->module, name);
  if (!array || LLVMIsDeclaration(array))
    return;
  LLVMValueRef init = LLVMGetInitializer(array);
  if (!init)
    return;
  int count = LLVMGetNumOperands(init);
  for (int i = 0; i < count; ++i) {
    LLVMValueRef element = LLVMGetOperand(init, (unsigned)i);
    while (element && !LLVMIsAGlobalValue(element) && LLVMIsAConstantExpr(element))
      element = LLVMGetOperand(element, 0);
    if (element && LLVMIsAFunction(element))
      ptr_map_put(&st->used, element, 1);
  }
}

/* ---- Tree membership ------------------------------------------------------- */

/* The seed's remove(): a function whose body is about to change leaves the
 * tree and will be looked at again. */
static void push_deferred(LLVMValueRef fn, void *data) {
  fn_list_push(&((merge_state *)data)->deferred, fn);
}

/* The functions that could not fold with it (fn_tree.h) get another chance
 * too: its replacement may be one they can fold with. */
static void defer(merge_state *st, LLVMValueRef fn) {
  if (fn_tree_remove(&st->tree, fn, push_deferred, st))
    fn_list_push(&st->deferred, fn);
}

/* The seed's removeUsers(), also through constant expressions, which LLVM's
 * version does not follow. */
static void defer_users(merge_state *st, LLVMValueRef value, unsigned depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user))
      defer(st, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
    else if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user) && depth < 8)
      defer_users(st, user, depth + 1);
  }
}

void forget_function(merge_state *st, LLVMValueRef fn) {
  fn_tree_remove(&st->tree, fn, push_deferred, st);
  fn_tree_remove_unfolded(&st->tree, fn);
  comparator_forget_global(st->comparator, fn);
  ptr_map_remove(&st->used, fn);
  ptr_map_remove(&st->thunks, fn);
}

/* Replaces every use of `old` with `replacement` and deletes `old`. */
static void replace_and_delete(merge_state *st, LLVMValueRef old,
                               LLVMValueRef replacement) {
  defer_users(st, old, 0);
  LLVMReplaceAllUsesWith(old, replacement);
  forget_function(st, old);
  LLVMDeleteFunction(old);
}

bool is_call_site(LLVMValueRef value) {
  if (!LLVMIsAInstruction(value))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(value);
  return opcode == LLVMCall || opcode == LLVMInvoke || opcode == LLVMCallBr;
}

/* Direct calls of `old` become calls of `replacement`: both have the same
 * function type (the caller checks). Other uses keep `old`. */
static size_t replace_direct_callers(merge_state *st, LLVMValueRef old,
                                     LLVMValueRef replacement) {
  fn_list callers = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(old); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!is_call_site(user))
      continue;
    unsigned callee = (unsigned)LLVMGetNumOperands(user) - 1;
    if (LLVMGetOperandUse(user, callee) == use)
      fn_list_push(&callers, user);
  }
  for (size_t i = 0; i < callers.count; ++i) {
    LLVMValueRef call = callers.items[i];
    defer(st, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    LLVMSetOperand(call, (unsigned)LLVMGetNumOperands(call) - 1, replacement);
  }
  free(callers.items);
  return callers.count;
}

/* ---- Writing aliases and thunks --------------------------------------------- */

void copy_attributes(LLVMValueRef from, bool from_call_site, LLVMValueRef to,
                     bool to_call_site, unsigned params) {
  for (int index = -1; index <= (int)params; ++index) {
    LLVMAttributeIndex at =
        index < 0 ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex : (unsigned)index;
    unsigned count;
    LLVMAttributeRef *attrs = from_call_site
                                  ? ltofold_call_site_attributes(from, at, &count)
                                  : ltofold_attributes_at_index(from, at, &count);
    for (unsigned k = 0; k < count; ++k) {
      if (to_call_site)
        LLVMAddCallSiteAttribute(to, at, attrs[k]);
      else
        LLVMAddAttributeAtIndex(to, at, attrs[k]);
    }
    free(attrs);
  }
}

void copy_function_attributes(LLVMValueRef from, LLVMValueRef to,
                              bool to_call_site) {
  copy_attributes(from, false, to, to_call_site, LLVMCountParams(from));
}

void take_max_alignment(LLVMValueRef keep, LLVMValueRef other) {
  unsigned a = LLVMGetAlignment(keep), b = LLVMGetAlignment(other);
  if (b > a)
    LLVMSetAlignment(keep, b);
}

/* Copies F's attached metadata but !dbg, which belongs to the body. */
static void copy_global_metadata(LLVMValueRef from, LLVMValueRef to) {
  size_t count;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(from, &count);
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    if (kind != 0) /* 0 is MD_dbg */
      LLVMGlobalSetMetadata(to, kind,
                            LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i));
  }
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
}

static bool has_type_metadata(merge_state *st, LLVMValueRef fn) {
  size_t count;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &count);
  unsigned type_kind = LLVMGetMDKindIDInContext(st->context, "type", 4);
  unsigned kcfi_kind = LLVMGetMDKindIDInContext(st->context, "kcfi_type", 9);
  bool found = false;
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    found |= kind == type_kind || kind == kcfi_kind;
  }
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  return found;
}

static bool can_alias(merge_state *st, LLVMValueRef f, LLVMValueRef g) {
  if (!st->options->allow_aliases || !address_is_insignificant(g))
    return false;
  /* An alias lives in its aliasee's section group: if F's group were
   * discarded by the linker (another object's copy kept), G would vanish
   * with it. And CFI type tags hang on functions, not aliases. Both cases
   * keep G as a thunk instead. */
  if (LLVMGetComdat(g) != LLVMGetComdat(f))
    return false;
  return !has_type_metadata(st, g);
}

bool forwards_in_memory(merge_state *st, LLVMValueRef fn) {
  unsigned params = LLVMCountParams(fn);
  for (unsigned i = 1; i <= params; ++i)
    if (LLVMGetEnumAttributeAtIndex(fn, i, st->inalloca_kind) ||
        LLVMGetEnumAttributeAtIndex(fn, i, st->preallocated_kind))
      return true;
  return false;
}

/* A thunk is a call and a return: a body no larger gains nothing from being
 * replaced by one (and thunks to one body must not fold into each other). */
bool is_thunk_sized(LLVMValueRef fn) {
  if (LLVMCountBasicBlocks(fn) != 1)
    return false;
  LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  return !first || !LLVMGetNextInstruction(first) ||
         !LLVMGetNextInstruction(LLVMGetNextInstruction(first));
}

/* Whether G may become a thunk to F, or the reason it may not. */
static bool can_thunk(merge_state *st, LLVMValueRef f,
                      ltofold_skip_reason *reason) {
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f))) {
    *reason = LTOFOLD_SKIP_VARARG_THUNK;
    return false;
  }
  if (forwards_in_memory(st, f)) {
    *reason = LTOFOLD_SKIP_INALLOCA;
    return false;
  }
  if (is_thunk_sized(f)) {
    *reason = LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK;
    return false;
  }
  return true;
}

/* Deletes every block of `fn`, leaving a declaration-shaped function whose
 * attributes, metadata, comdat and debug subprogram are untouched. Whole
 * blocks are deleted, never single instructions (an erased instruction hands
 * its debug records on to the next one): first no value is used across
 * blocks, then every branch goes to the entry, then the entry goes last. */
void erase_body(LLVMValueRef fn) {
  LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(fn);
  if (!entry)
    return;
  for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      LLVMTypeRef type = LLVMTypeOf(i);
      LLVMTypeKind kind = LLVMGetTypeKind(type);
      if (kind != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(i, kind == LLVMTokenTypeKind ? LLVMConstNull(type)
                                                            : LLVMGetPoison(type));
    }
  for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned successors = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned i = 0; i < successors; ++i)
      LLVMSetSuccessor(term, i, entry);
  }
  LLVMBasicBlockRef bb = LLVMGetNextBasicBlock(entry);
  while (bb) {
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
    LLVMDeleteBasicBlock(bb);
    bb = next;
  }
  LLVMDeleteBasicBlock(entry);
}

/* Converts between types the comparator treats as equal: pointer and
 * pointer-sized integer, and structs, arrays and vectors of such. */
static LLVMValueRef convert_value(LLVMBuilderRef builder, LLVMValueRef value,
                                  LLVMTypeRef to) {
  LLVMTypeRef from = LLVMTypeOf(value);
  if (from == to)
    return value;
  LLVMTypeKind kind_from = LLVMGetTypeKind(from), kind_to = LLVMGetTypeKind(to);
  if (kind_from == LLVMStructTypeKind || kind_from == LLVMArrayTypeKind) {
    LLVMValueRef result = LLVMGetPoison(to);
    unsigned count = kind_from == LLVMStructTypeKind
                         ? LLVMCountStructElementTypes(to)
                         : (unsigned)LLVMGetArrayLength2(to);
    for (unsigned i = 0; i < count; ++i) {
      LLVMTypeRef element_type = kind_from == LLVMStructTypeKind
                                     ? LLVMStructGetTypeAtIndex(to, i)
                                     : LLVMGetElementType(to);
      LLVMValueRef element = LLVMBuildExtractValue(builder, value, i, "");
      element = convert_value(builder, element, element_type);
      result = LLVMBuildInsertValue(builder, result, element, i, "");
    }
    return result;
  }
  /* Vectors convert element-wise with the same instructions. */
  if (kind_from == LLVMVectorTypeKind || kind_from == LLVMScalableVectorTypeKind) {
    kind_from = LLVMGetTypeKind(LLVMGetElementType(from));
    kind_to = LLVMGetTypeKind(LLVMGetElementType(to));
  }
  if (kind_from == LLVMIntegerTypeKind && kind_to == LLVMPointerTypeKind)
    return LLVMBuildIntToPtr(builder, value, to, "");
  if (kind_from == LLVMPointerTypeKind && kind_to == LLVMIntegerTypeKind)
    return LLVMBuildPtrToInt(builder, value, to, "");
  return LLVMBuildBitCast(builder, value, to, "");
}

/* Rewrites G, in place, as a tail call to F: G keeps its name, linkage,
 * attributes, metadata and address, so every use of G stays valid. F takes
 * G's arguments, then `extra` (similar.c's constants). */
void write_thunk(merge_state *st, LLVMValueRef f, LLVMValueRef g,
                 LLVMValueRef *extra, unsigned extra_count) {
  erase_body(g);
  LLVMTypeRef f_type = LLVMGlobalGetValueType(f);
  LLVMTypeRef g_type = LLVMGlobalGetValueType(g);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(st->context, g, "");
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(st->context);
  LLVMPositionBuilderAtEnd(builder, entry);
  LLVMMetadataRef subprogram = LLVMGetSubprogram(g);
  if (subprogram)
    LLVMSetCurrentDebugLocation2(
        builder, LLVMDIBuilderCreateDebugLocation(
                     st->context, LLVMDISubprogramGetLine(subprogram), 0,
                     subprogram, NULL));
  unsigned params = LLVMCountParams(g);
  unsigned all = params + extra_count;
  LLVMValueRef *args = malloc((all ? all : 1) * sizeof *args);
  unsigned f_params;
  LLVMTypeRef *param_types = ltofold_param_types(f_type, &f_params);
  if (!args || f_params < params)
    abort(); /* F takes G's arguments, then the extra ones */
  for (unsigned i = 0; i < params; ++i)
    args[i] = convert_value(builder, LLVMGetParam(g, i), param_types[i]);
  for (unsigned i = 0; i < extra_count; ++i)
    args[params + i] = extra[i];
  LLVMValueRef call = LLVMBuildCall2(builder, f_type, f, args, all, "");
  /* swifttailcc (CallingConv::SwiftTail, absent from the C enum) requires
   * musttail for a guaranteed tail call. */
  enum { SWIFT_TAIL_CALL_CONV = 20 };
  bool swift_tail = LLVMGetFunctionCallConv(f) == SWIFT_TAIL_CALL_CONV &&
                    LLVMGetFunctionCallConv(g) == SWIFT_TAIL_CALL_CONV;
  LLVMSetTailCallKind(call, swift_tail ? LLVMTailCallKindMustTail
                                       : LLVMTailCallKindTail);
  LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(f));
  copy_function_attributes(f, call, true);
  if (LLVMGetTypeKind(LLVMGetReturnType(g_type)) == LLVMVoidTypeKind)
    LLVMBuildRetVoid(builder);
  else
    LLVMBuildRet(builder,
                 convert_value(builder, call, LLVMGetReturnType(g_type)));
  LLVMDisposeBuilder(builder);
  free(args);
  free(param_types);
  /* A thunk's code is a jump: without optsize, code generation pads it to
   * the target's preferred function alignment (16 bytes on x86-64, as much
   * as the thunk itself), which buys nothing for a jump. optsize keeps only
   * the target's minimum and any alignment G asks for itself (C++ methods'
   * `align 2`); optnone functions may not take it. */
  if (!has_fn_attribute(g, st->optnone_kind))
    LLVMAddAttributeAtIndex(g, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(st->context, st->optsize_kind, 0));
  ptr_map_put(&st->thunks, g, 1);
}

/* Replaces G by an alias of F with G's name, linkage and visibility. */
static void write_alias(merge_state *st, LLVMValueRef f, LLVMValueRef g) {
  LLVMValueRef alias = LLVMAddAlias2(st->module, LLVMGlobalGetValueType(g),
                                     0, f, "");
  LLVMSetLinkage(alias, LLVMGetLinkage(g));
  LLVMSetVisibility(alias, LLVMGetVisibility(g));
  LLVMSetDLLStorageClass(alias, LLVMGetDLLStorageClass(g));
  LLVMSetUnnamedAddress(alias, LLVMGlobalUnnamedAddr);
  size_t length;
  const char *name = LLVMGetValueName2(g, &length);
  char *saved = malloc(length + 1);
  if (!saved)
    abort();
  memcpy(saved, name, length + 1);
  replace_and_delete(st, g, alias);
  LLVMSetValueName2(alias, saved, length);
  free(saved);
}

/* Returns the method used, or LTOFOLD_FOLD_METHOD_COUNT if neither an alias
 * nor a thunk could be written (the reason is counted). */
static ltofold_fold_method write_thunk_or_alias(merge_state *st, LLVMValueRef f,
                                                LLVMValueRef g) {
  if (can_alias(st, f, g)) {
    write_alias(st, f, g);
    return LTOFOLD_FOLD_ALIAS;
  }
  ltofold_skip_reason reason;
  if (can_thunk(st, f, &reason)) {
    write_thunk(st, f, g, NULL, 0);
    return LTOFOLD_FOLD_THUNK;
  }
  st->result->skipped[reason]++;
  return LTOFOLD_FOLD_METHOD_COUNT;
}

/* ---- Folding one pair ---------------------------------------------------- */

/* A call of a function with debug info, in a function with debug info,
 * must carry a location (the verifier requires it, for inlining). Calls
 * merge moved to F from a function without debug info have none: they get
 * line 0 of their caller, the "no particular line" of DWARF. */
static void locate_calls(merge_state *st, LLVMValueRef f) {
  if (!LLVMGetSubprogram(f))
    return;
  for (LLVMUseRef use = LLVMGetFirstUse(f); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef call = LLVMGetUser(use);
    if (!is_call_site(call) || LLVMInstructionGetDebugLoc(call))
      continue;
    LLVMMetadataRef scope =
        LLVMGetSubprogram(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    if (scope)
      LLVMInstructionSetDebugLoc(
          call, LLVMDIBuilderCreateDebugLocation(st->context, 0, 0, scope, NULL));
  }
}

/* The last step for a function whose uses merge has moved where it could:
 * deleted when nothing uses it any more and its linkage allows, otherwise an
 * alias or thunk of F. Returns the method, or LTOFOLD_FOLD_METHOD_COUNT when
 * none applied (the reason is counted). */
static ltofold_fold_method finish_folded(merge_state *st, LLVMValueRef f,
                                         LLVMValueRef g) {
  take_max_alignment(f, g);
  if (is_discardable_if_unused(g) && !LLVMGetFirstUse(g)) {
    forget_function(st, g);
    LLVMDeleteFunction(g);
    return LTOFOLD_FOLD_REPLACED;
  }
  return write_thunk_or_alias(st, f, g);
}

/* What drop_disagreeing_metadata needs while the comparator walks F and G
 * in step. */
typedef struct metadata_meet {
  const merge_state *st;
  bool scopes_disagree;   /* a scope declaration of F names other scopes */
} metadata_meet;

static bool kind_in(const unsigned *kinds, unsigned count, unsigned kind) {
  for (unsigned i = 0; i < count; ++i)
    if (kinds[i] == kind)
      return true;
  return false;
}

/* Instruction metadata F keeps even where G's differs: what the comparator
 * already found equal, and hints and debug links that promise nothing. */
static bool keeps_metadata_kind(const merge_state *st, unsigned kind) {
  const ltofold_comparator *c = st->comparator;
  return kind_in(c->semantic_md_kinds, c->semantic_md_count, kind) ||
         kind_in(st->hint_md_kinds, st->hint_md_count, kind);
}

/* The operands of a well-formed loop id that state its properties: all but
 * the id itself and source locations (which differ between any two copies),
 * in a malloc'd array. Returns false for a node that does not name itself
 * first: LLVM ignores such an id, so it states nothing. */
static bool loop_properties(LLVMValueRef loop_id, LLVMValueRef **out,
                            size_t *count) {
  if (!loop_id || !LLVMIsAMDNode(loop_id))
    return false;
  unsigned operands;
  LLVMValueRef *ops = ltofold_md_node_operands(loop_id, &operands);
  if (!operands || ops[0] != loop_id) {
    free(ops);
    return false;
  }
  size_t kept = 0;
  for (unsigned i = 1; i < operands; ++i)
    if (!ops[i] || LLVMGetMetadataKind(LLVMValueAsMetadata(ops[i])) !=
                       LLVMDILocationMetadataKind)
      ops[kept++] = ops[i];
  *out = ops;
  *count = kept;
  return true;
}

/* Two !llvm.loop ids state the same properties: both are well-formed and
 * their properties are the same (uniqued) nodes, in order. */
static bool same_loop_properties(LLVMValueRef mine, LLVMValueRef theirs) {
  LLVMValueRef *a = NULL, *b = NULL;
  size_t count_a = 0, count_b = 0;
  bool same = loop_properties(mine, &a, &count_a) &&
              loop_properties(theirs, &b, &count_b) && count_a == count_b;
  for (size_t i = 0; i < count_a && same; ++i)
    same = a[i] == b[i];
  free(a);
  free(b);
  return same;
}

static bool is_scope_declaration(LLVMValueRef inst) {
  if (LLVMGetInstructionOpcode(inst) != LLVMCall)
    return false;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  size_t length;
  return LLVMIsAFunction(callee) &&
         !strcmp(LLVMGetValueName2(callee, &length),
                 "llvm.experimental.noalias.scope.decl");
}

static void drop_disagreeing_metadata(LLVMValueRef kept, LLVMValueRef other,
                                      void *data) {
  metadata_meet *meet = data;
  const merge_state *st = meet->st;
  size_t count;
  LLVMValueMetadataEntry *entries =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(kept, &count);
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    if (keeps_metadata_kind(st, kind))
      continue;
    LLVMValueRef mine = LLVMGetMetadata(kept, kind);
    LLVMValueRef theirs = LLVMGetMetadata(other, kind);
    bool agree = kind == st->loop_kind ? same_loop_properties(mine, theirs)
                                       : mine == theirs;
    if (!agree || !kind_in(st->agreeing_md_kinds, st->agreeing_md_count, kind))
      LLVMSetMetadata(kept, kind, NULL);
  }
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  if (is_scope_declaration(kept) &&
      LLVMGetOperand(kept, 0) != LLVMGetOperand(other, 0))
    meet->scopes_disagree = true;
}

static void drop_scope_tags(const merge_state *st, LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      LLVMSetMetadata(i, st->alias_scope_kind, NULL);
      LLVMSetMetadata(i, st->noalias_kind, NULL);
    }
}

/* F keeps only the body-local facts that hold for G too (see the top). */
void meet_metadata(merge_state *st, LLVMValueRef f, LLVMValueRef g,
                   const ptr_map *differing) {
  metadata_meet meet = {st, false};
  comparator_walk_pairs(st->comparator, f, g, differing, drop_disagreeing_metadata, &meet);
  if (meet.scopes_disagree)
    drop_scope_tags(st, f);
}

ltofold_fold *add_fold(merge_state *st, const char *kept, const char *folded,
                       ltofold_fold_method method, size_t instructions) {
  ltofold_merge_result *r = st->result;
  if (r->fold_count == st->fold_capacity) {
    st->fold_capacity = st->fold_capacity ? st->fold_capacity * 2 : 64;
    r->folds = realloc(r->folds, st->fold_capacity * sizeof *r->folds);
    if (!r->folds)
      abort();
  }
  ltofold_fold *fold = &r->folds[r->fold_count++];
  memset(fold, 0, sizeof *fold);
  fold->kept = strdup(kept);
  fold->folded = strdup(folded);
  if (!fold->kept || !fold->folded)
    abort();
  fold->method = method;
  fold->instructions = (unsigned)instructions;
  fold->recursive_group = st->in_recursive_pass;
  r->merged++;
  r->by_method[method]++;
  if (st->in_recursive_pass)
    r->merged_recursive++;
  return fold;
}

/* Records that G was folded into F by `method`; `same_address` when &G is
 * &F from now on. */
static void record_fold(merge_state *st, const char *kept, const char *folded,
                        ltofold_fold_method method, size_t instructions,
                        bool same_address) {
  if (st->cert)
    certifier_record(st->cert, st->kept_original, st->folded_original,
                     same_address);
  add_fold(st, kept, folded, method, instructions);
}

/* Whether merge_into_private_body can fold G: both F's new public function
 * and G must become aliases of the body (only out of any section group,
 * since the body leaves F's), which costs nothing however small the body;
 * or thunks of it, which needs a body worth a call. */
static bool private_body_is_possible(merge_state *st, LLVMValueRef f,
                                     LLVMValueRef g,
                                     ltofold_skip_reason *reason) {
  if (can_alias(st, f, f) && can_alias(st, f, g) && !LLVMGetComdat(f))
    return true;
  return can_thunk(st, f, reason);
}

/* F and G both must keep a symbol that nothing may call the other in place
 * of. F's body becomes internal (local), under a new name; a new function takes F's
 * name, linkage and every use of F; then it and G become thunks or aliases
 * of the local body. F's self-references now go through the new function,
 * so F leaves the tree and is looked at again. */
static void merge_into_private_body(merge_state *st, LLVMValueRef f,
                                    LLVMValueRef g, const char *g_name,
                                    size_t g_instructions,
                                    const entry_count *g_count) {
  LLVMValueRef public_f = LLVMAddFunction(st->module, "", LLVMGlobalGetValueType(f));
  LLVMSetLinkage(public_f, LLVMGetLinkage(f));
  LLVMSetVisibility(public_f, LLVMGetVisibility(f));
  LLVMSetDLLStorageClass(public_f, LLVMGetDLLStorageClass(f));
  LLVMSetUnnamedAddress(public_f, LLVMGetUnnamedAddress(f));
  LLVMSetComdat(public_f, LLVMGetComdat(f));
  LLVMSetFunctionCallConv(public_f, LLVMGetFunctionCallConv(f));
  LLVMSetAlignment(public_f, LLVMGetAlignment(f));
  if (LLVMGetSection(f))
    LLVMSetSection(public_f, LLVMGetSection(f));
  if (LLVMGetGC(f))
    LLVMSetGC(public_f, LLVMGetGC(f));
  if (LLVMHasPrefixData(f))
    LLVMSetPrefixData(public_f, LLVMGetPrefixData(f));
  if (LLVMHasPrologueData(f))
    LLVMSetPrologueData(public_f, LLVMGetPrologueData(f));
  copy_function_attributes(f, public_f, false);
  copy_global_metadata(f, public_f);

  defer(st, f);
  defer_users(st, f, 0);
  LLVMReplaceAllUsesWith(f, public_f);
  size_t length;
  const char *name = LLVMGetValueName2(f, &length);
  char *saved = strndup(name, length);
  char *body_name = NULL;
  if (!saved || asprintf(&body_name, "%s.ltofold.body", saved) < 0)
    abort();
  LLVMSetValueName2(f, body_name, strlen(body_name));
  LLVMSetValueName2(public_f, saved, length);
  free(body_name);
  free(saved);
  /* Internal rather than private: the body keeps a local symbol, so the
   * object's symbol table shows its size (the report measures bytes saved
   * from it) and profilers and debuggers can name it. */
  LLVMSetLinkage(f, LLVMInternalLinkage);
  /* Out of F's section group: G's thunk calls the body, and G's group may be
   * kept while F's is discarded. */
  LLVMSetComdat(f, NULL);
  LLVMSetVisibility(f, LLVMDefaultVisibility);
  LLVMSetUnnamedAddress(f, LLVMGlobalUnnamedAddr);

  LLVMTypeRef type = LLVMGlobalGetValueType(f);
  if (is_odr(g) && LLVMGlobalGetValueType(g) == type)
    replace_direct_callers(st, g, f);
  if (is_odr(public_f))
    replace_direct_callers(st, public_f, f);
  locate_calls(st, f);
  ltofold_fold_method g_method = finish_folded(st, f, g);
  ltofold_fold_method f_method = finish_folded(st, f, public_f);
  /* &G is &F afterwards only if both are aliases of the body, or one of
   * them is gone (nothing can take the address of a deleted function). */
  bool g_gone_or_alias = g_method == LTOFOLD_FOLD_ALIAS || g_method == LTOFOLD_FOLD_REPLACED;
  bool f_gone_or_alias = f_method == LTOFOLD_FOLD_ALIAS || f_method == LTOFOLD_FOLD_REPLACED;
  if (g_method != LTOFOLD_FOLD_METHOD_COUNT) {
    record_fold(st, function_name(f), g_name, g_method, g_instructions,
                g_gone_or_alias && f_gone_or_alias);
    entry_count_add(f, g_count);
  }
}

/* F keeps, of its droppable attributes at `index`, only those G has too. */
static void intersect_attributes_at(merge_state *st, LLVMValueRef f,
                                    LLVMValueRef g, LLVMAttributeIndex index) {
  unsigned count, g_count;
  LLVMAttributeRef *mine = ltofold_attributes_at_index(f, index, &count);
  LLVMAttributeRef *theirs = ltofold_attributes_at_index(g, index, &g_count);
  for (unsigned i = 0; i < count; ++i) {
    if (!comparator_is_droppable(st->comparator, mine[i]))
      continue;
    /* Attributes are uniqued: the same kind and value is the same one. */
    bool shared = false;
    for (unsigned j = 0; j < g_count && !shared; ++j)
      shared = theirs[j] == mine[i];
    if (!shared)
      LLVMRemoveEnumAttributeAtIndex(f, index, LLVMGetEnumAttributeKind(mine[i]));
  }
  free(mine);
  free(theirs);
}

/* The comparator does not compare the attributes a definition may lose
 * (nonnull, range, memory, ...: see compare.h); F, which keeps the body for
 * both, keeps only the facts that hold for G too. */
void intersect_attributes(merge_state *st, LLVMValueRef f,
                                 LLVMValueRef g) {
  intersect_attributes_at(st, f, g, LLVMAttributeFunctionIndex);
  intersect_attributes_at(st, f, g, LLVMAttributeReturnIndex);
  unsigned params = LLVMCountParams(f);
  for (unsigned i = 1; i <= params; ++i)
    intersect_attributes_at(st, f, g, i);
}

/* G's uses may all become uses of F: nobody can tell their addresses apart
 * and nothing pins G's own symbol. CFI tags (!type, !kcfi_type) mark G's
 * address as a checked target: it must keep its own symbol, tags and
 * address. */
bool uses_move_entirely(merge_state *st, LLVMValueRef g) {
  return address_is_insignificant(g) && !ptr_map_get(&st->used, g, NULL) &&
         !has_type_metadata(st, g);
}

static bool has_direct_callers(LLVMValueRef fn) {
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (is_call_site(user) &&
        LLVMGetOperandUse(user, (unsigned)LLVMGetNumOperands(user) - 1) == use)
      return true;
  }
  return false;
}

/* Whether merge_two(F, G) will fold G, by the same decisions it takes, but
 * without acting: merge_two is only called when it will, so a pair that
 * cannot fold leaves both functions untouched (their attributes and
 * metadata included) and G can be tried with another equal function. */
static bool fold_is_possible(merge_state *st, LLVMValueRef f, LLVMValueRef g,
                             ltofold_skip_reason *reason) {
  *reason = LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK;
  if (is_interposable(f) || (is_odr(f) && is_odr(g)))
    return private_body_is_possible(st, f, g, reason);
  bool moves_uses = !is_interposable(g) &&
                    LLVMGlobalGetValueType(f) == LLVMGlobalGetValueType(g);
  bool moves_all = moves_uses && uses_move_entirely(st, g);
  if (moves_uses && (moves_all ? LLVMGetFirstUse(g) != NULL : has_direct_callers(g)))
    return true; /* replaced, or at least its callers redirected */
  if (is_discardable_if_unused(g) && !LLVMGetFirstUse(g))
    return true;
  return can_alias(st, f, g) || can_thunk(st, f, reason);
}

/* The seed's mergeTwoFunctions: fold G into F, which compare equal and can
 * fold (fold_is_possible). F keeps the body. */
static void merge_two(merge_state *st, LLVMValueRef f, LLVMValueRef g) {
  st->kept_original = certifier_original(st->cert, f);
  st->folded_original = certifier_original(st->cert, g);
  meet_metadata(st, f, g, NULL);
  intersect_attributes(st, f, g);
  /* Every fold below leaves F's body running for G's callers too. */
  entry_count g_count = entry_count_read(g);

  char *g_name = strdup(function_name(g));
  char *f_name = strdup(function_name(f));
  if (!g_name || !f_name)
    abort();
  size_t g_instructions = count_instructions(g);

  if (is_interposable(f) || (is_odr(f) && is_odr(g))) {
    merge_into_private_body(st, f, g, g_name, g_instructions, &g_count);
    free(g_name);
    free(f_name);
    entry_count_free(&g_count);
    return;
  }

  bool same_type = LLVMGlobalGetValueType(f) == LLVMGlobalGetValueType(g);
  bool callers_moved = false;
  if (!is_interposable(g) && same_type) {
    if (uses_move_entirely(st, g)) {
      callers_moved = LLVMGetFirstUse(g) != NULL;
      defer_users(st, g, 0);
      LLVMReplaceAllUsesWith(g, f);
    } else {
      callers_moved = replace_direct_callers(st, g, f) > 0;
    }
  }
  locate_calls(st, f);
  ltofold_fold_method method = finish_folded(st, f, g);
  if (method == LTOFOLD_FOLD_METHOD_COUNT && callers_moved)
    method = LTOFOLD_FOLD_CALLERS;
  if (method != LTOFOLD_FOLD_METHOD_COUNT) {
    record_fold(st, f_name, g_name, method, g_instructions,
                method == LTOFOLD_FOLD_ALIAS || method == LTOFOLD_FOLD_REPLACED);
    entry_count_add(f, &g_count);
  }
  entry_count_free(&g_count);
  free(g_name);
  free(f_name);
}

/* Folds `fn` with `member` (the node's representative or one of its
 * unfolded functions), the right way round, if that pair can fold. When fn
 * keeps the body it takes member's place in the node. An unfolded member's
 * body may have changed since it was found equal (it is in no tree when its
 * callees fold): with `compare_again` it is compared again, after the cheap
 * test of whether the pair could fold at all, so that a class of many
 * functions that cannot fold costs no comparisons. */
static bool try_fold(merge_state *st, fn_tree_node *node, LLVMValueRef member,
                     LLVMValueRef fn, bool compare_again,
                     ltofold_skip_reason *reason) {
  bool fn_kept = !order_is_correct(member, fn);
  LLVMValueRef kept = fn_kept ? fn : member, folded = fn_kept ? member : fn;
  if (!fold_is_possible(st, kept, folded, reason) ||
      (compare_again && ltofold_compare_functions(st->comparator, member, fn)))
    return false;
  if (fn_kept && member == node->function) {
    fn_tree_replace(&st->tree, node, fn);
  } else if (fn_kept) {
    fn_tree_remove_unfolded(&st->tree, member);
    fn_tree_add_unfolded(&st->tree, node, fn);
  }
  merge_two(st, kept, folded);
  return true;
}

/* The seed's insert(): into the tree, or folded with its equal there. An
 * equal function it cannot fold with (a type or linkage the fold needs)
 * does not end the search: the others found equal to it before and left
 * unfolded are tried too, and if none can fold, fn joins them. */
static void insert(merge_state *st, LLVMValueRef fn) {
  if (fn_tree_contains(&st->tree, fn)) /* deferred twice, already back */
    return;
  fn_tree_node *node = fn_tree_insert(&st->tree, fn, ltofold_function_hash(fn));
  if (!node)
    return;
  fn_tree_remove_unfolded(&st->tree, fn); /* a stale entry of an old body */
  ltofold_skip_reason first_reason, reason;
  if (try_fold(st, node, node->function, fn, false, &first_reason))
    return;
  for (size_t i = 0; i < node->unfolded_count; ++i)
    if (try_fold(st, node, node->unfolded[i], fn, true, &reason))
      return;
  st->result->skipped[first_reason]++;
  fn_tree_add_unfolded(&st->tree, node, fn);
}

/* Insert everything deferred, until nothing is deferred any more. */
static void run_worklist(merge_state *st) {
  while (st->deferred.count) {
    fn_list worklist = st->deferred;
    st->deferred = (fn_list){0};
    for (size_t i = 0; i < worklist.count; ++i)
      if (!ptr_map_get(&st->thunks, worklist.items[i], NULL))
        insert(st, worklist.items[i]);
    free(worklist.items);
  }
}

/* ---- Recursive groups ------------------------------------------------------ */


/* In an array sorted by hash: whether item i shares its hash with another. */
bool shares_hash(const candidate *sorted, size_t count, size_t i) {
  return (i > 0 && sorted[i - 1].hash == sorted[i].hash) ||
         (i + 1 < count && sorted[i + 1].hash == sorted[i].hash);
}

static int compare_candidates(const void *a, const void *b, void *data) {
  const candidate *ca = a, *cb = b;
  if (ca->hash != cb->hash)
    return ca->hash < cb->hash ? -1 : 1;
  return ltofold_compare_functions(data, ca->function, cb->function);
}

static void collect_tree(fn_tree_node *node, candidate *out, size_t *count) {
  while (node) {
    collect_tree(node->left, out, count);
    out[*count] = (candidate){node->function, node->hash, *count};
    (*count)++;
    node = node->right;
  }
}

/* Splits classes until stable; returns the number of functions folded. */
static size_t merge_recursive_groups(merge_state *st) {
  candidate *all = malloc((st->tree.size + 1) * sizeof *all);
  if (!all)
    abort();
  size_t total = 0;
  collect_tree(st->tree.root, all, &total); /* in tree order: deterministic */
  /* Only functions sharing a hash can share a class; interposable bodies are
   * not final. Keep the rest, in order. */
  size_t count = 0;
  for (size_t i = 0; i < total; ++i) {
    if (shares_hash(all, total, i) && !is_interposable(all[i].function))
      all[count++] = all[i];
  }
  ptr_map classes;
  ptr_map_init(&classes);
  for (size_t i = 0; i < count; ++i)
    ptr_map_put(&classes, all[i].function, 0);
  st->comparator->function_classes = &classes;
  /* Classes only split: a function alone in its class stays alone, so it
   * keeps its number for the comparisons of the others and leaves the
   * sort. Stable when a sort forms as many classes as went into it (none
   * split). */
  uint64_t next_number = 1;
  size_t classes_in = 1;
  bool split = true;
  while (count > 0 && split) {
    qsort_r(all, count, sizeof *all, compare_candidates, st->comparator);
    /* Renumber: a class is a run of equal neighbours. Assign after the scan,
     * so the scan sees one fixed numbering. */
    uint64_t *numbers = malloc((count + 1) * sizeof *numbers);
    if (!numbers)
      abort();
    for (size_t i = 0; i < count; ++i) {
      if (i > 0 && compare_candidates(&all[i - 1], &all[i], st->comparator))
        next_number++;
      numbers[i] = next_number;
    }
    size_t formed = (size_t)(next_number - numbers[0]) + 1;
    next_number++;
    split = formed != classes_in;
    if (split) {
      classes_in = 0;
      size_t kept = 0;
      for (size_t i = 0; i < count; ++i) {
        ptr_map_put(&classes, all[i].function, numbers[i]);
        bool alone = (i == 0 || numbers[i - 1] != numbers[i]) &&
                     (i + 1 == count || numbers[i + 1] != numbers[i]);
        if (alone)
          continue;
        classes_in += i == 0 || numbers[i - 1] != numbers[i];
        all[kept++] = all[i];
      }
      count = kept;
    }
    free(numbers);
  }
  st->comparator->function_classes = NULL;

  /* Fold each class of two or more into its best member. First take every
   * member of such a class out of the tree, not deferred: all but the kept
   * one are about to be deleted or become thunks, and folding one class must
   * not put a member of another on the Deferred list. */
  size_t *class_end = malloc((count + 1) * sizeof *class_end);
  if (!class_end)
    abort();
  for (size_t i = count; i-- > 0;) {
    uint64_t mine, next;
    ptr_map_get(&classes, all[i].function, &mine);
    bool same_as_next = i + 1 < count &&
                        ptr_map_get(&classes, all[i + 1].function, &next) &&
                        next == mine;
    class_end[i] = same_as_next ? class_end[i + 1] : i + 1;
  }
  for (size_t i = 0; i < count; ++i)
    if (class_end[i] - i >= 2 || (i > 0 && class_end[i - 1] == class_end[i]))
      fn_tree_remove(&st->tree, all[i].function, push_deferred, st);
  size_t folded = 0;
  st->in_recursive_pass = true;
  for (size_t start = 0; start < count; start = class_end[start]) {
    size_t stop = class_end[start];
    if (stop - start < 2)
      continue;
    LLVMValueRef kept = all[start].function;
    for (size_t i = start + 1; i < stop; ++i)
      if (!order_is_correct(kept, all[i].function))
        kept = all[i].function;
    for (size_t i = start; i < stop; ++i)
      if (all[i].function != kept) {
        ltofold_skip_reason reason;
        if (fold_is_possible(st, kept, all[i].function, &reason)) {
          merge_two(st, kept, all[i].function);
          folded++;
        } else { /* left alone: still a candidate */
          st->result->skipped[reason]++;
          fn_list_push(&st->deferred, all[i].function);
          /* The class's other folds count on it being equal all the same. */
          if (st->cert)
            certifier_record(st->cert, certifier_original(st->cert, kept),
                             certifier_original(st->cert, all[i].function),
                             false);
        }
      }
    fn_list_push(&st->deferred, kept);
  }
  free(class_end);
  st->in_recursive_pass = false;
  ptr_map_free(&classes);
  free(all);
  return folded;
}

/* ---- The result ------------------------------------------------------------ */

static int compare_folds_by_folded(const void *a, const void *b) {
  return strcmp((*(ltofold_fold *const *)a)->folded,
                (*(ltofold_fold *const *)b)->folded);
}

/* A function kept in one fold may itself be folded later (B kept C, then A
 * kept B). Point every fold at the function that finally holds the body, so
 * the result never names a function that is gone. Chains are short and
 * acyclic (a folded function never comes back); the bound is a safeguard. */
static void resolve_kept_chains(ltofold_merge_result *r) {
  ltofold_fold **by_folded = malloc((r->fold_count + 1) * sizeof *by_folded);
  if (!by_folded)
    abort();
  for (size_t i = 0; i < r->fold_count; ++i)
    by_folded[i] = &r->folds[i];
  qsort(by_folded, r->fold_count, sizeof *by_folded, compare_folds_by_folded);
  for (size_t i = 0; i < r->fold_count; ++i) {
    ltofold_fold *fold = &r->folds[i];
    for (size_t steps = 0; steps < r->fold_count; ++steps) {
      ltofold_fold key = {.folded = fold->kept};
      ltofold_fold *key_pointer = &key;
      ltofold_fold **found =
          bsearch(&key_pointer, by_folded, r->fold_count, sizeof *by_folded,
                  compare_folds_by_folded);
      /* A "callers" fold leaves its function in place: it can keep others. */
      if (!found || (*found)->method == LTOFOLD_FOLD_CALLERS ||
          *found == fold)
        break;
      char *final_kept = strdup((*found)->kept);
      if (!final_kept)
        abort();
      free(fold->kept);
      fold->kept = final_kept;
    }
  }
  free(by_folded);
}

/* The folds of outlined functions into each other are the outlining's
 * (result->outline), not functions of the program folded. */
static void drop_outlined_folds(ltofold_merge_result *r) {
  size_t kept = 0;
  for (size_t i = 0; i < r->fold_count; ++i) {
    ltofold_fold *fold = &r->folds[i];
    if (!ltofold_is_outlined_name(fold->folded)) {
      r->folds[kept++] = *fold;
      continue;
    }
    r->merged--;
    r->by_method[fold->method]--;
    free(fold->kept);
    free(fold->folded);
  }
  r->fold_count = kept;
}

/* ---- Entry point ----------------------------------------------------------- */

static unsigned enum_kind(const char *name) {
  return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

/* By hash, ties by name (so that the order of functions in the module does
 * not matter), unnamed functions in module order: qsort is not stable. */
int compare_hashed(const void *a, const void *b) {
  const candidate *ca = a, *cb = b;
  if (ca->hash != cb->hash)
    return ca->hash < cb->hash ? -1 : 1;
  int by_name = strcmp(function_name(ca->function), function_name(cb->function));
  if (by_name)
    return by_name < 0 ? -1 : 1;
  return ca->index < cb->index ? -1 : ca->index > cb->index;
}

void ltofold_merge_options_default(ltofold_merge_options *options) {
  options->allow_aliases = true;
  options->merge_recursive = true;
  options->merge_similar = true;
  options->merge_blocks = true;
  options->outline = true;
  options->outline_all = false;
  options->certify = true;
  options->test_break = NULL;
}

/* The pass's state for one run over `module`; `refused` (may be empty)
 * names functions that take no part (certification refused their folds). */
static void state_init(merge_state *st, LLVMModuleRef module,
                       const ltofold_merge_options *options,
                       ltofold_merge_result *result, const name_list *refused) {
  memset(st, 0, sizeof *st);
  st->module = module;
  st->context = LLVMGetModuleContext(module);
  st->options = options;
  st->result = result;
  st->comparator = ltofold_comparator_new(module);
  fn_tree_init(&st->tree, st->comparator);
  ptr_map_init(&st->used);
  ptr_map_init(&st->thunks);
  ptr_map_init(&st->refused);
  for (size_t i = 0; i < refused->count; ++i) {
    LLVMValueRef fn = LLVMGetNamedFunction(module, refused->names[i]);
    if (fn)
      ptr_map_put(&st->refused, fn, 1);
  }
  st->naked_kind = enum_kind("naked");
  st->optnone_kind = enum_kind("optnone");
  st->optsize_kind = enum_kind("optsize");
  st->inalloca_kind = enum_kind("inalloca");
  st->preallocated_kind = enum_kind("preallocated");
  static const char *const hints[] = {"dbg", "prof", "DIAssignID", "heapallocsite",
                                      "srcloc", "annotation"};
  for (size_t i = 0; i < sizeof hints / sizeof *hints; ++i)
    st->hint_md_kinds[st->hint_md_count++] = LLVMGetMDKindIDInContext(
        st->context, hints[i], (unsigned)strlen(hints[i]));
  static const char *const agreeing[] = {
      "tbaa", "tbaa.struct", "alias.scope", "noalias", "invariant.load",
      "invariant.group", "nontemporal", "fpmath", "callees", "llvm.loop",
      "unpredictable"};
  for (size_t i = 0; i < sizeof agreeing / sizeof *agreeing; ++i)
    st->agreeing_md_kinds[st->agreeing_md_count++] = LLVMGetMDKindIDInContext(
        st->context, agreeing[i], (unsigned)strlen(agreeing[i]));
  st->alias_scope_kind = LLVMGetMDKindIDInContext(st->context, "alias.scope", 11);
  st->noalias_kind = LLVMGetMDKindIDInContext(st->context, "noalias", 7);
  st->loop_kind = LLVMGetMDKindIDInContext(st->context, "llvm.loop", 9);
  collect_used(st, "llvm.used");
  collect_used(st, "llvm.compiler.used");
}

static void state_free(merge_state *st) {
  fn_tree_free(&st->tree);
  free(st->deferred.items);
  free(st->unused_thunks.items);
  ptr_map_free(&st->used);
  ptr_map_free(&st->thunks);
  ptr_map_free(&st->refused);
  ltofold_comparator_free(st->comparator);
}

/* The worklist of one run: every definition whose hash another shares.
 * Drops inert personalities, which the certifier's copy must not see. */
static void collect_candidates(merge_state *st) {
  ltofold_merge_result *result = st->result;
  /* Every definition, hashed; only hashes shared by two or more can merge.
   * They go on the worklist by hash, ties in module order. */
  size_t total = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
       fn = LLVMGetNextFunction(fn))
    total++;
  candidate *hashed = malloc((total + 1) * sizeof *hashed);
  if (!hashed)
    abort();
  size_t count = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
       fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) ||
        LLVMGetLinkage(fn) == LLVMAvailableExternallyLinkage)
      continue;
    ltofold_skip_reason reason;
    if (excluded_for(st, fn, &reason)) {
      result->skipped[reason]++;
      continue;
    }
    drop_inert_personality(fn);
    hashed[count] = (candidate){fn, ltofold_function_hash(fn), count};
    count++;
  }
  qsort(hashed, count, sizeof *hashed, compare_hashed);
  for (size_t i = 0; i < count; ++i) {
    if (shares_hash(hashed, count, i)) {
      fn_list_push(&st->deferred, hashed[i].function);
      result->candidates += !ltofold_is_outlined(hashed[i].function);
    }
  }
  free(hashed);
}

/* Every fold of one run: the worklist, then the recursive groups and the
 * similar functions. */
static void fold_all(merge_state *st) {
  run_worklist(st);
  if (st->options->merge_recursive)
    while (merge_recursive_groups(st) > 0)
      run_worklist(st);
  if (st->options->merge_similar)
    merge_similar_functions(st);
}

/* Members of similar groups whose callers all pass their constants
 * themselves now: gone, once the check has seen them. */
static void delete_unused_thunks(merge_state *st) {
  for (size_t i = 0; i < st->unused_thunks.count; ++i) {
    LLVMValueRef fn = st->unused_thunks.items[i];
    if (!LLVMGetFirstUse(fn)) {
      forget_function(st, fn);
      LLVMDeleteFunction(fn);
    }
  }
}

/* Runs after certification refused folds: at most this many, each without
 * the functions of every fold refused so far; then merge leaves the module
 * as it was. */
enum { MAX_CERTIFIED_RUNS = 4 };

/* The result of a run that is thrown away, emptied for the next; what
 * happened before the runs (functions counted, outlining) stays. */
static void reset_result(ltofold_merge_result *result) {
  size_t functions = result->functions;
  ltofold_outline_stats outline = result->outline;
  ltofold_merge_result_free(result);
  memset(result, 0, sizeof *result);
  result->functions = functions;
  result->outline = outline;
}

/* The warning for the functions certification refused. */
static char *refusal_warning(const name_list *refused, bool gave_up) {
  size_t length = 0;
  for (size_t i = 0; i < refused->count; ++i)
    length += strlen(refused->names[i]) + 4;
  char *names = calloc(length + 1, 1);
  if (!names)
    abort();
  for (size_t i = 0; i < refused->count; ++i) {
    if (i)
      strcat(names, ", ");
    strcat(names, "'");
    strcat(names, refused->names[i]);
    strcat(names, "'");
  }
  char *warning = NULL;
  if (asprintf(&warning,
               gave_up ? "merge: folds of %s did not check against the original "
                         "functions; merge left the module as it was (please report)"
                       : "merge: folds of %s did not check against the original "
                         "functions; left unfolded (please report)",
               names) < 0)
    abort();
  free(names);
  return warning;
}

size_t ltofold_merge_module(LLVMModuleRef module,
                            const ltofold_merge_options *options,
                            ltofold_merge_result *result) {
  memset(result, 0, sizeof *result);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn;
       fn = LLVMGetNextFunction(fn))
    result->functions += !LLVMIsDeclaration(fn) &&
                         LLVMGetLinkage(fn) != LLVMAvailableExternallyLinkage;
  /* (counted before outlining adds functions) */
  ltofold_outline *outlined =
      options->outline ? ltofold_outline_regions(module, options->outline_all,
                                                 &result->outline)
                       : NULL;

  /* Without certification, one run. With it, a run whose folds do not all
   * check is undone (snapshot.cpp, from the certifier's snapshot) and merge
   * runs again without the functions of the folds refused: a bug in merge
   * costs those folds, never a wrong program or a failed link. */
  name_list refused = {0};
  merge_state st;
  bool gave_up = false;
  for (unsigned run = 0;; ++run) {
    state_init(&st, module, options, result, &refused);
    if (gave_up)
      break;
    collect_candidates(&st);
    st.cert = options->certify ? certifier_begin(module) : NULL;
    fold_all(&st);
    bool certified = true;
    if (st.cert) {
      result->certified = certifier_claims(st.cert);
      certified = certifier_check(st.cert, module, &refused);
      if (!certified) {
        if (!ltofold_module_restore(module, certifier_snapshot(st.cert)))
          abort(); /* our own bitcode, just written: cannot fail to read */
        gave_up = run + 1 >= MAX_CERTIFIED_RUNS;
      }
      certifier_free(st.cert);
      st.cert = NULL;
    }
    if (certified)
      break;
    state_free(&st);
    reset_result(result);
  }
  if (gave_up)
    result->skipped[LTOFOLD_SKIP_CERTIFICATION] = refused.count;
  if (refused.count)
    result->warning = refusal_warning(&refused, gave_up);
  name_list_free(&refused);
  delete_unused_thunks(&st);
  if (outlined) {
    drop_outlined_folds(result);
    ltofold_outline_finish(outlined, &result->outline);
  }
  resolve_kept_chains(result);
  result->comparisons = st.comparator->comparisons;
  state_free(&st);
  return result->merged;
}

void ltofold_merge_result_free(ltofold_merge_result *result) {
  for (size_t i = 0; i < result->fold_count; ++i) {
    free(result->folds[i].kept);
    free(result->folds[i].folded);
  }
  free(result->folds);
  result->folds = NULL;
  result->fold_count = 0;
  free(result->warning);
  result->warning = NULL;
}

const char *ltofold_fold_method_name(ltofold_fold_method method) {
  static const char *const names[] = {"replaced", "alias", "thunk", "callers"};
  return method < LTOFOLD_FOLD_METHOD_COUNT ? names[method] : "none";
}

const char *ltofold_similar_skip_name(ltofold_similar_skip reason) {
  static const char *const names[] = {"unprofitable", "parameters", "type",
                                      "shape", "hot", "blocks"};
  return reason < LTOFOLD_SIMILAR_SKIP_COUNT ? names[reason] : "unknown";
}

const char *ltofold_skip_reason_name(ltofold_skip_reason reason) {
  static const char *const names[] = {
      "naked", "blockaddress", "distinct-metadata", "too-small-for-thunk",
      "vararg-thunk", "inalloca", "entry-point", "certification"};
  return reason < LTOFOLD_SKIP_REASON_COUNT ? names[reason] : "unknown";
}
