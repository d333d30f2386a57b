/*
 * smt.h - the Z3 encodings (smt/); Z3's types never leave smt/.
 */
#ifndef VKSYNC_SMT_H
#define VKSYNC_SMT_H

#include <stdio.h>

/* "Z3 4.8.12" - for --version. */
const char *vks_smt_version(void);

/*
 * ---- solver limits (smt/limits.c) ----
 *
 * Every Z3 query runs under a per-query limit and the whole run under a
 * budget of solver time, so the analysis never hangs in the solver.  A query
 * stopped by a limit is answered VKS_SMT_UNKNOWN with a one-line reason; the
 * code that asked reports it as a vksync-incomplete finding at the place the
 * question came from.  An unknown answer is never "proved" and never a
 * hazard (DESIGN.md section 2: an analysis that could not finish is never
 * silent).  Inside smt/, smt/limits.h runs a Z3 solver under these limits.
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

#endif
