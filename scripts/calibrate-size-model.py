#!/usr/bin/env python3
"""Calibrates a model of x86-64 code size against what llc actually emits
(issue 10: profitability from real bytes), for the merge pass's decision
whether merging similar functions saves bytes.

Three measurements, written to WORK/RESULTS.md (and CSV files beside it):

 1. Per-function data from real programs. For each precodegen module (the IR
    after LTO optimization, which is what the merge pass sees): every defined
    function's IR instruction counts by opcode and opcode class, its basic
    blocks, parameters, switch cases, and its machine-code size in bytes from
    `llc -O2 -function-sections -filetype=obj -relocation-model=pic`
    (symbol sizes from `llvm-nm -S --defined-only`). A least-squares fit of
    bytes ~ sum(weight * class count) + weight * blocks + ... + intercept,
    with R^2 and the median absolute relative error on held-out programs
    (fit on all programs but one, test on that one; and fit on one, test on
    each other). Plain least squares and non-negative least squares, both by
    the normal equations in plain Python (no numpy needed).
 2. Thunk cost: f(i32 %a, ptr %b) tail-calling an internal
    body(i32, ptr, <k constants>) for k = 0..6 and each kind of constant;
    symbol size and size rounded up to the 16-byte function alignment.
    Call-site cost: a caller of body(x, y, <k constants>) against the same
    caller of body(x, y).
 3. Body cost of parameterizing a constant: an operation on a constant
    against the same operation on a new parameter (in a register, on the
    stack, and live across a call).

Inputs (precodegen bitcode), any mix of:
  --program NAME=FILE.bc   a precodegen module (e.g. lld's OUT.0.5.precodegen.bc
                           from a link with -Wl,--save-temps)
  --realprogs P1,P2,...    programs of testsuite/realprogs, already built by
                           `scripts/realprogs.sh --build-only P...`: each one's
                           RP_BENCH binary is relinked with lld --save-temps into
                           WORK/inputs/P/ and its 0.5.precodegen.bc is used
  --fmt                    fmt's format-test (scripts/build-fmt-bitcode.sh
                           WORK/inputs; builds it when missing, a few minutes)
Default, when none is given: --realprogs bzip2,cjson,jsoncpp,pugixml --fmt
(two C programs, three C++ ones).

Usage: scripts/calibrate-size-model.py [--work DIR] [inputs...]
          [--sample N] [--seed S] [--no-fit] [--no-micro] [--jobs J]
  --work DIR   work files and RESULTS.md (default build/calibrate)
  --sample N   at most N functions per program in the fit (default: all)
  --no-fit     skip step 1 (no inputs needed)
  --no-micro   skip steps 2 and 3
  --triple T   step 1 for target T (e.g. aarch64-linux-gnu) on the same
               modules, their target, data layout and CPU attributes
               removed (steps 2 and 3 are x86-64's; the other target's
               are in scripts/measure-size-model.py)
Exit status 0 when every measurement ran; 1 on a failure (with the reason);
2 on a usage error.
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import shlex
import subprocess
import sys
import time

LLVM = "/usr/lib/llvm-22/bin"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRIPLE = "x86_64-pc-linux-gnu"
# What lld's LTO code generation does for a PIE link (clang's default on
# Debian): optimization level 2, position-independent code.
LLC_FLAGS = ["-O2", "-function-sections", "-filetype=obj", "-relocation-model=pic"]
FUNCTION_ALIGN = 16
# --triple: the fit (step 1) for another target, on the same modules
# retargeted (their target, data layout and CPU attributes removed).
RETARGET = None


class Failure(Exception):
    pass


def say(msg):
    print("calibrate: " + msg, file=sys.stderr, flush=True)


def run(cmd, **kw):
    """Runs CMD; raises Failure with its stderr when it fails."""
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise Failure("%s failed (status %d):\n%s" % (
            " ".join(shlex.quote(c) for c in cmd), p.returncode, p.stderr[-3000:]))
    return p.stdout


def tool(name):
    path = os.path.join(LLVM, name)
    if not os.access(path, os.X_OK):
        raise Failure("no %s (scripts/setup.sh installs LLVM 22)" % path)
    return path


def up_to_date(out, *inputs):
    return os.path.exists(out) and all(
        os.path.getmtime(out) >= os.path.getmtime(i) for i in inputs + (__file__,))


# ---- Inputs -----------------------------------------------------------------

def relink_realprog(prog, work):
    """Relinks PROG's RP_BENCH binary with lld --save-temps; returns the
    precodegen bitcode path."""
    out_dir = os.path.join(work, "inputs", prog)
    os.makedirs(out_dir, exist_ok=True)
    rp_out = os.environ.get("RP_OUT", os.path.join(ROOT, "build", "realprogs"))
    stamp = os.path.join(rp_out, prog, "build.stamp")
    if not os.path.exists(stamp):
        raise Failure("%s: no bitcode build in %s (run: scripts/realprogs.sh --build-only %s)"
                      % (prog, os.path.join(rp_out, prog), prog))
    output = os.path.join(out_dir, prog + ".out")
    pre = output + ".0.5.precodegen.bc"
    if os.path.exists(pre) and os.path.getmtime(pre) >= os.path.getmtime(stamp):
        return pre
    say("%s: relinking with lld --save-temps into %s" % (prog, out_dir))
    script = r'''
set -euo pipefail
source "$1/testsuite/realprogs/lib/common.sh"
rp_load "$2"
RP_MODE_FLAGS="-fuse-ld=lld -Wl,--save-temps" RP_MODE_ENV=()
rp_relink "$RP_OUT/$2/build" "$RP_BENCH" "$3"
'''
    env = dict(os.environ, RP_OUT=rp_out)
    p = subprocess.run(["bash", "-c", script, "relink", ROOT, prog, output],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0 or not os.path.exists(pre):
        raise Failure("%s: relink with --save-temps failed (no %s):\n%s"
                      % (prog, pre, (p.stdout + p.stderr)[-3000:]))
    # keep only the precodegen module and the LTO object (the check that
    # llc's sizes are the link's)
    for f in os.listdir(out_dir):
        path = os.path.join(out_dir, f)
        if path not in (pre, output + ".lto.o") and f.startswith(prog + ".out"):
            os.remove(path)
    return pre


def build_fmt(work):
    inputs = os.path.join(work, "inputs")
    os.makedirs(inputs, exist_ok=True)
    pre = os.path.join(inputs, "fmt-format-test.precodegen.bc")
    if not os.path.exists(pre):
        say("building fmt's format-test bitcode (scripts/build-fmt-bitcode.sh %s)" % inputs)
    p = subprocess.run(["bash", os.path.join(ROOT, "scripts", "build-fmt-bitcode.sh"), inputs],
                       capture_output=True, text=True)
    if p.returncode != 0 or not os.path.exists(pre):
        raise Failure("scripts/build-fmt-bitcode.sh %s failed:\n%s" % (inputs, p.stderr[-3000:]))
    return pre


# ---- IR features ------------------------------------------------------------

# Opcode classes of the model. Opcodes not listed are "other".
CLASS_OF = {}
for _cls, _ops in {
    "call": "call invoke callbr resume",
    "load": "load",
    "store": "store",
    "gep": "getelementptr",
    "int_arith": "add sub mul shl lshr ashr and or xor udiv sdiv urem srem",
    "fp_arith": "fadd fsub fmul fdiv frem fneg",
    "cmp": "icmp fcmp",
    "select": "select",
    "br": "br indirectbr",
    "switch": "switch",
    "ret": "ret",
    "phi": "phi",
    "cast": "trunc zext sext ptrtoint inttoptr bitcast addrspacecast",
    "fp_cast": "fptrunc fpext fptoui fptosi uitofp sitofp",
    "alloca": "alloca",
    "vec_agg": "extractelement insertelement shufflevector extractvalue insertvalue",
    "eh": "landingpad catchpad cleanuppad catchswitch catchret cleanupret",
    "unreachable": "unreachable",
}.items():
    for _op in _ops.split():
        CLASS_OF[_op] = _cls
TERMINATORS = set("ret br switch indirectbr invoke resume catchswitch catchret "
                  "cleanupret unreachable callbr".split())
# Intrinsics that emit no code of their own.
FREE_INTRINSICS = re.compile(
    r"@llvm\.(dbg\.|lifetime\.|assume|experimental\.noalias\.scope\.decl|invariant\.|"
    r"pseudoprobe|sideeffect|donothing|var\.annotation|launder\.invariant\.group|"
    r"strip\.invariant\.group|objectsize|is\.constant|expect|type\.test|public\.type\.test)")
MEM_INTRINSICS = re.compile(r"@llvm\.(memcpy|memmove|memset)")
CALLEE = re.compile(r'(@"(?:[^"\\]|\\.)*"|@[-\w.$]+|%"(?:[^"\\]|\\.)*"|%[-\w.$]+)\(')
DEFINE_NAME = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(')
CLASSES = ["call", "intr_mem", "intr_other", "intr_free", "load", "store", "gep",
           "int_arith", "fp_arith", "cmp", "select", "br", "switch", "ret", "phi",
           "cast", "fp_cast", "alloca", "vec_agg", "eh", "unreachable", "other"]

# The model's features: (name, fine classes or features summed, ...).
MODEL = [
    ("call", ["call"], "call, invoke, callbr, resume, inline asm (not intrinsics)"),
    ("call_args", ["call_args"], "arguments passed at those calls"),
    ("mem_inline_16B", ["mem_small_16b"],
     "per 16 bytes of a memcpy/memmove/memset of constant length <= 128 (inlined)"),
    ("mem_call", ["mem_call"], "memcpy/memmove/memset of other lengths (a libc call)"),
    ("other_intr", ["intr_other"], "other intrinsics (umax, ctlz, fshl, abs, ...)"),
    ("free", ["intr_free", "alloca", "unreachable"], "alloca, unreachable, code-free intrinsics"),
    ("cast", ["cast"], "integer and pointer casts"),
    ("load", ["load"], "load"),
    ("store", ["store"], "store"),
    ("gep", ["gep"], "getelementptr"),
    ("int_arith", ["int_arith"], "integer arithmetic, logic, shifts, division"),
    ("fp", ["fp_arith", "fp_cast"], "floating-point arithmetic and conversions"),
    ("cmp_select", ["cmp", "select"], "icmp, fcmp, select"),
    ("phi", ["phi"], "phi"),
    ("ret", ["ret"], "ret (beyond its block)"),
    ("eh", ["eh"], "landingpad and other EH pads"),
    ("other", ["vec_agg", "other"], "extract/insertvalue, vector ops, atomics, freeze, ..."),
    ("blocks", ["blocks"], "basic blocks (each with its terminator: br, switch, ...)"),
    ("switch_cases", ["switch_cases"], "switch cases"),
    ("params", ["params"], "function parameters"),
]
DESCRIPTION = {name: desc for name, _, desc in MODEL}
BIG = 16  # bytes: a function at least as large as a thunk's aligned slot


def unquote_name(name):
    if name.startswith('"'):
        body = name[1:-1]
        return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), body)
    return name


def split_args(text, start):
    """The top-level, comma-separated items of the parenthesized list that
    opens at TEXT[START] (parameters of a define, arguments of a call)."""
    depth, items, cur = 0, [], ""
    for c in text[start:]:
        if c in "(<{[":
            depth += 1
            if depth == 1:
                continue
        elif c in ")>}]":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and c == ",":
            items.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        items.append(cur.strip())
    return [i for i in items if i != "..."]


def count_params(text, start):
    return len(split_args(text, start))


MEM_CONST_LENGTH = re.compile(r"^i\d+\s+(?:noundef\s+)?(\d+)$")
SMALL_MEM = 128  # bytes: a memcpy/memset of constant length up to this is inlined


def parse_module(ll_path, intrinsics):
    """(name, features, opcode counts) of each defined function of a textual
    module; counts the intrinsics called into INTRINSICS."""
    funcs = []
    with open(ll_path, errors="replace") as f:
        lines = iter(f)
        for line in lines:
            if not line.startswith("define "):
                continue
            m = DEFINE_NAME.search(line)
            if not m:
                continue
            name = unquote_name(m.group(1))
            # llc emits no code for available_externally definitions
            linkage_ae = " available_externally " in line.split("@", 1)[0] + " "
            ops = collections.Counter()
            feats = {"params": count_params(line, m.end() - 1), "blocks": 0,
                     "switch_cases": 0, "call_args": 0, "instructions": 0,
                     "mem_small": 0, "mem_small_16b": 0, "mem_call": 0}
            in_switch = False
            for body in lines:
                s = body.strip()
                if s == "}":
                    break
                if not s or s.startswith(";") or s.startswith("#dbg_"):
                    continue
                if in_switch:
                    if s.startswith("]"):
                        in_switch = False
                    else:
                        feats["switch_cases"] += 1
                    continue
                if not body[0].isspace():  # a label
                    continue
                first = s.split(None, 1)[0]
                # continuation lines: landingpad clauses, invoke's normal and
                # unwind destinations
                if first in ("cleanup", "catch", "filter", "to", "unwind"):
                    continue
                rest = s
                if rest.startswith("%") and " = " in rest:
                    rest = rest.split(" = ", 1)[1]
                words = rest.split()
                op = words[0]
                if op in ("tail", "musttail", "notail"):
                    op = words[1]
                if op in TERMINATORS:
                    feats["blocks"] += 1
                if op == "switch":
                    if not s.endswith("]"):
                        in_switch = True
                    else:
                        feats["switch_cases"] += s.count("label") - 1
                if op == "call":
                    cm = CALLEE.search(rest)
                    callee = cm.group(1) if cm else ""
                    if " asm " in rest.split("(", 1)[0] + " ":
                        cls = "call"
                    elif callee.startswith("@llvm."):
                        if FREE_INTRINSICS.match(callee):
                            cls = "intr_free"
                        elif MEM_INTRINSICS.match(callee):
                            cls = "intr_mem"
                            args = split_args(rest, cm.end() - 1)
                            lm = MEM_CONST_LENGTH.match(args[2]) if len(args) > 2 else None
                            if lm and int(lm.group(1)) <= SMALL_MEM:
                                feats["mem_small"] += 1
                                feats["mem_small_16b"] += (int(lm.group(1)) + 15) // 16
                            else:
                                feats["mem_call"] += 1
                        else:
                            cls = "intr_other"
                    else:
                        cls = "call"
                    ops["call:" + cls] += 1
                    if callee.startswith("@llvm."):
                        intrinsics[re.sub(r"(\.(p\d+|i\d+|f\d+|v\d+\w*|s_\w+))+$", "", callee[1:])
                                   + " (" + cls + ")"] += 1
                    if cls == "call" and cm:
                        feats["call_args"] += count_params(rest, cm.end() - 1)
                else:
                    cls = CLASS_OF.get(op, "other")
                    ops[op] += 1
                    if op in ("invoke", "callbr"):
                        cm = CALLEE.search(rest)
                        if cm:
                            feats["call_args"] += count_params(rest, cm.end() - 1)
                feats[cls] = feats.get(cls, 0) + 1
                if cls != "intr_free":
                    feats["instructions"] += 1
            if linkage_ae:
                continue
            funcs.append((name, feats, ops))
    return funcs


def symbol_sizes(obj):
    sizes = {}
    for line in run([tool("llvm-nm"), "-S", "--defined-only", obj]).splitlines():
        parts = line.split(None, 3)
        if len(parts) == 4 and parts[2] in "tTwW":
            sizes[parts[3]] = int(parts[1], 16)
    return sizes


def measure_program(name, bc, work):
    """Per-function features and sizes of one precodegen module."""
    d = os.path.join(work, "programs", name)
    os.makedirs(d, exist_ok=True)
    ll, obj = os.path.join(d, name + ".ll"), os.path.join(d, name + ".o")
    if not up_to_date(ll, bc):
        run([tool("llvm-dis"), bc, "-o", ll])
    if not up_to_date(obj, bc):
        say("%s: llc %s" % (name, " ".join(LLC_FLAGS)))
        start = time.time()
        source = bc
        if RETARGET:
            # the module without its target, data layout and CPU attributes,
            # compiled for RETARGET (scripts/measure-size-model.py does the same)
            with open(ll) as f:
                text = f.read()
            text = re.sub(r"^target (datalayout|triple) = .*$", "", text, flags=re.M)
            text = re.sub(r'"(target-cpu|target-features|tune-cpu)"="[^"]*"', "", text)
            source = os.path.join(d, name + ".retargeted.ll")
            with open(source, "w") as f:
                f.write(text)
        run(["nice", "-n", "5", tool("llc")] + LLC_FLAGS + [source, "-o", obj])
        say("%s: llc took %.0f s" % (name, time.time() - start))
    sizes = symbol_sizes(obj)
    # lld --save-temps leaves the LTO object beside the precodegen module:
    # OUT.0.5.precodegen.bc -> OUT.lto.o
    lto = re.sub(r"\.0\.5\.precodegen\.bc$", ".lto.o", bc)
    if lto == bc or not os.path.exists(lto):
        lto = os.path.join(os.path.dirname(bc), "fmt-build", "fmt-format-test.lto.o") \
            if bc.endswith("fmt-format-test.precodegen.bc") else None
    check = None
    if lto and os.path.exists(lto) and os.path.getmtime(lto) >= os.path.getmtime(bc) - 60:
        linked = symbol_sizes(lto)
        common = [k for k in sizes if k in linked]
        check = (sum(1 for k in common if sizes[k] == linked[k]), len(common),
                 sum(sizes[k] for k in common), sum(linked[k] for k in common))
    rows, unmatched = [], 0
    intrinsics = collections.Counter()
    for fname, feats, ops in parse_module(ll, intrinsics):
        if fname not in sizes:
            unmatched += 1
            continue
        rows.append({"program": name, "function": fname, "bytes": sizes[fname],
                     "feats": feats, "ops": ops})
    return rows, unmatched, check, intrinsics


# ---- Least squares ----------------------------------------------------------

def solve(a, b):
    """Solves the square system A x = b by Gaussian elimination with partial
    pivoting (A small and symmetric positive semi-definite here)."""
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def gram(xs, ys, ws):
    n = len(xs[0])
    g = [[0.0] * n for _ in range(n)]
    c = [0.0] * n
    for x, y, w in zip(xs, ys, ws):
        for i in range(n):
            xi = x[i] * w
            if xi == 0:
                continue
            c[i] += xi * y
            gi = g[i]
            for j in range(n):
                gi[j] += xi * x[j]
    return g, c


def fit(xs, ys, ws=None, nonneg=False, free=()):
    """Least squares of ys on xs (rows; the last column is the intercept),
    weighted by ws. With nonneg, every weight but the indices in FREE is
    constrained >= 0 (coordinate descent on the normal equations)."""
    ws = ws or [1.0] * len(ys)
    g, c = gram(xs, ys, ws)
    n = len(g)
    ridge = 1e-9 * (sum(g[i][i] for i in range(n)) / n)
    for i in range(n):
        g[i][i] += ridge
    beta = solve(g, c)
    if not nonneg:
        return beta
    beta = [max(0.0, v) if i not in free else v for i, v in enumerate(beta)]
    for _ in range(20000):
        change = 0.0
        for j in range(n):
            if g[j][j] <= 0:
                continue
            grad = sum(g[j][k] * beta[k] for k in range(n)) - c[j]
            new = beta[j] - grad / g[j][j]
            if j not in free:
                new = max(0.0, new)
            change = max(change, abs(new - beta[j]))
            beta[j] = new
        if change < 1e-7:
            break
    return beta


def predict(beta, x):
    return sum(b * v for b, v in zip(beta, x))


def quality(beta, xs, ys):
    preds = [predict(beta, x) for x in xs]
    mean = sum(ys) / len(ys)
    ss_tot = sum((y - mean) ** 2 for y in ys)
    ss_res = sum((y - p) ** 2 for y, p in zip(ys, preds))
    rel = sorted(abs(p - y) / y for y, p in zip(ys, preds) if y > 0)
    total_err = (sum(preds) - sum(ys)) / sum(ys)
    return {"r2": 1 - ss_res / ss_tot if ss_tot else float("nan"),
            "mdre": rel[len(rel) // 2] if rel else float("nan"),
            "p90re": rel[int(len(rel) * 0.9)] if rel else float("nan"),
            "total": total_err, "n": len(ys)}


# ---- Micro-benchmarks -------------------------------------------------------

ATTRS = ('attributes #0 = { nounwind uwtable "frame-pointer"="none" '
         '"target-cpu"="x86-64" "tune-cpu"="generic" }\n')


def compile_micro(ir, work, name):
    d = os.path.join(work, "micro")
    os.makedirs(d, exist_ok=True)
    ll, obj = os.path.join(d, name + ".ll"), os.path.join(d, name + ".o")
    with open(ll, "w") as f:
        f.write('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-'
                'i64:64-i128:128-f80:128-n8:16:32:64-S128"\n')
        f.write('target triple = "%s"\n\n' % TRIPLE)
        f.write(ir)
        f.write("\n" + ATTRS)
        # as in the real modules (clang's default PIE on Debian)
        f.write('!llvm.module.flags = !{!0, !1}\n!0 = !{i32 8, !"PIC Level", i32 2}\n'
                '!1 = !{i32 7, !"PIE Level", i32 2}\n')
    run([tool("llc")] + LLC_FLAGS + [ll, "-o", obj])
    return symbol_sizes(obj), obj


def round_up(n, a=FUNCTION_ALIGN):
    return (n + a - 1) // a * a


# kind -> (IR type, constant i of that kind, description)
CONST_KINDS = [
    ("i32", "i32", lambda i: str(7 + 11 * i), "small i32 immediate (7, 18, ...)"),
    ("i32_zero", "i32", lambda i: "0", "i32 0"),
    # far apart: constants a 32-bit offset apart are rematerialized from one
    # another (lea), which would understate the cost
    ("i64_large", "i64", lambda i: str((i + 1) * 0x1111111111111),
     "i64 (i+1)*0x1111111111111 (no 32-bit form)"),
    ("ptr_global", "ptr", lambda i: "@g%d" % i, "address of a dso_local global"),
    ("ptr_null", "ptr", lambda i: "null", "ptr null"),
    ("double", "double", lambda i: repr(1.5 + i), "double 1.5+i (constant pool)"),
    ("ptr_function", "ptr", lambda i: "@fn%d" % i, "address of a dso_local function"),
]
MAX_K = 6


def micro_thunks(work):
    decls = "".join("@g%d = dso_local global [4 x i32] zeroinitializer\n" % i for i in range(MAX_K))
    decls += "".join("define dso_local void @fn%d() #0 {\n  ret void\n}\n" % i for i in range(MAX_K))
    decls += "@sink = dso_local global [8 x i64] zeroinitializer\n"
    decls += "declare void @ext()\n"
    ir = [decls]
    for kind, ty, const, _ in CONST_KINDS:
        for k in range(MAX_K + 1):
            for base in (2, 4):
                if base == 4 and kind not in ("i32", "double"):
                    continue
                tag = "%s_%d_b%d" % (kind, k, base)
                own = ["i32 %a", "ptr %b"] + ["i64 %%o%d" % j for j in range(base - 2)]
                extra = ["%s %%c%d" % (ty, j) for j in range(k)]
                body = ["define internal i32 @body_%s(%s) noinline #0 {" % (tag, ", ".join(own + extra))]
                body.append("  store volatile i32 %a, ptr @sink")
                body.append("  store volatile ptr %b, ptr @sink")
                for j in range(base - 2):
                    body.append("  store volatile i64 %%o%d, ptr @sink" % j)
                for j in range(k):
                    body.append("  store volatile %s %%c%d, ptr @sink" % (ty, j))
                body.append("  ret i32 %a\n}")
                ir.append("\n".join(body))
                args = ["i32 %a", "ptr %b"] + ["i64 %%o%d" % j for j in range(base - 2)]
                args += ["%s %s" % (ty, const(j)) for j in range(k)]
                ir.append("define i32 @thunk_%s(%s) #0 {\n"
                          "  %%r = tail call i32 @body_%s(%s)\n  ret i32 %%r\n}"
                          % (tag, ", ".join(own), tag, ", ".join(args)))
                ir.append("define i32 @caller_%s(%s) #0 {\n"
                          "  %%r = call i32 @body_%s(%s)\n  %%s = add i32 %%r, 1\n  ret i32 %%s\n}"
                          % (tag, ", ".join(own), tag, ", ".join(args)))
    sizes, obj = compile_micro("\n\n".join(ir) + "\n", work, "thunks")
    return sizes, obj


# Body variants: (name, description, extra param type, IR with the constant,
# IR with the parameter %p). Context params: i32 %x, ptr %q, i64 %w, double %d.
BODY_KINDS = [
    ("add_i32", "add i32 %x, 7  vs  add i32 %x, %p", "i32",
     "%r = add i32 %x, 7", "%r = add i32 %x, %p", "i32 %r"),
    ("mul_i32", "mul i32 %x, 100  vs  mul i32 %x, %p", "i32",
     "%r = mul i32 %x, 100", "%r = mul i32 %x, %p", "i32 %r"),
    ("icmp_eq", "icmp eq i32 %x, 5 (zext)  vs  with %p", "i32",
     "%c = icmp eq i32 %x, 5\n  %r = zext i1 %c to i32", "%c = icmp eq i32 %x, %p\n  %r = zext i1 %c to i32", "i32 %r"),
    ("icmp_br", "icmp slt i32 %x, 5 + br  vs  with %p", "i32",
     "%c = icmp slt i32 %x, 5\n  br i1 %c, label %t, label %e\nt:\n  call void @ext()\n  br label %e\ne:\n  %r = add i32 %x, 1",
     "%c = icmp slt i32 %x, %p\n  br i1 %c, label %t, label %e\nt:\n  call void @ext()\n  br label %e\ne:\n  %r = add i32 %x, 1", "i32 %r"),
    ("store_i32", "store i32 3, ptr %q  vs  store i32 %p, ptr %q", "i32",
     "store i32 3, ptr %q", "store i32 %p, ptr %q", "i32 %x"),
    ("store_ptr_global", "store ptr @g0, ptr %q  vs  store ptr %p, ptr %q", "ptr",
     "store ptr @g0, ptr %q", "store ptr %p, ptr %q", "i32 %x"),
    ("load_global", "load i32 from @g0  vs  from %p", "ptr",
     "%r = load i32, ptr @g0", "%r = load i32, ptr %p", "i32 %r"),
    ("store_global", "store i32 %x to @g0  vs  to %p", "ptr",
     "store i32 %x, ptr @g0", "store i32 %x, ptr %p", "i32 %x"),
    ("gep_offset", "load from gep %q, 40  vs  gep %q, %p", "i64",
     "%a = getelementptr i8, ptr %q, i64 40\n  %r = load i32, ptr %a",
     "%a = getelementptr i8, ptr %q, i64 %p\n  %r = load i32, ptr %a", "i32 %r"),
    ("and_i64_large", "and i64 %w, 0x123456789AB  vs  and i64 %w, %p", "i64",
     "%v = and i64 %w, 1250999896491\n  %r = trunc i64 %v to i32",
     "%v = and i64 %w, %p\n  %r = trunc i64 %v to i32", "i32 %r"),
    ("call_direct", "call void @ext2()  vs  call void %p()", "ptr",
     "call void @ext2()", "call void %p()", "i32 %x"),
    ("call_arg_i32", "call void @ext1(i32 7)  vs  call void @ext1(i32 %p)", "i32",
     "call void @ext1(i32 7)", "call void @ext1(i32 %p)", "i32 %x"),
    ("call_arg_ptr_global", "call void @extp(ptr @g0)  vs  (ptr %p)", "ptr",
     "call void @extp(ptr @g0)", "call void @extp(ptr %p)", "i32 %x"),
    ("fadd_double", "fadd double %d, 2.5  vs  fadd double %d, %p", "double",
     "%v = fadd double %d, 2.5\n  %r = fptosi double %v to i32",
     "%v = fadd double %d, %p\n  %r = fptosi double %v to i32", "i32 %r"),
]

CONTEXTS = {
    # the new parameter in a register (3rd integer / 2nd floating-point one)
    "reg": (["i32 %x", "ptr %q", "i64 %w", "double %d"], ""),
    # the new parameter on the stack (7th integer / 9th floating-point one)
    "stack": (["i32 %x", "ptr %q", "i64 %w", "i64 %f1", "i64 %f2", "i64 %f3", "double %d"]
              + ["double %%e%d" % i for i in range(7)], ""),
    # the constant or parameter used after a call: it must live in a
    # callee-saved register (or be rematerialized, for the constant)
    "after_call": (["i32 %x", "ptr %q", "i64 %w", "double %d"], "call void @ext()\n  "),
}


def micro_bodies(work):
    ir = ["@g0 = dso_local global [4 x i32] zeroinitializer",
          "declare void @ext()", "declare void @ext1(i32)", "declare void @extp(ptr)",
          "declare void @ext2()"]
    for ctx, (params, prefix) in CONTEXTS.items():
        for name, _, ty, with_const, with_param, ret in BODY_KINDS:
            for variant, code, sig in (("const", with_const, params),
                                       ("param", with_param, params + ["%s %%p" % ty])):
                ir.append("define i32 @%s_%s_%s(%s) #0 {\n  %s%s\n  ret %s\n}"
                          % (name, ctx, variant, ", ".join(sig), prefix, code, ret))
    sizes, obj = compile_micro("\n\n".join(ir) + "\n", work, "bodies")
    return sizes, obj


# ---- Report -----------------------------------------------------------------

def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "calibrate"))
    ap.add_argument("--program", action="append", default=[], metavar="NAME=FILE.bc")
    ap.add_argument("--realprogs", default=None, metavar="P1,P2")
    ap.add_argument("--fmt", action="store_true")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-fit", action="store_true")
    ap.add_argument("--no-micro", action="store_true")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--triple", default=None,
                    help="fit for this target (step 1 only), the modules retargeted")
    args = ap.parse_args()
    global RETARGET
    if args.triple:
        RETARGET = args.triple
        LLC_FLAGS.append("-mtriple=" + args.triple)
        args.no_micro = True
    if args.sample < 0 or args.jobs < 1:
        ap.error("--sample and --jobs need positive numbers")
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    command = "scripts/calibrate-size-model.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    report = ["# Code-size model calibration (%s, LLVM 22)\n" % (args.triple or "x86-64"),
              "Produced by `%s`.\n" % command.strip(),
              "llc flags: `%s`; function alignment %d bytes.\n"
              % (" ".join(LLC_FLAGS), FUNCTION_ALIGN)]
    for t in ("llc", "llvm-nm", "llvm-dis"):
        tool(t)

    if not args.no_fit:
        programs = []
        for spec in args.program:
            if "=" not in spec:
                ap.error("--program wants NAME=FILE.bc, not %r" % spec)
            name, path = spec.split("=", 1)
            if not os.path.isfile(path):
                raise Failure("--program %s: no file %s" % (name, path))
            programs.append((name, os.path.abspath(path)))
        realprogs = args.realprogs
        fmt = args.fmt
        if not programs and realprogs is None and not fmt:
            realprogs, fmt = "bzip2,cjson,jsoncpp,pugixml", True
        for p in (realprogs or "").split(","):
            if p:
                programs.append((p, relink_realprog(p, work)))
        if fmt:
            programs.append(("fmt", build_fmt(work)))
        if len(programs) < 2:
            raise Failure("the fit needs at least two programs (one to fit, one to test)")
        report.append(fit_report(programs, work, args))

    if not args.no_micro:
        report.append(micro_report(work))

    path = os.path.join(work, "RESULTS.md")
    with open(path, "w") as f:
        f.write("\n".join(report))
    say("wrote %s" % path)


def fit_report(programs, work, args):
    out = ["## 1. Per-function model from real programs\n"]
    data, checks, intrinsics = {}, {}, collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        futs = {name: ex.submit(measure_program, name, bc, work) for name, bc in programs}
        for name, bc in programs:
            rows, unmatched, checks[name], intr = futs[name].result()
            intrinsics.update(intr)
            if args.sample and len(rows) > args.sample:
                rows = random.Random(args.seed).sample(rows, args.sample)
            data[name] = rows
            say("%s: %d functions (%d defined functions had no symbol)" % (name, len(rows), unmatched))
    # CSV of every function
    all_ops = sorted({op for rows in data.values() for r in rows for op in r["ops"]})
    feat_cols = ["params", "blocks", "switch_cases", "call_args", "mem_small", "mem_small_16b", "mem_call",
                 "instructions"] + CLASSES
    with open(os.path.join(work, "functions.csv"), "w") as f:
        f.write(",".join(["program", "function", "bytes"] + feat_cols + ["op:" + o for o in all_ops]) + "\n")
        for rows in data.values():
            for r in rows:
                f.write(",".join([r["program"], '"%s"' % r["function"].replace('"', '""'), str(r["bytes"])]
                                 + [str(r["feats"].get(c, 0)) for c in feat_cols]
                                 + [str(r["ops"].get(o, 0)) for o in all_ops]) + "\n")
    out.append(table(["program", "precodegen bitcode", "functions", "bytes (sum of symbol sizes)",
                      "IR instructions", "median bytes"],
                     [[n, "`%s`" % os.path.relpath(bc, ROOT), len(data[n]),
                       sum(r["bytes"] for r in data[n]),
                       sum(r["feats"]["instructions"] for r in data[n]),
                       sorted(r["bytes"] for r in data[n])[len(data[n]) // 2]]
                      for n, bc in programs]))
    out.append("Every function: `%s`.\n" % os.path.relpath(os.path.join(work, "functions.csv"), ROOT))
    lines = ["- %s: %d of %d functions have the same size in llc's object as in lld's LTO object "
             "(`--save-temps` *.lto.o); %d bytes against %d" % ((n,) + c)
             for n, c in checks.items() if c]
    if lines:
        out.append("Check that llc here is lld's LTO code generation:\n\n" + "\n".join(lines) + "\n")

    out.append("Intrinsics called (all programs), and the group each counts in:\n")
    out.append(table(["intrinsic (group)", "calls"], [["`%s`" % k, v] for k, v in intrinsics.most_common(30)]))

    # The model's features: sums of the fine classes (MODEL), and the
    # intercept. Only features present in the data.
    features = [(f, parts) for f, parts, _ in MODEL
                if any(r["feats"].get(c, 0) for rows in data.values() for r in rows for c in parts)]

    def xy(rows):
        return ([[sum(r["feats"].get(c, 0) for c in parts) for _, parts in features] + [1] for r in rows],
                [r["bytes"] for r in rows])

    def fitted(rows, nonneg, relative):
        xs, ys = xy(rows)
        ws = [1.0 / max(y, 16) ** 2 for y in ys] if relative else None
        return fit(xs, ys, ws, nonneg=nonneg, free={len(features)})

    def big(rows):
        return [r for r in rows if r["bytes"] >= BIG]

    everything = [r for rows in data.values() for r in rows]
    variants = [("NNLS-rel", True, True), ("OLS-rel", False, True), ("NNLS-abs", True, False)]
    betas = {v: fitted(everything, nn, rel) for v, nn, rel in variants}
    xs_all, ys_all = xy(everything)
    rows = []
    for i, (f, parts) in enumerate(features):
        rows.append(["`%s`" % f, " ".join(parts) if parts != [f] else "",
                     sum(x[i] for x in xs_all), DESCRIPTION[f]]
                    + ["%.2f" % betas[v][i] for v, _, _ in variants])
    rows.append(["`intercept`", "", len(everything), "per function"]
                + ["%.2f" % betas[v][-1] for v, _, _ in variants])
    out.append("### Weights, fit on all programs\n")
    out.append("Bytes per unit of each feature. **NNLS-rel** (the recommended model): every weight "
               "but the intercept >= 0, rows weighted 1/max(bytes,16)^2 so that the relative error "
               "is minimized (the many small and middle-sized functions, not the few huge ones, "
               "decide). OLS-rel: the same without the sign constraint (some weights come out "
               "negative: correlations, not costs). NNLS-abs: absolute error (huge functions "
               "dominate). Classes are sums of opcodes (column 2; fine counts per opcode are in "
               "functions.csv). `free` counts alloca, unreachable and the intrinsics that emit no code (dbg, lifetime, "
               "assume, noalias.scope.decl, invariant, objectsize, expect, ...).\n")
    out.append(table(["feature", "opcodes", "count in data", "meaning"] + [v for v, _, _ in variants], rows))

    def qcells(beta, rows_):
        q, qb = quality(beta, *xy(rows_)), quality(beta, *xy(big(rows_)))
        return ["%.3f" % q["r2"], "%.1f%%" % (100 * q["mdre"]), "%.1f%%" % (100 * qb["mdre"]),
                "%+.1f%%" % (100 * q["total"])]
    out.append("Fit quality on all functions (in sample; `>=%d B`: functions of at least %d bytes, "
               "the ones worth a thunk):\n" % (BIG, BIG))
    out.append(table(["model", "R^2", "median abs rel err", "median abs rel err >=%d B" % BIG, "total bytes err"],
                     [[v] + qcells(betas[v], everything) for v, _, _ in variants]))
    with open(os.path.join(work, "weights.tsv"), "w") as f:
        f.write("feature\topcodes\t" + "\t".join(v for v, _, _ in variants) + "\n")
        for i, (name, parts) in enumerate(features + [("intercept", [])]):
            f.write("%s\t%s\t%s\n" % (name, " ".join(parts),
                                         "\t".join("%.4f" % betas[v][i] for v, _, _ in variants)))

    out.append("### Held out: fit on the other programs, test on one\n")
    hrows = []
    for test in data:
        train = [r for n, rows_ in data.items() if n != test for r in rows_]
        for v, nn, rel in variants:
            hrows.append([test, len(data[test]), len(big(data[test])), v]
                         + qcells(fitted(train, nn, rel), data[test]))
    out.append(table(["held-out program", "functions", ">=%d B" % BIG, "model", "R^2",
                      "median abs rel err", "median abs rel err >=%d B" % BIG, "total bytes err"], hrows))

    out.append("### Fit on one program, test on another (NNLS-rel; cell: R^2 / median abs rel err "
               "/ the same >=%d B)\n" % BIG)
    names = list(data)
    mrows = []
    for train in names:
        beta = fitted(data[train], True, True)
        row = [train]
        for test in names:
            q, qb = quality(beta, *xy(data[test])), quality(beta, *xy(big(data[test])))
            row.append("%.2f / %.0f%% / %.0f%%" % (q["r2"], 100 * q["mdre"], 100 * qb["mdre"]))
        mrows.append(row)
    out.append(table(["fit on \\ test on"] + names, mrows))

    # a one-parameter baseline: bytes = a * instructions + b
    def xy1(rows):
        return [[r["feats"]["instructions"], 1] for r in rows], [r["bytes"] for r in rows]
    brows = []
    for test in data:
        train = [r for n, rows_ in data.items() if n != test for r in rows_]
        xs1, ys1 = xy1(train)
        b1 = fit(xs1, ys1, [1.0 / max(y, 16) ** 2 for y in ys1])
        q, qb = quality(b1, *xy1(data[test])), quality(b1, *xy1(big(data[test])))
        brows.append([test, "%.2f x %+.1f" % tuple(b1), "%.3f" % q["r2"], "%.1f%%" % (100 * q["mdre"]),
                      "%.1f%%" % (100 * qb["mdre"])])
    out.append("Baseline for comparison: bytes = a * x + b, x = IR instructions (code-free intrinsics "
               "excluded), relative fit on the other programs:\n")
    out.append(table(["held-out program", "fit", "R^2", "median abs rel err",
                      "median abs rel err >=%d B" % BIG], brows))
    return "\n".join(out)


def micro_report(work):
    out = ["## 2. Thunk and call-site cost, by kind of constant\n"]
    sizes, obj = micro_thunks(work)
    out.append("`f(i32 %%a, ptr %%b)` is `tail call i32 @body(i32 %%a, ptr %%b, <k constants>)`, "
               "`body` internal; symbol size in bytes, and in parentheses rounded up to the "
               "%d-byte function alignment (the effective .text cost). Object: `%s`.\n"
               % (FUNCTION_ALIGN, os.path.relpath(obj, ROOT)))
    hdr = ["constant kind"] + ["k=%d" % k for k in range(MAX_K + 1)]
    rows = []
    for kind, _, _, desc in CONST_KINDS:
        rows.append(["%s: %s" % (kind, desc)] + ["%d (%d)" % (sizes["thunk_%s_%d_b2" % (kind, k)],
                                                             round_up(sizes["thunk_%s_%d_b2" % (kind, k)]))
                                                for k in range(MAX_K + 1)])
    out.append(table(hdr, rows))
    out.append("Same with a thunk of four parameters `f(i32, ptr, i64, i64)` "
               "(only two integer argument registers left for constants):\n")
    rows = []
    for kind in ("i32", "double"):
        rows.append([kind] + ["%d (%d)" % (sizes["thunk_%s_%d_b4" % (kind, k)],
                                           round_up(sizes["thunk_%s_%d_b4" % (kind, k)]))
                              for k in range(MAX_K + 1)])
    out.append(table(hdr, rows))
    out.append("### Call site: bytes of `caller(x, y) = body(x, y, <k constants>) + 1` "
               "minus those of the same caller with k = 0 (k = 0 caller: %d bytes)\n"
               % sizes["caller_i32_0_b2"])
    rows = []
    for kind, _, _, desc in CONST_KINDS:
        base = sizes["caller_%s_0_b2" % kind]
        deltas = [sizes["caller_%s_%d_b2" % (kind, k)] - base for k in range(1, MAX_K + 1)]
        rows.append([kind] + ["%+d" % d for d in deltas])
    out.append(table(["constant kind"] + ["k=%d" % k for k in range(1, MAX_K + 1)], rows))
    out.append("With the four-parameter caller (k = 0: %d bytes):\n" % sizes["caller_i32_0_b4"])
    rows = []
    for kind in ("i32", "double"):
        base = sizes["caller_%s_0_b4" % kind]
        rows.append([kind] + ["%+d" % (sizes["caller_%s_%d_b4" % (kind, k)] - base)
                              for k in range(1, MAX_K + 1)])
    out.append(table(["constant kind"] + ["k=%d" % k for k in range(1, MAX_K + 1)], rows))

    out.append("## 3. Body cost of a parameterized constant\n")
    sizes, obj = micro_bodies(work)
    out.append("Bytes of a function doing the operation on a constant, and on a new parameter "
               "`%%p` instead; delta = param - const. Contexts: `reg`, %%p in a register (params "
               "`i32 %%x, ptr %%q, i64 %%w, double %%d, %%p`); `stack`, %%p the 7th integer / 9th "
               "double parameter (on the stack); `after_call`, the operation follows a call to "
               "an external function (so %%p must be kept in a callee-saved register). "
               "Object: `%s`.\n" % os.path.relpath(obj, ROOT))
    rows = []
    for name, desc, _, _, _, _ in BODY_KINDS:
        row = ["`%s`" % desc]
        for ctx in CONTEXTS:
            c, p = sizes["%s_%s_const" % (name, ctx)], sizes["%s_%s_param" % (name, ctx)]
            row.append("%d -> %d (%+d)" % (c, p, p - c))
        rows.append(row)
    out.append(table(["operation"] + ["%s: const -> param (delta)" % c for c in CONTEXTS], rows))
    out.append("A double constant also occupies 8 bytes of .rodata.cst8 (merged across the "
               "program by the linker); a parameter needs none.\n")
    return "\n".join(out)


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        say("FAILED: %s" % e)
        sys.exit(1)
