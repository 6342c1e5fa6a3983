#!/usr/bin/env python3
"""man_covers_help.py HELP.txt LTOFOLD.1.txt PLUGIN.7.txt

Checks that the man pages document what `ltofold --help` (HELP.txt) lists:
every command, and every `--KEY` option, as a tag of ltofold(1), and every
KEY as a tag of ltofold-plugin(7), both pages rendered as plain text
(groff -man -Tascii -P-cbu). A tag is a line indented by exactly seven
spaces (a top-level .TP); it documents ITEM when it starts with ITEM (not
followed by more of a name) or, for a key, has `KEY=` in it ("O0..O3, O=n").
Prints one summary line per page, and one line per item missing; exit
status 1 when any is missing."""
import re
import sys


def help_items(text):
    """The command names and option keys of `ltofold --help`."""
    commands, keys, section = [], [], None
    for line in text.splitlines():
        if line in ("commands:", "options:"):
            section = line
        elif not line.strip():
            section = None
        elif section == "commands:" and re.match(r"  \S", line):
            commands.append(line.split()[0])
        elif section == "options:":
            m = re.match(r"  --([\w-]+)", line)
            if m:
                keys.append(m.group(1))
    return commands, keys


def tags(text):
    return [line[7:] for line in text.splitlines() if re.match(r" {7}\S", line)]


def documents(tag, item, as_key):
    if tag.startswith(item) and not re.match(r"[\w-]", tag[len(item):len(item) + 1]):
        return True
    return as_key and re.search(r"(^|[\s,])" + re.escape(item) + "=", tag) is not None


def check(page, page_tags, items, as_key):
    missing = [item for item in items
               if not any(documents(tag, item, as_key) for tag in page_tags)]
    for item in missing:
        print("%s: not documented: %s" % (page, item))
    return missing


if len(sys.argv) != 4:
    sys.exit(__doc__)
help_text, command_page, plugin_page = (open(p).read() for p in sys.argv[1:])
commands, keys = help_items(help_text)
if not commands or not keys:
    sys.exit("man_covers_help.py: found no commands or options in " + sys.argv[1])
command_tags, plugin_tags = tags(command_page), tags(plugin_page)
missing = check("ltofold.1", command_tags, commands, False)
missing += check("ltofold.1", command_tags, ["--" + key for key in keys], False)
missing += check("ltofold-plugin.7", plugin_tags, keys, True)
print("ltofold.1: %d commands, %d options" % (len(commands), len(keys)))
print("ltofold-plugin.7: %d keys" % len(keys))
sys.exit(1 if missing else 0)
