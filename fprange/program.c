/* Whole-program ranges: what the analysis of one function may assume about
 * its arguments and about the values its calls return, learned from the
 * analyses of the other functions of the module.
 *
 * At link time the module is the whole program, and most functions are
 * internal. A function is "closed" when it has local linkage and every use
 * of it is the callee of a direct call of its own type: then every call of
 * it is in view, and
 *  - its argument i holds, on entry, one of the values its call sites pass:
 *    the join of their ranges, each read at its call site;
 *  - a call of it returns one of the values its reachable `ret`s return.
 * Externally visible or address-taken functions have callers we do not see:
 * their arguments stay unbounded.
 *
 * The facts are used in rounds (fprange.c drives them). In a round, every
 * function worth analyzing is analyzed once, callers before callees where
 * the call graph allows it (a closed function waits until every function
 * calling it was analyzed this round; cycles are broken in module order).
 * After each analysis, its call sites' argument ranges are joined into the
 * callees' summaries and its return range into its own. A function then
 * assumes:
 *  - for its arguments: this round's join, when every call site of it was
 *    analyzed completely this round; otherwise the previous round's, if
 *    there was one; otherwise nothing;
 *  - for a call's result: the callee's return range from its latest
 *    complete analysis (this round or the previous one).
 * Every fact comes from an analysis that used only facts that were sound
 * when it ran, starting from none at all: so each fact holds for every
 * execution, by induction over the order of analyses, and no fixed point
 * over the call graph is needed for soundness (more rounds would only
 * sharpen). Call sites in blocks the analysis proved unreachable add
 * nothing; a caller whose analysis did not complete makes the callee's
 * arguments unknown for the round.
 *
 * Globals get the same treatment. A global is "closed" when it has local
 * linkage, is neither constant (constant tables are read in analysis.c)
 * nor externally initialized nor thread-local, holds FP values (an FP type,
 * or arrays and vectors of it), and every use of it, past GEPs that keep
 * to whole elements, is a load, a plain (not volatile, not atomic) store
 * of such FP values into it, or a plain memset of zero bytes over whole
 * elements (a store of +0.0 into each): then every write to it is in view
 * (another call, a memcpy, a pointer kept anywhere else makes it not
 * closed; so does module-level asm, which could write to it by name).
 * Every load of it then reads its initializer or one of the values its
 * stores store: their join, each read at its store. Stores are learned as
 * call sites are: a round's join counts once every store was analyzed
 * completely in that round; until then loads assume the previous round's,
 * or nothing. A function that stores into a closed global is analyzed in
 * the first round, one that loads from one makes a second.
 *
 * Module-wide: a module with a function compiled with fast-math
 * ("unsafe-fp-math" or "no-nans-fp-math" attributes) may run with the
 * processor flushing subnormals (x86's crtfastmath.o sets FTZ and DAZ at
 * start-up for the whole process), so analyses of such a module let float
 * and double subnormals be zeros (fprange_program_may_flush).
 *
 * Ownership: the program owns its summaries; it borrows the module. */
#include "fprange_internal.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

/* What is known about one closed function. */
typedef struct summary {
  LLVMValueRef function;
  unsigned param_count;
  value_range *params;      /* assumed now (kind NONE: nothing known) */
  value_range result;       /* assumed for its calls (kind NONE: nothing) */
  value_range *next_params; /* joined over this round's analyzed call sites */
  value_range next_result;  /* joined over this round's reachable rets */
  size_t sites;             /* its call sites */
  size_t sites_left;        /* not yet analyzed this round */
  bool next_params_unknown; /* a call site's analysis did not complete */
  bool next_params_seen;    /* some reachable call site contributed */
} summary;

/* What is known about one closed global. */
typedef struct global_summary {
  LLVMValueRef global;
  fp_format_id format;  /* of its elements */
  value_range known;    /* assumed for its loads (kind NONE: nothing) */
  value_range next;     /* its initializer, joined with this round's stores */
  size_t stores;        /* its store sites */
  size_t stores_left;   /* not yet analyzed this round */
  bool next_unknown;    /* a store's analysis did not complete */
} global_summary;

struct fprange_program {
  ptr_map index; /* closed function -> summary index */
  summary *summaries;
  size_t count;
  ptr_map global_index; /* closed global -> globals index */
  global_summary *globals;
  size_t global_count;
  ptr_map storers, loaders; /* functions that store into / load from one */
  bool may_flush;
};

const char *fprange_function_attribute(LLVMValueRef function, const char *key,
                                       unsigned *length) {
  LLVMAttributeRef attribute = LLVMGetStringAttributeAtIndex(
      function, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  *length = 0;
  return attribute ? LLVMGetStringAttributeValue(attribute, length) : NULL;
}

static bool attribute_is_true(LLVMValueRef function, const char *key) {
  unsigned length;
  const char *value = fprange_function_attribute(function, key, &length);
  return value && length == 4 && memcmp(value, "true", 4) == 0;
}

static bool has_local_linkage(LLVMValueRef function) {
  LLVMLinkage linkage = LLVMGetLinkage(function);
  return linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage;
}

/* Is every use of `function` the callee of a direct call of its type? */
static bool only_called_directly(LLVMValueRef function, size_t *sites) {
  *sites = 0;
  LLVMTypeRef type = LLVMGlobalGetValueType(function);
  for (LLVMUseRef use = LLVMGetFirstUse(function); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != function ||
        LLVMGetCalledFunctionType(user) != type)
      return false;
    /* The callee is the last operand: the function must not also be
     * passed as an argument. */
    unsigned args = LLVMGetNumArgOperands(user);
    for (unsigned i = 0; i < args; ++i)
      if (LLVMGetOperand(user, i) == function)
        return false;
    ++*sites;
  }
  return true;
}

static LLVMValueRef function_of(LLVMValueRef inst) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

static bool is_lifetime_marker(LLVMValueRef inst) {
  LLVMValueRef callee = LLVMIsACallInst(inst) ? LLVMGetCalledValue(inst) : NULL;
  size_t length = 0;
  const char *name = callee ? LLVMGetValueName2(callee, &length) : "";
  return LLVMIsAFunction(callee) && length > 14 &&
         !strncmp(name, "llvm.lifetime.", 14);
}

/* Is every use of `pointer` (a global or a stack array, or a GEP into it
 * that keeps to whole `fp` elements) a load, a plain store of `fp` values
 * into it, a memset of zeros over whole elements, a lifetime marker, or
 * such a GEP whose uses are so too? Counts the stores (memsets included);
 * with `p`, marks the functions that store and load. A depth past 16 GEPs
 * gives up. */
static bool only_fp_accesses(fprange_program *p, LLVMValueRef pointer,
                             LLVMTypeRef fp, size_t *stores, int depth) {
  if (depth > 16)
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(pointer); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsALoadInst(user)) {
      if (p)
        ptr_map_put(&p->loaders, function_of(user), 1);
      continue;
    }
    if (LLVMIsAStoreInst(user)) {
      LLVMValueRef value = LLVMGetOperand(user, 0);
      if (value == pointer || LLVMGetOperand(user, 1) != pointer ||
          LLVMGetVolatile(user) ||
          LLVMGetOrdering(user) != LLVMAtomicOrderingNotAtomic ||
          LLVMGetTypeKind(LLVMTypeOf(value)) == LLVMArrayTypeKind ||
          fprange_table_element(LLVMTypeOf(value)) != fp)
        return false;
      if (p)
        ptr_map_put(&p->storers, function_of(user), 1);
      ++*stores;
      continue;
    }
    if (is_lifetime_marker(user))
      continue; /* (stack arrays only) */
    if (fprange_zeroes_elements(user, pointer, fp)) {
      if (p)
        ptr_map_put(&p->storers, function_of(user), 1);
      ++*stores;
      continue;
    }
    if (!fprange_is_gep(user) || LLVMGetOperand(user, 0) != pointer ||
        !fprange_gep_keeps_elements(user, fp) ||
        !only_fp_accesses(p, user, fp, stores, depth + 1))
      return false;
  }
  return true;
}

bool fprange_only_fp_accesses(LLVMValueRef pointer, LLVMTypeRef fp,
                              size_t *stores) {
  return only_fp_accesses(NULL, pointer, fp, stores, 0);
}

/* Finds the closed globals (the comment at the top says which). */
static void find_closed_globals(fprange_program *p, LLVMModuleRef module) {
  size_t asm_length = 0;
  LLVMGetModuleInlineAsm(module, &asm_length);
  if (asm_length)
    return;
  size_t capacity = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g;
       g = LLVMGetNextGlobal(g)) {
    LLVMTypeRef fp = fprange_table_element(LLVMGlobalGetValueType(g));
    fp_format_id format;
    size_t stores = 0;
    LLVMLinkage linkage = LLVMGetLinkage(g);
    if (LLVMIsDeclaration(g) || LLVMIsGlobalConstant(g) ||
        LLVMIsExternallyInitialized(g) || LLVMIsThreadLocal(g) ||
        (linkage != LLVMInternalLinkage && linkage != LLVMPrivateLinkage) ||
        !fp_format_of_type(fp, &format) ||
        LLVMGetTypeKind(LLVMGlobalGetValueType(g)) == LLVMScalableVectorTypeKind)
      continue;
    if (!only_fp_accesses(NULL, g, fp, &stores, 0))
      continue;
    stores = 0; /* counted again, marking the functions */
    only_fp_accesses(p, g, fp, &stores, 0);
    p->globals = fprange_grow(p->globals, &capacity, p->global_count,
                              sizeof *p->globals);
    global_summary *s = &p->globals[p->global_count];
    memset(s, 0, sizeof *s);
    s->global = g;
    s->format = format;
    s->known = fprange_range_none();
    s->stores = stores;
    ptr_map_put(&p->global_index, g, p->global_count++);
  }
}

fprange_program *fprange_program_build(LLVMModuleRef module) {
  fprange_program *p = fprange_allocate(1, sizeof *p);
  ptr_map_init(&p->index);
  ptr_map_init(&p->global_index);
  ptr_map_init(&p->storers);
  ptr_map_init(&p->loaders);
  find_closed_globals(p, module);
  size_t capacity = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f)) {
    if (attribute_is_true(f, "unsafe-fp-math") ||
        attribute_is_true(f, "no-nans-fp-math"))
      p->may_flush = true;
    size_t sites;
    if (LLVMIsDeclaration(f) || !has_local_linkage(f) ||
        !only_called_directly(f, &sites) || sites == 0)
      continue;
    p->summaries =
        fprange_grow(p->summaries, &capacity, p->count, sizeof *p->summaries);
    summary *s = &p->summaries[p->count];
    memset(s, 0, sizeof *s);
    s->function = f;
    s->param_count = LLVMCountParams(f);
    s->params = fprange_allocate(s->param_count + 1, sizeof *s->params);
    s->next_params =
        fprange_allocate(s->param_count + 1, sizeof *s->next_params);
    s->sites = sites;
    ptr_map_put(&p->index, f, p->count++);
  }
  return p;
}

void fprange_program_free(fprange_program *p) {
  if (!p)
    return;
  for (size_t i = 0; i < p->count; ++i) {
    free(p->summaries[i].params);
    free(p->summaries[i].next_params);
  }
  free(p->summaries);
  ptr_map_free(&p->index);
  free(p->globals);
  ptr_map_free(&p->global_index);
  ptr_map_free(&p->storers);
  ptr_map_free(&p->loaders);
  free(p);
}

static summary *summary_of(const fprange_program *p, LLVMValueRef function) {
  uint64_t i;
  if (!p || !function || !ptr_map_get(&p->index, function, &i))
    return NULL;
  return &p->summaries[i];
}

bool fprange_program_is_closed(const fprange_program *p,
                               LLVMValueRef function) {
  return summary_of(p, function) != NULL;
}

bool fprange_program_may_flush(const fprange_program *p) {
  return p && p->may_flush;
}

size_t fprange_program_closed_count(const fprange_program *p) {
  return p ? p->count : 0;
}

static global_summary *global_of(const fprange_program *p, LLVMValueRef g) {
  uint64_t i;
  if (!p || !g || !ptr_map_get(&p->global_index, g, &i))
    return NULL;
  return &p->globals[i];
}

/* The closed global a store stores into, or NULL. */
static global_summary *stored_global(const fprange_program *p,
                                     LLVMValueRef store) {
  if (!p->global_count)
    return NULL;
  LLVMTypeRef type = LLVMTypeOf(LLVMGetOperand(store, 0));
  if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    type = LLVMGetElementType(type);
  return global_of(p, fprange_table_of_pointer(LLVMGetOperand(store, 1), type));
}

/* The closed global a call writes, or NULL: past GEPs, its first operand.
 * A closed global reaches no call but a memset of zeros over its elements
 * and lifetime markers (only_fp_accesses), so a call that is not a marker
 * is such a memset. */
static global_summary *zeroed_global(const fprange_program *p,
                                     LLVMValueRef call) {
  if (LLVMGetNumArgOperands(call) < 1 || is_lifetime_marker(call))
    return NULL;
  LLVMValueRef base = LLVMGetOperand(call, 0);
  for (int depth = 0; depth < 16 && fprange_is_gep(base); ++depth)
    base = LLVMGetOperand(base, 0);
  return global_of(p, base);
}

bool fprange_program_stores_globals(const fprange_program *p,
                                    LLVMValueRef function) {
  uint64_t unused;
  return p && ptr_map_get(&p->storers, function, &unused);
}

bool fprange_program_loads_globals(const fprange_program *p,
                                   LLVMValueRef function) {
  uint64_t unused;
  return p && ptr_map_get(&p->loaders, function, &unused);
}

bool fprange_program_global_load(const fprange_program *p, LLVMValueRef load,
                                 fp_interval *out) {
  if (!p || !p->global_count || LLVMGetVolatile(load) ||
      LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
    return false;
  LLVMTypeRef type = LLVMTypeOf(load);
  if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    type = LLVMGetElementType(type);
  global_summary *s =
      global_of(p, fprange_table_of_pointer(LLVMGetOperand(load, 0), type));
  /* Loads of other types are allowed (they write nothing) but read other
   * bytes: a double from a float's address is no float value. */
  if (!s || s->known.kind != VALUE_FP ||
      fprange_table_element(LLVMGlobalGetValueType(s->global)) != type)
    return false;
  *out = s->known.as.fp;
  return true;
}

void fprange_program_begin_round(fprange_program *p) {
  for (size_t i = 0; i < p->global_count; ++i) {
    global_summary *s = &p->globals[i];
    fp_interval initial = fp_interval_bottom();
    s->next = fprange_range_none();
    s->next.kind = VALUE_FP;
    s->next.format = s->format;
    s->next_unknown =
        !fprange_table_hull(LLVMGetInitializer(s->global), s->format, &initial);
    s->next.as.fp = initial;
    s->stores_left = s->stores;
  }
  for (size_t i = 0; i < p->count; ++i) {
    summary *s = &p->summaries[i];
    s->sites_left = s->sites;
    s->next_params_unknown = false;
    s->next_params_seen = false;
    for (unsigned k = 0; k < s->param_count; ++k)
      s->next_params[k] = fprange_range_none();
    s->next_result = fprange_range_none();
  }
}

bool fprange_program_callers_done(const fprange_program *p,
                                  LLVMValueRef function) {
  summary *s = summary_of(p, function);
  return !s || s->sites_left == 0;
}

value_range fprange_program_argument(const fprange_program *p,
                                     LLVMValueRef function, unsigned index) {
  summary *s = summary_of(p, function);
  if (!s || index >= s->param_count)
    return fprange_range_none();
  if (s->sites_left == 0 && !s->next_params_unknown && s->next_params_seen)
    return s->next_params[index];
  return s->params[index];
}

value_range fprange_program_call_result(const fprange_program *p,
                                        LLVMValueRef call) {
  summary *s = summary_of(p, LLVMGetCalledValue(call));
  return s ? s->result : fprange_range_none();
}

/* Joins `r` into `into`, where kind NONE means "nothing joined yet". */
static void join_into(value_range *into, const value_range *r) {
  if (into->kind == VALUE_NONE)
    *into = *r;
  else
    *into = fprange_range_join(into, r);
}

void fprange_program_learn(fprange_program *p, LLVMValueRef function,
                           fn_analysis *analysis) {
  bool complete = fn_analysis_complete(analysis);
  summary *self = summary_of(p, function);
  value_range returned = fprange_range_none();
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block;
       block = LLVMGetNextBasicBlock(block)) {
    bool reachable = complete && fn_analysis_block_reachable(analysis, block);
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst)) {
      LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
      if (opcode == LLVMStore) {
        global_summary *g = stored_global(p, inst);
        if (g) {
          if (g->stores_left)
            g->stores_left--;
          value_range r = complete && reachable
                              ? fn_analysis_range_at(analysis,
                                                     LLVMGetOperand(inst, 0),
                                                     block)
                              : fprange_range_none();
          if (!complete || (reachable && r.kind != VALUE_FP))
            g->next_unknown = true;
          else if (reachable)
            g->next = fprange_range_join(&g->next, &r);
        }
        continue;
      }
      if (opcode == LLVMCall && p->global_count) {
        global_summary *g = zeroed_global(p, inst);
        if (g) {
          if (g->stores_left)
            g->stores_left--;
          if (!complete) {
            g->next_unknown = true;
          } else if (reachable) {
            value_range zero = g->next;
            zero.as.fp = fp_interval_point(0.0);
            g->next = fprange_range_join(&g->next, &zero);
          }
          continue;
        }
      }
      if (opcode == LLVMRet && reachable && LLVMGetNumOperands(inst) == 1) {
        value_range r =
            fn_analysis_range_at(analysis, LLVMGetOperand(inst, 0), block);
        join_into(&returned, &r);
      }
      if (opcode != LLVMCall)
        continue;
      summary *callee = summary_of(p, LLVMGetCalledValue(inst));
      if (!callee)
        continue;
      if (callee->sites_left)
        callee->sites_left--;
      if (!complete) {
        callee->next_params_unknown = true;
        continue;
      }
      if (!reachable)
        continue;
      callee->next_params_seen = true;
      for (unsigned k = 0; k < callee->param_count; ++k) {
        value_range r =
            fn_analysis_range_at(analysis, LLVMGetOperand(inst, k), block);
        join_into(&callee->next_params[k], &r);
      }
    }
  }
  if (!self)
    return;
  /* A complete analysis that reached no `ret` leaves kind NONE: no call
   * of it returns, but "nothing known" is as sound and simpler. */
  if (complete)
    self->result = returned;
}

void fprange_program_end_round(fprange_program *p) {
  for (size_t i = 0; i < p->global_count; ++i) {
    global_summary *s = &p->globals[i];
    if (s->stores_left == 0 && !s->next_unknown)
      s->known = s->next;
  }
  for (size_t i = 0; i < p->count; ++i) {
    summary *s = &p->summaries[i];
    if (s->sites_left == 0 && !s->next_params_unknown && s->next_params_seen)
      memcpy(s->params, s->next_params, s->param_count * sizeof *s->params);
  }
}
