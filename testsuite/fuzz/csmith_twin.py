#!/usr/bin/env python3
"""Gives a csmith program a twin of every function, so merge has real work.

Csmith writes one file in fixed sections (struct declarations, globals,
forward declarations, functions, main). The twin of func_N is twin_func_N:
the same body, with its calls going to the other twins, and reading and
writing the same globals. main runs exactly one of the two copies, chosen at
run time (a third argument selects the twins), so either run does what the
original program does, once, and prints the same checksum:

    ./prog 1        func_1, as csmith meant (1: print every global's hash)
    ./prog 1 twin   twin_func_1

The compiler cannot tell which copy runs, so both stay in the program, and
ltofold can fold each twin into its original (or the other way round). A
folded program must print, for both runs, what the plain link prints.

Two layouts:
  --one-tu   one file, the twins after the originals;
  --two-tu   the twins in a second file (OUT2): the globals lose `static`
             in the first file and are `extern` in the second, and the
             second file has one external entry, ltofold_twin_entry, so
             the folds cross translation units as at a real link.

With --near SEED the twins are near-twins: one suffixed integer constant
(csmith writes every value constant with L, UL, LL or ULL; array sizes and
indices have none) in one twin function is one more, so the two runs may
print different checksums and a fold of that function into its original
would be a miscompile that the run with `twin` shows.

With --near-op SEED, one operation of one twin function is swapped for
its partner (safe_add for safe_sub, < for <=, == for !=...): merge-similar
may merge the two with a choice between the operations, the equal merge
must not fold them.

With --near-stmt SEED, one twin function does one statement more: after
a statement of its body, an integer global (csmith checksums them all) is
xored with a constant. Its blocks are the original's but for the one that
holds the new statement: merge-blocks may merge the two with a region there,
the equal merge must not fold them.

With --shapes SEED, after about one statement in 24 of each twin
function (loops included) comes `if (g & 1) h ^= K;`, g and h integer
globals: a block more each time, so that twins differ from their originals
in shape (blocks and lengths), which merge-shapes may merge by alignment;
the equal merge must not fold them. Every function of both copies is
`noinline`, so that they reach the merge (LTO inlines csmith's functions,
each called once, into main, -fno-inline-functions or not).

With --regions SEED, after some statements of every function (the same
in both copies) comes a use of one of two always-inlined helpers that test
an integer global and call a function that mixes a value into a checksum
main prints: one calls on both paths (merge-outline moves such code by
default, in loops too), the other on one path only (merge-outline-all).
Few globals and constants, so that the same code repeats in many places.

Usage: csmith_twin.py IN.c OUT.c [--two-tu OUT2.c] [--near SEED] [--near-op SEED]
                      [--near-stmt SEED] [--shapes SEED] [--regions SEED]
Exit status 1 (with a message) if the input is not in csmith's layout.
"""
import random
import re
import sys

FUNC = re.compile(r"\bfunc_(\d+)\b")
SECTIONS = ("/* --- GLOBAL VARIABLES --- */",
            "/* --- FORWARD DECLARATIONS --- */",
            "/* --- FUNCTIONS --- */")
MAIN = "int main (int argc, char* argv[])"


def split(text):
    """Returns (prelude, globals, forwards, functions, main) of a csmith
    program; prelude holds the includes and struct declarations."""
    positions = [text.find(s) for s in SECTIONS] + [text.find(MAIN)]
    if -1 in positions or positions != sorted(positions):
        raise ValueError("not in csmith's layout (sections or main missing)")
    bounds = [0] + positions + [len(text)]
    return [text[bounds[i]:bounds[i + 1]] for i in range(5)]


def twin(code):
    return FUNC.sub(r"twin_func_\1", code)


def patched_main(main, call_twin):
    """main with `print_hash_value` also on when a second argument follows
    and the call of func_1 choosing the copy by the argument count."""
    main = main.replace("if (argc == 2 && strcmp(argv[1], \"1\") == 0)",
                        "if (argc >= 2 && strcmp(argv[1], \"1\") == 0)", 1)
    new_main, n = re.subn(r"^(\s*)func_1\(\);",
                          r"\1if (argc == 3) %s; else func_1();" % call_twin,
                          main, count=1, flags=re.M)
    if n != 1:
        raise ValueError("main does not call func_1()")
    return new_main


GLOBAL = re.compile(r"^static (?P<decl>[^=;]+?)(?: = (?P<init>.*))?;"
                    r"(?P<comment>\s*/\*.*\*/)?\s*$")


def split_globals(globals_text):
    """Returns (definitions, extern declarations) for the two-file layout:
    the globals without `static`, and one `extern` line per global.
    __undefined stays static (each file has its own, as in csmith.h)."""
    defs, externs = [], []
    for line in globals_text.splitlines():
        m = GLOBAL.match(line)
        if not m or "__undefined" in line:
            defs.append(line)
            continue
        defs.append(line[len("static "):])
        externs.append("extern %s;" % m.group("decl"))
    return "\n".join(defs) + "\n", "\n".join(externs) + "\n"


CONSTANT = re.compile(r"(?<![\w.])(0x[0-9A-Fa-f]+|[0-9]+)(UL|LL|ULL|L)\b")
DEFINITION = re.compile(r"^static [^;]*func_\d+\([^;]*\)$", re.M)


def random_match(functions, seed, pattern):
    """A match of `pattern` in a function that has one, both picked at
    random by `seed`; None if no function has one."""
    rng = random.Random(seed)
    starts = [m.start() for m in DEFINITION.finditer(functions)] + [len(functions)]
    bodies = [(starts[i], starts[i + 1]) for i in range(len(starts) - 1)]
    rng.shuffle(bodies)
    for begin, end in bodies:
        found = list(pattern.finditer(functions, begin, end))
        if found:
            return rng.choice(found)
    return None


def mutate(functions, seed):
    """functions with one suffixed constant of one function one more."""
    m = random_match(functions, seed, CONSTANT)
    if not m:
        return functions
    digits, suffix = m.group(1), m.group(2)
    value = int(digits, 16 if digits.startswith("0x") else 10) + 1
    limit = 1 << (64 if "LL" in suffix else 32)
    value %= limit
    new = ("0x%X" % value if digits.startswith("0x") else str(value)) + suffix
    return functions[:m.start()] + new + functions[m.end():]


# Operations that csmith writes and that have a partner of the same type:
# the safe_math.h wrappers of add and sub (both exist for every type), and
# the relational and equality operators between spaces.
OPERATION = re.compile(r"\bsafe_(add|sub)_func_| (<=|>=|<|>|==|!=) ")
PARTNER = {"add": "sub", "sub": "add", "<": "<=", "<=": "<", ">": ">=",
           ">=": ">", "==": "!=", "!=": "=="}


def mutate_operation(functions, seed):
    """functions with one operation of one function swapped for its
    partner (add and sub, < and <=, > and >=, == and !=)."""
    m = random_match(functions, seed, OPERATION)
    if not m:
        return functions
    group = 1 if m.group(1) else 2
    return (functions[:m.start(group)] + PARTNER[m.group(group)]
            + functions[m.end(group):])


# A statement in a body (csmith writes one per line) but a return, after
# which a statement would never run; and an integer global that may be
# written.
STATEMENT_END = re.compile(r"^(?![ \t]*return\b)[^\n]*;\n", re.M)
INTEGER_GLOBAL = re.compile(r"^static (?:volatile )?u?int(?:8|16|32|64)_t (g_\d+) = ", re.M)


def mutate_statement(functions, seed, globals_text):
    """functions with `g ^= K;` after one statement of one function, g an
    integer global picked by `seed`."""
    names = INTEGER_GLOBAL.findall(globals_text)
    m = random_match(functions, seed, STATEMENT_END)
    if not names or not m:
        return functions
    rng = random.Random(seed)
    statement = " %s ^= %d;\n" % (rng.choice(names), rng.randrange(1, 127))
    return functions[:m.end()] + statement + functions[m.end():]


def not_inlined(functions):
    """functions with every definition `noinline`."""
    return DEFINITION.sub(lambda m: m.group(0).replace("static ", "static __attribute__((noinline)) ", 1),
                          functions)


def add_blocks(functions, seed, globals_text):
    """functions with `if (g & 1) h ^= K;` after about one statement in
    24, g, h and K picked by `seed`."""
    names = INTEGER_GLOBAL.findall(globals_text)
    if not names:
        return functions
    rng = random.Random(seed)
    out, last = [], 0
    for m in STATEMENT_END.finditer(functions):
        if rng.randrange(24):
            continue
        out.append(functions[last:m.end()])
        out.append(" if (%s & 1) %s ^= %d;\n" % (rng.choice(names), rng.choice(names),
                                                rng.randrange(1, 127)))
        last = m.end()
    out.append(functions[last:])
    return "".join(out)


# The helpers of --regions; ltofold_note, ltofold_note2 and ltofold_opaque
# are defined in the first file. The value tested is xored with a volatile
# zero, so that the optimizer, which can often tell a global's value at a
# point, keeps the test; the two calls of ltofold_both go to two functions,
# so that it keeps the branch too (a call on both sides of it would become
# one call of a select).
REGION_HELPERS = """
void ltofold_note(uint32_t v);
void ltofold_note2(uint32_t v);
extern volatile uint32_t ltofold_opaque;
static inline __attribute__((always_inline)) void ltofold_both(uint32_t v, uint32_t k) {
  v ^= ltofold_opaque;
  if (v & 1u)
    ltofold_note(v ^ k);
  else
    ltofold_note2(k + 3u);
}
static inline __attribute__((always_inline)) void ltofold_one(uint32_t v, uint32_t k) {
  v ^= ltofold_opaque;
  if ((v & 3u) == 1u)
    ltofold_note(v * k);
}
"""
REGION_NOTE = """
volatile uint32_t ltofold_opaque;
static uint32_t ltofold_checksum;
void __attribute__((noinline)) ltofold_note(uint32_t v) {
  ltofold_checksum = ltofold_checksum * 31u + v;
}
void __attribute__((noinline)) ltofold_note2(uint32_t v) {
  ltofold_checksum = ltofold_checksum * 37u + v;
}
"""


def add_regions(functions, seed, globals_text):
    """functions with a use of a --regions helper after about one statement
    in six, each on one of two integer globals with one of two constants,
    picked by `seed`."""
    names = INTEGER_GLOBAL.findall(globals_text)
    if not names:
        return functions
    rng = random.Random(seed)
    names = rng.sample(names, min(2, len(names)))
    out, last = [], 0
    for m in STATEMENT_END.finditer(functions):
        if rng.randrange(6):
            continue
        helper = rng.choice(("ltofold_both", "ltofold_one"))
        out.append(functions[last:m.end()])
        out.append(" %s((uint32_t)%s, %du);\n" % (helper, rng.choice(names),
                                                  rng.choice((5, 77))))
        last = m.end()
    out.append(functions[last:])
    return "".join(out)


def print_region_checksum(main_text):
    """main printing the --regions checksum before csmith's own."""
    new_main, n = re.subn(r"^(\s*)platform_main_end\(",
                          r'\1printf("regions %u\\n", ltofold_checksum);\n\1platform_main_end(',
                          main_text, count=1, flags=re.M)
    if n != 1:
        raise ValueError("main does not call platform_main_end")
    return new_main


def main(argv):
    argv = list(argv)
    near = near_op = near_stmt = shapes = regions = None
    if "--near" in argv:
        i = argv.index("--near")
        near = int(argv[i + 1])
        del argv[i:i + 2]
    if "--near-op" in argv:
        i = argv.index("--near-op")
        near_op = int(argv[i + 1])
        del argv[i:i + 2]
    if "--near-stmt" in argv:
        i = argv.index("--near-stmt")
        near_stmt = int(argv[i + 1])
        del argv[i:i + 2]
    if "--shapes" in argv:
        i = argv.index("--shapes")
        shapes = int(argv[i + 1])
        del argv[i:i + 2]
    if "--regions" in argv:
        i = argv.index("--regions")
        regions = int(argv[i + 1])
        del argv[i:i + 2]
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--two-tu"):
        sys.stderr.write("usage: csmith_twin.py IN.c OUT.c [--two-tu OUT2.c] "
                         "[--near SEED] [--near-op SEED] [--near-stmt SEED] "
                         "[--shapes SEED] [--regions SEED]\n")
        return 2
    text = open(argv[1]).read()
    try:
        prelude, globals_text, forwards, functions, main_text = split(text)
        if regions is not None:
            functions = add_regions(functions, regions, globals_text)
            prelude += REGION_HELPERS
            main_text = REGION_NOTE + print_region_checksum(main_text)
        if shapes is not None:
            functions = not_inlined(functions)
        twins = twin(functions)
        if near is not None:
            twins = mutate(twins, near)
        if near_op is not None:
            twins = mutate_operation(twins, near_op)
        if near_stmt is not None:
            twins = mutate_statement(twins, near_stmt, globals_text)
        if shapes is not None:
            twins = add_blocks(twins, shapes, globals_text)
        if len(argv) == 3:
            out = (prelude + globals_text + forwards + twin(forwards)
                   + functions + twins
                   + patched_main(main_text, "twin_func_1()"))
            open(argv[2], "w").write(out)
            return 0
        defs, externs = split_globals(globals_text)
        first = (prelude + defs + "void ltofold_twin_entry(void);\n"
                 + forwards + functions
                 + patched_main(main_text, "ltofold_twin_entry()"))
        second = (prelude + externs + twin(forwards) + twins
                  + "void ltofold_twin_entry(void) { twin_func_1(); }\n")
        open(argv[2], "w").write(first)
        open(argv[4], "w").write(second)
        return 0
    except ValueError as e:
        sys.stderr.write("csmith_twin.py: %s: %s\n" % (argv[1], e))
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
