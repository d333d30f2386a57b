/*
 * test_work_budget.c - the front end's statement budget per root function:
 * a recording function whose evaluation runs past it (here three nested
 * loops of 200 iterations) is abandoned with a vksync-incomplete finding at
 * the function, and what the cut path recorded is not checked - never a
 * hang, never silence taken for a proof.
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vksync/engine.h"

START_TEST(a_function_past_the_statement_budget_is_incomplete)
{
    /* Set, so the function's limit is 300,000 statements: the file's one
       recording function would get the run's whole budget (6,500,000,
       frontend.c), minutes under the sanitizers for the same answer. */
    setenv("VKSYNC_MAX_STATEMENTS", "300000", 1);
    static const char *const names[] = {"busy.c"};
    test_write_file("busy.c",
        "#include <vulkan/vulkan.h>\n"
        "void rec(VkCommandBuffer cmd, VkBuffer buf)\n"                /* 2 */
        "{\n"
        "    VkCommandBufferBeginInfo bi = {0};\n"
        "    vkBeginCommandBuffer(cmd, &bi);\n"
        "    int sum = 0;\n"
        "    for (int i = 0; i < 200; i++)\n"
        "        for (int j = 0; j < 200; j++)\n"
        "            for (int k = 0; k < 200; k++)\n"
        "                sum += i ^ j ^ k;\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 64, 0);\n"
        "    VkBufferCopy r = {.size = 64};\n"
        "    vkCmdCopyBuffer(cmd, buf, buf, 1, &r);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 1);
    ck_assert_int_eq(a->findings.items[0].rule, VKS_RULE_VKSYNC_INCOMPLETE);
    ck_assert_uint_eq(a->findings.items[0].loc.line, 2);
    ck_assert_uint_eq(a->program->cmdbuf_count, 0);
    /* The recording calls the limit left out are named by its finding (one
       note for the function), not by a second finding (issue 11, cause 4). */
    const vks_finding *f = &a->findings.items[0];
    ck_assert_uint_eq(f->note_count, 1);
    ck_assert_int_eq(f->notes[0].kind, VKS_NOTE_RELATED);
    ck_assert_uint_eq(f->notes[0].loc.line, 5);
    ck_assert_msg(strstr(f->notes[0].message, "vkBeginCommandBuffer and 2 more "
                                              "recording calls in `rec` are not "
                                              "analysed because of this limit"),
                  "%s", f->notes[0].message);
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("work-budget");
    TCase *tc = tcase_create("work-budget");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, a_function_past_the_statement_budget_is_incomplete);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
