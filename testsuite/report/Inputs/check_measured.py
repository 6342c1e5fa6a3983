#!/usr/bin/env python3
"""check_measured.py MEASURED.json BEFORE.json NM.txt SIZE.txt PROGRAM

Checks what `ltofold report binary` wrote (MEASURED.json) against the
program itself, as other tools see it: NM.txt is `llvm-nm --print-size
--defined-only PROGRAM`, SIZE.txt is `llvm-size -A PROGRAM`. Recomputes
every number by the rule docs/report.md states ("Bytes saved"):

  kept_bytes    the kept body's symbol size (one symbol of that name;
                none or several: null, kept-symbol-missing/-ambiguous);
  kept_address  that symbol's address, which llvm-symbolizer must name as
                the kept body;
  bytes_saved   per fold, kept_bytes minus what is left of the folded
                function (nothing for replaced and alias, its own symbol's
                size for thunk and callers; no symbol: null,
                folded-symbol-missing), at least 0; per group their sum,
                less kept_bytes once for a group of similar functions, null
                if any fold is null; in totals the sum of the known groups;
  object        the program's file size and its .text/.text.* sizes
                (not loadable_bytes: check_loadable.py).

Also: the folds are those of BEFORE.json (the report as the link wrote it),
unchanged. Prints one summary line; exits 1 with the first difference."""
import json
import os
import subprocess
import sys


def fail(message):
    sys.stderr.write("check_measured.py: " + message + "\n")
    sys.exit(1)


def read_nm(path):
    """name -> list of (address, size) for each sized definition."""
    symbols = {}
    for line in open(path):
        fields = line.split()
        if len(fields) == 4:
            address, size, _, name = fields
            symbols.setdefault(name, []).append((int(address, 16), int(size, 16)))
        elif len(fields) == 3:  # no size: an absolute or section symbol
            symbols.setdefault(fields[2], []).append((int(fields[0], 16), 0))
    return symbols


def read_text_bytes(path):
    total = 0
    for line in open(path):
        fields = line.split()
        if fields and (fields[0] == ".text" or fields[0].startswith(".text.")):
            total += int(fields[1])
    return total


def lookup(symbols, name):
    """(address, size), 'missing' or 'ambiguous'."""
    found = set(symbols.get(name, []))
    if not found:
        return "missing"
    return found.pop() if len(found) == 1 else "ambiguous"


def expected_group(group, symbols):
    kept = lookup(symbols, group["kept"])
    if not symbols:
        return None, None, "no-symbol-table", [("no-symbol-table", None)] * len(group["folded"])
    if isinstance(kept, str):
        reason = "kept-symbol-" + kept
        return None, None, reason, [(reason, None)] * len(group["folded"])
    address, kept_size = kept
    folds, group_reason, total = [], None, 0
    for fold in group["folded"]:
        left = 0
        if fold["method"] in ("thunk", "callers"):
            own = lookup(symbols, fold["symbol"])
            if isinstance(own, str):
                group_reason = "folded-symbol-" + own
                folds.append((group_reason, None))
                continue
            left = own[1]
        saved = max(kept_size - left, 0)
        folds.append((None, saved))
        total += saved
    if any(fold.get("similar") for fold in group["folded"]):
        total -= kept_size
    return kept_size, address, group_reason, folds, total


def main(measured_path, before_path, nm_path, size_path, program):
    report = json.load(open(measured_path))
    before = json.load(open(before_path))
    symbols = read_nm(nm_path)
    groups = report["merge"]["groups"]
    shape = [(g["kept"], [(f["symbol"], f["method"]) for f in g["folded"]]) for g in groups]
    if shape != [(g["kept"], [(f["symbol"], f["method"]) for f in g["folded"]])
                 for g in before["merge"]["groups"]]:
        fail("the folds differ from the report the link wrote")
    known_total, unmeasured, addresses = 0, 0, []
    for group in groups:
        expected = expected_group(group, symbols)
        kept_size, address, reason, folds = expected[:4]
        if group["kept_bytes"] != kept_size:
            fail("%s: kept_bytes %r, llvm-nm says %r" % (group["kept"], group["kept_bytes"], kept_size))
        if address is None:
            if "kept_address" in group:
                fail("%s: kept_address without a kept symbol" % group["kept"])
        else:
            if group.get("kept_address") != "0x%x" % address:
                fail("%s: kept_address %r, llvm-nm says 0x%x" % (group["kept"], group.get("kept_address"), address))
            addresses.append((group["kept_address"], group["kept"]))
        for fold, (fold_reason, saved) in zip(group["folded"], folds):
            if fold["bytes_saved"] != saved or fold.get("bytes_unknown") != fold_reason:
                fail("%s: bytes_saved %r (%r), expected %r (%r)" % (
                    fold["symbol"], fold["bytes_saved"], fold.get("bytes_unknown"), saved, fold_reason))
        if reason is None:
            if group["bytes_saved"] != expected[4] or "bytes_unknown" in group:
                fail("%s: bytes_saved %r, expected %r" % (group["kept"], group["bytes_saved"], expected[4]))
            known_total += expected[4]
        else:
            unmeasured += 1
            if group["bytes_saved"] is not None or group.get("bytes_unknown") != reason:
                fail("%s: bytes_saved %r (%r), expected null (%s)" % (
                    group["kept"], group["bytes_saved"], group.get("bytes_unknown"), reason))
    totals = report["totals"]
    if totals["bytes_saved"] != known_total or totals["groups_unmeasured"] != unmeasured:
        fail("totals %r, expected %r bytes and %r unmeasured" % (totals, known_total, unmeasured))
    text_bytes = read_text_bytes(size_path)
    expected_object = {"bytes": os.path.getsize(program), "text_bytes": text_bytes,
                       "measured": "linked-binary", "file": program}
    # loadable_bytes needs the section flags llvm-size does not print:
    # check_loadable.py checks it against llvm-readelf (loadable-bytes.test).
    measured_object = {key: value for key, value in report["object"].items()
                       if key != "loadable_bytes"}
    if measured_object != expected_object:
        fail("object %r, expected %r" % (report["object"], expected_object))
    # A symbolizer given a kept body's address names the kept body (the
    # report then names everything folded into it).
    if addresses:
        output = subprocess.run(["llvm-symbolizer", "--no-demangle", "--no-inlines",
                                 "--obj=" + program] + [a for a, _ in addresses],
                                capture_output=True, text=True, check=True).stdout
        names = [block.split("\n")[0] for block in output.strip().split("\n\n")]
        for (address, kept), name in zip(addresses, names):
            if name != kept:
                fail("llvm-symbolizer names %s %r, the report %r" % (address, name, kept))
    print("measured %d groups (%d unmeasured), %d bytes saved, .text %d bytes, %d addresses symbolized"
          % (len(groups), unmeasured, known_total, text_bytes, len(addresses)))


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(*sys.argv[1:])
