#!/bin/sh
# validate-sarif.sh FILE... - validates SARIF logs with Microsoft's SARIF
# Multitool (`sarif-multitool validate`: the SARIF 2.1.0 schema and the
# SARIF rules), installed by scripts/setup.sh.  Exit 0 when no log has an
# error (warnings are printed, not failed), 1 when one has, 2 when the
# Multitool is not installed.  VKSYNC_SARIF_MULTITOOL names another one.
set -u
tool=${VKSYNC_SARIF_MULTITOOL:-${XDG_CACHE_HOME:-$HOME/.cache}/vksync-lint/sarif-multitool/node_modules/.bin/sarif-multitool}
if [ ! -x "$tool" ]; then
    echo "validate-sarif: the SARIF Multitool is not installed at $tool (run scripts/setup.sh)" >&2
    exit 2
fi
status=0
for log in "$@"; do
    out=$("$tool" validate "$log" 2>&1)
    printf '%s\n' "$out" | grep -E '\): (error|warning) ' || true
    if printf '%s\n' "$out" | grep -qE '\): error '; then
        status=1
    elif ! printf '%s\n' "$out" | grep -q 'Analysis completed successfully'; then
        printf '%s\n' "$out" >&2
        status=1
    else
        echo "$log: valid SARIF 2.1.0 (SARIF Multitool)"
    fi
done
exit "$status"
