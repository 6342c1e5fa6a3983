/* Writing the files ltofold produces: outputs, reports, save-temps.
 *
 * Why not open(path, O_TRUNC) and write: an error half-way would leave half
 * a file that looks like a result. Why not always "write PATH.tmp, rename
 * over PATH" either: as root, renaming over /dev/null replaces the device
 * with a regular file, and every program on the machine then writes into
 * that file. So what the path names decides how it is written:
 *
 *   - symbolic link:       followed, link by link, to the file it names
 *                          (existing or not); that file is what is written,
 *                          and the link stays a link; but not past /proc,
 *                          whose links (/dev/stdout is /proc/self/fd/1) name
 *                          open files, pipes and sockets the path cannot:
 *                          such a link is opened and written in place;
 *   - regular file, or     written through a temporary file in the same
 *     nothing yet:         directory (so the rename is atomic), renamed over
 *                          the target only after every byte was written and
 *                          the file closed without error;
 *   - directory:           an error (EISDIR);
 *   - anything else        opened and written in place (a device, a FIFO, a
 *     (device, FIFO...):   terminal): never renamed over, never removed;
 *   - "-":                 standard output, in place.
 *
 * A command-line program also calls ltofold_output_handle_signals, so that
 * an interrupted run removes its temporaries (the list of pending ones is
 * the one piece of global state here: a signal handler has nothing else to
 * look at). Linkers keep their own signal handling; there the temporary
 * exists only for the moment it takes to write it. */
#include "output_file.h"

#include "messages.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ltofold_output {
  char *name;      /* owned: as the caller named it, for messages */
  char *target;    /* owned: the file written (symbolic links followed) */
  char *temporary; /* owned: the temporary beside target, or NULL when the
                      target is written in place */
  int fd;
  int pending_slot; /* index in pending_temporaries, or -1 */
};

/* ---------------------------------------------------------------------------
 * Temporaries to remove on a signal (only once handle_signals was called). */

enum { PENDING_SLOTS = 4 };

static volatile sig_atomic_t signals_handled;
static volatile sig_atomic_t pending_used[PENDING_SLOTS];
static char pending_paths[PENDING_SLOTS][PATH_MAX];

static int remember_pending(const char *path) {
  if (!signals_handled || strlen(path) >= PATH_MAX)
    return -1;
  for (int i = 0; i < PENDING_SLOTS; ++i)
    if (!pending_used[i]) {
      strcpy(pending_paths[i], path);
      pending_used[i] = 1; /* after the path: the handler reads it then */
      return i;
    }
  return -1;
}

static void forget_pending(int slot) {
  if (slot >= 0)
    pending_used[slot] = 0;
}

static void remove_pending_and_die(int signal_number) {
  for (int i = 0; i < PENDING_SLOTS; ++i)
    if (pending_used[i])
      unlink(pending_paths[i]);
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void ltofold_output_handle_signals(void) {
  signals_handled = 1;
  static const int fatal[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof fatal / sizeof *fatal; ++i) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_pending_and_die;
    sigemptyset(&action.sa_mask);
    sigaction(fatal[i], &action, NULL);
  }
  signal(SIGPIPE, SIG_IGN);
  signal(SIGXFSZ, SIG_IGN);
}

/* ---------------------------------------------------------------------------
 * Finding the file to write. */

static char *cannot_write(const char *name, int error_number) {
  return ltofold_format("%s: cannot write: %s", name, strerror(error_number));
}

/* The contents of the symbolic link at `path` (malloc'd), or NULL. */
static char *read_link(const char *path) {
  for (size_t size = 256;; size *= 2) {
    char *text = malloc(size);
    if (!text)
      abort();
    ssize_t length = readlink(path, text, size);
    if (length < 0) {
      free(text);
      return NULL;
    }
    if ((size_t)length < size) {
      text[length] = '\0';
      return text;
    }
    free(text);
  }
}

/* What a link at `path` pointing to `link` names: `link` itself when it is
 * absolute, else `link` in the directory of `path`. */
static char *beside(const char *path, const char *link) {
  const char *slash = strrchr(path, '/');
  if (link[0] == '/' || !slash)
    return ltofold_format("%s", link);
  return ltofold_format("%.*s/%s", (int)(slash - path + 1), path, link);
}

/* Whether `path` is under /proc: a link there is the kernel's view of an
 * open file ("pipe:[12]" for a pipe), written through, never beside. */
static bool in_proc(const char *path) {
  return !strncmp(path, "/proc/", 6);
}

/* `path` with its symbolic links followed to the last one's target, which
 * may not exist (realpath(3) does the same for an existing file, but fails
 * on a dangling link). Returns NULL with errno set. */
static char *follow_links(const char *path) {
  char *current = ltofold_format("%s", path);
  for (int depth = 0; depth < 40; ++depth) {
    struct stat status;
    if (lstat(current, &status) != 0 || !S_ISLNK(status.st_mode) ||
        in_proc(current))
      return current;
    char *link = read_link(current);
    if (!link) {
      int saved = errno;
      free(current);
      errno = saved;
      return NULL;
    }
    char *next = beside(current, link);
    free(link);
    free(current);
    current = next;
  }
  free(current);
  errno = ELOOP;
  return NULL;
}

/* ---------------------------------------------------------------------------
 * Opening, writing, committing. */

/* Creates a new temporary beside `target`: TARGET.tmp.PID.N, created
 * exclusively (never an existing file), with the permissions a new file
 * gets. */
static int create_temporary(ltofold_output *output) {
  for (unsigned attempt = 0; attempt < 100; ++attempt) {
    char *path = ltofold_format("%s.tmp.%ld.%u", output->target, (long)getpid(),
                                attempt);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      output->temporary = path;
      output->pending_slot = remember_pending(path);
      return fd;
    }
    free(path);
    if (errno != EEXIST)
      return -1;
  }
  return -1;
}

static void output_free(ltofold_output *output) {
  forget_pending(output->pending_slot);
  free(output->name);
  free(output->target);
  free(output->temporary);
  free(output);
}

ltofold_output *ltofold_output_open(const char *path, char **error) {
  ltofold_output *output = calloc(1, sizeof *output);
  if (!output)
    abort();
  output->pending_slot = -1;
  if (!strcmp(path, "-")) {
    output->name = ltofold_format("<stdout>");
    output->fd = STDOUT_FILENO;
    return output;
  }
  output->name = ltofold_format("%s", path);
  output->target = follow_links(path);
  struct stat status;
  int fd = -1;
  if (!output->target) {
    fd = -1;
  } else if (stat(output->target, &status) != 0) {
    fd = errno == ENOENT ? create_temporary(output) : -1;
  } else if (S_ISDIR(status.st_mode)) {
    errno = EISDIR;
  } else if (S_ISREG(status.st_mode) && !in_proc(output->target)) {
    fd = create_temporary(output);
  } else {
    fd = open(output->target, O_WRONLY | O_NOCTTY | O_CLOEXEC |
                                  (S_ISREG(status.st_mode) ? O_TRUNC : 0));
  }
  if (fd < 0) {
    *error = cannot_write(path, errno);
    output_free(output);
    return NULL;
  }
  output->fd = fd;
  return output;
}

/* 0 if the directory of `path` exists and takes new files, or an errno. */
static int directory_takes_files(const char *path) {
  const char *slash = strrchr(path, '/');
  char *directory = slash ? ltofold_format("%.*s", (int)(slash - path) + 1, path)
                          : ltofold_format(".");
  struct stat status;
  int failed = 0;
  if (stat(directory, &status) != 0)
    failed = errno;
  else if (!S_ISDIR(status.st_mode))
    failed = ENOTDIR;
  else if (access(directory, W_OK | X_OK) != 0)
    failed = errno;
  free(directory);
  return failed;
}

int ltofold_output_check(const char *path, char **error) {
  if (!strcmp(path, "-"))
    return 0;
  char *target = follow_links(path);
  struct stat status;
  int failed;
  if (!target)
    failed = errno;
  else if (stat(target, &status) != 0 ||
           (S_ISREG(status.st_mode) && !in_proc(target)))
    failed = directory_takes_files(target); /* through a temporary beside it */
  else if (S_ISDIR(status.st_mode))
    failed = EISDIR;
  else
    failed = access(target, W_OK) == 0 ? 0 : errno; /* written in place */
  free(target);
  if (!failed)
    return 0;
  *error = cannot_write(path, failed);
  return -1;
}

int ltofold_write_fully(int fd, const void *data, size_t size) {
  const char *bytes = data;
  while (size) {
    ssize_t written = write(fd, bytes, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0) {
      if (written == 0)
        errno = EIO;
      return -1;
    }
    bytes += written;
    size -= (size_t)written;
  }
  return 0;
}

int ltofold_output_write(ltofold_output *output, const void *data, size_t size,
                         char **error) {
  if (ltofold_write_fully(output->fd, data, size) == 0)
    return 0;
  int failed = errno;
  if (output->fd == STDOUT_FILENO)
    ltofold_stdout_failed(failed);
  *error = cannot_write(output->name, failed);
  return -1;
}

void ltofold_stdout_failed(int error_number) {
  if (error_number != EPIPE)
    return;
  signal(SIGPIPE, SIG_DFL);
  raise(SIGPIPE);
}

int ltofold_stdout_finish(const char *program, int error_status) {
  if (fflush(stdout) == 0 && !ferror(stdout))
    return 0;
  int failed = errno;
  ltofold_stdout_failed(failed);
  fprintf(stderr, "%s: error: <stdout>: cannot write: %s\n", program,
          strerror(failed));
  return error_status;
}

/* Closes the file unless it is standard output. Returns 0 or an errno. */
static int close_output(ltofold_output *output) {
  if (output->fd == STDOUT_FILENO)
    return 0;
  int failed = close(output->fd) != 0 ? errno : 0;
  output->fd = -1;
  return failed;
}

int ltofold_output_commit(ltofold_output *output, char **error) {
  int failed = close_output(output);
  if (!failed && output->temporary &&
      rename(output->temporary, output->target) != 0)
    failed = errno;
  if (failed) {
    *error = cannot_write(output->name, failed);
    if (output->temporary)
      unlink(output->temporary);
  }
  output_free(output);
  return failed ? -1 : 0;
}

void ltofold_output_discard(ltofold_output *output) {
  if (!output)
    return;
  close_output(output);
  if (output->temporary)
    unlink(output->temporary);
  output_free(output);
}

int ltofold_write_file(const char *path, const void *data, size_t size,
                       char **error) {
  ltofold_output *output = ltofold_output_open(path, error);
  if (!output)
    return -1;
  if (ltofold_output_write(output, data, size, error)) {
    ltofold_output_discard(output);
    return -1;
  }
  return ltofold_output_commit(output, error);
}

char *ltofold_read_file(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *text = NULL;
  *size = 0;
  FILE *memory = open_memstream(&text, size);
  if (!memory)
    abort();
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, file)) > 0)
    fwrite(chunk, 1, n, memory);
  int failed = ferror(file);
  int cause = errno;
  fclose(file);
  fclose(memory);
  if (failed) {
    free(text);
    errno = cause;
    return NULL;
  }
  return text;
}
