/* all_symbols_read, second half: the whole-program pipeline (fprange,
 * LLVM's LTO optimization, canon, merge, global DCE) on the linked module,
 * and its code generation: one object, or one per partition, generated on
 * several threads. */
#include "cache_dir.h"
#include "gold.h"
#include "llvm_settings.h"
#include "messages.h"
#include "output_file.h"
#include "pipeline.h"
#include "split_module.h"
#include "target_machine.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* save-temps: OUTPUT.ltofold.N.STEP.bc next to the output. Returns false
 * after saying why it could not be written. */
static bool save_step(LLVMModuleRef module, int number, const char *step) {
  if (!the_plugin.options.save_temps)
    return true;
  char *path = ltofold_format("%s.ltofold.%d.%s.bc", the_plugin.output_name,
                              number, step);
  bool saved = write_bitcode(module, path, "save-temps");
  free(path);
  return saved;
}

/* The target machine for the module's triple, with the relocation model
 * the output kind needs, the CPU from mcpu= and the features from mattr=
 * (checked: an unknown CPU or feature is an error). NULL after saying
 * why. */
LLVMTargetMachineRef create_target_machine(LLVMModuleRef module) {
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  /* An executable's code is not moved at load time; a PIE, a shared
   * library or a relocatable object may be. */
  LLVMRelocMode relocation =
      the_plugin.output_kind == LDPO_EXEC  ? LLVMRelocStatic
      : the_plugin.output_kind == LDPO_REL ? LLVMRelocDefault
                                           : LLVMRelocPIC;
  char *triple = ltofold_module_triple(module);
  char *error = NULL;
  LLVMTargetMachineRef machine = ltofold_create_target_machine_with_features(
      triple, the_plugin.options.cpu, the_plugin.options.features,
      levels[the_plugin.options.opt_level], relocation, &error);
  if (!machine) {
    say(LDPL_ERROR, "%s", error);
    free(error);
  }
  free(triple);
  return machine;
}

/* Moves the entries of llvm.global_ctors and llvm.global_dtors into
 * .init_array and .fini_array sections (".init_array.PRIORITY" for a
 * priority other than the default 65535). Clang does this through a target
 * option that LLVM-C cannot set; left to its defaults, LLVM puts them in the
 * old .ctors/.dtors sections, which mold never runs. Each entry becomes a
 * private pointer in its section, in list order; the linkers sort the
 * sections by priority. */
static void move_to_section(LLVMModuleRef module, const char *list_name,
                            const char *section_base) {
  LLVMValueRef list = LLVMGetNamedGlobal(module, list_name);
  if (!list || !LLVMGetInitializer(list))
    return;
  LLVMValueRef entries = LLVMGetInitializer(list);
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef pointer = LLVMPointerTypeInContext(context, 0);
  unsigned count = LLVMGetArrayLength2(LLVMTypeOf(entries));
  for (unsigned i = 0; i < count; ++i) {
    LLVMValueRef entry = LLVMGetAggregateElement(entries, i);
    LLVMValueRef priority = entry ? LLVMGetAggregateElement(entry, 0) : NULL;
    LLVMValueRef function = entry ? LLVMGetAggregateElement(entry, 1) : NULL;
    if (!priority || !function || LLVMIsNull(function))
      continue;
    unsigned long long level = LLVMConstIntGetZExtValue(priority);
    char *section = level == 65535
                        ? ltofold_format("%s", section_base)
                        : ltofold_format("%s.%llu", section_base, level);
    LLVMValueRef slot = LLVMAddGlobal(module, pointer, "");
    LLVMSetLinkage(slot, LLVMPrivateLinkage);
    LLVMSetInitializer(slot, function);
    LLVMSetSection(slot, section);
    LLVMSetAlignment(slot, (unsigned)LLVMABISizeOfType(
                               LLVMGetModuleDataLayout(module), pointer));
    free(section);
  }
  LLVMDeleteGlobal(list);
}

static void use_init_array(LLVMModuleRef module) {
  move_to_section(module, "llvm.global_ctors", ".init_array");
  move_to_section(module, "llvm.global_dtors", ".fini_array");
}

/* The whole-program pipeline (DESIGN.md), step by step; with save-temps the
 * module is kept after each, as OUTPUT.ltofold.N.NAME.bc. */
static const char *const step_names[] = {"input", "fprange", "lto",
                                         "canon", "merge",   "final"};
enum { STEP_COUNT = sizeof step_names / sizeof *step_names };

/* LLVM's LTO pipeline with sample-profile= or cs-profile-path=, which
 * LLVM-C's pass runner cannot take (llvm_settings.h). A profile LLVM cannot
 * read is an error it reports through the context. */
static int run_lto_with_profile(LLVMModuleRef module,
                                LLVMTargetMachineRef machine,
                                ltofold_report *report, char **error) {
  const ltofold_options *options = &the_plugin.options;
  double start = ltofold_now_seconds();
  if (ltofold_run_lto_with_profile(
          module, machine, (unsigned)options->opt_level,
          options->sample_profile, options->cs_profile_path, error))
    return -1;
  if (the_plugin.diagnostics.first_error) {
    *error = ltofold_format("LTO optimization: %s",
                            the_plugin.diagnostics.first_error);
    return -1;
  }
  if (report)
    ltofold_report_add_phase(report, "lto", ltofold_now_seconds() - start);
  char *message = NULL;
  if (options->verify &&
      LLVMVerifyModule(module, LLVMReturnStatusAction, &message)) {
    *error = ltofold_format("module does not verify after lto: %s", message);
    LLVMDisposeMessage(message);
    return -1;
  }
  LLVMDisposeMessage(message);
  return 0;
}

/* Runs step `step` (0, the input, does nothing). Returns nonzero with
 * *error. */
static int run_step(int step, LLVMModuleRef module,
                    LLVMTargetMachineRef machine, bool optimized,
                    ltofold_report *report, char **error) {
  const ltofold_options *options = &the_plugin.options;
  switch (step) {
  case 1:
    return ltofold_run_phase(module, LTOFOLD_PHASE_FPRANGE, options, report,
                             error);
  case 2: {
    if (optimized)
      return 0;
    if (options->sample_profile || options->cs_profile_path)
      return run_lto_with_profile(module, machine, report, error);
    char *lto = ltofold_format("lto<O%d>", options->opt_level);
    int failed = ltofold_run_llvm_passes(module, "lto", lto, machine, options,
                                         report, error);
    free(lto);
    return failed;
  }
  case 3:
    return ltofold_run_phase(module, LTOFOLD_PHASE_CANON, options, report,
                             error);
  case 4:
    return ltofold_run_phase(module, LTOFOLD_PHASE_MERGE, options, report,
                             error);
  case 5:
    return ltofold_run_llvm_passes(module, "globaldce", "globaldce", machine,
                                   options, report, error);
  default:
    return 0;
  }
}

enum ld_plugin_status run_pipeline(LLVMModuleRef module,
                                   LLVMTargetMachineRef machine, bool optimized,
                                   ltofold_report *report) {
  for (int step = 0; step < STEP_COUNT; ++step) {
    char *error = NULL;
    if (run_step(step, module, machine, optimized, report, &error)) {
      say(LDPL_ERROR, "%s", error);
      free(error);
      return LDPS_ERR;
    }
    if (!save_step(module, step, step_names[step]))
      return LDPS_ERR;
  }
  if (the_plugin.options.also_emit_llvm &&
      !write_bitcode(module, the_plugin.options.also_emit_llvm,
                     "also-emit-llvm"))
    return LDPS_ERR;
  return LDPS_OK;
}

bool write_bitcode(LLVMModuleRef module, const char *path, const char *option) {
  LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
  char *error = NULL;
  bool written = ltofold_write_file(path, LLVMGetBufferStart(bitcode),
                                    LLVMGetBufferSize(bitcode), &error) == 0;
  if (!written) {
    say(LDPL_ERROR, "%s: %s", option, error);
    free(error);
  }
  LLVMDisposeMemoryBuffer(bitcode);
  return written;
}

/* ---------------------------------------------------------------------------
 * Code generation, in partitions.
 *
 * With one partition (lto-partitions=1, a program below the default's
 * size, or asm that keeps the module whole) the module's object is
 * generated here, on the linker's thread. With N the module is cut into N
 * parts (split_module.h: locals become hidden globals, so that a part may
 * hold a local whose users are in another; those the linker knows, because
 * they were internalized here, under their own name, the others renamed
 * NAME.ltofold to keep clear of the link's other symbols), each part is
 * written to bitcode and dropped, and `jobs` threads each take the next
 * part, read it into a context of their own and generate its object with a
 * target machine of their own. The threads start before the cut and take
 * each part as soon as it is written, as LLVM's own parallel code
 * generation does: cutting (a copy of the module's declarations per part)
 * and writing then overlap with code generation, at the price of the
 * module and jobs - 1 parts' contexts being in memory together; the
 * linker's thread joins them once the module is gone. The machines are
 * made beforehand on the linker's thread: making one may write to stderr,
 * which target_machine.c captures, and threads must not. No thread touches
 * the_plugin; each writes only the fields of the partition it took. The
 * objects come back in part order, whichever thread made them, so the
 * output depends on N, never on jobs.
 *
 * A module with module-level asm, or an asm statement naming a local, is
 * not cut (asm_keeps_whole). */

/* The suffix of a local made global for partitions (split_module.h). */
const char *const partition_local_suffix = ".ltofold";

typedef struct partition {
  LLVMMemoryBufferRef bitcode; /* owned; freed by the thread that takes it */
  char *dwo_path;              /* owned: dwo_dir's file for it, or NULL */
  LLVMMemoryBufferRef object;  /* out: owned, then the caller's */
  char *error;                 /* out: malloc'd, or NULL */
} partition;

/* What the threads share: the parts, how many are written, and which one
 * is next. */
typedef struct partition_queue {
  partition *parts;
  unsigned count;
  bool assembly; /* emit-asm: assembly, not objects */
  pthread_mutex_t lock;
  pthread_cond_t written_more; /* signalled when `written` grows */
  unsigned written;            /* guarded by lock: parts ready to take */
  unsigned next;               /* guarded by lock: the next part to take */
} partition_queue;

typedef struct codegen_thread {
  partition_queue *queue;
  LLVMTargetMachineRef machine; /* this thread's alone */
  pthread_t thread;
  bool started;
} codegen_thread;

/* The object of one part, in a context of its own. */
static void generate_partition(partition *part, LLVMTargetMachineRef machine,
                               bool assembly) {
  LLVMContextRef context = LLVMContextCreate();
  ltofold_diagnostics diagnostics;
  ltofold_diagnostics_begin(&diagnostics, context);
  LLVMModuleRef module = NULL;
  char *message = NULL;
  if (LLVMParseBitcodeInContext2(context, part->bitcode, &module)) {
    part->error = ltofold_format("cannot read a partition back");
  } else {
    use_init_array(module);
    if (ltofold_emit(machine, module, assembly, part->dwo_path, &part->object,
                     &message))
      part->error = message;
  }
  char *reported = ltofold_diagnostics_end(&diagnostics);
  if (!part->error && reported)
    part->error = reported;
  else
    free(reported);
  if (module)
    LLVMDisposeModule(module);
  LLVMContextDispose(context);
  LLVMDisposeMemoryBuffer(part->bitcode);
  part->bitcode = NULL;
}

/* Takes parts until none is left, waiting for the cut to write the next.
 * Once the cut is over `written` is `count`, so no thread waits forever,
 * even for a part the cut did not write (an error, not an empty object). */
static void *run_codegen_thread(void *data) {
  codegen_thread *self = data;
  partition_queue *queue = self->queue;
  for (;;) {
    pthread_mutex_lock(&queue->lock);
    while (queue->next == queue->written && queue->written < queue->count)
      pthread_cond_wait(&queue->written_more, &queue->lock);
    unsigned index = queue->next < queue->count ? queue->next++ : queue->count;
    pthread_mutex_unlock(&queue->lock);
    if (index == queue->count)
      return NULL;
    if (queue->parts[index].bitcode)
      generate_partition(&queue->parts[index], self->machine, queue->assembly);
    else
      queue->parts[index].error = ltofold_format("the cut did not write it");
  }
}

/* Makes parts up to `written` available to the threads. */
static void publish_written(partition_queue *queue, unsigned written) {
  pthread_mutex_lock(&queue->lock);
  queue->written = written;
  pthread_cond_broadcast(&queue->written_more);
  pthread_mutex_unlock(&queue->lock);
}

/* SplitModule gives every part a declaration of every global of the
 * program; those the part does not use are dropped before it is written,
 * so that a thread reads back only what its code generation needs. */
static void drop_unused_declarations(LLVMModuleRef part) {
  for (LLVMValueRef f = LLVMGetFirstFunction(part); f;) {
    LLVMValueRef next = LLVMGetNextFunction(f);
    if (LLVMIsDeclaration(f) && !LLVMGetFirstUse(f))
      LLVMDeleteFunction(f);
    f = next;
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(part); g;) {
    LLVMValueRef next = LLVMGetNextGlobal(g);
    if (LLVMIsDeclaration(g) && !LLVMGetFirstUse(g))
      LLVMDeleteGlobal(g);
    g = next;
  }
}

static int keep_partition(LLVMModuleRef part, unsigned index, void *data) {
  partition_queue *queue = data;
  drop_unused_declarations(part);
  queue->parts[index].bitcode = LLVMWriteBitcodeToMemoryBuffer(part);
  publish_written(queue, index + 1);
  return 0;
}

/* Whether `name` is a local that cutting would rename. */
static bool names_renamed_local(const char *name, void *data) {
  LLVMModuleRef module = data;
  LLVMValueRef global = LLVMGetNamedFunction(module, name);
  if (!global)
    global = LLVMGetNamedGlobal(module, name);
  if (!global)
    global = LLVMGetNamedGlobalAlias(module, name, strlen(name));
  return global && is_local(LLVMGetLinkage(global)) &&
         !is_internalized(name, NULL);
}

/* Whether asm keeps the module whole: module-level asm (SplitModule keeps it
 * in the first part only, and it may define or use anything), or an asm
 * statement whose text names a local that cutting would rename (asm text is
 * not rewritten; an identifier that names no local, like the `int3` of
 * googletest's breakpoint, is harmless). */
static bool asm_keeps_whole(LLVMModuleRef module) {
  size_t length = 0;
  LLVMGetModuleInlineAsm(module, &length);
  if (length)
    return true;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i) && !LLVMIsACallBrInst(i) && !LLVMIsAInvokeInst(i))
          continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        if (!LLVMIsAInlineAsm(callee))
          continue;
        const char *text = LLVMGetInlineAsmAsmString(callee, &length);
        if (find_asm_identifier(text, length, names_renamed_local, module))
          return true;
      }
  return false;
}

/* lto-partitions= by default: one per this many instructions, at most
 * max_default_partitions. It depends on the program only, not on the
 * machine, so that the same link gives the same bytes everywhere; below it
 * a module is too small for a second thread to pay for cutting it. */
static const size_t instructions_per_partition = 50000;
static const unsigned max_default_partitions = 8;

static unsigned default_partitions(LLVMModuleRef module) {
  size_t instructions = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(module); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        ++instructions;
  size_t parts = instructions / instructions_per_partition;
  if (parts < 1)
    return 1;
  return parts > max_default_partitions ? max_default_partitions : (unsigned)parts;
}

unsigned codegen_jobs(void) {
  if (the_plugin.options.jobs)
    return the_plugin.options.jobs;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  return cores > 1 ? (cores > 1024 ? 1024 : (unsigned)cores) : 1;
}

/* dwo_dir=: DIR/N.dwo for object N, as LLVM's LTO names them (malloc'd),
 * or NULL without dwo_dir. */
static char *dwo_path(unsigned index) {
  if (!the_plugin.options.dwo_dir)
    return NULL;
  return ltofold_format("%s/%u.dwo", the_plugin.options.dwo_dir, index);
}

/* Creates dwo_dir where missing, as LLVM's LTO does. */
static bool make_dwo_dir(void) {
  char *error = NULL;
  if (!the_plugin.options.dwo_dir ||
      !ltofold_cache_create(the_plugin.options.dwo_dir, &error))
    return true;
  say(LDPL_ERROR, "dwo_dir: %s", error);
  free(error);
  return false;
}

/* The one object of the whole module, on this thread. */
static enum ld_plugin_status generate_whole(LLVMModuleRef module,
                                            LLVMTargetMachineRef machine,
                                            LLVMMemoryBufferRef *object) {
  use_init_array(module);
  char *message = NULL;
  char *dwo = dwo_path(0);
  bool failed = ltofold_emit(machine, module, the_plugin.options.emit_asm, dwo,
                             object, &message) != 0;
  free(dwo);
  const char *reported = the_plugin.diagnostics.first_error;
  if (failed || reported) {
    say(LDPL_ERROR, "code generation failed: %s", failed ? message : reported);
    free(message);
    if (*object)
      LLVMDisposeMemoryBuffer(*object);
    *object = NULL;
    return LDPS_ERR;
  }
  return LDPS_OK;
}

enum ld_plugin_status generate_objects(LLVMModuleRef module,
                                       LLVMTargetMachineRef machine,
                                       LLVMMemoryBufferRef **objects,
                                       unsigned *count) {
  unsigned jobs = codegen_jobs();
  unsigned wanted = the_plugin.options.partitions ? the_plugin.options.partitions
                                                 : default_partitions(module);
  *count = wanted > 1 && !asm_keeps_whole(module) &&
                   ltofold_module_can_split(module)
               ? wanted
               : 1;
  *objects = calloc(*count, sizeof **objects);
  if (!*objects)
    abort();
  if (!make_dwo_dir()) {
    LLVMDisposeModule(module);
    return LDPS_ERR;
  }
  if (*count == 1) {
    enum ld_plugin_status status = generate_whole(module, machine, &(*objects)[0]);
    LLVMDisposeModule(module);
    return status;
  }

  partition_queue queue = {calloc(*count, sizeof *queue.parts),
                           *count,
                           the_plugin.options.emit_asm,
                           PTHREAD_MUTEX_INITIALIZER,
                           PTHREAD_COND_INITIALIZER,
                           0,
                           0};
  if (!queue.parts)
    abort();
  for (unsigned i = 0; i < *count; ++i)
    queue.parts[i].dwo_path = dwo_path(i);
  unsigned thread_count = jobs < *count ? jobs : *count;
  codegen_thread *threads = calloc(thread_count, sizeof *threads);
  if (!threads)
    abort();
  enum ld_plugin_status status = LDPS_OK;
  for (unsigned t = 0; t < thread_count && status == LDPS_OK; ++t) {
    threads[t] = (codegen_thread){&queue, create_target_machine(module), 0, false};
    if (!threads[t].machine)
      status = LDPS_ERR;
  }
  /* The other threads start now and take the parts as the cut writes
   * them; a thread that cannot start leaves its share to the others. The
   * linker's thread cuts, drops the module, and works too. */
  for (unsigned t = 1; t < thread_count && status == LDPS_OK; ++t)
    threads[t].started =
        !pthread_create(&threads[t].thread, NULL, run_codegen_thread, &threads[t]);
  if (status == LDPS_OK)
    ltofold_split_module(module, *count, partition_local_suffix, is_internalized,
                         NULL, keep_partition, &queue);
  publish_written(&queue, *count); /* all, or the threads stop */
  LLVMDisposeModule(module);
  if (status == LDPS_OK)
    run_codegen_thread(&threads[0]);
  for (unsigned t = 0; t < thread_count; ++t) {
    if (threads[t].started)
      pthread_join(threads[t].thread, NULL);
    if (threads[t].machine)
      LLVMDisposeTargetMachine(threads[t].machine);
  }
  free(threads);
  for (unsigned i = 0; i < *count; ++i) {
    partition *part = &queue.parts[i];
    if (part->error && status == LDPS_OK)
      say(LDPL_ERROR, "code generation failed (partition %u of %u): %s", i + 1,
          *count, part->error);
    if (part->error || status != LDPS_OK)
      status = LDPS_ERR;
    free(part->error);
    free(part->dwo_path);
    if (part->bitcode)
      LLVMDisposeMemoryBuffer(part->bitcode);
    (*objects)[i] = part->object;
  }
  free(queue.parts);
  pthread_cond_destroy(&queue.written_more);
  pthread_mutex_destroy(&queue.lock);
  return status;
}
