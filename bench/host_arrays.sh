#!/bin/sh
# host_arrays.sh TOOL - how the analysis scales with an array the program
# fills on the host in nested loops.
#
# Runs the tool on tests/unit/realprog/terrain_grid_upload.c with its grid
# 64, 128 and 256 vertices wide (4,096 to 65,536 vertices, each filled by
# the loop body) and prints each run's time and peak memory, and the time
# ratio between the largest and the smallest grid: 16 times the vertices,
# so about 16 when the cost per vertex does not grow with the array.
# Before session 23 every read of a loop variable walked one binding per
# iteration run, and every element write walked the array's members: 0.3 s,
# 8 s and minutes.  Not a test: one run of each, on a machine others may be
# using - the numbers are indicative.  Run from the source directory.
set -u
tool="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=tests/unit/realprog/terrain_grid_upload.c
[ -f "$src" ] || { echo "host_arrays.sh: run it from the source directory" >&2; exit 2; }
for n in 64 128 256; do
    sed "s/#define GRID 128/#define GRID $n/" "$src" >"$tmp/grid$n.c"
    /usr/bin/time -f "%e %M" -o "$tmp/time$n" "$tool" --quiet "$tmp/grid$n.c" >"$tmp/out$n" 2>&1
    grep -q 'hazard-read-after-write' "$tmp/out$n" ||
        { echo "FAIL: grid $n: no read-after-write reported"; cat "$tmp/out$n"; exit 1; }
    # (time writes "Command exited with non-zero status 1" first: a finding)
    tail -n 1 "$tmp/time$n" >"$tmp/t$n"
    read -r secs kb <"$tmp/t$n"
    printf "grid %3s x %-3s %6s vertices: %6.2f s  %5d MB\n" "$n" "$n" "$((n * n))" "$secs" "$((kb / 1024))"
done
awk -v a="$(cut -d' ' -f1 "$tmp/t64")" -v b="$(cut -d' ' -f1 "$tmp/t256")" 'BEGIN {
    if (a < 0.01) a = 0.01
    printf "time ratio 256/64: %.1f (16 times the vertices)\n", b / a }'
