#!/bin/sh
# run-golden.sh TOOL SOURCE_DIR - golden tests over examples/
# (docs/design.md, "Tests").
#
# For every examples/**/NAME.expected: if NAME.args exists, the tool runs with
# the arguments in it (one per line, paths relative to SOURCE_DIR), else on
# the file NAME.c / NAME.spv / NAME.spvasm beside it.  stdout plus a last line
# "exit: STATUS" must equal NAME.expected byte for byte.  In NAME.args,
# @BUILD@ stands for the build directory (where TOOL is), for build products
# such as shaders compiled from examples/**/*.comp.
# VKSYNC_UPDATE_GOLDEN=1 rewrites the expected files instead.
set -u
tool="$1"
build_dir=$(cd "$(dirname "$tool")" && pwd)
cd "$2" || exit 2
pass=0
fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for expected in $(find examples -name '*.expected' | LC_ALL=C sort); do
    base="${expected%.expected}"
    if [ -f "$base.args" ]; then
        set -- $(sed "s|@BUILD@|$build_dir|g" "$base.args")
    else
        input=""
        for ext in c spv spvasm; do
            [ -f "$base.$ext" ] && input="$base.$ext"
        done
        if [ -z "$input" ]; then
            echo "FAIL $expected: no input beside it"
            fail=$((fail + 1))
            continue
        fi
        set -- "$input"
    fi
    "$tool" --quiet "$@" >"$tmp" 2>/dev/null
    echo "exit: $?" >>"$tmp"
    if [ "${VKSYNC_UPDATE_GOLDEN:-0}" = 1 ]; then
        cp "$tmp" "$expected"
    fi
    if cmp -s "$tmp" "$expected"; then
        pass=$((pass + 1))
    else
        echo "FAIL $expected"
        diff -u "$expected" "$tmp" | head -40
        fail=$((fail + 1))
    fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
