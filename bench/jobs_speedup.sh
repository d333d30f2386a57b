#!/bin/sh
# jobs_speedup.sh TOOL [INPUT...] - the wall-clock speed-up of -j 2 over -j 1.
#
# -j N parses the C files and analyses the shaders on N threads; the C
# analysis after parsing is one program and stays on one thread (cli/main.c).
# Runs the tool once with -j 1 and once with -j 2 on the inputs (default:
# examples/, run from the source directory), checks that the two reports are
# byte-identical, and prints both times and their ratio.  Not a test: one run
# of each, on a machine others may be using - the ratio is indicative.
set -u
tool="$1"
shift
[ $# -gt 0 ] || set -- examples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
t0=$(now)
"$tool" --quiet -j 1 "$@" >"$tmp/j1" 2>/dev/null
t1=$(now)
"$tool" --quiet -j 2 "$@" >"$tmp/j2" 2>/dev/null
t2=$(now)
cmp -s "$tmp/j1" "$tmp/j2" || { echo "FAIL: -j 2 report differs from -j 1"; exit 1; }
awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
    j1 = b - a; j2 = c - b;
    printf "-j 1: %.2f s   -j 2: %.2f s   speed-up: %.2fx (reports identical)\n", j1, j2, j1 / j2 }'
