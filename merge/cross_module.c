/* Merging across the modules of a distributed ThinLTO link, from summaries.
 *
 * `ltofold thin-merge` folds across modules by linking every optimized
 * module into one and running merge on it: the whole program in one
 * process. This file gives the pieces of a flow that never holds more than
 * one module and the bodies that matter (docs/plugin.md, "Merging from
 * summaries"):
 *
 *   1. each module says, per function, what merge would hash it to and
 *      which globals and constants its operands are
 *      (ltofold_summarize_function): functions the comparator finds equal
 *      agree on both (but for a pointer and an integer constant it takes
 *      for equal, a fold this misses), so the summaries alone propose the
 *      groups;
 *   2. a step that reads summaries only forms the groups and gives each a
 *      home module and a kept function there (plugin/cli_thin_plan.c);
 *   3. the home imports the members' bodies next to the kept function and
 *      decides, as merge does within a module: the comparator compares,
 *      the certifier checks again with a comparator of its own, and the
 *      kept function gives up the facts (droppable attributes, body
 *      metadata) the member lacks, since it is to run for the member's
 *      callers too (ltofold_cross_module_check);
 *   4. each member's module, told the verdicts, makes the member run the
 *      home's symbol: it gives way to an alias the home defines in its
 *      place (ltofold_cross_module_add_alias, _drop_body) where it is
 *      hidden and its address does not matter, its uses move there where
 *      it is local and its address does not matter, otherwise it becomes
 *      a thunk (ltofold_cross_module_fold).
 *
 * Why a member that refers to a local of its module is left out: the
 * comparator tells globals apart by identity, and a local of one module is
 * no global of another, so such a function is equal to no function of
 * another module (as after thin-merge's link, where the two modules'
 * locals stay two). Why the kept function must not be interposable: the
 * member's callers would run whatever definition the linker or loader
 * picks for it. Why an alias only for a hidden member: the member's module
 * keeps referring to it as dso_local, which only a hidden definition
 * elsewhere in the link keeps true in a shared library; and the alias is
 * defined by the home, since an alias needs its aliasee in its module.
 *
 * Similar functions (equal up to constants and the operations a merged
 * body may choose) go the same way with merge's similar engine
 * (similar.c): the home merges the kept function and the imported members
 * into one body with parameters, the kept function's blocks with holes,
 * priced and certified as merge does within a module
 * (ltofold_cross_module_merge_similar); each member's module makes the
 * member a thunk that calls that body, now a hidden global of the home,
 * with the member's own constants (ltofold_cross_module_similar_thunk).
 * The constants travel as places in the member's body (the instruction's
 * number and the operand's, ltofold_find_constant): the member's module
 * reads its own constants there, so that no constant, nor the global it
 * names, is ever written out and read back.
 *
 * Every rewrite here is merge's own (merge/fold_parts.c): the thunk
 * writer, the meet of facts, the linkage and address rules. */
#include "merge_internal.h"
#include "llvm_arrays.h"
#include "profile.h"

#include <llvm-c/Comdat.h>

#include <stdlib.h>
#include <string.h>

struct ltofold_cross_module {
  merge_state state; /* comparator, certifier and attribute kinds */
  ltofold_merge_options options;
  ltofold_merge_result result; /* counts nothing anyone reads */
};

ltofold_cross_module *ltofold_cross_module_new(LLVMModuleRef module) {
  ltofold_cross_module *cross = calloc(1, sizeof *cross);
  if (!cross)
    abort();
  ltofold_merge_options_default(&cross->options);
  merge_state_init(&cross->state, module, &cross->options, &cross->result);
  cross->state.cert = certifier_new(module);
  return cross;
}

void ltofold_cross_module_free(ltofold_cross_module *cross) {
  if (!cross)
    return;
  merge_state_free(&cross->state);
  ltofold_merge_result_free(&cross->result);
  free(cross);
}

/* ---- Step 1: the summary of a function ---- */

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t mix_bytes(uint64_t hash, const char *bytes, size_t length) {
  for (size_t i = 0; i < length; ++i)
    hash = (hash ^ (unsigned char)bytes[i]) * FNV_PRIME;
  return (hash ^ 0xff) * FNV_PRIME; /* ends the name */
}

/* What the walk over a body's operands gathers. */
typedef struct reference_walk {
  LLVMValueRef function; /* the function summarized: itself is "itself" */
  uint64_t hash;
  bool local;
  unsigned depth;
} reference_walk;

static uint64_t mix_number(uint64_t hash, uint64_t number) {
  for (int i = 0; i < 8; ++i, number >>= 8)
    hash = (hash ^ (number & 0xff)) * FNV_PRIME;
  return hash;
}

/* Mixes a constant's value into the walk's hash: integers up to 64 bits
 * and floating-point values by value, other constants by their kind (and
 * their operands, below). */
static void mix_constant(reference_walk *walk, LLVMValueRef value) {
  walk->hash = mix_number(walk->hash, (uint64_t)LLVMGetValueKind(value));
  if (LLVMIsAConstantInt(value) &&
      LLVMGetIntTypeWidth(LLVMTypeOf(value)) <= 64) {
    walk->hash = mix_number(walk->hash, LLVMConstIntGetZExtValue(value));
  } else if (LLVMIsAConstantFP(value)) {
    LLVMBool lost;
    double real = LLVMConstRealGetDouble(value, &lost);
    uint64_t bits;
    memcpy(&bits, &real, sizeof bits);
    walk->hash = mix_number(walk->hash, bits);
  }
}

/* Mixes the globals `value` names (itself, or inside a constant
 * expression or aggregate) and the constants' values into the walk's
 * hash. */
static void mix_references(reference_walk *walk, LLVMValueRef value) {
  if (LLVMIsAGlobalValue(value)) {
    if (value == walk->function) {
      walk->hash = mix_bytes(walk->hash, "", 0); /* a self-reference */
      return;
    }
    if (has_local_linkage(value))
      walk->local = true;
    size_t length;
    const char *name = LLVMGetValueName2(value, &length);
    walk->hash = mix_bytes(walk->hash, name, length);
    return;
  }
  if (!LLVMIsAConstant(value) || walk->depth > 16)
    return;
  mix_constant(walk, value);
  int operands = LLVMGetNumOperands(value);
  walk->depth++;
  for (int i = 0; i < operands; ++i)
    mix_references(walk, LLVMGetOperand(value, (unsigned)i));
  walk->depth--;
}

static bool is_direct_call_of(LLVMValueRef user, LLVMUseRef use) {
  if (!is_call_site(user))
    return false;
  unsigned callee = (unsigned)LLVMGetNumOperands(user) - 1;
  return LLVMGetOperandUse(user, callee) == use;
}

static bool address_taken(LLVMValueRef fn) {
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use; use = LLVMGetNextUse(use))
    if (!is_direct_call_of(LLVMGetUser(use), use))
      return true;
  return false;
}

bool ltofold_summarize_function(ltofold_cross_module *cross, LLVMValueRef fn,
                                ltofold_function_summary *summary) {
  memset(summary, 0, sizeof *summary);
  if (LLVMIsDeclaration(fn) ||
      LLVMGetLinkage(fn) == LLVMAvailableExternallyLinkage)
    return false;
  merge_state *st = &cross->state;
  summary->hash = ltofold_function_hash(fn);
  summary->similar_hash = comparator_function_hash(fn, true);
  summary->instructions = count_instructions(fn);
  summary->interposable = is_interposable(fn);
  summary->address_taken = address_taken(fn);
  summary->may_alias = ltofold_cross_module_may_alias(cross, fn);
  ltofold_skip_reason reason;
  summary->foldable = !excluded_for(st, fn, &reason) &&
                      !comparator_is_merged_body(fn) &&
                      !ltofold_is_outlined(fn);
  /* The globals and constants of the body, in the order the comparator
   * walks it. */
  reference_walk walk = {fn, FNV_OFFSET, false, 0};
  size_t count;
  LLVMBasicBlockRef *order = comparator_block_walk(fn, &count);
  for (size_t b = 0; b < count; ++b)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(order[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      int operands = LLVMGetNumOperands(inst);
      for (int i = 0; i < operands; ++i)
        mix_references(&walk, LLVMGetOperand(inst, (unsigned)i));
    }
  free(order);
  if (LLVMHasPersonalityFn(fn))
    mix_references(&walk, LLVMGetPersonalityFn(fn));
  /* The comparator tells calling conventions apart, and an optimizer gives
   * a local one of its own (fastcc) where a global keeps the C one. */
  walk.hash = mix_number(walk.hash, LLVMGetFunctionCallConv(fn));
  summary->references = walk.hash;
  summary->local_references = walk.local;
  return true;
}

/* ---- Step 3: the check at the home ---- */

const char *ltofold_cross_verdict_name(ltofold_cross_verdict verdict) {
  static const char *const names[] = {"equal", "different", "type",
                                      "certification"};
  return verdict < LTOFOLD_CROSS_VERDICT_COUNT ? names[verdict] : "unknown";
}

ltofold_cross_verdict ltofold_cross_module_check(ltofold_cross_module *cross,
                                                 LLVMValueRef kept,
                                                 LLVMValueRef member) {
  merge_state *st = &cross->state;
  if (ltofold_compare_functions(st->comparator, kept, member))
    return LTOFOLD_CROSS_DIFFERENT;
  if (LLVMGlobalGetValueType(kept) != LLVMGlobalGetValueType(member))
    return LTOFOLD_CROSS_TYPE;
  if (!certify_equal(st->cert, kept, member, NULL))
    return LTOFOLD_CROSS_CERTIFICATION;
  meet_metadata(st, kept, member, NULL);
  intersect_attributes(st, kept, member);
  take_max_alignment(kept, member);
  return LTOFOLD_CROSS_EQUAL;
}

/* Aliases across modules. */

/* Whether an alias or ifunc of `fn`'s module refers to it (directly or
 * through a constant expression): those need a definition here, which a
 * declaration of the home's symbol is not. */
static bool named_by_alias(LLVMValueRef value, unsigned depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAGlobalAlias(user) || LLVMIsAGlobalIFunc(user))
      return true;
    if (LLVMIsAConstantExpr(user) &&
        (depth > 8 || named_by_alias(user, depth + 1)))
      return true;
  }
  return false;
}

bool ltofold_cross_module_may_alias(ltofold_cross_module *cross,
                                    LLVMValueRef member) {
  merge_state *st = &cross->state;
  return LLVMGetLinkage(member) == LLVMExternalLinkage &&
         LLVMGetVisibility(member) == LLVMHiddenVisibility &&
         LLVMGetUnnamedAddress(member) == LLVMGlobalUnnamedAddr &&
         !LLVMGetComdat(member) && !ptr_map_get(&st->used, member, NULL) &&
         !has_type_metadata(st, member) && !LLVMGetSection(member) &&
         !named_by_alias(member, 0);
}

LLVMValueRef ltofold_cross_module_add_alias(LLVMModuleRef home,
                                            LLVMValueRef kept,
                                            const char *name) {
  LLVMValueRef existing = LLVMGetNamedFunction(home, name);
  bool replaceable =
      existing && LLVMGetLinkage(existing) != LLVMInternalLinkage &&
      LLVMGetLinkage(existing) != LLVMPrivateLinkage &&
      (LLVMIsDeclaration(existing) ||
       LLVMGetLinkage(existing) == LLVMAvailableExternallyLinkage);
  if (existing && !replaceable)
    return NULL; /* a definition of the home's own: not the member */
  if (!existing && (LLVMGetNamedGlobal(home, name) ||
                    LLVMGetNamedGlobalAlias(home, name, strlen(name)) ||
                    LLVMGetNamedGlobalIFunc(home, name, strlen(name))))
    return NULL;
  if (existing &&
      LLVMGlobalGetValueType(existing) != LLVMGlobalGetValueType(kept))
    return NULL;
  LLVMValueRef alias =
      LLVMAddAlias2(home, LLVMGlobalGetValueType(kept), 0, kept, "");
  LLVMSetLinkage(alias, LLVMExternalLinkage);
  LLVMSetVisibility(alias, LLVMHiddenVisibility);
  LLVMSetUnnamedAddress(alias, LLVMGlobalUnnamedAddr);
  if (existing) { /* the home's declaration or imported copy of the member */
    LLVMReplaceAllUsesWith(existing, alias);
    LLVMDeleteFunction(existing);
  }
  LLVMSetValueName2(alias, name, strlen(name));
  return alias;
}

/* In the member's module, once the home defines it as an alias. */
void ltofold_cross_module_drop_body(ltofold_cross_module *cross,
                                    LLVMValueRef member) {
  comparator_forget_global(cross->state.comparator, member);
  erase_body(member);
  LLVMSetPersonalityFn(member, NULL);
  LLVMGlobalClearMetadata(member); /* a declaration has no !dbg */
}

/* ---- Step 4: the rewrite in the member's module ---- */

ltofold_fold_method ltofold_cross_module_fold(ltofold_cross_module *cross,
                                              LLVMValueRef kept,
                                              LLVMValueRef member,
                                              ltofold_skip_reason *reason) {
  merge_state *st = &cross->state;
  if (LLVMGlobalGetValueType(kept) != LLVMGlobalGetValueType(member))
    abort(); /* the home checked the types */
  if (has_local_linkage(member) && uses_move_entirely(st, member) &&
      !named_by_alias(member, 0)) {
    comparator_forget_global(st->comparator, member);
    LLVMReplaceAllUsesWith(member, kept);
    LLVMDeleteFunction(member);
    return LTOFOLD_FOLD_REPLACED;
  }
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(member))) {
    *reason = LTOFOLD_SKIP_VARARG_THUNK;
    return LTOFOLD_FOLD_METHOD_COUNT;
  }
  if (forwards_in_memory(st, member)) {
    *reason = LTOFOLD_SKIP_INALLOCA;
    return LTOFOLD_FOLD_METHOD_COUNT;
  }
  if (is_thunk_sized(member)) {
    *reason = LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK;
    return LTOFOLD_FOLD_METHOD_COUNT;
  }
  comparator_forget_global(st->comparator, member);
  write_thunk(st, kept, member, NULL, 0);
  return LTOFOLD_FOLD_THUNK;
}

/* ---- Similar functions across modules ---- */

/* A debug intrinsic's call (where debug info is kept as calls rather than
 * records): a body imported without its debug info has none, so places in
 * a body are counted without them. */
static bool is_debug_call(LLVMValueRef inst) {
  if (LLVMGetInstructionOpcode(inst) != LLVMCall)
    return false;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee))
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  return length > 9 && !strncmp(name, "llvm.dbg.", 9);
}

/* The instruction after `inst` in `fn`'s layout order (the first when
 * `inst` is NULL), debug intrinsics' calls skipped: the numbering of the
 * places of constants. */
static LLVMValueRef next_counted(LLVMValueRef fn, LLVMValueRef inst) {
  LLVMBasicBlockRef bb =
      inst ? LLVMGetInstructionParent(inst) : LLVMGetFirstBasicBlock(fn);
  LLVMValueRef next = inst ? LLVMGetNextInstruction(inst)
                           : (bb ? LLVMGetFirstInstruction(bb) : NULL);
  while (bb) {
    for (; next; next = LLVMGetNextInstruction(next))
      if (!is_debug_call(next))
        return next;
    bb = LLVMGetNextBasicBlock(bb);
    next = bb ? LLVMGetFirstInstruction(bb) : NULL;
  }
  return NULL;
}

bool ltofold_find_constant(LLVMValueRef fn, LLVMValueRef constant,
                           size_t *instruction, unsigned *operand) {
  size_t number = 0;
  for (LLVMValueRef i = next_counted(fn, NULL); i;
       i = next_counted(fn, i), ++number) {
    int operands = LLVMGetNumOperands(i);
    for (int k = 0; k < operands; ++k)
      if (LLVMGetOperand(i, (unsigned)k) == constant) {
        *instruction = number;
        *operand = (unsigned)k;
        return true;
      }
  }
  return false;
}

LLVMValueRef ltofold_constant_at(LLVMValueRef fn, size_t instruction,
                                 unsigned operand) {
  LLVMValueRef i = next_counted(fn, NULL);
  for (size_t number = 0; i && number < instruction; ++number)
    i = next_counted(fn, i);
  if (!i || operand >= (unsigned)LLVMGetNumOperands(i))
    return NULL;
  LLVMValueRef value = LLVMGetOperand(i, operand);
  return value && LLVMIsAConstant(value) ? value : NULL;
}

/* Whether a global named `name` is in `module`. */
static bool name_taken(LLVMModuleRef module, const char *name) {
  size_t length = strlen(name);
  return LLVMGetNamedFunction(module, name) ||
         LLVMGetNamedGlobal(module, name) ||
         LLVMGetNamedGlobalAlias(module, name, length) ||
         LLVMGetNamedGlobalIFunc(module, name, length);
}

/* Whether `member` may join `kept`'s group: it may take part in similar
 * merging (similar_may_take_part), has kept's type and calling convention,
 * and the masked comparator puts it in kept's class. */
static bool joins_group(merge_state *st, ltofold_comparator *masked,
                        LLVMValueRef kept, LLVMValueRef member,
                        uint64_t hottest) {
  return member != kept && similar_may_take_part(st, member, hottest) &&
         LLVMGlobalGetValueType(member) == LLVMGlobalGetValueType(kept) &&
         LLVMGetFunctionCallConv(member) == LLVMGetFunctionCallConv(kept) &&
         !ltofold_compare_functions(masked, kept, member);
}

/* The first place of each constant operand of `fn`'s body: constant ->
 * (instruction << 16 | operand) + 1. */
static void record_places(LLVMValueRef fn, ptr_map *places) {
  ptr_map_init(places);
  size_t number = 0;
  for (LLVMValueRef i = next_counted(fn, NULL); i;
       i = next_counted(fn, i), ++number) {
    int operands = LLVMGetNumOperands(i);
    for (int k = 0; k < operands && k < 0xffff; ++k) {
      LLVMValueRef value = LLVMGetOperand(i, (unsigned)k);
      if (value && LLVMIsAConstant(value) && !ptr_map_get(places, value, NULL))
        ptr_map_put(places, value, ((uint64_t)number << 16 | (unsigned)k) + 1);
    }
  }
}

/* Where the thunk `member` (a tail call of the merged body) finds each
 * constant it passes, in `places` (its body before it became the thunk);
 * NULL when one is neither there nor a choice's i1. */
static ltofold_constant_place *
thunk_places(LLVMValueRef member, const ptr_map *places, unsigned *count) {
  LLVMValueRef call = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(member));
       i && !call; i = LLVMGetNextInstruction(i))
    if (LLVMGetInstructionOpcode(i) == LLVMCall)
      call = i;
  if (!call)
    return NULL;
  unsigned own = LLVMCountParams(member);
  unsigned args = LLVMGetNumArgOperands(call);
  *count = args - own;
  ltofold_constant_place *found = calloc(*count + 1, sizeof *found);
  if (!found)
    abort();
  for (unsigned a = own; a < args; ++a) {
    LLVMValueRef constant = LLVMGetOperand(call, a);
    uint64_t place;
    ltofold_constant_place *p = &found[a - own];
    if (ptr_map_get(places, constant, &place)) {
      p->instruction = (size_t)((place - 1) >> 16);
      p->operand = (unsigned)((place - 1) & 0xffff);
    } else if (LLVMIsAConstantInt(constant) &&
               LLVMGetIntTypeWidth(LLVMTypeOf(constant)) == 1) {
      p->instruction = SIZE_MAX;
      p->value = LLVMConstIntGetZExtValue(constant) != 0;
    } else {
      free(found);
      return NULL;
    }
  }
  return found;
}

LLVMValueRef ltofold_cross_module_merge_similar(
    ltofold_cross_module *cross, LLVMValueRef kept, LLVMValueRef *members,
    size_t count, const char *body_name, ltofold_constant_place **places,
    unsigned *place_counts) {
  merge_state *st = &cross->state;
  memset(places, 0, count * sizeof *places);
  memset(place_counts, 0, count * sizeof *place_counts);
  if (name_taken(st->module, body_name))
    return NULL;
  ptr_map_init(&st->similar_skips);
  st->round_memory = round_memory_new();
  uint64_t hottest = hottest_entry_count(st->module);
  LLVMValueRef body = NULL;
  if (similar_may_take_part(st, kept, hottest)) {
    ltofold_comparator *masked = ltofold_comparator_new(st->module);
    masked->mask_constants = true;
    LLVMValueRef *group = malloc((count + 1) * sizeof *group);
    if (!group)
      abort();
    size_t size = 0;
    group[size++] = kept;
    for (size_t i = 0; i < count; ++i)
      if (joins_group(st, masked, kept, members[i], hottest))
        group[size++] = members[i];
    ltofold_comparator_free(masked);
    /* No call is redirected: the bodies of the module stay as summarized
     * (a member of another group, here, is found at its places), and the
     * kept function becomes a thunk as every member does. */
    ptr_map no_redirect;
    ptr_map_init(&no_redirect);
    for (LLVMValueRef fn = LLVMGetFirstFunction(st->module); fn;
         fn = LLVMGetNextFunction(fn))
      ptr_map_put(&no_redirect, fn, 1);
    ptr_map *before = calloc(count + 1, sizeof *before);
    if (!before)
      abort();
    for (size_t i = 0; i < count; ++i)
      record_places(members[i], &before[i]);
    if (size > 1)
      body = similar_merge_one_group(st, group, size, &no_redirect);
    for (size_t i = 0; i < count && body; ++i)
      if (ptr_map_get(&st->thunks, members[i], NULL))
        places[i] = thunk_places(members[i], &before[i], &place_counts[i]);
    for (size_t i = 0; i < count; ++i)
      ptr_map_free(&before[i]);
    free(before);
    ptr_map_free(&no_redirect);
    free(group);
  }
  if (body) {
    LLVMSetValueName2(body, body_name, strlen(body_name));
    LLVMSetLinkage(body, LLVMExternalLinkage);
    LLVMSetVisibility(body, LLVMHiddenVisibility);
  }
  ptr_map_free(&st->similar_skips);
  round_memory_free(st->round_memory);
  st->round_memory = NULL;
  return body;
}

/* Whether an attribute says how a value is passed or returned (which the
 * declaration of the merged body must say as the body does), as opposed to
 * a fact about the values (range, nonnull, ...), which holds for one
 * member's constants and not another's: the declaration is shared by the
 * module's members of the group, and its facts go on every call. */
static bool is_passing_attribute(unsigned kind) {
  static const char *const passing[] = {
      "zeroext",   "signext",    "inreg",      "byval",
      "byref",     "sret",       "inalloca",   "nest",
      "swiftself", "swifterror", "swiftasync", "preallocated"};
  for (size_t i = 0; i < sizeof passing / sizeof *passing; ++i)
    if (kind == LLVMGetEnumAttributeKindForName(passing[i], strlen(passing[i])))
      return true;
  return false;
}

/* Whether an attribute passes the value in memory, where `align` says how
 * much stack it takes. */
static bool is_in_memory_attribute(unsigned kind) {
  static const char *const in_memory[] = {"byval", "byref", "sret", "inalloca",
                                          "preallocated"};
  for (size_t i = 0; i < sizeof in_memory / sizeof *in_memory; ++i)
    if (kind ==
        LLVMGetEnumAttributeKindForName(in_memory[i], strlen(in_memory[i])))
      return true;
  return false;
}

/* The attributes of `from`'s return and parameters that say how values are
 * passed onto `to`, a declaration of the merged body (and `align` where it
 * says how much stack a byval argument takes). */
static void copy_passing_attributes(LLVMValueRef from, LLVMValueRef to) {
  unsigned params = LLVMCountParams(from);
  unsigned align = LLVMGetEnumAttributeKindForName("align", 5);
  for (unsigned index = 0; index <= params; ++index) {
    LLVMAttributeIndex at = index ? index : LLVMAttributeReturnIndex;
    unsigned count;
    LLVMAttributeRef *attributes =
        ltofold_attributes_at_index(from, at, &count);
    bool in_memory = false;
    for (unsigned i = 0; i < count; ++i) {
      if (LLVMIsStringAttribute(attributes[i]))
        continue;
      unsigned kind = LLVMGetEnumAttributeKind(attributes[i]);
      if (is_passing_attribute(kind))
        LLVMAddAttributeAtIndex(to, at, attributes[i]);
      in_memory |= is_in_memory_attribute(kind);
    }
    for (unsigned i = 0; i < count && in_memory; ++i)
      if (!LLVMIsStringAttribute(attributes[i]) &&
          LLVMGetEnumAttributeKind(attributes[i]) == align)
        LLVMAddAttributeAtIndex(to, at, attributes[i]);
    free(attributes);
  }
}

bool ltofold_cross_module_similar_thunk(ltofold_cross_module *cross,
                                        LLVMValueRef member, const char *symbol,
                                        LLVMValueRef *constants, unsigned count,
                                        ltofold_skip_reason *reason) {
  merge_state *st = &cross->state;
  LLVMTypeRef type = LLVMGlobalGetValueType(member);
  if (LLVMIsFunctionVarArg(type)) {
    *reason = LTOFOLD_SKIP_VARARG_THUNK;
    return false;
  }
  if (forwards_in_memory(st, member)) {
    *reason = LTOFOLD_SKIP_INALLOCA;
    return false;
  }
  if (is_thunk_sized(member)) {
    *reason = LTOFOLD_SKIP_TOO_SMALL_FOR_THUNK;
    return false;
  }
  unsigned own;
  LLVMTypeRef *own_types = ltofold_param_types(type, &own);
  LLVMTypeRef *types = malloc((own + count + 1) * sizeof *types);
  if (!types)
    abort();
  memcpy(types, own_types, own * sizeof *types);
  free(own_types);
  for (unsigned i = 0; i < count; ++i)
    types[own + i] = LLVMTypeOf(constants[i]);
  LLVMTypeRef body_type =
      LLVMFunctionType(LLVMGetReturnType(type), types, own + count, false);
  free(types);
  LLVMValueRef body = LLVMGetNamedFunction(st->module, symbol);
  if (body ? !LLVMIsDeclaration(body) ||
                 LLVMGlobalGetValueType(body) != body_type ||
                 has_local_linkage(body)
           : name_taken(st->module, symbol)) {
    *reason = LTOFOLD_SKIP_CERTIFICATION; /* not the home's body: leave it */
    return false;
  }
  if (!body) {
    body = LLVMAddFunction(st->module, symbol, body_type);
    LLVMSetFunctionCallConv(body, LLVMGetFunctionCallConv(member));
    LLVMSetVisibility(body, LLVMHiddenVisibility);
    copy_passing_attributes(member, body);
  }
  comparator_forget_global(st->comparator, member);
  write_thunk(st, body, member, constants, count);
  return true;
}
