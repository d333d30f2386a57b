#!/bin/sh
# demo.sh - set up, build, and run vksync-lint on examples/ (README command 1).
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
echo "\$ build/vksync-lint examples/"
status=0
build/vksync-lint examples/ || status=$?
echo "(exit status $status: 1 means error-level findings, as expected for the bad examples)"
