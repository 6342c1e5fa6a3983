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

struct fprange_program {
  ptr_map index; /* closed function -> summary index */
  summary *summaries;
  size_t count;
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

fprange_program *fprange_program_build(LLVMModuleRef module) {
  fprange_program *p = fprange_allocate(1, sizeof *p);
  ptr_map_init(&p->index);
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
    if (p->count == capacity) {
      capacity = capacity ? 2 * capacity : 16;
      p->summaries = realloc(p->summaries, capacity * sizeof *p->summaries);
      if (!p->summaries)
        abort();
    }
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

void fprange_program_begin_round(fprange_program *p) {
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
  for (size_t i = 0; i < p->count; ++i) {
    summary *s = &p->summaries[i];
    if (s->sites_left == 0 && !s->next_params_unknown && s->next_params_seen)
      memcpy(s->params, s->next_params, s->param_count * sizeof *s->params);
  }
}
