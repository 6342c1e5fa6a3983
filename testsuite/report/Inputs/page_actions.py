#!/usr/bin/env python3
"""page_actions.py PAGE.html OUT.html ACTION...

Copies a page `ltofold report html` wrote, with a script added at its end
that does what a reader would, in order, once the page's own script has
drawn it; headless_browser.py then dumps what the reader would see. The
added script removes itself, so the dump has the page's own two scripts.

  sort:TABLE:COLUMN   click the heading of COLUMN (data-column) in #TABLE
  show-all:TABLE      click the "show all" button above #TABLE
  filter:TABLE:TEXT   type TEXT into the filter box above #TABLE"""
import json
import sys

if len(sys.argv) < 4:
    sys.exit(__doc__)
page_path, out_path, actions = sys.argv[1], sys.argv[2], sys.argv[3:]
steps = []
for action in actions:
    kind, table, *rest = action.split(":", 2)
    box = "document.getElementById(%s).closest('.item-table')" % json.dumps(table)
    if kind == "sort":
        steps.append("document.querySelector('#' + %s + ' th[data-column=\"' + %s + '\"] "
                     "button').click();" % (json.dumps(table), json.dumps(rest[0])))
    elif kind == "show-all":
        steps.append("%s.querySelector('button.show-all').click();" % box)
    elif kind == "filter":
        steps.append("(function () { const f = %s.querySelector('input.filter'); "
                     "f.value = %s; f.dispatchEvent(new Event('input')); })();"
                     % (box, json.dumps(rest[0])))
    else:
        sys.exit("page_actions.py: unknown action %r" % action)
script = "<script>\n%s\ndocument.currentScript.remove();\n</script>\n" % "\n".join(steps)
with open(page_path, encoding="utf-8") as f:
    page = f.read()
if page.count("</body>") != 1:
    sys.exit("page_actions.py: %s has no single </body>" % page_path)
with open(out_path, "w", encoding="utf-8") as f:
    f.write(page.replace("</body>", script + "</body>"))
