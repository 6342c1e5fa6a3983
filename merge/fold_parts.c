/* What every fold is made of, whichever pass makes it (merge.c's equal
 * functions, similar.c's merged bodies, regions.c's blocks): facts about a
 * function's linkage, address and body; the rewrites (thunks, attributes
 * and metadata met over the functions folded); and the records of folds.
 * Below merge.c, similar.c and regions.c: it calls none of them. */
#include "merge_internal.h"
#include "llvm_arrays.h"

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

bool is_odr(LLVMValueRef fn) {
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
bool address_is_insignificant(LLVMValueRef fn) {
  LLVMUnnamedAddr unnamed = LLVMGetUnnamedAddress(fn);
  return unnamed == LLVMGlobalUnnamedAddr ||
         (unnamed == LLVMLocalUnnamedAddr && has_local_linkage(fn));
}

const char *function_name(LLVMValueRef fn) {
  size_t length;
  return LLVMGetValueName2(fn, &length);
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

size_t ltofold_instruction_count(LLVMValueRef fn) {
  return count_instructions(fn);
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

void refuse(merge_state *st, LLVMValueRef fn) {
  ptr_map_put(&st->refused, fn, 1);
  certifier_refuse(st->cert, function_name(fn));
}

bool is_refused(const merge_state *st, LLVMValueRef fn) {
  return ptr_map_get(&st->refused, fn, NULL);
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

/* ---- Tree membership ------------------------------------------------------- */

/* The seed's remove(): a function whose body is about to change leaves the
 * tree and will be looked at again. */
void push_deferred(LLVMValueRef fn, void *data) {
  fn_list_push(&((merge_state *)data)->deferred, fn);
}

void forget_function(merge_state *st, LLVMValueRef fn) {
  fn_tree_remove(&st->tree, fn, push_deferred, st);
  fn_tree_remove_unfolded(&st->tree, fn);
  comparator_forget_global(st->comparator, fn);
  ptr_map_remove(&st->used, fn);
  ptr_map_remove(&st->thunks, fn);
  ptr_map_remove(&st->refused, fn);
}

bool is_call_site(LLVMValueRef value) {
  if (!LLVMIsAInstruction(value))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(value);
  return opcode == LLVMCall || opcode == LLVMInvoke || opcode == LLVMCallBr;
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
void copy_global_metadata(LLVMValueRef from, LLVMValueRef to) {
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

bool has_type_metadata(merge_state *st, LLVMValueRef fn) {
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

/* ---- Candidate lists ------------------------------------------------------- */

/* In an array sorted by hash: whether item i shares its hash with another. */
bool shares_hash(const candidate *sorted, size_t count, size_t i) {
  return (i > 0 && sorted[i - 1].hash == sorted[i].hash) ||
         (i + 1 < count && sorted[i + 1].hash == sorted[i].hash);
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
