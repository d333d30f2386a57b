/*
 * test_submit.c - queue submissions (analyzer/submit.c): the command
 * buffers one path submits to a queue are checked as one stream in
 * submission order ("Implicit Synchronization Guarantees"); semaphore waits
 * order by their stage mask; wait-idles order everything, a fence wait the
 * submissions up to the one that signals its fence.
 */
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "vksync/engine.h"

/* Line 13 fills in `a`, line 20 copies from `staging` in `b`; BETWEEN goes
   between the two submissions (line 28), WAIT_STAGE is the second batch's
   semaphore wait stage (0: no wait). */
static const char *const source_template =
    "#include <vulkan/vulkan.h>\n"
    "static const VkPipelineStageFlags wait_stage = %s;\n"             /* 2 */
    "void run(VkQueue q, VkCommandBuffer a, VkCommandBuffer b,\n"
    "         VkBuffer staging, VkBuffer dst, VkSemaphore sem, VkFence f)\n"
    "{\n"
    "    VkCommandBufferBeginInfo bi = {\n"
    "        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
    "    VkBufferCopy r = {.size = 64};\n"
    "    VkSubmitInfo s1 = {.commandBufferCount = 1, .pCommandBuffers = &a};\n"
    "    VkSubmitInfo s2 = {.commandBufferCount = 1, .pCommandBuffers = &b,\n"
    "        .waitSemaphoreCount = wait_stage ? 1 : 0,\n"
    "        .pWaitSemaphores = &sem, .pWaitDstStageMask = &wait_stage};\n"
    "    vkBeginCommandBuffer(a, &bi);\n"                                 /* 13 */
    "    vkCmdFillBuffer(a, staging, 0, 64, 0);\n"                        /* 14 */
    "    vkEndCommandBuffer(a);\n"
    "    vkBeginCommandBuffer(b, &bi);\n"
    "    vkCmdCopyBuffer(b, staging, dst, 1, &r);\n"                      /* 17 */
    "    vkEndCommandBuffer(b);\n"
    "    vkQueueSubmit(q, 1, &s1, VK_NULL_HANDLE);\n"                     /* 19 */
    "    %s\n"                                                            /* 20 */
    "    vkQueueSubmit(q, 1, &s2, f);\n"                                  /* 21 */
    "}\n";

static test_analysis *analyse_with(const char *wait_stage, const char *between)
{
    static char source[4096];
    snprintf(source, sizeof source, source_template, wait_stage, between);
    static const char *const names[] = {"submit.c"};
    test_write_file("submit.c", source);
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    return a;
}

START_TEST(two_submissions_without_synchronization_race)
{
    test_analysis *a = analyse_with("0", "");
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
    ck_assert_str_eq(f->hazard, "READ_AFTER_WRITE");
    ck_assert_uint_eq(f->loc.line, 17);
    ck_assert_int_eq(f->notes[0].kind, VKS_NOTE_EARLIER_ACCESS);
    ck_assert_uint_eq(f->notes[0].loc.line, 14);
    test_analysis_free(a);
}
END_TEST

START_TEST(semaphore_wait_at_the_copy_stage_orders_them)
{
    test_analysis *a = analyse_with("VK_PIPELINE_STAGE_TRANSFER_BIT", "");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_gt(a->stats.pairs_proved_ordered, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(semaphore_wait_at_another_stage_does_not)
{
    test_analysis *a = analyse_with("VK_PIPELINE_STAGE_VERTEX_SHADER_BIT", "");
    ck_assert_uint_eq(a->findings.count, 1);
    ck_assert_int_eq(a->findings.items[0].rule, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(a->findings.items[0].loc.line, 17);
    test_analysis_free(a);
}
END_TEST

START_TEST(host_waits_order_everything)
{
    const char *waits[] = {"vkQueueWaitIdle(q);", "vkDeviceWaitIdle(0);",
                           "vkWaitForFences(0, 1, &f, VK_TRUE, ~0ull);"};
    for (size_t i = 0; i < 3; i++) {
        test_analysis *a = analyse_with("0", waits[i]);
        ck_assert_msg(a->findings.count == 0, "%s", waits[i]);
        test_analysis_free(a);
    }
}
END_TEST

START_TEST(a_submission_alone_keeps_its_in_buffer_checks_once)
{
    /* Each recording is checked once, in the stream: the program has the
       two recordings marked in_queue_stream and one stream. */
    test_analysis *a = analyse_with("0", "");
    size_t streams = 0, submitted = 0;
    for (size_t i = 0; i < a->program->cmdbuf_count; i++) {
        if (a->program->cmdbufs[i].in_queue_stream)
            submitted++;
        else
            streams++;
    }
    ck_assert_uint_eq(submitted, 2);
    ck_assert_uint_eq(streams, 1);
    test_analysis_free(a);
}
END_TEST

/* Fences: `a` fills src and signals fa, `b` fills dst and signals fb
   (both on q), then WAIT (line 23), then `c` copies src to dst (line
   19): the copy's write of dst races b's fill (line 16) unless the wait
   covers b's submission. */
static const char *const fence_template =
    "#include <vulkan/vulkan.h>\n"
    "void run(VkDevice d, VkQueue q, VkCommandBuffer a, VkCommandBuffer b,\n"
    "         VkCommandBuffer c, VkBuffer src, VkBuffer dst, VkFence fa, VkFence fb)\n"
    "{\n"
    "    VkCommandBufferBeginInfo bi = {\n"
    "        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
    "    VkBufferCopy r = {.size = 64};\n"
    "    VkFence both[2] = {fa, fb};\n"
    "    VkSubmitInfo sa = {.commandBufferCount = 1, .pCommandBuffers = &a};\n"
    "    VkSubmitInfo sb = {.commandBufferCount = 1, .pCommandBuffers = &b};\n"
    "    VkSubmitInfo sc = {.commandBufferCount = 1, .pCommandBuffers = &c};\n"
    "    vkBeginCommandBuffer(a, &bi);\n"
    "    vkCmdFillBuffer(a, src, 0, 64, 1);\n"                            /* 13 */
    "    vkEndCommandBuffer(a);\n"
    "    vkBeginCommandBuffer(b, &bi);\n"
    "    vkCmdFillBuffer(b, dst, 0, 64, 2);\n"                            /* 16 */
    "    vkEndCommandBuffer(b);\n"
    "    vkBeginCommandBuffer(c, &bi);\n"
    "    vkCmdCopyBuffer(c, src, dst, 1, &r);\n"                          /* 19 */
    "    vkEndCommandBuffer(c);\n"
    "    vkQueueSubmit(q, 1, &sa, fa);\n"
    "    vkQueueSubmit(q, 1, &sb, fb);\n"
    "    %s\n"                                                            /* 23 */
    "    vkQueueSubmit(q, 1, &sc, VK_NULL_HANDLE);\n"
    "    (void)both;\n"
    "}\n";

static test_analysis *analyse_fence_wait(const char *wait)
{
    static char source[4096];
    snprintf(source, sizeof source, fence_template, wait);
    static const char *const names[] = {"fences.c"};
    test_write_file("fences.c", source);
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    return a;
}

/* "Fence signal operations that are defined by vkQueueSubmit additionally
   include in the first synchronization scope all commands that occur
   earlier in submission order" ("Fences"): waiting for fa completes a's
   submission, not b's, submitted after it.  Waiting for either of fa and
   fb (waitAll VK_FALSE) may return when fa is signalled: the same. */
static void check_copy_races_b(const char *wait)
{
    test_analysis *a = analyse_fence_wait(wait);
    ck_assert_msg(a->findings.count == 1, "%s: %zu findings", wait, a->findings.count);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_WAW);
    ck_assert_uint_eq(f->loc.line, 19);
    ck_assert_int_eq(f->notes[0].kind, VKS_NOTE_EARLIER_ACCESS);
    ck_assert_uint_eq(f->notes[0].loc.line, 16);
    bool names_wait = false;
    for (size_t i = 0; i < f->note_count; i++)
        names_wait |= f->notes[i].kind == VKS_NOTE_SYNC && f->notes[i].loc.line == 23 &&
                      strstr(f->notes[i].message, "does not wait for the write") != NULL;
    ck_assert(names_wait);
    test_analysis_free(a);
}

START_TEST(a_fence_wait_does_not_order_later_submissions)
{
    check_copy_races_b("vkWaitForFences(d, 1, &fa, VK_TRUE, ~0ull);");
    check_copy_races_b("vkWaitForFences(d, 2, both, VK_FALSE, ~0ull);");
}
END_TEST

/* fb's submission comes after a's: waiting for it, or for both, orders
   the copy after both fills. */
START_TEST(a_fence_wait_orders_its_submission_and_earlier_ones)
{
    const char *waits[] = {"vkWaitForFences(d, 1, &fb, VK_TRUE, ~0ull);",
                           "vkWaitForFences(d, 2, both, VK_TRUE, ~0ull);"};
    for (size_t i = 0; i < 2; i++) {
        test_analysis *a = analyse_fence_wait(waits[i]);
        ck_assert_msg(a->findings.count == 0, "%s", waits[i]);
        ck_assert_uint_gt(a->stats.pairs_proved_ordered, 0);
        test_analysis_free(a);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("submit");
    TCase *tc = tcase_create("submit");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, two_submissions_without_synchronization_race);
    tcase_add_test(tc, semaphore_wait_at_the_copy_stage_orders_them);
    tcase_add_test(tc, semaphore_wait_at_another_stage_does_not);
    tcase_add_test(tc, host_waits_order_everything);
    tcase_add_test(tc, a_submission_alone_keeps_its_in_buffer_checks_once);
    tcase_add_test(tc, a_fence_wait_does_not_order_later_submissions);
    tcase_add_test(tc, a_fence_wait_orders_its_submission_and_earlier_ones);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
