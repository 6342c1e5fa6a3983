#!/usr/bin/env python3
"""terminate_when_blocked.py FIFO COMMAND [ARGS...]

Runs COMMAND, which is expected to block opening FIFO for writing (nobody
reads it), then sends it SIGTERM once it has blocked, and succeeds only if
COMMAND died of SIGTERM."""
import os
import signal
import subprocess
import sys
import time

fifo, command = sys.argv[1], sys.argv[2:]
process = subprocess.Popen(command)
# Wait until the process is blocked in open() on the FIFO: its wchan says
# so on Linux (wait_for_partner); fall back on time.
for _ in range(200):
    try:
        with open("/proc/%d/wchan" % process.pid) as f:
            if f.read() in ("wait_for_partner", "fifo_open"):
                break
    except OSError:
        pass
    time.sleep(0.05)
process.send_signal(signal.SIGTERM)
status = process.wait()
if status != -signal.SIGTERM:
    print("terminate_when_blocked.py: %s exited with %d, expected SIGTERM" % (command[0], status))
    sys.exit(1)
