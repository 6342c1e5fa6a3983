#!/usr/bin/env python3
"""validate-report.py REPORT.json...

Checks ltofold JSON reports against docs/report.schema.json (JSON Schema
draft 2020-12, with the jsonschema library: Debian's python3-jsonschema,
installed by scripts/setup.sh), and then what a schema cannot say: no
member appears twice in an object, and the totals are the sums of what the
report lists (bytes saved over the groups whose bytes are known, unmeasured
groups counted, folds and instructions over the fold groups, FP folds over
the FP fold list), and the measured file's loadable bytes are at least its
text bytes.

Prints each problem as `FILE: PATH: MESSAGE` and exits 1 if there is one,
0 when every report is valid, 2 on a usage error or without jsonschema. The
test suite runs it on every report a test writes (lit's %validate-report).
"""
import json
import os
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                      "report.schema.json")


class DuplicateKey(ValueError):
    pass


def reject_duplicates(pairs):
    """json's object hook: an object with a member twice is not a report
    (json.load would keep the last one silently)."""
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey("member %r appears twice in one object" % key)
        seen[key] = value
    return seen


def json_path(parts):
    path = "$"
    for part in parts:
        path += "[%d]" % part if isinstance(part, int) else "." + str(part)
    return path


def describe(error):
    """A schema error in a line: for oneOf, which alternative came nearest
    and why it failed, rather than the whole value."""
    if error.context:
        from jsonschema.exceptions import best_match
        nearest = best_match(error.context)
        return "matches none of %s's alternatives; nearest: %s: %s" % (
            error.validator, json_path(nearest.absolute_path), describe(nearest))
    message = error.message
    return message if len(message) <= 200 else message[:200] + "..."


def check_sums(report):
    """The totals against what the report lists; yields (path, message)."""
    totals = report.get("totals", {})
    merge = report.get("merge")
    if merge is not None:
        groups = merge.get("groups", [])
        folds = [fold for group in groups for fold in group.get("folded", [])]
        if totals.get("functions_folded") != merge.get("merged"):
            yield ("$.totals.functions_folded",
                   "%r, but merge.merged is %r" % (totals.get("functions_folded"),
                                                   merge.get("merged")))
        instructions = sum(fold.get("instructions", 0) for fold in folds)
        if totals.get("instructions_folded") != instructions:
            yield ("$.totals.instructions_folded",
                   "%r, but the folds list %d" % (totals.get("instructions_folded"),
                                                  instructions))
        if totals.get("bytes_saved") is not None:
            known = [g["bytes_saved"] for g in groups if g.get("bytes_saved") is not None]
            if totals["bytes_saved"] != sum(known):
                yield ("$.totals.bytes_saved",
                       "%r, but the groups' known bytes add up to %r"
                       % (totals["bytes_saved"], sum(known)))
            unmeasured = len(groups) - len(known)
            if totals.get("groups_unmeasured") != unmeasured:
                yield ("$.totals.groups_unmeasured",
                       "%r, but %d groups have null bytes_saved"
                       % (totals.get("groups_unmeasured"), unmeasured))
        for index, group in enumerate(groups):
            if group.get("bytes_saved") is not None and group.get("kept_bytes") is None:
                yield ("$.merge.groups[%d]" % index,
                       "bytes_saved is known but kept_bytes is not")
    # Code sections are allocated and have contents: loadable bytes hold them.
    measured = report.get("object", {})
    if measured.get("loadable_bytes", 0) < measured.get("text_bytes", 0) \
            and "loadable_bytes" in measured:
        yield ("$.object.loadable_bytes", "%r, fewer than text_bytes, %r"
               % (measured["loadable_bytes"], measured["text_bytes"]))
    fprange = report.get("fprange")
    if fprange is not None and totals.get("fp_folds") != len(fprange.get("folds", [])):
        yield ("$.totals.fp_folds", "%r, but fprange lists %d folds"
               % (totals.get("fp_folds"), len(fprange.get("folds", []))))


def main(paths):
    if not paths or paths[0] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if paths else 2
    try:
        import jsonschema
    except ImportError:
        sys.stderr.write("validate-report.py: error: the jsonschema library is not "
                         "installed (python3-jsonschema; scripts/setup.sh)\n")
        return 2
    with open(SCHEMA) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    problems = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                report = json.load(f, object_pairs_hook=reject_duplicates)
        except (OSError, ValueError) as error:
            print("%s: $: %s" % (path, error))
            problems += 1
            continue
        errors = sorted(validator.iter_errors(report),
                        key=lambda e: [str(p) for p in e.absolute_path])
        for error in errors:
            print("%s: %s: %s" % (path, json_path(error.absolute_path), describe(error)))
        problems += len(errors)
        if not errors:
            for where, message in check_sums(report):
                print("%s: %s: %s" % (path, where, message))
                problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
