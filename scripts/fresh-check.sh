#!/usr/bin/env bash
# Runs the README's two commands, scripts/demo.sh then scripts/test.sh, on a
# brand-new machine: a minimal Debian 12 root made with debootstrap
# (--variant=minbase bookworm, from the Debian mirror of the host's apt
# sources), as root, in a fresh git clone of this repository's committed
# REF (default HEAD; uncommitted changes are not in it) at /root/ltofold.
# Prints one PASS or FAIL line per command; exit status 0 when both passed.
#
# Usage: scripts/fresh-check.sh [--dir DIR] [--keep] [REF]
#   REF         the commit, branch or tag to clone (default: HEAD)
#   --dir DIR   the work directory (must not exist, or be empty; default: a
#               new /var/tmp/ltofold-fresh.XXXXXX). Everything goes in it:
#               DIR/root (the Debian root), DIR/logs (one log per step),
#               DIR/home (an empty HOME for the host's git clone)
#   --keep      keep DIR with the root and the logs (default: DIR is removed
#               at the end, or only the root when something failed: the
#               logs stay, and the last lines say where)
#
# Needs root on the host (debootstrap, chroot, mount), network access to the
# Debian archive, about 15 GB free under DIR, and debootstrap (installed with
# apt-get when missing: the one change to the host). Takes about 45 minutes
# on 2 cores: debootstrap and the clone 1.5 min; demo.sh 7 min (with the
# packages of scripts/setup.sh: LLVM 22, clang, chromium, ... 500 MB from the
# archive); test.sh 33 min (two builds, the package, real programs, fuzzing,
# both test runs); removing the root 2 min.
#
# Leaves the host as it was: the script runs in a mount namespace of its own
# (unshare), so its mounts are seen by nothing else and die with it; the
# chroot gets a new proc, a read-only sysfs and a /dev of its own (a tmpfs
# with null, zero, full, random, urandom, tty, a new devpts and shm: never
# the host's /dev, which a test renaming over /dev/null as root would
# break). Nothing of the host goes into the root but /etc/resolv.conf and
# the apt sources (the binary 'deb' entries of /etc/apt/sources.list and
# /etc/apt/sources.list.d/*.{list,sources}, with any keyring they name that
# the root lacks); no host environment variable, apt configuration, cache,
# /root or git configuration. /etc/hostname (debootstrap copies the host's)
# is replaced. No service starts in the root (policy-rc.d). On exit,
# including failures and Ctrl-C, processes left in the root are ended, the
# root's mounts unmounted and checked with findmnt, and only then is the root
# removed (rm --one-file-system); if anything is still mounted, nothing is
# removed and the script says so.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
say() { printf 'fresh-check: %s\n' "$*"; }
fail() { printf 'fresh-check: error: %s\n' "$*" >&2; exit 2; }

dir=
keep=0
ref=
while [ $# -gt 0 ]; do
  case $1 in
    --dir) [ $# -ge 2 ] || fail "--dir needs a directory"; dir=$2; shift 2 ;;
    --dir=*) dir=${1#--dir=}; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) fail "unknown option '$1' (see --help)" ;;
    *) [ -z "$ref" ] || fail "one REF only (see --help)"; ref=$1; shift ;;
  esac
done
ref=${ref:-HEAD}

[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap, chroot, mount)"
repo=$(cd "$(dirname "$0")/.." && git rev-parse --show-toplevel) ||
  fail "$(dirname "$0")/.. is not a git checkout"
commit=$(git -C "$repo" rev-parse --verify --quiet "$ref^{commit}") ||
  fail "'$ref' names no commit in $repo"

# A mount namespace of our own: the chroot's mounts are private to this
# process and its children and disappear with them, whatever happens.
if [ -z "${LTOFOLD_FRESH_CHECK_NS:-}" ]; then
  command -v unshare > /dev/null || fail "unshare not found (util-linux)"
  export LTOFOLD_FRESH_CHECK_NS=1
  args=()
  [ -n "$dir" ] && args+=(--dir "$dir")
  [ "$keep" = 1 ] && args+=(--keep)
  exec unshare --mount --propagation private bash "$0" "${args[@]}" "$commit"
fi

for tool in chroot findmnt mount umount git; do
  command -v $tool > /dev/null || fail "$tool not found"
done
if ! command -v debootstrap > /dev/null; then
  say "installing debootstrap on the host (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap > /dev/null ||
    { apt-get update -q > /dev/null &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap > /dev/null; } ||
    fail "could not install debootstrap"
fi

# The Debian mirror: the URIs of the host's first binary bookworm source.
mirror=
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  mirror=$(awk 'BEGIN { RS = ""; FS = "\n" }
    /(^|\n)Types:([^\n]* )?deb( |\n|$)/ && /(^|\n)Suites:([^\n]* )?bookworm( |\n|$)/ {
      for (i = 1; i <= NF; i++) if ($i ~ /^URIs:/) { split($i, w, " "); print w[2]; exit } }' \
    /etc/apt/sources.list.d/debian.sources)
fi
if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
  mirror=$(awk '$1 == "deb" && $0 ~ / bookworm / { for (i = 2; i <= NF; i++)
    if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' /etc/apt/sources.list)
fi
mirror=${mirror:-http://deb.debian.org/debian}

# The work directory.
if [ -z "$dir" ]; then
  dir=$(mktemp -d /var/tmp/ltofold-fresh.XXXXXX)
else
  if [ -e "$dir" ]; then
    [ -d "$dir" ] || fail "--dir $dir exists and is not a directory"
    [ -z "$(ls -A "$dir")" ] || fail "--dir $dir is not empty"
  fi
  mkdir -p "$dir"
fi
work=$(cd "$dir" && pwd -P)
case $work in
  / | *[[:space:]]*) fail "work directory '$work': not / and no spaces, please" ;;
esac
root=$work/root
logs=$work/logs
mkdir -p "$logs" "$work/home"
say "work directory $work (commit $commit from $repo; mirror $mirror)"

# Everything mounted at or under the root, deepest first.
mounts_under_root() {
  findmnt -rn -o TARGET | awk -v r="$root" 'index($0, r "/") == 1 || $0 == r' | sort -r
}
# Processes whose root directory is the chroot (all started by this script).
processes_in_root() {
  local p
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2> /dev/null)" = "$root" ] && echo "${p#/proc/}"
  done
  return 0
}
cleanup() {
  local status=$? pids m
  set +e
  trap - INT TERM HUP
  pids=$(processes_in_root)
  if [ -n "$pids" ]; then
    say "ending processes left in the root: $(echo $pids)"
    kill -TERM $pids 2> /dev/null; sleep 2
    for _ in 1 2 3 4 5; do
      pids=$(processes_in_root)
      [ -n "$pids" ] || break
      kill -KILL $pids 2> /dev/null; sleep 1
    done
  fi
  for m in $(mounts_under_root); do
    umount "$m" 2> /dev/null || umount -l "$m"
  done
  if [ -n "$(mounts_under_root)" ]; then
    say "still mounted under $root (not removing anything):"
    mounts_under_root >&2
    exit 1
  fi
  if [ "$keep" = 1 ]; then
    say "kept $work (the root: $root; logs: $logs)"
  elif [ "$status" = 0 ]; then
    rm -rf --one-file-system "$work"
  else
    [ -d "$root" ] && rm -rf --one-file-system "$root"
    rm -rf "${work:?}/home" "${work:?}/status"
    say "removed the root; logs kept in $logs"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

elapsed() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
setup_failed() { # WHAT LOG
  tail -n 20 "$2" >&2
  say "FAIL setup: $1 (log: $2)"
  exit 1
}

# 1. The root.
start=$SECONDS
say "debootstrap --variant=minbase bookworm (log: $logs/debootstrap.log)"
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$logs/debootstrap.log" 2>&1 ||
  setup_failed "debootstrap" "$logs/debootstrap.log"
# debootstrap may leave its own mounts (proc, sys) behind on failure; none now.
[ -z "$(mounts_under_root)" ] || fail "debootstrap left mounts under $root"

# 2. What the root gets from the host: resolv.conf and the apt sources.
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
echo ltofold-fresh > "$root/etc/hostname"
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
rm -f "$root/etc/apt/sources.list" "$root"/etc/apt/sources.list.d/*
copied=()
copy_source() { # FILE: copied when it has a binary (deb) entry
  local file=$1 target
  case $file in
    *.sources) grep -qE '^Types:([^#]* )?deb( |$)' "$file" || return 0 ;;
    *.list) grep -qE '^[[:space:]]*deb[[:space:]]' "$file" || return 0 ;;
    *) return 0 ;;
  esac
  if [ "$file" = /etc/apt/sources.list ]; then target=$root/etc/apt/sources.list
  else target=$root/etc/apt/sources.list.d/${file##*/}; fi
  cp -L "$file" "$target"
  copied+=("$file")
  # A keyring the entry names and the root lacks comes along.
  local key
  for key in $(grep -hoE '(Signed-By:|signed-by=)[[:space:]]*/[^] ]+' "$file" | sed 's/.*[:=][[:space:]]*//'); do
    if [ -f "$key" ] && [ ! -e "$root$key" ]; then
      mkdir -p "$(dirname "$root$key")"; cp -L "$key" "$root$key"; copied+=("$key")
    fi
  done
}
[ -f /etc/apt/sources.list ] && copy_source /etc/apt/sources.list
for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && copy_source "$f"
done
[ ${#copied[@]} -gt 0 ] || setup_failed "no binary apt source on the host to copy" /dev/null
say "copied into the root: /etc/resolv.conf ${copied[*]}"

# 3. The repository: a clone of the commit, with no host git configuration.
host_git() {
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 \
    git "$@"
}
{
  host_git clone -q --no-local --no-checkout "$repo" "$root/root/ltofold" &&
    host_git -C "$root/root/ltofold" checkout -q --detach "$commit" &&
    host_git -C "$root/root/ltofold" remote remove origin
} > "$logs/clone.log" 2>&1 || setup_failed "git clone" "$logs/clone.log"
say "cloned $commit into /root/ltofold ($(elapsed $((SECONDS - start))) so far)"

# 4. proc, sys and a /dev of the root's own.
mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
mount -t sysfs -o ro,nosuid,nodev,noexec sysfs "$root/sys"
mount -t tmpfs -o mode=755,nosuid,size=64m tmpfs "$root/dev"
for node in "null 1 3" "zero 1 5" "full 1 7" "random 1 8" "urandom 1 9" "tty 5 0"; do
  set -- $node
  mknod -m 666 "$root/dev/$1" c "$2" "$3"
done
mkdir "$root/dev/pts" "$root/dev/shm"
mount -t devpts -o newinstance,ptmxmode=0666,mode=620,gid=5 devpts "$root/dev/pts"
ln -s pts/ptmx "$root/dev/ptmx"
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"
ln -s /proc/self/fd "$root/dev/fd"
ln -s /proc/self/fd/0 "$root/dev/stdin"
ln -s /proc/self/fd/1 "$root/dev/stdout"
ln -s /proc/self/fd/2 "$root/dev/stderr"

# 5. The two commands, as root in /root/ltofold, with a clean environment.
results=()
failed=0
run_in_root() { # COMMAND LOGNAME
  local command=$1 log=$logs/$2.log begin=$SECONDS status
  say "running $command in the fresh root (log: $log)"
  # In the background, waited for: a signal to this script (Ctrl-C, kill)
  # interrupts the wait at once, and the cleanup ends what runs in the root.
  rm -f "$work/status"
  {
    rc=0
    chroot "$root" /usr/bin/env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/bash \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      LANG=C.UTF-8 TERM=dumb \
      /bin/bash -c "cd /root/ltofold && $command" < /dev/null 2>&1 || rc=$?
    echo "$rc" > "$work/status"
  } | tee "$log" &
  wait $! || true
  status=$(cat "$work/status" 2> /dev/null || echo "none (no status)")
  rm -f "$work/status"
  local took
  took=$(elapsed $((SECONDS - begin)))
  if [ "$status" = 0 ]; then
    results+=("PASS $command ($took)")
  else
    results+=("FAIL $command (exit status $status, $took; log: $log)")
    failed=1
  fi
  say "${results[-1]}"
}
run_in_root "bash scripts/demo.sh" demo
run_in_root "bash scripts/test.sh" test

echo
say "commit $commit, in a fresh Debian 12 minbase root, as root, $(elapsed $SECONDS) in all:"
for line in "${results[@]}"; do say "$line"; done
exit "$failed"
