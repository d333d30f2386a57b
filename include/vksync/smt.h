/*
 * smt.h - the Z3 encodings (smt/); Z3's types never leave smt/.
 *
 * Path feasibility: the front end describes each branch condition it could
 * not evaluate as a small expression over named unknowns (64-bit integers:
 * a parameter `x`, a field `ctx->mode`) and asks whether a path's
 * decisions can all hold together (`x > 3` taken, then `x < 2` taken: no).
 */
#ifndef VKSYNC_SMT_H
#define VKSYNC_SMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* "Z3 4.8.12" - for --version. */
const char *vks_smt_version(void);

/*
 * ---- solver limits (smt/solver_limits.c) ----
 *
 * Every Z3 query runs under a per-query limit and the whole run under a
 * budget of solver time, so the analysis never hangs in the solver.  A query
 * stopped by a limit is answered VKS_SMT_UNKNOWN with a one-line reason; the
 * code that asked reports it as a vksync-incomplete finding at the place the
 * question came from.  An unknown answer is never "proved" and never a
 * hazard (docs/design.md, "Command line": an analysis that could not
 * finish is never silent).  Inside smt/, smt/solver_limits.h runs a Z3
 * solver under these limits.
 */
typedef enum { VKS_SMT_UNSAT, VKS_SMT_SAT, VKS_SMT_UNKNOWN } vks_smt_answer;

typedef struct {
    unsigned query_timeout_ms; /* wall clock per query (Z3 "timeout"); 0: none */
    unsigned budget_ms;        /* solver wall clock for the whole run; 0: none */
    unsigned query_rlimit;     /* Z3 resource units per query ("rlimit"); a
                                  deterministic limit for tests; 0: none */
} vks_smt_limits;

/* The defaults (10 s per query, 120 s per run, no rlimit), each overridden by
   the hidden environment variables VKSYNC_SMT_TIMEOUT_MS, VKSYNC_SMT_BUDGET_MS
   and VKSYNC_SMT_RLIMIT (decimal; anything else leaves the default). */
vks_smt_limits vks_smt_limits_from_env(void);
/* The limits every later query runs under; until set, vks_smt_limits_from_env().
   Set before the analysis starts its threads.  Resets the time spent. */
void vks_smt_set_limits(vks_smt_limits limits);
vks_smt_limits vks_smt_get_limits(void);
/* Solver wall clock spent so far in this run, in milliseconds. */
unsigned long long vks_smt_time_spent_ms(void);

/* ---- path feasibility (smt/paths.c) ---- */

typedef enum {
    VKS_SMT_CONST,  /* value */
    VKS_SMT_VAR,    /* name: the same name is the same unknown */
    VKS_SMT_NOT,    /* logical !lhs */
    VKS_SMT_NEG,    /* bitwise ~lhs */
    VKS_SMT_BINARY, /* lhs op rhs */
} vks_smt_kind;

typedef enum {
    VKS_SMT_ADD, VKS_SMT_SUB, VKS_SMT_MUL,
    VKS_SMT_BITAND, VKS_SMT_BITOR, VKS_SMT_BITXOR,
    VKS_SMT_EQ, VKS_SMT_NE, VKS_SMT_LT, VKS_SMT_LE, VKS_SMT_GT, VKS_SMT_GE,
    VKS_SMT_AND, VKS_SMT_OR,
} vks_smt_op;

typedef struct vks_smt_expr {
    vks_smt_kind kind;
    vks_smt_op op;
    bool is_signed;   /* comparisons: signed or unsigned */
    uint64_t value;
    const char *name;
    const struct vks_smt_expr *lhs, *rhs;
} vks_smt_expr;

/*
 * A solver for one analysis (one Z3 context, reused: creating a context
 * costs far more than a small check).  vks_smt_feasible: can conds[i] be
 * non-zero when truth[i] and zero when !truth[i], for every i at once?
 * VKS_SMT_UNKNOWN when a solver limit stops it (why: a one-line reason):
 * callers keep such a path, since dropping it could hide a hazard, and
 * report vksync-incomplete.
 */
typedef struct vks_smt_solver vks_smt_solver;
vks_smt_solver *vks_smt_solver_new(void);
void vks_smt_solver_free(vks_smt_solver *solver);
vks_smt_answer vks_smt_feasible(vks_smt_solver *solver,
                                const vks_smt_expr *const *conds,
                                const bool *truth, size_t count, char *why,
                                size_t why_size);
/* How many of vks_smt_feasible's questions went to Z3 (the others were
   answered by values found that satisfy every fact). */
size_t vks_smt_solver_checks(const vks_smt_solver *solver);

#endif
