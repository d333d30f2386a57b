/*
 * test_realprog.c - regressions found by running vksync-lint on a real
 * Vulkan program (issue 4's acceptance trial on vkcube, ~4 500 lines):
 * patterns reproduced in small self-written sources, not vkcube's code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

#include "util.h"
#include "vksync/engine.h"
#include "../../smt/limits.h"

static test_analysis *analyse(const char *source)
{
    static const char *const names[] = {"rec.c"};
    test_write_file("rec.c", source);
    return test_analyse(names, 1);
}

/*
 * Paths are enumerated by re-execution: each run replays the previous
 * run's decisions.  The replayed ones were already shown feasible with the
 * same facts, so only the newly tried alternative and the fresh decisions
 * go to Z3.  Eight tests of one variable (each depends on the others, so
 * none is "obviously feasible") give 9 feasible paths; re-asking every
 * replayed decision took 100 questions, asking only new ones takes 72.
 * The saving grows with the length of the replayed prefix: vkcube's 128
 * paths (hundreds of decisions each) took 13 000 questions and the whole
 * solver budget before, under 1 000 after.
 */
START_TEST(replayed_decisions_are_not_asked_again)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, int n) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (n > 1) vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    if (n > 2) vkCmdFillBuffer(cmd, buf, 0, 8, 0);\n"
        "    if (n > 3) vkCmdFillBuffer(cmd, buf, 0, 12, 0);\n"
        "    if (n > 4) vkCmdFillBuffer(cmd, buf, 0, 16, 0);\n"
        "    if (n > 5) vkCmdFillBuffer(cmd, buf, 0, 20, 0);\n"
        "    if (n > 6) vkCmdFillBuffer(cmd, buf, 0, 24, 0);\n"
        "    if (n > 7) vkCmdFillBuffer(cmd, buf, 0, 28, 0);\n"
        "    if (n > 8) vkCmdFillBuffer(cmd, buf, 0, 32, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* The same paths as before: n <= 1, 1 < n <= 2, ..., n > 5. */
    ck_assert_uint_eq(a->program->cmdbuf_count, 9);
    ck_assert_uint_eq(a->stats.paths_explored, 9);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    /* Each run asks about its new alternative and the decisions after it:
       at most one question per decision of a run that is not replayed. */
    ck_assert_uint_gt(a->stats.solver_queries, 0);
    ck_assert_uint_le(a->stats.solver_queries, 72);
    test_analysis_free(a);
}
END_TEST

/* x != 0 in a solver kept for many queries, as smt/paths.c keeps one. */
static vks_smt_answer tiny_query(Z3_context z, Z3_solver s, vks_smt_applied_limits *applied,
                                 char *why, size_t why_size)
{
    Z3_sort bv = Z3_mk_bv_sort(z, 64);
    Z3_solver_push(z, s);
    Z3_ast x = Z3_mk_const(z, Z3_mk_string_symbol(z, "x"), bv);
    Z3_solver_assert(z, s, Z3_mk_not(z, Z3_mk_eq(z, x, Z3_mk_unsigned_int64(z, 0, bv))));
    vks_smt_answer answer = vks_smt_check_limited_reusing(z, s, applied, why, why_size);
    Z3_solver_pop(z, s, 1);
    return answer;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * Z3_solver_set_params rebuilds the solver (about 7 ms here, against 0.6 ms
 * for a trivial check): a solver kept for many queries gets its limits once
 * and again only when they change, and the changed limit is obeyed.
 */
START_TEST(limits_set_once_per_solver_and_again_when_changed)
{
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .budget_ms = 600000});
    Z3_config cfg = Z3_mk_config();
    Z3_context z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_solver s = Z3_mk_solver(z);
    Z3_solver_inc_ref(z, s);
    vks_smt_applied_limits applied = {0};
    char why[200] = "";

    ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_SAT);
    ck_assert(applied.applied);
    ck_assert_uint_eq(applied.timeout_ms, 10000);
    /* 300 queries: ~2.2 s when every one set the parameters, ~0.2 s now;
       the bound leaves room for a loaded machine. */
    double start = now_ms();
    for (int i = 0; i < 300; i++)
        ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_SAT);
    ck_assert_double_lt(now_ms() - start, 1500.0);

    /* A new resource limit reaches the solver: 1 unit decides nothing (in
       an incremental solver Z3's reason is just "unknown"). */
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .query_rlimit = 1});
    ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_UNKNOWN);
    ck_assert_uint_eq(applied.rlimit, 1);
    /* And back. */
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000});
    ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_SAT);

    Z3_solver_dec_ref(z, s);
    Z3_del_context(z);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("realprog");
    TCase *tc = tcase_create("realprog");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, replayed_decisions_are_not_asked_again);
    tcase_add_test(tc, limits_set_once_per_solver_and_again_when_changed);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
