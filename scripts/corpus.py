#!/usr/bin/env python3
"""LLVM's own regression tests as a corpus of valid IR nobody here wrote.

Every .ll file under the chosen directories of llvm/test that LLVM 22 parses
goes through every phase:
  merge         ltofold merge (defaults)
  merge-verify  ltofold merge --verify --merge-shapes (every fold certified;
                functions of different shapes too, an option off by default)
  fprange       ltofold fprange --verify
  canon         ltofold canon --verify
  merge-canon   ltofold merge --canon --merge-canon --verify
  opt           opt -load-pass-plugin=libltofold.so -passes=ltofold
and each output through LLVM's verifier (opt -passes=verify); merge runs
twice and the two outputs must be equal byte for byte. A file that fails is
a finding, by class:
  crash            a signal, "LLVM ERROR", or an exit status other than 0
                   (ltofold's 1 with a message included: the input is valid)
  verifier         the output does not verify
  hang             a phase took longer than --timeout seconds
  nondeterminism   two merges of the same input differ
Each finding keeps its input, the command and what it printed under
OUT/findings/CLASS/, for llvm-reduce. OUT/summary.json and OUT/summary.md
count files tried, parsed and findings by class and phase.

scripts/corpus.sh fetches the corpus (Debian's llvm-toolchain-19 source
package, llvm/test only) and calls this; run it directly with --tests DIR.
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

LLVM_BIN = "/usr/lib/llvm-22/bin"
CLASSES = ("crash", "verifier", "hang", "nondeterminism")


def phases(ltofold, plugin):
    """(name, command builder: (input, output) -> argv)."""
    table = [
        ("merge", lambda i, o: [ltofold, "merge", i, "-o", o]),
        ("merge-verify", lambda i, o: [ltofold, "merge", i, "-o", o, "--verify",
                                       "--merge-shapes"]),
        ("fprange", lambda i, o: [ltofold, "fprange", i, "-o", o, "--verify"]),
        ("canon", lambda i, o: [ltofold, "canon", i, "-o", o, "--verify"]),
        ("merge-canon", lambda i, o: [ltofold, "merge", i, "-o", o, "--canon",
                                      "--merge-canon", "--verify"]),
    ]
    if plugin:
        table.append(("opt", lambda i, o: [
            os.path.join(LLVM_BIN, "opt"), "-load-pass-plugin=" + plugin,
            "-passes=ltofold", i, "-o", o]))
    return table


def run(cmd, timeout):
    """(status, output, seconds); status None on a timeout. The command
    runs in a process group of its own, killed whole on a timeout."""
    start = time.monotonic()
    env = dict(os.environ)
    env.pop("LTOFOLD_OPTIONS", None)
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          start_new_session=True, env=env) as proc:
        try:
            out, _ = proc.communicate(timeout=timeout)
            return proc.returncode, out.decode(errors="replace"), time.monotonic() - start
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return None, "", time.monotonic() - start


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Corpus:
    def __init__(self, args):
        self.args = args
        self.ltofold = os.path.join(args.build, "bin", "ltofold")
        plugin = os.path.join(args.build, "lib", "libltofold.so")
        self.phases = phases(self.ltofold, plugin if os.path.exists(plugin) and not args.no_opt else None)
        self.opt = os.path.join(LLVM_BIN, "opt")
        self.llvm_as = os.path.join(LLVM_BIN, "llvm-as")

    def files(self):
        found = []
        for sub in self.args.dirs:
            top = os.path.join(self.args.tests, sub)
            if not os.path.isdir(top):
                sys.exit(f"corpus: {top}: no such directory")
            for directory, dirs, names in os.walk(top):
                dirs.sort()
                found += [os.path.join(directory, n) for n in sorted(names) if n.endswith(".ll")]
        if self.args.sample and self.args.sample < len(found):
            found = sorted(random.Random(self.args.seed).sample(found, self.args.sample))
        return found

    def one(self, path):
        """The findings of one file: a list of (class, phase, detail), or
        None when LLVM 22 does not parse it."""
        with tempfile.TemporaryDirectory(prefix="corpus.") as work:
            bc = os.path.join(work, "in.bc")
            # Parsed: LLVM 22 reads the text and reads back the bitcode it
            # wrote (a few old data layouts pass the first and fail the
            # second: "preferred alignment cannot be less than the ABI
            # alignment").
            status, _, _ = run([self.llvm_as, path, "-o", bc], 60)
            if status == 0:
                status, _, _ = run([self.opt, "-passes=verify", "-disable-output", bc], 60)
            if status != 0:
                return None
            findings = []
            for name, build in self.phases:
                out = os.path.join(work, name + ".bc")
                status, text, _ = run(build(bc, out), self.args.timeout)
                if status is None:
                    findings.append(("hang", name, f"over {self.args.timeout} s"))
                    continue
                if status != 0 or "LLVM ERROR" in text:
                    text = text.strip()
                    if len(text) > 3000:
                        text = text[:1500] + "\n[...]\n" + text[-1500:]
                    findings.append(("crash", name, f"exit {status}: " + text))
                    continue
                status, text, _ = run([self.opt, "-passes=verify", "-disable-output", out], 60)
                if status != 0:
                    findings.append(("verifier", name, text.strip()[-2000:]))
                if name == "merge":
                    again = os.path.join(work, "merge-again.bc")
                    status, text, _ = run(build(bc, again), self.args.timeout)
                    if status == 0 and digest(out) != digest(again):
                        findings.append(("nondeterminism", name, "two merges differ"))
            return findings

    def keep(self, path, findings):
        relative = os.path.relpath(path, self.args.tests)
        for cls, phase, detail in findings:
            directory = os.path.join(self.args.out, "findings", cls,
                                     relative.replace(os.sep, "__") + "." + phase)
            os.makedirs(directory, exist_ok=True)
            shutil.copy(path, os.path.join(directory, "input.ll"))
            command = dict(self.phases)[phase]("input.ll", "out.bc")
            with open(os.path.join(directory, "finding.txt"), "w") as f:
                f.write(f"file: {relative}\nclass: {cls}\nphase: {phase}\n"
                        f"command: {' '.join(command)}\n\n{detail}\n")

    def main(self):
        files = self.files()
        shutil.rmtree(os.path.join(self.args.out, "findings"), ignore_errors=True)
        os.makedirs(self.args.out, exist_ok=True)
        start = time.monotonic()
        tried = parsed = 0
        by_class = {c: 0 for c in CLASSES}
        by_phase = {}
        failing = []
        with ThreadPoolExecutor(self.args.jobs) as pool:
            for path, findings in zip(files, pool.map(self.one, files)):
                tried += 1
                if findings is None:
                    continue
                parsed += 1
                if findings:
                    self.keep(path, findings)
                    failing.append(os.path.relpath(path, self.args.tests))
                    for cls, phase, detail in findings:
                        by_class[cls] += 1
                        by_phase[phase] = by_phase.get(phase, 0) + 1
                        first = detail.splitlines()[0] if detail else ""
                        print(f"corpus: {cls} in {phase}: "
                              f"{os.path.relpath(path, self.args.tests)}: {first[:200]}",
                              flush=True)
                if tried % 500 == 0:
                    print(f"corpus: {tried}/{len(files)} files, {len(failing)} failing",
                          flush=True)
        summary = {
            "tests": self.args.tests, "dirs": self.args.dirs,
            "sample": self.args.sample, "seed": self.args.seed,
            "phases": [name for name, _ in self.phases],
            "files_tried": tried, "files_parsed": parsed,
            "files_failing": len(failing), "findings": by_class,
            "findings_by_phase": by_phase, "failing": failing,
            "seconds": round(time.monotonic() - start, 1),
        }
        with open(os.path.join(self.args.out, "summary.json"), "w") as f:
            json.dump(summary, f, indent=2)
            f.write("\n")
        line = (f"corpus: {tried} files tried, {parsed} parsed by LLVM 22, "
                f"{len(failing)} with findings: " +
                ", ".join(f"{c} {by_class[c]}" for c in CLASSES) +
                f" ({summary['seconds']} s)")
        with open(os.path.join(self.args.out, "summary.md"), "w") as f:
            f.write("| directories | files tried | parsed | " +
                    " | ".join(CLASSES) + " |\n|---|---:|---:|" +
                    "---:|" * len(CLASSES) + "\n")
            f.write(f"| {' '.join(self.args.dirs)} | {tried} | {parsed} | " +
                    " | ".join(str(by_class[c]) for c in CLASSES) + " |\n")
        print(line)
        return 1 if failing else 0


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Classes, phases and outputs: see the top of scripts/corpus.py.")
    p.add_argument("--tests", required=True, help="llvm/test of an LLVM source tree")
    p.add_argument("--build", default="build", help="ltofold's build directory")
    p.add_argument("--dirs", nargs="+", default=["Transforms"],
                   help="directories under --tests (default: Transforms)")
    p.add_argument("--sample", type=int, default=0,
                   help="this many files drawn with --seed (default: all)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=int, default=30, help="seconds per phase")
    p.add_argument("--out", default="build/corpus", help="summary and findings")
    p.add_argument("--no-opt", action="store_true",
                   help="leave out the opt pass-plugin phase (sanitizer builds)")
    return p.parse_args(argv)


if __name__ == "__main__":
    sys.exit(Corpus(parse_args(sys.argv[1:])).main())
