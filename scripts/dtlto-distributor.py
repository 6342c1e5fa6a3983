#!/usr/bin/env python3
"""A distributor for lld's integrated distributed ThinLTO (DTLTO) that runs
the backend compiles as separate processes, N at a time, as a pool of
remote machines would, and adds up ltofold's reports of one link.

lld hands the distributor a JSON file (--thinlto-distributor=python3
--thinlto-distributor-arg=THIS_SCRIPT): common.args, the compiler command
every job shares, and per job its own args, inputs and outputs. This script
runs common.args + job.args for every job, in its own process and working
directory (lld's), at most N at once (of the jobs ready, those with the
most input bytes first), and fails when any fails. With ltofold
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

--whole-program=summaries does the same without any step that holds the
whole program: only summaries and the bodies that may fold travel
(docs/plugin.md, "Merging from summaries"):
  1. each job optimizes its module (folding equal functions within it:
     --merge-similar=false --merge-outline=false) and writes its summary
     (thin-backend --emit-optimized --emit-summary), in parallel;
  2. `ltofold thin-plan` reads the summaries and writes the plan: groups
     across modules, each with a home module;
  3. each home imports the bodies its groups' members, compares and
     certifies them (thin-fold), in parallel;
  4. each job makes its folded members run the home's symbol, then runs
     the rest of its module's merge (similar functions, outlining) on the
     result, and generates its object (thin-backend --from-optimized
     --folds --late-merge: thin-apply's steps in the code-generating
     job), in parallel, each as soon as the folds of its homes (step 3)
     are written.
Every step is a job of its own whose files are all named: --describe FILE
writes them (JSON: per step, its commands, inputs and outputs), as a remote
executor would need to ship them. With --report, each step-4 job reports
the folds it made, and they are combined with the jobs' reports.

Usage (as lld runs it; the JSON file comes last):
    dtlto-distributor.py [-j N] [--report FILE]
                         [--whole-program[=link|summaries]] [--describe FILE]
                         JOBS.json
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait


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
    """Runs one backend compile, or a job of several commands one after the
    other (a list of lists); returns (status, command, output)."""
    commands = command if command and isinstance(command[0], list) else [command]
    output = ""
    for one in commands:
        done = subprocess.run(one, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        output += done.stdout.decode(errors="replace")
        if done.returncode:
            return done.returncode, one, output
    return 0, commands[-1], output


def print_result(status, command, output):
    """Prints a finished job's output, and says so if it failed; returns 1
    if it did, else 0."""
    sys.stdout.write(output)
    if status:
        sys.stderr.write("dtlto-distributor.py: job failed (exit %d): %s\n"
                         % (status, " ".join(command)))
    return 1 if status else 0


def run_all(commands, jobs):
    """Runs the commands, `jobs` at once; returns how many failed."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return sum(print_result(*result) for result in pool.map(run_job, commands))


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


# lld writes an archive member a job reads to a file of its own, named
# ARCHIVE(MEMBER at OFFSET).TASK.PID.o (ARCHIVE the archive's file name,
# without its directory) in the directory of the job's output: the process
# id (hex) is another at every link, the directory the output's.
ARCHIVE_MEMBER = re.compile(r"^(.*\)\.[0-9]+)\.[0-9A-Fa-f]+\.o$")


def module_name(path, output):
    """The name of a job's module in the summaries, the plan and the folds:
    its input as lld names it, less what changes from link to link (in an
    archive member's, the process id and the directory of the job's output),
    since the plan's homes follow from the names and the output must not
    change with them. (The task number stays: it tells two members of one
    name apart.)"""
    match = ARCHIVE_MEMBER.match(path)
    if not match:
        return path
    name = match.group(1) + ".o"
    directory = os.path.dirname(output)
    if directory and name.startswith(directory + "/"):
        name = name[len(directory) + 1:]
    return name


def read_plan(path):
    """The plan's modules (names, by index) and, per group, its home and the
    modules of its members (docs/plugin.md has the format)."""
    modules, homes, senders = [], [], []
    with open(path) as f:
        for line in f.read().splitlines()[1:]:
            fields = line.split(" ")
            if fields[0] == "module":
                modules.append(fields[1])
            elif fields[0] in ("group", "similar"):
                homes.append(int(fields[2]))
                senders.append(set())
            elif fields[0] == "member":
                senders[int(fields[1])].add(int(fields[2]))
    return modules, homes, senders


def decode_name(field):
    """A name of the plan's records, percent-decoded ("%" alone: empty)."""
    if field == "%":
        return ""
    return urllib.parse.unquote_to_bytes(field).decode("utf-8",
                                                       errors="surrogateescape")


class Step:
    """A job: its commands, run one after the other in a process each, and
    every file it reads and writes."""
    def __init__(self, name, commands, inputs, outputs):
        self.name, self.commands = name, commands
        self.inputs, self.outputs = inputs, outputs

    def describe(self):
        return {"step": self.name, "commands": self.commands,
                "inputs": self.inputs, "outputs": self.outputs}


def input_bytes(step):
    """The bytes of the step's inputs that exist (its size, roughly)."""
    return sum(os.path.getsize(f) for f in step.inputs if os.path.exists(f))


def run_steps(steps, workers, described, after=None):
    """Runs the steps, `workers` at once, each once the steps it waits for
    (after[i]: indices into `steps`) have succeeded; of those ready, the
    ones with the most input bytes first, so that a long job does not start
    last and hold the link up alone. Each job's output is printed in the
    steps' order. Returns how many failed (or never ran: one they wait for
    failed)."""
    described.extend(step.describe() for step in steps)
    after = after or [[] for _ in steps]
    results = [None] * len(steps)
    waiting, running = set(range(len(steps))), {}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        while waiting or running:
            for i in sorted(waiting):
                if any(results[d] is not None and results[d][0] for d in after[i]):
                    waiting.discard(i)  # a step it waits for failed
            ready = [i for i in waiting if all(results[d] is not None for d in after[i])]
            ready.sort(key=lambda i: (-input_bytes(steps[i]), i))
            for i in ready[:workers - len(running)]:
                waiting.discard(i)
                running[pool.submit(run_job, steps[i].commands)] = i
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                results[running.pop(future)] = future.result()
    return sum(1 if result is None else print_result(*result) for result in results)


def run_summaries(common, jobs, workers, scratch, described, reports):
    """The four steps of --whole-program=summaries; returns how many
    failed. With `reports` (a list), each step-4 job writes its folds as a
    report, whose path goes on the list."""
    split = common.index("--")
    head, tail = common[:split], common[split:]
    ltofold = common[0]
    names = [module_name(j["inputs"][0], j["outputs"][0]) for j in jobs]
    optimized = [os.path.join(scratch, "module.%d.bc" % i) for i in range(len(jobs))]
    summaries = [os.path.join(scratch, "module.%d.summary" % i) for i in range(len(jobs))]
    # Step 1 folds only equal functions within the module: its similar
    # merge and outlining wait for step 4, after the folds across modules,
    # as thin-merge's merge runs on the modules as they come from the
    # pipeline (a function a module's own similar merge took would be no
    # candidate across modules, and outlining would change the bodies
    # first).
    # The job writes the summary of the module it optimized itself, from
    # the module in memory (thin-summary's, byte for byte, without reading
    # the module back).
    early = ["--merge-similar=false", "--merge-outline=false"]
    steps = [Step("optimize", [head + ["--emit-optimized=" + optimized[i],
                                       "--emit-summary=" + summaries[i],
                                       "--module-name=" + names[i]] + early
                               + tail + j["args"]],
                  list(j["inputs"]), [optimized[i], summaries[i]])
             for i, j in enumerate(jobs)]
    failed = run_steps(steps, workers, described)
    if failed:
        return failed
    plan = os.path.join(scratch, "plan")
    failed = run_steps([Step("plan", [[ltofold, "thin-plan"] + summaries + ["-o", plan]],
                             summaries, [plan])], 1, described)
    if failed:
        return failed
    modules, homes, senders = read_plan(plan)
    job_of = {name: i for i, name in enumerate(names)}
    module_job = [job_of[decode_name(m)] for m in modules]
    home_senders = {}
    for home, members in zip(homes, senders):
        home_senders.setdefault(home, set()).update(members)
    folds, homed, receives = {}, {}, [set() for _ in jobs]
    steps, fold_step = [], {}
    for home in sorted(home_senders):
        h = module_job[home]
        folds[h] = os.path.join(scratch, "module.%d.folds" % h)
        homed[h] = os.path.join(scratch, "module.%d.home.bc" % h)
        command = [ltofold, "thin-fold", "--plan", plan, "--home", names[h]]
        inputs = [plan, optimized[h]]
        # (a similar group may have members in its home: those send nothing)
        for m in sorted(module_job[s] for s in home_senders[home] if s != home):
            command += ["--module", names[m], optimized[m]]
            inputs.append(optimized[m])
            receives[m].add(h)
        command += ["--folds", folds[h], "-o", homed[h], optimized[h]]
        fold_step[h] = len(steps)
        steps.append(Step("fold", [command], inputs, [homed[h], folds[h]]))
    # Each module's last step waits for its homes' folds only, and starts
    # as soon as they are written.
    after = [[] for _ in steps]
    options = without_report(common[2:split])
    for i, j in enumerate(jobs):
        module = homed.get(i, optimized[i])
        inputs, outputs = [module], []
        # Every module, in the job that generates its code: the folds it
        # receives, then its own merge (what step 1 left), on the module as
        # folded (thin-apply's steps, in this process).
        generate = ([ltofold, "thin-backend"] + options
                    + ["--from-optimized=" + module, "--module-name=" + names[i],
                       "--late-merge"])
        if reports is not None:
            reports.append(os.path.join(scratch, "module.%d.apply.json" % i))
            generate.append("--report=" + reports[-1])
            outputs.append(reports[-1])
        # (a home reads its own folds too: their `merged` records name its
        # functions that became thunks of a merged body, for the report)
        its_homes = sorted(receives[i] | ({i} if i in homed else set()))
        for h in its_homes:
            generate.append("--folds=" + folds[h])
            inputs.append(folds[h])
        steps.append(Step("generate", [generate + tail + j["args"]],
                          inputs + list(j["inputs"]), outputs + list(j["outputs"])))
        after.append([fold_step[h] for h in its_homes])
    return run_steps(steps, workers, described, after)


def main(argv):
    parser = argparse.ArgumentParser(
        description="Runs lld's DTLTO backend jobs as separate processes.")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="jobs at once (default: the machine's cores)")
    parser.add_argument("--report",
                        help="combine the jobs' ltofold reports into this file")
    parser.add_argument("--whole-program", nargs="?", const="link",
                        choices=["link", "summaries"],
                        help="merge across all the modules of the link (ltofold "
                        "thin-backend as the remote compiler): in one step that "
                        "links them all (link, the default), or from summaries "
                        "and the bodies that may fold only (summaries)")
    parser.add_argument("--describe",
                        help="write every step's commands, inputs and outputs "
                        "to this file (JSON)")
    parser.add_argument("json", help="the job description lld wrote")
    # A bare --whole-program is --whole-program=link (its value is optional,
    # and argparse would take the JSON file for it).
    args = parser.parse_args(["--whole-program=link" if a == "--whole-program" else a
                              for a in argv])
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
    described = []
    try:
        if args.whole_program:
            where = os.path.dirname(jobs[0]["outputs"][0]) if jobs else ""
            scratch = tempfile.mkdtemp(prefix="ltofold-whole.", dir=where or ".")
        if args.whole_program == "summaries":
            failed = run_summaries(common, jobs, args.jobs, scratch, described,
                                   reports if pattern else None)
        elif args.whole_program:
            merge_report = os.path.join(scratch, "merge.json") if pattern else None
            failed = run_whole_program(common, jobs, args.jobs, scratch, merge_report)
            if merge_report:
                reports.append(merge_report)
        else:
            steps = [Step("backend", [common + j["args"]], list(j["inputs"]),
                          list(j["outputs"])) for j in jobs]
            failed = run_steps(steps, args.jobs, described)
        if args.describe:
            with open(args.describe, "w") as f:
                json.dump(described, f, indent=1)
                f.write("\n")
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
