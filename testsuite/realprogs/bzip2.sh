# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# bzip2 (Debian source package bzip2): C. Its own Makefile (in-source only, so
# the source is copied into the build tree), libbz2.a of bitcode; the test is
# the Makefile's `make test`: compress and decompress its sample files at
# block sizes 1, 2 and 3 and compare with the expected outputs; and
# bzip2recover on sample2.bz2, its blocks decompressed and compared.
RP_PACKAGE=bzip2
RP_LANG=c
RP_BINARIES=(bzip2 bzip2recover)
RP_BENCH=bzip2

rp_build() { # SRC BUILD
  cp -a "$1/." "$2/"
  make -C "$2" -j"$RP_JOBS" CC="$RP_WRAP $RP_CC" AR="$RP_AR" RANLIB="$RP_RANLIB" \
    CFLAGS="$RP_CFLAGS -Wall -D_FILE_OFFSET_BITS=64" libbz2.a bzip2 bzip2recover
}

rp_test() { # SRC BUILD
  # make -q: fails if make would rebuild anything (the tests must use the mode's link)
  make -C "$2" -q CC="$RP_WRAP $RP_CC" CFLAGS="$RP_CFLAGS -Wall -D_FILE_OFFSET_BITS=64" \
    bzip2 bzip2recover && make -C "$2" test && recover_test "$2"
}

# bzip2recover, which `make test` leaves out: split sample2.bz2 into its
# blocks, decompress them and compare with the original.
recover_test() { # BUILD
  local d=$1/recover-test
  rm -rf "$d" && mkdir -p "$d" && cp "$1/sample2.bz2" "$d/" &&
    (cd "$d" && ../bzip2recover sample2.bz2 && ls rec*sample2.bz2 >/dev/null &&
      cat rec*sample2.bz2 | ../bzip2 -dc >sample2.out && cmp sample2.out ../sample2.ref) &&
    echo "bzip2recover: $(ls "$d"/rec*sample2.bz2 | wc -l) blocks recovered, output matches sample2.ref"
}

# The compress and decompress steps of `make test`, on the sample files of the
# source, compared with the expected outputs.
rp_bench() { # SRC BUILD EXE
  "$3" -1 <"$1/sample1.ref" | cmp -s - "$1/sample1.bz2" &&
    "$3" -2 <"$1/sample2.ref" | cmp -s - "$1/sample2.bz2" &&
    "$3" -3 <"$1/sample3.ref" | cmp -s - "$1/sample3.bz2" &&
    "$3" -d <"$1/sample1.bz2" | cmp -s - "$1/sample1.ref" &&
    "$3" -d <"$1/sample2.bz2" | cmp -s - "$1/sample2.ref" &&
    "$3" -ds <"$1/sample3.bz2" | cmp -s - "$1/sample3.ref"
}
