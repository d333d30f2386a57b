/*
 * test_unreached.c - no silent zero (issue 11, cause 4): every vkCmd*,
 * vkQueueSubmit* and vkBeginCommandBuffer call site of the inputs is either
 * reached by an analysed path or reported as not reached, with the reason.
 * The programs are written as a user writes one: an init that checks the
 * environment and exits, a main that stops before rendering, a draw helper
 * nobody calls, a header of inline helpers.
 */
#include <string.h>

#include "util.h"
#include "vksync/engine.h"

static test_analysis *analyse(const char *source)
{
    return test_analyse_source("app.c", source);
}

static const vks_finding *first_of(const test_analysis *a, vks_rule rule)
{
    for (size_t i = 0; i < a->findings.count; i++)
        if (a->findings.items[i].rule == rule)
            return &a->findings.items[i];
    return NULL;
}

static size_t related_notes(const vks_finding *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->note_count; i++)
        n += f->notes[i].kind == VKS_NOTE_RELATED;
    return n;
}

/* Every one of the program's `sites` recording calls reached by an
   analysed path, no limit reached, and no finding. */
static void assert_every_site_analysed(const test_analysis *a, size_t sites)
{
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->stats.recording_calls, sites);
    ck_assert_uint_eq(a->stats.recording_calls_reached, sites);
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    ck_assert_uint_ge(a->stats.paths_explored, 1);
    ck_assert_uint_eq(a->findings.count, 0);
}

#define APP_TYPES                                                          \
    "#include <stdio.h>\n"                                                 \
    "#include <stdlib.h>\n"                                                \
    "#include <vulkan/vulkan.h>\n"                                         \
    "typedef struct {\n"                                                   \
    "    VkCommandBuffer cmd;\n"                                           \
    "    VkQueue queue;\n"                                                 \
    "    VkBuffer staging, vertices;\n"                                    \
    "} App;\n"                                                             /* 8 */

#define RECORD_UPLOAD                                                      \
    "static void record_upload(App *app)\n"                                \
    "{\n"                                                                  \
    "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n" \
    "    vkBeginCommandBuffer(app->cmd, &bi);\n"                           \
    "    vkCmdFillBuffer(app->cmd, app->staging, 0, 4096, 0);\n"           \
    "    VkBufferCopy region = {.size = 4096};\n"                          \
    "    vkCmdCopyBuffer(app->cmd, app->staging, app->vertices, 1, &region);\n" \
    "    vkEndCommandBuffer(app->cmd);\n"                                  \
    "}\n"

/* An init that refuses to run without an environment variable: the exit
   branch is no path, the recording after it is reached and its hazard
   reported; nothing is left unreached. */
START_TEST(recording_after_an_environment_check_is_reached)
{
    test_analysis *a = analyse(
        APP_TYPES
        "static void init(App *app)\n"
        "{\n"
        "    if (getenv(\"APP_DISABLE_GPU\")) {\n"
        "        fprintf(stderr, \"GPU disabled\\n\");\n"
        "        exit(1);\n"
        "    }\n"
        "}\n"
        RECORD_UPLOAD
        "void run(App *app)\n"
        "{\n"
        "    init(app);\n"
        "    record_upload(app);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    ck_assert_uint_eq(a->stats.recording_calls, 3);
    ck_assert_uint_eq(a->stats.recording_calls_reached, 3);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    test_analysis_free(a);
}
END_TEST

/* main stops before it renders (work in progress): every path ends at the
   exit(), so nothing is recorded - and the run says so, at the first
   recording call, naming the exit, instead of "0 paths explored" and
   exit status 0. */
START_TEST(recording_after_an_unconditional_exit_is_reported)
{
    test_analysis *a = analyse(
        APP_TYPES
        RECORD_UPLOAD                                    /* begin: line 12 */
        "int main(void)\n"
        "{\n"
        "    App app = {0};\n"
        "    fprintf(stderr, \"rendering is not implemented yet\\n\");\n"
        "    exit(1);\n"                                 /* 22 */
        "    record_upload(&app);\n"
        "    return 0;\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->stats.paths_explored, 0);
    ck_assert_uint_eq(a->stats.recording_calls, 3);
    ck_assert_uint_eq(a->stats.recording_calls_reached, 0);
    /* One finding for the function, not one per call. */
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 1);
    const vks_finding *f = first_of(a, VKS_RULE_VKSYNC_INCOMPLETE);
    ck_assert_uint_eq(f->loc.line, 12);
    ck_assert_msg(strstr(f->message, "vkBeginCommandBuffer and 2 more recording "
                                     "calls in `record_upload` are not analysed") &&
                      strstr(f->message, "ends the program") &&
                      strstr(f->message, "app.c:22:5"),
                  "%s", f->message);
    /* The other two sites are related locations. */
    ck_assert_uint_eq(related_notes(f), 2);
    ck_assert_uint_eq(f->notes[0].loc.line, 13);
    ck_assert_uint_eq(f->notes[1].loc.line, 15);
    test_analysis_free(a);
}
END_TEST

/* A present helper called from a loop function that records nothing
   itself and that nothing in the inputs calls (a renderer's public
   `main_loop`): the loop is a root of its own, so the submission is
   analysed there.  What it submits was recorded elsewhere: an unknown
   command, which no check concludes anything on.  (It was reported as "no analysed
   function calls `present`"; a `flush` that nothing called at all was
   neither analysed nor reported: 0 paths, exit 0.) */
START_TEST(a_submission_nothing_calls_is_analysed_on_its_own)
{
    test_analysis *a = analyse(
        APP_TYPES
        "void present(App *app)\n"
        "{\n"
        "    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,\n"
        "                           .commandBufferCount = 1, .pCommandBuffers = &app->cmd};\n"
        "    vkQueueSubmit(app->queue, 1, &submit, VK_NULL_HANDLE);\n"   /* 13 */
        "}\n"
        "void main_loop(App *app, int frames)\n"
        "{\n"
        "    for (int i = 0; i < frames; i++)\n"
        "        present(app);\n"
        "}\n");
    assert_every_site_analysed(a, 1);
    test_analysis_free(a);
}
END_TEST

/* The same for a function that only ends and submits a command buffer
   recorded elsewhere and waits for it, which nothing calls. */
START_TEST(a_flush_nothing_calls_is_analysed_on_its_own)
{
    test_analysis *a = analyse(
        APP_TYPES
        "int flush(App *app, VkDevice device, VkFence done)\n"
        "{\n"
        "    if (vkEndCommandBuffer(app->cmd) != VK_SUCCESS)\n"
        "        return -1;\n"
        "    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,\n"
        "                           .commandBufferCount = 1, .pCommandBuffers = &app->cmd};\n"
        "    if (vkQueueSubmit(app->queue, 1, &submit, done) != VK_SUCCESS)\n" /* 15 */
        "        return -1;\n"
        "    return vkWaitForFences(device, 1, &done, VK_TRUE, UINT64_MAX) == VK_SUCCESS ? 0 : -1;\n"
        "}\n");
    assert_every_site_analysed(a, 1);
    test_analysis_free(a);
}
END_TEST

/* One definition in two inputs: the second includes the first under
   another spelling of its path (FFmpeg's libavfilter/vulkan.c includes
   libavutil/vulkan.c).  The copy in the second translation unit never
   runs (the first is the program's); its calls were counted as two more
   sites, never reached and never reported: 2/4, exit 0. */
START_TEST(a_definition_two_inputs_hold_is_counted_once)
{
    test_write_file("paint.c",
                    "#include <vulkan/vulkan.h>\n"
                    "void paint_quad(VkCommandBuffer cb, VkPipeline pipe)\n"
                    "{\n"
                    "    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);\n"
                    "    vkCmdDraw(cb, 4, 1, 0, 0);\n"
                    "}\n");
    test_write_file("filters.c", "#include \"./paint.c\"\n");
    const char *names[] = {"paint.c", "filters.c"};
    test_analysis *a = test_analyse(names, 2);
    assert_every_site_analysed(a, 2);
    test_analysis_free(a);
}
END_TEST

/* A helper's optional barrier that this program never asks for (a known
   0 argument): code these inputs never run.  Counted, not reported. */
START_TEST(code_a_known_value_never_runs_is_counted_not_reported)
{
    test_analysis *a = analyse(
        APP_TYPES
        "static void upload(App *app, int with_barrier)\n"
        "{\n"
        "    vkCmdFillBuffer(app->cmd, app->staging, 0, 4096, 0);\n"
        "    if (with_barrier) {\n"
        "        VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};\n"
        "        vkCmdPipelineBarrier(app->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
        "                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);\n"
        "    }\n"
        "}\n"
        "void record(App *app)\n"
        "{\n"
        "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
        "    vkBeginCommandBuffer(app->cmd, &bi);\n"
        "    upload(app, 0);\n"
        "    vkEndCommandBuffer(app->cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->stats.recording_calls, 3);
    ck_assert_uint_eq(a->stats.recording_calls_reached, 2);
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    test_analysis_free(a);
}
END_TEST

/* A project header's inline recording helper (never named on the command
   line) is part of the inputs: its call site is counted, and it is either
   reached or reported - never left out of the count. */
START_TEST(a_header_helpers_sites_are_accounted_for)
{
    static const char *const names[] = {"app.c"};
    test_write_file("gpu.h",
        "#include <vulkan/vulkan.h>\n"
        "static inline void upload(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst)\n"
        "{\n"
        "    VkBufferCopy region = {.size = 256};\n"
        "    vkCmdCopyBuffer(cmd, src, dst, 1, &region);\n"            /* 5 */
        "}\n");
    test_write_file("app.c",
        "#include \"gpu.h\"\n"
        "void frame(VkCommandBuffer cmd, VkBuffer staging, VkBuffer mesh)\n"
        "{\n"
        "    VkCommandBufferBeginInfo bi = {0};\n"
        "    vkBeginCommandBuffer(cmd, &bi);\n"
        "    vkCmdFillBuffer(cmd, staging, 0, 256, 0);\n"
        "    upload(cmd, staging, mesh);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->stats.recording_calls, 3);
    if (a->stats.recording_calls_reached < 3) {
        const vks_finding *f = first_of(a, VKS_RULE_VKSYNC_INCOMPLETE);
        ck_assert_ptr_nonnull(f);
        ck_assert_uint_eq(f->loc.line, 5);
        ck_assert_ptr_nonnull(strstr(f->loc.file, "gpu.h"));
        ck_assert_msg(strstr(f->message, "vkCmdCopyBuffer is not analysed"), "%s",
                      f->message);
    }
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("unreached");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, recording_after_an_environment_check_is_reached);
    tcase_add_test(tc, recording_after_an_unconditional_exit_is_reported);
    tcase_add_test(tc, a_submission_nothing_calls_is_analysed_on_its_own);
    tcase_add_test(tc, a_flush_nothing_calls_is_analysed_on_its_own);
    tcase_add_test(tc, a_definition_two_inputs_hold_is_counted_once);
    tcase_add_test(tc, code_a_known_value_never_runs_is_counted_not_reported);
    tcase_add_test(tc, a_header_helpers_sites_are_accounted_for);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
