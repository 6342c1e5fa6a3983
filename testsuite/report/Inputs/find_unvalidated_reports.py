#!/usr/bin/env python3
"""find_unvalidated_reports.py TESTSUITE_DIR

Lists each report a lit test writes but never checks against the schema
(docs/report.schema.json), as `TEST: REPORT`, and exits 1 if there is one.

A test writes a report where one of its RUN commands names one: --report
FILE or --report=FILE (the command, ltofold thin-backend, the ThinLTO
distributor), report=FILE (LTOFOLD_OPTIONS, -plugin-opt=), -ltofold-report=
FILE (-mllvm, opt), or `ltofold report combine|binary ... -o FILE`. Each such
FILE must be an argument of a `%validate-report` RUN command in the same
test (a shell pattern there covers the files it matches; a per-object
report, FILE with %%o, needs a pattern; for /dev/stdout, the file standard
output is redirected to). Not counted: /dev/null and
/dev/full; commands that are expected to fail (`not`, expect_exit.py with a
non-zero status, terminate_when_blocked.py; DEFINE: substitutions made),
which write no report; and a
FILE the test names on a line `UNVALIDATED-REPORT: FILE (why)`, for a
report that is validated under another name (what came through a FIFO)."""
import fnmatch
import os
import re
import sys

WRITERS = [
    re.compile(r"--report[= ]+([^\s'\",;]+)"),
    re.compile(r"(?<![\w-])report=([^\s'\",;]+)"),
    re.compile(r"-ltofold-report=([^\s'\",;]+)"),
    re.compile(r"\breport (?:combine|binary)\b.*?\s-o\s+(\S+)"),
]
FAILING = re.compile(r"(^|\s)not\s|expect_exit\.py [1-9]|terminate_when_blocked\.py")
IGNORED = {"/dev/null", "/dev/full"}


def run_commands(path):
    """The RUN commands of a test, continuation lines joined, with the
    test's own DEFINE: substitutions made."""
    commands, current, defines = [], None, {}
    for line in open(path, encoding="utf-8", errors="replace"):
        define = re.search(r"\bDEFINE:\s*(%\{[\w-]+\})\s*=\s*(.*)$", line)
        if define:
            defines[define.group(1)] = define.group(2).strip()
            continue
        match = re.search(r"\bRUN:\s?(.*)$", line)
        if not match:
            continue
        text = match.group(1).rstrip()
        current = (current or "") + text
        if current.endswith("\\"):
            current = current[:-1]
            continue
        for name, value in defines.items():
            current = current.replace(name, value)
        commands.append(current)
        current = None
    return commands


def reports_written(commands):
    for command in commands:
        if FAILING.search(command) or "%validate-report" in command:
            continue
        for writer in WRITERS:
            for target in writer.findall(command):
                if target.startswith("-") or target.startswith("2>") or target in IGNORED:
                    continue
                if target == "/dev/stdout":  # the report is where stdout goes
                    redirect = re.search(r"(?<![2&])>\s*(\S+)", command)
                    target = redirect.group(1) if redirect else target
                yield target


def validated(commands):
    names = []
    for command in commands:
        if "%validate-report" in command:
            names += command.split("%validate-report", 1)[1].split()
    return names


def covered(target, names):
    if "%%o" in target:
        return any("*" in name and name.endswith(".json") for name in names)
    # A name relative to a directory the test changed into (cd %t) is
    # validated by its full name.
    suffix = "/" + target if "/" not in target and "%" not in target else None
    return any(name == target or ("*" in name and fnmatch.fnmatchcase(target, name)) or
               (suffix and name.endswith(suffix)) for name in names)


def main(root):
    missing = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories
                                   if d not in ("Inputs", "inputs", "Output"))
        for name in sorted(files):
            if not name.endswith((".test", ".ll")):
                continue
            path = os.path.join(directory, name)
            text = open(path, encoding="utf-8", errors="replace").read()
            exempt = set(re.findall(r"UNVALIDATED-REPORT:\s*(\S+)", text))
            commands = run_commands(path)
            names = validated(commands)
            for target in sorted(set(reports_written(commands))):
                if target not in exempt and not covered(target, names):
                    missing.append("%s: %s" % (os.path.relpath(path, root), target))
    for line in missing:
        print(line)
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
