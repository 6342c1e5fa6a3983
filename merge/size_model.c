/* The size model: how many bytes llc emits for IR, on x86-64 and AArch64,
 * so that merge decides in loadable bytes rather than in instructions.
 *
 * A fold trades bytes in several places: the code of the bodies that go
 * and of what replaces them (a merged body, thunks, constants passed at
 * calls), and what each function costs besides its code: the padding up
 * to the next function's alignment and, where the function has an unwind
 * entry, its FDE in .eh_frame and its 8-byte entry in the table of
 * .eh_frame_hdr. LLVM's machine outliner shows what forgetting the second
 * part costs: 8.6% of an interpreter's .text saved, nearly all of it given
 * back in .eh_frame and .eh_frame_hdr (issue 37). So every function merge
 * makes (a merged body, an outlined function) is priced with its unwind
 * entry and padding, and every function that goes is credited with them.
 * A symbol of a function that stays is a .symtab entry, which is not
 * loaded (and is stripped from shipped programs): the model names its
 * size but no decision counts it.
 *
 * Where the numbers come from:
 *   - the weights of instructions and blocks: fitted to what llc emits for
 *     the functions of real programs (C and C++) by
 *     scripts/calibrate-size-model.py (non-negative least squares on the
 *     relative error), on x86-64 (4,360 functions of five programs; median
 *     error 15-23% on a program left out of the fit) and, with --triple,
 *     on AArch64 (the same modules retargeted; 3,030 functions of four);
 *   - everything else (constants, calls, jumps, selects, alignment, FDEs
 *     and .eh_frame_hdr entries): measured for each target by
 *     `scripts/measure-size-model.py` (llc-22 -O2 -filetype=obj
 *     -relocation-model=pic; .eh_frame_hdr from `ld.lld -shared
 *     --eh-frame-hdr`), whose table docs/merge.md shows.
 * A target other than these two (or none) is priced as x86-64. */
#include "size_model.h"

#include "ltofold_merge.h"

#include <stdint.h>
#include <string.h>

struct size_model {
  size_target target;
  /* Code, in hundredths of bytes. */
  unsigned block, call, argument, load, store, gep, integer, fp, compare, phi,
      eh_pad, switch_case, intrinsic, memory_intrinsic;
  /* Bytes. */
  unsigned jump;             /* a tail call: a thunk's jump */
  unsigned call_instruction; /* a call */
  unsigned argument_move;    /* a register to a register */
  unsigned return_bytes;     /* a return, and a register or two saved */
  unsigned stack_constant; /* a constant stored to the stack, beyond its move */
  unsigned stack_thunk;    /* a frame, for a thunk that cannot jump */
  unsigned parameter;      /* a parameter more in a body */
  unsigned alignment;      /* of a function (.text's sh_addralign) */
  unsigned average_padding; /* of a function of unknown length */
  unsigned fde_leaf;   /* an FDE in .eh_frame: of a function without a frame, */
  unsigned fde_frame;  /* of a small one with a frame, */
  unsigned fde_body;   /* and on average, of real programs' functions */
  unsigned fde_header; /* its entry in .eh_frame_hdr's table */
  unsigned register_integers, register_fps; /* arguments in registers */
  unsigned stack_call_site; /* a call site's unwind rule, once a call of the
                               function pushes arguments on the stack, */
  unsigned stack_pushes;    /* which it does from this many arguments on */
  unsigned symbol;     /* an ELF64 .symtab entry: not loaded */
};

/* x86-64. Instructions: scripts/calibrate-size-model.py (FP arithmetic
 * fitted 18.8 bytes from only 299 instructions; 8 is what the
 * absolute-error fit gives and what a scalar SSE operation is). The rest:
 * scripts/measure-size-model.py: a jump or call is 5 bytes, a select of
 * two parameters 7, .text is aligned to 16 (8 bytes of padding on
 * average), an FDE is 20 bytes for a leaf or a thunk and 24 for a small
 * function that calls (one register pushed), its .eh_frame_hdr entry 8;
 * the average FDE of real programs' functions is 46 bytes (bzip2 41,
 * cjson 46, jsoncpp 47 in their linked programs; --corpus: 45 and 52); the
 * frame of a thunk that passes constants on the stack 10
 * (calibrate-size-model.py). A function with landing pads that pushes a
 * call's arguments on the stack (llc does from two such arguments on: one
 * it stores) writes an unwind rule at each of its call sites, 4 bytes
 * each (size_model_push_unwind_bytes; testsuite/ir/merge/size-model.ll
 * measures both). */
static const size_model X86_64 = {
    .target = SIZE_TARGET_X86_64,
    .block = 309,
    .call = 128,
    .argument = 486,
    .load = 165,
    .store = 720,
    .gep = 84,
    .integer = 405,
    .fp = 800,
    .compare = 355,
    .phi = 511,
    .eh_pad = 728,
    .switch_case = 66,
    .intrinsic = 345,
    .memory_intrinsic = 1600,
    .jump = 5,
    .call_instruction = 5,
    .argument_move = 3,
    .return_bytes = 4,
    .stack_constant = 4,
    .stack_thunk = 10,
    .parameter = 2,
    .alignment = 16,
    .average_padding = 8,
    .fde_leaf = 20,
    .fde_frame = 24,
    .fde_body = 46,
    .fde_header = 8,
    .register_integers = 6, /* System V */
    .register_fps = 8,
    .stack_call_site = 4,
    .stack_pushes = 2,
    .symbol = 24,
};

/* AArch64. Instructions: fitted to what llc emits for AArch64 for the
 * same programs' modules, retargeted (`scripts/calibrate-size-model.py
 * --triple aarch64-linux-gnu --realprogs bzip2,cjson,jsoncpp,pugixml`:
 * 3,030 functions; NNLS on relative error; median error 18-32% on a
 * program left out of the fit, 9.8-22% for functions of 16 bytes or
 * more). The fit puts a call's cost in its arguments (0 for the call,
 * 2.64 an argument) and a phi's in its block (7.16 a block, 0 a phi); FP
 * arithmetic, fitted 21.3 bytes from only 277 instructions, counts as the
 * one 4-byte instruction it is, and memory intrinsics as on x86-64. The
 * rest: scripts/measure-size-model.py: every instruction is 4 bytes, a
 * select (tst, csel) 4 beyond the move it replaces, .text is aligned to 4
 * (no padding), an FDE is 20 bytes for a leaf or a thunk and 28 for a
 * small function that calls (the link register saved), its .eh_frame_hdr
 * entry 8; the average FDE of real programs' functions is 40 bytes (the
 * retargeted modules: 38-43).
 * A stored constant (one str), a thunk's frame (stp, mov, ldp, and a call
 * for the jump), a new function's return and saved link register (ret,
 * stp, ldp) and a parameter (a move) are counted by their instructions.
 * Calls reserve their stack arguments' space in the frame: no unwind rule
 * per call site (size-model.ll). */
static const size_model AARCH64 = {
    .target = SIZE_TARGET_AARCH64,
    .block = 716,
    .call = 0,
    .argument = 264,
    .load = 101,
    .store = 717,
    .gep = 60,
    .integer = 355,
    .fp = 400,
    .compare = 333,
    .phi = 0,
    .eh_pad = 0,
    .switch_case = 323,
    .intrinsic = 317,
    .memory_intrinsic = 1600,
    .jump = 4,
    .call_instruction = 4,
    .argument_move = 4,
    .return_bytes = 12,
    .stack_constant = 4,
    .stack_thunk = 16,
    .parameter = 4,
    .alignment = 4,
    .average_padding = 0,
    .fde_leaf = 20,
    .fde_frame = 28,
    .fde_body = 40,
    .fde_header = 8,
    .register_integers = 8, /* AAPCS64 */
    .register_fps = 8,
    .stack_call_site = 0,
    .stack_pushes = 0,
    .symbol = 24,
};

/* ---- Which target ----------------------------------------------------------
 */

static bool starts_with(const char *text, const char *prefix) {
  return !strncmp(text, prefix, strlen(prefix));
}

const size_model *size_model_for_module(LLVMModuleRef module) {
  const char *triple = LLVMGetTarget(module);
  if (triple &&
      (starts_with(triple, "aarch64") || starts_with(triple, "arm64")))
    return &AARCH64;
  return &X86_64;
}

const size_model *size_model_for_function(LLVMValueRef fn) {
  return size_model_for_module(LLVMGetGlobalParent(fn));
}

const size_model *size_model_for_instruction(LLVMValueRef inst) {
  return size_model_for_function(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
}

size_target size_model_target(const size_model *model) { return model->target; }

/* ---- Code
 * -------------------------------------------------------------------- */

/* Intrinsics that become no code (markers, assumptions) or a memory copy
 * or fill (inlined when short, a libc call otherwise: between the two). */
static unsigned intrinsic_cost(const size_model *model, LLVMValueRef callee) {
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  static const char *const free_prefixes[] = {
      "llvm.lifetime.",
      "llvm.assume",
      "llvm.experimental.noalias",
      "llvm.invariant.",
      "llvm.dbg.",
      "llvm.pseudoprobe",
      "llvm.donothing",
      "llvm.experimental.noalias.scope.decl"};
  for (size_t i = 0; i < sizeof free_prefixes / sizeof *free_prefixes; ++i)
    if (starts_with(name, free_prefixes[i]))
      return 0;
  if (starts_with(name, "llvm.memcpy") || starts_with(name, "llvm.memmove") ||
      starts_with(name, "llvm.memset"))
    return model->memory_intrinsic;
  return model->intrinsic;
}

unsigned size_model_instruction_cost(const size_model *model,
                                     LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMCall:
  case LLVMInvoke: {
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee))
      return intrinsic_cost(model, callee);
    return model->call + model->argument * LLVMGetNumArgOperands(inst);
  }
  case LLVMResume:
    return model->call;
  case LLVMLoad:
    return model->load;
  case LLVMStore:
    return model->store;
  case LLVMGetElementPtr:
    return model->gep;
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
    return model->integer;
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
  case LLVMFNeg:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt:
    return model->fp;
  case LLVMICmp:
  case LLVMFCmp:
  case LLVMSelect:
    return model->compare;
  case LLVMPHI:
    return model->phi;
  case LLVMLandingPad:
  case LLVMCleanupPad:
  case LLVMCatchPad:
  case LLVMCatchSwitch:
    return model->eh_pad;
  case LLVMSwitch:
    return model->switch_case * (LLVMGetNumSuccessors(inst) - 1);
  default: /* casts, allocas, branches (in the block), vector ops */
    return 0;
  }
}

unsigned size_model_block_cost(const size_model *model) { return model->block; }

unsigned size_model_compare_cost(const size_model *model) {
  return model->compare;
}

unsigned size_model_phi_cost(const size_model *model) { return model->phi; }

/* ---- Constants, thunks and calls
 * --------------------------------------------- */

/* AArch64 builds an integer 16 bits at a time (movz, then a movk per
 * further non-zero half-word; movn for one mostly of ones). */
static unsigned aarch64_integer_bytes(int64_t value, unsigned bits) {
  uint64_t v = (uint64_t)value;
  if (bits < 64)
    v &= (UINT64_C(1) << bits) - 1;
  unsigned halves = bits <= 32 ? 2 : 4, nonzero = 0, nonones = 0;
  for (unsigned h = 0; h < halves; ++h) {
    unsigned half = (unsigned)(v >> (16 * h)) & 0xffff;
    nonzero += half != 0;
    nonones += half != 0xffff;
  }
  unsigned instructions = nonzero < nonones ? nonzero : nonones;
  return 4 * (instructions ? instructions : 1);
}

/* x86-64, measured: 2 bytes for zero or null (xor), 5 for a 32-bit
 * immediate (or a 64-bit one that fits 32 bits unsigned), 7 for a negative
 * one that fits 32 bits signed, 10 for any other (movabs), 7 for an address
 * (lea), 16 for a double (8 of code, 8 in the constant pool). AArch64: 4 for
 * zero, 4 per half-word for an integer, 8 for an address (adrp, add), 16 for a
 * double (adrp, ldr, and 8 in the pool). */
unsigned size_model_constant_bytes(const size_model *model,
                                   LLVMValueRef value) {
  bool aarch64 = model->target == SIZE_TARGET_AARCH64;
  if (LLVMIsNull(value))
    return aarch64 ? 4 : 2;
  if (LLVMIsAConstantInt(value)) {
    int64_t v = LLVMConstIntGetSExtValue(value);
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(value));
    if (aarch64)
      return aarch64_integer_bytes(v, bits);
    if (bits <= 32 || (v >= 0 && v <= (int64_t)UINT32_MAX))
      return 5; /* mov to the 32-bit register, which zero-extends */
    return v < 0 && v >= INT32_MIN ? 7
                                   : 10; /* sign-extended imm32, or movabs */
  }
  if (LLVMIsAConstantFP(value))
    return 16;
  return aarch64 ? 8 : 7;
}

unsigned size_model_constant_pool_bytes(const size_model *model,
                                        LLVMValueRef value) {
  (void)model;
  return LLVMIsAConstantFP(value) && !LLVMIsNull(value) ? 8 : 0;
}

unsigned size_model_stack_constant_extra(const size_model *model) {
  return model->stack_constant;
}

unsigned size_model_thunk_bytes(const size_model *model,
                                unsigned constant_bytes, bool on_stack) {
  return model->jump + constant_bytes + (on_stack ? model->stack_thunk : 0);
}

unsigned size_model_call_bytes(const size_model *model,
                               unsigned constant_bytes) {
  return model->call_instruction + constant_bytes;
}

unsigned size_model_return_bytes(const size_model *model) {
  return model->return_bytes;
}

unsigned size_model_argument_move_bytes(const size_model *model) {
  return model->argument_move;
}

unsigned size_model_parameter_bytes(const size_model *model) {
  return model->parameter;
}

/* ---- What a function costs besides its code
 * ---------------------------------- */

unsigned size_model_padded_bytes(const size_model *model, unsigned code_bytes) {
  return (code_bytes + model->alignment - 1) / model->alignment *
         model->alignment;
}

unsigned size_model_average_padding(const size_model *model) {
  return model->average_padding;
}

bool size_model_has_unwind_entry(LLVMValueRef fn) {
  if (LLVMHasPersonalityFn(fn))
    return true;
  unsigned uwtable = LLVMGetEnumAttributeKindForName("uwtable", 7);
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  LLVMAttributeIndex index = LLVMAttributeFunctionIndex;
  LLVMAttributeRef table = LLVMGetEnumAttributeAtIndex(fn, index, uwtable);
  if (table && LLVMGetEnumAttributeValue(table) != 0)
    return true;
  return !LLVMGetEnumAttributeAtIndex(fn, index, nounwind);
}

unsigned size_model_unwind_bytes(const size_model *model, bool unwind,
                                 size_function_shape shape) {
  if (!unwind)
    return 0;
  unsigned fde = shape == SIZE_SHAPE_LEAF    ? model->fde_leaf
                 : shape == SIZE_SHAPE_FRAME ? model->fde_frame
                                             : model->fde_body;
  return fde + model->fde_header;
}

unsigned size_model_symbol_bytes(const size_model *model) {
  return model->symbol;
}

unsigned size_model_new_function_bytes(const size_model *model,
                                       unsigned code_bytes, bool unwind,
                                       size_function_shape shape) {
  return code_bytes + model->average_padding +
         size_model_unwind_bytes(model, unwind, shape);
}

/* ---- The names similar.c and outline.cpp have always called
 * -------------------- */

/* An instruction's code, by its module's target. */
unsigned merge_instruction_cost(LLVMValueRef inst) {
  return size_model_instruction_cost(size_model_for_instruction(inst), inst);
}

/* A block's branch, on x86-64: callers that know the module use
 * size_model_block_cost. */
unsigned merge_block_cost(void) { return X86_64.block; }

/* ---- The prediction `ltofold size-model` prints
 * -------------------------------- */

/* Whether `fn` calls a function (not an intrinsic): then it has a frame. */
static bool is_fp_type(LLVMTypeRef type) {
  LLVMTypeKind kind = LLVMGetTypeKind(type);
  return kind == LLVMFloatTypeKind || kind == LLVMDoubleTypeKind;
}

/* Aggregates and vectors count as two integer registers: counted high, as
 * for a price a stack argument too many is the safe side. */
unsigned size_model_stack_arguments(const size_model *model, LLVMTypeRef *types,
                                    unsigned count) {
  unsigned integers = 0, fps = 0;
  for (unsigned i = 0; i < count; ++i) {
    LLVMTypeKind kind = LLVMGetTypeKind(types[i]);
    if (is_fp_type(types[i]))
      fps++;
    else if (kind == LLVMIntegerTypeKind || kind == LLVMPointerTypeKind)
      integers++;
    else
      integers += 2;
  }
  return (integers > model->register_integers
              ? integers - model->register_integers
              : 0) +
         (fps > model->register_fps ? fps - model->register_fps : 0);
}

/* Whether `call` passes enough arguments on the stack to push them. */
static bool pushes_arguments(const size_model *model, LLVMValueRef call) {
  enum { MANY = 32 };
  LLVMTypeRef types[MANY];
  unsigned count = LLVMGetNumArgOperands(call);
  if (count > MANY)
    return true;
  for (unsigned i = 0; i < count; ++i)
    types[i] = LLVMTypeOf(LLVMGetOperand(call, i));
  return size_model_stack_arguments(model, types, count) >= model->stack_pushes;
}

/* Whether `call` ends its function: a tail call that returns, at once or
 * through a block of phis and a return (which CodeGenPrepare copies into
 * its predecessors for that): llc makes it a jump, with no frame around
 * it. */
static bool is_sibling_call(LLVMValueRef call) {
  if (LLVMGetInstructionOpcode(call) != LLVMCall || !LLVMIsTailCall(call))
    return false;
  LLVMValueRef next = LLVMGetNextInstruction(call);
  if (next && LLVMGetInstructionOpcode(next) == LLVMBr &&
      !LLVMIsConditional(next)) {
    LLVMValueRef first =
        LLVMGetFirstInstruction(LLVMValueAsBasicBlock(LLVMGetOperand(next, 0)));
    while (first && LLVMGetInstructionOpcode(first) == LLVMPHI)
      first = LLVMGetNextInstruction(first);
    next = first;
  }
  return next && LLVMGetInstructionOpcode(next) == LLVMRet;
}

/* Whether the call or invoke `call` is a call site of its function's
 * unwind entry: it calls anything but an intrinsic, and is no sibling
 * call. */
static bool is_unwind_call_site(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return !(LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee)) &&
         !is_sibling_call(call);
}

/* How many calls `fn` makes: calls and invokes that are call sites
 * (is_unwind_call_site); and whether one of them pushes its arguments (`pushes`,
 * may be NULL). */
static size_t call_sites(const size_model *model, LLVMValueRef fn,
                         bool *pushes) {
  size_t sites = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      LLVMOpcode opcode = LLVMGetInstructionOpcode(i);
      if (opcode != LLVMCall && opcode != LLVMInvoke)
        continue;
      if (!is_unwind_call_site(i))
        continue;
      sites++;
      if (pushes && !*pushes)
        *pushes = pushes_arguments(model, i);
    }
  return sites;
}

bool size_model_site_pushes(const size_model *model, LLVMValueRef call) {
  return is_unwind_call_site(call) && pushes_arguments(model, call);
}

static bool has_landing_pad(LLVMValueRef fn) {
  if (!LLVMHasPersonalityFn(fn))
    return false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef first = LLVMGetFirstInstruction(bb);
    if (first && LLVMGetInstructionOpcode(first) == LLVMLandingPad)
      return true;
  }
  return false;
}

bool size_model_pushes(const size_model *model, unsigned stack) {
  return model->stack_call_site && stack >= model->stack_pushes;
}

/* x86-64 makes a call's stack arguments with pushes where that saves
 * bytes (LLVM's X86CallFrameOptimization: from two arguments on), and
 * then describes the stack's depth at every call site of the function in
 * its FDE (one DW_CFA_GNU_args_size rule and the advance to it), where the
 * function has landing pads: the unwinder must know it to land in one. One
 * such call makes the rules of all the function's calls, not only its
 * own: a caller that pushes already pays for them. */
unsigned size_model_push_unwind_bytes(const size_model *model,
                                      LLVMValueRef caller) {
  if (!model->stack_call_site || !has_landing_pad(caller))
    return 0;
  bool pushes = false;
  size_t sites = call_sites(model, caller, &pushes);
  return pushes ? 0 : model->stack_call_site * (unsigned)(sites + 1);
}

/* The constants a thunk passes, in bytes, or -1 when `fn` is not a thunk:
 * its entry block is one call and a return, and each argument of the call
 * is a constant or `fn`'s parameter in the same position (no move).
 * `pool`: how many of those bytes are constant-pool entries. */
static int thunk_constant_bytes(const size_model *model, LLVMValueRef fn,
                                unsigned *pool) {
  LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(fn);
  if (!entry || LLVMGetNextBasicBlock(entry))
    return -1;
  LLVMValueRef call = LLVMGetFirstInstruction(entry);
  if (!call || LLVMGetInstructionOpcode(call) != LLVMCall ||
      !LLVMGetNextInstruction(call) ||
      LLVMGetInstructionOpcode(LLVMGetNextInstruction(call)) != LLVMRet ||
      LLVMGetNextInstruction(LLVMGetNextInstruction(call)))
    return -1;
  int bytes = 0;
  *pool = 0;
  for (unsigned a = 0; a < LLVMGetNumArgOperands(call); ++a) {
    LLVMValueRef argument = LLVMGetOperand(call, a);
    if (LLVMIsConstant(argument)) {
      bytes += (int)size_model_constant_bytes(model, argument);
      *pool += size_model_constant_pool_bytes(model, argument);
    } else if (a >= LLVMCountParams(fn) || argument != LLVMGetParam(fn, a)) {
      return -1;
    }
  }
  return bytes;
}

size_t size_model_code_hundredths(const size_model *model, LLVMValueRef fn) {
  size_t hundredths = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    hundredths += size_model_block_cost(model);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      hundredths += size_model_instruction_cost(model, i);
  }
  return hundredths;
}

void ltofold_predict_size(LLVMValueRef fn,
                          ltofold_size_prediction *prediction) {
  const size_model *model = size_model_for_function(fn);
  size_t hundredths = size_model_code_hundredths(model, fn);
  unsigned pool = 0;
  int constants = thunk_constant_bytes(model, fn, &pool);
  prediction->target =
      model->target == SIZE_TARGET_AARCH64 ? "aarch64" : "x86-64";
  prediction->code = (unsigned)(hundredths / 100);
  prediction->padding = model->average_padding;
  prediction->unwind = size_model_unwind_bytes(
      model, size_model_has_unwind_entry(fn),
      constants >= 0 || !call_sites(model, fn, NULL) ? SIZE_SHAPE_LEAF
                                                     : SIZE_SHAPE_BODY);
  prediction->thunk =
      constants < 0
          ? 0
          : size_model_thunk_bytes(model, (unsigned)constants, false) - pool;
  prediction->pool = constants < 0 ? 0 : pool;
  prediction->stack_calls =
      size_model_pushes(model, 2) ? size_model_push_unwind_bytes(model, fn) : 0;
}
