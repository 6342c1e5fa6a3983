/* The pass-plugin side of the pipeline, in C: options from the environment
 * and the shim, and in a linker what its command line says about the
 * program (link_command.h); the phases, the report. */
#include "plugin_entry.h"

#include "link_command.h"
#include "messages.h"
#include "object_symbols.h"
#include "options.h"
#include "output_file.h"
#include "pipeline.h"
#include "report.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t ltofold_plugin_option_count(void) { return ltofold_option_count; }
const char *ltofold_plugin_option_key(size_t index) {
  return ltofold_option_table[index].key;
}
const char *ltofold_plugin_option_help(size_t index) {
  return ltofold_option_table[index].help;
}

static int collect_options(ltofold_options *options, const char *const *pairs,
                           size_t pair_count) {
  char *error = NULL;
  if (ltofold_options_from_environment(options, &error)) {
    fprintf(stderr, "ltofold: error: %s\n", error);
    free(error);
    return 1;
  }
  for (size_t i = 0; i < pair_count; ++i)
    if (ltofold_options_parse_pair(options, pairs[i], &error)) {
      fprintf(stderr, "ltofold: error: -ltofold-%s: %s\n", pairs[i], error);
      free(error);
      return 1;
    }
  return 0;
}

struct ltofold_plugin_session {
  ltofold_report *report; /* owned; NULL until a run asks for a report */
};

/* The link, across the pass builders of one process: ThinLTO backends run
 * on threads, so everything here is under `lock`. */
static struct {
  pthread_mutex_t lock;
  size_t sessions;       /* pass builders that took the plugin */
  size_t runs;           /* pipelines that ran */
  size_t backends;        /* ThinLTO backends that ended with a report */
  ltofold_report **reports; /* theirs, and a full-LTO part's; owned */
  size_t report_count;
  char *report_path;
  bool finished;
  /* Whether the linker's command line has a start-up object that flushes
   * subnormals (link_command.h): -1 until a linker pipeline first asks. */
  int flushes_denormals;
  /* For the report's "build": when the first pass builder took the plugin
   * (wall clock, and ltofold_now_seconds's), and what the first run saw:
   * its module's target, its options (owned). */
  double started_wall, started;
  char *triple, *label, *settings;
} link_state = {PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, NULL, 0, NULL, false, -1,
                0, 0, NULL, NULL, NULL};

/* Whether the process, a linker, links a start-up object that makes the
 * program flush subnormals: read once, for every pipeline and ThinLTO
 * backend of the link. Without a command line to read: no. */
static bool link_flushes_denormals(void) {
  pthread_mutex_lock(&link_state.lock);
  if (link_state.flushes_denormals < 0) {
    char **arguments;
    size_t count;
    link_state.flushes_denormals =
        ltofold_link_arguments(&arguments, &count) &&
        ltofold_link_flushes_denormals(arguments, count);
    if (arguments)
      ltofold_link_arguments_free(arguments, count);
  }
  bool flushes = link_state.flushes_denormals;
  pthread_mutex_unlock(&link_state.lock);
  return flushes;
}

ltofold_plugin_session *ltofold_plugin_session_new(void) {
  ltofold_plugin_session *session = calloc(1, sizeof *session);
  if (!session)
    abort();
  pthread_mutex_lock(&link_state.lock);
  if (!link_state.sessions++) {
    link_state.started_wall = ltofold_wall_seconds();
    link_state.started = ltofold_now_seconds();
  }
  pthread_mutex_unlock(&link_state.lock);
  return session;
}

/* Keeps a finished report (a full-LTO part's, or a ThinLTO backend's) for
 * the link's; takes it over. */
static void add_to_link(ltofold_report *report, const char *path, bool backend) {
  pthread_mutex_lock(&link_state.lock);
  if (!link_state.report_path && path) {
    link_state.report_path = strdup(path);
    if (!link_state.report_path)
      abort();
  }
  link_state.reports = realloc(link_state.reports, (link_state.report_count + 1) *
                                                       sizeof *link_state.reports);
  if (!link_state.reports)
    abort();
  link_state.reports[link_state.report_count++] = report;
  link_state.backends += backend;
  pthread_mutex_unlock(&link_state.lock);
}

/* A copy of `text` (NULL stays NULL). */
static char *copy_or_null(const char *text) {
  char *copy = text ? strdup(text) : NULL;
  if (text && !copy)
    abort();
  return copy;
}

/* What the report says of the first run: its module's target, its
 * options. */
static void note_first_run(LLVMModuleRef module, const ltofold_options *options) {
  pthread_mutex_lock(&link_state.lock);
  if (!link_state.triple) {
    link_state.triple = copy_or_null(LLVMGetTarget(module));
    link_state.label = copy_or_null(options->label);
    link_state.settings = copy_or_null(options->settings);
  }
  pthread_mutex_unlock(&link_state.lock);
}

/* Records where the link's report comes from (report.h, ltofold_build):
 * lld's output and inputs (its module of a full-LTO link is ld-temp.o) from
 * its command line; in `ltofold thin-backend`, a process with no linker, a
 * distributed backend's object. `ran`: whether a pipeline ran. */
static void describe_link(ltofold_report *report, char *const *arguments,
                          size_t count, const ltofold_options *options,
                          bool ran) {
  const char *linker = ltofold_link_linker(arguments, count);
  ltofold_build build = {
      .label = link_state.label ? link_state.label : options->label,
      .output = ltofold_link_output(arguments, count),
      .linker = linker,
      .plugin = ltofold_loaded_from(),
      .lto = !ran             ? NULL
             : !linker        ? "distributed"
             : link_state.backends ? "thin"
                                   : "full",
      .options = link_state.settings ? link_state.settings : options->settings,
      .target = link_state.triple,
      .started = link_state.started_wall,
      .seconds = ltofold_now_seconds() - link_state.started,
  };
  if (linker && ran) {
    const char **inputs = ltofold_link_bitcode_inputs(arguments, count);
    ltofold_report_replace_input(report, "ld-temp.o", inputs);
    free(inputs);
  }
  ltofold_report_set_build(report, &build);
  /* The linker has written its output by now. */
  char *build_id =
      linker ? ltofold_output_build_id(build.output, link_state.started_wall)
             : NULL;
  if (build_id)
    ltofold_report_set_build_id(report, build_id);
  free(build_id);
}

/* The link's report: its parts (a full-LTO link's, the ThinLTO backends')
 * added up, or, where no pipeline ran, one that says so, so that an
 * earlier link's report is not taken for this one's; with stats, its
 * totals said once. Returns 0, or -1 after saying why it could not be
 * written. */
static int write_link_report(const ltofold_options *options) {
  bool ran = link_state.report_count > 0;
  const char *path = ran ? link_state.report_path : options->report_path;
  if (!path && !(ran && options->stats))
    return 0;
  ltofold_report *report =
      ran ? ltofold_report_combine(link_state.reports, link_state.report_count)
          : ltofold_report_new();
  if (ran && options->stats)
    ltofold_print_totals(stderr, report,
                         ltofold_now_seconds() - link_state.started);
  if (!path) {
    ltofold_report_free(report);
    return 0;
  }
  if (!ran)
    ltofold_report_set_not_run(
        report, "loaded, but no pipeline ran it (ltofold runs in full-LTO "
                "links and in ThinLTO backends, with optimization on)");
  char **arguments = NULL;
  size_t count = 0;
  ltofold_link_arguments(&arguments, &count);
  describe_link(report, arguments, count, options, ran);
  ltofold_link_arguments_free(arguments, count);
  char *error = NULL;
  int status = ltofold_report_write(report, path, &error);
  if (status) {
    fprintf(stderr, "ltofold: error: report: %s\n", error);
    free(error);
  }
  ltofold_report_free(report);
  return status;
}

int ltofold_plugin_link_finish(const char *const *pairs, size_t pair_count) {
  pthread_mutex_lock(&link_state.lock);
  int status = 0;
  if (!link_state.finished) {
    link_state.finished = true;
    bool unused = link_state.sessions && !link_state.runs;
    if (unused)
      fprintf(stderr,
              "ltofold: warning: loaded, but no pipeline ran it: nothing was "
              "folded (ltofold runs in full-LTO links and in ThinLTO "
              "backends, with optimization on)\n");
    ltofold_options options;
    ltofold_options_init(&options);
    /* Options only where there is a report to write: a run with options
     * that do not parse said so already, and wrote nothing. */
    if ((unused || link_state.report_count) &&
        !collect_options(&options, pairs, pair_count))
      status = write_link_report(&options);
    ltofold_options_free(&options);
    for (size_t i = 0; i < link_state.report_count; ++i)
      ltofold_report_free(link_state.reports[i]);
    free(link_state.reports);
    free(link_state.report_path);
    free(link_state.triple);
    free(link_state.label);
    free(link_state.settings);
    link_state.reports = NULL;
    link_state.report_count = 0;
    link_state.report_path = NULL;
    link_state.triple = link_state.label = link_state.settings = NULL;
  }
  pthread_mutex_unlock(&link_state.lock);
  return status;
}

void ltofold_plugin_session_free(ltofold_plugin_session *session) {
  if (!session)
    return;
  ltofold_report_free(session->report);
  free(session);
}

/* The phases each pipeline runs, in order (LTOFOLD_PHASE_COUNT ends). */
static const ltofold_phase *pipeline_phases(ltofold_plugin_pipeline pipeline) {
  static const ltofold_phase merge[] = {LTOFOLD_PHASE_MERGE, LTOFOLD_PHASE_COUNT};
  static const ltofold_phase fprange[] = {LTOFOLD_PHASE_FPRANGE,
                                          LTOFOLD_PHASE_COUNT};
  static const ltofold_phase canon[] = {LTOFOLD_PHASE_CANON, LTOFOLD_PHASE_COUNT};
  static const ltofold_phase all[] = {LTOFOLD_PHASE_FPRANGE, LTOFOLD_PHASE_CANON,
                                      LTOFOLD_PHASE_MERGE, LTOFOLD_PHASE_COUNT};
  static const ltofold_phase last[] = {LTOFOLD_PHASE_CANON, LTOFOLD_PHASE_MERGE,
                                       LTOFOLD_PHASE_COUNT};
  switch (pipeline) {
  case LTOFOLD_PLUGIN_MERGE:
    return merge;
  case LTOFOLD_PLUGIN_FPRANGE:
  case LTOFOLD_PLUGIN_LTO_EARLY:
  case LTOFOLD_PLUGIN_THIN_EARLY:
    return fprange;
  case LTOFOLD_PLUGIN_CANON:
    return canon;
  case LTOFOLD_PLUGIN_LTO_LAST:
  case LTOFOLD_PLUGIN_THIN_LAST:
    return last;
  default:
    return all;
  }
}

int ltofold_plugin_run(ltofold_plugin_session *session, LLVMModuleRef module,
                       ltofold_plugin_pipeline pipeline,
                       const char *const *pairs, size_t pair_count) {
  pthread_mutex_lock(&link_state.lock);
  link_state.runs++;
  pthread_mutex_unlock(&link_state.lock);
  ltofold_options options;
  ltofold_options_init(&options);
  if (collect_options(&options, pairs, pair_count)) {
    ltofold_options_free(&options);
    return 1;
  }
  /* A report that cannot be written fails the run before the work, not
   * at the end of the link, when it could only be said (and a ThinLTO
   * link's report is written at the end). */
  char *error = NULL;
  if (options.report_path && ltofold_output_check(options.report_path, &error)) {
    fprintf(stderr, "ltofold: error: report: %s\n", error);
    free(error);
    ltofold_options_free(&options);
    return 1;
  }
  note_first_run(module, &options);
  /* A pipeline named on opt's command line runs its phase. */
  if (pipeline == LTOFOLD_PLUGIN_FPRANGE)
    options.fprange = true;
  /* In a linker (lld, or a ThinLTO backend of its), the program's
   * floating-point environment is the link's: with crtfastmath.o among its
   * inputs it flushes subnormals. */
  bool in_link = pipeline == LTOFOLD_PLUGIN_LTO_EARLY ||
                 pipeline == LTOFOLD_PLUGIN_THIN_EARLY;
  if (in_link && options.fprange && !options.fprange_flush_denormals &&
      link_flushes_denormals())
    options.fprange_flush_denormals = true;
  if (pipeline == LTOFOLD_PLUGIN_CANON)
    options.canon = true;
  /* A report also for stats: the link's totals, said at its end. */
  if ((options.report_path || options.stats) && !session->report) {
    session->report = ltofold_report_new();
    size_t length;
    ltofold_report_add_input(session->report,
                             LLVMGetModuleIdentifier(module, &length));
  }
  int status = 0;
  for (const ltofold_phase *phase = pipeline_phases(pipeline);
       *phase != LTOFOLD_PHASE_COUNT && !status; ++phase)
    if (ltofold_run_phase(module, *phase, &options, session->report, &error)) {
      fprintf(stderr, "ltofold: error: %s\n", error);
      free(error);
      status = 1;
    }
  bool early = pipeline == LTOFOLD_PLUGIN_LTO_EARLY ||
               pipeline == LTOFOLD_PLUGIN_THIN_EARLY;
  if (session->report && !early) {
    /* A backend's report goes to the link's, written at the end; any other
     * is written now, and one that cannot be written fails the run, as
     * everywhere. A full-LTO report also goes to the link's, for a link
     * that has ThinLTO backends too (LLVM runs the full-LTO part first). */
    bool backend = pipeline == LTOFOLD_PLUGIN_THIN_LAST;
    if (!backend && options.report_path &&
        ltofold_report_write(session->report, options.report_path, &error)) {
      fprintf(stderr, "ltofold: error: report: %s\n", error);
      free(error);
      status = 1;
    }
    if (backend || pipeline == LTOFOLD_PLUGIN_LTO_LAST)
      add_to_link(session->report, options.report_path, backend);
    else
      ltofold_report_free(session->report);
    session->report = NULL;
  }
  ltofold_options_free(&options);
  return status;
}
