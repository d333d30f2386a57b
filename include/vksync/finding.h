/*
 * finding.h - diagnostics as data with stable IDs (docs/design.md,
 * "Findings are data").
 *
 * The engine and the front ends collect findings as records; main sorts
 * them and the reporters (report/) print text or SARIF at the end.  Tests
 * compare records (rule, hazard, line, related location), not prose.
 */
#ifndef VKSYNC_FINDING_H
#define VKSYNC_FINDING_H

#include <stdbool.h>
#include <stddef.h>

#include "vksync/arena.h"
#include "vksync/ir.h"

typedef enum { VKS_LEVEL_NOTE, VKS_LEVEL_WARNING, VKS_LEVEL_ERROR } vks_level;

typedef enum {
#define RULE(e, id, level, syncval, summary) VKS_RULE_##e,
#include "vksync/rules.def"
#undef RULE
    VKS_RULE_COUNT
} vks_rule;

typedef struct {
    const char *id;
    vks_level level;
    const char *syncval_hazard; /* "" when the rule is not a syncval hazard */
    const char *summary;
} vks_rule_info;

const vks_rule_info *vks_rule_get(vks_rule rule);

/*
 * A note is one step of the explanation.  EARLIER_ACCESS and SYNC notes are
 * also SARIF relatedLocations (earlier access first, then the
 * synchronization commands); every note, in order, is one step of the
 * counterexample (SARIF codeFlow, text "(1)", "(2)", ...).
 */
typedef enum {
    VKS_NOTE_EARLIER_ACCESS,
    VKS_NOTE_SYNC,
    VKS_NOTE_PATH,   /* a branch decision or loop iteration */
    VKS_NOTE_INFO,   /* anything else (e.g. "the later access") */
    VKS_NOTE_RELATED, /* another place the finding is about, not a step
                         (an unreached call site): SARIF relatedLocations,
                         an unnumbered note in text */
} vks_note_kind;

typedef struct {
    vks_note_kind kind;
    vks_loc loc;
    const char *message;
} vks_note;

typedef struct {
    vks_rule rule;
    const char *hazard;   /* properties.hazard: "READ_AFTER_WRITE", or NULL */
    vks_loc loc;          /* the later access */
    const char *message;
    vks_note *notes;
    size_t note_count, note_cap;
    bool suppressed;      /* a NOLINT comment covers loc (report/suppress.c) */
} vks_finding;

typedef struct {
    vks_arena *arena;
    vks_finding *items;
    size_t count, cap;
} vks_findings;

/* Why the engine left a question unknown (vks_stats.unknown_by_reason):
   a value it needed was not known, and it took the side that cannot make
   a finding.  Said on stderr and in SARIF, so that a user can tell what
   the silence covers. */
typedef enum {
    VKS_UNKNOWN_BARRIER_MASK,   /* a barrier's or event wait's stage or access mask */
    VKS_UNKNOWN_BARRIER_RANGE,  /* the resource or range a barrier covers */
    VKS_UNKNOWN_ACCESS,         /* a command's resource, range, stage or access */
    VKS_UNKNOWN_ASSUMED_ORDER,  /* a pair ordered only by a value taken as covering it */
    VKS_UNKNOWN_HOST_ORDER,     /* whether the host waited for a submission */
    VKS_UNKNOWN_UNMODELLED,     /* a command the engine does not model */
    VKS_UNKNOWN_UNSEEN_RECORDING, /* a submitted command buffer the path cannot name */
    VKS_UNKNOWN_OUTSIDE,        /* an event or render pass begun outside the command buffer */
    VKS_UNKNOWN_REASON_COUNT
} vks_unknown_reason;

/* Statistics, reported on stderr and in SARIF run.properties. */
typedef struct {
    size_t pairs_proved_ordered; /* access pairs shown ordered */
    size_t paths_explored;
    size_t unknown_questions;    /* checks skipped because a value was unknown */
    size_t unknown_by_reason[VKS_UNKNOWN_REASON_COUNT]; /* the same, by why */
    size_t incomplete;           /* limits hit (also reported as findings) */
    size_t solver_queries;       /* path-feasibility questions put to Z3 */
    size_t paths_run;            /* runs of recording functions, the ones
                                    dropped included: the work (not shown) */
    size_t statements_run;       /* statements those runs ran, joined
                                    regions' ways included (not shown) */
    /* vkCmd*, vkQueueSubmit* and vkBeginCommandBuffer call sites in the
       C inputs, and how many an analysed path reached. */
    size_t recording_calls, recording_calls_reached;
} vks_stats;

vks_finding *vks_finding_add(vks_findings *f, vks_rule rule, const char *hazard,
                             vks_loc loc, const char *message);
void vks_finding_note(vks_findings *f, vks_finding *finding, vks_note_kind kind,
                      vks_loc loc, const char *message);
/* One more question left unknown, and why. */
void vks_stats_unknown(vks_stats *stats, vks_unknown_reason why);
/* A reason's SARIF property name ("barrierMask") and its words on stderr
   for `count` of them ("barrier masks not known"). */
const char *vks_unknown_reason_key(vks_unknown_reason why);
const char *vks_unknown_reason_text(vks_unknown_reason why, size_t count);
/* Sorts by file, line, column, rule, message: output is deterministic. */
void vks_findings_sort(vks_findings *f);

#endif
