#!/bin/sh
# run-sarif-schema.sh TOOL SAMPLE SOURCE_DIR VALIDATOR - the SARIF contract
# (docs/design.md, "SARIF") checked on real logs:
#   1. every log validates against the SARIF 2.1.0 schema and the SARIF
#      rules (VALIDATOR is tests/sarif/validate-sarif.sh: the SARIF
#      Multitool scripts/setup.sh installs);
#   2. the invariants the schema cannot express hold (check-sarif.py).
# Logs: the hand-built sample (SAMPLE), vksync-lint on examples/, and
# vksync-lint on an input that fails (notifications, executionSuccessful).
set -u
tool="$1"
sample="$2"
src="$3"
validator="$4"
if [ ! -x "$validator" ]; then
    echo "FAIL: SARIF validator not found at $validator" >&2
    exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0

"$sample" examples/hand-built.c >"$dir/sample.sarif" || fail=1
cd "$src" || exit 1
"$tool" --quiet --format=sarif -o "$dir/examples.sarif" examples/ 2>/dev/null
status=$?
[ "$status" -le 2 ] || { echo "FAIL: examples run crashed ($status)"; fail=1; }
"$tool" --quiet --format=sarif -o "$dir/missing.sarif" no-such-file.c 2>/dev/null
[ $? -eq 2 ] || { echo "FAIL: a missing input must exit 2"; fail=1; }

for log in "$dir/sample.sarif" "$dir/examples.sarif" "$dir/missing.sarif"; do
    "$validator" "$log" || fail=1
    python3 "$src/tests/sarif/check-sarif.py" "$log" || fail=1
done
python3 - "$dir/missing.sarif" <<'PY' || fail=1
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
inv = run["invocations"][0]
assert inv["executionSuccessful"] is False, "missing input: executionSuccessful must be false"
texts = [n["message"]["text"] for n in inv["toolExecutionNotifications"]]
assert any("no-such-file.c" in t for t in texts), texts
print(sys.argv[1] + ": notification names the missing file")
PY
[ "$fail" -eq 0 ] && echo "sarif: all logs valid"
exit "$fail"
