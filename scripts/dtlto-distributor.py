#!/usr/bin/env python3
"""A distributor for lld's integrated distributed ThinLTO (DTLTO) that runs
the backend compiles as separate processes, N at a time, as a pool of
remote machines would, and adds up ltofold's reports of one link.

lld hands the distributor a JSON file (--thinlto-distributor=python3
--thinlto-distributor-arg=THIS_SCRIPT): common.args, the compiler command
every job shares, and per job its own args, inputs and outputs. This script
runs common.args + job.args for every job, in its own process and working
directory (lld's), at most N at once, and fails when any fails. With ltofold
as the remote compiler (--thinlto-remote-compiler=ltofold, then
--thinlto-remote-compiler-prepend-arg=thin-backend, ... --, the real
compiler: docs/plugin.md), each job is `ltofold thin-backend`; when its
options name a report per object (--report=%o.json), --report FILE combines
those of the link into FILE (`ltofold report combine`) and removes them.

Usage (as lld runs it; the JSON file comes last):
    dtlto-distributor.py [-j N] [--report FILE] JOBS.json
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def report_pattern(common_args):
    """The per-object report of `ltofold thin-backend` in the common args
    (--report=PATTERN or --report PATTERN before '--'), or None."""
    if len(common_args) < 2 or common_args[1] != "thin-backend":
        return None
    args = common_args[2:common_args.index("--")] if "--" in common_args else []
    for i, a in enumerate(args):
        if a.startswith("--report="):
            return a[len("--report="):]
        if a == "--report" and i + 1 < len(args):
            return args[i + 1]
    return None


def run_job(command):
    """Runs one backend compile; returns (status, command, output)."""
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return done.returncode, command, done.stdout.decode(errors="replace")


def main(argv):
    parser = argparse.ArgumentParser(
        description="Runs lld's DTLTO backend jobs as separate processes.")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="jobs at once (default: the machine's cores)")
    parser.add_argument("--report",
                        help="combine the jobs' ltofold reports into this file")
    parser.add_argument("json", help="the job description lld wrote")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs wants a positive number")
    with open(args.json) as f:
        data = json.load(f)
    common = data["common"]["args"]
    jobs = data["jobs"]
    failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for status, command, output in pool.map(run_job, [common + j["args"] for j in jobs]):
            sys.stdout.write(output)
            if status:
                failed += 1
                sys.stderr.write("dtlto-distributor.py: job failed (exit %d): %s\n"
                                 % (status, " ".join(command)))
    if failed:
        return 1
    pattern = report_pattern(common)
    if args.report and pattern:
        reports = [pattern.replace("%o", j["outputs"][0]) for j in jobs]
        status = subprocess.run([common[0], "report", "combine"] + reports
                                + ["-o", args.report]).returncode
        if status:
            return 1
        for r in reports:
            os.unlink(r)
    elif args.report:
        sys.stderr.write("dtlto-distributor.py: --report, but the jobs write no "
                         "report per object (ltofold thin-backend --report=%o.json)\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
