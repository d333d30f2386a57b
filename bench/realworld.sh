#!/bin/sh
# realworld.sh [PROGRAM...] - vksync-lint on real Vulkan C code from Debian 12.
#
# Fetches Debian 12 (bookworm) source packages with `apt-get source
# --download-only`, unpacks their upstream (.orig) tarballs into a cache
# OUTSIDE the repository, makes the headers each package's own build would
# generate, runs vksync-lint on each program, and prints one line per
# program (bench/realworld.py does the running and the counting):
#
#     name  wall  (cpu)  peak-RSS  exit  paths  ordered  unknown  incomplete [limit xN (functions)]  findings per rule
#
# and, at the end, the programs that miss issue 11's targets (time, memory,
# incomplete analysis).
#
# Programs (default: all, in this order): vkcube vkcube-xcb
# glfw-triangle-vulkan wlroots-vulkan ffmpeg-hwcontext-vulkan
# ffmpeg-vulkan-filters gst-vulkan zink mesa-wsi gtk4-gsk-vulkan.
# docs/realworld.md has today's
# numbers and the triage of every finding.
#
# Environment:
#   VKSYNC_LINT               the binary (default: build/vksync-lint of this repository)
#   VKSYNC_REALWORLD_CACHE    the cache (default ${XDG_CACHE_HOME:-$HOME/.cache}/vksync-lint/realworld);
#                             it must not be inside the repository: never commit the packages' code
#   VKSYNC_REALWORLD_TIMEOUT  seconds per program (default 120); a timeout is printed as TIMEOUT
#                             and gdb stack samples are left in reports/NAME.stacks
#   VKSYNC_REALWORLD_MEM_MB   address-space limit per run in MiB (default 12288; 0: none), so a
#                             memory blow-up ends as a crash line instead of taking the machine
#   VKSYNC_REALWORLD_TEXT     1 (default): run each program a second time for the text report
#                             (reports/NAME.txt, for triage); 0: SARIF only (half the time)
#   VKSYNC_REALWORLD_OFFLINE  1: no apt at all (use what the cache and the system already have)
#
# Left in the cache: src/ (the downloaded files), unpack/PKG/ (the upstream
# sources), build/PKG/ (configure output, generated headers), reports/
# (NAME.sarif, NAME.txt, NAME.stderr, NAME.cmd - the exact command line -
# and summary.jsonl, one JSON record per program).
#
# Installs what it needs with apt (root, or sudo), like scripts/setup.sh,
# and adds `deb-src` to the Debian apt sources when none is configured.
# A package that cannot be fetched or prepared gives a "NOT RUN" line; the
# other programs still run.  Exit status 0 when every program ran (whatever
# vksync-lint found), 1 when some could not be run at all, 2 on a usage
# error.  One vksync-lint runs at a time.
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
bench="$repo/bench"
tool=${VKSYNC_LINT:-$repo/build/vksync-lint}
case $tool in /*) ;; *) tool="$PWD/$tool" ;; esac
cache=${VKSYNC_REALWORLD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vksync-lint/realworld}
timeout=${VKSYNC_REALWORLD_TIMEOUT:-120}
mem_mb=${VKSYNC_REALWORLD_MEM_MB:-12288}
text=${VKSYNC_REALWORLD_TEXT:-1}
offline=${VKSYNC_REALWORLD_OFFLINE:-0}

# Debian's python3 (meson's generators need python3-mako; a pyenv python
# earlier on PATH would not have it).
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3

die() { echo "realworld: $*" >&2; exit 2; }
log() { echo "realworld: $*" >&2; }

[ -x "$tool" ] || die "$tool: not built (scripts/build.sh), or set VKSYNC_LINT"
mkdir -p "$cache" || die "cannot create $cache"
cache=$(cd "$cache" && pwd -P)
case "$cache/" in
"$(cd "$repo" && pwd -P)"/*) die "the cache $cache is inside the repository; set VKSYNC_REALWORLD_CACHE elsewhere" ;;
esac
mkdir -p "$cache/src" "$cache/unpack" "$cache/build" "$cache/reports"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# --------------------------------------------------------------------------
# apt: deb-src lines and packages (idempotent; quiet when nothing to do)

have_deb_src() {
    # shellcheck disable=SC2016
    apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -qx Sources
}

ensure_deb_src() {
    if have_deb_src; then
        # Configured, but the Sources index may never have been downloaded.
        apt-cache showsrc vulkan-tools >/dev/null 2>&1 ||
            $SUDO apt-get update -qq >/dev/null 2>&1 || log "apt-get update failed"
        return 0
    fi
    log "adding deb-src to the Debian apt sources"
    # deb822 files (Debian 12's default, /etc/apt/sources.list.d/debian.sources):
    # extend each `Types: deb` line.
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        grep -q 'debian' "$f" || continue
        $SUDO sed -i '/^Types:/{/deb-src/!s/$/ deb-src/}' "$f"
    done
    # One-line format: a deb-src twin of every `deb` line of the Debian archive.
    if [ -f /etc/apt/sources.list ] && grep -q '^deb .*debian' /etc/apt/sources.list; then
        grep '^deb .*debian' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
            $SUDO tee /etc/apt/sources.list.d/vksync-realworld-src.list >/dev/null
    fi
    $SUDO apt-get update -qq >/dev/null 2>&1 || log "apt-get update failed"
}

# What the programs' headers and the generators need.  The package builds
# are only configured (meson / ffmpeg's configure) and their header
# generators run; nothing is compiled.
PACKAGES="xz-utils gdb glslang-tools glslc meson ninja-build python3-mako
bison flex pkg-config libexpat1-dev zlib1g-dev libdrm-dev libva-dev
libxcb1-dev libx11-dev libx11-xcb-dev libwayland-dev wayland-protocols
libpixman-1-dev libxkbcommon-dev libxkbcommon-x11-dev libudev-dev
libseat-dev libgbm-dev libglib2.0-dev libgstreamer1.0-dev
libgstreamer-plugins-base1.0-dev libvulkan-dev libgtk-4-dev"

ensure_packages() {
    missing=""
    for pkg in $PACKAGES; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
            missing="$missing $pkg"
    done
    [ -z "$missing" ] && return 0
    log "installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1 ||
        { $SUDO apt-get update -qq >/dev/null 2>&1 &&
          $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1; } ||
        log "could not install some of:$missing (the programs that need them will say so)"
}

# fetch SRCPKG: download (once) and unpack the upstream tarball; prints the
# source tree's directory.  Debian's own patches are not applied: what is
# analysed is the upstream release Debian ships (some .dsc and
# .debian.tar.xz files are not served by the mirror; the .orig tarball is).
fetch() {
    pkg=$1
    if [ "$offline" != 1 ]; then
        (cd "$cache/src" && apt-get source --download-only "$pkg") \
            >"$cache/src/$pkg.fetch.log" 2>&1 ||
            log "$pkg: apt-get source reported an error (see $cache/src/$pkg.fetch.log); using the .orig tarball if it came"
    fi
    orig=$(for f in "$cache/src/${pkg}"_*.orig.tar.*; do
               case $f in *.asc | *"*"*) ;; *) echo "$f" ;; esac
           done | sort -V | tail -n 1)
    [ -n "$orig" ] || { log "$pkg: no .orig tarball in $cache/src"; return 1; }
    dest="$cache/unpack/$pkg"
    stamp="$dest/.unpacked-$(basename "$orig")"
    if [ ! -f "$stamp" ]; then
        if ! { rm -rf "$dest" && mkdir -p "$dest" && tar -xf "$orig" -C "$dest" && touch "$stamp"; }; then
            log "$pkg: cannot unpack $orig"
            rm -rf "$dest"
            return 1
        fi
    fi
    top=$(find "$dest" -mindepth 1 -maxdepth 1 -type d | head -n 1)
    [ -n "$top" ] || { log "$pkg: empty tarball"; return 1; }
    echo "$top"
}

# meson_setup SRC BUILD OPTIONS...: configure once (stamp), then run the
# custom commands that produce headers (protocol headers, enum types,
# compiled shaders as C arrays, generated dispatch tables).  The
# compile_commands.json meson writes gives the flags (realworld.py --ccdb).
meson_setup() {
    msrc=$1 mbuild=$2
    shift 2
    if [ ! -f "$mbuild/.configured" ]; then
        rm -rf "$mbuild"
        PATH=/usr/bin:$PATH meson setup "$mbuild" "$msrc" "$@" >"$mbuild.configure.log" 2>&1 ||
            { log "meson setup failed for $msrc (see $mbuild.configure.log)"; return 1; }
        touch "$mbuild/.configured"
    fi
    [ -f "$mbuild/.generated" ] && return 0
    targets=$(cd "$mbuild" && ninja -t targets all | sed -n 's/^\(.*\.h\): CUSTOM_COMMAND$/\1/p')
    # shellcheck disable=SC2086
    (cd "$mbuild" && PATH=/usr/bin:$PATH ninja $targets) >"$mbuild.generate.log" 2>&1 ||
        { log "generating headers failed in $mbuild (see $mbuild.generate.log)"; return 1; }
    touch "$mbuild/.generated"
}

# run NAME SRCDIR [--ccdb DIR] FILE... -- FLAGS...: one vksync-lint run, one line.
run() {
    name=$1 dir=$2
    shift 2
    textflag=""
    [ "$text" = 1 ] && textflag="--text"
    "$PY" "$bench/realworld.py" run --name "$name" --cwd "$dir" --out "$cache/reports" \
        --tool "$tool" --timeout "$timeout" --mem-mb "$mem_mb" $textflag "$@" ||
        not_run "$name" "the runner failed"
}

failures=0
not_run() {
    "$PY" "$bench/realworld.py" failed "$1" "$2"
    failures=$((failures + 1))
}

# --------------------------------------------------------------------------
# The programs.  Each function prepares its package and calls `run` (or
# `not_run`).  The flags are the package build's own, from its build system
# where it has a configure step that can be run alone.

# vulkan-tools: cube/cube.c, as cube/CMakeLists.txt builds vkcube.
#   -I BUILD: cube.vert.inc / cube.frag.inc, the SPIR-V words as a C array,
#     made by the same command CMake runs (glslangValidator -V -x); the
#     .spv files are given too, so the draw's shaders can be linked.
#   vkcube:     no VK_USE_PLATFORM_* (the file's portable code; no window)
#   vkcube-xcb: -DVK_USE_PLATFORM_XCB_KHR, CMake's default on Linux
#     (CUBE_WSI_SELECTION=XCB) and what Debian's vkcube is.
prog_vkcube() {
    src=$(fetch vulkan-tools) || { not_run vkcube "vulkan-tools: fetch failed"; not_run vkcube-xcb "vulkan-tools: fetch failed"; return; }
    gen="$cache/build/vulkan-tools"
    mkdir -p "$gen"
    for s in vert frag; do
        [ -f "$gen/cube.$s.inc" ] ||
            glslangValidator -V -x -o "$gen/cube.$s.inc" "$src/cube/cube.$s" >/dev/null || break
        [ -f "$gen/cube.$s.spv" ] ||
            glslangValidator -V -o "$gen/cube.$s.spv" "$src/cube/cube.$s" >/dev/null || break
    done
    if [ ! -f "$gen/cube.frag.spv" ]; then
        not_run vkcube "glslangValidator failed on cube shaders"
        not_run vkcube-xcb "glslangValidator failed on cube shaders"
        return
    fi
    run vkcube "$src" cube/cube.c "$gen/cube.vert.spv" "$gen/cube.frag.spv" \
        -- -I"$gen" -Icube
    # shellcheck disable=SC2046
    run vkcube-xcb "$src" cube/cube.c "$gen/cube.vert.spv" "$gen/cube.frag.spv" \
        -- -I"$gen" -Icube -DVK_USE_PLATFORM_XCB_KHR $(pkg-config --cflags xcb 2>/dev/null)
}

# glfw3: tests/triangle-vulkan.c, as tests/CMakeLists.txt builds it: GLFW's
# own include/ and deps/ (glad/vulkan.h, the loader glad generates).
prog_glfw() {
    src=$(fetch glfw3) || { not_run glfw-triangle-vulkan "glfw3: fetch failed"; return; }
    run glfw-triangle-vulkan "$src" tests/triangle-vulkan.c -- -Iinclude -Ideps
}

# wlroots: render/vulkan/*.c.  meson configured with the Vulkan renderer
# only (no backends, no Xwayland: fewer build dependencies; the renderer's
# code does not depend on them); then the generated headers: wlr/config.h,
# wlr/version.h, render/vulkan/shaders/*.h (glslangValidator --vn) and the
# protocol headers (wayland-scanner).  Flags per file from
# compile_commands.json (realworld.py --ccdb).
prog_wlroots() {
    src=$(fetch wlroots) || { not_run wlroots-vulkan "wlroots: fetch failed"; return; }
    b="$cache/build/wlroots"
    meson_setup "$src" "$b" -Dbackends= -Dxwayland=disabled -Drenderers=vulkan \
        -Dexamples=false -Dxcb-errors=disabled -Dwerror=false ||
        { not_run wlroots-vulkan "meson setup failed (see $b.configure.log)"; return; }
    # shellcheck disable=SC2046
    run wlroots-vulkan "$src" --ccdb "$b" $(cd "$src" && ls render/vulkan/*.c)
}

# ffmpeg: libavutil/hwcontext_vulkan.c, and the Vulkan filters
# (libavfilter/vf_*vulkan*.c, vulkan.c - which #includes libavutil/vulkan.c,
# the shared recording helpers - and vulkan_filter.c).  config.h and
# libavutil/avconfig.h come from ffmpeg's configure (run alone, about 10 s:
# --enable-vulkan with libdrm and VA-API, as Debian enables them; no
# assembler); the flags are those ffmpeg's Makefile adds: -I BUILD -I SRC,
# -DHAVE_AV_CONFIG_H and configure's CPPFLAGS.  libavutil/vulkan_glslang.c
# and vulkan_shaderc.c (shader compilers, no command recording) are left out.
prog_ffmpeg() {
    src=$(fetch ffmpeg) || { not_run ffmpeg-hwcontext-vulkan "ffmpeg: fetch failed"; not_run ffmpeg-vulkan-filters "ffmpeg: fetch failed"; return; }
    b="$cache/build/ffmpeg"
    if [ ! -f "$b/.configured" ]; then
        rm -rf "$b" && mkdir -p "$b"
        (cd "$b" && "$src/configure" --disable-everything --disable-x86asm --disable-doc \
            --disable-programs --disable-autodetect --enable-vulkan --enable-libdrm \
            --enable-vaapi) >"$b.configure.log" 2>&1 && touch "$b/.configured"
    fi
    if [ ! -f "$b/.configured" ]; then
        not_run ffmpeg-hwcontext-vulkan "configure failed (see $b.configure.log)"
        not_run ffmpeg-vulkan-filters "configure failed (see $b.configure.log)"
        return
    fi
    cppflags=$(sed -n 's/^CPPFLAGS=//p' "$b/ffbuild/config.mak")
    # shellcheck disable=SC2086
    # shellcheck disable=SC2046
    set -- -I"$b" -I. -DHAVE_AV_CONFIG_H $cppflags -std=c11 $(pkg-config --cflags libdrm)
    run ffmpeg-hwcontext-vulkan "$src" libavutil/hwcontext_vulkan.c -- "$@"
    # shellcheck disable=SC2046
    run ffmpeg-vulkan-filters "$src" $(cd "$src" && ls libavfilter/vf_*vulkan*.c libavfilter/vulkan*.c) -- "$@"
}

# gst-plugins-bad1.0: ext/vulkan/*.c and gst-libs/gst/vulkan/*.c (the
# library's common code; not its per-window-system subdirectories), as one
# program: the elements call the library's helpers.  meson configured with
# every feature off but vulkan, x11 and wayland (the library refuses to
# build without a window system); generated: gstvkconfig.h,
# vulkan-enumtypes.h, gstvulkan-plugins-enumtypes.h and the shaders as C
# arrays (glslc + bin2array.py).  Flags from compile_commands.json
# (realworld.py --ccdb): the union of the library's and the elements' flags
# (so -DBUILDING_GST_VULKAN applies to all; it only selects export macros).
prog_gst() {
    src=$(fetch gst-plugins-bad1.0) || { not_run gst-vulkan "gst-plugins-bad1.0: fetch failed"; return; }
    b="$cache/build/gst-plugins-bad1.0"
    meson_setup "$src" "$b" -Dauto_features=disabled -Dvulkan=enabled -Dx11=enabled \
        -Dwayland=enabled -Dexamples=disabled -Dtests=disabled -Dintrospection=disabled \
        -Dnls=disabled -Dorc=disabled -Dgpl=disabled ||
        { not_run gst-vulkan "meson setup failed (see $b.configure.log)"; return; }
    # shellcheck disable=SC2046
    run gst-vulkan "$src" --ccdb "$b" $(cd "$src" && ls ext/vulkan/*.c gst-libs/gst/vulkan/*.c)
}

# mesa: src/gallium/drivers/zink/*.c (libzink's C files; zink_format_test.c,
# a unit test, is left out; so are nir_to_spirv/ - the shader compiler,
# no command recording - and zink_draw.cpp, C++).  meson configured for
# zink alone with no window-system platforms (Debian builds x11,wayland:
# kopper's X11/Wayland branches are not compiled here) and no LLVM; then
# every generated header (nir_opcodes.h, nir_intrinsics.h, vk_dispatch_table.h,
# vk_enum_to_str.h, u_format_pack.h, zink_device_info.h, zink_instance.h,
# ...: python3-mako generators).  Flags from compile_commands.json (realworld.py --ccdb).
prog_zink_setup() {
    meson_setup "$1" "$2" -Dgallium-drivers=zink -Dvulkan-drivers= -Dplatforms= \
        -Dglx=disabled -Degl=disabled -Dgbm=disabled -Dllvm=disabled -Dopengl=true \
        -Dgles1=disabled -Dgles2=disabled -Dshared-glapi=enabled -Dvalgrind=disabled \
        -Dlibunwind=disabled -Dlmsensors=disabled -Dzstd=disabled -Dbuild-tests=false
}

prog_zink() {
    src=$(fetch mesa) || { not_run zink "mesa: fetch failed"; return; }
    b="$cache/build/mesa"
    prog_zink_setup "$src" "$b" ||
        { not_run zink "meson setup failed (see $b.configure.log)"; return; }
    # shellcheck disable=SC2046
    run zink "$src" --ccdb "$b" $(cd "$src" && for f in src/gallium/drivers/zink/*.c; do
        [ "$f" = src/gallium/drivers/zink/zink_format_test.c ] || echo "$f"; done)
}

# mesa-wsi: src/vulkan/wsi/wsi_common*.c, Mesa's window-system layer,
# which records and submits blits of its own (PRIME and linear copies,
# through the driver's dispatch table: `wsi->CmdPipelineBarrier (...)`) and
# presents each swapchain in a loop whose error checks `goto` the loop
# body's end.  The same configured tree as zink (its compile_commands.json
# has these files).  Not in issue 11's list: tried by a helper session in
# session 24.
prog_mesa_wsi() {
    src=$(fetch mesa) || { not_run mesa-wsi "mesa: fetch failed"; return; }
    b="$cache/build/mesa"
    [ -f "$b/.configured" ] || prog_zink_setup "$src" "$b" ||
        { not_run mesa-wsi "meson setup failed (see $b.configure.log)"; return; }
    run mesa-wsi "$src" --ccdb "$b" src/vulkan/wsi/wsi_common.c \
        src/vulkan/wsi/wsi_common_drm.c src/vulkan/wsi/wsi_common_display.c
}

# gtk4: gsk/vulkan/*.c, GTK's GSK Vulkan renderer (render passes, image
# uploads through staging buffers and images, one pipeline per kind of
# render node).  Debian builds GTK 4.8 without it (its gdkconfig.h says
# `#undef GDK_RENDERING_VULKAN`) and GTK's own meson setup needs all of
# GTK's build dependencies, so instead of configuring: the installed
# headers of the same version (libgtk-4-dev) for everything GTK generates
# (gdkenumtypes.h, gskenumtypes.h, gdkversionmacros.h), a copy of the
# installed gdkconfig.h with GDK_RENDERING_VULKAN defined, and a config.h
# with the few macros gsk/vulkan reads (GETTEXT_PACKAGE, GDK_WINDOWING_X11).
# Not in issue 11's list: a renderer tried in session 20.
prog_gtk() {
    src=$(fetch gtk4) || { not_run gtk4-gsk-vulkan "gtk4: fetch failed"; return; }
    b="$cache/build/gtk4"
    conf=/usr/include/gtk-4.0/gdk/gdkconfig.h
    [ -f "$conf" ] || { not_run gtk4-gsk-vulkan "libgtk-4-dev is not installed ($conf)"; return; }
    mkdir -p "$b/gdk"
    sed 's/#undef GDK_RENDERING_VULKAN/#define GDK_RENDERING_VULKAN/' "$conf" >"$b/gdk/gdkconfig.h"
    printf '%s\n' '#define GETTEXT_PACKAGE "gtk40"' '#define GDK_WINDOWING_X11 1' \
        '#define HAVE_UNISTD_H 1' >"$b/config.h"
    # shellcheck disable=SC2046
    run gtk4-gsk-vulkan "$src" $(cd "$src" && ls gsk/vulkan/*.c) -- -I"$b" -I. -Igsk -Igdk \
        -Igtk -I/usr/include/gtk-4.0 $(pkg-config --cflags gtk4) -DGTK_COMPILATION \
        -DGDK_COMPILATION -DGSK_COMPILATION
}

# --------------------------------------------------------------------------

all="vkcube glfw-triangle-vulkan wlroots-vulkan ffmpeg gst-vulkan zink mesa-wsi gtk4-gsk-vulkan"
# shellcheck disable=SC2086
[ $# -gt 0 ] || set -- $all

if [ "$offline" != 1 ]; then
    ensure_deb_src
    ensure_packages
fi

: >"$cache/reports/summary.jsonl"
start=$(date +%s)
"$PY" "$bench/realworld.py" header
timeout 10 "$tool" --version 2>/dev/null | head -n 1 | sed 's/^/# /'
echo "# timeout ${timeout}s per program; reports in $cache/reports"
echo "# $(nproc) cores; load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
for p in "$@"; do
    case $p in
    vkcube | vkcube-xcb) prog_vkcube ;;
    glfw | glfw-triangle-vulkan) prog_glfw ;;
    wlroots | wlroots-vulkan) prog_wlroots ;;
    ffmpeg | ffmpeg-*) prog_ffmpeg ;;
    gst | gst-vulkan) prog_gst ;;
    zink | mesa) prog_zink ;;
    wsi | mesa-wsi) prog_mesa_wsi ;;
    gtk | gtk4 | gtk4-gsk-vulkan) prog_gtk ;;
    *) not_run "$p" "unknown program (known: $all)" ;;
    esac
done
"$PY" "$bench/realworld.py" targets "$cache/reports/summary.jsonl"
echo "# total $(($(date +%s) - start)) s"
[ "$failures" -eq 0 ]
