#!/usr/bin/env python3
"""check_page.py MODE DOM.html REPORT.json... [--screenshot PNG] [--label NAME]...
                [--rows all] [--sort COLUMN] [--filter TEXT]

Checks that the page `ltofold report html` wrote rendered the reports, from
the document Chromium dumped after the page's scripts ran (DOM.html,
headless_browser.py). Every number is compared with the JSON reports
themselves, computed here independently of the page's script:

  report  one report: each total (the cell's data-value and its text), the
          code size before the folds (after + saved) and bytes saved as a
          percentage of it, in the totals and the headline; one bar per
          fold group with a size (at most 60), each with the group's bytes
          saved; one bar per phase; one row per FP fold with its source
          location; the fold groups' rows, the kept names exact: the first
          100 in the report's order, or all (--rows all, after the page's
          "show all" was clicked), sorted by a column (--sort COLUMN:
          bytes_saved or kept_bytes, largest first, unknown last; after its
          heading was clicked), only the groups with TEXT in a name
          (--filter TEXT, after it was typed into the filter box);
  diff    OLD NEW: each total, old and new, each change marked a gain or a
          loss (code bytes lower is better, the rest higher); one bar per
          group whose bytes saved changed (new, gone, or both known and
          different), a gain or a loss, its label the readable name with
          the exact one in its tooltip;
  trend   A B C...: per number followed, one point per build that has it,
          with its value, the builds named along the x axis, the y axis
          from zero or marked broken; no chart for a number no build has
          or that is 0 in every build.

In every mode: the body says it rendered this mode, no error is shown, the
page has exactly its own two script elements and no element a report
string could have injected (names hold <, > and &), and the title and
heading name the builds by label: --label NAME (one per report, in
order), else the report's build.label, else the base name of its
build.output, else the report's path as given. With --screenshot, the PNG
must be the window's size and not one flat colour. Prints one summary
line for FileCheck; exits 1 with the first difference found."""
import os
import html.parser
import json
import struct
import sys
import zlib

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
BAR_LIMIT = 60
PAGE_ROWS = 100
LOWER_IS_BETTER = {"text_bytes", "loadable_bytes", "object_bytes", "text_bytes_before"}
INJECTED = {"b", "i", "img", "iframe", "object", "embed", "a", "u", "marquee"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.text_parts = [], []

    def text(self):
        return "".join(part if isinstance(part, str) else part.text()
                       for part in self.text_parts)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def classes(self):
        return (self.attrs.get("class") or "").split()


class Tree(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        self.current.text_parts.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        self.current.text_parts.append(node)

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.text_parts.append(data)


def fail(message):
    sys.stderr.write("check_page.py: " + message + "\n")
    sys.exit(1)


def find(root, tag=None, cls=None, **attrs):
    for node in root.walk():
        if tag and node.tag != tag:
            continue
        if cls and cls not in node.classes():
            continue
        if all(node.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items()):
            yield node


def by_id(root, ident):
    for node in root.walk():
        if node.attrs.get("id") == ident:
            return node
    fail("no element #%s" % ident)


def number(value):
    return None if value is None else float(value)


def value_of(cell):
    raw = cell.attrs.get("data-value")
    return None if raw in (None, "null") else float(raw)


def check_cell(cell, expected, what):
    if value_of(cell) != number(expected):
        fail("%s: data-value %r, the report says %r" % (what, cell.attrs.get("data-value"),
                                                        expected))
    shown = cell.text().replace(",", "").strip()
    if expected is None:
        if shown not in ("\u2013", ""):
            fail("%s: shows %r for a missing number" % (what, shown))
    elif float(shown) != float(expected):
        fail("%s: shows %r, the report says %r" % (what, shown, expected))


def total_cells(root, key):
    rows = list(find(root, "tr", data_total=key))
    if len(rows) != 1:
        fail("%d rows for total %s" % (len(rows), key))
    return [cell for cell in rows[0].children if cell.tag == "td"]


def code_sizes(text_bytes, bytes_saved):
    """(before, percent): the code size before the folds, and bytes saved
    as a percentage of it; None where a number is missing."""
    if text_bytes is None or bytes_saved is None:
        return None, None
    before = text_bytes + bytes_saved
    return before, (100.0 * bytes_saved / before if before else None)


def check_percent(cell, expected, what):
    value = value_of(cell)
    if (value is None) != (expected is None) or (
            expected is not None and abs(value - expected) > 1e-9):
        fail("%s: data-value %r, expected %r" % (what, value, expected))
    shown = cell.text().strip()
    if shown != ("\u2013" if expected is None else "%.1f%%" % expected):
        fail("%s: shows %r for %r" % (what, shown, expected))


def expected_rows(groups, options):
    """The kept names of the group rows the page should show."""
    rows = list(groups)
    if options["filter"]:
        text = options["filter"].lower()
        rows = [g for g in rows
                if any(text in name.lower() for name in
                       [g["kept"]] + [f["symbol"] for f in g["folded"]])]
    if options["sort"]:
        key = options["sort"]
        known = [g for g in rows if g.get(key) is not None]
        unknown = [g for g in rows if g.get(key) is None]
        rows = sorted(known, key=lambda g: -g[key]) + unknown
    if options["rows"] != "all":
        rows = rows[:PAGE_ROWS]
    return rows


def check_report(root, report, options):
    totals, obj = report["totals"], report.get("object", {})
    groups = report.get("merge", {}).get("groups", [])
    expected = dict(totals, groups=len(groups), text_bytes=obj.get("text_bytes"),
                    loadable_bytes=obj.get("loadable_bytes"), object_bytes=obj.get("bytes"))
    before, percent = code_sizes(obj.get("text_bytes"), totals.get("bytes_saved"))
    expected["text_bytes_before"] = before
    for key in ("functions_folded", "instructions_folded", "bytes_saved", "groups",
                "fp_folds", "branches_removed", "text_bytes", "loadable_bytes",
                "object_bytes", "text_bytes_before"):
        check_cell(total_cells(root, key)[0], expected[key], "total " + key)
    check_percent(total_cells(root, "bytes_saved_percent")[0], percent,
                  "total bytes_saved_percent")
    headline = by_id(root, "headline")
    if before is not None and (float(headline.attrs.get("data-before")) != before
                               or float(headline.attrs.get("data-after")) != obj["text_bytes"]):
        fail("headline: before %r after %r, the report says %r and %r" % (
            headline.attrs.get("data-before"), headline.attrs.get("data-after"),
            before, obj["text_bytes"]))
    measured = any(g.get("bytes_saved") is not None for g in groups)
    if measured:
        sized = {g["kept"]: g["bytes_saved"] for g in groups if g.get("bytes_saved") is not None}
    else:
        sized = {g["kept"]: sum(f["instructions"] for f in g["folded"]) for g in groups}
    bars = list(find(by_id(root, "groups-chart"), "rect", "bar")) if sized else []
    if len(bars) != min(len(sized), BAR_LIMIT):
        fail("%d group bars for %d groups with a size" % (len(bars), len(sized)))
    for bar in bars:
        kept = bar.attrs.get("data-kept")
        if kept not in sized or value_of(bar) != sized[kept]:
            fail("bar %r: %r, the report says %r" % (kept, value_of(bar), sized.get(kept)))
    values = [value_of(bar) for bar in bars]
    if values != sorted(values, reverse=True):
        fail("group bars are not ranked by size")
    phases = report.get("phases", [])
    phase_bars = list(find(by_id(root, "phases-chart"), "rect", "bar")) if phases else []
    if [b.attrs.get("data-phase") for b in phase_bars] != [p["name"] for p in phases]:
        fail("phase bars %r" % [b.attrs.get("data-phase") for b in phase_bars])
    folds = report.get("fprange", {}).get("folds", [])
    rows = list(find(root, "tr", "fp-fold"))
    if len(rows) != len(folds):
        fail("%d FP fold rows for %d folds" % (len(rows), len(folds)))
    located = 0
    for row, fold in zip(rows, folds):
        where = fold["location"]
        text = "%s:%d:%d" % (where["file"], where["line"], where["column"]) if where else "\u2013"
        located += where is not None
        cells = [c for c in row.children if c.tag == "td"]
        function = [code.text() for code in find(cells[1], "code")]
        if cells[3].text() != text or function != [fold["function"]]:
            fail("FP fold row %r %r, the report says %r %r"
                 % (function, cells[3].text(), fold["function"], text))
    shown = expected_rows(groups, options)
    kept_rows = [r.attrs.get("data-kept") for r in find(root, "tr", "group")]
    if kept_rows != [g["kept"] for g in shown]:
        fail("group rows %r..., expected %r..." % (kept_rows[:5], [g["kept"] for g in shown][:5]))
    if groups:
        table = by_id(root, "groups-table")
        matching = len(expected_rows(groups, dict(options, rows="all")))
        if (table.attrs.get("data-rows"), table.attrs.get("data-rows-shown")) != (
                str(matching), str(len(shown))):
            fail("groups table says %r of %r rows, expected %d of %d" % (
                table.attrs.get("data-rows-shown"), table.attrs.get("data-rows"),
                len(shown), matching))
    for row, group in zip(find(root, "tr", "group"), shown):
        names = [code.text() for code in find(row, "code")]
        if names != [group["kept"]] + [f["symbol"] for f in group["folded"]]:
            fail("group %r lists %r" % (group["kept"], names))
    # A mangled C++ name is shown with its demangled form beside it.
    for symbol in find(root, "span", "symbol"):
        code = [c.text() for c in find(symbol, "code")]
        readable = [d.text() for d in find(symbol, "span", "demangled")]
        if len(code) != 1 or len(readable) != 1 or not readable[0] or readable[0] == code[0]:
            fail("symbol %r shown as %r" % (code, readable))
    for row in find(root, "tr", "group"):
        for code in find(row, "code"):
            if code.text().startswith("_Z") and not any(
                    code in list(find(s, "code")) for s in find(row, "span", "symbol")):
                fail("%r has no demangled name beside it" % code.text())
    return "%d totals, %d bars, %d phases, %d FP folds (%d located), %d of %d groups" % (
        10, len(bars), len(phase_bars), len(rows), located, len(kept_rows), len(groups))


def check_diff(root, old, new):
    def get(report, first, second):
        return report.get(first, {}).get(second)
    keys = {"text_bytes": ("object", "text_bytes"),
            "loadable_bytes": ("object", "loadable_bytes"), "object_bytes": ("object", "bytes"),
            "bytes_saved": ("totals", "bytes_saved"),
            "functions_folded": ("totals", "functions_folded"),
            "instructions_folded": ("totals", "instructions_folded"),
            "fp_folds": ("totals", "fp_folds"), "branches_removed": ("totals", "branches_removed")}
    for key, (first, second) in keys.items():
        cells = total_cells(root, key)
        before, after = get(old, first, second), get(new, first, second)
        check_cell(cells[0], before, "old " + key)
        check_cell(cells[1], after, "new " + key)
        check_change(cells[2], key, before, after)
    sides = [code_sizes(get(r, "object", "text_bytes"), get(r, "totals", "bytes_saved"))
             for r in (old, new)]
    cells = total_cells(root, "text_bytes_before")
    check_cell(cells[0], sides[0][0], "old text_bytes_before")
    check_cell(cells[1], sides[1][0], "new text_bytes_before")
    cells = total_cells(root, "bytes_saved_percent")
    check_percent(cells[0], sides[0][1], "old bytes_saved_percent")
    check_percent(cells[1], sides[1][1], "new bytes_saved_percent")
    check_change(cells[2], "bytes_saved_percent", sides[0][1], sides[1][1])
    old_groups = {g["kept"]: g for g in old.get("merge", {}).get("groups", [])}
    new_groups = {g["kept"]: g for g in new.get("merge", {}).get("groups", [])}
    changes = {}
    for kept, group in new_groups.items():
        before = old_groups.get(kept)
        if before is None and group.get("bytes_saved") is not None:
            changes[kept] = group["bytes_saved"]
        elif (before is not None and None not in (group.get("bytes_saved"), before.get("bytes_saved"))
              and group["bytes_saved"] != before["bytes_saved"]):
            changes[kept] = group["bytes_saved"] - before["bytes_saved"]
    for kept, group in old_groups.items():
        if kept not in new_groups and group.get("bytes_saved") is not None:
            changes[kept] = -group["bytes_saved"]
    bars = list(find(by_id(root, "diff-chart"), "rect", "bar")) if changes else []
    if len(bars) != min(len(changes), BAR_LIMIT):
        fail("%d change bars for %d changed groups" % (len(bars), len(changes)))
    labels = list(find(by_id(root, "diff-chart"), "text", "bar-label")) if changes else []
    for bar, label in zip(bars, labels):
        kept = bar.attrs.get("data-kept")
        if value_of(bar) != changes.get(kept):
            fail("change bar %r: %r, the reports say %r" % (kept, value_of(bar), changes.get(kept)))
        kind = "gain" if changes[kept] > 0 else "loss"
        if kind not in bar.classes():
            fail("change bar %r of %r is not marked %s" % (kept, changes[kept], kind))
        tooltip = "".join(t.text() for t in find(label, "title"))
        shown = label.text()[:len(label.text()) - len(tooltip)]
        if kept not in tooltip or (kept.startswith("_Z") and shown.startswith("_Z")):
            fail("change bar %r labelled %r, tooltip %r" % (kept, shown, tooltip))
    return "%d totals old and new, %d change bars" % (len(keys) + 2, len(bars))


def check_change(cell, key, before, after):
    """A change is marked a gain or a loss, or nothing when there is none."""
    if before is None or after is None or before == after:
        expected = "none"
    else:
        expected = "gain" if (after < before) == (key in LOWER_IS_BETTER) else "loss"
    if cell.attrs.get("data-change") != expected or (
            expected != "none" and expected not in cell.classes()):
        fail("change of %s %r -> %r marked %r, expected %s" % (
            key, before, after, cell.attrs.get("data-change"), expected))


def check_trend(root, reports, labels):
    metrics = {"text_bytes": ("object", "text_bytes"),
               "loadable_bytes": ("object", "loadable_bytes"),
               "bytes_saved": ("totals", "bytes_saved"),
               "functions_folded": ("totals", "functions_folded"),
               "fp_folds": ("totals", "fp_folds")}
    points, charts = 0, 0
    for key, (first, second) in metrics.items():
        expected = [r.get(first, {}).get(second) for r in reports]
        known = [(i + 1, v) for i, v in enumerate(expected) if v is not None]
        charted = [n for n in root.walk() if n.attrs.get("id") == "trend-" + key]
        if all(v == 0 for _, v in known):
            if charted:
                fail("%s is charted, with no data or only zeros" % key)
            continue
        chart = by_id(root, "trend-" + key)
        circles = list(find(chart, "circle", "point"))
        got = [(int(c.attrs["data-build"]), value_of(c)) for c in circles]
        if got != [(i, float(v)) for i, v in known]:
            fail("%s points %r, the reports say %r" % (key, got, known))
        names = [t.attrs.get("data-label") for t in find(chart, "text", "x-label")]
        if names != labels:
            fail("%s x axis %r, the builds are %r" % (key, names, labels))
        ticks = [value_of(t) for t in find(chart, "text", "y-label")]
        broken = chart.attrs.get("data-axis") == "broken"
        if broken != (min(ticks) > 0) or (broken and not list(find(chart, "path", "axis-break"))):
            fail("%s y axis from %r, marked %r" % (key, min(ticks), chart.attrs.get("data-axis")))
        if max(ticks) < max(v for _, v in known) or min(ticks) > min(v for _, v in known):
            fail("%s y axis %r does not hold %r" % (key, ticks, known))
        points += len(got)
        charts += 1
    rows = list(find(root, "tr", "build"))
    if len(rows) != len(reports):
        fail("%d build rows for %d reports" % (len(rows), len(reports)))
    return "%d builds, %d charts, %d points" % (len(reports), charts, points)


def build_labels(reports, paths, given):
    labels = []
    for i, (report, path) in enumerate(zip(reports, paths)):
        build = report.get("build") or {}
        output = build.get("output") or ""
        labels.append(given[i] if i < len(given) else build.get("label")
                      or (os.path.basename(output) or output) or path)
    return labels


def check_title(root, mode, labels):
    if mode == "report":
        expected = "ltofold report: " + labels[0]
    elif mode == "diff":
        expected = "ltofold report: %s \u2192 %s" % (labels[0], labels[1])
    else:
        expected = "ltofold report: %s \u2026 %s (%d builds)" % (labels[0], labels[-1],
                                                                len(labels))
    titles = [t.text() for head in find(root, "head") for t in find(head, "title")]
    headings = [h.text() for h in find(root, "h1")]
    if titles != [expected] or headings != [expected]:
        fail("title %r, heading %r, expected %r" % (titles, headings, expected))
    if mode != "trend":
        shown = [td.text() for td in find(root, "td", "build-label")]
        if shown != labels:
            fail("builds named %r, expected %r" % (shown, labels))


def check_screenshot(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    if (width, height) != (1280, 2000):
        fail("screenshot is %dx%d, the window 1280x2000" % (width, height))
    chunks, offset = [], 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"IDAT":
            chunks.append(data[offset + 8:offset + 8 + length])
        offset += 12 + length
    pixels = zlib.decompress(b"".join(chunks))
    stride = len(pixels) // height
    # Without the filter byte that starts each row, a flat image has one
    # value (filters 'sub' and 'up' turn any flat colour into zeros).
    values = set()
    for row in range(height):
        values.update(pixels[row * stride + 1:(row + 1) * stride])
    if len(values) < 8:
        fail("screenshot looks empty (%d distinct bytes)" % len(values))
    return "screenshot %dx%d" % (width, height)


def main(argv):
    options = {"screenshot": None, "rows": None, "sort": None, "filter": None}
    labels = []
    while any(a.startswith("--") for a in argv):
        index = next(i for i, a in enumerate(argv) if a.startswith("--"))
        name, value = argv[index][2:], argv[index + 1]
        if name == "label":
            labels.append(value)
        elif name in options:
            options[name] = value
        else:
            sys.exit(__doc__)
        del argv[index:index + 2]
    screenshot = options["screenshot"]
    if len(argv) < 3:
        sys.exit(__doc__)
    mode, dom_path, report_paths = argv[0], argv[1], argv[2:]
    reports = [json.load(open(p)) for p in report_paths]
    tree = Tree()
    with open(dom_path, encoding="utf-8") as f:
        tree.feed(f.read())
    root = tree.root
    bodies = list(find(root, "body"))
    if len(bodies) != 1 or bodies[0].attrs.get("data-rendered") != mode:
        fail("the page did not render mode %r (body %r)"
             % (mode, bodies[0].attrs if bodies else None))
    errors = [n.text() for n in find(root, cls="error")]
    if errors:
        fail("the page shows an error: %r" % errors)
    scripts = list(find(root, "script"))
    if len(scripts) != 2 or [s.attrs.get("type") for s in scripts] != ["application/json", None]:
        fail("%d script elements (a report string became markup?)" % len(scripts))
    injected = [n.tag for n in root.walk() if n.tag in INJECTED]
    if injected:
        fail("elements a report string could have injected: %r" % injected)
    labels = build_labels(reports, report_paths, labels)
    check_title(root, mode, labels)
    if mode == "report":
        summary = check_report(root, reports[0], options)
    elif mode == "diff":
        summary = check_diff(root, reports[0], reports[1])
    else:
        summary = check_trend(root, reports, labels)
    if screenshot:
        summary += ", " + check_screenshot(screenshot)
    print("page ok: %s: %s" % (mode, summary))


if __name__ == "__main__":
    main(sys.argv[1:])
