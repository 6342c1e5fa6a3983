#!/usr/bin/env python3
"""headless_browser.py WORKDIR PAGE.html DOM.html [SCREENSHOT.png]

Opens PAGE.html in headless Chromium (Debian's `chromium`) and writes the
document as it is after the page's scripts ran (--dump-dom) to DOM.html,
and, if asked, a screenshot. Chromium keeps its profile, and whatever it
writes under the home directory, inside WORKDIR: HOME and the XDG
directories point there, so a test never touches the real home directory;
its TMPDIR is a directory of its own, removed when it is done.
--no-sandbox because CI runs as root, where Chromium's sandbox refuses to
start. Exits with Chromium's status (1 after a time-out of 120 s)."""
import os
import shutil
import subprocess
import sys
import tempfile

if len(sys.argv) not in (4, 5):
    sys.exit(__doc__)
work, page, dom = (os.path.abspath(p) for p in sys.argv[1:4])
home = os.path.join(work, "home")
os.makedirs(home, exist_ok=True)
# Chromium puts a Unix socket in TMPDIR, whose path must be short (108
# bytes): a fresh directory of the system's, removed on the way out.
temporary = tempfile.mkdtemp(prefix="ltofold-chromium-")
env = dict(os.environ, HOME=home, TMPDIR=temporary,
           XDG_CONFIG_HOME=os.path.join(home, ".config"),
           XDG_CACHE_HOME=os.path.join(home, ".cache"),
           XDG_DATA_HOME=os.path.join(home, ".local", "share"))
env.pop("DISPLAY", None)
flags = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
         "--user-data-dir=" + os.path.join(work, "profile"), "--no-first-run",
         "--no-default-browser-check", "--disable-extensions",
         "--disable-background-networking", "--disable-dev-shm-usage",
         "--window-size=1280,2000"]
url = "file://" + page


def run(extra, stdout):
    try:
        return subprocess.run(flags + extra + [url], env=env, stdout=stdout,
                              stderr=subprocess.DEVNULL, timeout=120).returncode
    except subprocess.TimeoutExpired:
        sys.stderr.write("headless_browser.py: chromium did not finish in 120 s\n")
        return 1


try:
    with open(dom, "wb") as out:
        status = run(["--dump-dom"], out)
    if status == 0 and len(sys.argv) == 5:
        status = run(["--screenshot=" + os.path.abspath(sys.argv[4])], subprocess.DEVNULL)
finally:
    shutil.rmtree(temporary, ignore_errors=True)
sys.exit(status)
