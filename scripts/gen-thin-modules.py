#!/usr/bin/env python3
"""Generates a C program of many modules whose functions repeat across
modules, for measuring merging across a distributed ThinLTO link
(scripts/bench-thin-summaries.sh).

Writes MODULES files m0.c ... into OUT, FUNCTIONS functions in all. Each
function's body is drawn from a pool of bodies (loops of integer
arithmetic over an array, a few dozen instructions): with probability
--shared from a pool of POOL bodies all modules draw from (so its copies in
other modules fold into one), otherwise a body of its own (a constant of
its own). Half are static, half global; each module has one global entry
`run_mI` that calls all of its functions, and main.c calls every entry.
The output depends only on the arguments.

  gen-thin-modules.py --modules 50 --functions 5000 -o DIR
"""
import argparse
import os
import random


def body(k):
    """A function body determined by the number k."""
    a, b, c = 3 + k % 97, 5 + (k // 97) % 89, 7 + (k // 8633) % 83
    return (f"  long s = {a}, t = {b};\n"
            f"  for (int i = 0; i < n; ++i) {{\n"
            f"    s = s * {c} + (v[i] ^ (s >> {1 + k % 13}));\n"
            f"    t += (s & {a * 2 + 1}) ? v[i] * {b} : t % {c};\n"
            f"    if (t > {1000003 + k}) t -= s;\n"
            f"  }}\n"
            f"  return s ^ t;\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", type=int, required=True)
    parser.add_argument("--functions", type=int, required=True)
    parser.add_argument("--pool", type=int, default=0,
                        help="shared bodies (default: functions / 20)")
    parser.add_argument("--shared", type=float, default=0.4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", dest="out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = args.pool or max(1, args.functions // 20)
    os.makedirs(args.out, exist_ok=True)
    per_module = max(1, args.functions // args.modules)
    own = 1000000
    for m in range(args.modules):
        lines = []
        names = []
        for f in range(per_module):
            if rng.random() < args.shared:
                k = rng.randrange(pool)
            else:
                own += 1
                k = own
            static = rng.random() < 0.5
            name = f"m{m}_f{f}"
            names.append(name)
            lines.append(f"{'static ' if static else ''}__attribute__((noinline)) "
                         f"long {name}(const long *v, int n) {{\n{body(k)}}}\n")
        calls = "".join(f"  r += {n}(v, n);\n" for n in names)
        lines.append(f"long run_m{m}(const long *v, int n) {{\n  long r = 0;\n{calls}"
                     f"  return r;\n}}\n")
        with open(os.path.join(args.out, f"m{m}.c"), "w") as f:
            f.write("\n".join(lines))
    with open(os.path.join(args.out, "main.c"), "w") as f:
        decls = "".join(f"long run_m{m}(const long *v, int n);\n"
                        for m in range(args.modules))
        calls = "".join(f"  r ^= run_m{m}(v, 8);\n" for m in range(args.modules))
        f.write(f"#include <stdio.h>\n{decls}int main(void) {{\n"
                f"  long v[8] = {{1, 2, 3, 4, 5, 6, 7, 8}}, r = 0;\n{calls}"
                f"  printf(\"%ld\\n\", r);\n  return 0;\n}}\n")


if __name__ == "__main__":
    main()
