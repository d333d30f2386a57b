#!/bin/sh
# test.sh - set up, build, and run every test (README command 2; .ci/run).
#
# 1. the normal tree build/: build and ctest, as always;
# 2. the sanitizer tree build-asan/: the same sources and tests built with
#    AddressSanitizer + UndefinedBehaviorSanitizer (-DVKSYNC_SANITIZE=ON),
#    LeakSanitizer with tests/lsan.supp; with clang-19 also the libFuzzer
#    targets, each run for a bounded time with a fixed seed (fuzz.run.*).
#    Tests labelled no-sanitize are left out of this run.
# VKSYNC_SKIP_SANITIZE=1 stops after step 1 (a quick local loop).
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)"
# ctest shows a test's output only when it fails: print the summary lines
# (the differential runs' agreed / vksync-only / layer-only among them:
# 'diff:' for tests/diff, 'diff(styles):' for tests/styles, each followed by
# its 'N passed, M failed').
grep -E '^(diff|diff\(styles\)|golden|bad input|solver and analysis limits):|^[0-9]+ passed, [0-9]+ failed' \
    Testing/Temporary/LastTest.log || true
cd ..

[ "${VKSYNC_SKIP_SANITIZE:-0}" = 1 ] && exit 0

if command -v clang-19 >/dev/null 2>&1; then
    export CC=clang-19 CXX=clang++-19
    fuzz=ON
else
    export CC=gcc CXX=g++
    fuzz=OFF
fi
VKSYNC_BUILD_DIR=build-asan scripts/build.sh -DVKSYNC_SANITIZE=ON -DVKSYNC_FUZZ=$fuzz
# The same options tests/robust/robust.cmake gives every test of this tree,
# for tests registered in other directories too.
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
cd build-asan
ctest --output-on-failure -j "$(nproc)" -LE no-sanitize
