#!/usr/bin/env python3
"""Finds calls of LLVM-C functions that fill a caller's array outside
merge/llvm_arrays.c, the one file allowed to call them (merge/llvm_arrays.h
says why: libLLVM writes every element, the sanitizer build cannot see an
overflow there, so every such array is sized from its count in one place);
and of LLVMSetFastMathFlags, which only adds flags, outside
merge/fast_math.cpp, which sets them exactly.

Usage: check-llvm-c-calls.py ROOT   (searches ROOT/{merge,fprange,canon,plugin})
Prints FILE:LINE: FUNCTION for each call found; exit status 1 if any."""
import os
import re
import sys

# Every LLVM-C function (llvm-c/*.h, LLVM 22) that writes into an array the
# caller passes without being told its length.
FILLERS = [
    "LLVMGetAttributesAtIndex", "LLVMGetBasicBlocks", "LLVMGetCallSiteAttributes",
    "LLVMGetHandlers", "LLVMGetMDNodeOperands", "LLVMGetNamedMetadataOperands",
    "LLVMGetParamTypes", "LLVMGetParams", "LLVMGetStructElementTypes",
    "LLVMGetSubtypes",
]
ALLOWED = {name: os.path.join("merge", "llvm_arrays.c") for name in FILLERS}
ALLOWED["LLVMSetFastMathFlags"] = os.path.join("merge", "fast_math.cpp")
CALL = re.compile(r"\b(" + "|".join(ALLOWED) + r")\s*\(")


def strip_comments(text):
    """C and C++ comments out, newlines kept so line numbers stay."""
    return re.sub(r"/\*.*?\*/|//[^\n]*",
                  lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = sys.argv[1]
    found = 0
    for component in ("merge", "fprange", "canon", "plugin"):
        for directory, _, files in sorted(os.walk(os.path.join(root, component))):
            for name in sorted(files):
                if not name.endswith((".c", ".cpp", ".h")):
                    continue
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, root)
                with open(path, encoding="utf-8") as f:
                    text = strip_comments(f.read())
                for number, line in enumerate(text.split("\n"), 1):
                    for match in CALL.finditer(line):
                        if ALLOWED[match.group(1)] == relative:
                            continue
                        print(f"{relative}:{number}: {match.group(1)}")
                        found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
