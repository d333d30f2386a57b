#!/bin/sh
# build.sh - configure and build into build/ (or $VKSYNC_BUILD_DIR).
set -eu
cd "$(dirname "$0")/.."
dir="${VKSYNC_BUILD_DIR:-build}"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)" 2>&1 | grep -E "error|warning" || true
test -x "$dir/vksync-lint"
