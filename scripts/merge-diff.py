#!/usr/bin/env python3
"""Tells which functions two function-merging runs folded, from their
outputs, and which ones the reference run folded that ltofold did not.

Used by scripts/bench-merge.sh. LLVM's `opt -passes=mergefunc` prints no
list of what it merged (and Debian's LLVM prints no -stats), so a fold is
read off the output module, compared with the input:

  folded     a function of the input that in the output is gone or is an
             alias, or that had a real body and has become a thunk (a body
             that only forwards its arguments to one call; a function that
             was a thunk already and still is one is taken as not folded);
  new body   a function of the output that the input did not have and that
             is not a thunk: the private copy that both tools make when the
             kept function's body must move (both ODR, or interposable).

merged = folded - new bodies: each fold removes one body.

Usage: merge-diff.py INPUT.ll REFERENCE_OUT.ll LTOFOLD_OUT.ll LTOFOLD_REPORT.json
Prints one JSON object: counts for each run, ltofold's report counts, and
`missed`: the folds the reference made and ltofold did not. The reference's
classes of folded functions (an alias joins its aliasee, a thunk its callee,
a deleted function whatever its uses became) are split by ltofold's classes;
each part past the largest is one missed fold, listed with its functions,
the function the reference folded them with, and a guess at the cause.
"""
import json
import re
import sys

NAME = r'@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)'
DEFINE = re.compile(r"^define [^@]*" + NAME + r"\(")
ALIAS = re.compile(r"^" + NAME + r" = .*\balias\b[^@]*" + NAME + r"\s*$")
CALL = re.compile(r"\bcall\b[^@]*" + NAME + r"\(")
# Instructions a thunk may hold besides its one call and its return.
THUNK_GLUE = {"bitcast", "ptrtoint", "inttoptr", "addrspacecast",
              "insertvalue", "extractvalue"}


def unquote(name):
    return name[1:-1] if name.startswith('"') else name


def opcode(instruction):
    words = instruction.split()
    if len(words) > 2 and words[1] == "=":
        words = words[2:]
    while words and words[0] in ("tail", "musttail", "notail"):
        words = words[1:]
    return words[0] if words else ""


LINKAGE_WORDS = re.compile(
    r"\b(private|internal|available_externally|linkonce|weak|common|appending|"
    r"extern_weak|linkonce_odr|weak_odr|external|default|hidden|protected|dso_local|"
    r"dso_preemptable|local_unnamed_addr|unnamed_addr|comdat(\([^)]*\))?) ")


def signature(header):
    """A `define` line without the name and without what merging does not
    compare: linkage, visibility, unnamed_addr, comdat."""
    match = DEFINE.match(header)
    without_name = header[:match.start(1) - 1] + header[match.end(1):]
    return LINKAGE_WORDS.sub("", without_name)


LOCAL = re.compile(r'%("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)')
GLOBAL = re.compile(NAME)
NUMBERED = re.compile(r"([!#])(\d+)")
ATTRIBUTES = re.compile(r"^attributes #(\d+) = (.*)$")


def shape(module, name):
    """A function's signature and body with its local names numbered in order
    of appearance, metadata numbers erased, attribute groups spelled out, and
    each @reference replaced by a hole: (text, references). Functions equal
    up to names have equal text, in any module."""
    numbers = {}

    def local(match):
        return "%" + str(numbers.setdefault(match.group(1), len(numbers)))

    def numbered(match):
        if match.group(1) == "!":
            return "!"
        return module.attribute_groups.get(match.group(2), "#")

    header, lines = module.bodies[name]
    text = "\n".join([header] + [line.split(" ; ")[0] for line in lines])
    text = NUMBERED.sub(numbered, LOCAL.sub(local, text))
    references = [unquote(n) for n in GLOBAL.findall(text)]
    return GLOBAL.sub("@", text), references


class Module:
    """Definitions, aliases and references of a text IR module.

    definitions: name -> (instruction count, thunk target or None)
    headers: name -> its `define` line
    aliases: name -> aliasee name
    references: name of a definition or global variable -> the @names its
                body or initializer mentions, in order"""

    def __init__(self, path, keep_bodies=False):
        self.bodies = {}  # name -> (signature, body lines), if kept
        self.attribute_groups = {}  # number -> "{ ... }"
        self.definitions = {}
        self.headers = {}
        self.aliases = {}
        self.references = {}
        with open(path, errors="replace") as text:
            name, instructions, references = None, [], []
            for line in text:
                if name is None:
                    match = DEFINE.match(line)
                    if match:
                        name, instructions, references = unquote(match.group(1)), [], []
                        self.headers[name] = line.rstrip()
                        body = []
                        continue
                    match = ALIAS.match(line)
                    if match:
                        self.aliases[unquote(match.group(1))] = unquote(match.group(2))
                        continue
                    match = ATTRIBUTES.match(line)
                    if match:
                        self.attribute_groups[match.group(1)] = match.group(2).strip()
                        continue
                    if line.startswith("@"):
                        names = [unquote(n) for n in re.findall(NAME, line)]
                        self.references["global " + names[0]] = names[1:]
                    continue
                if line.startswith("}"):
                    self.definitions[name] = (len(instructions), self.thunk_target(instructions))
                    if keep_bodies:
                        self.bodies[name] = (signature(self.headers[name]), body)
                    self.references[name] = references
                    name = None
                elif line.startswith("  ") and not line.lstrip().startswith(("#dbg_", ";")):
                    instructions.append(line.strip())
                    if keep_bodies:
                        body.append(line.strip())
                elif keep_bodies and line.strip() and not line.startswith(";"):
                    body.append("%" + line.split(":")[0].strip() + ":")  # a block label
                    references.extend(unquote(n) for n in re.findall(NAME, line))

    @staticmethod
    def thunk_target(instructions):
        calls = [i for i in instructions if opcode(i) == "call"]
        if len(calls) != 1 or not instructions or opcode(instructions[-1]) != "ret":
            return None
        if any(opcode(i) not in THUNK_GLUE | {"call", "ret"} for i in instructions):
            return None
        match = CALL.search(calls[0])
        return unquote(match.group(1)) if match else None


def folds(before, after):
    """(folded names, names of new bodies) of one run."""
    folded = set()
    for name, (_, thunk) in before.definitions.items():
        if name not in after.definitions:
            folded.add(name)
        elif thunk is None and after.definitions[name][1] is not None:
            folded.add(name)
    new_bodies = {name for name, (_, thunk) in after.definitions.items()
                  if name not in before.definitions and thunk is None}
    return folded, new_bodies


class Classes:
    """Union-find over function names."""

    def __init__(self):
        self.parent = {}

    def find(self, name):
        self.parent.setdefault(name, name)
        root = name
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[name] != root:
            self.parent[name], name = root, self.parent[name]
        return root

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)


def replacements(before, after):
    """What each removed function's uses became: for every initializer, and
    every body that is the same size and shape in both modules (not folded
    itself), with as many references before and after, the i-th reference
    before and after, where they differ."""
    became = {}
    for owner, old in before.references.items():
        new = after.references.get(owner)
        if new is None or len(new) != len(old):
            continue
        if owner in before.definitions and before.definitions[owner] != after.definitions.get(owner):
            continue  # became a thunk, or its body changed otherwise
        for a, b in zip(old, new):
            if a != b and a in before.definitions:
                became.setdefault(a, b)
    return became


def fold_classes(before, after, folded):
    """Classes of functions folded together by one run, as far as the output
    tells: an alias joins its aliasee, a thunk its callee, a deleted
    function what its uses became. A folded function's references, before,
    match those of the function it was folded into, after: that finds the
    partners of functions used only by other folded functions (chains).
    Returns (classes, folded names whose partner could not be found)."""
    became = replacements(before, after)
    partner = {}

    def find_partners():
        for name in folded:
            if name in partner:
                continue
            if name in after.aliases:
                partner[name] = after.aliases[name]
            elif name in after.definitions and after.definitions[name][1] is not None:
                partner[name] = after.definitions[name][1]
            elif name in became:
                partner[name] = became[name]

    find_partners()
    done = set()
    while True:
        grown = False
        for name, into in list(partner.items()):
            if name in done:
                continue
            done.add(name)
            old, new = before.references.get(name), after.references.get(into)
            if old is None or new is None or len(old) != len(new):
                continue
            # Only where both are laid out alike, so the i-th references match.
            if (name not in before.bodies or into not in after.bodies
                    or shape(before, name)[0] != shape(after, into)[0]):
                continue
            for a, b in zip(old, new):
                if a != b and a in before.definitions and a not in became:
                    became[a] = b
                    grown = True
        if not grown:
            break
        find_partners()

    # What is left: find the body the output kept that has the same shape,
    # with references read through the partners found so far.
    if before.bodies and after.bodies:
        def root(name):
            for _ in range(64):
                if name not in partner:
                    return name
                name = partner[name]
            return name

        kept = {}
        for name in after.bodies:
            if after.definitions[name][1] is None:
                text, refs = shape(after, name)
                kept.setdefault((text, tuple(refs)), name)
        waiting = {name: shape(before, name) for name in folded
                   if name not in partner and name in before.bodies}
        while waiting:
            found = {}
            for name, (text, refs) in waiting.items():
                match = kept.get((text, tuple(root(r) for r in refs)))
                if match is not None and match != name:
                    found[name] = match
            if not found:
                break
            for name, match in found.items():
                partner[name] = match
                del waiting[name]

    classes = Classes()
    for name, into in partner.items():
        classes.union(name, into)
    return classes, set(folded) - set(partner)


def difference_hint(module, a, b):
    """A guess at what keeps ltofold from folding a and b, which the
    reference folded: the first difference between their `define` lines."""
    def personality(header):
        match = re.search(r"\bpersonality ptr (@\S+)", header)
        return match.group(1) if match else None
    header_a, header_b = module.headers[a], module.headers[b]
    if personality(header_a) != personality(header_b):
        return (f"personality differs ({personality(header_a) or 'none'} vs "
                f"{personality(header_b) or 'none'})")
    strip = re.compile(NAME + r"\(")
    if strip.sub("(", header_a) != strip.sub("(", header_b):
        return "define lines differ (attributes, linkage, comdat or section)"
    return "same define line: the bodies differ in something the reference ignores"


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    before = Module(sys.argv[1], keep_bodies=True)
    reference = Module(sys.argv[2], keep_bodies=True)
    ltofold = Module(sys.argv[3])
    with open(sys.argv[4]) as f:
        report = json.load(f)["merge"]
    reference_folded, reference_new = folds(before, reference)
    ltofold_folded, ltofold_new = folds(before, ltofold)

    # ltofold's classes: its report's groups, and what its output shows.
    ours, _ = fold_classes(before, ltofold, ltofold_folded)
    # A body merge moved to a new local function (both ODR, or interposable)
    # is named after the function it came from, which may itself be gone
    # from the output (deleted once nothing used it); the body may be folded
    # later in turn.
    suffix = ".ltofold.body"
    for group in report.get("groups", []):
        names = [group["kept"]] + [f["symbol"] for f in group["folded"]]
        for name in names:
            ours.union(name, group["kept"])
            if name.endswith(suffix):
                ours.union(name[:-len(suffix)], name)
    involved = set(ours.parent)

    # Each class of the reference, split by ltofold's classes: every part
    # past the largest is a fold that ltofold did not make.
    theirs, unknown = fold_classes(before, reference, reference_folded)
    members = {}
    for name in theirs.parent:
        if name in before.definitions:
            members.setdefault(theirs.find(name), []).append(name)
    missed = []
    for group in members.values():
        parts = {}
        for name in group:
            parts.setdefault(ours.find(name), []).append(name)
        ordered = sorted(parts.values(), key=lambda p: (-len(p), sorted(p)))
        keeper = sorted(ordered[0])[0]
        for part in ordered[1:]:
            part = sorted(part)
            missed.append({"functions": part, "reference_folded_with": keeper,
                           "instructions": before.definitions[part[0]][0],
                           "hint": difference_hint(before, part[0], keeper)})
    for name in sorted(unknown - involved):
        missed.append({"functions": [name], "reference_folded_with": None,
                       "instructions": before.definitions[name][0],
                       "hint": "partner unknown"})
    missed.sort(key=lambda m: m["functions"])

    print(json.dumps({
        "functions": len(before.definitions),
        "reference": {"folded": len(reference_folded), "new_bodies": len(reference_new),
                      "merged": len(reference_folded) - len(reference_new),
                      "partner_unknown": len(unknown)},
        "ltofold": {"folded": len(ltofold_folded), "new_bodies": len(ltofold_new),
                    "merged": len(ltofold_folded) - len(ltofold_new),
                    "report_merged": report["merged"],
                    "report_functions": report["functions"],
                    "comparisons": report["comparisons"]},
        "missed": missed,
    }, indent=1))


if __name__ == "__main__":
    main()
