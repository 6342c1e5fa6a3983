#!/usr/bin/env python3
"""Measures, with llc, the numbers of merge's size model (merge/size_model.c)
that small IR functions decide, for x86-64 and AArch64 (issue 37, item 3):
what llc emits, not what one guesses it emits.

For each target (x86_64-linux-gnu, aarch64-linux-gnu), every module below is
compiled with `llc -O2 -filetype=obj -relocation-model=pic` (what lld's LTO
code generation does for a PIE link) and measured from the object with
llvm-readelf (section sizes and alignment) and llvm-nm (symbol sizes):

  - a function: the smallest one (`ret`), and the alignment of .text;
  - its unwind entry: its FDE's bytes (llvm-dwarfdump --eh-frame), for a
    leaf, a tail call (a thunk) and a function with a frame, with
    `uwtable`; none without it when `nounwind` (llc emits an FDE where
    Function::needsUnwindTableEntry holds: uwtable, a personality, or a
    function that may throw); and the .eh_frame_hdr bytes one more FDE adds
    once linked (`ld.lld -shared --eh-frame-hdr`: the header's table);
  - a thunk: a tail call of a function with 0..6 constant arguments of each
    kind (zero, i32, i64, a small negative i64, a pointer to a global, a
    double), its bytes, and
    the constant-pool bytes a double adds;
  - a call with N constant arguments: the bytes a call of a function with N
    constants adds to a caller;
  - a select on an i1 parameter between two parameters;
  - with --corpus FILE.bc...: for real modules (their target, data layout
    and CPU attributes removed), each target's code and the average FDE of
    their functions, which a function of real code has on average.

Usage: scripts/measure-size-model.py [--work DIR] [--corpus FILE.bc]...
Prints a markdown table per target; exit status 0, or 1 on a failure.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

LLVM = "/usr/lib/llvm-22/bin"
TARGETS = ["x86_64-linux-gnu", "aarch64-linux-gnu"]
LLC_FLAGS = ["-O2", "-filetype=obj", "-relocation-model=pic"]
# Each kind's i-th constant: distinct values, so that no argument is a copy
# of the one before (a register move, not a constant's).
CONSTANT_KINDS = {
    "zero": ("i64", lambda i: "0"),
    "i32": ("i32", lambda i: str(1000 + i)),
    "i64": ("i64", lambda i: str(0x123456789abcdef + (i << 40))),
    "negative": ("i64", lambda i: str(-1 - i)),
    "pointer": ("ptr", lambda i: "getelementptr (i8, ptr @global, i64 %d)" % (8 * i)),
    "double": ("double", lambda i: repr(0.1 + i)),
}


class Failure(Exception):
    pass


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise Failure("%s failed:\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    return p.stdout


class Target:
    """Compiles IR for one triple in a work directory and reads the objects."""

    def __init__(self, triple, work):
        self.triple, self.work, self.count = triple, work, 0

    def compile(self, ir, extra=()):
        self.count += 1
        base = os.path.join(self.work, "%s-%d" % (self.triple, self.count))
        with open(base + ".ll", "w") as f:
            f.write(ir)
        run([LLVM + "/llc", *LLC_FLAGS, *extra, "-mtriple=" + self.triple,
             base + ".ll", "-o", base + ".o"])
        return base + ".o"

    def link(self, obj):
        out = obj[:-2] + ".so"
        run([LLVM + "/ld.lld", "-shared", "--eh-frame-hdr", obj, "-o", out])
        return out


def sections(path):
    """{name: (size, alignment)} of an ELF file's sections."""
    result = {}
    for line in run([LLVM + "/llvm-readelf", "-S", "--wide", path]).splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)"
                     r"\s+[0-9a-f]+\s+\S*\s+\d+\s+\d+\s+(\d+)", line)
        if m:
            result[m.group(1)] = (int(m.group(2), 16), int(m.group(3)))
    return result


def section_bytes(path, prefix):
    return sum(size for name, (size, _) in sections(path).items()
               if name == prefix or name.startswith(prefix + "."))


def symbol_size(obj, name):
    for line in run([LLVM + "/llvm-nm", "-S", "--defined-only", obj]).splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[3] == name:
            return int(fields[1], 16)
    raise Failure("no symbol %s in %s" % (name, obj))


PRELUDE = "@global = hidden global [8 x i64] zeroinitializer\n" \
          "declare void @external()\n"


def functions(kind, count, attributes):
    """COUNT functions of KIND (leaf, thunk, frame) with ATTRIBUTES."""
    bodies = {
        "leaf": "  ret void",
        "thunk": "  tail call void @external()\n  ret void",
        "frame": "  call void @external()\n  call void @external()\n  ret void",
    }
    return PRELUDE + "".join("define void @f%d() %s {\n%s\n}\n" % (i, attributes, bodies[kind])
                             for i in range(count))


def measure_function(t):
    obj = t.compile(functions("leaf", 1, "nounwind"))
    return symbol_size(obj, "f0"), sections(obj)[".text"][1]


def fde_sizes(obj):
    """The bytes of each FDE in OBJ's .eh_frame (its length field
    included), in order. The last one is padded to the section's
    alignment, so that the difference of two sections' sizes is not an
    FDE's size."""
    text = run([LLVM + "/llvm-dwarfdump", "--eh-frame", obj])
    return [int(m.group(1), 16) + 4
            for m in re.finditer(r"^[0-9a-f]+ ([0-9a-f]+) [0-9a-f]+ FDE", text, re.M)]


def measure_unwind(t, kind, attributes):
    """The first FDE of three functions of KIND (0 when there is none), and
    once linked the .eh_frame_hdr bytes one more function adds."""
    objs = [t.compile(functions(kind, n, attributes)) for n in (2, 3)]
    sizes = fde_sizes(objs[1])
    fde = sizes[0] if sizes else 0
    linked = [t.link(o) for o in objs]
    header = section_bytes(linked[1], ".eh_frame_hdr") - section_bytes(linked[0], ".eh_frame_hdr")
    return fde, header


def constants(kind, n):
    type_, value = CONSTANT_KINDS[kind]
    return [type_] * n, ["%s %s" % (type_, value(i)) for i in range(n)]


def body_definition(types):
    return "define internal void @body(%s) noinline nounwind {\n  ret void\n}\n" % ", ".join(types)


def measure_thunk(t, kind, n):
    """A thunk passing N constants of KIND: its code, and its constant pool."""
    types, args = constants(kind, n)
    ir = PRELUDE + body_definition(types) + \
        "define void @thunk() nounwind {\n  tail call void @body(%s)\n  ret void\n}\n" % ", ".join(args)
    obj = t.compile(ir, ["-function-sections", "-data-sections"])
    pool = section_bytes(obj, ".rodata")
    return symbol_size(obj, "thunk"), pool


def measure_call(t, kind, n):
    """The bytes a call passing N constants of KIND adds to a caller."""
    types, args = constants(kind, n)
    ir = PRELUDE + body_definition(types) + \
        "define void @caller() nounwind {\n  call void @external()\n" \
        "  call void @body(%s)\n  call void @external()\n  ret void\n}\n" % ", ".join(args)
    without = PRELUDE + "define void @caller() nounwind {\n  call void @external()\n" \
        "  call void @external()\n  ret void\n}\n"
    flags = ["-function-sections"]
    return symbol_size(t.compile(ir, flags), "caller") - \
        symbol_size(t.compile(without, flags), "caller")


def measure_select(t):
    ir = "define i32 @s(i1 %p, i32 %a, i32 %b) nounwind {\n" \
         "  %r = select i1 %p, i32 %a, i32 %b\n  ret i32 %r\n}\n"
    plain = "define i32 @s(i1 %p, i32 %a, i32 %b) nounwind {\n  ret i32 %a\n}\n"
    return symbol_size(t.compile(ir), "s") - symbol_size(t.compile(plain), "s")


def neutral_module(bc, work):
    """BC as text without its target, data layout and CPU attributes, so
    that it compiles for any target."""
    text = run([LLVM + "/llvm-dis", bc, "-o", "-"])
    text = re.sub(r"^target (datalayout|triple) = .*$", "", text, flags=re.M)
    text = re.sub(r'"(target-cpu|target-features|tune-cpu)"="[^"]*"', "", text)
    path = os.path.join(work, os.path.basename(bc) + ".neutral.ll")
    with open(path, "w") as f:
        f.write(text)
    return path


def code_bytes(obj):
    return sum(size for name, (size, _) in sections(obj).items()
               if name == ".text" or name.startswith(".text."))


def corpus_ratio(corpus, work):
    """Per module: each target's code and average FDE."""
    rows = []
    for bc in corpus:
        ll = neutral_module(bc, work)
        row = [bc]
        for triple in TARGETS:
            obj = os.path.join(work, "%s.%s.o" % (os.path.basename(bc), triple))
            run([LLVM + "/llc", *LLC_FLAGS, "-function-sections", "-mtriple=" + triple, ll, "-o", obj])
            fdes = fde_sizes(obj)
            row += [code_bytes(obj), sum(fdes) / max(1, len(fdes))]
        rows.append(row)
    return rows


def report_target(t):
    print("\n## %s (llc -O2 -filetype=obj -relocation-model=pic -mtriple=%s)\n" % (t.triple, t.triple))
    size, align = measure_function(t)
    print("| what | bytes |\n|---|---:|")
    print("| smallest function (`ret`), .text | %d |" % size)
    print("| function alignment (.text sh_addralign) | %d |" % align)
    for kind in ("leaf", "thunk", "frame"):
        fde, header = measure_unwind(t, kind, "uwtable")
        print("| FDE in .eh_frame, %s, uwtable | %d |" % (kind, fde))
        print("| .eh_frame_hdr entry (linked), %s, uwtable | %d |" % (kind, header))
    fde, _ = measure_unwind(t, "leaf", "nounwind")
    print("| FDE in .eh_frame, leaf, nounwind without uwtable | %d |" % fde)
    fde, _ = measure_unwind(t, "leaf", "")
    print("| FDE in .eh_frame, leaf, may throw, no uwtable | %d |" % fde)
    print("| select i1 between two parameters | %d |" % measure_select(t))
    print("\n| constants | kind | thunk .text | thunk pool | call added |\n|---:|---|---:|---:|---:|")
    for kind in CONSTANT_KINDS:
        for n in range(7):
            thunk, pool = measure_thunk(t, kind, n)
            print("| %d | %s | %d | %d | %d |" % (n, kind, thunk, pool, measure_call(t, kind, n)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", help="work directory (default: a temporary one)")
    parser.add_argument("--corpus", action="append", default=[],
                        help="a bitcode module whose functions give AArch64's ratio to x86-64")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="measure-size-model.")
    os.makedirs(work, exist_ok=True)
    try:
        print("# Size model measurements (scripts/measure-size-model.py, llc-22)")
        for triple in TARGETS:
            report_target(Target(triple, work))
        if args.corpus:
            print("\n## Whole modules: code, and the average FDE of their functions\n")
            print("| module | x86-64 .text | AArch64 .text | ratio | x86-64 FDE | AArch64 FDE |\n"
                  "|---|---:|---:|---:|---:|---:|")
            for bc, x86, x86_fde, arm, arm_fde in corpus_ratio(args.corpus, work):
                print("| %s | %d | %d | %.3f | %.1f | %.1f |"
                      % (os.path.basename(bc), x86, arm, arm / x86, x86_fde, arm_fde))
    except Failure as e:
        print("measure-size-model: " + str(e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
