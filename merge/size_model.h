/* merge's size model (size_model.c): the bytes llc emits for IR, by
 * target, so that every decision of merge (similar.c, outline.cpp) is
 * priced in loadable bytes: the code, and what a function costs outside
 * .text. Internal to merge/. */
#ifndef LTOFOLD_SIZE_MODEL_H
#define LTOFOLD_SIZE_MODEL_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The targets the model has numbers for. A module whose target triple is
 * neither (or has none) is priced as x86-64. */
typedef enum size_target {
  SIZE_TARGET_X86_64,
  SIZE_TARGET_AARCH64,
} size_target;

/* One target's numbers (size_model.c says where each comes from). */
typedef struct size_model size_model;

/* The model for `module`'s target triple, for a function's module, or for
 * an instruction's. Never NULL; the models are constant tables. */
const size_model *size_model_for_module(LLVMModuleRef module);
const size_model *size_model_for_function(LLVMValueRef fn);
const size_model *size_model_for_instruction(LLVMValueRef inst);
size_target size_model_target(const size_model *model);

/* Code, in hundredths of bytes: an instruction (its block's branch not
 * included), and a block (its branch). */
unsigned size_model_instruction_cost(const size_model *model,
                                     LLVMValueRef inst);
unsigned size_model_block_cost(const size_model *model);
/* A function's code: its blocks' and instructions' costs, in hundredths of
 * bytes. */
size_t size_model_code_hundredths(const size_model *model, LLVMValueRef fn);
/* A compare (or the test of a branch), and a phi: in hundredths of
 * bytes. A choice's select is priced as a compare, as the fitted weights
 * price every select, not by what a select of two parameters takes in a
 * function of its own (7 bytes on x86-64, scripts/measure-size-model.py). */
unsigned size_model_compare_cost(const size_model *model);
unsigned size_model_phi_cost(const size_model *model);

/* Passing the constant `value` as an argument in a register: the code
 * that puts it there and its constant-pool entry, if any; and that entry
 * alone (in .rodata, not in the function's code). */
unsigned size_model_constant_bytes(const size_model *model, LLVMValueRef value);
unsigned size_model_constant_pool_bytes(const size_model *model,
                                        LLVMValueRef value);
/* Each constant passed on the stack costs this much more. */
unsigned size_model_stack_constant_extra(const size_model *model);
/* A thunk's code: a tail jump after `constant_bytes` of constants, or,
 * with constants on the stack (`on_stack`), a call inside a frame. Not
 * padded (size_model_padded_bytes). */
unsigned size_model_thunk_bytes(const size_model *model,
                                unsigned constant_bytes, bool on_stack);
/* A call (not a tail call) that passes `constant_bytes` of constants. */
unsigned size_model_call_bytes(const size_model *model,
                               unsigned constant_bytes);
/* A new function's return and the saving and restoring of a register or
 * two around its calls. */
unsigned size_model_return_bytes(const size_model *model);
/* Moving one value that is not a constant into an argument register. */
unsigned size_model_argument_move_bytes(const size_model *model);
/* A parameter added to a function's body (a register; more when it lives
 * across a call). */
unsigned size_model_parameter_bytes(const size_model *model);

/* How many of the arguments of `types` a call passes on the stack, past
 * the target's argument registers. */
unsigned size_model_stack_arguments(const size_model *model, LLVMTypeRef *types,
                                    unsigned count);
/* Whether a call that passes `stack` arguments on the stack pushes them
 * (x86-64, from two on). */
bool size_model_pushes(const size_model *model, unsigned stack);
/* What such a call from `caller` adds to the caller's unwind entry, beyond
 * the call's own code: on x86-64, in a function with landing pads, a rule
 * at each of its call sites, unless one of its calls pushes already;
 * nothing elsewhere. */
unsigned size_model_push_unwind_bytes(const size_model *model,
                                      LLVMValueRef caller);
/* Whether the call or invoke `call` is one of the call sites that
 * size_model_push_unwind_bytes counts, and pushes its arguments: its
 * caller then pays nothing more. */
bool size_model_site_pushes(const size_model *model, LLVMValueRef call);

/* `code_bytes` rounded up to the function alignment. */
unsigned size_model_padded_bytes(const size_model *model, unsigned code_bytes);
/* The padding a function of unknown length has, on average, before the
 * next one. */
unsigned size_model_average_padding(const size_model *model);

/* Whether llc writes an unwind entry (an FDE) for `fn`: as LLVM's
 * Function::needsUnwindTableEntry, when it has the uwtable attribute or a
 * personality, or may throw (no nounwind). */
bool size_model_has_unwind_entry(LLVMValueRef fn);
/* What an FDE says depends on the function's frame: how many registers
 * its prologue saves, each a rule of the call frame information. */
typedef enum size_function_shape {
  SIZE_SHAPE_LEAF,  /* no frame: a thunk, a function that calls nothing */
  SIZE_SHAPE_FRAME, /* a small function that calls: a register or two */
  SIZE_SHAPE_BODY,  /* a function of real code: the average of programs */
} size_function_shape;
/* What one function costs in loadable bytes outside its code: its FDE in
 * .eh_frame, by its `shape`, and its entry in .eh_frame_hdr's table, when
 * it has an unwind entry (`unwind`); nothing otherwise. Padding is not
 * included. A symbol of its own costs a .symtab entry
 * (size_model_symbol_bytes), which is not loaded and so not counted. */
unsigned size_model_unwind_bytes(const size_model *model, bool unwind,
                                 size_function_shape shape);
/* A .symtab entry (ELF64): on disk, not loaded. */
unsigned size_model_symbol_bytes(const size_model *model);
/* A new function of `code_bytes` of code and `shape`, with an unwind
 * entry or not (`unwind`): its code, its average padding and its unwind
 * entry. */
unsigned size_model_new_function_bytes(const size_model *model,
                                       unsigned code_bytes, bool unwind,
                                       size_function_shape shape);

#ifdef __cplusplus
}
#endif

#endif
