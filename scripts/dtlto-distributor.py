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

--whole-program lets merge fold across all the modules of the link, which
no backend sees alone: every job runs in two halves, with one step between
them that sees the whole program (docs/plugin.md):
  1. each job optimizes its module and stops (thin-backend --emit-optimized,
     --merge=false), in parallel;
  2. `ltofold thin-merge` links the optimized modules, merges across them
     and cuts the result into one part per job, on this machine;
  3. each job generates its object from its part (thin-backend
     --from-optimized), in parallel.
The intermediate files live in a temporary directory beside the first
job's output, removed at the end.

Usage (as lld runs it; the JSON file comes last):
    dtlto-distributor.py [-j N] [--report FILE] [--whole-program] JOBS.json
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
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


def without_report(options):
    """ltofold's options less --report=FILE / --report FILE."""
    kept, skip = [], False
    for i, a in enumerate(options):
        if skip:
            skip = False
        elif a.startswith("--report="):
            pass
        elif a == "--report" and i + 1 < len(options):
            skip = True
        else:
            kept.append(a)
    return kept


def run_job(command):
    """Runs one backend compile; returns (status, command, output)."""
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return done.returncode, command, done.stdout.decode(errors="replace")


def run_all(commands, jobs):
    """Runs the commands, `jobs` at once; returns how many failed."""
    failed = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for status, command, output in pool.map(run_job, commands):
            sys.stdout.write(output)
            if status:
                failed += 1
                sys.stderr.write("dtlto-distributor.py: job failed (exit %d): %s\n"
                                 % (status, " ".join(command)))
    return failed


def run_whole_program(common, jobs, workers, scratch, merge_report):
    """The three steps of --whole-program; returns how many failed."""
    split = common.index("--")
    head, tail = common[:split], common[split:]
    optimized = [os.path.join(scratch, "module.%d.bc" % i) for i in range(len(jobs))]
    failed = run_all([head + ["--emit-optimized=" + optimized[i], "--merge=false"]
                      + tail + j["args"] for i, j in enumerate(jobs)], workers)
    if failed:
        return failed
    merge = [common[0], "thin-merge"] + without_report(common[2:split])
    if merge_report:
        merge.append("--report=" + merge_report)
    prefix = os.path.join(scratch, "part")
    merge += ["--parts", str(len(jobs)), "-o", prefix] + optimized
    failed = run_all([merge], 1)
    if failed:
        return failed
    return run_all([head + ["--from-optimized=%s.%d.bc" % (prefix, i)] + tail + j["args"]
                    for i, j in enumerate(jobs)], workers)


def main(argv):
    parser = argparse.ArgumentParser(
        description="Runs lld's DTLTO backend jobs as separate processes.")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="jobs at once (default: the machine's cores)")
    parser.add_argument("--report",
                        help="combine the jobs' ltofold reports into this file")
    parser.add_argument("--whole-program", action="store_true",
                        help="merge across all the modules of the link (ltofold "
                        "thin-backend as the remote compiler)")
    parser.add_argument("json", help="the job description lld wrote")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs wants a positive number")
    with open(args.json) as f:
        data = json.load(f)
    common = data["common"]["args"]
    jobs = data["jobs"]
    pattern = report_pattern(common)
    if args.report and not pattern:
        sys.stderr.write("dtlto-distributor.py: --report, but the jobs write no "
                         "report per object (ltofold thin-backend --report=%o.json)\n")
        return 1
    if args.whole_program and (len(common) < 2 or common[1] != "thin-backend"
                               or "--" not in common):
        sys.stderr.write("dtlto-distributor.py: --whole-program needs ltofold "
                         "thin-backend ... -- COMPILER as the remote compiler\n")
        return 1
    reports = [pattern.replace("%o", j["outputs"][0]) for j in jobs] if pattern else []
    scratch = None
    try:
        if args.whole_program:
            where = os.path.dirname(jobs[0]["outputs"][0]) if jobs else ""
            scratch = tempfile.mkdtemp(prefix="ltofold-whole.", dir=where or ".")
            merge_report = os.path.join(scratch, "merge.json") if pattern else None
            failed = run_whole_program(common, jobs, args.jobs, scratch, merge_report)
            if merge_report:
                reports.append(merge_report)
        else:
            failed = run_all([common + j["args"] for j in jobs], args.jobs)
        if not failed and args.report:
            failed = subprocess.run([common[0], "report", "combine"] + reports
                                    + ["-o", args.report]).returncode
        if args.report:
            for r in reports:
                if os.path.exists(r):
                    os.unlink(r)
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
