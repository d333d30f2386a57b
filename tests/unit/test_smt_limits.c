/*
 * test_smt_limits.c - the solver limits (smt/solver_limits.c) through the
 * real Z3: a query stopped by the per-query timeout, the resource limit or
 * the run's budget is answered "unknown" with a reason naming the limit, and
 * never SAT or UNSAT.  This test reaches inside smt/ (smt/solver_limits.h
 * speaks Z3's types) because the wrapper around Z3_solver_check is what it
 * tests.
 */
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "util.h"
#include "../../smt/solver_limits.h"

typedef struct {
    Z3_context ctx;
    Z3_solver solver;
} z3_fixture;

static z3_fixture fixture_new(void)
{
    Z3_config cfg = Z3_mk_config();
    z3_fixture f = {.ctx = Z3_mk_context(cfg)};
    Z3_del_config(cfg);
    f.solver = Z3_mk_solver(f.ctx);
    Z3_solver_inc_ref(f.ctx, f.solver);
    return f;
}

static void fixture_free(z3_fixture f)
{
    Z3_solver_dec_ref(f.ctx, f.solver);
    Z3_del_context(f.ctx);
}

static Z3_ast bool_var(z3_fixture f, const char *name)
{
    return Z3_mk_const(f.ctx, Z3_mk_string_symbol(f.ctx, name), Z3_mk_bool_sort(f.ctx));
}

/* x and not x, or just x. */
static void assert_tiny(z3_fixture f, bool contradiction)
{
    Z3_ast x = bool_var(f, "x");
    Z3_solver_assert(f.ctx, f.solver, x);
    if (contradiction)
        Z3_solver_assert(f.ctx, f.solver, Z3_mk_not(f.ctx, x));
}

/* The pigeonhole principle for 11 pigeons in 10 holes: UNSAT, and Z3 needs
   about 10 s for it (resolution proofs of it are exponential), so any limit
   well below that stops it. */
enum { HOLES = 10 };
static void assert_pigeonhole(z3_fixture f)
{
    Z3_ast in[HOLES + 1][HOLES];
    for (int p = 0; p <= HOLES; p++)
        for (int h = 0; h < HOLES; h++) {
            char name[32];
            snprintf(name, sizeof name, "p%d_h%d", p, h);
            in[p][h] = bool_var(f, name);
        }
    for (int p = 0; p <= HOLES; p++)
        Z3_solver_assert(f.ctx, f.solver, Z3_mk_or(f.ctx, HOLES, in[p]));
    for (int h = 0; h < HOLES; h++)
        for (int p = 0; p <= HOLES; p++)
            for (int q = p + 1; q <= HOLES; q++) {
                Z3_ast both[2] = {in[p][h], in[q][h]};
                Z3_solver_assert(f.ctx, f.solver,
                                 Z3_mk_not(f.ctx, Z3_mk_and(f.ctx, 2, both)));
            }
}

START_TEST(decided_queries_within_limits)
{
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .budget_ms = 60000});
    char why[200] = "";
    z3_fixture f = fixture_new();
    assert_tiny(f, false);
    ck_assert_int_eq(vks_smt_check_limited(f.ctx, f.solver, why, sizeof why), VKS_SMT_SAT);
    fixture_free(f);
    f = fixture_new();
    assert_tiny(f, true);
    ck_assert_int_eq(vks_smt_check_limited(f.ctx, f.solver, why, sizeof why), VKS_SMT_UNSAT);
    fixture_free(f);
}
END_TEST

START_TEST(per_query_timeout_gives_unknown_not_unsat)
{
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 50, .budget_ms = 60000});
    char why[200] = "";
    z3_fixture f = fixture_new();
    assert_pigeonhole(f);
    ck_assert_int_eq(vks_smt_check_limited(f.ctx, f.solver, why, sizeof why), VKS_SMT_UNKNOWN);
    ck_assert_str_eq(why, "the solver timed out after 50 ms (VKSYNC_SMT_TIMEOUT_MS)");
    /* The time is charged to the budget. */
    ck_assert_uint_ge(vks_smt_time_spent_ms(), 40);
    fixture_free(f);
}
END_TEST

START_TEST(resource_limit_is_deterministic)
{
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .query_rlimit = 1});
    for (int i = 0; i < 20; i++) {
        char why[200] = "";
        z3_fixture f = fixture_new();
        assert_tiny(f, false); /* satisfiable, yet not decided within 1 unit */
        ck_assert_int_eq(vks_smt_check_limited(f.ctx, f.solver, why, sizeof why),
                         VKS_SMT_UNKNOWN);
        ck_assert_str_eq(why, "the solver hit its resource limit of 1 (VKSYNC_SMT_RLIMIT)");
        fixture_free(f);
    }
}
END_TEST

START_TEST(spent_budget_stops_every_later_query)
{
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .budget_ms = 60});
    char why[200] = "";
    z3_fixture f = fixture_new();
    assert_pigeonhole(f);
    /* The query's timeout is cut to what is left of the budget. */
    ck_assert_int_eq(vks_smt_check_limited(f.ctx, f.solver, why, sizeof why), VKS_SMT_UNKNOWN);
    ck_assert_str_eq(why, "the solver's budget of 60 ms for the run ran out (VKSYNC_SMT_BUDGET_MS)");
    fixture_free(f);
    /* Even a trivial query is not asked any more. */
    f = fixture_new();
    assert_tiny(f, false);
    ck_assert_int_eq(vks_smt_check_limited(f.ctx, f.solver, why, sizeof why), VKS_SMT_UNKNOWN);
    ck_assert_str_eq(why, "the solver's budget of 60 ms for the run is spent (VKSYNC_SMT_BUDGET_MS)");
    fixture_free(f);
}
END_TEST

START_TEST(limits_from_environment)
{
    setenv("VKSYNC_SMT_TIMEOUT_MS", "1", 1);
    setenv("VKSYNC_SMT_BUDGET_MS", "not a number", 1);
    setenv("VKSYNC_SMT_RLIMIT", "-5", 1);
    vks_smt_limits l = vks_smt_limits_from_env();
    ck_assert_uint_eq(l.query_timeout_ms, 1);
    ck_assert_uint_eq(l.budget_ms, 120000); /* the default, not 0 ("none") */
    ck_assert_uint_eq(l.query_rlimit, 0);
    unsetenv("VKSYNC_SMT_TIMEOUT_MS");
    unsetenv("VKSYNC_SMT_BUDGET_MS");
    unsetenv("VKSYNC_SMT_RLIMIT");
    ck_assert_uint_eq(vks_smt_limits_from_env().query_timeout_ms, 10000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("smt_limits");
    TCase *tc = tcase_create("limits");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, decided_queries_within_limits);
    tcase_add_test(tc, per_query_timeout_gives_unknown_not_unsat);
    tcase_add_test(tc, resource_limit_is_deterministic);
    tcase_add_test(tc, spent_budget_stops_every_later_query);
    tcase_add_test(tc, limits_from_environment);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
