#!/usr/bin/env python3
"""Random floating-point C programs for differential testing of fprange (and
merge): the same program linked plainly and through ltofold must print the
same bits.

A program has a few functions over double and float. Their bodies mix
arithmetic, int-to-FP conversions of masked integers (values with known
ranges), guarded FP-to-int conversions, compares that feed branches and
selects, small counted loops, libm calls (sqrt, fabs, floor, ceil,
trunc, round, fmin, fmax, copysign, sin, cos, exp, log, pow, hypot...), and
reads of constant tables at masked indices (fprange bounds them by the
table's elements), writes and reads of static variables and arrays
(fprange bounds a closed global by its initializer and its stores) and
of local arrays, filled first (a stack array, by its stores), some of
them filled, read or copied through helper functions that take their
address (fprange follows the pointer into the helper), so
that fprange has ranges to compute and compares to decide. Some functions
get an exact twin, so merge folds too, and some a near-twin (one constant
one ulp up) that merge must not fold. One to three loop-heavy functions
(LoopFunction, from a random generator of their own, so the others stay
what they were for each seed) accumulate sums, products, integer-valued
sums and integer counters over loops of run-time trip counts (`min(n, N)`,
masked bits of n, nested), some vectorized or kept from it by a pragma,
and compare each accumulator with thresholds on both sides of the bound
of what it can reach.

main runs every function on a fixed table of edge inputs (NaN, both
infinities, both zeros, subnormals, the largest and smallest normals, 1, -1,
0.5, ...), on pseudo-random inputs, and on values given on the command line,
and prints each result with %a (exact bits). A NaN prints as `nan` whatever
its sign and payload: LLVM does not promise either for a computed NaN.

The programs have no undefined behaviour: FP-to-int conversions are done only
after a range check, integer arithmetic is unsigned or masked, loops are
counted.

Usage: gen_fp.py SEED [-o OUT.c]
"""
import argparse
import math
import random
import re
import struct
import sys

UNARY_DOUBLE = ["sqrt", "fabs", "floor", "ceil", "trunc", "round", "rint",
                "nearbyint", "sin", "cos", "exp", "log", "exp2", "log2",
                "atan", "tanh", "cbrt", "expm1", "log1p"]
def sign_of(e):
    """`e` where only its sign is read (copysign's second argument,
    signbit): a NaN there becomes -inf. The sign of a NaN that arithmetic
    makes is not specified (LLVM's LangRef: an fmul of two NaNs may return
    either, and passes may swap its operands), so a program reading it may
    print differently after any correct change of its code; zeros keep
    their sign."""
    return "fmax(%s, -INFINITY)" % e


BINARY_DOUBLE = ["fmin", "fmax", "copysign", "pow", "hypot", "fmod",
                 "atan2", "fdim"]
CONSTANTS = ["0.0", "-0.0", "1.0", "-1.0", "0.5", "2.0", "3.0", "10.0",
             "1e-300", "1e300", "0x1p-1074", "0x1p-1022", "0x1.fffffffffffffp+1023",
             "INFINITY", "-INFINITY", "NAN", "255.0", "256.0", "65536.0",
             "0.1", "1e-8", "100.0", "-100.0", "3.14159265358979"]
FLOAT_CONSTANTS = ["0.0f", "-0.0f", "1.0f", "-1.0f", "0.5f", "2.0f",
                   "0x1p-149f", "0x1p-126f", "3.4028235e38f", "INFINITY",
                   "NAN", "255.0f", "1e-4f", "100.0f"]
CMP = ["<", "<=", ">", ">=", "==", "!="]


class Function:
    """One generated function: `T NAME(double x, double y, float z,
    unsigned n)` with T double or float. Locals are d0..dK (double) and
    f0..fK (float) and u0.. (unsigned)."""

    def __init__(self, rng, name, ret, tables=(), states=()):
        self.rng = rng
        self.tables = list(tables)  # (name, type, size)
        self.states = list(states)  # (name, type, size; 0: a scalar)
        self.name = name
        self.ret = ret
        self.doubles = ["x", "y"]
        self.floats = ["z"]
        self.unsigneds = ["n"]
        self.lines = []
        self.depth = 1

    def emit(self, line):
        self.lines.append("  " * self.depth + line)

    def double_leaf(self):
        r = self.rng.random()
        if r < 0.55:
            return self.rng.choice(self.doubles)
        if r < 0.75:
            return self.rng.choice(CONSTANTS)
        if r < 0.85:
            # A conversion of a masked integer: a value with a known range.
            mask = self.rng.choice(["0xff", "0xffff", "7", "0x3ff", "1"])
            return "(double)(%s & %su)" % (self.rng.choice(self.unsigneds), mask)
        if r < 0.93 and self.tables:
            # A constant table read at a masked index: in its elements' hull.
            name, _, size = self.rng.choice(self.tables)
            return "(double)%s[%s & %du]" % (name, self.rng.choice(self.unsigneds),
                                             size - 1)
        if r < 0.96 and self.states:
            # A static variable or array, written by some function.
            return "(double)%s" % self.state_place()
        return "(double)%s" % self.rng.choice(self.floats)

    def state_place(self):
        name, kind, size = self.rng.choice(self.states)
        if size == 0:
            return name
        index = self.rng.choice(self.unsigneds)
        if self.rng.random() < 0.4:
            # Read through a helper that gets the array's address.
            return "pick_%s(%s, %du, %s)" % (kind, name, size - 1, index)
        return "%s[%s & %du]" % (name, index, size - 1)

    def store_state(self):
        name, kind, size = self.rng.choice(self.states)
        place = name if size == 0 else "%s[%s & %du]" % (
            name, self.rng.choice(self.unsigneds), size - 1)
        value = self.double_expr() if kind == "double" else self.float_expr()
        self.emit("%s = %s;" % (place, value))

    def double_expr(self, depth=0):
        r = self.rng.random()
        if depth > 2 or r < 0.3:
            return self.double_leaf()
        if r < 0.6:
            op = self.rng.choice(["+", "-", "*", "/"])
            return "(%s %s %s)" % (self.double_expr(depth + 1), op,
                                   self.double_expr(depth + 1))
        if r < 0.8:
            return "%s(%s)" % (self.rng.choice(UNARY_DOUBLE),
                               self.double_expr(depth + 1))
        if r < 0.9:
            fn = self.rng.choice(BINARY_DOUBLE)
            a = self.double_expr(depth + 1)
            b = self.double_expr(depth + 1)
            if fn == "copysign":
                b = sign_of(b)
            return "%s(%s, %s)" % (fn, a, b)
        return "(%s ? %s : %s)" % (self.condition(depth + 1),
                                   self.double_expr(depth + 1),
                                   self.double_expr(depth + 1))

    def float_expr(self, depth=0):
        r = self.rng.random()
        if depth > 2 or r < 0.35:
            if self.rng.random() < 0.7:
                return self.rng.choice(self.floats)
            return self.rng.choice(FLOAT_CONSTANTS)
        if r < 0.65:
            op = self.rng.choice(["+", "-", "*", "/"])
            return "(%s %s %s)" % (self.float_expr(depth + 1), op,
                                   self.float_expr(depth + 1))
        if r < 0.85:
            fn = self.rng.choice(["sqrtf", "fabsf", "floorf", "ceilf",
                                  "truncf", "sinf", "expf", "logf"])
            return "%s(%s)" % (fn, self.float_expr(depth + 1))
        return "(float)%s" % self.double_expr(depth + 1)

    def range_condition(self, depth):
        """A compare that a range analysis can decide (or nearly): fprange's
        folds are on these paths."""
        e = self.double_expr(depth + 1)
        u = self.rng.choice(self.unsigneds)
        return self.rng.choice([
            "fabs(%s) %s 0.0" % (e, self.rng.choice(CMP)),
            "sqrt(%s) < 0.0" % e,
            "(double)(%s & 0xffu) %s %s" % (u, self.rng.choice(CMP),
                                            self.rng.choice(["255.0", "256.0", "0.0", "-1.0", "300.5"])),
            "floor(%s) > %s" % (e, e),
            "exp(%s) %s 0.0" % (e, self.rng.choice(["<", ">=", "=="])),
            "(fabs(%s) + 1.0) %s 1.0" % (e, self.rng.choice(CMP)),
            "copysign(1.0, %s) %s 0.0" % (sign_of(e), self.rng.choice(CMP)),
            "(float)(%s & 7u) * 0.5f %s 4.0f" % (u, self.rng.choice(CMP)),
            "fmax(%s, 2.0) %s 1.0" % (e, self.rng.choice(CMP)),
        ])

    def condition(self, depth=0):
        r = self.rng.random()
        if r < 0.25:
            return self.range_condition(depth)
        if r < 0.5:
            return "%s %s %s" % (self.double_expr(depth + 1),
                                 self.rng.choice(CMP),
                                 self.double_expr(depth + 1))
        if r < 0.65:
            return "%s %s %s" % (self.float_expr(depth + 1),
                                 self.rng.choice(CMP),
                                 self.float_expr(depth + 1))
        if r < 0.85:
            fn = self.rng.choice(["isnan", "isinf", "isfinite", "signbit",
                                  "isnormal"])
            e = self.double_expr(depth + 1)
            return "%s(%s)" % (fn, sign_of(e) if fn == "signbit" else e)
        return "(%s & 1u)" % self.rng.choice(self.unsigneds)

    def new_double(self):
        name = "d%d" % len(self.doubles)
        self.emit("double %s = %s;" % (name, self.double_expr()))
        self.doubles.append(name)

    def new_float(self):
        name = "f%d" % len(self.floats)
        self.emit("float %s = %s;" % (name, self.float_expr()))
        self.floats.append(name)

    def new_unsigned(self):
        # A guarded conversion: defined for every input, NaN included.
        name = "u%d" % len(self.unsigneds)
        d = self.double_expr()
        self.emit("double t%s = %s;" % (name, d))
        self.emit("unsigned %s = (t%s >= 0.0 && t%s < 4294967296.0) ? "
                  "(unsigned)t%s : %uu;" % (name, name, name, name,
                                            self.rng.randrange(1 << 16)))
        self.unsigneds.append(name)

    def assign(self):
        # Some assignments accumulate (`+=`, `-=`): inside a counted loop,
        # an accumulator fprange bounds by the trip count.
        op = self.rng.choice(["=", "=", "=", "+=", "-="])
        if self.rng.random() < 0.7 and len(self.doubles) > 2:
            target = self.rng.choice(self.doubles[2:])
            self.emit("%s %s %s;" % (target, op, self.double_expr()))
        elif len(self.floats) > 1:
            target = self.rng.choice(self.floats[1:])
            self.emit("%s %s %s;" % (target, op, self.float_expr()))

    def branch(self, budget):
        self.emit("if (%s) {" % self.condition())
        self.depth += 1
        self.statements(budget)
        self.depth -= 1
        if self.rng.random() < 0.5:
            self.emit("} else {")
            self.depth += 1
            self.statements(budget)
            self.depth -= 1
        self.emit("}")

    def loop(self, budget):
        var = "i%d" % len(self.lines)
        bound = self.rng.choice(["4", "10", "(n & 7u)", "3", "100", "(n & 255u)"])
        self.emit("for (unsigned %s = 0; %s < %s; ++%s) {" % (var, var, bound, var))
        self.depth += 1
        self.unsigneds.append(var)
        self.statements(budget)
        self.unsigneds.remove(var)
        self.depth -= 1
        self.emit("}")

    def statements(self, budget):
        for _ in range(self.rng.randint(1, budget)):
            r = self.rng.random()
            if r < 0.45:
                self.assign()
            elif r < 0.55 and self.states:
                self.store_state()
            elif r < 0.75 and budget > 1:
                self.branch(budget - 1)
            elif budget > 1:
                self.loop(budget - 1)

    def local_array(self):
        """A local array, every element stored before any is read, then
        written and read like the static ones."""
        name = "local%d" % len(self.lines)
        kind = self.rng.choice(["double", "float"])
        value = self.double_expr() if kind == "double" else self.float_expr()
        self.emit("%s %s[8];" % (kind, name))
        how = self.rng.random()
        if how < 0.4:
            self.emit("for (unsigned q = 0; q < 8; ++q)")
            self.emit("  %s[q] = %s + (%s)q;" % (name, value, kind))
        elif how < 0.7:
            # Filled by a helper that gets the array's address.
            self.emit("fill_%s(%s, %s, 8u);" % (kind, name, value))
        else:
            # Filled on the side, then copied in whole.
            self.emit("%s %s_side[8];" % (kind, name))
            self.emit("for (unsigned q = 0; q < 8; ++q)")
            self.emit("  %s_side[q] = %s + (%s)q;" % (name, value, kind))
            self.emit("memcpy(%s, %s_side, sizeof %s);" % (name, name, name))
        self.states.append((name, kind, 8))
        # Read back at once (else the array may be dead), directly or
        # through a helper, into a new double.
        index = self.rng.choice(self.unsigneds)
        read = ("pick_%s(%s, 7u, %s)" % (kind, name, index)
                if self.rng.random() < 0.5 else "%s[%s & 7u]" % (name, index))
        self.emit("double d%d = (double)%s;" % (len(self.doubles), read))
        self.doubles.append("d%d" % len(self.doubles))
        if self.rng.random() < 0.4:
            # The same helpers on a heap block too: their pointers then
            # also point out of view, and only the local array's own
            # loads may read what its class holds.
            heap = "heap%d" % len(self.lines)
            value = self.double_expr() if kind == "double" else self.float_expr()
            result = "d%d" % len(self.doubles)
            self.emit("double %s = 0.0;" % result)
            self.emit("%s *%s = (%s *)malloc(8 * sizeof(%s));" % (kind, heap, kind, kind))
            self.emit("if (%s) {" % heap)
            self.emit("  fill_%s(%s, %s, 8u);" % (kind, heap, value))
            self.emit("  %s = (double)pick_%s(%s, 7u, %s);" % (
                result, kind, heap, self.rng.choice(self.unsigneds)))
            self.emit("  free(%s);" % heap)
            self.emit("}")
            self.doubles.append(result)

    def generate(self):
        for _ in range(self.rng.randint(2, 5)):
            self.new_double()
        for _ in range(self.rng.randint(1, 3)):
            self.new_float()
        for _ in range(self.rng.randint(0, 2)):
            self.new_unsigned()
        if self.rng.random() < 0.5:
            self.local_array()
        self.statements(3)
        result = " + ".join(self.rng.sample(self.doubles, min(3, len(self.doubles))))
        if self.ret == "float":
            result = "(float)(%s) + %s" % (result, self.rng.choice(self.floats))
        self.emit("return %s;" % result)
        head = "__attribute__((noinline)) %s %s(double x, double y, float z, unsigned n) {" % (
            self.ret, self.name)
        return "\n".join([head] + self.lines + ["}"])


class LoopFunction:
    """A loop-heavy function: `double NAME(double x, double y, float z,
    unsigned n)` whose counted loops run a number of times only known at
    run time (`min(n, N)`, as clang writes it with llvm.umin, or masked
    bits of n) and accumulate sums, products, integer-valued sums and
    integer counters, then compare each accumulator with thresholds on
    both sides of the bound of what it can reach (the bound itself, a
    relative 2^-20 and 2^-10 either side, one unit either side, the next
    values of the type either way), where a fold that forgets one
    rounding, one trip or the remainder of an unrolled loop shows. Some
    loops ask for vectorization (an FP sum then becomes lanes reduced at
    the exit, reordered, as the pragma allows), some forbid it (the
    runtime-unrolled loop and its remainder at -O2), some are nested.
    It returns the compares' outcomes, one base-3 digit each, and the
    accumulators' own values go into the outcomes through their compares.
    """

    SCALES = [0.5, 0.1, 1.0, 3.0, 0.3, 1e-3, 255.0, 0.125]

    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        self.lines = []
        self.count = 0

    def emit(self, line, depth=1):
        self.lines.append("  " * depth + line)

    def literal(self, kind, value):
        if value != value or value in (math.inf, -math.inf):
            return "(%s)(%s)" % (kind, "NAN" if value != value else
                                 ("INFINITY" if value > 0 else "-INFINITY"))
        return "(%s)%s" % (kind, float(value).hex())

    def trip(self):
        """A trip count known only at run time, and its largest value."""
        rng = self.rng
        bound = rng.choice([1, 2, 3, 4, 7, 10, 31, 64, 100, 200, 1000])
        r = rng.random()
        if r < 0.5:
            return "(n < %du ? n : %du)" % (bound, bound), bound
        if r < 0.8:
            mask = rng.choice([1, 3, 7, 15, 63, 127, 255])
            shift = rng.choice([0, 3, 8, 16])
            return "((n >> %d) & %du)" % (shift, mask), mask
        return "%du" % bound, bound

    @staticmethod
    def rounded(kind, x):
        """x rounded to nearest into the type (float: by way of its bits;
        the sums and products simulated here are exact in double first)."""
        if kind == "double" or not math.isfinite(x):
            return x
        if abs(x) >= 2 ** 128:
            return math.copysign(math.inf, x)
        return struct.unpack("<f", struct.pack("<f", x))[0]

    def reached(self, kind, init, step, trips):
        """The accumulator after `trips` trips that each apply `step` (a
        function of the accumulator, exact in double) with the same
        operand, rounded each time: a value the loop reaches when its trip
        count and its operand are at their extremes (the scalar order; a
        vectorized loop sums in another order, near it)."""
        value = self.rounded(kind, init)
        for _ in range(min(trips, 20000)):
            value = self.rounded(kind, step(value))
            if not math.isfinite(value):
                break
        return value

    def term(self, kind, k):
        """An addend of the k-th trip, its range [lo, hi], whether every
        value is an integer, and its largest value where every trip of a
        call can add that same value (None otherwise)."""
        rng = self.rng
        c = rng.choice(self.SCALES)
        shift = rng.choice([0, 4, 8])
        r = rng.random()
        if r < 0.4:
            # The same for every trip of a call: its extremes are reached,
            # and an inexact one rounds the same way trip after trip.
            steady = self.rounded(kind, 7 * self.rounded(kind, c))
            return ("(%s)((n >> %d) & 7u) * %s" % (kind, shift, self.literal(kind, c)),
                    0.0, 7 * c, False, steady)
        if r < 0.55:
            return ("(%s)((n + %s) & 255u) / (%s)255" % (kind, k, kind), 0.0, 1.0, False,
                    None)
        if r < 0.7:
            return ("(%s)((int)((n ^ %s) & 15u) - 8) * %s" % (kind, k, self.literal(kind, c)),
                    -8 * c, 7 * c, False, None)
        if r < 0.85:
            return ("(%s)((n >> (%s & 7u)) & 7u)" % (kind, k), 0.0, 7.0, True, 7.0)
        fn = "cos" if kind == "double" else "cosf"
        return ("%s((%s)%s * %s + (%s)y)" % (fn, kind, k, self.literal(kind, 0.25), kind),
                -1.0, 1.0, False, None)

    def factor(self, kind, k):
        """A factor of the k-th trip, its range [lo, hi], and the values
        every trip of a call can multiply by alike ([] if none)."""
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            return ("(%s)((n >> 4) & 7u) * %s + %s" % (kind, self.literal(kind, 0.125),
                                                       self.literal(kind, 0.5)),
                    0.5, 1.375, [0.5, 1.375])
        if r < 0.7:
            return "(%s)((n + %s) & 255u) / (%s)255" % (kind, k, kind), 0.0, 1.0, []
        c = rng.choice([1 / 64, 1 / 8, 1 / 1024])
        return ("(%s)1 + (%s)((n + %s) & 3u) * %s" % (kind, kind, k, self.literal(kind, c)),
                1.0, 1 + 3 * c, [])

    @staticmethod
    def power(base, k):
        """base^k, or inf where it overflows a double."""
        try:
            return base ** k
        except OverflowError:
            return math.inf

    @staticmethod
    def neighbours(kind, e):
        """e in the type, and the type's values just above and below it."""
        if kind == "double":
            return [e, math.nextafter(e, math.inf), math.nextafter(e, -math.inf)]
        if abs(e) >= 3.4e38:
            return []
        bits = struct.unpack("<i", struct.pack("<f", e))[0]
        as_float = lambda b: struct.unpack("<f", struct.pack("<i", b))[0]
        up, down = (bits + 1, bits - 1) if bits >= 0 else (bits - 1, bits + 1)
        if e == 0:
            up, down = 1, -0x7fffffff  # the smallest subnormals
        return [as_float(bits), as_float(up), as_float(down)]

    def thresholds(self, kind, extreme):
        """Values on both sides of a reachable extreme."""
        e = extreme
        if not math.isfinite(e):
            return []
        near = [e * (1 + 2 ** -20), e * (1 - 2 ** -20), e * (1 + 2 ** -10),
                e * (1 - 2 ** -10), e + 1, e - 1] + self.neighbours(kind, e)
        # A float threshold stays within float: converting a larger double
        # is undefined in C.
        largest = 3.4e38 if kind == "float" else math.inf
        return [v for v in near if math.isfinite(v) and abs(v) < largest]

    def compare(self, kind, value, extremes, reached=()):
        """Compares of `value` with thresholds near each extreme (three of
        them), and with a value it reaches and the type's values next to
        it (all three: a bound one rounding short folds one of these)."""
        for e in extremes:
            near = self.thresholds(kind, e)
            for t in self.rng.sample(near, min(3, len(near))):
                self.compare_with(kind, value, t)
        for e in reached:
            if math.isfinite(e):
                for t in self.neighbours(kind, e):
                    self.compare_with(kind, value, t)

    def compare_with(self, kind, value, threshold):
        op = self.rng.choice(CMP)
        self.emit("h = h * 3u + (unsigned)(%s %s %s);"
                  % (value, op, self.literal(kind, threshold)))

    def loop_header(self, variable, trip, depth):
        pragma = self.rng.random()
        if pragma < 0.35:
            self.emit("#pragma clang loop vectorize(enable) interleave(enable)", depth)
        elif pragma < 0.5:
            self.emit("#pragma clang loop vectorize(disable)", depth)
        self.emit("for (unsigned %s = 0; %s < %s; ++%s) {" % (variable, variable, trip,
                                                              variable), depth)

    def accumulator(self):
        rng = self.rng
        kind = rng.choice(["double", "float"])
        what = rng.choice(["sum", "sum", "product", "counter"])
        name = "s%d" % self.count
        k = "k%d" % self.count
        self.count += 1
        trip, most = self.trip()
        nested = rng.random() < 0.2
        outer_most = 1
        if what == "counter":
            mask = rng.choice([1, 15, 255])
            self.emit("unsigned %s_n = 0;" % name)
            self.loop_header(k, trip, 1)
            self.emit("%s_n += (n + %s) & %du;" % (name, k, mask), 2)
            self.emit("}")
            scale = rng.choice([1.0, 0.5, 0.1])
            self.emit("%s %s = (%s)%s_n * %s;" % (kind, name, kind, name,
                                                 self.literal(kind, scale)))
            self.compare(kind, name, [most * mask * scale, 0.0])
            return
        if what == "sum":
            init = rng.choice([0.0, 0.0, 1.5, -3.0, 100.0])
            self.emit("%s %s = %s;" % (kind, name, self.literal(kind, init)))
        else:
            init = rng.choice([1.0, 1.0, 0.5, 3.0])
            self.emit("%s %s = %s;" % (kind, name, self.literal(kind, init)))
        depth = 1
        if nested:
            outer_most = rng.choice([2, 3, 10])
            self.emit("for (unsigned o%s = 0; o%s < (n & %du); ++o%s) {"
                      % (k, k, outer_most, k))
            depth = 2
        self.loop_header(k, trip, depth)
        trips = most * outer_most
        if what == "sum":
            term, lo, hi, integer, steady = self.term(kind, k)
            op = rng.choice(["+=", "+=", "-="])
            self.emit("%s %s %s;" % (name, op, term), depth + 1)
            if op == "-=":
                lo, hi = -hi, -lo
            extremes = [init + trips * hi, init + trips * lo]
            reached = []
            if steady is not None:
                # What the rounded sum of the same largest addend reaches.
                sign = -1 if op == "-=" else 1
                reached.append(self.reached(kind, init, lambda v: v + sign * steady,
                                            trips))
        else:
            factor, lo, hi, steady = self.factor(kind, k)
            self.emit("%s *= %s;" % (name, factor), depth + 1)
            extremes = [init * self.power(hi, trips) if hi > 1 else init,
                        init * self.power(lo, trips) if lo < 1 else init]
            reached = [self.reached(kind, init, lambda v, f=f: v * f, trips)
                       for f in steady]
            integer = False
        self.emit("}", depth)
        if nested:
            self.emit("}")
        self.compare(kind, name, extremes, reached)
        if integer and rng.random() < 0.7:
            fn = "floor" if kind == "double" else "floorf"
            self.emit("h = h * 3u + (unsigned)(%s(%s) != %s);" % (fn, name, name))
        self.emit("h = h * 3u + (unsigned)(%s != %s);" % (name, name))

    def generate(self):
        self.emit("unsigned h = 0;")
        for _ in range(self.rng.randint(1, 3)):
            self.accumulator()
        self.emit("return (double)h;")
        head = ("__attribute__((noinline)) double %s(double x, double y, float z, "
                "unsigned n) {" % self.name)
        return "\n".join([head] + self.lines + ["}"])


HELPERS = "".join(r"""
static __attribute__((noinline, unused)) void fill_@T@(@T@ *out, @T@ v,
                                                       unsigned count) {
  for (unsigned q = 0; q < count; ++q)
    out[q] = v + (@T@)q;
}

static __attribute__((noinline, unused)) @T@ pick_@T@(const @T@ *in,
                                                      unsigned mask,
                                                      unsigned i) {
  return in[i & mask];
}
""".replace("@T@", kind) for kind in ("double", "float"))

MAIN = r"""
static void out(int f, int k, double v) {
  if (v != v)
    printf("%d %d nan\n", f, k);
  else
    printf("%d %d %a\n", f, k, v);
}

static const double edges[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, 10.0, 100.0, 255.0, 256.0,
    1e-310, -1e-310, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023,
    -0x1.fffffffffffffp+1023, 1e300, -1e300, 3.4028235e38, 1e-45,
    INFINITY, -INFINITY, NAN, -NAN, 0.1, 3.14159265358979, 4294967296.0,
    -2147483648.0, 0.49999999999999994, 1e16};
#define NEDGES (sizeof edges / sizeof edges[0])

int main(int argc, char **argv) {
  double extra[8];
  int nextra = 0;
  for (int a = 1; a < argc && nextra < 8; ++a)
    extra[nextra++] = strtod(argv[a], 0);
  unsigned long long s = @SEED@u;
  int k = 0;
  for (unsigned i = 0; i < NEDGES + nextra + 40; ++i) {
    double x, y;
    float z;
    unsigned n;
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    if (i < NEDGES) {
      x = edges[i];
      y = edges[(i * 7 + 3) % NEDGES];
      z = (float)edges[(i * 5 + 1) % NEDGES];
      n = (unsigned)(s >> 40);
    } else if (i < NEDGES + nextra) {
      x = extra[i - NEDGES];
      y = -x;
      z = (float)x;
      n = i;
    } else {
      x = (double)(long long)(s % 200001) / 1000.0 - 100.0;
      y = (double)(long long)((s >> 20) % 2001) / 7.0 - 150.0;
      z = (float)((s >> 40) % 1000) / 16.0f - 30.0f;
      n = (unsigned)(s >> 33);
    }
@CALLS@
    ++k;
  }
  return 0;
}
"""


DOUBLE_LITERAL = re.compile(r"(?<![\w.])(\d+\.\d+(?:e[+-]?\d+)?)(?![\w.])")


def nudge_constant(text, rng):
    """text with one double literal replaced by the next double up, or None
    if it has none."""
    literals = list(DOUBLE_LITERAL.finditer(text))
    if not literals:
        return None
    m = rng.choice(literals)
    value = math.nextafter(float(m.group(1)), math.inf)
    return text[:m.start()] + value.hex() + text[m.end():]


TABLE_VALUES = ["0.0", "-0.0", "1.0", "-1.0", "0.5", "0.25", "2.0", "3.0",
                "10.0", "1e-300", "1e300", "0x1p-1074", "255.0", "0.1",
                "-7.5", "INFINITY", "-INFINITY", "NAN"]


def tables_of(rng):
    """Constant tables for the program: (name, element type, size), and
    their C definitions."""
    tables, lines = [], []
    for k in range(rng.randint(1, 3)):
        kind = rng.choice(["double", "float"])
        size = rng.choice([4, 8, 16])
        # Mostly small finite values; sometimes an infinity or a NaN.
        pool = TABLE_VALUES if rng.random() < 0.3 else TABLE_VALUES[:15]
        values = [rng.choice(pool) if rng.random() < 0.5
                  else repr(round(rng.uniform(-4, 4), 3)) for _ in range(size)]
        suffix = "f" if kind == "float" else ""
        values = [v + suffix if kind == "float" and v[0] in "-0123456789"
                  and "p" not in v and "INF" not in v else v for v in values]
        name = "table%d" % k
        tables.append((name, kind, size))
        lines.append("static const %s %s[%d] = {%s};" % (kind, name, size,
                                                          ", ".join(values)))
    return tables, "\n".join(lines) + "\n\n"


def states_of(rng):
    """Static variables and arrays the functions write and read: (name,
    element type, size, 0 for a scalar), and their C definitions, some
    with an initializer."""
    states, lines = [], []
    for k in range(rng.randint(0, 3)):
        kind = rng.choice(["double", "float"])
        size = rng.choice([0, 0, 4, 8])
        name = "state%d" % k
        init = ""
        if size == 0 and rng.random() < 0.6:
            init = " = %s" % rng.choice(CONSTANTS[:12])
        states.append((name, kind, size))
        lines.append("static %s %s%s%s;" % (kind, name,
                                             "[%d]" % size if size else "", init))
    return states, "\n".join(lines) + "\n\n" if lines else ""


def generate(seed):
    rng = random.Random(seed)
    functions = []
    names = []
    tables, table_text = tables_of(rng)
    states, state_text = states_of(rng)
    table_text += state_text
    for i in range(rng.randint(3, 7)):
        ret = rng.choice(["double", "float"])
        fn = Function(rng, "fp%d" % i, ret, tables, states)
        functions.append(fn.generate())
        names.append(fn.name)
        if rng.random() < 0.4:
            # An exact twin: merge folds it into fp<i>.
            functions.append(functions[-1].replace(" fp%d(" % i, " fp%d_twin(" % i, 1))
            names.append("fp%d_twin" % i)
        elif rng.random() < 0.4:
            # A near-twin: one double constant one ulp up. Merge must not
            # fold it (the outputs of both are printed).
            near = nudge_constant(functions[-1], rng)
            if near is not None:
                functions.append(near.replace(" fp%d(" % i, " fp%d_near(" % i, 1))
                names.append("fp%d_near" % i)
    # Loop-heavy functions, from a generator of their own, so that the
    # functions above stay what they were for every seed.
    loop_rng = random.Random(seed * 7919 + 17)
    for i in range(loop_rng.randint(1, 3)):
        fn = LoopFunction(loop_rng, "fploop%d" % i)
        functions.append(fn.generate())
        names.append(fn.name)
    calls = "\n".join("    out(%d, k, (double)%s(x, y, z, n));" % (i, name)
                      for i, name in enumerate(names))
    return ("/* gen_fp.py %d */\n#include <math.h>\n#include <stdio.h>\n"
            "#include <stdlib.h>\n#include <string.h>\n" % seed
            + HELPERS + "\n" + table_text
            + "\n\n".join(functions) + "\n"
            + MAIN.replace("@SEED@", str((seed * 2654435761 + 1) % (1 << 64) or 1))
            .replace("@CALLS@", calls))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    text = generate(args.seed)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
