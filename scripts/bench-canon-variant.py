#!/usr/bin/env python3
"""Writes a variant of a text IR module that means the same but reads
differently, for canon's tests and benchmark (scripts/bench-canon.sh).

usage: bench-canon-variant.py IN.ll OUT.ll [--seed N] [--what LIST]
                              [--change]

IN.ll must have every local value named (run `opt -passes=instnamer` first).
LIST is a comma-separated subset of (default: all):
  shuffle   reorder independent instructions in each block (a random
            topological order that keeps memory/side-effect instructions in
            their order, PHIs first, the terminator last)
  rename    rename every argument, value and block
  commute   swap the operands of some commutative instructions
  phis      reorder the incoming edges of PHIs
  blocks    reorder the blocks (the entry block stays first)
  orient    write some compares the other way round (icmp sgt %a, %b ->
            icmp slt %b, %a; fcmp likewise)
  cases     reorder the cases of switches (those without !prof)
  order     reorder the module's global variables, and its functions
--change    additionally make one semantic change: the first `add`/`sub`/
            `mul`/`xor` of the module with a constant last operand (else the
            first integer constant of a `select` or `store`) gets that
            constant plus one (reported on stderr).

The transformations are textual and conservative: an instruction whose
operands the script cannot split safely is left alone. The output is meant
to be checked with `opt -passes=verify`.
"""
import argparse
import random
import re
import sys

LOCAL = r'%(?:[-a-zA-Z$._][-a-zA-Z$._0-9]*|"[^"]*"|[0-9]+)'
LOCAL_RE = re.compile(LOCAL)
PINNED = re.compile(
    r'^\s*(?:%\S+ = )?(?:tail |musttail |notail )?'
    r'(load|store|call|invoke|alloca|fence|atomicrmw|cmpxchg|va_arg|'
    r'landingpad|catchpad|cleanuppad|udiv|sdiv|urem|srem|callbr)\b')
DEF = re.compile(r'^\s*(' + LOCAL + r') = ')
LABEL = re.compile(r'^([-a-zA-Z$._0-9]+|"[^"]*"):')
COMMUTATIVE = re.compile(
    r'^(\s*' + LOCAL + r' = (?:add|mul|and|or|xor|fadd|fmul)'
    r'(?: (?:nuw|nsw|disjoint|fast|nnan|ninf|nsz|arcp|contract|afn|reassoc))*'
    r' [a-z0-9<> x]+? )([^,()\[\]" ]+), ([^,()\[\]" ]+)(.*)$')
TERMINATOR = re.compile(
    r'^\s*(?:' + LOCAL + r' = )?(ret|br|switch|indirectbr|invoke|resume|'
    r'unreachable|cleanupret|catchret|catchswitch|callbr)\b')


def parse_functions(lines):
    """Yields (start, end) line ranges of function bodies (after '{')."""
    i = 0
    while i < len(lines):
        if lines[i].startswith('define ') and lines[i].rstrip().endswith('{'):
            j = i + 1
            while lines[j].rstrip() != '}':
                j += 1
            yield i, j
            i = j
        i += 1


def split_blocks(body):
    """Splits a body (lines) into blocks: [label_line or None, [lines]]."""
    blocks = [[None, []]]
    for line in body:
        if LABEL.match(line):
            blocks.append([line, []])
        elif line.strip() and not line.strip().startswith(';'):
            blocks[-1][1].append(line)
    if blocks[0][0] is None and not blocks[0][1]:
        blocks.pop(0)
    return blocks


def shuffle_block(lines, rng):
    phis = [l for l in lines if re.match(r'^\s*' + LOCAL + r' = phi ', l)]
    rest = [l for l in lines if l not in phis]
    terminator = rest[-1]
    body = rest[:-1]
    defs = {}
    for index, line in enumerate(body):
        m = DEF.match(line)
        if m:
            defs[m.group(1)] = index
    deps = []
    last_pinned = None
    for index, line in enumerate(body):
        d = set()
        rhs = line.split(' = ', 1)[1] if DEF.match(line) else line
        for name in LOCAL_RE.findall(rhs):
            if name in defs and defs[name] < index:
                d.add(defs[name])
        if PINNED.match(line):
            if last_pinned is not None:
                d.add(last_pinned)
            last_pinned = index
        deps.append(d)
    # Pure instructions may not move above a pinned one that was above them
    # (keeps trapping and non-returning calls first).
    previous_pinned = None
    for index, line in enumerate(body):
        if PINNED.match(line):
            previous_pinned = index
        elif previous_pinned is not None:
            deps[index].add(previous_pinned)
    placed, order = set(), []
    while len(order) < len(body):
        ready = [i for i in range(len(body))
                 if i not in placed and deps[i] <= placed]
        pick = rng.choice(ready)
        placed.add(pick)
        order.append(pick)
    rng.shuffle(phis)
    return phis + [body[i] for i in order] + [terminator]


def commute(line, rng):
    m = COMMUTATIVE.match(line)
    if m and rng.random() < 0.5:
        return m.group(1) + m.group(3) + ', ' + m.group(2) + m.group(4)
    m = re.match(r'^(\s*' + LOCAL + r' = [if]cmp (?:eq|ne|oeq|une) '
                 r'[a-z0-9<> x]+? )([^,()\[\]" ]+), ([^,()\[\]" ]+)(.*)$',
                 line)
    if m and rng.random() < 0.5:
        return m.group(1) + m.group(3) + ', ' + m.group(2) + m.group(4)
    return line


SWAPPED = {'sgt': 'slt', 'slt': 'sgt', 'sge': 'sle', 'sle': 'sge',
           'ugt': 'ult', 'ult': 'ugt', 'uge': 'ule', 'ule': 'uge',
           'ogt': 'olt', 'olt': 'ogt', 'oge': 'ole', 'ole': 'oge'}


def orient(line, rng):
    m = re.match(r'^(\s*' + LOCAL + r' = [if]cmp (?:samesign )?'
                 r'(?:(?:fast|nnan|ninf|nsz|arcp|contract|afn|reassoc) )*)'
                 r'([a-z]+) ([a-z0-9<> x]+?) ([^,()\[\]" ]+), '
                 r'([^,()\[\]" ]+)(.*)$', line)
    if m and m.group(2) in SWAPPED and rng.random() < 0.5:
        return '%s%s %s %s, %s%s' % (m.group(1), SWAPPED[m.group(2)],
                                     m.group(3), m.group(5), m.group(4),
                                     m.group(6))
    return line


def shuffle_list(line, rng, pattern, item, separator):
    """Shuffles the list that group 2 of `pattern` matches in `line` (group 1
    before it, group 3 after it), when its items, matched by `item` and
    joined by `separator`, make the whole list."""
    m = re.match(pattern, line)
    if not m:
        return line
    items = re.findall(item, m.group(2))
    if separator.join(items) != m.group(2):
        return line
    rng.shuffle(items)
    return m.group(1) + separator.join(items) + m.group(3)


def shuffle_cases(line, rng):
    return shuffle_list(line, rng, r'^(\s*switch [^\[]*\[ )(.*?)( \])$',
                        r'\S+ \S+, label \S+', ' ')


def shuffle_module(lines, rng):
    """Shuffles the global variable lines among themselves, and the
    function definitions (with the comment line before each) and
    declarations among themselves."""
    units, kinds = [], []
    i = 0
    while i < len(lines):
        first = i
        # A definition moves with the "; Function Attrs" line before it.
        if lines[i].startswith('; Function Attrs') and i + 1 < len(lines) \
                and lines[i + 1].startswith('define '):
            i += 1
        line = lines[i]
        if line.startswith('define '):
            j = i
            while lines[j].rstrip() != '}':
                j += 1
            units.append(lines[first:j + 1])
            kinds.append('function')
            i = j + 1
        elif line.startswith('declare '):
            units.append([line])
            kinds.append('function')
            i += 1
        elif re.match(r'^@[-a-zA-Z$._0-9"]+ = (?!alias|ifunc)', line):
            units.append([line])
            kinds.append('global')
            i += 1
        else:
            units.append([line])
            kinds.append(None)
            i += 1
    for kind in ('function', 'global'):
        places = [k for k, unit_kind in enumerate(kinds) if unit_kind == kind]
        picked = [units[k] for k in places]
        rng.shuffle(picked)
        for place, unit in zip(places, picked):
            units[place] = unit
    return [line for unit in units for line in unit]


def reorder_phi(line, rng):
    return shuffle_list(line, rng,
                        r'^(\s*' + LOCAL + r' = phi [^\[]*?)(\[.*\])(.*)$',
                        r'\[ [^\[\]]* \]', ', ')


def rename_function(header, body, rng, type_names):
    text = header + '\n' + '\n'.join(body)
    names = set(LOCAL_RE.findall(text)) - type_names
    for line in body:
        m = LABEL.match(line)
        if m:
            names.add('%' + m.group(1))
    names = sorted(n for n in names if not re.fullmatch(r'%[0-9]+', n))
    fresh = list(range(len(names)))
    rng.shuffle(fresh)
    mapping = {n: '%%r%d_%d' % (fresh[i], rng.randrange(1000))
               for i, n in enumerate(names)}

    def substitute(s):
        return LOCAL_RE.sub(lambda m: mapping.get(m.group(0), m.group(0)), s)

    out_body = []
    for line in body:
        m = LABEL.match(line)
        if m:
            out_body.append(mapping['%' + m.group(1)][1:] + ':')
        else:
            out_body.append(substitute(line))
    return substitute(header), out_body


def change_one(lines):
    patterns = [
        # a constant last operand of integer arithmetic
        r'^(\s*' + LOCAL + r' = (?:add|sub|mul|xor)\b[^,]*, )(-?[0-9]+)()$',
        # any integer constant operand (e.g. of a select or a store)
        r'^(\s*(?:' + LOCAL + r' = )?(?:select|store)\b.*?\bi(?:8|16|32|64) )'
        r'(-?[0-9]+)(,.*|)$',
    ]
    for pattern in patterns:
        for i, line in enumerate(lines):
            m = re.match(pattern, line)
            if m:
                lines[i] = m.group(1) + str(int(m.group(2)) + 1) + m.group(3)
                sys.stderr.write('changed: %s\n     to: %s\n'
                                 % (line.strip(), lines[i].strip()))
                return
    sys.stderr.write('no instruction to change\n')
    sys.exit(1)


def join_continuations(lines):
    """Puts multi-line instructions (switch cases, landingpad clauses) on
    one line: instructions are indented two spaces, their continuations
    more, or are a lone ']'."""
    out = []
    for line in lines:
        if out and (line.startswith('   ') or line.strip() == ']') \
                and out[-1].startswith('  '):
            out[-1] += ' ' + line.strip()
        else:
            out.append(line)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('input')
    parser.add_argument('output')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument(
        '--what',
        default='shuffle,rename,commute,phis,blocks,orient,cases,order')
    parser.add_argument('--change', action='store_true')
    args = parser.parse_args()
    what = set(args.what.split(','))
    rng = random.Random(args.seed)
    lines = join_continuations(open(args.input).read().split('\n'))
    type_names = set(re.findall(r'^(' + LOCAL + r') = type ',
                                '\n'.join(lines), re.M))
    out = list(lines)
    for start, end in reversed(list(parse_functions(lines))):
        header, body = lines[start], lines[start + 1:end]
        blocks = split_blocks(body)
        for block in blocks:
            if 'shuffle' in what:
                block[1] = shuffle_block(block[1], rng)
            if 'commute' in what:
                block[1] = [commute(l, rng) for l in block[1]]
            if 'phis' in what:
                block[1] = [reorder_phi(l, rng) for l in block[1]]
            if 'orient' in what:
                block[1] = [orient(l, rng) for l in block[1]]
            if 'cases' in what:
                block[1] = [shuffle_cases(l, rng) for l in block[1]]
        if 'blocks' in what and len(blocks) > 2 and blocks[0][0] is None:
            tail = blocks[1:]
            rng.shuffle(tail)
            blocks = blocks[:1] + tail
        elif 'blocks' in what and len(blocks) > 2:
            tail = blocks[1:]
            rng.shuffle(tail)
            blocks = blocks[:1] + tail
        new_body = []
        for label, block_lines in blocks:
            if label is not None:
                new_body.append(label.split(':')[0] + ':')
            new_body.extend(block_lines)
        if 'rename' in what:
            header, new_body = rename_function(header, new_body, rng,
                                               type_names)
        out[start:end] = [header] + new_body
    if 'order' in what:
        out = shuffle_module(out, rng)
    if args.change:
        change_one(out)
    open(args.output, 'w').write('\n'.join(out))


if __name__ == '__main__':
    main()
