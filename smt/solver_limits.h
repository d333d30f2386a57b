/*
 * solver_limits.h - running one Z3 query under the solver limits of
 * include/vksync/smt.h (internal to smt/: it speaks Z3's types).
 */
#ifndef VKSYNC_SMT_SOLVER_LIMITS_H
#define VKSYNC_SMT_SOLVER_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <z3.h>

#include "vksync/smt.h"

/*
 * Z3_solver_check under the per-query timeout, the resource limit and what
 * is left of the run's budget; the time it took is charged to the budget.
 * Once the budget is spent, answers VKS_SMT_UNKNOWN without asking Z3.
 * On VKS_SMT_UNKNOWN, why holds a one-line reason for the vksync-incomplete
 * finding ("the solver timed out after 10000 ms (VKSYNC_SMT_TIMEOUT_MS)").
 * Safe to call from several threads, each with its own context.
 */
vks_smt_answer vks_smt_check_limited(Z3_context ctx, Z3_solver solver,
                                     char *why, size_t why_size);

/*
 * The limits last given to one long-lived solver.  Z3_solver_set_params
 * rebuilds the solver's internals: about 7 ms each time on this machine
 * against 0.6 ms for a whole trivial check, which made the thousands of
 * small path-feasibility queries of a real program (vkcube) spend the run's
 * budget on parameters.  A solver used for many queries keeps one of these
 * and the parameters are set only when the limits change.
 */
typedef struct {
    bool applied;
    unsigned timeout_ms, rlimit;
} vks_smt_applied_limits;

/* vks_smt_check_limited for a solver that keeps its parameters between
   queries; applied starts zeroed and belongs to that solver alone. */
vks_smt_answer vks_smt_check_limited_reusing(Z3_context ctx, Z3_solver solver,
                                             vks_smt_applied_limits *applied,
                                             char *why, size_t why_size);

/* The solver behind include/vksync/smt.h's handle: one Z3 context reused by
   every query of an analysis (paths.c, race.c). */
struct vks_smt_solver {
    Z3_context z;
    Z3_solver s;
    vks_smt_applied_limits applied; /* one solver, many queries */
    size_t checks;                  /* questions Z3 was asked */
};

#endif
