/*
 * test_opaque_calls.c - a call the front end cannot see into, handed the
 * command buffer, may record anything (barriers included): no hazard is
 * reported across it, and the pair it may order is counted as left unknown,
 * never as proved.  A call that is not handed the command buffer changes
 * nothing.
 */
#include "util.h"
#include "vksync/engine.h"

static const char *const source_template =
    "#include <vulkan/vulkan.h>\n"
    "struct frame { VkCommandBuffer cmd; int index; };\n"
    "void external_barrier(VkCommandBuffer cmd);\n"             /* 3 */
    "void external_frame_step(struct frame *f);\n"             /* 4 */
    "void log_progress(int step);\n"                           /* 5 */
    "void rec(struct frame *f, VkBuffer buf, VkBuffer dst)\n"  /* 6 */
    "{\n"
    "    VkCommandBuffer cmd = f->cmd;\n"
    "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
    "    vkBeginCommandBuffer(cmd, &bi);\n"                    /* 10 */
    "    vkCmdFillBuffer(cmd, buf, 0, 256, 0);\n"              /* 11 */
    "    %s\n"                                                 /* 12 */
    "    VkBufferCopy r = {.size = 256};\n"
    "    vkCmdCopyBuffer(cmd, buf, dst, 1, &r);\n"             /* 14 */
    "    vkEndCommandBuffer(cmd);\n"
    "}\n";

static test_analysis *analyse_with(const char *between)
{
    static char source[2048];
    snprintf(source, sizeof source, source_template, between);
    static const char *const names[] = {"rec.c"};
    test_write_file("rec.c", source);
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    return a;
}

static size_t hazards(const test_analysis *a)
{
    size_t n = 0;
    for (size_t i = 0; i < a->findings.count; i++)
        if (a->findings.items[i].rule == VKS_RULE_HAZARD_RAW)
            n++;
    return n;
}

START_TEST(call_handed_the_command_buffer_hides_the_hazard_as_unknown)
{
    test_analysis *a = analyse_with("external_barrier(cmd);");
    ck_assert_uint_eq(hazards(a), 0);
    ck_assert_uint_eq(a->stats.pairs_proved_ordered, 0);
    ck_assert_uint_gt(a->stats.unknown_questions, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(call_handed_a_struct_holding_the_command_buffer_too)
{
    test_analysis *a = analyse_with("external_frame_step(f);");
    ck_assert_uint_eq(hazards(a), 0);
    ck_assert_uint_eq(a->stats.pairs_proved_ordered, 0);
    ck_assert_uint_gt(a->stats.unknown_questions, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(call_without_the_command_buffer_leaves_the_hazard)
{
    test_analysis *a = analyse_with("log_progress(1);");
    ck_assert_uint_eq(hazards(a), 1);
    ck_assert_uint_eq(a->findings.items[0].loc.line, 14);
    ck_assert_uint_eq(a->findings.items[0].notes[0].loc.line, 11);
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("opaque-calls");
    TCase *tc = tcase_create("opaque-calls");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, call_handed_the_command_buffer_hides_the_hazard_as_unknown);
    tcase_add_test(tc, call_handed_a_struct_holding_the_command_buffer_too);
    tcase_add_test(tc, call_without_the_command_buffer_leaves_the_hazard);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
