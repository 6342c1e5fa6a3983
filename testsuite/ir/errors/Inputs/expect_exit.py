#!/usr/bin/env python3
"""expect_exit.py STATUS COMMAND [ARGS...]

Runs COMMAND with this process's stdin, stdout and stderr, and succeeds only
if it exits normally with exactly STATUS: a crash (a signal) or any other
status fails, with a line on stdout saying what happened. Like LLVM's `not`,
but for one exact status."""
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    how = ("killed by signal %d" % -status) if status < 0 else ("exit %d" % status)
    print("expect_exit.py: %s: %s, expected exit %d" % (sys.argv[2], how, expected))
    sys.exit(1)
