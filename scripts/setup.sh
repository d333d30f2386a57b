#!/bin/sh
# setup.sh - install what vksync-lint needs on Debian 12 (docs/design.md,
# "Dependencies").
# Idempotent; prints nothing when everything is already installed.
set -eu

PACKAGES="cmake make gcc g++ pkg-config python3 python3-jsonschema
libclang-19-dev clang-19 libclang-rt-19-dev libz3-dev check
spirv-tools spirv-headers libspirv-cross-c-shared-dev glslang-tools
libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers"

missing=""
for pkg in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $pkg"
    fi
done
[ -z "$missing" ] && exit 0

echo "setup: installing$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
