#!/usr/bin/env python3
"""Differential fuzzing of ltofold: random programs through every path.
Run it as scripts/fuzz.sh (which builds ltofold first); the paths, the
findings layout and how to reproduce and reduce one are in
testsuite/fuzz/README.md.

Paths (each program goes through every linker, each linker a row in the
summary):
  csmith   a csmith program, -O2 -flto=full, linked plainly by lld (the
           reference) and through ltofold with verify (every fold
           certified): the lld pass plugin, the gold plugin under ld.gold,
           ld.bfd and mold, the lld pass plugin with canon,merge-canon
           (row "canon"), and the lld pass plugin on objects compiled with
           -flto=thin (row "thin": ltofold in every ThinLTO backend), the
           gold plugin under ld.gold cutting the program into three
           partitions generated on two threads (row "gold-parts"), and the
           gold plugin under ld.gold on the -flto=thin objects (row
           "gold-thin": LLVM's LTO driver, then merge across the modules),
           and the lld pass plugin with merge-outline-all and
           merge-outline-sequences (row "outline": more regions outlined,
           and more put back, than by default, and repeated straight-line
           sequences);
           outputs compared.
  twin     a csmith program with a twin of every function (csmith_twin.py,
           one or two translation units, three programs in four also
           -fno-inline-functions), so merge folds; both copies run.
  near     the same with near-twins: one constant of one twin function is
           one more (csmith_twin.py --near), so that function must not fold;
           each run must print what the reference prints for it.
  nearop   the same with one operation of one twin function swapped for its
           partner (add/sub, < and <=, == and !=: csmith_twin.py --near-op),
           which merge-similar may merge with a choice.
  nearstmt the same with one statement more in one twin function (an
           integer global xored: csmith_twin.py --near-stmt), which
           merge-blocks may merge with a region.
  shapes   the same with blocks more in one copy: after about one
           statement in 24 of each twin function, loops included, an
           integer global is xored when another is odd (csmith_twin.py
           --shapes), so twins differ in shape; linked with merge-shapes
           on, which may merge them by alignment.
  regions  twins with the same small tests and calls inlined after many
           statements, in loops too (csmith_twin.py --regions), which
           merge-outline moves into functions of their own.
  pgo      the twin path's programs (its seeds: the first --pgo-count of
           them), built with instrumentation PGO: compiled with
           -fprofile-instr-generate, linked plainly, run (both runs), the
           profile merged with llvm-profdata, compiled again with
           -fprofile-instr-use; the reference is the plain link of those
           objects, and the rows are the lld pass plugin, the gold plugin
           under ld.gold, and both on the -flto=thin objects (PGO_LINKERS).
           Fewer programs than the other paths (--pgo-count, by default a
           fifth of --count): each costs two builds.
  fp       a floating-point program (gen_fp.py) for fprange, outputs in %a,
           compiled at -O2, -O1, -O3 or -Os (by seed).
  stress   llvm-stress functions with renamed twins (stress_twin.py) through
           `ltofold merge|fprange|canon --verify`: no crash, verifier
           clean, the same bytes twice, the same fold groups in reverse
           function order, near-twins (one instruction different) not
           folded as equal (merge-similar may merge them, certified).

A program whose reference build fails, crashes or times out, or whose
reference prints something else when run again, is skipped.
The summary is also kept as OUT/summary.json and OUT/summary.md (the table
of docs/BENCHMARKS.md). A finding is kept in OUT/PATH-ROW-SEED/ (what an earlier run left in OUT
is removed first) with its sources, the commands,
the outputs and check.sh (the interestingness test for cvise/llvm-reduce).
Exit status: 0 when nothing was found, 1 otherwise, 2 for a usage error.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM = "/usr/lib/llvm-22/bin"
CLANG = "clang-22"
CSMITH_INCLUDE = "/usr/include/csmith"
PATHS = ["csmith", "twin", "near", "nearop", "nearstmt", "shapes", "regions", "pgo", "fp",
         "stress"]
TWIN_PATHS = ("twin", "near", "nearop", "nearstmt", "shapes", "regions", "pgo")
# ltofold options a path's links add on every row.
PATH_OPTIONS = {"shapes": ["merge-shapes=true"]}
# Ways through ltofold: the lld pass plugin, the gold plugin under three
# linkers, and the lld pass plugin with canon on (canonical form of the
# whole module before merge, and merge comparing in canonical order), so
# canon's rewriting is checked against execution too.
LINKERS = ["lld", "gold", "bfd", "mold", "canon", "thin", "gold-parts", "gold-thin",
           "outline"]
# The rows that link the objects compiled with -flto=thin.
THIN_ROWS = ("thin", "gold-thin")
# The rows of the pgo path: profile data reaches ltofold through lld's LTO
# pipeline and through the gold plugin's, from full-LTO and ThinLTO objects.
PGO_LINKERS = ("lld", "gold", "thin", "gold-thin")
# What the gold-plugin rows pass the plugin besides verify and report.
GOLD_ROW_OPTIONS = {"gold-parts": ["lto-partitions=3", "jobs=2"]}
PHASES = ["merge", "fprange", "canon"]
COMPILE_TIMEOUT = 180
LINK_TIMEOUT = 300
RUN_TIMEOUT = 10
TOOL_TIMEOUT = 120
# Seeds of path P for --seed S are S * SEED_STRIDE + PATH_OFFSET[P] + i.
SEED_STRIDE = 1000000
STRESS_PER_ROUND = 10
FP_LEVELS = ["-O2", "-O1", "-O3", "-Os"]
PATH_OFFSET = {"csmith": 0, "twin": 500000, "near": 700000, "nearop": 800000,
               "nearstmt": 900000, "shapes": 950000, "regions": 600000, "pgo": 500000, "fp": 0,
               "stress": 0}
# The pgo path's profile file, in the program's directory.
PROFILE = "p.profdata"


class Result:
    """What one program did on one row (path and linker or phase).
    status: ok, skip, mismatch or crash; folds: merge folds plus fprange
    folds from ltofold's report; files: name -> text or bytes of what a
    finding keeps; detail: one line saying what went wrong."""

    def __init__(self, path, row, seed, status, folds=0, detail="",
                 files=None, check=None):
        self.path, self.row, self.seed = path, row, seed
        self.status, self.folds, self.detail = status, folds, detail
        self.files = files or {}
        self.check = check  # environment of check.sh, or None


def run(cmd, cwd, timeout, env=None):
    """Runs cmd (a list); returns (status, stdout bytes, stderr bytes):
    status is the exit code, -SIGNAL for a signal, or 'timeout'. On a
    timeout the whole process group goes (cvise and the compilers it
    started, a program's children)."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    p = subprocess.Popen(cmd, cwd=cwd, env=full_env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return "timeout", out or b"", err or b""


def command_text(cmd, env=None):
    prefix = " ".join("%s=%s" % (k, shlex.quote(v)) for k, v in (env or {}).items())
    return (prefix + " " if prefix else "") + " ".join(shlex.quote(c) for c in cmd)


def report_folds(path):
    """Merge folds, calls of outlined functions and fprange folds in an
    ltofold JSON report (0 if the report is missing: lld writes none when no
    bitcode reached the plugin)."""
    try:
        report = json.load(open(path))
    except (OSError, ValueError):
        return 0
    folds = report.get("merge", {}).get("merged", 0) or 0
    folds += report.get("merge", {}).get("outline", {}).get("calls", 0) or 0
    for count in report.get("fprange", {}).get("folds_by_kind", {}).values():
        folds += count or 0
    return folds


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.build = os.path.abspath(args.build)
        self.ltofold = os.path.join(self.build, "bin", "ltofold")
        self.pass_plugin = os.path.join(self.build, "lib", "libltofold.so")
        self.gold_plugin = os.path.join(self.build, "lib", "ltofold-gold.so")
        self.out = os.path.abspath(args.out)
        self.lock = threading.Lock()
        self.rows = {}  # (path, row) -> counters
        self.path = None  # the path of the program being linked
        self.findings = []

    # --- links ---------------------------------------------------------

    def link_command(self, linker, objects, output, report, libs):
        """The link through ltofold with LINKER, or the plain reference
        (linker None): (command, environment)."""
        if linker is None:
            return [CLANG, "-fuse-ld=lld", "-flto=full"] + objects + ["-o", output] + libs, {}
        # verify: the module is verified around every phase. Every fold is
        # certified (merge/certify.c, on by default): a wrong one is refused
        # with a warning, which is a finding even where the run would not
        # show the fold wrong (FUZZ_MODE=refused).
        path_options = PATH_OPTIONS.get(self.path, [])
        if linker in ("lld", "canon", "thin", "outline"):
            options = ",".join(path_options + ["verify", "report=" + report])
            if linker == "canon":
                options = "canon,merge-canon," + options
            if linker == "outline":
                options = "merge-outline-all,merge-outline-sequences," + options
            mode = "-flto=thin" if linker == "thin" else "-flto=full"
            return ([CLANG, "-fuse-ld=lld", mode,
                     "-Wl,--load-pass-plugin=" + self.pass_plugin]
                    + objects + ["-o", output] + libs,
                    {"LTOFOLD_OPTIONS": options})
        extra = ["-Wl,-plugin-opt=" + o
                 for o in GOLD_ROW_OPTIONS.get(linker, []) + path_options]
        return ([CLANG, "-fuse-ld=" + linker.split("-")[0], "-Wl,-plugin," + self.gold_plugin,
                 "-Wl,-plugin-opt=verify", "-Wl,-plugin-opt=report=" + report]
                + extra + objects + ["-o", output] + libs, {})

    # --- programs (csmith, twin, fp) -----------------------------------

    def program(self, path, seed, work):
        """Generates the sources of one program: (files, cflags, libs, runs)
        where runs is the list of argument lists to run it with, or a
        Result('skip') for the whole program."""
        if path == "csmith":
            status, out, err = run(["csmith", "--seed", str(seed), "-o", "p.c"],
                                   work, 60)
            return ["p.c"], ["-I" + CSMITH_INCLUDE], [], [["1"]]
        if path in TWIN_PATHS:
            status, out, err = run(["csmith", "--seed", str(seed), "-o", "orig.c"],
                                   work, 60)
            # Odd seeds: two translation units. Inlining only for seeds
            # 3 mod 4: csmith's static functions, each called once, would
            # all be inlined into main, leaving merge nothing to fold.
            two = seed % 2 == 1
            cmd = [sys.executable, os.path.join(HERE, "csmith_twin.py"), "orig.c", "p.c"]
            if two:
                cmd += ["--two-tu", "q.c"]
            if path == "near":
                cmd += ["--near", str(seed)]
            if path == "nearop":
                cmd += ["--near-op", str(seed)]
            if path == "nearstmt":
                cmd += ["--near-stmt", str(seed)]
            if path == "shapes":
                cmd += ["--shapes", str(seed)]
            if path == "regions":
                cmd += ["--regions", str(seed)]
            status, out, err = run(cmd, work, 60)
            if status != 0:
                return None
            os.unlink(os.path.join(work, "orig.c"))
            flags = ["-I" + CSMITH_INCLUDE]
            if seed % 4 != 3:
                flags.append("-fno-inline-functions")
            return (["p.c", "q.c"] if two else ["p.c"]), flags, [], [["1"], ["1", "twin"]]
        if path == "fp":
            run([sys.executable, os.path.join(HERE, "gen_fp.py"), str(seed), "-o", "p.c"],
                work, 60)
            return ["p.c"], [], ["-lm"], [["7", "-0", "1e-320", "nan", "-inf"]]
        raise ValueError(path)

    def instrumented_profile(self, sources, flags, libs, runs, work):
        """The pgo path's profile: the sources compiled with FLAGS and
        -fprofile-instr-generate, linked plainly, run with each argument
        list, the runs' profiles merged into PROFILE. Returns (None, the
        commands) or (why it failed, the commands)."""
        commands = []
        objects = []
        for source in sources:
            obj = source[:-2] + ".gen.o"
            cmd = [CLANG] + flags + ["-fprofile-instr-generate", "-c", source, "-o", obj]
            commands.append(command_text(cmd))
            status, out, err = run(cmd, work, COMPILE_TIMEOUT)
            if status != 0:
                return "instrumented compile failed", commands
            objects.append(obj)
        cmd = [CLANG, "-fuse-ld=lld", "-flto=full", "-fprofile-instr-generate"] + objects + [
            "-o", "gen"] + libs
        commands.append(command_text(cmd))
        status, out, err = run(cmd, work, LINK_TIMEOUT)
        if status != 0:
            return "instrumented link failed", commands
        raws = []
        for i, args in enumerate(runs):
            env = {"LLVM_PROFILE_FILE": "gen%d.profraw" % i}
            commands.append(command_text(["./gen"] + args, env) + " > /dev/null")
            # Counting costs time: twice the reference's limit.
            status, out, err = run(["./gen"] + args, work, 2 * RUN_TIMEOUT, env)
            if status != 0:
                return "instrumented run: %s" % status, commands
            raws.append("gen%d.profraw" % i)
        cmd = [os.path.join(LLVM, "llvm-profdata"), "merge"] + raws + ["-o", PROFILE]
        commands.append(command_text(cmd))
        status, out, err = run(cmd, work, TOOL_TIMEOUT)
        if status != 0:
            return "llvm-profdata merge failed", commands
        return None, commands

    def run_program(self, path, seed, work):
        linkers = self.args.linkers
        rows = linkers
        self.path = path  # link_command adds the path's options
        if path == "pgo":
            rows = linkers = [row for row in linkers if row in PGO_LINKERS]
        generated = self.program(path, seed, work)
        if generated is None:
            return [Result(path, row, seed, "skip", detail="generator failed") for row in rows]
        sources, cflags, libs, runs = generated
        # FP programs at four levels, so fprange sees IR in different
        # shapes; csmith programs at -O2.
        level = FP_LEVELS[(seed // 4) % len(FP_LEVELS)] if path == "fp" else "-O2"
        # The pgo path: a profile first, from an instrumented build; the
        # objects are compiled with it. Its commands go into commands.sh.
        profile_commands = []
        profile_flags = []
        if path == "pgo":
            failed, profile_commands = self.instrumented_profile(
                sources, [level, "-flto=full", "-w"] + cflags, libs, runs, work)
            if failed:
                return [Result(path, row, seed, "skip", detail=failed) for row in rows]
            profile_flags = ["-fprofile-instr-use=" + PROFILE]
        # The thin row links the same sources compiled for ThinLTO; its
        # output must be the full-LTO reference's.
        flags_of = {mode: [level, "-flto=" + mode, "-w"] + cflags + profile_flags
                    for mode in ("full", "thin")}
        objects_of = {"full": [], "thin": []}
        thin_rows = [row for row in linkers if row in THIN_ROWS]
        for mode in ("full", "thin") if thin_rows else ("full",):
            for source in sources:
                obj = source[:-2] + (".thin.o" if mode == "thin" else ".o")
                status, out, err = run([CLANG] + flags_of[mode] + ["-c", source, "-o", obj],
                                       work, COMPILE_TIMEOUT)
                if status != 0:
                    return [Result(path, row, seed, "skip", detail="compile failed")
                            for row in rows]
                objects_of[mode].append(obj)
        objects, cflags = objects_of["full"], flags_of["full"]
        status, out, err = run(self.link_command(None, objects, "ref", None, libs)[0],
                               work, LINK_TIMEOUT)
        if status != 0:
            return [Result(path, row, seed, "skip", detail="reference link failed") for row in rows]
        reference = []
        ref_seconds = 0.0
        for args in runs:
            start = time.monotonic()
            status, out, err = run(["./ref"] + args, work, RUN_TIMEOUT)
            ref_seconds = max(ref_seconds, time.monotonic() - start)
            if status != 0:
                return [Result(path, row, seed, "skip",
                               detail="reference run: %s" % status) for row in rows]
            # A csmith program always ends with its checksum. Without it,
            # the optimizer has used undefined behaviour (an infinite loop
            # without side effects, which C lets it assume away) and the
            # program does whatever: no reference to compare with.
            if path in ("csmith",) + TWIN_PATHS and b"checksum = " not in out:
                return [Result(path, row, seed, "skip",
                               detail="reference printed no checksum") for row in rows]
            reference.append(out)
        # A program that prints what it never wrote (a stack address through
        # a bad pointer, uninitialized memory) prints something else each
        # run, with or without ltofold: no reference either.
        status, again, err = run(["./ref"] + runs[0], work, RUN_TIMEOUT)
        if status != 0 or again != reference[0]:
            return [Result(path, row, seed, "skip",
                           detail="reference output differs between two runs")
                    for row in rows]
        if path in ("twin", "pgo") and reference[0] != reference[1]:
            return [Result(path, row, seed, "skip", detail="twin runs differ in the reference")
                    for row in rows]
        run_timeout = max(RUN_TIMEOUT, 5 * ref_seconds + 2)
        # The thin row needs ThinLTO itself to print what full LTO prints: a
        # program whose plain ThinLTO link does not (undefined behaviour the
        # two pipelines use differently) has no reference there.
        thin_skip = None
        if thin_rows:
            status, out, err = run(self.link_command(None, objects_of["thin"], "refthin",
                                                     None, libs)[0], work, LINK_TIMEOUT)
            for args, expected in zip(runs, reference):
                if status != 0:
                    break
                status, out, err = run(["./refthin"] + args, work, run_timeout)
                if status == 0 and out != expected:
                    status = "output differs"
            if status != 0:
                thin_skip = "plain ThinLTO link: %s" % status
        results = []
        for linker in linkers:
            if linker in THIN_ROWS and thin_skip:
                results.append(Result(path, linker, seed, "skip", detail=thin_skip))
                continue
            exe = "ltofold-" + linker
            report = os.path.join(work, linker + ".json")
            mode = "thin" if linker in THIN_ROWS else "full"
            cmd, env = self.link_command(linker, objects_of[mode], exe, report, libs)
            # check.sh builds the profile of the pgo path again from the
            # files it is given (FUZZ_PGO): a reduced program's own.
            check = {"FUZZ_FILES": " ".join(sources),
                     "FUZZ_CFLAGS": " ".join(f for f in flags_of[mode]
                                             if f not in profile_flags),
                     "FUZZ_LIBS": " ".join(libs), "FUZZ_LINKER": linker,
                     "FUZZ_BUILD": self.build,
                     "FUZZ_RUNS": ";".join(" ".join(a) for a in runs)}
            if profile_flags:
                check["FUZZ_PGO"] = "instr"
            if PATH_OPTIONS.get(path):
                check["FUZZ_OPTIONS"] = ",".join(PATH_OPTIONS[path])
            commands = profile_commands + [
                "%s %s -c %s -o %s" % (CLANG, " ".join(cflags), s, s[:-2] + ".o")
                for s in sources]
            if mode == "thin":
                commands += ["%s %s -c %s -o %s" % (CLANG, " ".join(flags_of[mode]), s,
                                                    s[:-2] + ".thin.o") for s in sources]
            commands.append(command_text(self.link_command(None, objects, "ref", None, libs)[0]))
            commands.append(command_text(cmd, env))
            status, out, err = run(cmd, work, LINK_TIMEOUT, env)
            keep = {s: open(os.path.join(work, s)).read() for s in sources}
            keep["commands.sh"] = "\n".join(commands) + "\n"
            if profile_flags:
                keep[PROFILE] = open(os.path.join(work, PROFILE), "rb").read()
            if status != 0:
                keep["link.stderr"] = err
                check["FUZZ_MODE"] = "link"
                results.append(Result(path, linker, seed, "crash",
                                      detail="link failed (%s): %s" % (status, first_line(err)),
                                      files=keep, check=check))
                continue
            folds = report_folds(report)
            if b"did not check" in err:
                keep["link.stderr"] = err
                check["FUZZ_MODE"] = "refused"
                results.append(Result(path, linker, seed, "crash",
                                      detail="certification refused: %s" % first_line(err),
                                      files=keep, check=check))
                continue
            bad = None
            for args, expected in zip(runs, reference):
                status, out, err = run(["./" + exe] + args, work, run_timeout)
                if status != 0 or out != expected:
                    bad = (args, status, out, err, expected)
                    break
            if bad is None:
                results.append(Result(path, linker, seed, "ok", folds))
                continue
            args, status, out, err, expected = bad
            keep["commands.sh"] += "./ref %s > ref.out\n./%s %s > got.out\n" % (
                " ".join(args), exe, " ".join(args))
            keep["ref.out"] = expected
            keep["got.out"] = out
            keep["got.stderr"] = err
            if os.path.exists(report):
                keep["report.json"] = open(report).read()
            check["FUZZ_MODE"] = "run"
            results.append(Result(path, linker, seed, "mismatch", folds,
                                  detail="run %s: status %s, %s" % (
                                      " ".join(args), status,
                                      "same output" if out == expected else "output differs"),
                                  files=keep, check=check))
        return results

    # --- llvm-stress ---------------------------------------------------

    def run_stress(self, seed, work):
        status, out, err = run([sys.executable, os.path.join(HERE, "stress_twin.py"),
                                str(seed), "m.ll", "r.ll"], work, 120)
        if status != 0:
            return [Result("stress", p, seed, "skip", detail="llvm-stress failed")
                    for p in PHASES]
        results = []
        for phase in PHASES:
            def tool(inp, output, report):
                cmd = [self.ltofold, phase, inp, "-o", output, "--verify"]
                if report:
                    cmd += ["--report", report]
                return cmd
            keep = {"m.ll": open(os.path.join(work, "m.ll")).read()}
            check = {"FUZZ_MODE": "ir", "FUZZ_PHASE": phase, "FUZZ_BUILD": self.build,
                     "FUZZ_FILES": "m.ll"}
            cmd = tool("m.ll", "a.bc", "a.json")
            keep["commands.sh"] = command_text(cmd) + "\n"
            status, out, err = run(cmd, work, TOOL_TIMEOUT)
            if status != 0:
                keep["stderr"] = err
                check["FUZZ_PATTERN"] = crash_pattern(err)
                kind = "crash"
                results.append(Result("stress", phase, seed, kind,
                                      detail="status %s: %s" % (status, first_line(err)),
                                      files=keep, check=check))
                continue
            folds = report_folds(os.path.join(work, "a.json"))
            status2, out2, err2 = run(tool("m.ll", "b.bc", None), work, TOOL_TIMEOUT)
            same = status2 == 0 and filecmp(os.path.join(work, "a.bc"),
                                            os.path.join(work, "b.bc"))
            if not same:
                keep["commands.sh"] += command_text(tool("m.ll", "b.bc", None)) + "\ncmp a.bc b.bc\n"
                check["FUZZ_MODE"] = "ir-nondeterministic"
                results.append(Result("stress", phase, seed, "mismatch", folds,
                                      detail="two runs give different bitcode",
                                      files=keep, check=check))
                continue
            if phase == "merge":
                keep["r.ll"] = open(os.path.join(work, "r.ll")).read()
                status3, out3, err3 = run(tool("r.ll", "c.bc", "c.json"), work, TOOL_TIMEOUT)
                groups_a = fold_groups(os.path.join(work, "a.json"))
                groups_c = fold_groups(os.path.join(work, "c.json"))
                wrong = near_twin_folds(groups_a)
                if wrong:
                    keep["a.json"] = open(os.path.join(work, "a.json")).read()
                    check["FUZZ_MODE"] = "ir-near"
                    results.append(Result("stress", phase, seed, "mismatch", folds,
                                          detail="near-twin folded: %s" % " ".join(sorted(wrong)),
                                          files=keep, check=check))
                    continue
                if status3 != 0 or groups_a != groups_c:
                    keep["commands.sh"] += command_text(tool("r.ll", "c.bc", "c.json")) + "\n"
                    keep["a.json"] = open(os.path.join(work, "a.json")).read()
                    if os.path.exists(os.path.join(work, "c.json")):
                        keep["c.json"] = open(os.path.join(work, "c.json")).read()
                    keep["stderr"] = err3
                    check["FUZZ_MODE"] = "ir-order"
                    results.append(Result("stress", phase, seed,
                                          "crash" if status3 != 0 else "mismatch", folds,
                                          detail="reverse order: %s" % (
                                              "status %s" % status3 if status3 != 0
                                              else "other fold groups"),
                                          files=keep, check=check))
                    continue
            results.append(Result("stress", phase, seed, "ok", folds))
        return results

    # --- bookkeeping ---------------------------------------------------

    def one(self, path, seed):
        work = tempfile.mkdtemp(prefix="ltofold-fuzz-")
        try:
            if path == "stress":
                return self.run_stress(seed, work)
            return self.run_program(path, seed, work)
        except Exception as e:  # a bug in this script: reported, not hidden
            return [Result(path, "harness", seed, "crash", detail="harness: %r" % e)]
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def record(self, results):
        with self.lock:
            for r in results:
                row = self.rows.setdefault((r.path, r.row), {
                    "tried": 0, "skipped": 0, "mismatches": 0, "crashes": 0,
                    "folds": 0, "programs_with_folds": 0})
                row["tried"] += 1
                if r.status == "skip":
                    row["skipped"] += 1
                elif r.status == "mismatch":
                    row["mismatches"] += 1
                elif r.status == "crash":
                    row["crashes"] += 1
                row["folds"] += r.folds
                if r.folds:
                    row["programs_with_folds"] += 1
                if r.status in ("mismatch", "crash"):
                    self.keep(r)

    def keep(self, r):
        name = "%s-%s-%d" % (r.path, r.row, r.seed)
        directory = os.path.join(self.out, name)
        os.makedirs(directory, exist_ok=True)
        for fname, content in r.files.items():
            mode = "wb" if isinstance(content, bytes) else "w"
            with open(os.path.join(directory, fname), mode) as f:
                f.write(content)
        if r.check:
            lines = ["#!/usr/bin/env bash",
                     "# Interestingness test for this finding: exit 0 while the",
                     "# files in the current directory still show it (cvise,",
                     "# llvm-reduce). testsuite/fuzz/README.md explains it."]
            lines += ["export %s=%s" % (k, shlex.quote(v)) for k, v in sorted(r.check.items())]
            lines.append('exec bash %s "$@"' % shlex.quote(os.path.join(HERE, "interesting.sh")))
            path = os.path.join(directory, "check.sh")
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            os.chmod(path, 0o755)
        with open(os.path.join(directory, "finding.txt"), "w") as f:
            f.write("%s %s seed %d: %s: %s\n" % (r.path, r.row, r.seed, r.status, r.detail))
        self.findings.append((name, r))
        print("FINDING %s: %s: %s" % (name, r.status, r.detail), flush=True)

    def tasks(self):
        """(path, seed) in rounds over the paths: a round has one program of
        each program path and STRESS_PER_ROUND llvm-stress modules (a module
        costs a tenth of a program), each path up to its count; the caller
        stops taking them when the time runs out."""
        counts = {p: (self.args.stress_count if p == "stress" else
                      self.args.pgo_count if p == "pgo" else self.args.count)
                  for p in self.args.paths}
        taken = dict.fromkeys(self.args.paths, 0)
        while True:
            any_left = False
            for p in self.args.paths:
                for _ in range(STRESS_PER_ROUND if p == "stress" else 1):
                    if counts[p] is not None and taken[p] >= counts[p]:
                        break
                    any_left = True
                    yield p, self.args.seed * SEED_STRIDE + PATH_OFFSET[p] + taken[p]
                    taken[p] += 1
            if not any_left:
                return

    def clear_old_findings(self):
        """Removes what an earlier run left in the output directory (the
        directories with a finding.txt, and summary.json), so the findings
        there are this run's."""
        for name in os.listdir(self.out):
            path = os.path.join(self.out, name)
            if os.path.isfile(os.path.join(path, "finding.txt")):
                shutil.rmtree(path)
        if os.path.exists(os.path.join(self.out, "summary.json")):
            os.unlink(os.path.join(self.out, "summary.json"))

    def main(self):
        os.makedirs(self.out, exist_ok=True)
        self.clear_old_findings()
        deadline = (time.monotonic() + self.args.seconds) if self.args.seconds else None
        start = time.monotonic()
        # SIGTERM or ^C: start nothing more, finish what runs, summarize.
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        done = 0
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            pending = set()
            for path, seed in self.tasks():
                if (deadline and time.monotonic() > deadline) or stop.is_set():
                    break
                pending.add(pool.submit(self.one, path, seed))
                while len(pending) >= 2 * self.args.jobs:
                    finished, pending = concurrent.futures.wait(
                        pending, return_when=concurrent.futures.FIRST_COMPLETED)
                    for f in finished:
                        self.record(f.result())
                        done += 1
                        if done % 50 == 0:
                            print("fuzz: %d programs, %.0f s" % (done, time.monotonic() - start),
                                  flush=True)
                            self.write_summary(time.monotonic() - start)
            for f in concurrent.futures.as_completed(pending):
                self.record(f.result())
        seconds = time.monotonic() - start
        self.write_summary(seconds)
        self.print_summary(seconds)
        if self.args.reduce:
            for name, r in self.findings:
                reduce_finding(os.path.join(self.out, name), self.args.reduce_seconds)
        return 1 if self.findings else 0

    def write_summary(self, seconds):
        with self.lock:
            summary = {"seed": self.args.seed, "seconds": round(seconds),
                       "rows": [dict(path=p, row=r, **c) for (p, r), c in sorted(self.rows.items())],
                       "findings": [n for n, _ in self.findings]}
        with open(os.path.join(self.out, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
        with open(os.path.join(self.out, "summary.md"), "w") as f:
            f.write(self.markdown(summary))

    def markdown(self, summary):
        """The summary as the table of docs/BENCHMARKS.md, "Random programs"."""
        lines = ["| path | row | tried | skipped | mismatches | crashes | folds | programs with folds |",
                 "|---|---|---:|---:|---:|---:|---:|---:|"]
        rows = sorted(summary["rows"], key=lambda r: (PATHS.index(r["path"]), r["row"]))
        for r in rows:
            lines.append("| %s | %s | %d | %d | %d | %d | %d | %d |" % (
                r["path"], r["row"], r["tried"], r["skipped"], r["mismatches"],
                r["crashes"], r["folds"], r["programs_with_folds"]))
        return "\n".join(lines) + "\n"

    def print_summary(self, seconds):
        print("\nfuzz summary (seed %d, %.0f s; findings in %s)" % (self.args.seed, seconds, self.out))
        print("%-8s %-8s %7s %7s %10s %7s %7s %9s" % ("path", "row", "tried", "skipped",
                                                      "mismatches", "crashes", "folds",
                                                      "w/ folds"))
        for (p, r), c in sorted(self.rows.items(), key=lambda kv: (PATHS.index(kv[0][0]), kv[0][1])):
            print("%-8s %-8s %7d %7d %10d %7d %7d %9d" % (p, r, c["tried"], c["skipped"],
                                                         c["mismatches"], c["crashes"],
                                                         c["folds"], c["programs_with_folds"]))
        for name, r in self.findings:
            print("  %s: %s: %s" % (name, r.status, r.detail))
        print("%d passed, %d failed" % (
            sum(c["tried"] - c["mismatches"] - c["crashes"] for c in self.rows.values()),
            sum(c["mismatches"] + c["crashes"] for c in self.rows.values())))


def first_line(data):
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def crash_pattern(stderr):
    """A line of a tool's stderr that says what failed without naming the
    file: what the reduced input must still print."""
    text = stderr.decode("utf-8", "replace")
    for line in text.splitlines():
        if "Assertion" in line or "error:" in line.lower() or "verif" in line.lower():
            return line.split(": ", 1)[-1].strip()[:120]
    return "Stack dump" if "Stack dump" in text else ""


def filecmp(a, b):
    try:
        return open(a, "rb").read() == open(b, "rb").read()
    except OSError:
        return False


def fold_groups(report):
    """The merge groups of a report as a set of sets of symbols, so the
    choice of which copy is kept does not count."""
    try:
        data = json.load(open(report))
    except (OSError, ValueError):
        return None
    groups = set()
    for g in data.get("merge", {}).get("groups", []):
        equal = [f["symbol"] for f in g["folded"] if not f.get("similar")]
        similar = [f["symbol"] for f in g["folded"] if f.get("similar")]
        if equal:
            groups.add(frozenset([g["kept"]] + equal))
        if similar:  # a merged body and its members, marked as such
            groups.add(frozenset([SIMILAR_MARK, g["kept"]] + similar))
    return groups


# In fold_groups, the mark of a group of functions merged with parameters
# (merge-similar), which near-twins may join: the merged body takes the
# constant in which they differ.
SIMILAR_MARK = ":similar"


def near_twin_folds(groups):
    """The near-twins (near_SDn, one instruction different) that are in a fold
    group of equal functions with their original or twin (autogen_SDn,
    twin_SDn). A group merged with parameters may hold them: certification
    (--verify) checks that fold."""
    wrong = set()
    for g in groups or ():
        if SIMILAR_MARK in g:
            continue
        for name in g:
            if name.startswith("near_SD"):
                n = name[len("near_SD"):]
                if "autogen_SD" + n in g or "twin_SD" + n in g:
                    wrong.add(name)
    return wrong


def reduce_finding(directory, seconds):
    """Reduces a finding's input in DIRECTORY/reduced/ with cvise (C) or
    llvm-reduce (IR), each at most SECONDS; the smaller files stay there."""
    check = os.path.join(directory, "check.sh")
    if not os.path.exists(check):
        return
    env = dict(line.split("=", 1) for line in
               (l[len("export "):] for l in open(check).read().splitlines()
                if l.startswith("export ")))
    files = shlex.split(env.get("FUZZ_FILES", "''"))[0].split()
    reduced = os.path.join(directory, "reduced")
    os.makedirs(reduced, exist_ok=True)
    for f in files:
        shutil.copy(os.path.join(directory, f), reduced)
    status, _, _ = run(["bash", check], reduced, 600)
    if status != 0:
        print("reduce %s: not reproducible (check.sh says %s)" % (directory, status))
        return
    if files[0].endswith(".ll") and len(files) == 1:
        cmd = [os.path.join(LLVM, "llvm-reduce"), "--test=" + check, "-o",
               "reduced.ll", files[0]]
    else:
        cmd = ["cvise", "--n", "1", "--timeout", "120", check] + files
    print("reduce %s: %s" % (directory, " ".join(cmd)), flush=True)
    status, out, err = run(cmd, reduced, seconds)
    with open(os.path.join(reduced, "reduce.log"), "wb") as f:
        f.write(out + err)
    print("reduce %s: %s" % (directory, "done" if status == 0 else "stopped (%s)" % status))


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="scripts/fuzz.sh",
        description="Differential fuzzing of ltofold: random programs (csmith, "
        "csmith with twins, FP programs) linked plainly and through every "
        "ltofold linker path, and llvm-stress modules through the ltofold "
        "command. See testsuite/fuzz/README.md.")
    parser.add_argument("--seconds", type=float, help="stop starting programs after this long")
    parser.add_argument("--count", type=int, help="programs per csmith/twin/near/fp path")
    parser.add_argument("--stress-count", type=int,
                        help="llvm-stress modules (default: 10 x --count)")
    parser.add_argument("--pgo-count", type=int,
                        help="programs of the pgo path (default: --count / 5, at least 1)")
    parser.add_argument("--seed", type=int, default=1,
                        help="sample number: the same seed gives the same programs (default 1)")
    parser.add_argument("--path", action="append", choices=PATHS, dest="paths",
                        help="a path to run (repeatable; default all)")
    parser.add_argument("--linker", action="append", choices=LINKERS, dest="linkers",
                        help="a linker to link through (repeatable; default all)")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="programs at once (default 1)")
    parser.add_argument("--build", default="build-fuzz",
                        help="ltofold build directory (default build-fuzz)")
    parser.add_argument("--out", help="where findings go (default BUILD/fuzz-findings)")
    parser.add_argument("--reduce", action="store_true",
                        help="reduce each finding at the end (cvise for C, llvm-reduce for IR)")
    parser.add_argument("--reduce-seconds", type=int, default=1800,
                        help="time limit of one reduction (default 1800)")
    args = parser.parse_args(argv)
    if (args.seconds is None and args.count is None and args.stress_count is None
            and args.pgo_count is None):
        parser.error("give --seconds N or --count N")
    if args.stress_count is None and args.count is not None:
        args.stress_count = 10 * args.count
    if args.pgo_count is None and args.count is not None:
        args.pgo_count = max(1, args.count // 5)
    args.paths = args.paths or PATHS
    args.linkers = args.linkers or LINKERS
    args.out = args.out or os.path.join(args.build, "fuzz-findings")
    return args


if __name__ == "__main__":
    # Every front end reads LTOFOLD_OPTIONS: options from the caller's
    # environment would change what is tested.
    os.environ.pop("LTOFOLD_OPTIONS", None)
    sys.exit(Fuzzer(parse_args(sys.argv[1:])).main())
