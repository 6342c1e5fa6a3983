#!/usr/bin/env bash
# Compiler wrapper for the real-program builds: usage link-wrap.sh COMPILER ARGS...
#
# Compiles, preprocessing and driver queries pass straight through. A link
# (any other invocation) gets the words of $RP_LINK_FLAGS appended and is
# appended to $RP_LINK_LOG as one line: the working directory, then the
# original command (without RP_LINK_FLAGS), each word quoted with printf %q.
# scripts/realprogs.sh and scripts/bench-size.sh replay those lines to relink
# the program's own link steps in another link mode.
set -euo pipefail
[ $# -ge 1 ] || { echo "link-wrap: usage: link-wrap.sh COMPILER ARGS..." >&2; exit 2; }

link=1
for a in "${@:2}"; do
  case $a in
    -c | -S | -E | -M | -MM | -v | -V | --version | -dumpversion | -dumpmachine | \
      -print-* | --print-* | -###) link=0; break ;;
  esac
done
[ $# -ge 2 ] || link=0

if [ "$link" = 1 ] && [ -n "${RP_LINK_LOG:-}" ]; then
  # under a lock: links that run in parallel append to the same log, and a
  # line written in pieces could be cut by another's
  printf -v entry '%q' "$PWD"
  printf -v words ' %q' "$@"
  { flock 8 && printf '%s\n' "$entry$words" >&8; } 8>>"$RP_LINK_LOG"
fi
if [ "$link" = 1 ] && [ -n "${RP_LINK_FLAGS:-}" ]; then
  # shellcheck disable=SC2206 # RP_LINK_FLAGS is a list of words by design
  extra=($RP_LINK_FLAGS)
  exec "$@" "${extra[@]}"
fi
exec "$@"
