#!/usr/bin/env python3
"""closed_pipe.py COMMAND [ARGS...]

Runs COMMAND with its standard output into a pipe whose reader takes the
first bytes and closes it (as `| head` does), and succeeds only if COMMAND
then ends quietly: killed by SIGPIPE, or exit 0 if it wrote all before the
close, with nothing on standard error. COMMAND must print more than a pipe
holds (64 KiB) for the close to reach it."""
import signal
import subprocess
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
process.stdout.read(16)
process.stdout.close()
errors = process.stderr.read()
status = process.wait()
if status not in (0, -signal.SIGPIPE) or errors:
    print("closed_pipe.py: %s: status %d, standard error: %r"
          % (sys.argv[1], status, errors[:400]))
    sys.exit(1)
