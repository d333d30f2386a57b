#!/bin/sh
# test.sh - set up, build, and run every test (README command 2; .ci/run).
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)"
