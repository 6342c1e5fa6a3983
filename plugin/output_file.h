/* Writing a file the user named, safely, in every front end.
 *
 * A regular file (or a path that does not exist yet) is written through a
 * temporary file beside it and renamed over it only once every byte was
 * written: an error never leaves half a file, and the old file stays until
 * the new one is complete. Anything else (a device such as /dev/null, a
 * FIFO, a terminal) is opened and written in place: it is never renamed
 * over, never removed. A symbolic link is followed to the file it names
 * (which may not exist yet): the target is written, the link stays a link.
 * "-" is standard output.
 *
 * Errors are one line, "NAME: cannot write: CAUSE", NAME as the caller gave
 * it ("<stdout>" for "-"). */
#ifndef LTOFOLD_OUTPUT_FILE_H
#define LTOFOLD_OUTPUT_FILE_H

#include <stddef.h>

typedef struct ltofold_output ltofold_output;

/* Opens `path` for writing (a temporary beside it, or the file itself when
 * written in place). Returns NULL with a malloc'd message in *error. */
ltofold_output *ltofold_output_open(const char *path, char **error);

/* Whether `path` can be opened for writing now, before the work that
 * makes what goes in it: its directory exists and takes files, and it is
 * not a directory. Returns 0, or -1 with the error ltofold_output_open
 * would give. */
int ltofold_output_check(const char *path, char **error);

/* Appends `size` bytes. Returns 0, or -1 with *error (the output stays
 * open: discard it). */
int ltofold_output_write(ltofold_output *output, const void *data, size_t size,
                         char **error);

/* Finishes the output: closes it and renames the temporary over the
 * target. Frees `output` in every case; after an error the temporary is
 * gone. Returns 0, or -1 with *error. */
int ltofold_output_commit(ltofold_output *output, char **error);

/* Gives up on the output: closes it and removes the temporary (a file
 * written in place is left as it is). Frees `output`; NULL does nothing. */
void ltofold_output_discard(ltofold_output *output);

/* Open, write `size` bytes, commit: the whole file, or nothing. */
int ltofold_write_file(const char *path, const void *data, size_t size,
                       char **error);

/* The whole file at `path` (malloc'd, NUL-terminated, *size bytes before
 * the NUL), or NULL with errno set. */
char *ltofold_read_file(const char *path, size_t *size);

/* Writes all of `data` to `fd`, again after a short write or an
 * interruption. Returns 0, or -1 with errno set. */
int ltofold_write_fully(int fd, const void *data, size_t size);

/* For a command-line program (never a linker, whose signals are its own):
 * SIGINT, SIGTERM and SIGHUP remove the pending temporary files before the
 * process dies of the signal; SIGPIPE and SIGXFSZ are ignored, so that a
 * closed pipe or `ulimit -f` make write fail (EPIPE, EFBIG) and the error is
 * reported like any other, but for standard output: there a reader that
 * stopped reading (`| head`) is no error, and the process ends quietly as
 * SIGPIPE ends it (ltofold_stdout_failed). */
void ltofold_output_handle_signals(void);

/* After a write to standard output failed with `error_number`: returns
 * for any error but EPIPE; for EPIPE ends the process quietly, of SIGPIPE,
 * as a program that does not catch it ends. */
void ltofold_stdout_failed(int error_number);

/* Flushes standard output at the end of a command: 0, or `error_status`
 * with an error line "PROGRAM: error: <stdout>: cannot write: CAUSE" (a
 * full disk); a closed pipe ends the process quietly. */
int ltofold_stdout_finish(const char *program, int error_status);

#endif
