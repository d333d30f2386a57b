#!/bin/sh
# setup.sh - install what vksync-lint needs on Debian 12 (docs/design.md,
# "Dependencies"), and what its tests need: Microsoft's SARIF Multitool
# (the validator of tests/sarif/, from the npm registry, into a cache
# outside the repository: ${XDG_CACHE_HOME:-$HOME/.cache}/vksync-lint).
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
# npm, the npm registry's client: Debian's package, unless a Node.js
# installation already brings the command.
command -v npm >/dev/null 2>&1 || missing="$missing npm"

if [ -n "$missing" ]; then
    echo "setup: installing$missing" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# The SARIF Multitool: a pinned version, a self-contained binary the npm
# package ships (its postinstall step, which only makes it executable, is
# done here: npm may be set not to run install scripts).
MULTITOOL_VERSION=5.7.0
tools="${XDG_CACHE_HOME:-$HOME/.cache}/vksync-lint/sarif-multitool"
stamp="$tools/.installed-$MULTITOOL_VERSION"
if [ ! -f "$stamp" ]; then
    echo "setup: installing @microsoft/sarif-multitool@$MULTITOOL_VERSION into $tools" >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --loglevel=error \
        "@microsoft/sarif-multitool@$MULTITOOL_VERSION" >/dev/null
    chmod u+x "$tools"/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
    touch "$stamp"
fi
