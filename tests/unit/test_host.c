/*
 * test_host.c - host accesses of mapped memory (analyzer/host.c,
 * engine/host_hazards.c): host-access-before-wait and host-read-not-visible,
 * their lines, related locations and hazard names, and silence when the host
 * access is ordered (or cannot be resolved).
 */
#include <stdio.h>

#include "util.h"
#include "vksync/engine.h"

/* A copy from `src` to `dst` (line 16), optionally followed by a barrier to
   HOST / HOST_READ (line 17, BARRIER), submitted at line 19.  `dst` is
   bound at offset 256 of `memory`, `src` at 0; the mapping starts at MAP
   (line 8).  BEFORE (line 20) and AFTER (line 22) run around the wait
   (line 21, WAIT). */
static const char *const source_template =
    "#include <string.h>\n"
    "#include <vulkan/vulkan.h>\n"
    "typedef struct { uint32_t head; uint32_t data[15]; } Block;\n"
    "void run(VkDevice d, VkQueue q, VkCommandBuffer cb, VkBuffer src, VkBuffer dst,\n"
    "         VkDeviceMemory memory, VkFence f, unsigned k, void *unknown)\n"
    "{\n"
    "    vkBindBufferMemory(d, src, memory, 0); vkBindBufferMemory(d, dst, memory, 256);\n"
    "    uint8_t *p; vkMapMemory(d, memory, %s, VK_WHOLE_SIZE, 0, (void **)&p);\n" /* 8 */
    "    Block *b = (Block *)(p + 256); (void)b; (void)k; (void)unknown;\n"
    "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
    "    VkBufferCopy r = {.srcOffset = 0, .dstOffset = 0, .size = 64};\n"
    "    VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,\n"
    "        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT, .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
    "        .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT, .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};\n"
    "    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1, .pMemoryBarriers = &mb};\n"
    "    vkBeginCommandBuffer(cb, &bi); vkCmdCopyBuffer(cb, src, dst, 1, &r);\n" /* 16 */
    "    %s\n"                                                                    /* 17 */
    "    vkEndCommandBuffer(cb); VkSubmitInfo s = {.commandBufferCount = 1, .pCommandBuffers = &cb};\n"
    "    vkQueueSubmit(q, 1, &s, f);\n"                                           /* 19 */
    "    %s\n"                                                                    /* 20 */
    "    %s\n"                                                                    /* 21 */
    "    %s\n"                                                                    /* 22 */
    "}\n";

#define WAIT "vkWaitForFences(d, 1, &f, VK_TRUE, UINT64_MAX);"
#define BARRIER "vkCmdPipelineBarrier2(cb, &di);"

static test_analysis *analyse(const char *map_offset, const char *barrier,
                              const char *before, const char *wait, const char *after)
{
    static char source[8192];
    snprintf(source, sizeof source, source_template, map_offset, barrier, before,
             wait, after);
    static const char *const names[] = {"host.c"};
    test_write_file("host.c", source);
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    return a;
}

static void assert_one(const test_analysis *a, vks_rule rule, const char *hazard,
                       unsigned line, unsigned device_line)
{
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, rule);
    ck_assert_str_eq(f->hazard, hazard);
    ck_assert_uint_eq(f->loc.line, line);
    ck_assert_uint_ge(f->note_count, 2);
    ck_assert_int_eq(f->notes[0].kind, VKS_NOTE_EARLIER_ACCESS);
    ck_assert_uint_eq(f->notes[0].loc.line, device_line);
    ck_assert_int_eq(f->notes[1].kind, VKS_NOTE_SYNC);
    ck_assert_uint_eq(f->notes[1].loc.line, 19); /* the vkQueueSubmit */
}

START_TEST(host_read_before_the_wait_races_the_copy)
{
    test_analysis *a = analyse("0", BARRIER, "uint32_t x = b->head; (void)x;", WAIT, "");
    assert_one(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT, "HOST_READ_AFTER_WRITE", 20, 16);
    test_analysis_free(a);
}
END_TEST

START_TEST(host_write_before_the_wait_races_the_copy_read)
{
    test_analysis *a = analyse("0", "", "p[8] = 1;", WAIT, "");
    assert_one(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT, "HOST_WRITE_AFTER_READ", 20, 16);
    test_analysis_free(a);
}
END_TEST

START_TEST(memcpy_into_the_copy_destination_races_its_write)
{
    test_analysis *a = analyse("0", "", "memcpy(b, unknown, 16);", WAIT, "");
    assert_one(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT, "HOST_WRITE_AFTER_WRITE", 20, 16);
    test_analysis_free(a);
}
END_TEST

START_TEST(host_read_after_the_wait_without_a_host_barrier_is_not_visible)
{
    test_analysis *a = analyse("0", "", "", WAIT, "uint32_t x = b->data[3]; (void)x;");
    assert_one(a, VKS_RULE_HOST_READ_NOT_VISIBLE, "HOST_READ_AFTER_WRITE", 22, 16);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_uint_eq(f->note_count, 3);
    ck_assert_int_eq(f->notes[2].kind, VKS_NOTE_SYNC);
    ck_assert_uint_eq(f->notes[2].loc.line, 21); /* the wait */
    test_analysis_free(a);
}
END_TEST

START_TEST(wait_and_host_barrier_make_the_read_clean)
{
    test_analysis *a = analyse("0", BARRIER, "", WAIT, "uint32_t x = b->data[3]; (void)x;");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.pairs_proved_ordered, 1);
    test_analysis_free(a);
}
END_TEST

START_TEST(queue_wait_idle_orders_the_host_write)
{
    test_analysis *a = analyse("0", "", "", "vkQueueWaitIdle(q);", "p[0] = 1; b->head = 2;");
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(host_write_before_the_submit_is_ordered_by_it)
{
    /* Written before the submission (line 17): "Host Write Ordering
       Guarantees"; the copy's read and write are ordered after them. */
    test_analysis *a = analyse("0", "p[0] = 1; b->head = 2;", "", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(bytes_outside_the_copied_range_do_not_race)
{
    /* dst's bytes 64.. (memory 320..) and src's 64..255 are not copied. */
    test_analysis *a = analyse("0", "", "b->data[15] = 1; p[100] = 2; p[255] = 3;", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(the_map_offset_moves_the_pointer)
{
    /* Mapped from 256: p[0] is dst's first byte, written by the copy. */
    test_analysis *a = analyse("256", "", "uint8_t x = p[0]; (void)x;", WAIT, "");
    assert_one(a, VKS_RULE_HOST_ACCESS_BEFORE_WAIT, "HOST_READ_AFTER_WRITE", 20, 16);
    test_analysis_free(a);
}
END_TEST

/* An access whose place in the mapping is unknown (an unknown index, size
   or map offset) is no finding, and no silence either: one question left
   unknown per buffer bound to the memory, each time it is checked (before,
   such an access made no access at all and was counted nowhere). */
START_TEST(unknown_index_offset_or_size_is_no_finding)
{
    test_analysis *a = analyse("0", "", "p[k] = 1;", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    size_t one_write = a->stats.unknown_questions;
    ck_assert_uint_ge(one_write, 1);
    test_analysis_free(a);
    a = analyse("0", "", "p[k] = 1; memcpy(p, unknown, k); b[k].head = 3;", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.unknown_questions, 3 * one_write);
    test_analysis_free(a);
    a = analyse("k", "", "p[0] = 1;", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.unknown_questions, 1);
    test_analysis_free(a);
    /* after the wait: nothing in flight to ask about */
    a = analyse("0", "", "", WAIT, "p[k] = 1;");
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);
}
END_TEST

/* A buffer destroyed since it was bound holds none of the memory's bytes:
   an access at an unknown place asks about the buffers still bound only
   (vkcube rebuilds its uniform buffers into the same memory on every
   swapchain rebuild, and each old one was asked about again, differently
   on each path).  Bound twice, a buffer is asked about once. */
START_TEST(an_unknown_place_is_asked_about_the_buffers_still_bound)
{
    test_analysis *a = analyse("0", "", "p[k] = 1;", WAIT, "");
    size_t both_bound = a->stats.unknown_questions;
    ck_assert_uint_ge(both_bound, 2);
    test_analysis_free(a);
    a = analyse("0", "", "vkBindBufferMemory(d, dst, memory, 256); p[k] = 1;", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.unknown_questions, both_bound);
    test_analysis_free(a);
    a = analyse("0", "", "vkDestroyBuffer(d, src, NULL); p[k] = 1;", WAIT, "");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.unknown_questions, 1);
    ck_assert_uint_lt(a->stats.unknown_questions, both_bound);
    test_analysis_free(a);
}
END_TEST

START_TEST(a_call_that_may_wait_leaves_the_access_unknown)
{
    test_analysis *a = analyse("0", "", "void wait_somehow(VkQueue); wait_somehow(q); p[0] = 1;",
                               "", "");
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.unknown_questions, 1);
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("host");
    TCase *tc = tcase_create("host");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, host_read_before_the_wait_races_the_copy);
    tcase_add_test(tc, host_write_before_the_wait_races_the_copy_read);
    tcase_add_test(tc, memcpy_into_the_copy_destination_races_its_write);
    tcase_add_test(tc, host_read_after_the_wait_without_a_host_barrier_is_not_visible);
    tcase_add_test(tc, wait_and_host_barrier_make_the_read_clean);
    tcase_add_test(tc, queue_wait_idle_orders_the_host_write);
    tcase_add_test(tc, host_write_before_the_submit_is_ordered_by_it);
    tcase_add_test(tc, bytes_outside_the_copied_range_do_not_race);
    tcase_add_test(tc, the_map_offset_moves_the_pointer);
    tcase_add_test(tc, unknown_index_offset_or_size_is_no_finding);
    tcase_add_test(tc, an_unknown_place_is_asked_about_the_buffers_still_bound);
    tcase_add_test(tc, a_call_that_may_wait_leaves_the_access_unknown);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
