#!/usr/bin/env python3
"""Generates a template-heavy C++ program: types x containers x algorithms.

Real C++ code is mostly standard-library templates instantiated for many
small types: every struct goes through std::vector, std::map,
std::unordered_map, std::unique_ptr, std::sort and std::to_string, with
destructors and error paths (exceptions) inlined into large functions. That
is where merge's outlining and similar rounds cost the most (issue 35), and
what the generated modules of gen-merge-module.py do not have.

Writes FILES translation units (unit0.cpp ... ) and main.cpp into OUT, each
unit holding TYPES / FILES types and a driver per type; main.cpp calls every
driver and prints one checksum line per type, so a link through ltofold can
be compared with a plain one by running both. The program is deterministic.

  gen-template-program.py --types 180 --files 6 -o DIR
"""
import argparse
import os
import random

FIELD_KINDS = [
    ("int", "v{i} * {k} + {j}"),
    ("long", "(long)v{i} * {k} - {j}"),
    ("double", "v{i} * {k}.5 + {j}"),
    ("std::string", "std::to_string(v{i} + {k}) + \"{tag}\""),
    ("std::vector<int>", "std::vector<int>(1 + (v{i} + {k}) % 4, v{i} + {j})"),
]


def type_source(t, rng):
    """One struct, its operations, and its driver."""
    fields = rng.sample(range(len(FIELD_KINDS)), k=rng.randint(2, 4))
    name = f"T{t}"
    members = []
    inits = []
    for n, f in enumerate(fields):
        kind, expr = FIELD_KINDS[f]
        members.append(f"  {kind} f{n};")
        inits.append(expr.format(i=n % 2, k=rng.randint(2, 9), j=rng.randint(0, 99),
                                 tag=f"{name}_{n}"))
    key_field = None
    for n, f in enumerate(fields):
        if FIELD_KINDS[f][0] in ("int", "long", "double"):
            key_field = n
            break
    score_terms = []
    for n, f in enumerate(fields):
        kind = FIELD_KINDS[f][0]
        if kind in ("int", "long"):
            score_terms.append(f"(long)x.f{n}")
        elif kind == "double":
            score_terms.append(f"(long)(x.f{n} * 4)")
        elif kind == "std::string":
            score_terms.append(f"(long)x.f{n}.size()")
        else:
            score_terms.append(f"(long)x.f{n}.size() + (x.f{n}.empty() ? 0 : x.f{n}[0])")
    score = " + ".join(score_terms)
    less = (f"a.f{key_field} < b.f{key_field}" if key_field is not None
            else "score(a) < score(b)")
    limit = rng.randint(40, 400)
    count = rng.randint(8, 40)
    return f"""
namespace gen {{
struct {name} {{
{chr(10).join(members)}
  {name}(int v0, int v1) : {", ".join(f"f{n}({e})" for n, e in enumerate(inits))} {{}}
}};

static long score(const {name} &x) {{ return {score}; }}

static {name} make_{name}(int v0, int v1) {{
  if (v0 < 0)
    throw std::invalid_argument("{name}: negative input " + std::to_string(v0));
  return {name}(v0, v1);
}}

long drive_{name}(int seed) {{
  std::vector<{name}> items;
  std::map<std::string, {name}> by_name;
  std::unordered_map<int, std::unique_ptr<{name}>> by_id;
  for (int i = 0; i < {count}; ++i) {{
    int a = (seed * 31 + i * 17) % 97, b = (seed + i * 7) % 13;
    items.push_back(make_{name}(a, b));
    by_name.emplace("{name}-" + std::to_string(i % 11), items.back());
    by_id[i % 23] = std::make_unique<{name}>(a + 1, b);
  }}
  std::sort(items.begin(), items.end(),
            [](const {name} &a, const {name} &b) {{ return {less}; }});
  long total = 0;
  for (const {name} &x : items)
    total += score(x);
  for (const auto &entry : by_name)
    total += (long)entry.first.size() + score(entry.second);
  for (const auto &entry : by_id)
    total += entry.first + (entry.second ? score(*entry.second) : 0);
  try {{
    items.push_back(make_{name}(seed % 5 - 2, 1));
  }} catch (const std::invalid_argument &e) {{
    total += (long)std::string(e.what()).size();
  }}
  if (total > {limit} * 1000000L)
    throw std::runtime_error("{name}: total out of range: " + std::to_string(total));
  return total;
}}
}} // namespace gen
"""


HEADER = """#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>
"""


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--types", type=int, default=180)
    p.add_argument("--files", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-o", "--out", required=True, help="directory to write into")
    args = p.parse_args()
    if args.types < 1 or args.files < 1:
        p.error("--types and --files must be positive")
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    units = [[] for _ in range(args.files)]
    for t in range(args.types):
        units[t % args.files].append(t)
    for u, types in enumerate(units):
        with open(os.path.join(args.out, f"unit{u}.cpp"), "w") as f:
            f.write(HEADER)
            for t in types:
                f.write(type_source(t, rng))
    with open(os.path.join(args.out, "main.cpp"), "w") as f:
        f.write("#include <cstdio>\n#include <exception>\n\nnamespace gen {\n")
        for t in range(args.types):
            f.write(f"long drive_T{t}(int seed);\n")
        f.write("}\n\nint main(int argc, char **argv) {\n  int seed = argc;\n")
        f.write("  try {\n")
        for t in range(args.types):
            f.write(f"    std::printf(\"T{t} %ld\\n\", gen::drive_T{t}(seed + {t}));\n")
        f.write("  } catch (const std::exception &e) {\n"
                "    std::printf(\"error: %s\\n\", e.what());\n    return 1;\n  }\n"
                "  return 0;\n}\n")


if __name__ == "__main__":
    main()
