"""Exit 0 when the first binary's .text is smaller than the second's
(llvm-size -A), 1 otherwise, saying both sizes."""
import subprocess
import sys


def text_bytes(path):
    out = subprocess.run(["llvm-size", "-A", path], capture_output=True,
                         text=True, check=True).stdout
    return sum(int(line.split()[1]) for line in out.splitlines()
               if line.split() and line.split()[0] == ".text")


small, large = (text_bytes(p) for p in sys.argv[1:3])
if small >= large:
    print("%s .text %d is not smaller than %s .text %d"
          % (sys.argv[1], small, sys.argv[2], large))
    sys.exit(1)
