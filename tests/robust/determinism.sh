#!/bin/sh
# determinism.sh TOOL SOURCE_DIR - same input, same bytes out (issue 7).
#
# The tool runs on examples/ (every .c/.spv/.spvasm in it) in text and SARIF
# form, twice with -j 1 and once with -j 2; every output must equal the first
# byte for byte: the order of findings, of SARIF rules and results, and the
# statistics do not depend on timing or on how translation units were shared
# out among workers.  The exit status must agree too.
set -u
tool="$1"
cd "$2" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

run() { # NAME ARGS...: output in $tmp/NAME.out, stderr and status in $tmp/NAME.err
    name="$1"
    shift
    "$tool" "$@" examples >"$tmp/$name.out" 2>"$tmp/$name.err"
    echo "exit: $?" >>"$tmp/$name.out"
}

for format in text sarif; do
    run "$format-j1-a" --format=$format -j 1
    run "$format-j1-b" --format=$format -j 1
    run "$format-j2" --format=$format -j 2
    run "$format-j2-file" --format=$format -j 2 -o "$tmp/$format-j2-file.log"
    for other in "$format-j1-b" "$format-j2"; do
        if ! cmp -s "$tmp/$format-j1-a.out" "$tmp/$other.out"; then
            echo "FAIL: $format output of $other differs from the first -j 1 run"
            diff -u "$tmp/$format-j1-a.out" "$tmp/$other.out" | head -30
            fail=1
        fi
    done
    # -o FILE holds exactly what stdout held.
    sed '$d' "$tmp/$format-j1-a.out" >"$tmp/$format-stdout-only"
    if ! cmp -s "$tmp/$format-stdout-only" "$tmp/$format-j2-file.log"; then
        echo "FAIL: $format report written with -o differs from stdout"
        fail=1
    fi
done

# A comparison of empty outputs proves nothing: examples/ must give findings.
grep -q -E '^[^ :]+:[0-9]+:[0-9]+: (error|warning): .*\[[a-z]+-[a-z-]+\]$' "$tmp/text-j1-a.out" || {
    echo "FAIL: no finding in the text output on examples/"
    head -20 "$tmp/text-j1-a.out" "$tmp/text-j1-a.err"
    fail=1
}
grep -q '"ruleId"' "$tmp/sarif-j1-a.out" || {
    echo "FAIL: no SARIF result on examples/"
    fail=1
}
[ "$fail" -eq 0 ] && echo "determinism: text and SARIF identical across runs and -j 1/-j 2"
exit "$fail"
