#!/usr/bin/env python3
"""Builds a module for merge/fprange/canon from llvm-stress functions, each
with a renamed twin, in two function orders.

llvm-stress writes a module with one function, @autogen_SD<SEED>, and
nothing else. A module here has 1-3 of them (different seeds and sizes),
each followed by its twin @twin_SD<SEED> (the same body), with linkages
drawn at random (external, internal, linkonce_odr, with or without
unnamed_addr), so merge takes each of its ways (replace, alias, thunk),
half of them also a near-twin @near_SD<SEED> with one instruction changed
(a constant, a poison or fast-math flag, a predicate, an alignment,
volatile, a constant expression's flags: MUTATIONS), which merge must not fold with the other two, and
a function @stress_caller that calls every one of them, so direct callers
are redirected too. The second output has the same functions in reverse
order (the caller first): merge must fold the same groups whatever the
order.

Usage: stress_twin.py SEED OUT.ll OUT_REVERSED.ll [--llvm-stress PATH]
       stress_twin.py --reverse IN.ll OUT.ll   (any text module: the same
                      functions in reverse order, for reducing a finding)
"""
import argparse
import os
import random
import re
import subprocess
import sys

LINKAGES = ["", "internal ", "linkonce_odr ", "dso_local "]
DEFINE = re.compile(r"^define void @autogen_SD(\d+)\((.*)\) \{$", re.M)


def stress_function(tool, seed, size):
    text = subprocess.run([tool, "-seed", str(seed), "-size", str(size),
                           "-o", "-"], check=True, capture_output=True,
                          text=True).stdout
    start = text.index("define ")
    return text[start:].rstrip() + "\n"


def variant(body, old, new, rng):
    """body with @old renamed @new and a random linkage and unnamed_addr."""
    linkage = rng.choice(LINKAGES)
    unnamed = rng.choice(["", " unnamed_addr", " local_unnamed_addr"])
    head, rest = body.split("\n", 1)
    head = head.replace("define void @%s(" % old,
                        "define %svoid @%s(" % (linkage, new), 1)
    head = head[:-len(" {")] + unnamed + " {"
    return head + "\n" + rest


def argument_types(body):
    params = DEFINE.search(body).group(2)
    types = []
    depth = 0
    current = ""
    for ch in params:
        if ch in "<[{(":
            depth += 1
        elif ch in ">]})":
            depth -= 1
        if ch == "," and depth == 0:
            types.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        types.append(current.strip())
    # Each parameter is "TYPE %N": keep the type.
    return [t.rsplit(" ", 1)[0] for t in types]


# Mutations that make a near-twin: each changes one instruction in a way
# that merge's comparator must see (docs/merge.md, "What equal means"):
# (pattern, replacement) on one line of the body. The pattern's group 1 is
# replaced.
MUTATIONS = [
    # An integer constant operand of an arithmetic, bitwise or compare
    # instruction, one more (a shufflevector mask or an extractelement index
    # would not stay valid).
    (r"^\s*%\S+ = (?:add|sub|mul|and|or|xor|udiv|sdiv|urem|srem|icmp \w+)"
     r" (?:nuw |nsw |exact |disjoint )*i(?:8|16|32|64) (?:%\S+|-?\d+), (-?\d+)$",
     lambda v: str(int(v) + 1)),
    # Poison flags.
    (r"^\s*%\S+ = (add|sub|mul|shl) [<i]", lambda v: v + " nsw"),
    (r"^\s*%\S+ = (add|sub|mul|shl) [<i]", lambda v: v + " nuw"),
    (r"^\s*%\S+ = (udiv|sdiv|lshr|ashr) [<i]", lambda v: v + " exact"),
    (r"^\s*%\S+ = (or) [<i]", lambda v: v + " disjoint"),
    (r"^\s*%\S+ = (fadd|fsub|fmul|fdiv|frem) [<fdh]", lambda v: v + " nnan"),
    (r"^\s*%\S+ = (fadd|fsub|fmul|fdiv|frem) [<fdh]", lambda v: v + " nsz"),
    # Predicates.
    (r"^\s*%\S+ = icmp (eq|ne|ugt|uge|ult|ule|sgt|sge|slt|sle) ",
     lambda v: {"eq": "ne", "ne": "eq", "ugt": "uge", "uge": "ugt", "ult": "ule",
                "ule": "ult", "sgt": "sge", "sge": "sgt", "slt": "sle", "sle": "slt"}[v]),
    (r"^\s*%\S+ = fcmp (oeq|one|olt|ole|ogt|oge|ueq|une|ult|ule|ugt|uge|ord|uno) ",
     lambda v: ("u" + v[1:]) if v[0] == "o" else ("o" + v[1:])),
    # Flags of constant expressions (in the prelude every function gets).
    (r"^\s*store i64 (add) \(", lambda v: v + " nuw"),
    (r"^\s*store i64 (add) \(", lambda v: v + " nsw"),
    (r"^\s*store ptr getelementptr (inbounds) \(", lambda v: "nuw"),
    # Memory: alignment, volatile.
    (r"^\s*(?:%\S+ = load|store) .*, align (\d+)$", lambda v: str(int(v) * 2)),
    (r"^\s*%\S+ = (load) (?!volatile)", lambda v: v + " volatile"),
    (r"^\s*(store) (?!volatile)", lambda v: v + " volatile"),
]
MUTATIONS = [(re.compile(p, re.M), f) for p, f in MUTATIONS]


def nudge(body, rng):
    """body with one instruction changed by one of MUTATIONS (a kind drawn
    among those that apply, then a place), or None if none applies."""
    kinds = [(list(pattern.finditer(body)), f) for pattern, f in MUTATIONS]
    kinds = [(matches, f) for matches, f in kinds if matches]
    if not kinds:
        return None
    matches, f = rng.choice(kinds)
    m = rng.choice(matches)
    return body[:m.start(1)] + f(m.group(1)) + body[m.end(1):]


def valid(tool_dir, text):
    """Whether text (one function) is valid IR, by llvm-as."""
    p = subprocess.run([os.path.join(tool_dir, "llvm-as"), "-o", os.devnull],
                       input=GLOBAL + text, capture_output=True, text=True)
    return p.returncode == 0


# llvm-stress uses no global; each function gets these two stores of
# constant expressions on @stress_g after its entry label, so the
# comparator's handling of constant expressions (and their flags) is
# exercised too.
GLOBAL = "@stress_g = global [16 x i8] zeroinitializer\n"
PRELUDE = ("  store i64 add (i64 ptrtoint (ptr @stress_g to i64), i64 8), ptr %0, align 8\n"
           "  store ptr getelementptr inbounds (i8, ptr @stress_g, i64 4), ptr %1, align 8\n")


def with_prelude(body):
    """body with PRELUDE after its entry label, when its first two
    parameters are pointers (as llvm-stress writes them)."""
    head, label, rest = body.split("\n", 2)
    if "(ptr %0, ptr %1" not in head or not label.endswith(":"):
        return body
    return head + "\n" + label + "\n" + PRELUDE + rest


def build(seed, tool):
    rng = random.Random(seed)
    functions = []  # (name, text)
    calls = []
    for j in range(rng.randint(1, 3)):
        fseed = (seed * 4 + j) % 2**32  # llvm-stress takes a 32-bit seed
        body = with_prelude(stress_function(tool, fseed, rng.choice([20, 50, 100, 200, 400])))
        types = argument_types(body)
        args = ", ".join("%s poison" % t for t in types)
        names = ["autogen_SD%d" % fseed, "twin_SD%d" % fseed]
        near = nudge(body, rng) if rng.random() < 0.5 else None
        if near is not None and not valid(os.path.dirname(tool), near):
            near = None
        if near is not None:
            names.append("near_SD%d" % fseed)
        for name in names:
            text = near if name.startswith("near_") else body
            functions.append(variant(text, "autogen_SD%d" % fseed, name, rng))
            calls.append("  call void @%s(%s)" % (name, args))
    caller = "define void @stress_caller() {\n%s\n  ret void\n}\n" % "\n".join(calls)
    head = "; stress_twin.py %d\n%s" % (seed, GLOBAL)
    forward = head + "\n".join(functions + [caller])
    return forward, reverse_functions(forward)


def reverse_functions(text):
    """text with its function definitions in reverse order (everything else
    first, in its order)."""
    other, functions, current = [], [], None
    for line in text.splitlines(keepends=True):
        if current is None and line.startswith("define "):
            current = [line]
        elif current is not None:
            current.append(line)
            if line.startswith("}"):
                functions.append("".join(current))
                current = None
        else:
            other.append(line)
    return "".join(other) + "\n" + "\n".join(reversed(functions))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--reverse":
        open(sys.argv[3], "w").write(reverse_functions(open(sys.argv[2]).read()))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("out")
    parser.add_argument("out_reversed")
    parser.add_argument("--llvm-stress", default="/usr/lib/llvm-22/bin/llvm-stress")
    args = parser.parse_args()
    forward, reverse = build(args.seed, args.llvm_stress)
    open(args.out, "w").write(forward)
    open(args.out_reversed, "w").write(reverse)
    return 0


if __name__ == "__main__":
    sys.exit(main())
