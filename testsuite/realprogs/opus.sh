# shellcheck shell=bash disable=SC2034 # a recipe: sourced by lib/common.sh, which reads these
# Opus (Debian source package opus): C, the floating-point build (Debian's on
# amd64, with custom modes as Debian configures it): the audio codec's SILK
# and CELT layers, MDCT, pitch and LPC analysis, resampling, the encoder's
# tonality analysis. Autotools with libtool (out of the source tree,
# --disable-shared), static libopus.a of bitcode; its own test suite, `make
# check`: 9 unit-test programs of CELT and SILK (DFT, MDCT, math functions,
# range coder, rotation, LPC gain) and the 5 API programs (API and
# argument checks, decoding of random packets, encoding of generated
# signals in every mode and bandwidth with settings changed at random,
# padding, ambisonic projection).
RP_PACKAGE=opus
RP_LANG=c
RP_BINARIES=(celt/tests/test_unit_cwrs32 celt/tests/test_unit_dft
  celt/tests/test_unit_entropy celt/tests/test_unit_laplace
  celt/tests/test_unit_mathops celt/tests/test_unit_mdct
  celt/tests/test_unit_rotation celt/tests/test_unit_types
  silk/tests/test_unit_LPC_inv_pred_gain
  tests/test_opus_api tests/test_opus_decode tests/test_opus_encode
  tests/test_opus_padding tests/test_opus_projection)
RP_BENCH=tests/test_opus_encode
RP_FOLD_CHECK=fprange

rp_build() { # SRC BUILD
  (cd "$2" && "$1/configure" CC="$RP_WRAP $RP_CC" CFLAGS="$RP_CFLAGS" \
    AR="$RP_AR" RANLIB="$RP_RANLIB" --disable-shared --enable-static \
    --enable-custom-modes --disable-doc) &&
    make -C "$2" -j"$RP_JOBS"
}

# The tests draw their signals and packets from a random seed, the time
# unless SEED is set: a fixed one, so that every link mode runs the same
# tests and a failure can be rerun.
rp_test() { # SRC BUILD
  SEED=20261123 make -C "$2" -j"$RP_JOBS" check ||
    { cat "$2/test-suite.log" >&2; return 1; }
}

# test_opus_encode as `make check` runs it, with a fixed seed: encodes and
# decodes generated signals in every mode, bandwidth and frame size, then
# 5 encoders with 40 random changes of settings each (about 20 s)
rp_bench() { # SRC BUILD EXE
  (cd "$2" && SEED=20261123 "$3")
}
