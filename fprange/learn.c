/* Learning the whole-program facts, round by round (program.c's comment
 * says what they are, why they hold and in which order fprange.c analyzes
 * the functions): a round starts from the facts known so far, each
 * complete analysis joins the ranges its call sites pass, its stores
 * store and its returns return into the summaries and classes
 * (fprange_program_learn), and at the end of the round a join becomes the
 * fact when every site it depends on was analyzed completely. Above the
 * analysis, whose results it reads; program.c, below it, answers what the
 * analysis asks. */
#include "program_facts.h"

#include <llvm-c/Core.h>
#include <string.h>

void fprange_program_begin_round(fprange_program *p) {
  for (size_t i = 0; i < p->class_count; ++i) {
    memory_class *c = &p->classes[i];
    c->next = fprange_range_none();
    c->next.kind = VALUE_FP;
    c->next.format = c->format;
    c->next.as.fp = c->initial;
    c->next_unknown = c->initial_unknown;
    c->stores_left = c->stores;
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
      memory_class *c = opcode == LLVMStore || opcode == LLVMCall
                            ? written_class(p, inst)
                            : NULL;
      if (c) {
        if (c->stores_left)
          c->stores_left--;
        value_range r = fprange_range_none();
        if (complete && reachable)
          r = opcode == LLVMStore
                  ? fn_analysis_range_at(analysis, LLVMGetOperand(inst, 0),
                                         block)
                  : (value_range){.kind = VALUE_FP,
                                  .format = c->format,
                                  .as.fp = fp_interval_point(0.0)};
        if (!complete || (reachable && r.kind != VALUE_FP))
          c->next_unknown = true;
        else if (reachable)
          c->next = fprange_range_join(&c->next, &r);
        continue;
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
  for (size_t i = 0; i < p->class_count; ++i) {
    memory_class *c = &p->classes[i];
    if (c->stores_left == 0 && !c->next_unknown)
      c->known = c->next;
  }
  for (size_t i = 0; i < p->count; ++i) {
    summary *s = &p->summaries[i];
    if (s->sites_left == 0 && !s->next_params_unknown && s->next_params_seen)
      memcpy(s->params, s->next_params, s->param_count * sizeof *s->params);
  }
}
