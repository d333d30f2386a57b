#!/bin/sh
# run-cli-tests.sh TOOL SOURCE_DIR - the command-line contract
# (docs/design.md, "Command line") driven through the real binary on the
# real examples: informational options, exit statuses, one-line input
# errors that do not stop the other files, --checks, --warnings-as-errors,
# -o, -j and "--".
set -u
tool="$1"
case "$tool" in /*) ;; *) tool="$(pwd)/$tool" ;; esac
cd "$2" || exit 2
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
fail=0
bad=examples/upload/bad_fill_then_copy.c
fixed=examples/upload/fixed_fill_then_copy.c

# run ARGS...: runs the tool; sets $status, $tmp/out, $tmp/err.
run() {
    "$tool" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}
check() { # check DESCRIPTION CONDITION...
    what="$1"
    shift
    if "$@"; then
        echo "ok   $what"
    else
        echo "FAIL $what (exit $status)"
        sed 's/^/     stdout: /' "$tmp/out" | head -10
        sed 's/^/     stderr: /' "$tmp/err" | head -10
        fail=1
    fi
}
exit_is() { [ "$status" -eq "$1" ]; }
out_has() { grep -q -- "$1" "$tmp/out"; }
err_has() { grep -q -- "$1" "$tmp/err"; }
out_empty() { [ ! -s "$tmp/out" ]; }
err_lines() { [ "$(wc -l <"$tmp/err")" -eq "$1" ]; }

# ---- informational options
run --help
check "--help exits 0 and shows usage" exit_is 0
check "--help explains that '--' introduces compiler arguments" out_has "compiler"
check "--help lists --warnings-as-errors" out_has "--warnings-as-errors=GLOBS"

run --version
check "--version exits 0" exit_is 0
check "--version names the tool and version" out_has "^vksync-lint [0-9][0-9.]*"

run --list-checks
check "--list-checks exits 0" exit_is 0
for id in $(sed -n 's/^RULE([A-Z_0-9]*, *"\([a-z0-9-]*\)".*/\1/p' include/vksync/rules.def); do
    check "--list-checks lists $id" out_has "^    $id\$"
done
run --checks='-*,hazard-write-*' --list-checks
check "--checks filters --list-checks" sh -c "! grep -q 'read-after-write\|vksync-' '$tmp/out' && grep -q hazard-write-after-read '$tmp/out'"

# ---- usage errors: exit 2, one line on stderr
run --no-such-option "$bad"
check "an unknown option exits 2" exit_is 2
check "an unknown option is one stderr line naming it" sh -c "[ \$(wc -l <'$tmp/err') -eq 1 ] && grep -q -- '--no-such-option' '$tmp/err'"
run --format=xml "$bad"
check "--format=xml exits 2" exit_is 2
run -j zero "$bad"
check "-j with a non-number exits 2" exit_is 2
run --workgroups=0 "$bad"
check "--workgroups=0 exits 2" exit_is 2
run --checks='hazard-*,,x' "$bad"
check "an empty glob in --checks exits 2" exit_is 2
run
check "no input files exits 2" exit_is 2

# ---- analysis
run --quiet "$bad"
check "a hazard exits 1" exit_is 1
check "the hazard is reported in clang-tidy form" out_has "^$bad:[0-9]*:[0-9]*: error: .*\[hazard-read-after-write\]\$"
check "--quiet prints nothing on stderr" err_lines 0

run "$bad"
check "statistics on stderr without --quiet" err_has "^vksync-lint: [0-9]* access pairs proved ordered, [0-9]* paths explored, [0-9]* questions left unknown, [0-9]*/[0-9]* recording calls reached\$"
check "clang-style count line" err_has "^1 error generated\.\$"

# A C file that records nothing (it hands its device to a library that
# does) says so: its zeros are no proof.
cat >"$tmp/context_only.c" <<'EOF'
#include <vulkan/vulkan.h>
VkResult make_instance(VkInstance *out)
{
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    return vkCreateInstance(&info, NULL, out);
}
EOF
run "$tmp/context_only.c"
check "a C file without recording calls exits 0" exit_is 0
check "a C file without recording calls says so" err_has "^vksync-lint: 0 access pairs proved ordered, 0 paths explored, 0 questions left unknown, no recording calls in the C files\$"

# What the questions left unknown did not know, by reason: a library
# helper whose barrier's source stage its caller passes.
cat >"$tmp/upload_after.c" <<'EOF'
#include <vulkan/vulkan.h>

/* The caller says which stage produced the staging data. */
void upload_after(VkCommandBuffer cmd, VkBuffer staging, VkBuffer dst,
                  VkPipelineStageFlags producer)
{
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, producer, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
    VkBufferCopy region = {0, 0, 1024};
    vkCmdCopyBuffer(cmd, staging, dst, 1, &region);
}
EOF
run "$tmp/upload_after.c"
check "unknown questions are broken down by reason on stderr" err_has "^vksync-lint: questions left unknown: [1-9][0-9]* unknown barrier masks\?\$"
run --format=sarif "$tmp/upload_after.c"
check "... and in SARIF run.properties" python3 -c "
import json, sys
p = json.load(open('$tmp/out'))['runs'][0]['properties']
why = p['unknownQuestionsByReason']
sys.exit(not (why['barrierMask'] >= 1 and sum(why.values()) == p['unknownQuestions']
              and why['access'] == 0))"
sed 's/producer, VK_PIPELINE/VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE/' \
    "$tmp/upload_after.c" >"$tmp/upload_after_compute.c"
run "$tmp/upload_after_compute.c"
check "no reasons line when nothing was left unknown" sh -c "! grep -q 'questions left unknown:' '$tmp/err' && grep -q ' 0 questions left unknown' '$tmp/err'"

# ... and a submitted command buffer whose recording the path cannot name
# (the frame the swapchain handed out) is said as such, not as a command
# the engine does not model.
cat >"$tmp/submit_frame.c" <<'EOF'
#include <vulkan/vulkan.h>

struct frame {
    VkCommandBuffer cmd;
    VkFence fence;
};

/* Submits the frame the swapchain handed out. */
void submit_frame(VkQueue queue, struct frame *frames, uint32_t image_index)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &frames[image_index].cmd,
    };
    vkQueueSubmit(queue, 1, &si, frames[image_index].fence);
}
EOF
run "$tmp/submit_frame.c"
check "a submission the path cannot name is its own reason" err_has "^vksync-lint: questions left unknown: 1 submitted command buffer the path cannot name\$"

run --quiet "$fixed"
check "the fixed twin exits 0" exit_is 0
check "the fixed twin prints nothing" out_empty

run --quiet --checks='-hazard-*' "$bad"
check "--checks=-hazard-* silences the hazard" out_empty
check "--checks=-hazard-* exits 0" exit_is 0

run --quiet --warnings-as-errors='hazard-*' "$bad"
check "--warnings-as-errors on an error-level rule adds no suffix" sh -c "! grep -q -- '-warnings-as-errors' '$tmp/out'"

# A file with a clang error (not fatal: clang recovers) is an input error:
# one line on stderr with clang's line:column and message, exit 2, nothing
# on stdout (it was a vksync-incomplete finding there once).
cat >"$tmp/frame.c" <<'C'
#include <stdint.h>
#include <vulkan/vulkan.h>
void record(VkCommandBuffer cmd, VkBuffer *counters) {
    vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){0});
    for (uint32_t i = 0; i < MAX_FRAMES; i++)
        vkCmdFillBuffer(cmd, counters[i], 0, 256, 0);
    vkEndCommandBuffer(cmd);
}
C
run --quiet "$tmp/frame.c"
check "a clang error is one line on stderr with line:col" err_has "^vksync-lint: error: $tmp/frame.c:5:30: use of undeclared identifier 'MAX_FRAMES'\$"
check "a clang error exits 2" exit_is 2
check "a clang error prints nothing on stdout" out_empty
run --quiet --format=sarif "$tmp/frame.c"
check "a clang error is a SARIF toolExecutionNotification" out_has "\"text\": \"$tmp/frame.c:5:30: use of undeclared identifier 'MAX_FRAMES'\""

# An analysis that could not finish (more than 64 paths through a function):
# vksync-incomplete, a warning, and exit 2.
{
    echo '#include <stdint.h>'
    echo '#include <vulkan/vulkan.h>'
    echo 'void record(VkCommandBuffer cmd, VkBuffer counters, uint32_t flags)'
    echo '{'
    echo '    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};'
    echo '    vkBeginCommandBuffer(cmd, &begin);'
    for bit in 1 2 4 8 16 32 64 128 256 512 1024; do
        echo "    if (flags & ${bit}u)"
        echo "        vkCmdFillBuffer(cmd, counters, $bit, 4, 0);"
    done
    echo '    vkEndCommandBuffer(cmd);'
    echo '}'
} >"$tmp/paths.c"
run --quiet "$tmp/paths.c"
check "an unfinished analysis is a warning [vksync-incomplete]" out_has "^$tmp/paths.c:3:6: warning: .*\[vksync-incomplete\]\$"
check "an unfinished analysis exits 2" exit_is 2
run --quiet --warnings-as-errors='vksync-*' "$tmp/paths.c"
check "--warnings-as-errors shows the suffix" out_has "^$tmp/paths.c:3:6: error: .*\[vksync-incomplete,-warnings-as-errors\]\$"
run --quiet --checks='-vksync-*' "$tmp/paths.c"
check "--checks cannot turn an unfinished analysis into a pass" exit_is 2
check "... and stderr says why" err_has "could not finish"
# Recording code no analysed path reaches (main stops before it renders):
# not a silent pass with "0 paths explored" but vksync-incomplete and exit 2.
cat >"$tmp/unused.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>
static void draw_scene(VkCommandBuffer cmd, VkBuffer vertices, uint32_t count)
{
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &vertices, &offset);
    vkCmdDraw(cmd, count, 1, 0, 0);
}
int main(void)
{
    fprintf(stderr, "not implemented yet\n");
    exit(1);
    draw_scene(VK_NULL_HANDLE, VK_NULL_HANDLE, 3);
}
C
run "$tmp/unused.c"
check "recording code no path reaches is vksync-incomplete" out_has "^$tmp/unused.c:7:5: warning: vkCmdBindVertexBuffers and 1 more recording call in .draw_scene. are not analysed: every analysed path through .main. ends the program before them .*\[vksync-incomplete\]\$"
check "... with the other call site as an unnumbered note" out_has "^$tmp/unused.c:8:5: note: vkCmdDraw: not analysed either\$"
check "... and exits 2" exit_is 2
check "... and the statistics count the calls not reached" err_has ", 0/2 recording calls reached, 1 analyses incomplete\$"
run --quiet "$tmp/frame.c" -- -DMAX_FRAMES=3
check "flags after -- reach the compiler" exit_is 0
mkdir "$tmp/compdb"
cat >"$tmp/compdb/compile_commands.json" <<JSON
[{"directory": "$tmp", "file": "$tmp/frame.c",
  "arguments": ["cc", "-DMAX_FRAMES=3", "-c", "$tmp/frame.c"]}]
JSON
run --quiet -p "$tmp/compdb" "$tmp/frame.c"
check "-p DIR reads the flags from compile_commands.json" exit_is 0

# ---- input errors: one line naming the file; the other files still analysed
run --quiet no-such-file.c "$bad"
check "a missing file exits 2" exit_is 2
check "a missing file is exactly one stderr line" err_lines 1
check "the stderr line names the file" err_has "^vksync-lint: error: no-such-file.c: "
check "the other file is still analysed" out_has "^$bad:.*\[hazard-read-after-write\]"

mkdir -p "$tmp/empty/sub" && touch "$tmp/empty/sub/notes.txt"
run --quiet "$tmp/empty"
check "a directory without inputs exits 2" exit_is 2
check "... with one line naming it" sh -c "[ \$(wc -l <'$tmp/err') -eq 1 ] && grep -q '$tmp/empty' '$tmp/err'"

cp "$bad" "$tmp/recording.h"
run --quiet "$tmp/recording.h"
check "a header named explicitly is analysed as C (pre-commit passes .h files)" out_has "^$tmp/recording.h:23:5: error: .*\[hazard-read-after-write\]"

cp "$bad" "$tmp/notes.txt"
run --quiet "$tmp/notes.txt"
check "an unsupported file type exits 2" exit_is 2

run --quiet examples/upload
check "a directory is analysed recursively" out_has "^examples/upload/bad_fill_then_copy.c:"
check "a directory's files come in sorted order" sh -c "grep -o '^examples/upload/[a-z_0-9]*\.c' '$tmp/out' | uniq > '$tmp/order' && sort -c '$tmp/order'"

# ---- the report goes where -o says, and nowhere else
run --quiet --format=sarif -o "$tmp/report.sarif" "$bad"
check "-o writes the report" sh -c "grep -q '\"ruleId\": \"hazard-read-after-write\"' '$tmp/report.sarif'"
check "-o leaves stdout empty" out_empty
check "-o keeps the exit status" exit_is 1

"$tool" --quiet --format=sarif "$bad" 2>/dev/null | grep vksyncHash >"$tmp/fp1"
"$tool" --quiet --format=sarif "./$bad" 2>/dev/null | grep vksyncHash >"$tmp/fp2"
"$tool" --quiet --format=sarif "$(pwd)/$bad" 2>/dev/null | grep vksyncHash >"$tmp/fp3"
check "SARIF fingerprints do not depend on how the path is spelt" sh -c "[ -s '$tmp/fp1' ] && cmp -s '$tmp/fp1' '$tmp/fp2' && cmp -s '$tmp/fp1' '$tmp/fp3'"

mkdir "$tmp/readonly" && chmod a-w "$tmp/readonly"
run --quiet -o "$tmp/readonly/x.txt" "$bad"
if [ "$(id -u)" -ne 0 ]; then
    check "an unwritable -o exits 2" exit_is 2
fi
run --quiet -o "$tmp/no-such-dir/x.txt" "$bad"
check "an -o in a missing directory exits 2" exit_is 2
check "... with one line naming it" sh -c "[ \$(wc -l <'$tmp/err') -eq 1 ] && grep -q 'no-such-dir/x.txt' '$tmp/err'"
if [ -w /dev/full ]; then
    run --quiet --format=sarif -o /dev/full "$bad"
    check "a failing write exits 2" exit_is 2
fi

# ---- NOLINT comments (clang-tidy's syntax): exactly their line and rules
# nolint SUFFIX [LINE]: the bad example (hazard at 23:5) with SUFFIX after
# the hazard's line and LINE, if given, inserted before it (the hazard is
# then at 24:5).
nolint() {
    if [ -n "${2:-}" ]; then
        sed -e "23s|\$|$1|" -e "23i\\
$2" "$bad" >"$tmp/nolint.c"
    else
        sed -e "23s|\$|$1|" "$bad" >"$tmp/nolint.c"
    fi
}
nolint " // NOLINT" ""
run "$tmp/nolint.c"
check "NOLINT on the finding's line suppresses it" sh -c "! grep -q 'error:' '$tmp/out'"
check "... and the run exits 0" exit_is 0
check "... and stderr counts it as clang-tidy does" err_has "^Suppressed 1 warnings (1 NOLINT)\.\$"
run --quiet "$tmp/nolint.c"
check "--quiet drops the Suppressed line" err_lines 0
nolint " // NOLINT(hazard-write-*)" ""
run --quiet "$tmp/nolint.c"
check "NOLINT(other-rule) does not suppress" out_has "^$tmp/nolint.c:23:5: error: .*\[hazard-read-after-write\]\$"
nolint " // NOLINT (hazard-write-*)" ""
run --quiet "$tmp/nolint.c"
check "'NOLINT (x)' with a blank is a plain NOLINT" exit_is 0
nolint "" "    // NOLINTNEXTLINE(hazard-read-after-write)"
run --quiet "$tmp/nolint.c"
check "NOLINTNEXTLINE(rule) suppresses the next line" exit_is 0
nolint " // NOLINTNEXTLINE"
run --quiet "$tmp/nolint.c"
check "a finding on the NOLINTNEXTLINE's own line is not suppressed" out_has "^$tmp/nolint.c:23:5: error: .*\[hazard-read-after-write\]\$"
nolint " // NOLINT" ""
run --quiet --format=sarif "$tmp/nolint.c"
check "a suppressed finding is left out of SARIF" sh -c "grep -q '\"results\": \[\]' '$tmp/out' && ! grep -q suppressions '$tmp/out'"
nolint "" "    /* NOLINTBEGIN */"
run "$tmp/nolint.c"
check "an unmatched NOLINTBEGIN is an error finding" out_has "^$tmp/nolint.c:23:8: error: unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment \[vksync-nolint-unmatched\]\$"
check "... which suppresses nothing" out_has "\[hazard-read-after-write\]\$"
check "... and exits 1" exit_is 1
check "... with no Suppressed line" sh -c "! grep -q Suppressed '$tmp/err'"
nolint " // NOLINTEND" "    /* NOLINTBEGIN */"
run --quiet "$tmp/nolint.c"
check "a NOLINTBEGIN/NOLINTEND block suppresses what is between" exit_is 0
nolint " // NOLINTEND" ""
run --quiet "$tmp/nolint.c"
check "an unmatched NOLINTEND is an error finding" out_has "^$tmp/nolint.c:23:66: error: unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment \[vksync-nolint-unmatched\]\$"
sed -e "3s|\$| // NOLINT|" "$tmp/paths.c" >"$tmp/paths_nolint.c"
run "$tmp/paths_nolint.c"
check "NOLINT on vksync-incomplete hides it but still exits 2" sh -c "[ $status -eq 2 ] && ! grep -q incomplete '$tmp/out' && grep -q 'could not finish' '$tmp/err'"

# ---- the configuration file (.vksync-lint, clang-tidy's .clang-tidy)
mkdir -p "$tmp/proj/src/deep"
cp "$bad" "$tmp/proj/src/deep/upload.c"
printf "# project settings\n---\nChecks: '-*,\n  hazard-write-*'\nWarningsAsErrors: vksync-*  # tool errors fail CI\n" >"$tmp/proj/.vksync-lint"
run --quiet "$tmp/proj/src/deep/upload.c"
check "the closest .vksync-lint in a parent directory applies" out_empty
check "... so its Checks disable the hazard (exit 0)" exit_is 0
run --quiet --checks='hazard-read-*' "$tmp/proj/src/deep/upload.c"
check "--checks is appended to the file's Checks" out_has "\[hazard-read-after-write\]\$"
check "... and the hazard exits 1" exit_is 1
run --dump-config --checks='hazard-read-*' "$tmp/proj/src/deep/upload.c"
check "--dump-config prints the effective Checks, file then command line" out_has "^Checks: '\*,-\*, hazard-write-\*,hazard-read-\*'\$"
check "--dump-config prints WarningsAsErrors" out_has "^WarningsAsErrors: 'vksync-\*'\$"
check "--dump-config exits 0 without analysing" sh -c "[ $status -eq 0 ] && ! grep -q error: '$tmp/out'"
run --explain-config --checks='hazard-read-*' "$tmp/proj/src/deep/upload.c"
check "--explain-config names the command line" out_has "^'hazard-read-after-write' is enabled in the command-line option '--checks'\.\$"
check "--explain-config names the file" out_has "^'hazard-write-after-write' is enabled in the config file $tmp/proj/\.vksync-lint\.\$"
check "--explain-config says what the file disabled" out_has "^'shader-relaxed-flag' is disabled in the config file $tmp/proj/\.vksync-lint\.\$"
(cd "$tmp/proj/src" && "$tool" --dump-config >"$tmp/out" 2>"$tmp/err")
status=$?
check "with no file named, the working directory's parents are searched" out_has "^Checks: '\*,-\*, hazard-write-\*'\$"
printf "Checks: '-*'\n" >"$tmp/all-off.yaml"
run --quiet --config-file="$tmp/all-off.yaml" "$tmp/proj/src/deep/upload.c" --checks=hazard-read-after-write
check "--config-file replaces the search" sh -c "[ $status -eq 1 ] && grep -q 'hazard-read-after-write' '$tmp/out'"
printf "Checks: '-*\n" >"$tmp/proj/.vksync-lint"
run --quiet "$tmp/proj/src/deep/upload.c"
check "a malformed config file exits 2" exit_is 2
check "... with one line naming the file" sh -c "[ \$(wc -l <'$tmp/err') -eq 1 ] && grep -q '^vksync-lint: error: $tmp/proj/.vksync-lint:1: ' '$tmp/err'"
printf "Checks: '*'\nCheckz: '-*'\n" >"$tmp/proj/.vksync-lint"
run --quiet "$tmp/proj/src/deep/upload.c"
check "an unknown key exits 2 naming FILE:LINE" sh -c "[ $status -eq 2 ] && grep -q '$tmp/proj/.vksync-lint:2: unknown key' '$tmp/err'"
printf "Checks: 'hazard-*,,x'\n" >"$tmp/proj/.vksync-lint"
run --quiet "$tmp/proj/src/deep/upload.c"
check "an invalid glob in the file exits 2" exit_is 2
run --quiet --config-file="$tmp/no-such.yaml" "$bad"
check "a missing --config-file exits 2" sh -c "[ $status -eq 2 ] && grep -q 'no-such.yaml' '$tmp/err'"
rm "$tmp/proj/.vksync-lint"

# ---- -j and "--"
"$tool" --quiet -j 1 examples >"$tmp/j1" 2>/dev/null
"$tool" --quiet -j 2 examples >"$tmp/j2" 2>/dev/null
check "-j 2 prints the same as -j 1" cmp -s "$tmp/j1" "$tmp/j2"
# Input errors from parallel jobs are reported in the order -j 1 reports them.
mixed="$tmp/frame.c examples/shaders $tmp/missing.c $bad tests/shaders/invalid_but_analysed.spvasm $tmp/paths.c"
"$tool" -j 1 $mixed >"$tmp/j1" 2>"$tmp/j1.err"
"$tool" -j 3 $mixed >"$tmp/j3" 2>"$tmp/j3.err"
check "-j 3 with input errors: the same report as -j 1" cmp -s "$tmp/j1" "$tmp/j3"
check "-j 3 with input errors: the same stderr as -j 1" cmp -s "$tmp/j1.err" "$tmp/j3.err"
run --quiet "$bad" -- -DUNUSED_MACRO=1 -Wall
check "compiler arguments after -- are accepted" exit_is 1

# ---- limits moved by the environment (README, "Limits are reported")
VKSYNC_MAX_PATHS=1 "$tool" --quiet tests/unit/realprog/setup_branches.c >"$tmp/out" 2>"$tmp/err"
status=$?
check "VKSYNC_MAX_PATHS=1: more paths than that is vksync-incomplete, exit 2" \
    sh -c "[ $status -eq 2 ] && grep -q 'more than 1 paths through .upload.*vksync-incomplete' '$tmp/out'"
"$tool" --quiet tests/unit/realprog/setup_branches.c >"$tmp/out" 2>"$tmp/err"
status=$?
check "... and by default the same program is analysed to the end (exit 1: its hazard)" \
    sh -c "[ $status -eq 1 ] && ! grep -q vksync-incomplete '$tmp/out'"

VKSYNC_MAX_PATHS=lots "$tool" --quiet tests/unit/realprog/setup_branches.c >"$tmp/out" 2>"$tmp/err"
status=$?
check "VKSYNC_MAX_PATHS=lots: one warning line, the default applies (exit 1: its hazard)" \
    sh -c "[ $status -eq 1 ] && grep -q '^vksync-lint: warning: VKSYNC_MAX_PATHS=lots is not a whole number from 1 to [0-9]*; the default 64 applies\$' '$tmp/err' && ! grep -q vksync-incomplete '$tmp/out'"
VKSYNC_MAX_STATEMENTS=1000000000 "$tool" --quiet tests/unit/realprog/setup_branches.c >"$tmp/out" 2>"$tmp/err"
check "VKSYNC_MAX_STATEMENTS=1000000000 is taken, without a warning" \
    sh -c "! grep -q warning '$tmp/err'"

[ "$fail" -eq 0 ] && echo "cli: all checks passed"
exit "$fail"
