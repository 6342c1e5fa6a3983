#!/usr/bin/env python3
"""extract_snippet.py DOC.md NAME OUT

Writes to OUT the code block that follows the line `<!-- snippet: NAME -->`
in DOC.md (a fenced block, ``` with a language, to the closing ```), so a
test builds with exactly what the document shows. Fails, saying why, when
there is no such block."""
import sys

if len(sys.argv) != 4:
    sys.exit(__doc__)
document, name, output = sys.argv[1:]
lines = open(document).read().splitlines()
marker = "<!-- snippet: %s -->" % name
if marker not in lines:
    sys.exit("extract_snippet.py: %s has no line %s" % (document, marker))
start = lines.index(marker) + 1
if start >= len(lines) or not lines[start].startswith("```"):
    sys.exit("extract_snippet.py: %s: no code block after %s" % (document, marker))
try:
    end = lines.index("```", start + 1)
except ValueError:
    sys.exit("extract_snippet.py: %s: the block after %s is not closed" % (document, marker))
with open(output, "w") as out:
    out.write("\n".join(lines[start + 1:end]) + "\n")
