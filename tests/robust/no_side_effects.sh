#!/bin/sh
# no_side_effects.sh TOOL SOURCE_DIR - the tool writes nothing but the output
# the user named and executes nothing from the analysed project (issue 7).
#
# A copy of examples/ (and tests/robust/inputs/) in a temporary directory is analysed from inside that
# directory (text to stdout; SARIF with -o; through a compile_commands.json)
# with HOME and TMPDIR pointing at empty directories.  Afterwards every file
# of the copy has its old content, the only new file is the -o output, and
# HOME and TMPDIR are still empty.  The compilation database names a
# "compiler" that would leave a marker file if anything ran it: libclang
# only reads the command line (clang-tidy's query-driver is the kind of
# feature this test forbids).
set -u
tool="$1"
src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/home" "$tmp/tmpdir"
mkdir "$tmp/project"
# examples/ and this test's own inputs (the good file with its hazard).
[ -d "$src/examples" ] && cp -R "$src/examples" "$tmp/project/examples"
cp -R "$src/tests/robust/inputs" "$tmp/project/inputs"
cd "$tmp/project" || exit 2

cat >probe-compiler.sh <<PROBE
#!/bin/sh
touch "$tmp/project/EXECUTED"
PROBE
chmod +x probe-compiler.sh
first_c=$(find . -name '*.c' | LC_ALL=C sort | head -1)
cat >compile_commands.json <<JSON
[{"directory": "$tmp/project", "file": "$first_c",
  "arguments": ["$tmp/project/probe-compiler.sh", "-c", "$first_c"]}]
JSON

snapshot() {
    find . -print0 | LC_ALL=C sort -z | xargs -0 sha256sum 2>/dev/null
    find . | LC_ALL=C sort
}
snapshot >"$tmp/before"

HOME="$tmp/home" TMPDIR="$tmp/tmpdir" "$tool" . >/dev/null 2>"$tmp/err1"
s1=$?
HOME="$tmp/home" TMPDIR="$tmp/tmpdir" "$tool" --format=sarif -o report.sarif . >/dev/null 2>"$tmp/err2"
s2=$?
HOME="$tmp/home" TMPDIR="$tmp/tmpdir" "$tool" -p . "$first_c" >/dev/null 2>"$tmp/err3"
s3=$?

fail=0
for s in $s1 $s2 $s3; do
    [ "$s" -le 2 ] || { echo "FAIL: exit status $s (a crash?)"; fail=1; }
done
[ -s report.sarif ] || { echo "FAIL: -o report.sarif was not written"; fail=1; }
[ ! -e EXECUTED ] || { echo "FAIL: the tool executed the compile command's compiler"; fail=1; }
rm -f report.sarif
snapshot >"$tmp/after"
if ! cmp -s "$tmp/before" "$tmp/after"; then
    echo "FAIL: the analysed project changed:"
    diff "$tmp/before" "$tmp/after" | head -20
    fail=1
fi
for d in home tmpdir; do
    if [ -n "$(ls -A "$tmp/$d")" ]; then
        echo "FAIL: the tool wrote into \$$(echo $d | tr a-z A-Z):"
        ls -la "$tmp/$d" | head
        fail=1
    fi
done
[ "$fail" -eq 0 ] && echo "no side effects: only -o's file was written, nothing was executed"
exit "$fail"
