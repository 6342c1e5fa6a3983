#!/usr/bin/env python3
"""Generates an LLVM IR module full of duplicate functions, for benchmarking
function merging (scripts/bench-merge.sh).

The module has N functions with small random bodies: integer arithmetic with
poison flags, compares and selects, if/else diamonds with PHIs, counted
loops, loads and stores through a pointer argument, a global buffer or an
alloca, calls to earlier functions (so call chains exist) and, rarely, a
guarded call of the function itself. Each function is one of:

  original         a new random body;
  exact duplicate  an earlier original again, with other value and block
                   names, and each callee replaced by a random duplicate of
                   that callee: so it equals its original only once its
                   callees have been folded, and folding has to iterate
                   along the chains;
  near duplicate   an earlier original with one constant changed, one poison
                   flag toggled or one compare predicate swapped: it hashes
                   like the original in most hashing schemes, so it costs
                   full comparisons, but it must never be folded.

Linkage is drawn per function: internal (what LTO internalization leaves),
external with a significant address (folded through a thunk), linkonce_odr
unnamed_addr (C++ inline functions). Some external functions have their
address stored in a table, so their addresses are observably significant.

The output is a pure function of (N, seed, rates): the same arguments give
byte-identical text. Write it to a file and assemble it with llvm-as.

Usage: gen-merge-module.py --functions N [--seed S] [--duplicates F]
                           [--near-duplicates F] [-o OUT.ll]
"""
import argparse
import random
import re
import sys

# Signature kinds: (return type, parameter list, accumulator type,
# name of the integer argument, pointer argument or None).
KINDS = [
    ("i32", "i32 %a, i32 %b", "i32", "%a", None),
    ("i64", "i64 %a, ptr %p", "i64", "%a", "%p"),
    ("i32", "ptr %p, i32 %n", "i32", "%n", "%p"),
    ("void", "ptr %p, i64 %n", "i64", "%n", "%p"),
]
GLOBAL_BUFFERS = 16
BINARY_OPS = ["add", "sub", "mul", "xor", "and", "or"]
FLAGGED_OPS = {"add", "sub", "mul"}  # take nuw/nsw
SHIFT_OPS = ["shl", "lshr", "ashr"]
PREDICATES = ["eq", "ne", "ult", "ugt", "ule", "uge", "slt", "sgt", "sle", "sge"]
# Value and block name prefixes; an exact duplicate takes a different pair.
NAMINGS = [("v", "bb"), ("t", "blk"), ("x", "L"), ("tmp", "label"), ("r", "B")]

MARK = re.compile(r"\$([VBCFPK])(\d+)")


class Template:
    """A function body with holes: $V<n> value names, $B<n> block labels,
    $C<n> constants, $F<n> poison flags, $P<n> predicates, $K<n> callees.
    Filling the holes differently gives exact or near duplicates."""

    def __init__(self, kind):
        self.kind = kind
        self.lines = []
        self.constants = []   # ints
        self.flags = []       # strings: "", "nuw ", "nsw ", "nuw nsw "
        self.predicates = []  # strings
        self.callees = []     # function indices, or -1 for the function itself
        self.values = 0
        self.blocks = 1       # $B0 is the entry block


class BodyBuilder:
    """Builds one random Template, segment by segment, keeping the current
    block and the current accumulator value."""

    def __init__(self, rng, kind, callable_before):
        self.rng = rng
        self.t = Template(kind)
        self.callable_before = callable_before
        _, _, self.ty, self.acc, self.ptr = KINDS[kind]
        self.block = "$B0"
        self.entry_allocas = []

    def value(self):
        self.t.values += 1
        return "%$V" + str(self.t.values - 1)

    def new_block(self):
        self.t.blocks += 1
        return "$B" + str(self.t.blocks - 1)

    def constant(self, low, high):
        self.t.constants.append(self.rng.randint(low, high))
        return "$C" + str(len(self.t.constants) - 1)

    def flag(self):
        self.t.flags.append(self.rng.choice(["", "nuw ", "nsw ", "nuw nsw "]))
        return "$F" + str(len(self.t.flags) - 1)

    def predicate(self):
        self.t.predicates.append(self.rng.choice(PREDICATES))
        return "$P" + str(len(self.t.predicates) - 1)

    def emit(self, line):
        self.t.lines.append("  " + line)

    def start_block(self, label):
        self.t.lines.append(label + ":")
        self.block = label

    def operand(self):
        """Mostly a constant, sometimes the integer argument."""
        if self.rng.random() < 0.8:
            return self.constant(1, 1000)
        return KINDS[self.t.kind][3]

    def arithmetic_op(self, left, right):
        op = self.rng.choice(BINARY_OPS)
        result = self.value()
        flags = self.flag() if op in FLAGGED_OPS else ""
        self.emit(f"{result} = {op} {flags}{self.ty} {left}, {right}")
        return result

    # ---- segments: each leaves the new accumulator in self.acc ----

    def segment_arithmetic(self):
        for _ in range(self.rng.randint(1, 3)):
            if self.rng.random() < 0.2:
                op = self.rng.choice(SHIFT_OPS)
                result = self.value()
                self.emit(f"{result} = {op} {self.ty} {self.acc}, {self.constant(1, 7)}")
                self.acc = result
            else:
                self.acc = self.arithmetic_op(self.acc, self.operand())

    def segment_select(self):
        condition, other, result = self.value(), self.value(), self.value()
        self.emit(f"{condition} = icmp {self.predicate()} {self.ty} {self.acc}, "
                  f"{self.constant(0, 500)}")
        self.emit(f"{other} = add {self.flag()}{self.ty} {self.acc}, {self.constant(1, 99)}")
        self.emit(f"{result} = select i1 {condition}, {self.ty} {self.acc}, {self.ty} {other}")
        self.acc = result

    def segment_diamond(self):
        condition = self.value()
        then_block, else_block, join = self.new_block(), self.new_block(), self.new_block()
        self.emit(f"{condition} = icmp {self.predicate()} {self.ty} {self.acc}, "
                  f"{self.constant(0, 500)}")
        self.emit(f"br i1 {condition}, label %{then_block}, label %{else_block}")
        start = self.acc
        self.start_block(then_block)
        then_value = self.arithmetic_op(start, self.operand())
        self.emit(f"br label %{join}")
        self.start_block(else_block)
        else_value = self.arithmetic_op(start, self.operand())
        self.emit(f"br label %{join}")
        self.start_block(join)
        result = self.value()
        self.emit(f"{result} = phi {self.ty} [ {then_value}, %{then_block} ], "
                  f"[ {else_value}, %{else_block} ]")
        self.acc = result

    def segment_loop(self):
        trips = self.value()
        self.emit(f"{trips} = and {self.ty} {self.acc}, {self.constant(3, 15)}")
        before, header, exit_block = self.block, self.new_block(), self.new_block()
        self.emit(f"br label %{header}")
        self.start_block(header)
        counter, total = self.value(), self.value()
        next_counter, next_total, done = self.value(), self.value(), self.value()
        self.emit(f"{counter} = phi {self.ty} [ 0, %{before} ], [ {next_counter}, %{header} ]")
        self.emit(f"{total} = phi {self.ty} [ {self.acc}, %{before} ], [ {next_total}, %{header} ]")
        mixed = self.arithmetic_op(total, counter)
        if self.ptr and self.rng.random() < 0.5:
            slot = self.value()
            self.emit(f"{slot} = getelementptr inbounds {self.ty}, ptr {self.ptr}, {self.ty} {counter}")
            self.emit(f"store {self.ty} {mixed}, ptr {slot}, align 4")
        self.emit(f"{next_total} = add {self.flag()}{self.ty} {mixed}, {self.constant(1, 50)}")
        self.emit(f"{next_counter} = add nuw nsw {self.ty} {counter}, 1")
        self.emit(f"{done} = icmp ult {self.ty} {next_counter}, {trips}")
        self.emit(f"br i1 {done}, label %{header}, label %{exit_block}")
        self.start_block(exit_block)
        self.acc = next_total

    def segment_memory(self):
        index, slot, loaded = self.value(), self.value(), self.value()
        self.emit(f"{index} = and {self.ty} {self.acc}, 15")
        choice = self.rng.random()
        if self.ptr and choice < 0.5:
            self.emit(f"{slot} = getelementptr inbounds {self.ty}, ptr {self.ptr}, {self.ty} {index}")
            align = 4
        elif choice < 0.8:
            wide = index
            if self.ty == "i32":
                wide = self.value()
                self.emit(f"{wide} = zext i32 {index} to i64")
            buffer = self.rng.randrange(GLOBAL_BUFFERS)
            self.emit(f"{slot} = getelementptr inbounds [16 x i64], ptr @buffer{buffer}, "
                      f"i64 0, i64 {wide}")
            align = 8
        else:
            local = self.value()
            self.entry_allocas.append(f"{local} = alloca [16 x {self.ty}], align 16")
            self.emit(f"{slot} = getelementptr inbounds [16 x {self.ty}], ptr {local}, "
                      f"{self.ty} 0, {self.ty} {index}")
            self.emit(f"store {self.ty} {self.acc}, ptr {slot}, align 4")
            align = 4
        self.emit(f"{loaded} = load {self.ty}, ptr {slot}, align {align}")
        updated = self.arithmetic_op(loaded, self.acc)
        self.emit(f"store {self.ty} {updated}, ptr {slot}, align {align}")
        self.acc = updated

    def call_arguments(self, kind):
        """Converts the accumulator to callee `kind`'s parameters."""
        _, _, callee_ty, _, _ = KINDS[kind]
        value = self.acc
        if callee_ty != self.ty:
            value = self.value()
            if callee_ty == "i32":
                self.emit(f"{value} = trunc {self.ty} {self.acc} to i32")
            else:
                self.emit(f"{value} = sext {self.ty} {self.acc} to i64")
        pointer = self.ptr or f"@buffer{self.rng.randrange(GLOBAL_BUFFERS)}"
        return {
            0: f"i32 {value}, i32 {self.constant(1, 100)}",
            1: f"i64 {value}, ptr {pointer}",
            2: f"ptr {pointer}, i32 {value}",
            3: f"ptr {pointer}, i64 {value}",
        }[kind]

    def emit_call(self, callee_hole, kind):
        returns, _, callee_ty, _, _ = KINDS[kind]
        arguments = self.call_arguments(kind)
        if returns == "void":
            self.emit(f"call void @{callee_hole}({arguments})")
            return
        result = self.value()
        self.emit(f"{result} = call {returns} @{callee_hole}({arguments})")
        if callee_ty != self.ty:
            converted = self.value()
            self.emit(f"{converted} = " + (f"trunc i64 {result} to i32" if self.ty == "i32"
                                          else f"sext i32 {result} to i64"))
            result = converted
        self.acc = self.arithmetic_op(self.acc, result)

    def segment_call(self):
        if not self.callable_before:
            return self.segment_arithmetic()
        # Mostly recent functions, so chains get deep; sometimes any earlier one.
        if self.rng.random() < 0.7:
            low = max(0, len(self.callable_before) - 64)
            callee = self.callable_before[self.rng.randrange(low, len(self.callable_before))]
        else:
            callee = self.rng.choice(self.callable_before)
        self.t.callees.append(callee[0])
        self.emit_call("$K" + str(len(self.t.callees) - 1), callee[1])

    def segment_self_call(self):
        condition = self.value()
        call_block, join = self.new_block(), self.new_block()
        before = self.block
        start = self.acc
        self.emit(f"{condition} = icmp ult {self.ty} {self.acc}, {self.constant(1, 8)}")
        self.emit(f"br i1 {condition}, label %{call_block}, label %{join}")
        self.start_block(call_block)
        self.t.callees.append(-1)
        self.emit_call("$K" + str(len(self.t.callees) - 1), self.t.kind)
        after_call, call_end = self.acc, self.block
        self.emit(f"br label %{join}")
        self.start_block(join)
        result = self.value()
        self.emit(f"{result} = phi {self.ty} [ {start}, %{before} ], [ {after_call}, %{call_end} ]")
        self.acc = result

    def build(self):
        segments = [
            (self.segment_arithmetic, 30), (self.segment_select, 10),
            (self.segment_diamond, 15), (self.segment_loop, 8),
            (self.segment_memory, 15), (self.segment_call, 20),
            (self.segment_self_call, 2),
        ]
        functions, weights = zip(*segments)
        # One constant at least, for near duplicates to change.
        self.acc = self.arithmetic_op(self.acc, self.constant(1, 1000))
        for _ in range(self.rng.randint(2, 6)):
            self.rng.choices(functions, weights)[0]()
        returns = KINDS[self.t.kind][0]
        if returns == "void":
            self.emit(f"store {self.ty} {self.acc}, ptr {self.ptr}, align 4")
            self.emit("ret void")
        else:
            self.emit(f"ret {returns} {self.acc}")
        self.t.lines[0:0] = ["  " + a for a in self.entry_allocas]
        return self.t


def mutate(rng, template):
    """A near duplicate: one constant, flag or predicate changed."""
    near = Template(template.kind)
    near.__dict__.update({k: list(v) if isinstance(v, list) else v
                          for k, v in template.__dict__.items()})
    choices = []
    if near.constants:
        choices.append("constant")
    if near.flags:
        choices.append("flag")
    if near.predicates:
        choices.append("predicate")
    what = rng.choice(choices)
    if what == "constant":
        i = rng.randrange(len(near.constants))
        near.constants[i] += 1
    elif what == "flag":
        i = rng.randrange(len(near.flags))
        near.flags[i] = rng.choice([f for f in ["", "nuw ", "nsw ", "nuw nsw "]
                                    if f != near.flags[i]])
    else:
        i = rng.randrange(len(near.predicates))
        near.predicates[i] = rng.choice([p for p in PREDICATES if p != near.predicates[i]])
    return near


def render_body(template, naming, callee_names):
    value_prefix, block_prefix = naming

    def fill(match):
        kind, n = match.group(1), int(match.group(2))
        if kind == "V":
            return value_prefix + str(n)
        if kind == "B":
            return block_prefix + str(n)
        if kind == "C":
            return str(template.constants[n])
        if kind == "F":
            return template.flags[n]
        if kind == "P":
            return template.predicates[n]
        return callee_names[n]

    lines = [MARK.sub(fill, line) for line in template.lines]
    return f"{block_prefix}0:\n" + "\n".join(lines)


def generate(count, seed, duplicate_rate, near_rate, out):
    rng = random.Random(seed)
    templates = []     # per function: its Template
    origin = []        # per function: index of its original (itself if original)
    exact_class = {}   # original index -> indices of it and its exact duplicates
    originals = []
    linkages = []
    callable_before = []  # (index, kind)

    for i in range(count):
        roll = rng.random()
        if originals and roll < duplicate_rate:
            source = rng.choice(originals)
            templates.append(templates[source])
            origin.append(source)
            exact_class[source].append(i)
        elif originals and roll < duplicate_rate + near_rate:
            source = rng.choice(originals)
            templates.append(mutate(rng, templates[source]))
            origin.append(i)
            exact_class[i] = [i]
        else:
            kind = rng.randrange(len(KINDS))
            templates.append(BodyBuilder(rng, kind, callable_before).build())
            origin.append(i)
            exact_class[i] = [i]
            originals.append(i)
        callable_before.append((i, templates[i].kind))
        roll = rng.random()
        linkages.append("internal" if roll < 0.6 else "external" if roll < 0.85
                        else "linkonce_odr")

    out.write(f"; Generated by scripts/gen-merge-module.py --functions {count} "
              f"--seed {seed} --duplicates {duplicate_rate} "
              f"--near-duplicates {near_rate}\n")
    out.write('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-'
              'i128:128-f80:128-n8:16:32:64-S128"\n')
    out.write('target triple = "x86_64-unknown-linux-gnu"\n\n')
    for b in range(GLOBAL_BUFFERS):
        out.write(f"@buffer{b} = internal global [16 x i64] zeroinitializer, align 16\n")

    taken = [i for i in range(count) if linkages[i] == "external" and i % 7 == 0]
    if taken:
        entries = ", ".join(f"ptr @f{i}" for i in taken)
        out.write(f"@address_table = global [{len(taken)} x ptr] [{entries}]\n")
    out.write("\n")

    for i in range(count):
        template = templates[i]
        callee_names = []
        for callee in template.callees:
            if callee < 0:
                callee_names.append(f"f{i}")
            elif origin[i] == i:
                callee_names.append(f"f{callee}")
            else:
                # An exact duplicate calls a random member of each callee's
                # exact class that exists before it.
                members = [m for m in exact_class[origin[callee]] if m < i]
                callee_names.append(f"f{rng.choice(members)}")
        naming = NAMINGS[0] if origin[i] == i else rng.choice(NAMINGS[1:])
        returns, parameters, _, _, _ = KINDS[template.kind]
        linkage = {"internal": "internal ", "external": "",
                   "linkonce_odr": "linkonce_odr "}[linkages[i]]
        unnamed = "unnamed_addr " if linkages[i] == "linkonce_odr" else ""
        out.write(f"define {linkage}{returns} @f{i}({parameters}) {unnamed}#0 {{\n")
        out.write(render_body(template, naming, callee_names))
        out.write("\n}\n\n")
    out.write("attributes #0 = { nounwind }\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--functions", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--duplicates", type=float, default=0.4,
                        help="fraction of exact duplicates (default 0.4)")
    parser.add_argument("--near-duplicates", type=float, default=0.15,
                        help="fraction of near duplicates (default 0.15)")
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    if args.functions < 1:
        parser.error("--functions must be at least 1")
    if args.output == "-":
        generate(args.functions, args.seed, args.duplicates, args.near_duplicates, sys.stdout)
    else:
        with open(args.output, "w") as out:
            generate(args.functions, args.seed, args.duplicates, args.near_duplicates, out)


if __name__ == "__main__":
    main()
