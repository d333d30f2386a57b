/*
 * test_user_programs.c - issue 11: Vulkan programs written the way their
 * users write them (error-check macros, init() that queries the device and
 * exits on failure, header-only helpers, helper-made buffers, recording
 * functions handed a command buffer), not in this repository's own idiom.
 * The programs are files under tests/unit/realprog/; each hazard has a
 * race-free twin (compiled with -DWITH_BARRIER or a second file) that must
 * be silent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vksync/analyzer.h"
#include "vksync/engine.h"

/* Copies tests/unit/realprog/NAME into the test's temporary directory. */
static void copy_input(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/unit/realprog/%s", VKS_SOURCE_DIR, name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s", path);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    test_write_file(name, text);
}

/* Analyses the named inputs together (each file copied first, headers
   included), with -DWITH_BARRIER when asked, and checks the program. */
static test_analysis *check_inputs(const char *const *files, size_t file_count,
                                   const char *const *headers, size_t header_count,
                                   bool with_barrier)
{
    for (size_t i = 0; i < header_count; i++)
        copy_input(headers[i]);
    for (size_t i = 0; i < file_count; i++)
        copy_input(files[i]);
    static const char *const barrier_args[] = {"-DWITH_BARRIER"};
    vks_frontend_options options = {.extra_args = barrier_args,
                                    .extra_arg_count = with_barrier ? 1 : 0};
    test_analysis *a = test_analyse_with(files, file_count, &options);
    ck_assert_msg(a->status == 0, "%s", a->error ? a->error : "?");
    vks_check_program(a->program, &a->findings, &a->stats);
    vks_findings_sort(&a->findings); /* as the command line reports them */
    return a;
}

static test_analysis *check_one(const char *file, bool with_barrier)
{
    const char *files[] = {file};
    return check_inputs(files, 1, NULL, 0, with_barrier);
}

static size_t count_rule(const test_analysis *a, vks_rule rule)
{
    size_t n = 0;
    for (size_t i = 0; i < a->findings.count; i++)
        n += a->findings.items[i].rule == rule;
    return n;
}

/* The one finding of RULE; fails unless there is exactly one. */
static const vks_finding *only_finding(const test_analysis *a, vks_rule rule)
{
    ck_assert_msg(a->findings.count == 1, "%zu findings", a->findings.count);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, rule);
    return f;
}

/*
 * Cause 1: vkGetPhysicalDeviceFeatures2 writes the VkPhysicalDeviceVulkan13Features
 * on its pNext chain, and vkGetPhysicalDeviceProperties writes c->props:
 * `if (!f13.synchronization2) exit(1);` was taken as certain (0 paths,
 * exit 0).  After the calls those values are unknown, so the path that
 * goes on to record is analysed and its hazard found.
 */
START_TEST(query_out_parameters_are_unknown_after_the_call)
{
    test_analysis *a = check_one("query_init.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 70);
    ck_assert_uint_ge(a->stats.paths_explored, 1);
    test_analysis_free(a);

    a = check_one("query_init.c", true);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.paths_explored, 1);
    test_analysis_free(a);
}
END_TEST

/*
 * Cause 2: every Vulkan call of header_prog.c is in a static inline helper
 * of "vkhelpers.h", which is not on the command line: before, nothing was
 * analysed (0 paths).  A second file including the same header adds no
 * second analysis of its helpers.
 */
START_TEST(helpers_of_an_included_header_are_part_of_the_program)
{
    static const char *const header[] = {"vkhelpers.h"};
    static const char *const prog[] = {"header_prog.c"};
    test_analysis *a = check_inputs(prog, 1, header, 1, false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 68);
    ck_assert_ptr_nonnull(strstr(f->loc.file, "vkhelpers.h"));
    ck_assert_ptr_nonnull(f->loc.caller);
    ck_assert_uint_eq(f->loc.caller->line, 20);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    test_analysis_free(a);

    a = check_inputs(prog, 1, header, 1, true);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    test_analysis_free(a);

    static const char *const both[] = {"header_prog.c", "header_tool.c"};
    a = check_inputs(both, 2, header, 1, false);
    f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 68);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    test_analysis_free(a);
}
END_TEST

/*
 * Cause 6: a library's recording functions are handed the command buffer
 * (a parameter, or a member of a struct reached from one) and never begin
 * it; their vkCmd* calls were ignored.  Each is analysed as a recording of
 * its own, with what came before unknown: the hazards inside it are found.
 */
START_TEST(functions_recording_into_a_handed_command_buffer_are_analysed)
{
    test_analysis *a = check_one("handed_recording.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    for (size_t i = 0; i < 2; i++) {
        const vks_finding *f = &a->findings.items[i];
        ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
        ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
        ck_assert_uint_eq(f->loc.line, i == 0 ? 34 : 46);
    }
    test_analysis_free(a);

    a = check_one("handed_recording.c", true);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.paths_explored, 2);
    ck_assert_uint_eq(a->stats.pairs_proved_ordered, 2);
    test_analysis_free(a);
}
END_TEST

/*
 * Cause 7: buffer_create(&buf_a, ...) and buffer_create(&buf_b, ...) made
 * one object (named after the vkCreateBuffer line), so two copies into two
 * buffers were a write-after-write and a barrier on buf_a ordered buf_b.
 * Each call makes its own buffer: the copies are race-free, and the read
 * of buf_b after the barrier on buf_a alone is a read-after-write.
 */
START_TEST(buffers_made_by_one_helper_are_different_buffers)
{
    test_analysis *a = check_one("helper_buffers.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 60);
    ck_assert_ptr_nonnull(f->loc.caller);
    ck_assert_uint_eq(f->loc.caller->line, 99);
    test_analysis_free(a);

    a = check_one("helper_buffers.c", true);
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);

    /* Made by a struct-returning constructor in an init analysed apart
       from the recording, found again through the struct members. */
    static const char *const header[] = {"vkhelpers.h"};
    static const char *const split[] = {"renderer_split.c"};
    a = check_inputs(split, 1, header, 1, false);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAW), 0);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 0);
    test_analysis_free(a);
}
END_TEST

/*
 * Causes 5 and 7, constructors returning a struct by value: the handle is
 * created in the constructor's local (`b.buffer`); kept in `upload` once
 * returned, it is named 'upload.buffer'.  mesh's buffer is another buffer:
 * the one finding is the read-after-write on upload.  Called in a loop
 * that fills ring[i], it makes one buffer per element (before: one buffer,
 * and every copy of the ring a write-after-write).
 */
START_TEST(buffers_returned_by_a_constructor_are_their_variables_buffers)
{
    static const char *const header[] = {"vkhelpers.h"};
    static const char *const prog[] = {"constructor_by_value.c"};
    test_analysis *a = check_inputs(prog, 1, header, 1, false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 16);
    ck_assert_msg(strstr(f->message, "vkCmdCopyBuffer reads 'upload.buffer'"), "%s",
                  f->message);
    test_analysis_free(a);

    /* Called in a loop filling ring[i]: one buffer per element. */
    static const char *const ring[] = {"constructor_ring.c"};
    a = check_inputs(ring, 1, header, 1, false);
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);

    static const char *const chain[] = {"-DCHAIN"};
    vks_frontend_options options = {.extra_args = chain, .extra_arg_count = 1};
    a = test_analyse_with(ring, 1, &options);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAW), 1);
    for (size_t i = 0; i < a->findings.count; i++) {
        const vks_finding *g = &a->findings.items[i];
        ck_assert_uint_eq(g->loc.line, 22);
        ck_assert_msg(strstr(g->message, g->rule == VKS_RULE_HAZARD_RAW ? "'ring[1].buffer'"
                                                                         : "'ring[3].buffer'"),
                      "%s", g->message);
    }
    test_analysis_free(a);
}
END_TEST

/*
 * Cause 7, frames in flight: one helper called in a loop over frames[i]
 * made one buffer for every frame, so filling each frame's staging buffer
 * was a write-after-write.  Each element keeps its own buffer; filling
 * frame 0's twice is still found, and named after the element.
 */
START_TEST(buffers_made_in_a_loop_over_frames_are_different_buffers)
{
    test_analysis *a = check_one("frames_in_flight.c", false);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    test_analysis_free(a);

    copy_input("frames_in_flight.c");
    static const char *const files[] = {"frames_in_flight.c"};
    static const char *const reuse[] = {"-DREUSE_FRAME0"};
    vks_frontend_options options = {.extra_args = reuse, .extra_arg_count = 1};
    a = test_analyse_with(files, 1, &options);
    vks_check_program(a->program, &a->findings, &a->stats);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_WAW);
    ck_assert_uint_eq(f->loc.line, 45);
    ck_assert_msg(strstr(f->message, "'frames[0].staging'"), "%s", f->message);
    test_analysis_free(a);
}
END_TEST

/* The EARLIER_ACCESS note of f. */
static const vks_note *earlier_note(const vks_finding *f)
{
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind == VKS_NOTE_EARLIER_ACCESS)
            return &f->notes[i];
    ck_abort_msg("no earlier-access note");
    return NULL;
}

/*
 * Cause 5: a buffer made by buffer_create(&buf_b, n), whose create call is
 * inside VK_CHECK(...), was named 'the condition' (the text of a macro
 * argument could not be read), and otherwise by the helper's parameter
 * (`b->buffer`).  It is named by where the program keeps it.
 */
START_TEST(helper_made_buffers_are_named_by_where_they_are_kept)
{
    test_analysis *a = check_one("helper_buffers.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_msg(strstr(f->message, "vkCmdCopyBuffer reads 'buf_b.buffer'"), "%s",
                  f->message);
    const vks_note *n = earlier_note(f);
    ck_assert_msg(strstr(n->message, "vkCmdCopyBuffer writes 'buf_b.buffer' here"), "%s",
                  n->message);
    test_analysis_free(a);

    static const char *const header[] = {"vkhelpers.h"};
    static const char *const prog[] = {"header_prog.c"};
    a = check_inputs(prog, 1, header, 1, false);
    f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_msg(strstr(f->message, "vkCmdCopyBuffer reads 'staging.buffer'"), "%s",
                  f->message);
    ck_assert_msg(strstr(earlier_note(f)->message, "vkCmdFillBuffer writes 'staging.buffer'"),
                  "%s", earlier_note(f)->message);
    test_analysis_free(a);
}
END_TEST

/*
 * Cause 3: setup code full of branches that record nothing (a
 * memory-type search run twice per buffer, a queue-family search that
 * breaks out, argv parsing, error checks) used to multiply the paths past
 * the cap.  Those regions are joined now (analyzer/summary.c): the only
 * paths are the three ways of the `switch` that picks the copy's size,
 * which the copy reads (the region is split for it).  The hazard is found
 * on each, once; with the barrier, silence; nothing is incomplete.
 */
START_TEST(setup_code_that_records_nothing_costs_no_paths)
{
    test_analysis *a = check_one("setup_branches.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 128);
    /* `VkBuffer staging = make_buffer (g, n);`: the handle the helper
       created into its local `buffer` is the caller's `staging` (cause 5). */
    ck_assert_msg(strstr(f->message, "reads 'staging'"), "%s", f->message);
    ck_assert_uint_eq(a->stats.paths_explored, 3);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    test_analysis_free(a);

    a = check_one("setup_branches.c", true);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.paths_explored, 3);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    ck_assert_uint_eq(a->stats.pairs_proved_ordered, 3);
    ck_assert_uint_eq(a->stats.recording_calls_reached, a->stats.recording_calls);
    test_analysis_free(a);
}
END_TEST

/* The program and its twin with the barrier: `paths` paths each, every
   path to the end (no limit) and every recording call reached; the twin
   silent.  The caller checks `a`'s findings, then frees it. */
/* Whether the finding points at the earlier access on `line`. */
static bool has_earlier_access_note(const vks_finding *f, unsigned line)
{
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind == VKS_NOTE_EARLIER_ACCESS && f->notes[i].loc.line == line)
            return true;
    return false;
}

static void check_complete(test_analysis *a, unsigned paths)
{
    ck_assert_uint_eq(a->stats.paths_explored, paths);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    ck_assert_uint_eq(a->stats.recording_calls_reached, a->stats.recording_calls);
}

static void check_twin_silent(const char *file, unsigned paths)
{
    test_analysis *a = check_one(file, true);
    ck_assert_uint_eq(a->findings.count, 0);
    check_complete(a, paths);
    ck_assert_uint_gt(a->stats.pairs_proved_ordered, 0);
    test_analysis_free(a);
}

/* Cause 3 in vkcube's idiom (realprog/options_demo.c): memset of the
   whole struct, an argument loop whose options `continue`, labels behind
   `if (!app->debug) return;` four times, a null test of a just-allocated
   command buffer, a cleanup that destroys what exists.  One path (a
   label accesses nothing, so `if (!app->debug) return;` before one is
   joined, not a decision), the RAW once; with the barrier nothing.  Two
   paths when labels were recorded commands; before that: 64 paths and
   the path limit (every label test its own decision, every member of the
   forgotten struct an unknown, the argument loop past its ways). */
START_TEST(a_zeroed_struct_and_an_option_loop_cost_no_paths)
{
    test_analysis *a = check_one("options_demo.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 133);
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("options_demo.c", 1);
}
END_TEST

/* Causes 3 and 8 in a windowed renderer's idiom (realprog/render_loop.c):
   `while (!app->quit)` that only an event ends, a frame that retries its
   acquire and rebuilds, a rebuild that asks the device for format
   properties again, and barrier masks from a table looked up by a helper
   that loops, returns the entry and aborts with a message when there is
   none.  Seven paths (the event loop's three ways, two iterations, and the
   close event's one), the RAW once with the masks the table gives, silence
   with the right entry.  Before: more than 64 paths through `run` and the
   path limit (the loop ran on while `app->quit` stayed 0, each event a new
   decision), the RAW reported twice (once per iteration's recording).
   Joining the lookup (fprintf is no host wait now) first lost the entry it
   returned, since its `return` inside a loop body was kept twice: unknown
   masks, no finding at all. */
START_TEST(a_render_loop_and_a_table_of_barrier_masks)
{
    test_analysis *a = check_one("render_loop.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 100);
    bool names_table_barrier = false;
    for (size_t i = 0; i < f->note_count; i++)
        names_table_barrier |= f->notes[i].kind == VKS_NOTE_SYNC &&
                               f->notes[i].loc.line == 62 &&
                               strstr(f->notes[i].message, "VERTEX_INPUT") != NULL;
    ck_assert_msg(names_table_barrier, "the barrier's masks from the table");
    /* The frame's start is reached from the three events in three states
       (quit, a rebuild's values): the two later ones are parked there and
       the frame goes on once from what the three share, each iteration
       (7 paths when each way went on by itself). */
    check_complete(a, 2);
    test_analysis_free(a);
    check_twin_silent("render_loop.c", 2);
}
END_TEST

/* A library's frame function handed a pointer to its window
   (realprog/paused_surface.c): a helper clears `w->paused` through the
   pointer, and the frame tests the flag again before it uploads.  Three
   ways, the RAW between the two copies of the upload (line 53, after the
   write at line 38), silence with the sync2 barrier; the path that is not
   paused records nothing after the test, nor does the one still paused
   after the query (`if (w->paused) return;` is tried after the way that
   goes on): both record only what the path that uploads recorded before
   them, so they are no paths of their own - 1.  Before: every copy
   of an unknown pointer carried a `*w` of its own, so the helper's write
   was lost on return, the second test read the flag the first had decided
   (`true`), and the upload was never reached: 2 paths, 0 of 4 recording
   calls, no finding (vkcube's `demo_draw` lost `demo->is_minimized` the
   same way). */
START_TEST(a_flag_a_helper_writes_through_a_pointer_is_read_back)
{
    test_analysis *a = check_one("paused_surface.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 53);
    bool names_write = false;
    for (size_t i = 0; i < f->note_count; i++)
        names_write |= f->notes[i].loc.line == 38 &&
                       strstr(f->notes[i].message, "writes 'w->mesh'") != NULL;
    ck_assert_msg(names_write, "the note on the upload's write");
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("paused_surface.c", 1);
}
END_TEST

/* A resize that destroys the texture and creates it again into the same
   member of a global state struct (realprog/rebuild_targets.c): the new
   image starts in its create info's PREINITIALIZED layout, so its first
   transition from PREINITIALIZED is right.  Without the barrier the
   read-back after the upload is a RAW on the texture and a WAR on the
   pixel buffer; with it, silence.  Before: the image created again was
   the destroyed one, still in TRANSFER_SRC_OPTIMAL, and the twin reported
   a layout-mismatch at line 49 (glfw's triangle-vulkan had the same false
   positive after its resize). */
START_TEST(an_image_created_again_is_a_new_image)
{
    test_analysis *a = check_one("rebuild_targets.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAR), 1);
    for (size_t i = 0; i < a->findings.count; i++)
        ck_assert_uint_eq(a->findings.items[i].loc.line, 73);
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("rebuild_targets.c", 1);
}
END_TEST

/* An old SDK sample's idiom (realprog/retry_draw.c): the draw function
   rebuilds the swapchain and calls itself when the acquire is out of
   date, and the queue family comes from a search loop.  Two paths (the
   acquire succeeds; it is out of date once and the second draw succeeds),
   the RAW inside the re-recorded frame, silence with the barrier, nothing
   incomplete.  Before: the recursion was followed until the helper depth
   ran out (22 paths, 6 incomplete findings), and the pool's family, lost
   by the search's join, split the search into a path per family (4 paths
   with the recursion bounded). */
START_TEST(a_draw_that_calls_itself_after_a_rebuild_is_unrolled_once)
{
    test_analysis *a = check_one("retry_draw.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 68);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    check_complete(a, 2);
    test_analysis_free(a);
    check_twin_silent("retry_draw.c", 2);
}
END_TEST

/* realprog/event_frame.c: a game loop's frame.  `&g->image_ready[g->frame
   % FRAMES]`, an element at an unknown index, used to forget the pointer
   `g` itself (a pointer to main's struct), so the command buffer the frame
   began and recorded into was an unknown one: the RAW between the fill and
   the copy was never seen (silence, 6 paths).  Now the array is what is
   forgotten.  The event switch has four kinds of event that only set
   flags and one (a resize) that records: the flag-setters are one path,
   joined, the resize another, and no event a third - 3 paths. */
START_TEST(an_element_at_an_unknown_index_and_an_event_switch)
{
    test_analysis *a = check_one("event_frame.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 88);
    ck_assert(has_earlier_access_note(f, 73));
    check_complete(a, 3);
    /* The run that takes the resize way as code does not also try the
       flag-setting ways (they are the joined path's): 3 runs, one per
       path.  It tried each of them, to drop it at the switch's end: 7. */
    ck_assert_uint_eq(a->stats.paths_run, 3);
    test_analysis_free(a);
    check_twin_silent("event_frame.c", 3);
}
END_TEST

/* realprog/checked_upload.c: `if (!u->poison) return;` in a helper that
   records, called six times, on a struct a config library filled in.  The
   flag is one unknown: the first test decides it, the other five follow -
   2 paths.  Before, each read of a member of the forgotten struct was a
   new unknown (a member first read inside a joined region was taken away
   with the region's writes), so 2^6 = 64 paths, the whole path budget. */
START_TEST(a_flag_from_a_config_library_is_one_decision)
{
    test_analysis *a = check_one("checked_upload.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAW), 1);
    for (size_t i = 0; i < a->findings.count; i++)
        ck_assert_uint_eq(a->findings.items[i].loc.line, 57);
    check_complete(a, 2);
    test_analysis_free(a);
    check_twin_silent("checked_upload.c", 2);
}
END_TEST

/* FILE has one finding, a read-after-write at `line` whose earlier access
   (the write) is on `write_line`, all of it analysed in `paths` paths; its
   twin with the barrier is silent in as many. */
/* The one finding of `rule` and `hazard` at `line`, its earlier access at
   `earlier_line`, `paths` paths and nothing incomplete; the twin with the
   barrier (or wait) is silent on as many paths. */
static void check_one_finding_and_silent_twin(const char *file, vks_rule rule,
                                              const char *hazard, unsigned line,
                                              unsigned earlier_line, unsigned paths)
{
    test_analysis *a = check_one(file, false);
    const vks_finding *f = only_finding(a, rule);
    ck_assert_str_eq(f->hazard, hazard);
    ck_assert_uint_eq(f->loc.line, line);
    ck_assert(has_earlier_access_note(f, earlier_line));
    check_complete(a, paths);
    test_analysis_free(a);
    check_twin_silent(file, paths);
}

static void check_one_raw_and_silent_twin(const char *file, unsigned line,
                                          unsigned write_line, unsigned paths)
{
    check_one_finding_and_silent_twin(file, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", line,
                                      write_line, paths);
}

/* The RAW in one path with no question left unknown, and the silent
   twin. */
static void check_one_raw_nothing_unknown_and_silent_twin(const char *file, unsigned line,
                                                          unsigned write_line)
{
    check_one_raw_and_silent_twin(file, line, write_line, 1);
    test_analysis *a = check_one(file, false);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
}

/* One host write racing the copy that reads the buffer (line, and the
   copy's line), one path, nothing left unknown; the twin that waits first
   is silent. */
static void check_host_write_before_wait_and_silent_twin(const char *file, unsigned line,
                                                         unsigned copy_line)
{
    test_analysis *a = check_one(file, false);
    const vks_finding *f = only_finding(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT);
    ck_assert_str_eq(f->hazard, "HOST_WRITE_AFTER_READ");
    ck_assert_uint_eq(f->loc.line, line);
    ck_assert(has_earlier_access_note(f, copy_line));
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
    check_twin_silent(file, 1);
}

/* The RAW and its twin's silence in `paths`, the program analysed in
   `runs` runs. */
static void check_one_raw_in_runs(const char *file, unsigned line, unsigned write_line,
                                  unsigned paths, unsigned runs)
{
    check_one_raw_and_silent_twin(file, line, write_line, paths);
    test_analysis *a = check_one(file, false);
    ck_assert_uint_eq(a->stats.paths_run, runs);
    test_analysis_free(a);
}

/* The RAW and its twin's silence in `paths`, in `runs` runs; and the runs
   when quiet error ways are run (VKSYNC_SKIP_QUIET_LEAVES=0), returned
   for the caller's checks. */
static test_analysis *check_runs_with_and_without_quiet_leaves(const char *file,
                                                              unsigned line,
                                                              unsigned write_line,
                                                              unsigned paths, unsigned runs)
{
    check_one_raw_in_runs(file, line, write_line, paths, runs);
    setenv("VKSYNC_SKIP_QUIET_LEAVES", "0", 1);
    test_analysis *a = check_one(file, false);
    unsetenv("VKSYNC_SKIP_QUIET_LEAVES");
    return a;
}

/* realprog/driver_lists.c: a driver's flush in a driver's idiom.  A spin
   lock on `__atomic_exchange_n` (behind a macro, as Mesa's p_atomic_xchg)
   read as a known value that never changed, so `while (was != 0)` ran to
   the 256-iteration limit; a `for` a macro wrote with a declaration in
   it (`table_each`) had its condition taken for absent, so it ran to the
   limit too - two vksync-incomplete findings, and in Mesa's zink 13 such
   loops spent most of the statement budget.  Now an atomic's result is
   unknown and a macro's `for` keeps its three parts: one path, the RAW,
   nothing incomplete. */
START_TEST(atomics_and_foreach_macros_end_like_loops_on_unknowns)
{
    check_one_raw_and_silent_twin("driver_lists.c", 93, 84, 1);
}
END_TEST

/* realprog/frame_pass.c: a compositor backend's end(), called through a
   plugin table like wlroots' vulkan_end: it begins a staging command
   buffer of its own, then ends the render pass in the frame's command
   buffer that begin() (another entry point) began, and reads the frame
   back.  A root that begins a command buffer was not taken to record into
   the ones it was handed: the three calls on the frame's were "not
   analysed" (vksync-incomplete) and the RAW between the fill and the copy
   unseen.  Now a command buffer reached through the root's parameter and
   never begun on the path is recorded with what came before unknown. */
START_TEST(a_root_that_begins_one_command_buffer_records_into_a_handed_one)
{
    check_one_raw_and_silent_twin("frame_pass.c", 76, 67, 3);
}
END_TEST

/* realprog/error_paths.c: a media filter's frame function, every call in
   RET() (a negative code jumps to the cleanup) and every helper checking
   its allocations.  Each error return after a test was a path of its own:
   14 paths for one fill and one copy, and FFmpeg's vulkan filters spent
   the 64-path limit on them.  A path that leaves the path it replays and
   from there on records nothing repeats what was checked already, and the
   way on from an error check is tried before its `goto fail`, so every
   failure leaves a path that went further: 2 paths (the frame that fails
   before it allocates anything, the whole frame), the RAW once, silence
   with the barrier.  Since allocations are taken to succeed
   (eval_expr.c, allocates_memory) the frame cannot fail before it
   allocates: 1 path. */
START_TEST(error_returns_that_record_nothing_more_are_no_paths_of_their_own)
{
    check_one_raw_and_silent_twin("error_paths.c", 77, 66, 1);
}
END_TEST

/* realprog/format_pick.c: the target's format is the first wide format the
   surface offers, else the first - vkcube's pick_surface_format.  The
   search records nothing and is joined, so the format is unknown; the
   render pass's begin read the attachment's format (and the view's) to
   tell color from depth, and that read split the search into one path per
   way it can end: 3 paths.  The attachment's aspects are the view's
   subresource range's now: 1 path, the RAW on the header once. */
START_TEST(a_render_pass_does_not_split_the_search_for_its_format)
{
    check_one_raw_and_silent_twin("format_pick.c", 119, 110, 1);
}
END_TEST

/* realprog/library_quit.c: a windowing library's sample program.  Every
   Vulkan result is checked in place, `if (result != VK_SUCCESS) {
   UiLog(...); quit(2); }`, and quit() tears the graphics down
   (vkDeviceWaitIdle, destroys), calls the library's UiCommonQuit(state)
   and exits.  The library has no body here and is not the C library's, so
   quit() was taken to be able to submit work: each check was a path that
   waited, destroyed and exited - 36 runs for one frame (SDL's testvulkan
   spent its whole statement budget on them and reached none of its 4
   recording calls).  A library call handed nothing that leads to a device
   or a queue cannot submit: each check now ends the program on its error
   side, 1 run.  The frame loop ends in quit(0): that path is analysed and
   counted (the summary said "0 paths explored" under the finding). */
START_TEST(a_library_call_handed_no_device_cannot_submit)
{
    check_one_raw_in_runs("library_quit.c", 87, 78, 1, 1);
}
END_TEST

/* realprog/plane_views.c: a media filter's frame - an image view per
   plane, each creation checked (`return -1` on failure), then the begin,
   the end and the submit each checked, and a queue wait when the filter
   runs synchronously.  Tried failure first, each check's failure was the
   first path through it, and the path that went one check further had
   done something new (created a view, begun, recorded, submitted): 6
   paths for one recording.  Now the way on is tried first, and a path
   that from where it leaves the one it replays only creates objects or
   waits is no path of its own (no check sees either without a later
   command): 1 path, the RAW, silence with the barrier. */
START_TEST(error_checks_and_a_trailing_wait_are_no_paths)
{
    check_one_raw_and_silent_twin("plane_views.c", 60, 51, 1);
}
END_TEST

/* realprog/player_reconfig.c: a media player's video output.  A frame
   uploads what changed (two uploads, each its own submit and queue wait),
   acquires, and reconfigures when the acquire says out of date (or
   suboptimal with vsync); it renders, presents, and reconfigures again
   when the present says so.  Each reconfiguration starts with
   vkDeviceWaitIdle.  The ways before the present's reconfiguration (two
   uploads, three acquire outcomes, a staged or direct upload inside the
   first reconfiguration) multiplied the ways after it.  Now a path that
   reaches the wait in a state an earlier path reached it in (after the
   values they disagree on are made unknown) ends there.  The two
   reconfigurations after the acquire (out of date; suboptimal with vsync)
   each end a branch of one `if` chain, so both return to its end: one
   wait to merge at, not two (merge.c resume_point).  A path that arrives
   in a state the first one's does not cover is parked there, and the
   paths parked at one wait go on once, from their joined state, when
   every other path has run (and are counted there): 12 paths instead of
   32 (19 when each went on by itself), the RAW in the frame found the
   same, silence with the barrier. */
START_TEST(paths_that_reach_a_device_wait_in_one_state_are_merged)
{
    check_one_raw_and_silent_twin("player_reconfig.c", 101, 89, 12);
    setenv("VKSYNC_MERGE_AT_WAITS", "0", 1);
    test_analysis *a = check_one("player_reconfig.c", false);
    unsetenv("VKSYNC_MERGE_AT_WAITS");
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 101);
    check_complete(a, 32);
    test_analysis_free(a);
}
END_TEST

/* realprog/engine_rebuild.c: the frame submits the scene with or without
   the overlay (a local VkSubmitInfo pointing at one or the other, chosen
   on a local the engine cannot see) and rebuilds after a failed present;
   the rebuild waits with vkDeviceWaitIdle.  The two paths reach the wait
   differing only in those locals, which engine_frame never reads after
   the rebuild returns: the second ends at the wait (9 runs with merging
   at decisions off; 11 with all merging off, and 11 when every local is
   compared), and the RAW in the rebuild is found the same.  Merging at
   decisions takes one more run away (8): a way of an error check taken
   before from the same state is not run again.  Those counts are with the failing ways of
   the error checks run (VKSYNC_SKIP_QUIET_LEAVES=0): they return and add
   nothing, and by default they are not run at all, nor is the way past
   the failed present's `if` (the frame's last statement: nothing after
   it): 3 runs either way. */
START_TEST(locals_never_read_again_do_not_keep_paths_apart)
{
    check_one_raw_in_runs("engine_rebuild.c", 39, 30, 2, 3);
    setenv("VKSYNC_SKIP_QUIET_LEAVES", "0", 1);
    test_analysis *a = check_one("engine_rebuild.c", false);
    ck_assert_uint_eq(a->stats.paths_run, 8);
    test_analysis_free(a);
    setenv("VKSYNC_MERGE_AT_DECISIONS", "0", 1);
    a = check_one("engine_rebuild.c", false);
    unsetenv("VKSYNC_MERGE_AT_DECISIONS");
    ck_assert_uint_eq(only_finding(a, VKS_RULE_HAZARD_RAW)->loc.line, 39);
    ck_assert_uint_eq(a->stats.paths_run, 9);
    test_analysis_free(a);
    setenv("VKSYNC_MERGE_AT_WAITS", "0", 1);
    a = check_one("engine_rebuild.c", false);
    unsetenv("VKSYNC_MERGE_AT_WAITS");
    unsetenv("VKSYNC_SKIP_QUIET_LEAVES");
    ck_assert_uint_eq(only_finding(a, VKS_RULE_HAZARD_RAW)->loc.line, 39);
    ck_assert_uint_eq(a->stats.paths_run, 11);
    test_analysis_free(a);
}
END_TEST

/* realprog/streaming_frame.c: a single-file game's frame, its state in
   globals, uploads either into a scratch buffer or (when the world
   changed) into the staging buffer, submits without waiting, then draws:
   the draw's copy out of the staging buffer reads what the streamed fill
   wrote, with nothing between the two submissions.  Both ways reach
   draw() with no recording open and the upload in flight, one with the
   scratch buffer's fill, the other with the staging buffer's: paths with
   other commands in flight are never one path (merge.c: the site's key
   holds them), and a handle the program recorded on is never made
   unknown to merge two paths (the staging way's path would have lost the
   buffer its fill wrote, and the RAW with it). */
START_TEST(paths_with_other_commands_in_flight_stay_apart)
{
    check_one_raw_and_silent_twin("streaming_frame.c", 43, 22, 2);
    setenv("VKSYNC_MERGE_AT_WAITS", "0", 1);
    test_analysis *a = check_one("streaming_frame.c", false);
    unsetenv("VKSYNC_MERGE_AT_WAITS");
    ck_assert_uint_eq(only_finding(a, VKS_RULE_HAZARD_RAW)->loc.line, 43);
    check_complete(a, 2);
    test_analysis_free(a);
}
END_TEST

/* realprog/warmup_scratch.c: a context object whose warm-up (two sizes,
   chosen by a library call) creates a scratch buffer and a host table,
   clears the scratch, waits, and destroys and frees both, leaving the
   stale handles in the struct.  The batch recorded after it is one place
   to merge at (a recording function's start, nothing in flight): the
   three ways differ only in what they destroyed, which no correct program
   reads again (objects.c, fe_end_object), so they are merged there and the
   batch's two ways are analysed from the joined state - 3 paths.  Before,
   a destroyed handle was an object like any other, never made unknown,
   and each warm-up way ran the batch on its own: 6 paths.  The RAW on the
   input is found either way; with the barrier, silence. */
START_TEST(handles_destroyed_before_a_merge_do_not_keep_paths_apart)
{
    check_one_raw_and_silent_twin("warmup_scratch.c", 81, 68, 3);
}
END_TEST

/* realprog/restore_window.c: a viewer that starts zeroed and, unless the
   toolkit says the window is minimised, makes its buffers and target and
   fills the staging buffer with white in the display's encoding (two
   ways, each a recording of its own), then waits for the device and
   draws.  The first path to reach the wait is the minimised one, holding
   no objects: the paths that made them can never be widened to its state
   (is_object), so each went on by itself - the second fill's way too,
   though it arrives in exactly the state of the first fill's way.  Now
   the state of a path that went on by itself is kept at the wait, and a
   later path in that state ends there (merge.c went_on_before): 6 runs
   and 5 paths instead of 7 and 6, the RAW in the draw found the same,
   silence with the barrier. */
START_TEST(paths_in_the_state_of_one_that_went_on_by_itself_end_there)
{
    check_one_raw_in_runs("restore_window.c", 77, 69, 5, 6);
}
END_TEST

/* realprog/heap_retry.c: a driver's resource constructors retry a failed
   allocation once in a fallback heap with `goto retry`, the fallback
   picked by an if/else in one and by `cached ? A : B` in the other.  The
   if/else's join and the conditional expression each left the heap a
   plain unknown, so `heap == HEAP_DEVICE_VISIBLE` stayed possible after
   the fallback and the path went round until the goto limit: five
   vksync-incomplete findings ("gotos loop"), as in zink's
   resource_object_create.  Now a join of numbers is one of them and a
   conditional expression is a or b with its condition (facts of the
   path): 9 paths, the RAW, nothing incomplete, silence with the barrier.
   2 paths since the calloc of each resource is taken to succeed
   (allocates_memory): the paths where one of them failed were 7. */
START_TEST(a_goto_retry_after_a_fallback_choice_ends)
{
    check_one_raw_and_silent_twin("heap_retry.c", 146, 131, 2);
    /* The constructor returns the pointer it allocated (cause 5). */
    test_analysis *named = check_one("heap_retry.c", false);
    ck_assert_msg(strstr(named->findings.items[0].message, "reads 'staging->buffer'"), "%s",
                  named->findings.items[0].message);
    test_analysis_free(named);
}
END_TEST

/* realprog/media_present.c: a video sink in GStreamer's idiom.  Three
   things made its frame cost hundreds of runs and a limit:
   - g_return_if_fail's failing way (a type check of every object handed
     to the trash list, six calls per frame) was a way of its own; GLib
     documents a failed check as undefined behaviour of the caller, so it
     is no way the program runs now;
   - the error helper formats its message with a va_list, a pointer to
     the compiler's own struct, which made the call a possible wait for
     the device: the helper's ways could not be joined;
   - `goto reacquire` while the acquire answers OUT_OF_DATE went round
     to the 16-jump limit (vksync-incomplete); a loop of gotos that
     decides something is now analysed for two iterations, as a loop on
     an unknown condition is.
   Before: 149 runs, 3 paths, one vksync-incomplete.  Then: 5 runs, 2
   paths, the RAW, silence with the barrier.  Now 3 runs: the second
   acquire after a resize tests its result in the state the first one
   did, and the ways it takes there were taken before (merged at
   decisions, merge.c). */
START_TEST(precondition_checks_error_formatting_and_a_reacquire_loop_cost_no_runs)
{
    check_one_raw_in_runs("media_present.c", 127, 112, 2, 3);
}
END_TEST

/* realprog/frame_timer_slots.c: two timestamps copied with
   vkCmdCopyQueryPoolResults into 64-byte slots, the value first; the
   slot's notes after it are cleared with no barrier (the copy writes
   only each query's values, "at dstOffset + i * stride": no hazard), and
   so is the second query's value (a write-after-write).  The copy was
   one write over the whole span, so the notes' fill was a false WAW too
   (line 32); with the pool's query type noted where it is made, each
   query is a write of its own.  The twin, with a barrier before the
   second fill, is silent (the false WAW stayed in it before). */
START_TEST(a_query_copy_writes_each_query_not_its_stride)
{
    check_one_finding_and_silent_twin("frame_timer_slots.c", VKS_RULE_HAZARD_WAW,
                                      "WRITE_AFTER_WRITE", 41, 29, 1);
}
END_TEST

/* realprog/static_window_rebuild.c: a viewer on file-scope state that
   rebuilds its swapchain from an event, a failed acquire, a failed
   present, and the restore after a minimise (nothing built then); each
   rebuild records the per-image copies again, the second reading what the
   first wrote.  Its states at the rebuild's wait and the frame's start
   differed in things that say nothing of what comes next, so no path
   ever ended at a wait a path had reached before:
   - the same facts listed once per frame that tested them again (a
     variable's facts are a set now);
   - a minimised state (no pool, no command buffers) first at a wait kept
     every built state from being widened into it (each set of objects
     has its own representative now);
   - the same wait in the acquire loop's, the event loop's and the frame
     loop's second iteration (one covered by the first iteration's
     representative ends now, and a decision's way taken from the same
     state in an earlier iteration is not taken again);
   - a global one path never read (the queue handle, zero) against one
     that read it (compared as its initial value now);
   - a flag named when a frame first tested it against the same flag not
     tested yet (an unknown no fact mentions and nothing else holds is
     compared without its name).
   Before: 265 paths, and VKSYNC_DEBUG_PATHS=1 counted 924 runs (619
   now).  396 runs in the stats, 397 before replayed arrivals at waits
   were no longer compared again (merge.c): a replay no longer reads the
   globals that other paths read there (a first read, which changes
   nothing but the lines), and one decision's state then has the lines of
   a state a way was taken from before.  The RAW and the twin's silence are the same.  Its notes are the
   shortest path that records the copies - main's own build() (line 165),
   one decision - not the first path to record them, seven decisions deep
   in the frame loop (a rebuild from the present; 8 notes before the
   write's). */
START_TEST(a_rebuilding_render_loop_reaches_its_waits_in_states_seen_before)
{
    check_one_raw_in_runs("static_window_rebuild.c", 54, 40, 134, 396);
    test_analysis *a = check_one("static_window_rebuild.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->note_count, 2);
    ck_assert_uint_eq(f->notes[0].loc.line, 62); /* the one decision */
    ck_assert_uint_eq(f->notes[1].loc.line, 40); /* the write */
    test_analysis_free(a);
}
END_TEST

/* realprog/event_pump_upload.c: a viewer in XCB's idiom pumps the window
   system's events between a frame's submission and the next upload into
   the mapped staging buffer.  The event library is handed only its opaque
   connection: nothing that leads to the device, so it cannot wait for the
   copy (every wait needs the device or a queue), as it cannot submit.  It
   counted as a possible wait (a pointer to a struct), and the host write
   racing the copy was a question left unknown; now it is found, with the
   copy as its earlier access, and the twin that waits first is silent. */
START_TEST(an_event_pump_handed_an_opaque_connection_is_no_wait)
{
    check_host_write_before_wait_and_silent_twin("event_pump_upload.c", 78, 46);
}
END_TEST

/* A SYNC note at `line` whose message holds `text`. */
static bool has_sync_note(const vks_finding *f, unsigned line, const char *text)
{
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind == VKS_NOTE_SYNC && f->notes[i].loc.line == line &&
            strstr(f->notes[i].message, text))
            return true;
    return false;
}

/* realprog/fence_ring.c: two frames in flight as a ring of slots, fences
   created signalled, one staging buffer shared by both slots.  Frame N
   waits for its own slot's fence - frame N-2's submission - and refills
   the staging memory that frame N-1's copy may still read.  Every fence
   wait was taken as a wait for every submission, and the host
   write-after-read was missed ("Fences": a fence signal's first scope is
   its submission and the work submitted before it).  Now it is found, with
   the copy as its earlier access and the wait that waits for the wrong
   frame named; the twin with a staging buffer per slot is silent. */
START_TEST(a_fence_wait_orders_only_the_submission_that_signals_it)
{
    test_analysis *a = check_one("fence_ring.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT);
    ck_assert_str_eq(f->hazard, "HOST_WRITE_AFTER_READ");
    ck_assert_uint_eq(f->loc.line, 84);
    ck_assert(has_earlier_access_note(f, 92));
    ck_assert(has_sync_note(f, 82, "vkWaitForFences here waits for a fence that does not wait"));
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
    check_twin_silent("fence_ring.c", 1);
}
END_TEST

/* realprog/fence_ring_blit.c: the same ring between two device writes.
   Frame N's fill of the readback buffer and frame N-1's copy into it are
   a write-after-write across submissions; the slot's fence wait between
   them is named as not waiting for the copy (in the first iteration the
   fence was created signalled, later it was frame N-2's: one finding).
   With a barrier at the start of each command buffer, silence. */
START_TEST(a_fence_wait_for_an_older_frame_does_not_order_the_last_one)
{
    test_analysis *a = check_one("fence_ring_blit.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_WAW);
    ck_assert_uint_eq(f->loc.line, 38);
    ck_assert(has_earlier_access_note(f, 44));
    ck_assert(has_sync_note(f, 58, "the fence it waits for does not wait for the write"));
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("fence_ring_blit.c", 1);
}
END_TEST

/* realprog/callback_walk.c: a container library's foreach handed the
   program's own callback (it only counts items) between the submission
   and the refill of the mapped staging buffer.  A function pointer handed
   to a library was a possible wait, so the refill racing the copy was a
   question left unknown; the callback's parameters and body lead to no
   device, so the foreach is no wait: the host write-after-read is found,
   and the twin that waits first is silent.  (GObject's type registration,
   handed class and instance initialisers, is the same call in every
   G_DEFINE_TYPE.) */
START_TEST(a_callback_that_reaches_no_device_is_no_wait)
{
    check_host_write_before_wait_and_silent_twin("callback_walk.c", 68, 45);
}
END_TEST

/* realprog/op_list.c: a six-kind switch per operation picks a descriptor
   set index where nothing is recorded, and the recording binds the set
   picked.  The bind read the index the join lost, so the switch was split
   and never joined again: 49 paths.  A split that would make more than
   16 paths (six ways, joined twice: 36) is not made; the index stays
   unknown and the upload's read-after-write is found on one path; with
   the barrier, silence. */
START_TEST(a_join_of_many_ways_read_by_a_command_is_not_split)
{
    check_one_raw_and_silent_twin("op_list.c", 73, 64, 1);
}
END_TEST

/* realprog/heap_objects.c: constructors that return a pointer to what
   they allocated (`struct gpu_buffer *staging = gpu_buffer_new(...)`, the
   handle created into `res->handle` inside).  Cause 5: the findings name
   the buffers as the program keeps them, 'staging->handle' and
   'r.mesh->handle', where they said 'res->handle' for both; and the two
   calls are two buffers (cause 7), so the copy's write and the fill after
   it are a WAW on the mesh, not on the staging buffer. */
START_TEST(buffers_behind_a_returned_pointer_are_named_by_their_variable)
{
    test_analysis *a = check_one("heap_objects.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    const vks_finding *raw = &a->findings.items[0], *waw = &a->findings.items[1];
    ck_assert_int_eq(raw->rule, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(raw->loc.line, 54);
    ck_assert(has_earlier_access_note(raw, 43));
    ck_assert_msg(strstr(raw->message, "reads 'staging->handle'"), "%s", raw->message);
    ck_assert_int_eq(waw->rule, VKS_RULE_HAZARD_WAW);
    ck_assert_uint_eq(waw->loc.line, 62);
    ck_assert(has_earlier_access_note(waw, 54));
    ck_assert_msg(strstr(waw->message, "writes 'r.mesh->handle'"), "%s", waw->message);
    for (size_t i = 0; i < a->findings.count; i++)
        ck_assert_msg(!strstr(a->findings.items[i].message, "res->"), "%s",
                      a->findings.items[i].message);
    /* One path and no question left unknown since session 26, when a
       calloc'ed block reads as zero and a test of a call's result is
       about the value the call returned (2 paths and 4 questions before);
       the same two findings. */
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
    check_twin_silent("heap_objects.c", 1);
}
END_TEST

/* realprog/exec_context.c: the command buffer begun through a handle the
   evaluator cannot name (`e->bufs[e->cur_queue]`, FFmpeg's exec context)
   is the recording "?", and every library call with an argument that has
   no name (`lib_mallocz(256)`, the log's level) matched it: an unmodelled
   command in the recording, so the fill and the copy were a question left
   unknown behind it (3 questions, no finding; FFmpeg's filters had 25,978).
   Only a value with an identity, or a command buffer by its type, now
   hands the recording to a library call: the RAW, nothing left unknown,
   silence with the barrier.  Its add_dep stores a clone in
   `e->deps[e->nb_deps]` (an unknown index) and tests it at once: read
   back, the element was a new unknown, so the way where it is NULL (and
   the caller clears the output) was a second path with a WAW of its own;
   it holds what was stored now, and a clone is taken to succeed: 1 path. */
START_TEST(library_calls_on_unnamed_values_record_nothing_into_an_unnamed_command_buffer)
{
    test_analysis *a = check_one("exec_context.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 76);
    ck_assert(has_earlier_access_note(f, 58));
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    /* The clear on the failing way is the one call no path reaches. */
    ck_assert_uint_eq(a->stats.recording_calls_reached + 1, a->stats.recording_calls);
    test_analysis_free(a);

    a = check_one("exec_context.c", true);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    ck_assert_uint_gt(a->stats.pairs_proved_ordered, 0);
    test_analysis_free(a);
}
END_TEST

/* realprog/plane_views_check.c: a gboolean helper per plane returns
   FALSE when the plane's format cannot be sampled, and the frame function
   jumps to its error label: `if (!make_plane_view (self, i)) goto error;`
   in the plane loop.  The helper's callers, searched for what they run
   after it returns without the value it returns, ran the whole loop again
   (another view to create) and the recording after it, so the failing way
   was run and dropped (2 runs).  With FALSE the `if` leaves by its branch,
   which adds nothing: 1 run, the RAW, silence with the barrier. */
START_TEST(a_failure_passed_up_to_an_error_label_is_not_run)
{
    test_analysis *a =
        check_runs_with_and_without_quiet_leaves("plane_views_check.c", 70, 59, 1, 1);
    ck_assert_uint_eq(a->stats.paths_run, 2);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    test_analysis_free(a);
}
END_TEST

/* realprog/ret_chain.c: an error code passed up through two helpers in
   RET(), and a member the inner helper sets only when it succeeds, tested
   by the frame after its own RET.  The test `(err = (x)) < 0` was a fresh
   unknown, unrelated to the `err` returned; and the helper's two ways,
   joined, left the member an unknown of its own: the path on which no
   error came back went both ways on the member (2 paths, one that cannot
   run).  Now the test is of the value `err` holds, and the join says that
   its ways held their numbers together with what they assumed
   (summary.c, ways_agree): 1 path, the RAW, silence with the barrier. */
START_TEST(an_error_code_tested_where_it_is_assigned_keeps_what_its_way_set)
{
    check_one_raw_and_silent_twin("ret_chain.c", 80, 69, 1);
}
END_TEST

/* realprog/view_cache.c: a frame's input and output views come from a
   cache that makes the view it does not find (GStreamer's
   gst_vulkan_get_or_create_image_view).  Each lookup was a decision: 4
   paths for one frame.  A view found is an unknown value no check
   concludes anything on, a view made is checked, and the making records
   and submits nothing: the path takes the making way only - 1 path, the
   RAW on the staging buffer, silence with the barrier. */
START_TEST(a_cache_that_creates_what_it_does_not_find_is_one_path)
{
    check_one_raw_and_silent_twin("view_cache.c", 83, 72, 1);
}
END_TEST

/* realprog/framebuffer_cache.c: the same cache written GTK's way - the
   lookup returns what it found at once, and the rest of the function makes
   and keeps a framebuffer (gsk_vulkan_render_get_framebuffer).  Two
   targets were 4 paths; the path goes on to the making: 1 path, the RAW,
   silence with the barrier. */
START_TEST(a_cache_that_returns_what_it_found_is_one_path)
{
    check_one_raw_and_silent_twin("framebuffer_cache.c", 84, 73, 1);
}
END_TEST

/* realprog/view_cache_after_submit.c: the cache looked up after a
   submission, its making way handing the device to a library call (which
   may wait), then the next upload written into the mapped staging buffer
   the submitted copy reads.  The way that finds the view has no wait: the
   race.  Both ways ran (2 paths); now the making way goes on with what it
   may wait for not counted (the finding way's state, and a new view), 1
   path, and the race is reported there, with a note that says so; the
   twin that waits for the queue first is silent. */
START_TEST(a_cache_whose_making_may_wait_after_a_submission_is_one_path)
{
    check_one_finding_and_silent_twin("view_cache_after_submit.c",
                                      VKS_RULE_HOST_ACCESS_BEFORE_WAIT, "HOST_WRITE_AFTER_READ",
                                      82, 69, 1);
}
END_TEST

/* realprog/framebuffer_cache_after_submit.c: GTK's framebuffer cache
   (the found framebuffer returned at once, the rest of the function
   making one through a library call handed the context) after the
   upload was submitted, then the next vertices written into the mapped
   buffer the copy reads.  2 paths, one of them leaving the write an
   unknown question; now 1, the race found on the making way; silence
   when the queue is waited for first. */
START_TEST(a_cache_that_returns_what_it_found_after_a_submission_is_one_path)
{
    check_one_finding_and_silent_twin("framebuffer_cache_after_submit.c",
                                      VKS_RULE_HOST_ACCESS_BEFORE_WAIT, "HOST_WRITE_AFTER_READ",
                                      96, 83, 1);
}
END_TEST

/* realprog/view_made_once.c: the same making (a library call handed the
   device, after a submission) where the path's facts say the cache is
   empty (`if (self->view) return;` first).  The finding way cannot happen,
   so the making's possible wait counts: the host write after it is a
   question left unknown, never a finding (with the finding way's state
   taken regardless, a race was reported that no run has). */
START_TEST(a_cache_known_empty_counts_what_its_making_may_wait_for)
{
    test_analysis *a = check_one("view_made_once.c", false);
    ck_assert_uint_eq(a->findings.count, 0);
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 1);
    test_analysis_free(a);
}
END_TEST

/* realprog/render_graph_callbacks.c: a frame graph whose passes are
   callbacks kept in structs and called through the pointer
   (`pass->execute (cmd, pass->user)`).  Each pass was a recording of its
   own, handed a command buffer with nothing before: the race between the
   upload pass and the copy pass went unseen (exit 0, 3 paths).  The
   pointer holds the program's function on the path, so the call runs it:
   1 path, the RAW across the passes, and the passes are not analysed
   again on their own; silence with a barrier after each pass. */
START_TEST(a_pass_called_through_its_callback_pointer_is_run)
{
    check_one_raw_and_silent_twin("render_graph_callbacks.c", 43, 36, 1);
}
END_TEST

/* realprog/histogram_steps.c: two steps chosen through constant function
   pointers (`static record_step const clear_step = clear_histogram;`, one
   initialised with `&`) and called as `(*clear_step) (cmd, targets)`.
   Each step was a recording of its own (3 paths, 2 questions unknown, no
   finding); the constant pointer's function is run: 1 path, the RAW
   between the clear and the copy, silence with the barrier. */
/* realprog/recipe_upload.c: a bake step read from a recipe text, copied
   with strcpy into a buffer, split into lines with strchr and `*end =
   '\0'`, into words with strtok, sizes read with strtoul, buffers found
   by name with strcmp.  The recipe's "sync" comes after the copy that
   reads what the clear wrote.  Each of those calls was any unseen call
   (the escapes of the literal's "\n" made even its text unknown): 21
   paths, 21 questions left unknown, no finding.  Now one path, the RAW,
   nothing unknown; silence when the recipe syncs first. */
/* realprog/held_sum_probe.c: `mode = probe_tier () + probe_variant
   (fast)`, each helper creating a scratch buffer on one way (a function
   that creates counts as one that records, so paths merged at its
   start).  The path with the high tier reached probe_variant's start in
   the state the plain tier's path had there - probe_tier's answer, held
   by the caller, is in no variable - and ended there: mode 11, the way
   that records the copy, was never run, and the file was silent with
   2 of its 3 recording calls reached.  Paths merge (at a function's
   start, a wait or a decision) only where every caller called its
   function as a statement of its own. */
START_TEST(a_value_held_by_a_caller_keeps_paths_apart)
{
    check_one_raw_and_silent_twin("held_sum_probe.c", 62, 53, 4);
}
END_TEST

START_TEST(a_recipe_parsed_with_strtok_records_its_steps)
{
    check_one_raw_nothing_unknown_and_silent_twin("recipe_upload.c", 60, 54);
}
END_TEST

START_TEST(a_step_called_through_a_constant_pointer_is_run)
{
    check_one_raw_and_silent_twin("histogram_steps.c", 29, 23, 1);
}
END_TEST

/* realprog/batch_list_upload.c (after zink's reference drops, found by a
   helper session: `do { ...; res = next; } while (pipe_reference (...))`):
   a loop whose condition calls a helper that records, tests an unknown
   and returns a constant on each way, walking a list (a new unknown each
   iteration).  The condition was known on the way that goes on, so the
   loop ran to its 256-iteration limit, each iteration a decision: 257
   paths and two incomplete findings (zink spent 6 of its 9 M statements
   in such loops).  A condition known only by a way taken inside it is an
   unknown one (eval_stmt.c exec_loop): two iterations, complete, the WAW
   between them (the copy at 21 after itself), silent with the barrier. */
START_TEST(a_loop_condition_known_only_by_a_way_taken_in_it_runs_twice)
{
    check_one_finding_and_silent_twin("batch_list_upload.c", VKS_RULE_HAZARD_WAW,
                                      "WRITE_AFTER_WRITE", 21, 21, 4);
}
END_TEST

/* realprog/format_table_search.c: a driver's format lookup, a 300-entry
   table searched for the caller's format (`if (table[i].pipe_format ==
   fmt) return &table[i];`).  The known trip count ran it iteration by
   iteration, each a branch on the unknown format: the loop limit cut it
   (vksync-incomplete) and the function ran out of statements (a second
   one), 5 paths.  After three such iterations the search is run as one
   (eval_stmt.c, widen_search_loop): complete, 1 path, the RAW, silence
   with the barrier. */
START_TEST(a_search_loop_over_a_table_is_run_as_one)
{
    check_one_raw_and_silent_twin("format_table_search.c", 59, 48, 1);
}
END_TEST

/* realprog/postfx_pass.c: a render pass made by a set-up function of its
   own (its subpass leaves pResolveAttachments out) and begun on both
   paths of the frame's recording.  The first path's read of the missing
   member added it to the kept create info in that path's memory, and the
   second path read it after it was freed (the sanitizer build's
   heap-use-after-free; GStreamer's filters crashed on it with the limits
   raised).  Both paths: the RAW on the constants, silence with the
   barrier. */
START_TEST(a_render_pass_made_at_set_up_is_read_on_every_path)
{
    check_one_raw_and_silent_twin("postfx_pass.c", 77, 65, 2);
}
END_TEST

/* realprog/colour_lut_upload.c: a 64x64x64 colour-grading table computed
   on the host by a helper that only computes floats (three nested loops,
   powf) and copied into mapped staging memory.  Run statement by statement
   the helper never finished: the session-22 build was still running after
   11 minutes and 1 GB (a 24-wide table took 33 s, a 16-wide one 1.4 s).
   Such a helper is a call whose numbers are unknown (arithmetic.c): the
   RAW between the upload and the copy after it in 1 path, silence with
   the barrier. */
START_TEST(a_table_a_numeric_helper_computes_costs_nothing)
{
    check_one_raw_and_silent_twin("colour_lut_upload.c", 75, 65, 1);
}
END_TEST

/* realprog/terrain_grid_upload.c: a 128 x 128 vertex grid filled on the
   host in two nested loops, then uploaded.  Every iteration's declaration
   of `v` added a binding that every later read of `x` and `z` walked past,
   and every element was found by walking the array's members (values.c,
   find_field): 8 s, and minutes for a 256-wide one (bench/host_arrays.sh).  The
   declaration reuses its binding and long member lists are indexed: the
   RAW between the upload and the physics copy, 1 path; silent with the
   barrier. */
START_TEST(a_grid_filled_in_nested_loops_is_analysed)
{
    check_one_raw_and_silent_twin("terrain_grid_upload.c", 75, 61, 1);
}
END_TEST

/* realprog/output_modeset.c: a compositor output whose scan-out target is
   made again by two helpers (a mode change, a scale change) through one
   allocation helper, eight frames in a row, each frame's copy still in
   flight when the next event comes.  The targets the two helpers make are
   different objects (another call path, another creation), the same up to
   their names: with states compared by identity, every frame began as
   many states as there had been ways to rebuild before it (88 paths); up
   to renaming - the objects held, the commands in flight on them - a
   frame begins in one state per kind of rebuild (39).  The RAW between
   the clear and the read-back once; silent with the barrier. */
START_TEST(objects_made_again_by_other_helpers_are_one_state_up_to_their_names)
{
    check_one_raw_and_silent_twin("output_modeset.c", 76, 61, 39);
}
END_TEST

/* realprog/scene_tree_upload.c: the copy is recorded eleven calls below
   the frame function (a layered renderer: pass, stages, encoder), after a
   walk of the scene tree that calls itself twice per node.  With helpers
   followed 10 deep the clear and the copy were "not followed" (two
   incomplete findings, 2/4 recording calls reached); followed 18 deep
   (VKSYNC_MAX_HELPER_DEPTH's default since session 24) the RAW is found,
   the walk costing no path of its own; silent with the barrier. */
START_TEST(a_recording_eleven_helpers_deep_is_followed)
{
    check_one_raw_and_silent_twin("scene_tree_upload.c", 35, 40, 1);
}
END_TEST

/* realprog/acquire_fence_upload.c (Wine's dxgi swapchain, found by a
   helper session): the host waits for the fence vkAcquireNextImageKHR
   signals, then writes mapped memory the clear submitted before may still
   be writing.  The acquire's fence is the presentation engine's and orders
   no queue work; taken as an unknown fence it ordered everything, and the
   write was "proved ordered".  The host write after the clear's write,
   before a wait for it (line 60, the clear at 34); silent when the queue
   is waited for. */
START_TEST(a_wait_for_the_acquire_fence_orders_no_queue_work)
{
    test_analysis *a = check_one("acquire_fence_upload.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT);
    ck_assert_str_eq(f->hazard, "HOST_WRITE_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 60);
    ck_assert(has_earlier_access_note(f, 34));
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("acquire_fence_upload.c", 1);
}
END_TEST

/* realprog/com_command_list.c (vkd3d's command lists, found by a helper
   session): the method reaches its object with CONTAINING_RECORD, `(char
   *)iface - offsetof (...)`.  The offset was unknown (offsetof was not
   evaluated) and the pointer moved by it had no name, so the command
   buffer was no handle handed to the method: "not analysed", 0/2
   recording calls.  Now the RAW between the clear and the copy; silent
   with the barrier. */
START_TEST(a_method_that_finds_its_object_with_containing_record_is_analysed)
{
    check_one_raw_and_silent_twin("com_command_list.c", 45, 34, 1);
}
END_TEST

/* realprog/embedded_interfaces.c (the COM programs of the styles corpus,
   written by a helper session after Wine's vkd3d): an object embeds its
   parent first and an interface 24 bytes in; the interface's method is
   called through a const ops table and finds the object with
   container_of, the parent's helper casts the parent's address to the
   object.  The address of a member knew no object around it, the const
   table's initializer was not read, and a call through it was not
   followed for a parameter whose own type holds no command buffer: the
   clear was recorded apart and the RAW missed.  Now the RAW (the copy at
   56, the clear at 36); silent with the barrier. */
START_TEST(a_method_of_an_embedded_interface_finds_its_object)
{
    check_one_raw_and_silent_twin("embedded_interfaces.c", 56, 36, 1);
}
END_TEST

/* realprog/chunk_uploader.c (the styles corpus's loopgoto_ programs,
   after Mesa's WSI, written by a helper session): each chunk's copy into
   one scratch buffer is submitted with its own fence; a chunk whose
   vkQueueSubmit fails is skipped, one that went in is waited for
   (-DWITH_BARRIER) before the next reuses the buffer.  A failed
   submission runs nothing ("Command Buffers", vkQueueSubmit), but it was
   taken as made: on the way where the first chunk's submit failed, its
   copy (never waited for) was paired with the second's - a false
   write-after-write, and the twin was not silent.  Now the one WAW of the
   program without the wait (the second chunk's copy at 29 after the
   first's, on the way where the first went in: the note says so); the
   twin silent. */
START_TEST(a_submission_that_failed_runs_nothing)
{
    check_one_finding_and_silent_twin("chunk_uploader.c", VKS_RULE_HAZARD_WAW,
                                      "WRITE_AFTER_WRITE", 29, 29, 4);
    test_analysis *a = check_one("chunk_uploader.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_WAW);
    bool first_went_in = false;
    for (size_t i = 0; i < f->note_count; i++)
        first_went_in |= f->notes[i].loc.line == 46 &&
                         strstr(f->notes[i].message, "is false") != NULL;
    ck_assert(first_went_in);
    test_analysis_free(a);
}
END_TEST

/* realprog/plane_views_error.c (GStreamer's Vulkan elements, found by a
   helper session): the failing way of a plane check `goto`s a label that
   logs the command buffer's wrapper and hands it back to the library
   through its base type.  The search that decides such a way adds nothing
   took the logger, and the cast to a base that holds no command buffer,
   for calls that may record into it - which the run does not: the way was
   run (replayed from the start) only to be dropped.  Now one run; the RAW
   (the copy at 60, the fill at 47), silent with the barrier. */
START_TEST(an_error_way_that_logs_and_unrefs_through_a_base_type_is_not_run)
{
    check_one_raw_in_runs("plane_views_error.c", 60, 47, 1, 1);
}
END_TEST

/* realprog/display_driver_table.c (RetroArch's display drivers, found by a
   helper session): main's path calls the draw callback of a const driver
   table through a plain file-scope pointer, handing it the renderer as
   `void *data`.  The pointer's initializer was not taken for its value at
   main's start (only a const global's was), and a callback handed its
   object as `void *` was no call handed a command buffer: the copy was
   analysed on its own and the RAW missed.  Now the RAW (the copy at 32
   after the fill at 54), silent with the barrier. */
START_TEST(main_starts_with_every_global_at_its_initial_value)
{
    check_one_raw_and_silent_twin("display_driver_table.c", 32, 54, 1);
}
END_TEST

/* realprog/view_cache_lookup.c (gst's image views, found by a helper
   session): a library search handed a comparison callback typed on the
   view, which leads to the device.  Taken as a possible host wait after
   the submission, the host write into the buffer the fill may still be
   writing was a question left unknown; a callback whose body compares
   fields waits for nothing.  Now the host write-after-write (the memcpy
   at 68, the fill at 49); silent when the queue is waited for. */
START_TEST(a_callback_that_only_compares_waits_for_nothing)
{
    test_analysis *a = check_one("view_cache_lookup.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT);
    ck_assert_str_eq(f->hazard, "HOST_WRITE_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 68);
    ck_assert(has_earlier_access_note(f, 49));
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
    check_twin_silent("view_cache_lookup.c", 1);
}
END_TEST

/* realprog/lazy_pass_setup.c (gst's full-screen quad, found by a helper
   session): objects made on first use by a helper handed the object that
   holds them (`if (!self->render_pass) if (!create_render_pass (self))
   goto error;`).  The cache rule looked for the creation in the branch's
   own text only: both ways of each test were paths, 5 runs and 4 paths.
   Now the making way alone: 1 run, the RAW (the copy at 73 after the fill
   at 62), silent with the barrier. */
START_TEST(an_object_made_on_first_use_by_a_helper_is_one_path)
{
    check_one_raw_in_runs("lazy_pass_setup.c", 73, 62, 1, 1);
}
END_TEST

/* realprog/upload_ring_init.c (the styles corpus's ring_ programs, written
   by a helper session): a ring struct initialised with its size, its
   memory allocated by vkAllocateMemory (no model: its out-parameter is
   forgotten) into a member that had no name, as no member of an
   initialised aggregate has: the memory was nameless, its mapping
   untracked, and the host write after the submitted copy went unreported
   - not even as a question.  Now the host write-after-read (the second
   memcpy at 50, the copy at 39); silent when the queue is waited for. */
START_TEST(a_handle_an_unmodelled_call_writes_into_an_initialised_struct_is_named)
{
    check_host_write_before_wait_and_silent_twin("upload_ring_init.c", 50, 39);
}
END_TEST

/* realprog/lazy_sampler_pool.c: a descriptor pool and a sampler made on
   first use by helpers handed the pass.  vkCreateDescriptorPool and
   vkCreateSampler were not in the entry-point table, and an entry point
   the table does not know counted as doing more than creating: both ways
   of both tests were paths (4 runs, 4 paths).  Now rows that make an
   object no model looks up (FE_EP_MAKES): 1 run, the RAW (the copy at 56
   after the fill at 45), silent with the barrier. */
START_TEST(a_sampler_and_a_pool_made_on_first_use_are_caches)
{
    check_one_raw_in_runs("lazy_sampler_pool.c", 56, 45, 1, 1);
}
END_TEST

/* realprog/root_descriptor_updates.c (vkd3d's root parameters, found by a
   helper session): a descriptor update per dirty bit of a 64-bit mask.
   With no shader on the command line nothing reads what the sets hold,
   but each update was an effect that kept the `if`'s two ways apart: 768
   paths and the path limit.  One path now, the RAW before it found;
   silent with the barrier. */
START_TEST(descriptor_updates_no_shader_reads_cost_no_paths)
{
    check_one_raw_and_silent_twin("root_descriptor_updates.c", 54, 43, 1);
}
END_TEST

/* realprog/present_each_swapchain.c (Mesa's WSI, found by a helper
   session): error checks in a loop's body `goto` a label at the body's
   end.  Only labels at the function's top level were followed: the path
   left the function at the first such goto (vksync-incomplete), and the
   hazard on the way that skips the barrier was never seen.  Now the RAW of
   that way, once per iteration's staging buffer (two iterations), and no
   incomplete finding; silent when the barrier is after the label. */
START_TEST(a_goto_to_a_label_in_a_loop_body_is_followed)
{
    test_analysis *a = check_one("present_each_swapchain.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    for (size_t i = 0; i < a->findings.count; i++) {
        const vks_finding *f = &a->findings.items[i];
        ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
        ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
        ck_assert_uint_eq(f->loc.line, 57);
        ck_assert(has_earlier_access_note(f, 40));
    }
    check_complete(a, 4);
    test_analysis_free(a);
    check_twin_silent("present_each_swapchain.c", 4);
}
END_TEST

/* realprog/byte_fill_upload.c: 4,096 bytes written one by one into mapped
   staging memory before anything is recorded or submitted.  The loop limit
   refused to end a loop that writes mapped memory: incomplete, exit 2 (a
   helper session's program, tests/styles/programs/cmdarr_batch_raw.c,
   found it).  With nothing in flight the writes not run race with nothing:
   the loop ends at the limit, the RAW between the copies in 1 path, silent
   with the barrier. */
START_TEST(a_host_fill_loop_before_any_submission_ends_at_the_limit)
{
    check_one_raw_and_silent_twin("byte_fill_upload.c", 41, 31, 1);
}
END_TEST

/* realprog/byte_refill_in_flight.c: the same loop right after a submission
   whose copy reads the staging buffer, no wait before it.  Its first write
   is the host-access-before-wait (line 37, the copy at 28 its earlier
   access), and the loop keeps its limit, reported: the writes it does not
   run are host accesses a rule checks. */
START_TEST(a_host_fill_loop_while_work_is_in_flight_keeps_its_limit)
{
    test_analysis *a = check_one("byte_refill_in_flight.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 1);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT), 1);
    for (size_t i = 0; i < a->findings.count; i++) {
        const vks_finding *f = &a->findings.items[i];
        ck_assert_uint_eq(f->loc.line, 37);
        if (f->rule == VKS_RULE_HOST_ACCESS_BEFORE_WAIT) {
            ck_assert_str_eq(f->hazard, "HOST_WRITE_AFTER_READ");
            ck_assert(has_earlier_access_note(f, 28));
        } else {
            ck_assert_ptr_nonnull(strstr(f->message, "loop runs more than 256 times"));
        }
    }
    test_analysis_free(a);
}
END_TEST

/* realprog/camera_ubo_in_flight.c: matrix helpers of a linmath-style
   header; the last one of each frame multiplies straight into the mapped
   uniform buffer (`mat4x4_mul (ubo->mvp, ...)`), the second frame's before
   waiting for the first frame's copy of that buffer.  A numeric helper
   handed mapped memory is run: its writes there are host writes, and the
   one racing the copy is reported inside the helper, called from line
   86; silent when the fence wait comes first. */
START_TEST(a_numeric_helper_writing_mapped_memory_is_run)
{
    check_host_write_before_wait_and_silent_twin("camera_ubo_in_flight.c", 28, 71);
    test_analysis *a = check_one("camera_ubo_in_flight.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT);
    ck_assert_ptr_nonnull(f->loc.caller);
    ck_assert_uint_eq(f->loc.caller->line, 86);
    test_analysis_free(a);
}
END_TEST

/* realprog/lazy_fence_views.c: FFmpeg's execution context creates its
   fence the first time a frame starts, after the filter wrote its kernel
   through a mapped pointer.  The failing ways of an error check are left
   unrun only while a host access through a mapped pointer cannot count,
   that is until something is submitted; a created fence was taken for a
   submission, so each failed wrap of a plane's view (destroy it, return
   AVERROR(ENOMEM), `goto fail`) was run: 6 runs.  Now only a submission
   counts: 4 runs (the two ways of the lazy creation, and the submit's
   failure after each, which does run: something was submitted), the RAW
   on the staging buffer, silence with the barrier; with the quiet rules
   off, 8 runs.  4 paths since the test `vkQueueSubmit (...) !=
   VK_SUCCESS` is about the call's own result (session 26): the way it
   fails takes its submission back (submit.c), so the way it succeeds
   submits what that way did not - a path of its own (2 before, when the
   test was about a fresh name and the failed submission stayed). */
START_TEST(a_created_fence_is_no_submission_for_the_quiet_error_rules)
{
    test_analysis *a =
        check_runs_with_and_without_quiet_leaves("lazy_fence_views.c", 123, 112, 4, 4);
    ck_assert_uint_eq(a->stats.paths_run, 8);
    ck_assert_uint_eq(a->stats.paths_explored, 4);
    test_analysis_free(a);
}
END_TEST

/* realprog/logged_upload.c: a logger handed the element (which holds the
   device) between the submission and the next upload of the mapped
   staging buffer.  Any library call handed what leads to the device was
   taken to maybe wait for it, so the rewrite after it was a question left
   unknown; a function that formats text (variadic after a `char *`)
   waits for nothing: the host-access-before-wait at line 56, the copy at
   46 its earlier access; silent with the fence wait first. */
START_TEST(a_logger_handed_the_device_is_no_wait)
{
    check_host_write_before_wait_and_silent_twin("logged_upload.c", 56, 46);
}
END_TEST

/* realprog/render_setup_cache.c: wlroots' render pass, made once behind a
   cache test by a function that only creates objects, begun by the frame
   function with a load from GENERAL and an external dependency that lacks
   COLOR_ATTACHMENT_READ.  When creations counted as nothing for the rule
   that a decision with nothing after it is none (quiet_leave.c), the
   creator went the cache's way, the render pass was never made, and the
   finding was gone (4 questions left unknown); wlroots lost its RAW at
   renderer.c:560 so. */
START_TEST(a_cache_test_before_a_creation_is_a_decision)
{
    test_analysis *a = check_one("render_setup_cache.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 135);
    ck_assert_msg(strstr(f->message, "load operation (LOAD) of attachment 0") &&
                      strstr(f->message, "'buffer->image'"),
                  "%s", f->message);
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
    check_twin_silent("render_setup_cache.c", 1);
}
END_TEST

/* realprog/filter_checks.c: a media framework's filter.  Eight options
   give 256 ways to record a frame, and after the recording the submit
   helper checks vkEndCommandBuffer, vkQueueSubmit, vkWaitForFences and
   vkResetFences; each failure logs, returns an error, and the caller's
   `RET(x)` (a `do { } while (0)` macro) jumps to `fail`, which logs
   again.  Such a way records exactly what the way that went on recorded
   before the check: it was run, replayed from the frame's start, and
   dropped (1,024 runs were not enough: vksync-incomplete, naming the run
   limit).  Now it is seen to add nothing before it is run - nothing in
   the branch, after the label it jumps to, or in the callers once they
   return - and it is not run once a path through the check was kept: 258
   runs, the RAW found, nothing incomplete.  Since vkEndCommandBuffer and
   vkResetFences are taken to succeed (they fail only when memory runs
   out), their checks are no forks at all, and the failures of the other
   two, run and dropped, take 770 runs instead of more than 1,024;
   skipped, 257 runs and 256 paths, one per way to record the frame. */
START_TEST(failing_ways_of_error_checks_that_add_nothing_are_not_run)
{
    test_analysis *a =
        check_runs_with_and_without_quiet_leaves("filter_checks.c", 113, 102, 256, 257);
    ck_assert_uint_eq(a->stats.paths_run, 770);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    test_analysis_free(a);
}
END_TEST

/* realprog/deferred_ops.c: a sokol-style front end - operations appended to
   a fixed array in a global, walked with a pointer compared with the
   array's end (`o != ops.list + ops.n`), handles looked up through a C11
   _Generic macro that returns `&t->entries[i]` or NULL, in `main`, where
   the globals are tentative definitions.  Before: the globals were unknown
   (no initializer: libclang names no definition), the pointer comparison
   unknown, the _Generic selection not followed and `if (!a)` on a pointer
   to an object undecided - 25 paths, 21 unknowns, no finding.  Now one
   path and the copy's RAW on the fill. */
START_TEST(a_pointer_walked_list_and_generic_lookups_are_followed)
{
    check_one_raw_and_silent_twin("deferred_ops.c", 77, 71, 1);
}
END_TEST

/* realprog/named_targets.c: targets found by name - a djb2 hash of the
   name's characters picks a bucket, strcmp finds the entry - and a barrier
   that names the wrong target.  The characters of a string literal, strcmp
   and strlen on known strings are known now (C11 6.4.5p6, 7.24.4.2p3);
   before, every lookup was unknown (6 questions) and the RAW was missed. */
START_TEST(targets_found_by_name_are_the_named_ones)
{
    check_one_raw_and_silent_twin("named_targets.c", 89, 82, 1);
}
END_TEST

/* realprog/embedded_blur.c: a compute shader pasted into the C file as the
   SPIR-V words glslangValidator --vn writes, with no .spv given; its
   pipeline made in a helper called as the right operand of `||` after the
   device is opened.  Before: the right operand of an `||` whose left one
   was unknown was never run (no pipeline), and an embedded module was
   matched only against .spv files given - the dispatch was one unknown
   access.  Now the module is read from its words, and the dispatch's read
   of the filled buffer is the RAW. */
START_TEST(an_embedded_shader_and_a_helper_after_or_are_followed)
{
    check_one_raw_and_silent_twin("embedded_blur.c", 156, 146, 1);
}
END_TEST

/* realprog/chained_steps.c: `ok = connect() && read() && begin() &&
   upload() && submit();` - each step runs only when the ones before it
   succeeded (C11 6.5.13p4), a decision of the path when their results are
   unknown.  Before: nothing after the first unknown step was run (0 of 4
   recording calls reached, silence). */
START_TEST(steps_chained_with_and_are_run)
{
    check_one_raw_and_silent_twin("chained_steps.c", 36, 28, 1);
}
END_TEST

/* realprog/fast_or_safe_path.c: `prefer_fast_path () ? copy_out (&f) :
   refresh_head (&f)` - "Only one of the second and third operands is
   evaluated" (C11 6.5.15p4).  Both ran on one path: the update was a
   write-after-read of the copy no run of the program records together, a
   false positive that stayed with the barrier after the clear.  Now two
   paths: the copy's RAW and the update's WAW on the clear, and silence
   with the barrier. */
START_TEST(only_one_operand_of_a_conditional_runs)
{
    test_analysis *a = check_one("fast_or_safe_path.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAW), 1);
    for (size_t i = 0; i < a->findings.count; i++)
        ck_assert_uint_eq(a->findings.items[i].loc.line,
                          a->findings.items[i].rule == VKS_RULE_HAZARD_RAW ? 18 : 25);
    check_complete(a, 2);
    test_analysis_free(a);
    check_twin_silent("fast_or_safe_path.c", 2);
}
END_TEST

/* realprog/lazy_scratch.c: a scratch buffer made on first use and kept in
   a function-scope `static` - "its stored value is initialized only once,
   prior to program startup" (C11 6.2.4p3).  Each call started the static
   afresh as a local, so the copy pass made a second buffer and its read
   was never compared with the clear's write (HEAD: silence).  Now the RAW,
   and silence with the barrier. */
START_TEST(a_function_scope_static_keeps_its_value_between_calls)
{
    check_one_raw_and_silent_twin("lazy_scratch.c", 30, 24, 1);
}
END_TEST

/* realprog/begin_returns_handle.c: `cmd = VK_NULL_HANDLE;`, allocated
   through a pointer and begun inside graph_begin(), then `return cmd;`.
   The caller's copy is renamed after its own variable (a handle made in
   the call) and the open recording stayed under the old name: the fill
   and the copy were "not analysed" (1 of 3 calls reached, incomplete).
   Now the recording follows the name: the RAW, silence with the barrier. */
START_TEST(a_begun_command_buffer_returned_by_a_helper_is_recorded_on)
{
    check_one_raw_and_silent_twin("begin_returns_handle.c", 47, 39, 1);
}
END_TEST

/* realprog/accessor_fill.c: 600 vertices written through an accessor,
   `verts_at (&m, i)->x = i;`, before anything is submitted.  A loop past
   the iteration limit may forget what it writes when every write is in its
   text; a call in it refused that, so the fill ended the analysis
   incomplete.  A helper that assigns only its own locals and calls only
   such helpers writes nothing (eval_expr.c, only_writes_locals): now
   complete, the copy's RAW, silence with the barrier. */
START_TEST(a_long_fill_through_an_accessor_ends_at_the_limit)
{
    check_one_raw_and_silent_twin("accessor_fill.c", 54, 47, 1);
}
END_TEST

/* realprog/job_array.c: upload jobs in a stb_ds-style dynamic array -
   `arrlen (a)` is `((a) ? hdr (a)->length : 0)` on the array pointer
   realloc gave, and the fixed flush compares two jobs' destinations in a
   helper, `a->dst == b->dst`.  A pointer known not to be null as the
   condition of `?:`, and two reads of one named handle compared, were
   undecided (2 and 4 questions left unknown, the WAW between the two
   copies into `table` missed).  Now the WAW, silence with the barrier. */
START_TEST(a_dynamic_array_and_a_handle_compared_with_itself_are_decided)
{
    check_one_finding_and_silent_twin("job_array.c", VKS_RULE_HAZARD_WAW, "WRITE_AFTER_WRITE", 65,
                                      65, 1);
}
END_TEST

/* realprog/pass_chain.c: passes in a calloc'ed linked list walked with
   `for (p = head; p; p = p->next)` in each of two frames.  calloc's block
   is all bits zero (C11 7.22.3.2p2), so the last pass's `next` is null;
   it was unknown, the walk "assumed" a third pass, and the frames' pairs
   were questions left unknown (4), nothing reported.  Now the two
   write-after-writes across the submissions, silence with the wait. */
START_TEST(a_list_of_calloced_passes_ends_at_its_last_node)
{
    test_analysis *a = check_one("pass_chain.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAW), 2);
    for (size_t i = 0; i < a->findings.count; i++)
        ck_assert(a->findings.items[i].loc.line == 17 || a->findings.items[i].loc.line == 23);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("pass_chain.c", 1);
}
END_TEST

/* realprog/variadic_passes.c: `record (cb, 3, staging, table, PASS_FILL,
   PASS_COPY, PASS_SYNC)` reads its buffers with va_arg and hands its va_list to a
   helper that reads the pass ids in a loop.  va_arg was taken for a
   conversion of the va_list (its value the va_list's own), so every pass
   was unknown: 64 paths, 102 questions left unknown, nothing reported.
   Now the arguments in turn: the read-after-write of the copy, 1 path,
   and silence with PASS_SYNC between. */
START_TEST(variadic_arguments_are_read_in_turn_with_va_arg)
{
    check_one_raw_and_silent_twin("variadic_passes.c", 28, 17, 1);
}
END_TEST

/* realprog/union_params.c: per-pass parameters in a union, the barrier
   after each pass on `u.out.target`, which for a copy declared source
   first is the copy's source (C11 6.5.2.3p6).  Each member of a union was
   a node of its own, so `u.out.target`, never written, was another value
   than the buffer stored there (the pairs "proved ordered", nothing
   reported).  Now a union holds one member, converted by byte offset when
   another is used: the read-after-write of the second copy, and silence
   when the copy's struct begins with its target.  In the second frame
   the copy's target, past the end of `out`, is read again from what the
   union kept aside (2 questions left unknown without it). */
START_TEST(the_members_of_a_union_share_their_bytes)
{
    test_analysis *a = check_one("union_params.c", false);
    const vks_finding *f = only_finding(a, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 45);
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
    a = check_one("union_params.c", true);
    ck_assert_uint_eq(a->findings.count, 0);
    check_complete(a, 1);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
}
END_TEST

/* realprog/upload_callback.c: an upload context calls the program's flush
   through a pointer, `up->flush (up, up->user)`, handing it the frame as
   the `void *` stored at start-up.  Neither argument's type leads to a
   command buffer, so the callback was not followed: the call forgot what
   `up` reaches, the frame with it, and main's barrier and fill after it
   were on a command buffer with no recording open (vksync-incomplete);
   the WAW was found only by analysing the callback alone (2 paths, a loop
   "assumed").  Now a `void *` to an object of the path hands it: 1 path,
   the WAW of the two copies, silence with the barrier between them. */
START_TEST(a_callback_handed_its_user_data_as_void_pointer_is_run)
{
    check_one_finding_and_silent_twin("upload_callback.c", VKS_RULE_HAZARD_WAW,
                                      "WRITE_AFTER_WRITE", 37, 37, 1);
}
END_TEST

/* realprog/optional_passes.c: passes switched on by options read at
   start-up, each copying the last output into its own buffer; the fixed
   program records the final copy's barrier `if (last != src)`.  Two
   buffers the path created, both alive, were compared undecided, so the
   path with the blur pass and `last != src` false - `blurred == src` -
   gave the twin a false RAW (3 paths).  Two live creations are two
   handles: the RAW without the barrier, silence with it, 2 paths. */
START_TEST(two_buffers_created_apart_are_unequal_handles)
{
    check_one_raw_and_silent_twin("optional_passes.c", 53, 46, 2);
}
END_TEST

/* realprog/suballoc_ranges.c: two ranges of one VkBuffer handed out by a
   suballocator that returns { buffer, offset, size } by value, the buffer
   copied from the heap's (`r.buffer = h->buffer;`).  Every created handle
   in a struct returned by value was renamed after the variable keeping
   it, so a.buffer, b.buffer and heap.buffer were three objects: the
   twin's barrier on heap.buffer covered no copy (a false RAW) and two
   ranges of the one buffer could never overlap.  A handle made before the
   call keeps its object: the RAW on b's range, silence with the barrier. */
START_TEST(a_range_returned_by_value_keeps_the_heaps_buffer)
{
    check_one_raw_and_silent_twin("suballoc_ranges.c", 67, 57, 1);
}
END_TEST

/* realprog/byte_command_stream.c: a fill and a copy serialized into a
   uint8_t batch (opcode and operands memcpy'd in at 8-byte aligned
   offsets) and replayed by a loop that memcpy's them back out.  A memcpy
   between a byte array and an object of another type was a call the
   evaluator could not see into: the batch was forgotten, every opcode
   unknown, and the replay's copy named no buffer (the RAW missed).  An
   object stored whole in the bytes is now loaded back with its value: the
   RAW, silence with the barrier command in the stream. */
START_TEST(an_object_memcpyd_through_a_byte_batch_keeps_its_value)
{
    check_one_raw_and_silent_twin("byte_command_stream.c", 63, 57, 1);
}
END_TEST

/* realprog/scoped_submission.c: a submission wrapper declared with GCC's
   cleanup attribute (GLib's g_autoptr) inside a loop body, its cleanup
   waiting for the wrapper's fence when the iteration ends.  The attribute
   was not read, so no wait was between one chunk's copy out of the
   staging buffer and the next chunk's update of it: a false WAR.  The
   cleanup function is now called with the variable's address as its
   block ends (eval_stmt.c run_cleanups): the WAR without the attribute,
   silence with it. */
START_TEST(a_cleanup_attribute_runs_its_function_as_the_block_ends)
{
    check_one_finding_and_silent_twin("scoped_submission.c", VKS_RULE_HAZARD_WAR,
                                      "WRITE_AFTER_READ", 66, 72, 1);
}
END_TEST

/* realprog/conditional_draw_state.c: Gallium's shape - an occlusion
   query's result copied into a predicate buffer, the draw state set with
   Vulkan 1.3 dynamic state (vkCmdSetCullMode, ...), the work made
   conditional on the predicate.  Neither the dynamic state nor
   vkCmdBeginConditionalRenderingEXT was in the entry-point table: each was
   a full barrier in the stream and the predicate read unknown, so the
   copy's RAW was hidden (zink records them between its barriers).  The
   state setters access nothing; the begin reads the predicate's 32 bits in
   the CONDITIONAL_RENDERING stage (commands_draw.c): the RAW, silence with
   a barrier to that stage. */
START_TEST(conditional_rendering_reads_its_predicate_and_dynamic_state_is_no_barrier)
{
    check_one_raw_nothing_unknown_and_silent_twin("conditional_draw_state.c", 60, 23);
}
END_TEST

/* realprog/gnu_extensions.c: GNU C as kernel-style C writes it - a
   statement-expression VK_CHECK around vkBeginCommandBuffer, likely()
   over __builtin_expect around each step's barrier, a table of consumer
   stages and accesses given by range designators with an override for
   step 3, the steps classified by a case range.  A statement expression
   was an unknown value with its statements never run (no recording begun:
   nothing analysed), __builtin_expect an unseen call (the barrier on half
   the paths), a range designator read as two array indices (the table's
   entries zero: no consumer stage) and `case 1 ... 3:` as `case 1:`.  Now
   the RAW where the override names the compute stage for a copy, silence
   without it. */
START_TEST(gnu_statement_expressions_case_ranges_and_range_designators_are_followed)
{
    check_one_raw_nothing_unknown_and_silent_twin("gnu_extensions.c", 79, 79);
}
END_TEST

/* realprog/forgotten_frame_outputs.c: two frames' output buffers made by
   one helper in a loop, and a file watcher's callback through a pointer
   that is not followed, so the application struct is forgotten.  A
   forgotten handle looked up by the struct member keeping it was the one
   object made there last, though one create call had made two kept in
   two places (frames[0].out and frames[1].out): a false WAW across the
   frame's own fence wait.  Now such a handle is no known object
   (objects.c kept_apart): only the setup's RAW, silence with its
   barrier. */
START_TEST(a_forgotten_handle_is_not_the_last_of_a_loops_objects)
{
    check_one_raw_and_silent_twin("forgotten_frame_outputs.c", 83, 76, 3);
}
END_TEST

/* realprog/aliased_transients.c: two buffers bound at offset 0 of one
   VkDeviceMemory, a fill of one and a copy out of the other.  Resources
   were handles, never memory: the two buffers never met and the RAW was
   missed.  Buffers bound to one memory object at known offsets now share
   its address space in the engine (ir.c link_memory): the RAW, silence
   with a global barrier. */
START_TEST(buffers_bound_to_one_memory_are_one_address_space)
{
    check_one_raw_and_silent_twin("aliased_transients.c", 45, 37, 1);
}
END_TEST

/* realprog/intrusive_dirty_list.c: buffers linked through an intrusive
   list (list.h's list_head, container_of), the dirty list walked with
   list_for_each_entry, a barrier per entry; the fourth upload is never
   put on the list.  The walk's test `&pos->member != head` compared two
   pointers to members the evaluator could not tell apart, so the walk ran
   two iterations on an assumption and stopped: the twin's third and
   fourth barriers were missed (false RAWs).  Pointers to two members of
   one struct now compare unequal, and the head given to container_of
   gives the head back: the RAW on the unlisted buffer only, silence when
   it is listed. */
START_TEST(an_intrusive_list_walk_reaches_every_entry)
{
    check_one_raw_nothing_unknown_and_silent_twin("intrusive_dirty_list.c", 79, 44);
}
END_TEST

/* realprog/global_list_head.c: the kernel's `static LIST_HEAD(dirty);`,
   whose initializer `{ &dirty, &dirty }` takes the variable's own address,
   and entries in another global.  The variable was bound only once its
   initializer was evaluated, so `&dirty` in it evaluated the initializer
   again: the analysis crashed (stack overflow).  It is bound first now,
   and a pointer into one variable and one to another compare unequal, so
   the walk ends at the head: the RAW on the unlisted buffer, silence when
   it is listed. */
START_TEST(a_list_head_initialised_with_its_own_address)
{
    check_one_raw_nothing_unknown_and_silent_twin("global_list_head.c", 63, 45);
}
END_TEST

/* realprog/token_scanner_frame.c: a frame read from a description by a
   hand-written scanner - isspace / isalnum (glibc's macros over
   __ctype_b_loc ()'s table) gathering a word a character at a time into
   a buffer, strcmp against the keywords, strtoul (p, &end, 10) moving the
   scanner.  The classification was unknown, the word buffer no known
   string (written element by element) and the end pointer lost: every
   keyword test was a decision, and the copy named unknown buffers.  Now
   each is the C library's answer on the known text: the RAW, silence with
   the barrier word. */
START_TEST(a_scanned_description_is_read_as_the_library_reads_it)
{
    check_one_raw_nothing_unknown_and_silent_twin("token_scanner_frame.c", 56, 52);
}
END_TEST

/* realprog/dynamic_offset_blur.c: a blur over two ranges of one arena
   buffer picked by vkCmdBindDescriptorSets' dynamic offsets (source at
   2048, destination at 4096; the DYNAMIC descriptors cover the first KiB).
   Dynamic offsets were not applied: the dispatch's accesses had unknown
   ranges, 2 questions left unknown and the RAW with the fill of the
   source range missed.  Now the offsets are placed by the sets' written
   dynamic descriptors in binding order: the RAW, silence with the
   barrier. */
START_TEST(dynamic_offsets_place_a_dispatchs_ranges)
{
    check_one_raw_and_silent_twin("dynamic_offset_blur.c", 160, 149, 1);
}
END_TEST

/* realprog/mip_chain_log2.c: a mip chain whose level count is computed as
   vulkan-tutorial computes it, (uint32_t)floor(log2(max(w, h))) + 1, each
   level blitted from the one before after a barrier on it, then the last
   level copied out.  A <math.h> call in a floating expression was unknown,
   so the count was: the loop ran on an unknown bound, the copy's level was
   unknown (1 question left unknown) and its RAW with the last blit was
   missed.  Now floor and log2 of known values are computed (floating.c
   math_call): the RAW, silence with the barrier on the last level. */
START_TEST(a_mip_count_computed_with_log2_is_known)
{
    check_one_raw_nothing_unknown_and_silent_twin("mip_chain_log2.c", 90, 76);
}
END_TEST

/* realprog/load_factor_table.c: buffers in a small hash map grown and
   rehashed by a load factor, khash's way: `upper_bound = (unsigned)
   (buckets * LOAD_FACTOR + 0.5)` with `static const double LOAD_FACTOR =
   0.75`.  A floating value converted to an integer was unknown, so each
   insertion's `size >= upper_bound` went both ways, the join lost where
   the rehash put the buffers, the copy's target (asset 17) was unknown
   (1 question left unknown) and the WAW with the clear of the buffer it
   was registered with was missed.  Now the conversion is computed
   (floating.c): the WAW, silence with the barrier. */
START_TEST(a_load_factor_computed_through_a_double_is_known)
{
    check_one_finding_and_silent_twin("load_factor_table.c", VKS_RULE_HAZARD_WAW,
                                      "WRITE_AFTER_WRITE", 101, 96, 1);
    test_analysis *a = check_one("load_factor_table.c", false);
    ck_assert_uint_eq(a->stats.unknown_questions, 0);
    test_analysis_free(a);
}
END_TEST

/* realprog/foreach_macro_body.c: a loop macro that takes its body as an
   argument (klib's kh_foreach_value), the clears written inside it on the
   line below the macro's name.  A command was placed at its expansion
   location, the macro's name (line 33), where the compiler's __LINE__ and
   the validation layer place it on the line it is written on (34).  Now a
   Vulkan call is where it is written (fe_written_loc): the two WARs, one
   for each target, at line 34; silence with the barrier. */
START_TEST(a_command_in_a_macro_argument_is_where_it_is_written)
{
    test_analysis *a = check_one("foreach_macro_body.c", false);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_WAR), 2);
    for (size_t i = 0; i < a->findings.count; i++) {
        ck_assert_uint_eq(a->findings.items[i].loc.line, 34);
        ck_assert(has_earlier_access_note(&a->findings.items[i], 26));
    }
    check_complete(a, 1);
    test_analysis_free(a);
    check_twin_silent("foreach_macro_body.c", 1);
}
END_TEST

/* realprog/sorted_passes.c: passes queued with a sort key and ordered by
   qsort with the program's comparator before they are recorded.  qsort,
   a call the evaluator could not see into, made the array unknown: no
   copy named a buffer and the RAW between the first two passes in sorted
   order was missed, silently (0 questions).  Now the comparator is run on
   the elements and the array rewritten in its order: the RAW, silence
   with the barrier between passes. */
START_TEST(an_array_sorted_by_qsort_is_in_the_comparators_order)
{
    check_one_raw_and_silent_twin("sorted_passes.c", 42, 42, 1);
}
END_TEST

/* realprog/bsearch_lookup.c: buffers looked up by id in a sorted table
   with bsearch and the program's comparator.  bsearch's result was
   unknown (3 questions left unknown, the RAW missed); now the comparator
   is run against each element and the one equal to the key is the
   result: the RAW, silence with the barrier. */
START_TEST(a_table_searched_by_bsearch_gives_the_element_equal_to_the_key)
{
    check_one_raw_nothing_unknown_and_silent_twin("bsearch_lookup.c", 45, 37);
}
END_TEST

/* realprog/remove_from_list.c: a target dropped from an array at start-up
   by shifting the ones after it down with memmove, `memmove (&list[i],
   &list[i + 1], (count - i - 1) * sizeof *list)`.  The call was one the
   evaluator could not see into, so the array was unknown after it (and
   `&list[i]` pointed at the element alone, not into the array): the clear
   of the last remaining target named no buffer and its RAW with the copy
   of the same buffer, kept in `last` before the removal, was missed.  Now
   memcpy / memmove between objects of the path copy their elements
   (strings.c), an argument written `&a[i]` (no side effects) taken as
   `a + i`: the RAW, silence with the barrier. */
START_TEST(elements_shifted_by_memmove_keep_their_buffers)
{
    check_one_raw_and_silent_twin("remove_from_list.c", 37, 29, 1);
}
END_TEST

/* realprog/copied_state.c: a frame's state started as a memcpy of the
   previous frame's (from a const pointer), carrying its scratch buffer's
   handle.  memcpy made the state unknown, and the RAW between the clear
   of the copied scratch and the copy out of the same buffer was missed;
   now the object is copied: the RAW, silence with the barrier. */
START_TEST(a_struct_copied_by_memcpy_keeps_its_buffers)
{
    check_one_raw_and_silent_twin("copied_state.c", 43, 35, 1);
}
END_TEST

/* realprog/pass_names.c: a target name built in a buffer from a template,
   `char pass[] = "blur_h"; pass[5] = 'v';`, then found by strcmp.  The
   copy kept the literal's text whatever was written into it, so the clear
   went to "blur_h" and the copy's read of "blur_v" was missed (HEAD:
   silence).  Now the array's text is its string with the elements written
   since: the RAW, silence with the barrier. */
START_TEST(a_name_edited_in_its_buffer_is_the_edited_name)
{
    check_one_raw_and_silent_twin("pass_names.c", 43, 35, 1);
}
END_TEST

/* realprog/texture_unbind_chain.c: a material's unbound textures dropped
   through helpers five calls deep, each with its own tests, the last
   reference handed to a release callback that may record (the frame's
   command buffer is in what it is handed).  Each helper is run every way
   inside the one around it; the way that reaches the callback stops them
   all.  Each of them found that out again on its own - the innermost
   region ran as code inside the next one's ways, which met the callback
   again, ran as code inside the next, and so on - so the code up to the
   callback was run once per level and per level inside it: 36,048
   statements for 16 paths.  A region that fails so fails the one around
   it at once (summary.c, fails_with_the_enclosing): 6,120 statements, the
   same paths and findings. */
START_TEST(a_region_that_meets_an_effect_fails_the_ones_around_it_at_once)
{
    check_one_raw_and_silent_twin("texture_unbind_chain.c", 102, 90, 16);
    test_analysis *a = check_one("texture_unbind_chain.c", false);
    ck_assert_uint_eq(a->stats.paths_run, 16);
    ck_assert_uint_lt(a->stats.statements_run, 10000);
    test_analysis_free(a);
}
END_TEST

/* realprog/scene_checks_acquire.c: 255 scene checks that return on failure
   take each path past the 256-decision limit, the full refresh's one more
   check one decision sooner: its path reaches the limit at the last light
   check, the other at the acquire's result.  One finding each place
   before; one finding for the function now, the other place a related
   note (path_state.c, decisions_capped_at).  The RAW across it all is
   found, silent with the barrier. */
START_TEST(the_decision_limit_is_one_finding_per_function)
{
    for (int barrier = 0; barrier <= 1; barrier++) {
        test_analysis *a = check_one("scene_checks_acquire.c", barrier);
        ck_assert_uint_eq(a->stats.incomplete, 1);
        ck_assert_uint_eq(count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 1);
        ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), barrier ? 0 : 1);
        ck_assert_uint_eq(a->findings.count, barrier ? 1 : 2);
        ck_assert_uint_eq(a->stats.paths_explored, 2);
        for (size_t i = 0; i < a->findings.count; i++) {
            const vks_finding *f = &a->findings.items[i];
            if (f->rule != VKS_RULE_VKSYNC_INCOMPLETE)
                continue;
            ck_assert_uint_eq(f->loc.line, 50);
            ck_assert_uint_eq(f->note_count, 1);
            ck_assert_int_eq(f->notes[0].kind, VKS_NOTE_RELATED);
            ck_assert_uint_eq(f->notes[0].loc.line, 52);
        }
        test_analysis_free(a);
    }
}
END_TEST

/* realprog/resolve_target_tail.c: a frame recorder that makes a resolve
   target in `if (r->samples_changed) { ... }` just before it returns.
   The path into the branch is kept; the path past it, which runs nothing
   but the return, was replayed from the start to record nothing new and
   be dropped (Mesa's zink_create_surface: a third of its runs).  Going
   past such an `if` is skipped like an error check's leave once a path
   through it was kept (quiet_leave.c, fe_going_past_adds_nothing): one
   run, not two; the RAW, silent with the barrier. */
START_TEST(going_past_an_if_that_creates_before_a_quiet_end_is_not_run)
{
    check_one_raw_in_runs("resolve_target_tail.c", 30, 19, 1, 1);
}
END_TEST

/* realprog/frame_result_checks.c: a frame that checks each result against
   the codes its call may return (`err == VK_ERROR_OUT_OF_DATE_KHR`, then
   `err != VK_SUCCESS && err != VK_SUBOPTIMAL_KHR`, the present's result
   the same way).  Each such question - can the path's facts and this way
   hold together - went to Z3, some 2 ms each (Mesa's zink: 20,000 of
   them, 40% of its time).  Values that satisfy every fact are now looked
   for first (smt/paths.c, find_witness), and answers are kept by question
   (path_state.c): no question reaches Z3 here, and the paths, the RAW and
   the silent twin are what they were. */
START_TEST(result_checks_against_listed_codes_need_no_solver)
{
    check_one_raw_and_silent_twin("frame_result_checks.c", 47, 37, 1);
    for (int barrier = 0; barrier <= 1; barrier++) {
        test_analysis *a = check_one("frame_result_checks.c", barrier);
        ck_assert_uint_eq(a->stats.solver_queries, 0);
        test_analysis_free(a);
    }
}
END_TEST

/* realprog/worker_secondaries.c: worker threads started by pthread_create
   record a secondary command buffer each (their slice of the vertex
   buffer), and the main thread executes them and copies the whole buffer
   out.  The start routine was a root of its own, run with its argument
   unknown: the slices named no buffer and the RAW was missed (HEAD:
   silence).  Now it is run where the thread starts (threads.c), and each
   execution is the recording this path began on its handle: the three
   secondaries were all the first one, begun at the same line, a false
   write-after-write in the worker.  The worker ends with pthread_exit,
   which ended the creator's path where the thread was run (2 of 5
   recording calls reached); it is now the routine's return.  The RAW,
   silence with the barrier. */
START_TEST(a_worker_thread_records_the_secondary_its_creator_executes)
{
    check_one_raw_and_silent_twin("worker_secondaries.c", 71, 35, 1);
}
END_TEST

/* realprog/dirty_bits_flush.c: a Mesa-style tracker walks its mask of
   pending writes with `i = __builtin_ctz(mask); mask &= mask - 1;` to
   record a barrier per buffer, and the pass reads its mask's buffers with
   u_foreach_bit (__builtin_ffs).  Both builtins were calls the evaluator
   could not see into: every barrier and every read named an unknown
   buffer, 2 questions left unknown, the RAW on the buffer the inline
   update forgot to mark was missed.  They are computed on a known operand
   now (eval_expr.c bit_scan_call).  The RAW; silence when the update
   marks its bit. */
START_TEST(a_mask_walked_with_bit_scan_builtins_names_its_buffers)
{
    check_one_raw_nothing_unknown_and_silent_twin("dirty_bits_flush.c", 71, 42);
}
END_TEST

/* realprog/scene_graph_lazy.c: a scene graph drawn by a recursive
   draw_node() that makes each node's buffer on first use and returns -1
   up the recursion when vkCreateBuffer fails.  That failure is a way not
   taken, so the third activation (the arm) ended the path, as a recursion
   nothing ends does: the snapshot after the draw was never analysed (4 of
   5 recording calls reached, silence).  The recursion walks other nodes
   (draw_node (dev, cmd, locals, c, n) with c and n known and new), so it
   is followed (eval_expr.c recursion_ends_path, moves_on_from).  The RAW
   on the leaf that gets no barrier; silence with it. */
START_TEST(a_recursion_over_known_nodes_is_followed_past_a_failure_check)
{
    check_one_raw_and_silent_twin("scene_graph_lazy.c", 55, 40, 1);
}
END_TEST

/* realprog/protothread_upload.c: an upload written as a protothread
   (Dunkels' pt.h), stepped once a frame.  PT_YIELD puts `case __LINE__:`
   inside a `do { } while (0)`: a case label nested in a statement of the
   switch body (Duff's device).  Such a label was a statement the evaluator
   did not run - the first step ran on past the yield and recorded the
   read in the first frame - and the switch found no top-level case for
   the line it resumed at, so the next step recorded nothing.  Now a
   nested label is run as what it labels, and a switch goes to it as
   `goto` goes into a statement (eval_stmt.c exec_switch,
   enter_statement): the copy in the first frame, the read in the second,
   the RAW across the two submissions; silence with the read's barrier. */
START_TEST(a_protothread_resumes_at_the_case_label_inside_its_yield)
{
    check_one_raw_nothing_unknown_and_silent_twin("protothread_upload.c", 43, 34);
    /* the read is the second frame's only command (it was the first
       frame's second, and no second frame was recorded) */
    test_analysis *a = check_one("protothread_upload.c", false);
    const vks_cmdbuf *second = NULL;
    for (size_t i = 0; i < a->program->cmdbuf_count; i++)
        if (strcmp(a->program->cmdbufs[i].name, "frames[1]") == 0)
            second = &a->program->cmdbufs[i];
    ck_assert_ptr_nonnull(second);
    ck_assert_uint_eq(second->cmd_count, 1);
    ck_assert_uint_eq(second->cmds[0].loc.line, 43);
    test_analysis_free(a);
}
END_TEST

/* realprog/stepped_task_loop.c: `while (running) { ...; running =
   load_step (&task, cmd); if (vkQueueSubmit (...) != VK_SUCCESS) return
   1; }`.  The condition reads what it read at the last test and a branch
   was taken since, which is how a render loop that only an event ends is
   told (analysed for two iterations), so the third frame, which reads the
   level back, was never analysed (a silent miss).  A condition whose
   variables the body assigns in statements of its own is computed afresh
   every iteration (eval_stmt.c condition_recomputed): the loop runs until
   the task is done, the RAW in the third frame; silence with the
   barrier. */
START_TEST(a_loop_whose_body_recomputes_its_condition_runs_to_its_end)
{
    check_one_raw_nothing_unknown_and_silent_twin("stepped_task_loop.c", 32, 20);
}
END_TEST

/* realprog/staging_pool_reuse.c: a free-list pool hands out a copy of the
   handle it keeps in its array; the caller's copy is renamed after its
   variable (`made=>staging`), and pool_put's `p->items[i] == b` compared
   the two names undecided: the put's slot and every later get were
   unknown, 16 questions left unknown in tok_pool_recycle_war and its WAR
   missed.  One creation is one handle value (objects.c
   fe_same_creation): the WAR on the refilled staging buffer; silence with
   the barrier before the refill. */
START_TEST(a_handle_put_back_into_its_pool_is_found_there)
{
    check_one_finding_and_silent_twin("staging_pool_reuse.c", VKS_RULE_HAZARD_WAR,
                                      "WRITE_AFTER_READ", 54, 57, 1);
}
END_TEST

/* realprog/aligned_buffer_helper.c: a GStreamer-style helper checks the
   memory requirements it was given - `(alignment & (alignment - 1)) != 0`
   and `memoryTypeBits == 0` - and returns NULL, and the caller records a
   fallback clear instead.  Both checks were decisions on unknowns: four
   paths.  The specification guarantees both ("The alignment member is a
   power of two.", "The memoryTypeBits member always contains at least one
   bit set.", Resource Memory Association), so they are assumed after
   vkGetBufferMemoryRequirements (eval_expr.c memory_requirements_hold):
   two paths (vkCreateBuffer failing is still one), the RAW on the scratch
   buffer; silence with the barrier. */
START_TEST(memory_requirements_are_what_the_specification_guarantees)
{
    check_one_raw_and_silent_twin("aligned_buffer_helper.c", 70, 59, 2);
}
END_TEST

/* realprog/embedded_image_upload.c: an image compiled in as a byte array
   of 6,157 bytes (vkcube's lunarg.ppm.h is 196,623), its PPM header
   checked with strncmp, a loader asked for the size with no destination
   and then to load into the mapping.  Past 4,096 bytes the array was
   unknown, so every header check was a decision (vkcube-xcb split on
   three of them each time it rebuilt its swapchain), and so was the
   mapping's `dst == NULL`: two paths.  Now the array is read an element
   at a time from its initialiser (eval_expr.c fe_initialiser_element,
   strings.c compared_characters) and the pointer vkMapMemory returns is
   no null pointer (host.c): one path, the upload recorded, its RAW;
   silence with the barrier. */
START_TEST(an_embedded_image_header_is_read_from_its_initialiser)
{
    check_one_raw_nothing_unknown_and_silent_twin("embedded_image_upload.c", 108, 101);
}
END_TEST

/* realprog/system_schedule.c: systems run through a table of function
   pointers; in the buggy schedule the sync system runs first, finds
   nothing written and records no barrier on any path.  Its barrier was
   reported as "not analysed: no analysed function calls `sync_system`"
   (vksync-incomplete), the call graph having only direct calls: a
   function a kept run called through a pointer is now reached from its
   root (sites.c fe_sites_called_through_pointer), and a site no path took
   there is code these inputs never run.  The two RAWs, nothing
   incomplete; silence and every site reached with the right schedule. */
START_TEST(a_system_called_through_a_table_is_reached)
{
    test_analysis *a = check_one("system_schedule.c", false);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_HAZARD_RAW), 2);
    ck_assert_uint_eq(count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    ck_assert_uint_eq(a->findings.count, 2);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    test_analysis_free(a);
    check_twin_silent("system_schedule.c", 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("user-programs");
    TCase *tc = tcase_create("issue11");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, query_out_parameters_are_unknown_after_the_call);
    tcase_add_test(tc, paths_that_reach_a_device_wait_in_one_state_are_merged);
    tcase_add_test(tc, locals_never_read_again_do_not_keep_paths_apart);
    tcase_add_test(tc, setup_code_that_records_nothing_costs_no_paths);
    tcase_add_test(tc, helpers_of_an_included_header_are_part_of_the_program);
    tcase_add_test(tc, functions_recording_into_a_handed_command_buffer_are_analysed);
    tcase_add_test(tc, buffers_made_by_one_helper_are_different_buffers);
    tcase_add_test(tc, helper_made_buffers_are_named_by_where_they_are_kept);
    tcase_add_test(tc, buffers_made_in_a_loop_over_frames_are_different_buffers);
    tcase_add_test(tc, buffers_returned_by_a_constructor_are_their_variables_buffers);
    tcase_add_test(tc, a_zeroed_struct_and_an_option_loop_cost_no_paths);
    tcase_add_test(tc, a_render_loop_and_a_table_of_barrier_masks);
    tcase_add_test(tc, paths_with_other_commands_in_flight_stay_apart);
    tcase_add_test(tc, a_flag_a_helper_writes_through_a_pointer_is_read_back);
    tcase_add_test(tc, an_image_created_again_is_a_new_image);
    tcase_add_test(tc, a_draw_that_calls_itself_after_a_rebuild_is_unrolled_once);
    tcase_add_test(tc, an_element_at_an_unknown_index_and_an_event_switch);
    tcase_add_test(tc, a_flag_from_a_config_library_is_one_decision);
    tcase_add_test(tc, atomics_and_foreach_macros_end_like_loops_on_unknowns);
    tcase_add_test(tc, a_root_that_begins_one_command_buffer_records_into_a_handed_one);
    tcase_add_test(tc, error_returns_that_record_nothing_more_are_no_paths_of_their_own);
    tcase_add_test(tc, a_render_pass_does_not_split_the_search_for_its_format);
    tcase_add_test(tc, a_library_call_handed_no_device_cannot_submit);
    tcase_add_test(tc, error_checks_and_a_trailing_wait_are_no_paths);
    tcase_add_test(tc, handles_destroyed_before_a_merge_do_not_keep_paths_apart);
    tcase_add_test(tc, paths_in_the_state_of_one_that_went_on_by_itself_end_there);
    tcase_add_test(tc, a_goto_retry_after_a_fallback_choice_ends);
    tcase_add_test(tc, failing_ways_of_error_checks_that_add_nothing_are_not_run);
    tcase_add_test(tc, precondition_checks_error_formatting_and_a_reacquire_loop_cost_no_runs);
    tcase_add_test(tc, a_rebuilding_render_loop_reaches_its_waits_in_states_seen_before);
    tcase_add_test(tc, a_query_copy_writes_each_query_not_its_stride);
    tcase_add_test(tc, an_event_pump_handed_an_opaque_connection_is_no_wait);
    tcase_add_test(tc, a_fence_wait_orders_only_the_submission_that_signals_it);
    tcase_add_test(tc, a_callback_that_reaches_no_device_is_no_wait);
    tcase_add_test(tc, a_join_of_many_ways_read_by_a_command_is_not_split);
    tcase_add_test(tc, a_fence_wait_for_an_older_frame_does_not_order_the_last_one);
    tcase_add_test(tc, buffers_behind_a_returned_pointer_are_named_by_their_variable);
    tcase_add_test(tc, library_calls_on_unnamed_values_record_nothing_into_an_unnamed_command_buffer);
    tcase_add_test(tc, a_failure_passed_up_to_an_error_label_is_not_run);
    tcase_add_test(tc, a_created_fence_is_no_submission_for_the_quiet_error_rules);
    tcase_add_test(tc, a_cache_that_creates_what_it_does_not_find_is_one_path);
    tcase_add_test(tc, a_cache_that_returns_what_it_found_is_one_path);
    tcase_add_test(tc, a_cache_whose_making_may_wait_after_a_submission_is_one_path);
    tcase_add_test(tc, a_search_loop_over_a_table_is_run_as_one);
    tcase_add_test(tc, a_loop_condition_known_only_by_a_way_taken_in_it_runs_twice);
    tcase_add_test(tc, a_step_called_through_a_constant_pointer_is_run);
    tcase_add_test(tc, a_recipe_parsed_with_strtok_records_its_steps);
    tcase_add_test(tc, a_value_held_by_a_caller_keeps_paths_apart);
    tcase_add_test(tc, a_pass_called_through_its_callback_pointer_is_run);
    tcase_add_test(tc, a_cache_known_empty_counts_what_its_making_may_wait_for);
    tcase_add_test(tc, a_cache_that_returns_what_it_found_after_a_submission_is_one_path);
    tcase_add_test(tc, a_render_pass_made_at_set_up_is_read_on_every_path);
    tcase_add_test(tc, a_table_a_numeric_helper_computes_costs_nothing);
    tcase_add_test(tc, a_numeric_helper_writing_mapped_memory_is_run);
    tcase_add_test(tc, a_grid_filled_in_nested_loops_is_analysed);
    tcase_add_test(tc, a_host_fill_loop_before_any_submission_ends_at_the_limit);
    tcase_add_test(tc, a_host_fill_loop_while_work_is_in_flight_keeps_its_limit);
    tcase_add_test(tc, an_error_code_tested_where_it_is_assigned_keeps_what_its_way_set);
    tcase_add_test(tc, a_logger_handed_the_device_is_no_wait);
    tcase_add_test(tc, a_cache_test_before_a_creation_is_a_decision);
    tcase_add_test(tc, objects_made_again_by_other_helpers_are_one_state_up_to_their_names);
    tcase_add_test(tc, a_recording_eleven_helpers_deep_is_followed);
    tcase_add_test(tc, a_wait_for_the_acquire_fence_orders_no_queue_work);
    tcase_add_test(tc, a_method_that_finds_its_object_with_containing_record_is_analysed);
    tcase_add_test(tc, a_method_of_an_embedded_interface_finds_its_object);
    tcase_add_test(tc, a_submission_that_failed_runs_nothing);
    tcase_add_test(tc, an_error_way_that_logs_and_unrefs_through_a_base_type_is_not_run);
    tcase_add_test(tc, main_starts_with_every_global_at_its_initial_value);
    tcase_add_test(tc, a_callback_that_only_compares_waits_for_nothing);
    tcase_add_test(tc, an_object_made_on_first_use_by_a_helper_is_one_path);
    tcase_add_test(tc, a_handle_an_unmodelled_call_writes_into_an_initialised_struct_is_named);
    tcase_add_test(tc, a_sampler_and_a_pool_made_on_first_use_are_caches);
    tcase_add_test(tc, descriptor_updates_no_shader_reads_cost_no_paths);
    tcase_add_test(tc, a_goto_to_a_label_in_a_loop_body_is_followed);
    tcase_add_test(tc, a_pointer_walked_list_and_generic_lookups_are_followed);
    tcase_add_test(tc, targets_found_by_name_are_the_named_ones);
    tcase_add_test(tc, an_embedded_shader_and_a_helper_after_or_are_followed);
    tcase_add_test(tc, steps_chained_with_and_are_run);
    tcase_add_test(tc, only_one_operand_of_a_conditional_runs);
    tcase_add_test(tc, a_function_scope_static_keeps_its_value_between_calls);
    tcase_add_test(tc, a_begun_command_buffer_returned_by_a_helper_is_recorded_on);
    tcase_add_test(tc, a_long_fill_through_an_accessor_ends_at_the_limit);
    tcase_add_test(tc, a_dynamic_array_and_a_handle_compared_with_itself_are_decided);
    tcase_add_test(tc, a_list_of_calloced_passes_ends_at_its_last_node);
    tcase_add_test(tc, variadic_arguments_are_read_in_turn_with_va_arg);
    tcase_add_test(tc, the_members_of_a_union_share_their_bytes);
    tcase_add_test(tc, a_callback_handed_its_user_data_as_void_pointer_is_run);
    tcase_add_test(tc, two_buffers_created_apart_are_unequal_handles);
    tcase_add_test(tc, a_range_returned_by_value_keeps_the_heaps_buffer);
    tcase_add_test(tc, dynamic_offsets_place_a_dispatchs_ranges);
    tcase_add_test(tc, an_object_memcpyd_through_a_byte_batch_keeps_its_value);
    tcase_add_test(tc, a_cleanup_attribute_runs_its_function_as_the_block_ends);
    tcase_add_test(tc, conditional_rendering_reads_its_predicate_and_dynamic_state_is_no_barrier);
    tcase_add_test(tc, gnu_statement_expressions_case_ranges_and_range_designators_are_followed);
    tcase_add_test(tc, a_forgotten_handle_is_not_the_last_of_a_loops_objects);
    tcase_add_test(tc, buffers_bound_to_one_memory_are_one_address_space);
    tcase_add_test(tc, an_intrusive_list_walk_reaches_every_entry);
    tcase_add_test(tc, a_list_head_initialised_with_its_own_address);
    tcase_add_test(tc, a_scanned_description_is_read_as_the_library_reads_it);
    tcase_add_test(tc, a_mip_count_computed_with_log2_is_known);
    tcase_add_test(tc, a_load_factor_computed_through_a_double_is_known);
    tcase_add_test(tc, a_command_in_a_macro_argument_is_where_it_is_written);
    tcase_add_test(tc, an_array_sorted_by_qsort_is_in_the_comparators_order);
    tcase_add_test(tc, a_table_searched_by_bsearch_gives_the_element_equal_to_the_key);
    tcase_add_test(tc, elements_shifted_by_memmove_keep_their_buffers);
    tcase_add_test(tc, a_struct_copied_by_memcpy_keeps_its_buffers);
    tcase_add_test(tc, a_name_edited_in_its_buffer_is_the_edited_name);
    tcase_add_test(tc, a_region_that_meets_an_effect_fails_the_ones_around_it_at_once);
    tcase_add_test(tc, the_decision_limit_is_one_finding_per_function);
    tcase_add_test(tc, going_past_an_if_that_creates_before_a_quiet_end_is_not_run);
    tcase_add_test(tc, result_checks_against_listed_codes_need_no_solver);
    tcase_add_test(tc, a_worker_thread_records_the_secondary_its_creator_executes);
    tcase_add_test(tc, a_mask_walked_with_bit_scan_builtins_names_its_buffers);
    tcase_add_test(tc, a_recursion_over_known_nodes_is_followed_past_a_failure_check);
    tcase_add_test(tc, a_protothread_resumes_at_the_case_label_inside_its_yield);
    tcase_add_test(tc, a_loop_whose_body_recomputes_its_condition_runs_to_its_end);
    tcase_add_test(tc, a_handle_put_back_into_its_pool_is_found_there);
    tcase_add_test(tc, a_system_called_through_a_table_is_reached);
    tcase_add_test(tc, an_embedded_image_header_is_read_from_its_initialiser);
    tcase_add_test(tc, memory_requirements_are_what_the_specification_guarantees);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
