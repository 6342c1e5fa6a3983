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
 * Memory gets the same treatment, by classes of pointers. The roots are
 * globals (writable ones with local linkage, or constants whose
 * initializer no other definition can replace; neither externally
 * initialized nor thread-local) and stack arrays, each holding FP values
 * (an FP type, or arrays and vectors of it). A class is a set of pointers
 * found together: a root, the GEPs, phis and selects made from its
 * members, the pointer arguments of closed functions with what every call
 * of them passes, and what a memcpy copies from into what it copies to.
 * A member is rooted when it is made from a root, foreign when it is made
 * from a pointer that is no member (loaded from memory, returned by a
 * call, an argument of a function that is not closed), or both. The class
 * is closed when its roots agree on one FP type and every rooted member's
 * GEPs keep to whole elements and its every use is
 *  - a load;
 *  - a plain (not volatile, not atomic) store of values of that type;
 *  - a plain memset of zero bytes over whole elements (a store of +0.0
 *    into each), or a plain memcpy or memmove of whole elements (from a
 *    member, or into one from a member that is not foreign: both in the
 *    class);
 *  - a lifetime marker, a pointer compare, or an argument of a call of a
 *    closed function (not a variadic one);
 *  - a ptrtoint whose integer is only compared, in a module without
 *    inttoptr (which could make a pointer of an integer found equal).
 * Then no root's address reaches code or memory out of view, so no foreign
 * pointer points into a root, and every write to a root is in view: a
 * store, memset or memcpy through a rooted member (another call, a pointer
 * kept in memory, a store of other bytes make the class open; so does
 * module-level asm for globals, which it could name). A load through a
 * member that is rooted and not foreign reads its globals' initializers or
 * one of the values the rooted members' stores store: their join, each
 * read at its store; a load through a foreign member gets nothing. Memory
 * not yet written (a stack array's) is undefined and adds nothing. Stores
 * are learned as call sites are: a round's join counts once every store
 * was analyzed completely in that round; until then loads assume the
 * previous round's, or nothing. A function that stores into a closed
 * class is analyzed in the first round, one that loads from one makes a
 * second.
 *
 * Program-wide denormal modes: whether subnormals are flushed is the
 * processor's state (x86's MXCSR, AArch64's FPCR), set for the whole
 * process, not one function's: crtfastmath.o, which `-ffast-math` and
 * `-Ofast` add to the link, sets FTZ and DAZ at start-up; a function whose
 * attributes declare a non-IEEE mode says the process runs in that mode
 * when it runs, and nothing changes the mode at a call: its callees, and
 * what runs after it, run in it too. So the mode of each format is the
 * join of every function's ("denormal-fp-math", "denormal-fp-math-f32";
 * declarations too, which carry their unit's), and float and double may
 * flush with sign preserved where the program runs with FTZ/DAZ: the front
 * end says so (the link has such a start-up object: flush_denormals) or a
 * function was compiled with fast-math ("unsafe-fp-math" or
 * "no-nans-fp-math"), whose link likely adds crtfastmath.o. Every analysis
 * joins its function's modes with these (fprange_program_flush).
 *
 * This file finds the closed functions and memory classes and answers
 * what the analysis of a function asks; learn.c learns the facts from
 * each round's analyses, program_facts.h has what both keep.
 *
 * Ownership: the program owns its summaries; it borrows the module. */
#include "program_facts.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

static bool attribute_is_true(LLVMValueRef function, const char *key) {
  unsigned length;
  const char *value = fprange_function_attribute(function, key, &length);
  return value && length == 4 && memcmp(value, "true", 4) == 0;
}

/* The program's denormal modes (the comment at the top). */
static void read_program_denormal_modes(fprange_program *p,
                                        LLVMModuleRef module,
                                        bool flush_denormals) {
  bool fast_math = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f)) {
    fp_flush modes[FP_FORMAT_COUNT];
    fprange_function_denormal_modes(f, modes);
    for (int format = 0; format < FP_FORMAT_COUNT; ++format)
      p->flush[format] = fp_flush_join(p->flush[format], modes[format]);
    fast_math = fast_math || attribute_is_true(f, "unsafe-fp-math") ||
                attribute_is_true(f, "no-nans-fp-math");
  }
  if (flush_denormals || fast_math) {
    p->flush[FP_FLOAT] =
        fp_flush_join(p->flush[FP_FLOAT], FP_FLUSH_PRESERVE_SIGN);
    p->flush[FP_DOUBLE] =
        fp_flush_join(p->flush[FP_DOUBLE], FP_FLUSH_PRESERVE_SIGN);
  }
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
  return fprange_calls_intrinsic(inst, "llvm.lifetime.start") ||
         fprange_calls_intrinsic(inst, "llvm.lifetime.end");
}

/* Is every use of `pointer` (a stack array, or a GEP into it that keeps to
 * whole `fp` elements) a load, a plain store of `fp` values into it, a
 * memset of zeros over whole elements, a lifetime marker, or such a GEP
 * whose uses are so too? Counts the stores (memsets included). A depth
 * past 16 GEPs gives up. */
static bool only_fp_accesses(LLVMValueRef pointer, LLVMTypeRef fp,
                             size_t *stores, int depth) {
  if (depth > 16)
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(pointer); use;
       use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsALoadInst(user) || is_lifetime_marker(user))
      continue;
    if (LLVMIsAStoreInst(user)) {
      LLVMValueRef value = LLVMGetOperand(user, 0);
      if (value == pointer || LLVMGetVolatile(user) ||
          LLVMGetOrdering(user) != LLVMAtomicOrderingNotAtomic ||
          LLVMGetTypeKind(LLVMTypeOf(value)) == LLVMArrayTypeKind ||
          fprange_table_element(LLVMTypeOf(value)) != fp)
        return false;
      ++*stores;
      continue;
    }
    if (fprange_zeroes_elements(user, pointer, fp)) {
      ++*stores;
      continue;
    }
    if (!fprange_is_gep(user) || LLVMGetOperand(user, 0) != pointer ||
        !fprange_gep_keeps_elements(user, fp) ||
        !only_fp_accesses(user, fp, stores, depth + 1))
      return false;
  }
  return true;
}

bool fprange_only_fp_accesses(LLVMValueRef pointer, LLVMTypeRef fp,
                              size_t *stores) {
  return only_fp_accesses(pointer, fp, stores, 0);
}

/* ---- finding the closed memory classes ---------------------------------
 *
 * A union-find over the program's pointer values: the roots (globals and
 * stack arrays of FP values), the pointer arguments of closed functions,
 * and the GEPs, phis and selects of pointers. A GEP, phi or select is in
 * the class of its pointer operands; an argument of a closed function is
 * in the class of what every call of it passes; the destination of a
 * memcpy, in the class of its source. Then where each member may point
 * (rooted, foreign) flows from what it is made from. A class is open (no
 * fact) when a rooted member is used in any way but the accesses it
 * allows, or when its roots do not agree on one FP type. */

typedef struct pointer_node {
  LLVMValueRef value;
  uint32_t parent;
  LLVMTypeRef fp; /* of a root (the class's, once joined); NULL if none */
  bool open;      /* (of a class's representative) no fact for it */
  bool rooted;    /* may point into a root's memory */
  bool foreign;   /* may point into memory out of view */
  bool bad_use;   /* used in a way the class does not allow */
} pointer_node;

typedef struct class_builder {
  fprange_program *p;
  pointer_node *nodes;
  size_t count, capacity;
  ptr_map index;          /* value -> node */
  bool no_globals;        /* module-level asm could name any of them */
  bool int_to_pointer;    /* an inttoptr makes a pointer of an integer */
  LLVMValueRef *accesses; /* loads, stores, memsets and memcpys into */
  size_t access_count, access_capacity;
} class_builder;

#define NO_NODE UINT32_MAX

static uint32_t node_add(class_builder *b, LLVMValueRef v, LLVMTypeRef fp) {
  b->nodes = fprange_grow(b->nodes, &b->capacity, b->count, sizeof *b->nodes);
  uint32_t n = (uint32_t)b->count++;
  b->nodes[n] = (pointer_node){.value = v, .parent = n, .fp = fp,
                               .rooted = fp != NULL}; /* (a root's) */
  ptr_map_put(&b->index, v, n);
  return n;
}

static void add_access(class_builder *b, LLVMValueRef access) {
  b->accesses = fprange_grow(b->accesses, &b->access_capacity,
                             b->access_count, sizeof *b->accesses);
  b->accesses[b->access_count++] = access;
}

/* The pointer an access writes through (the one a load reads). */
static LLVMValueRef access_pointer(LLVMValueRef access) {
  return LLVMGetOperand(access, LLVMIsAStoreInst(access) ? 1 : 0);
}

static uint32_t node_of(const class_builder *b, LLVMValueRef v) {
  uint64_t n;
  return ptr_map_get(&b->index, v, &n) ? (uint32_t)n : NO_NODE;
}

static uint32_t node_find(class_builder *b, uint32_t n) {
  while (b->nodes[n].parent != n) {
    b->nodes[n].parent = b->nodes[b->nodes[n].parent].parent;
    n = b->nodes[n].parent;
  }
  return n;
}

static void node_open(class_builder *b, uint32_t n) {
  b->nodes[node_find(b, n)].open = true;
}

static void node_union(class_builder *b, uint32_t x, uint32_t y) {
  x = node_find(b, x);
  y = node_find(b, y);
  if (x == y)
    return;
  pointer_node *into = &b->nodes[x], *from = &b->nodes[y];
  from->parent = x;
  into->open |= from->open || (into->fp && from->fp && into->fp != from->fp);
  if (!into->fp)
    into->fp = from->fp;
}

static LLVMTypeRef root_element(LLVMTypeRef type);
static bool is_root_global(LLVMValueRef g);

/* The node of `v`, made when v can be a member (a root, a pointer
 * argument of a closed function, a GEP, phi or select of pointers), or
 * NO_NODE. The classes grow from their roots this way, so that pointers
 * never connected to FP memory cost nothing. */
static uint32_t node_reach(class_builder *b, LLVMValueRef v) {
  uint32_t n = node_of(b, v);
  if (n != NO_NODE)
    return n;
  LLVMTypeRef fp = NULL;
  if (LLVMIsAGlobalVariable(v)) {
    if (b->no_globals || !is_root_global(v))
      return NO_NODE;
    fp = root_element(LLVMGlobalGetValueType(v));
  } else if (LLVMIsAAllocaInst(v)) {
    fp = root_element(LLVMGetAllocatedType(v));
    if (!fp)
      return NO_NODE;
  } else if (LLVMIsAArgument(v)) {
    if (!summary_of(b->p, LLVMGetParamParent(v)))
      return NO_NODE;
  } else if (!(fprange_is_gep(v) || LLVMIsAPHINode(v) ||
               LLVMIsASelectInst(v)) ||
             LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind) {
    return NO_NODE;
  }
  return node_add(b, v, fp);
}

/* Does `v` point at no object (null, undef, poison)? */
static bool points_nowhere(LLVMValueRef v) {
  return LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v);
}

/* Puts node n in the class of `operand`, a pointer it is made from; one
 * that can be no member (loaded from memory, returned by a call, an
 * argument of a function that is not closed) makes n foreign. */
static void node_derive(class_builder *b, uint32_t n, LLVMValueRef operand) {
  uint32_t m = node_reach(b, operand);
  if (m != NO_NODE)
    node_union(b, n, m);
  else if (!points_nowhere(operand))
    b->nodes[n].foreign = true;
}

/* The pointers node n is made from: its GEP's base, its phi's or select's
 * pointers, or what every call of its function passes. Calls `visit` on
 * each, and returns whether one of the calls returned true. */
static bool each_source(class_builder *b, uint32_t n,
                        bool (*visit)(class_builder *, uint32_t,
                                      LLVMValueRef)) {
  LLVMValueRef v = b->nodes[n].value;
  bool any = false;
  if (fprange_is_gep(v)) {
    any |= visit(b, n, LLVMGetOperand(v, 0));
  } else if (LLVMIsAPHINode(v)) {
    for (unsigned i = 0; i < LLVMCountIncoming(v); ++i)
      any |= visit(b, n, LLVMGetIncomingValue(v, i));
  } else if (LLVMIsASelectInst(v)) {
    any |= visit(b, n, LLVMGetOperand(v, 1));
    any |= visit(b, n, LLVMGetOperand(v, 2));
  } else if (LLVMIsAArgument(v)) {
    LLVMValueRef f = LLVMGetParamParent(v);
    unsigned k = 0;
    while (LLVMGetParam(f, k) != v)
      ++k;
    for (LLVMUseRef use = LLVMGetFirstUse(f); use; use = LLVMGetNextUse(use))
      any |= visit(b, n, LLVMGetOperand(LLVMGetUser(use), k));
  }
  return any;
}

static bool derive_visit(class_builder *b, uint32_t n, LLVMValueRef operand) {
  node_derive(b, n, operand);
  return false;
}

/* Node n may point where `operand` may: returns whether that added to
 * what n may point into. */
static bool flow_visit(class_builder *b, uint32_t n, LLVMValueRef operand) {
  uint32_t m = node_of(b, operand);
  pointer_node *to = &b->nodes[n];
  if (m == NO_NODE)
    return false; /* (node_derive marked n foreign) */
  bool rooted = to->rooted || b->nodes[m].rooted;
  bool foreign = to->foreign || b->nodes[m].foreign;
  bool changed = rooted != to->rooted || foreign != to->foreign;
  to->rooted = rooted;
  to->foreign = foreign;
  return changed;
}

/* The FP element type of a closed global's or stack array's values, or
 * NULL when it holds other bytes too. */
static LLVMTypeRef root_element(LLVMTypeRef type) {
  LLVMTypeRef fp = fprange_table_element(type);
  fp_format_id format;
  return LLVMGetTypeKind(type) != LLVMScalableVectorTypeKind &&
                 fp_format_of_type(fp, &format)
             ? fp
             : NULL;
}

/* A global that can be a root: a writable one with local linkage (no
 * write out of view), or a constant whose initializer every copy of the
 * program agrees on (nothing writes it). */
static bool is_root_global(LLVMValueRef g) {
  LLVMLinkage linkage = LLVMGetLinkage(g);
  return !LLVMIsDeclaration(g) && !LLVMIsExternallyInitialized(g) &&
         !LLVMIsThreadLocal(g) && root_element(LLVMGlobalGetValueType(g)) &&
         (LLVMIsGlobalConstant(g)
              ? !fprange_is_interposable(g)
              : linkage == LLVMInternalLinkage ||
                    linkage == LLVMPrivateLinkage);
}

/* Is every use of the integer `v` (a pointer's address, or made from it)
 * a compare, or arithmetic, a cast, a phi or a select whose uses are
 * so too? Then no pointer is made from it: the vectorizer's checks of
 * whether two arrays overlap are such. Past a depth of 8, no. */
static bool only_compared(LLVMValueRef v, int depth) {
  if (depth > 8)
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(v); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAICmpInst(user))
      continue;
    if (!LLVMIsAInstruction(user))
      return false;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
    case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
    case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMTrunc: case LLVMZExt:
    case LLVMSExt: case LLVMPHI: case LLVMSelect: case LLVMFreeze:
      if (!only_compared(user, depth + 1))
        return false;
      break;
    default:
      return false;
    }
  }
  return true;
}

/* Does a use by `user` of member n keep every write to the class in view?
 * Loads, stores, memsets and the memcpys that write are kept, to be
 * checked against the class's type once it is known. */
static bool allowed_use(class_builder *b, uint32_t n, LLVMValueRef user) {
  LLVMValueRef v = b->nodes[n].value;
  if (LLVMIsALoadInst(user) || LLVMIsAStoreInst(user)) {
    if (LLVMIsAStoreInst(user) &&
        (LLVMGetOperand(user, 0) == v || LLVMGetVolatile(user) ||
         LLVMGetOrdering(user) != LLVMAtomicOrderingNotAtomic))
      return false;
    add_access(b, user);
    return true;
  }
  if ((fprange_is_gep(user) && LLVMGetOperand(user, 0) == v) ||
      LLVMIsAPHINode(user) || LLVMIsASelectInst(user))
    return node_reach(b, user) != NO_NODE; /* joined as it is visited */
  if (LLVMIsAICmpInst(user) || is_lifetime_marker(user))
    return true;
  if (LLVMIsAPtrToIntInst(user)) /* (an address compared may be guessed) */
    return !b->int_to_pointer && only_compared(user, 0);
  if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) == v)
    return false;
  unsigned args = LLVMGetNumArgOperands(user);
  fp_memory_op op = fprange_memory_op(user);
  if (op == FP_MEMORY_SET && LLVMGetOperand(user, 0) == v) {
    add_access(b, user);
    return true;
  }
  if (op == FP_MEMORY_COPY) {
    if (LLVMGetOperand(user, 0) != v)
      return true; /* only read */
    /* A copy into the class: of values of the class it copies from,
     * which joins it (checked to copy whole elements, with the type, and
     * from memory in view). */
    uint32_t from = node_reach(b, LLVMGetOperand(user, 1));
    if (from == NO_NODE)
      return false;
    node_union(b, n, from);
    add_access(b, user);
    return true;
  }
  summary *callee = summary_of(b->p, LLVMGetCalledValue(user));
  if (!callee)
    return false;
  for (unsigned k = 0; k < args; ++k)
    if (LLVMGetOperand(user, k) == v) {
      if (k >= callee->param_count)
        return false; /* a variadic argument */
      node_reach(b, LLVMGetParam(callee->function, k)); /* joined there */
    }
  return true;
}

/* Finds the closed memory classes (the comment at the top says which). */
static void find_memory_classes(fprange_program *p, LLVMModuleRef module) {
  class_builder b = {.p = p};
  ptr_map_init(&b.index);
  size_t asm_length = 0;
  LLVMGetModuleInlineAsm(module, &asm_length);
  b.no_globals = asm_length != 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g;
       g = LLVMGetNextGlobal(g))
    node_reach(&b, g);
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(f); block;
         block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
           inst = LLVMGetNextInstruction(inst)) {
        if (LLVMIsAAllocaInst(inst))
          node_reach(&b, inst);
        b.int_to_pointer |= LLVMIsAIntToPtrInst(inst) != NULL;
      }
  /* From the roots: each member joins the pointers it is made from, and
   * its uses are checked; the members met either way join the list. */
  for (size_t n = 0; n < b.count; ++n) {
    each_source(&b, (uint32_t)n, derive_visit);
    LLVMValueRef v = b.nodes[n].value;
    for (LLVMUseRef use = LLVMGetFirstUse(v); use; use = LLVMGetNextUse(use))
      if (!allowed_use(&b, (uint32_t)n, LLVMGetUser(use)))
        b.nodes[n].bad_use = true;
  }
  /* Where each member may point: into its class's roots, out of view, or
   * both, as what it is made from may (to a fixed point: a phi or an
   * argument may come before what it is made from). */
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t n = 0; n < b.count; ++n)
      changed |= each_source(&b, (uint32_t)n, flow_visit);
  }
  /* Only the members that may point into the roots' memory can write it
   * or let it escape: their uses are what keeps the class closed. Their
   * GEPs keep to whole elements, and their stores and memsets write
   * elements of the class's type; a copy into them reads a member that
   * points only into the class. */
  for (size_t n = 0; n < b.count; ++n) {
    LLVMValueRef v = b.nodes[n].value;
    LLVMTypeRef fp = b.nodes[node_find(&b, (uint32_t)n)].fp;
    if (b.nodes[n].rooted &&
        (b.nodes[n].bad_use ||
         (fprange_is_gep(v) && !fprange_gep_keeps_elements(v, fp))))
      node_open(&b, (uint32_t)n);
  }
  for (size_t i = 0; i < b.access_count; ++i) {
    LLVMValueRef access = b.accesses[i], pointer = access_pointer(access);
    uint32_t m = node_of(&b, pointer), n = node_find(&b, m);
    LLVMTypeRef fp = b.nodes[n].fp;
    if (LLVMIsALoadInst(access) || !b.nodes[m].rooted || b.nodes[n].open)
      continue;
    bool writes_elements;
    if (LLVMIsAStoreInst(access)) {
      LLVMTypeRef stored = LLVMTypeOf(LLVMGetOperand(access, 0));
      writes_elements = LLVMGetTypeKind(stored) != LLVMArrayTypeKind &&
                        fprange_table_element(stored) == fp;
    } else if (fprange_memory_op(access) == FP_MEMORY_SET) {
      writes_elements = fprange_zeroes_elements(access, pointer, fp);
    } else {
      writes_elements = fprange_copies_elements(access, fp) &&
                        !b.nodes[node_of(&b, LLVMGetOperand(access, 1))].foreign;
    }
    if (!writes_elements)
      node_open(&b, n);
  }
  /* A class for each root that stayed closed; its members point to it. */
  size_t capacity = 0;
  uint32_t *class_of_root =
      fprange_allocate(b.count + 1, sizeof *class_of_root);
  for (size_t n = 0; n < b.count; ++n)
    class_of_root[n] = NO_NODE;
  for (size_t n = 0; n < b.count; ++n) {
    uint32_t root = node_find(&b, (uint32_t)n);
    if (b.nodes[root].open || !b.nodes[n].rooted)
      continue;
    if (class_of_root[root] == NO_NODE) {
      p->classes = fprange_grow(p->classes, &capacity, p->class_count,
                                sizeof *p->classes);
      memory_class *c = &p->classes[p->class_count];
      memset(c, 0, sizeof *c);
      c->fp = b.nodes[root].fp;
      fp_format_of_type(c->fp, &c->format);
      c->initial = fp_interval_bottom();
      c->known = fprange_range_none();
      class_of_root[root] = (uint32_t)p->class_count++;
    }
    memory_class *c = &p->classes[class_of_root[root]];
    LLVMValueRef v = b.nodes[n].value;
    if (LLVMIsAGlobalVariable(v) &&
        !fprange_table_hull(LLVMGetInitializer(v), c->format, &c->initial))
      c->initial_unknown = true;
    ptr_map_put(&p->memory_index, v,
                2 * (uint64_t)class_of_root[root] + b.nodes[n].foreign);
  }
  for (size_t i = 0; i < b.access_count; ++i) {
    LLVMValueRef access = b.accesses[i];
    uint64_t k;
    if (!ptr_map_get(&p->memory_index, access_pointer(access), &k))
      continue;
    bool load = LLVMIsALoadInst(access);
    if (load && k % 2)
      continue; /* may read memory out of view: no fact */
    k /= 2;
    if (LLVMIsACallInst(access) &&
        fprange_memory_op(access) != FP_MEMORY_SET)
      continue; /* a copy: what it writes, the class already holds */
    ptr_map_put(load ? &p->loaders : &p->storers, function_of(access), 1);
    p->classes[k].stores += !load;
  }
  free(class_of_root);
  free(b.accesses);
  free(b.nodes);
  ptr_map_free(&b.index);
}

fprange_program *fprange_program_build(LLVMModuleRef module,
                                       bool flush_denormals) {
  fprange_program *p = fprange_allocate(1, sizeof *p);
  read_program_denormal_modes(p, module, flush_denormals);
  ptr_map_init(&p->index);
  ptr_map_init(&p->memory_index);
  ptr_map_init(&p->storers);
  ptr_map_init(&p->loaders);
  size_t capacity = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f;
       f = LLVMGetNextFunction(f)) {
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
  find_memory_classes(p, module);
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
  free(p->classes);
  ptr_map_free(&p->memory_index);
  ptr_map_free(&p->storers);
  ptr_map_free(&p->loaders);
  free(p);
}

summary *summary_of(const fprange_program *p, LLVMValueRef function) {
  uint64_t i;
  if (!p || !function || !ptr_map_get(&p->index, function, &i))
    return NULL;
  return &p->summaries[i];
}

bool fprange_program_is_closed(const fprange_program *p,
                               LLVMValueRef function) {
  return summary_of(p, function) != NULL;
}

fp_flush fprange_program_flush(const fprange_program *p,
                               fp_format_id format) {
  return p ? p->flush[format] : FP_FLUSH_NONE;
}

size_t fprange_program_closed_count(const fprange_program *p) {
  return p ? p->count : 0;
}

/* The closed class whose memory `pointer` may point into, or NULL; for
 * a load (`reads`), NULL also when it may point out of view. */
static memory_class *class_of(const fprange_program *p, LLVMValueRef pointer,
                              bool reads) {
  uint64_t i;
  if (!p || !p->class_count || !ptr_map_get(&p->memory_index, pointer, &i) ||
      (reads && i % 2))
    return NULL;
  return &p->classes[i / 2];
}

/* The closed class a store or a memset of zeros writes, or NULL. Members
 * of a closed class reach no call but such memsets, lifetime markers,
 * memcpys that read them and closed functions (find_memory_classes). */
memory_class *written_class(const fprange_program *p, LLVMValueRef inst) {
  if (!p->class_count)
    return NULL;
  if (LLVMIsAStoreInst(inst))
    return class_of(p, LLVMGetOperand(inst, 1), false);
  if (fprange_memory_op(inst) != FP_MEMORY_SET)
    return NULL;
  memory_class *c = class_of(p, LLVMGetOperand(inst, 0), false);
  return c && fprange_zeroes_elements(inst, LLVMGetOperand(inst, 0), c->fp)
             ? c
             : NULL;
}

bool fprange_program_stores_memory(const fprange_program *p,
                                   LLVMValueRef function) {
  uint64_t unused;
  return p && ptr_map_get(&p->storers, function, &unused);
}

bool fprange_program_loads_memory(const fprange_program *p,
                                  LLVMValueRef function) {
  uint64_t unused;
  return p && ptr_map_get(&p->loaders, function, &unused);
}

bool fprange_program_memory_load(const fprange_program *p, LLVMValueRef load,
                                 fp_interval *out) {
  if (LLVMGetVolatile(load) ||
      LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
    return false;
  memory_class *c = class_of(p, LLVMGetOperand(load, 0), true);
  LLVMTypeRef type = LLVMTypeOf(load);
  if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
    type = LLVMGetElementType(type);
  /* Loads of other types are allowed (they write nothing) but read other
   * bytes: a double from a float's address is no float value. */
  if (!c || c->known.kind != VALUE_FP || c->fp != type)
    return false;
  *out = c->known.as.fp;
  return true;
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
