/*
 * solver_limits.c - the solver limits (include/vksync/smt.h,
 * smt/solver_limits.h): a per-query timeout and resource limit, and a budget
 * of solver time for the whole run, so that a hard query ends as
 * vksync-incomplete instead of a hang (issue 7: "never a pass and never a
 * hang").
 *
 * The budget is shared by every thread of a -j N run: the time spent is an
 * atomic counter, and each query's timeout is cut to what is left of it.
 */
#include "solver_limits.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    DEFAULT_QUERY_TIMEOUT_MS = 10000,
    DEFAULT_BUDGET_MS = 120000,
};

static vks_smt_limits current_limits;
static pthread_once_t limits_once = PTHREAD_ONCE_INIT;
static atomic_ullong time_spent_ms;

/* A decimal environment value, or fallback when unset or not a number. */
static unsigned env_unsigned(const char *name, unsigned fallback)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return fallback;
    char *end;
    unsigned long value = strtoul(text, &end, 10);
    if (*end || value > 0xffffffffu || text[0] == '-')
        return fallback;
    return (unsigned)value;
}

vks_smt_limits vks_smt_limits_from_env(void)
{
    return (vks_smt_limits){
        .query_timeout_ms = env_unsigned("VKSYNC_SMT_TIMEOUT_MS", DEFAULT_QUERY_TIMEOUT_MS),
        .budget_ms = env_unsigned("VKSYNC_SMT_BUDGET_MS", DEFAULT_BUDGET_MS),
        .query_rlimit = env_unsigned("VKSYNC_SMT_RLIMIT", 0),
    };
}

static void init_from_env(void)
{
    current_limits = vks_smt_limits_from_env();
}

void vks_smt_set_limits(vks_smt_limits limits)
{
    pthread_once(&limits_once, init_from_env);
    current_limits = limits;
    atomic_store(&time_spent_ms, 0);
}

vks_smt_limits vks_smt_get_limits(void)
{
    pthread_once(&limits_once, init_from_env);
    return current_limits;
}

unsigned long long vks_smt_time_spent_ms(void)
{
    return atomic_load(&time_spent_ms);
}

static unsigned long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000u + (unsigned long long)ts.tv_nsec / 1000000u;
}

static void set_uint_param(Z3_context ctx, Z3_params params, const char *name,
                           unsigned value)
{
    Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, name), value);
}

vks_smt_answer vks_smt_check_limited(Z3_context ctx, Z3_solver solver,
                                     char *why, size_t why_size)
{
    return vks_smt_check_limited_reusing(ctx, solver, NULL, why, why_size);
}

vks_smt_answer vks_smt_check_limited_reusing(Z3_context ctx, Z3_solver solver,
                                             vks_smt_applied_limits *applied,
                                             char *why, size_t why_size)
{
    vks_smt_limits limits = vks_smt_get_limits();
    unsigned long long spent = atomic_load(&time_spent_ms);
    unsigned timeout = limits.query_timeout_ms;
    bool budget_cut = false;
    if (limits.budget_ms) {
        if (spent >= limits.budget_ms) {
            snprintf(why, why_size,
                     "the solver's budget of %u ms for the run is spent (VKSYNC_SMT_BUDGET_MS)",
                     limits.budget_ms);
            return VKS_SMT_UNKNOWN;
        }
        unsigned long long left = limits.budget_ms - spent;
        if (timeout == 0 || left < timeout) {
            timeout = (unsigned)left;
            budget_cut = true;
        }
    }

    /* 0 would mean "no limit" to Z3 as well, but say so explicitly: the
       solver keeps parameters from earlier queries. */
    unsigned z3_timeout = timeout ? timeout : 0xffffffffu;
    if (!applied || !applied->applied || applied->timeout_ms != z3_timeout ||
        applied->rlimit != limits.query_rlimit) {
        Z3_params params = Z3_mk_params(ctx);
        Z3_params_inc_ref(ctx, params);
        set_uint_param(ctx, params, "timeout", z3_timeout);
        set_uint_param(ctx, params, "rlimit", limits.query_rlimit);
        Z3_solver_set_params(ctx, solver, params);
        Z3_params_dec_ref(ctx, params);
        if (applied)
            *applied = (vks_smt_applied_limits){
                .applied = true, .timeout_ms = z3_timeout, .rlimit = limits.query_rlimit};
    }

    unsigned long long start = now_ms();
    Z3_lbool result = Z3_solver_check(ctx, solver);
    atomic_fetch_add(&time_spent_ms, now_ms() - start);

    if (result == Z3_L_TRUE)
        return VKS_SMT_SAT;
    if (result == Z3_L_FALSE)
        return VKS_SMT_UNSAT;
    const char *reason = Z3_solver_get_reason_unknown(ctx, solver);
    if (strcmp(reason, "timeout") == 0 || strcmp(reason, "canceled") == 0) {
        if (budget_cut)
            snprintf(why, why_size,
                     "the solver's budget of %u ms for the run ran out (VKSYNC_SMT_BUDGET_MS)",
                     limits.budget_ms);
        else
            snprintf(why, why_size,
                     "the solver timed out after %u ms (VKSYNC_SMT_TIMEOUT_MS)", timeout);
    } else if (limits.query_rlimit &&
               (strstr(reason, "resource limit") || strcmp(reason, "unknown") == 0)) {
        /* Z3's incremental solver (after push) says only "unknown" when the
           rlimit stops it; for the quantifier-free bit-vector queries asked
           here nothing else makes it give up. */
        snprintf(why, why_size,
                 "the solver hit its resource limit of %u (VKSYNC_SMT_RLIMIT)",
                 limits.query_rlimit);
    } else {
        snprintf(why, why_size, "the solver gave up: %s", reason);
    }
    return VKS_SMT_UNKNOWN;
}
