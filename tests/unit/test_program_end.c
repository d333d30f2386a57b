/*
 * test_program_end.c - branches that only end the program (analyzer/
 * program_end.c): `if (r != VK_SUCCESS) { print; exit(1); }`, a helper that
 * always exits (declared noreturn or not), assert().  Such a branch is no
 * path: the path goes the other way assuming the condition, the hazards on
 * it are still found, and error checks no longer use up the path limit.
 * A branch that submits work before exiting is still a path.
 */
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "vksync/engine.h"

static test_analysis *analyse(const char *source)
{
    return test_analyse_source("rec.c", source);
}


/* The exiting way is dropped, and the surviving path assumes `mode != 3`:
   the later `mode == 3` test can only be false there. */
START_TEST(an_exit_branch_is_no_path_and_its_condition_is_assumed)
{
    test_analysis *a = analyse(
        "#include <stdio.h>\n"
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer b, int mode) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (mode == 3) {\n"
        "        vkCmdFillBuffer(cmd, b, 0, 4, 1);\n"   /* never submitted */
        "        fprintf(stderr, \"bad mode\\n\");\n"
        "        exit(1);\n"
        "    }\n"
        "    if (mode == 3)\n"
        "        vkCmdFillBuffer(cmd, b, 0, 4, 2);\n"
        "    else\n"
        "        vkCmdUpdateBuffer(cmd, b, 0, 4, &mode);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdUpdateBuffer");
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    /* The only decision left is the second test, and it was infeasible one
       way: no path step for the first. */
    ck_assert_uint_eq(a->program->cmdbufs[0].path_step_count, 1);
    ck_assert_str_eq(a->program->cmdbufs[0].path_step_text[0], "`mode == 3` is false");
    test_analysis_free(a);
}
END_TEST

/* `fail` is a plain void function; its body always reaches exit(), so it
   never returns.  `warn` exits only sometimes: a call to it is no end. */
START_TEST(a_function_that_always_exits_never_returns)
{
    test_analysis *a = analyse(
        "#include <stdio.h>\n"
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "static void fail(const char *what) {\n"
        "    do { printf(\"%s\\n\", what); fflush(stdout); exit(3); } while (0);\n"
        "}\n"
        "static void warn(const char *what, int fatal) {\n"
        "    printf(\"%s\\n\", what);\n"
        "    if (fatal) exit(3);\n"
        "}\n"
        "void record(VkCommandBuffer cmd, VkBuffer b, int level) {\n"
        "    if (vkBeginCommandBuffer(cmd, NULL) != VK_SUCCESS)\n"
        "        fail(\"begin\");\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    if (level > 2)\n"
        "        warn(\"level\", level > 5);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    /* `if (level > 2) warn(...)` records nothing: its ways (no call, a
       warning, warn's exit) are joined (analyzer/summary.c), the way that
       exits left out, so the recording is one path. */
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    test_analysis_free(a);
}
END_TEST

/* A hazard on the path that goes on is reported as before; one recorded
   only on the way to exit() is not (that command buffer is never
   submitted). */
START_TEST(a_hazard_on_the_surviving_path_is_reported)
{
    test_analysis *a = analyse(
        "#include <stdio.h>\n"
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "#define ERR_EXIT(msg) do { printf(\"%s\\n\", msg); fflush(stdout); exit(1); } while (0)\n"
        "void record(VkCommandBuffer cmd, VkBuffer a, VkBuffer b, int bad) {\n"
        "    VkResult r = vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (r != VK_SUCCESS) ERR_EXIT(\"begin\");\n"
        "    vkCmdFillBuffer(cmd, a, 0, 64, 0);\n"                      /* 8 */
        "    if (bad) {\n"
        "        vkCmdFillBuffer(cmd, b, 0, 64, 0);\n"
        "        vkCmdCopyBuffer(cmd, b, a, 1, &(VkBufferCopy){.size = 64});\n"
        "        ERR_EXIT(\"bad\");\n"
        "    }\n"
        "    vkCmdCopyBuffer(cmd, a, b, 1, &(VkBufferCopy){.size = 64});\n" /* 14 */
        "    r = vkEndCommandBuffer(cmd);\n"
        "    if (r != VK_SUCCESS) ERR_EXIT(\"end\");\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 14);
    test_analysis_free(a);
}
END_TEST

/* Six independent choices (64 paths) with sixteen error checks after them:
   were each check a fork, every path would add sixteen runs that end at
   exit (64 x 17 > the 1024-run bound) and the function would be left
   incomplete.  The checks cost neither paths nor solver queries now. */
START_TEST(error_checks_do_not_use_up_the_path_limit)
{
    char source[8192];
    int n = snprintf(source, sizeof source,
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "#define CHECK(x) do { if ((x) != VK_SUCCESS) exit(1); } while (0)\n"
        "VkResult step(int i);\n"
        "void record(VkCommandBuffer cmd, VkBuffer b[6], int f[6]) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n");
    for (int i = 0; i < 6; i++)
        n += snprintf(source + n, sizeof source - (size_t)n,
                      "    if (f[%d]) vkCmdFillBuffer(cmd, b[%d], 0, 4, 0);\n", i, i);
    for (int i = 0; i < 16; i++)
        n += snprintf(source + n, sizeof source - (size_t)n, "    CHECK(step(%d));\n", i);
    snprintf(source + n, sizeof source - (size_t)n,
             "    vkEndCommandBuffer(cmd);\n"
             "}\n");
    test_analysis *a = analyse(source);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    ck_assert_uint_eq(a->stats.paths_explored, 64);
    ck_assert_uint_eq(a->program->cmdbuf_count, 64);
    ck_assert_uint_eq(a->stats.solver_queries, 0);
    test_analysis_free(a);
}
END_TEST

/* A branch that submits before exiting may have put work on the GPU: it
   stays a path of its own (its decision shows in the other path's steps). */
START_TEST(a_branch_that_submits_before_exit_is_still_a_path)
{
    test_analysis *a = analyse(
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkQueue q, VkBuffer b, int bad) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (bad) {\n"
        "        VkSubmitInfo si = {.commandBufferCount = 1, .pCommandBuffers = &cmd};\n"
        "        vkQueueSubmit(q, 1, &si, VK_NULL_HANDLE);\n"
        "        exit(1);\n"
        "    }\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_ge(a->program->cmdbuf_count, 1);
    int submitted = 0;
    for (size_t i = 0; i < a->program->cmdbuf_count; i++)
        for (size_t k = 0; k < a->program->cmdbufs[i].path_step_count; k++)
            submitted += strcmp(a->program->cmdbufs[i].path_step_text[k], "`bad` is true") == 0;
    ck_assert_int_eq(submitted, 1);
    test_analysis_free(a);
}
END_TEST

/* assert() with an unknown condition: the failing way ends the program,
   so the recording goes on and is checked. */
START_TEST(a_failed_assert_is_no_path)
{
    test_analysis *a = analyse(
        "#include <assert.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer b, unsigned size) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    assert(size >= 64);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 64, 0);\n"
        "    vkCmdCopyBuffer(cmd, b, b, 1, &(VkBufferCopy){.dstOffset = 64, .size = 64});\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdFillBuffer vkCmdCopyBuffer");
    ck_assert_uint_eq(test_count_rule(a, VKS_RULE_HAZARD_RAW), 1);
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("program-end");
    TCase *tc = tcase_create("program-end");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, an_exit_branch_is_no_path_and_its_condition_is_assumed);
    tcase_add_test(tc, a_function_that_always_exits_never_returns);
    tcase_add_test(tc, a_hazard_on_the_surviving_path_is_reported);
    tcase_add_test(tc, error_checks_do_not_use_up_the_path_limit);
    tcase_add_test(tc, a_branch_that_submits_before_exit_is_still_a_path);
    tcase_add_test(tc, a_failed_assert_is_no_path);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
