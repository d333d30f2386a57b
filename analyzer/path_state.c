/*
 * path_state.c - what a path through recording code assumes and shows:
 * its branch decisions, the facts they add, and the steps a finding's notes
 * retell (the Design notes' "a branch in the recording code becomes a
 * boolean", docs/design.md).
 *
 * A function is executed once per path (the driver, frontend.c).  Every
 * `if` / `switch` whose condition the evaluator cannot compute is a
 * decision; the first execution takes the first feasible alternative
 * everywhere, and each later execution replays the previous path's
 * decisions up to the last one that has an untried alternative and takes
 * that (depth-first enumeration by re-execution, which needs no state
 * snapshots).  An alternative is feasible when Z3 finds values for the
 * unknowns that satisfy every fact the path assumed so far (`x > 3` then
 * `x < 2` is not); Z3 giving up keeps the path, since dropping it could hide
 * a hazard.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* The limits, and whether to trace the paths, read from the environment
   once (they cannot change during a run; analysis is one thread, and the
   first call may come from any). */
static unsigned limits[FE_LIMIT_COUNT];
static bool limits_set[FE_LIMIT_COUNT];
static bool debug_paths;
static pthread_once_t limits_once = PTHREAD_ONCE_INIT;

static void read_limits(void)
{
    static const struct {
        const char *env;
        unsigned value;
    } defaults[FE_LIMIT_COUNT] = {
        [FE_LIMIT_STATEMENTS] = {"VKSYNC_MAX_STATEMENTS", 300000},
        [FE_LIMIT_PATHS] = {"VKSYNC_MAX_PATHS", 64},
        /* 256: the one full path through an FFmpeg filter's frame function
           (its pipeline made on first use, every call in RET()) takes 130
           to 250 decisions; with 128 that path was cut in 15 places. */
        [FE_LIMIT_DECISIONS] = {"VKSYNC_MAX_DECISIONS", 256},
        [FE_LIMIT_LOOP_ITERATIONS] = {"VKSYNC_MAX_LOOP_ITERATIONS", 256},
        /* 18: Mesa's zink reaches its barriers and render passes nine
           to fourteen calls deep from a context entry point (zink_clear ->
           fb_clears_apply_internal -> zink_batch_rp -> ... ->
           zink_resource_image_barrier; setup_framebuffer, suspend_query
           and kopper_acquire from inside a batch flush).  With 8, 30 calls
           that record were not followed; with 10 (session 21), 11; with 18
           (session 24) none, and zink's incomplete findings went from 52
           to 40 in less time and memory (16 s and 1.15 GB instead of 19 s
           and 1.28 GB: fewer unknowns from helpers not followed, fewer
           ways).  No other bench program's results changed.  A helper that
           calls itself is no deeper for it: one that records ends the path
           at its second activation once a branch since had another way
           (eval_expr.c, recursion_ends_path), and a
           tree walk that records nothing costs one call per level
           (tests/unit/realprog/scene_tree_upload.c). */
        [FE_LIMIT_HELPER_DEPTH] = {"VKSYNC_MAX_HELPER_DEPTH", 18},
        [FE_LIMIT_MEMORY_MB] = {"VKSYNC_MAX_MEMORY_MB", 4096},
    };
    for (int i = 0; i < FE_LIMIT_COUNT; i++) {
        const char *set = getenv(defaults[i].env);
        char *end = NULL;
        errno = 0;
        unsigned long long v = set ? strtoull(set, &end, 10) : 0;
        limits_set[i] = set && *set && !*end && errno == 0 && v > 0 && v <= UINT_MAX &&
                        set[0] != '-';
        limits[i] = limits_set[i] ? (unsigned)v : defaults[i].value;
        /* A value the limit cannot take is said, once: silently keeping
           the default, a run told VKSYNC_MAX_STATEMENTS=1000000000 stopped
           where it always had. */
        if (set && *set && !limits_set[i])
            fprintf(stderr, "vksync-lint: warning: %s=%s is not a whole number from 1 to %u; "
                    "the default %u applies\n", defaults[i].env, set, UINT_MAX,
                    defaults[i].value);
    }
    const char *debug = getenv("VKSYNC_DEBUG_PATHS");
    debug_paths = debug && *debug && strcmp(debug, "0") != 0;
}

unsigned fe_limit(fe_limit_kind which)
{
    pthread_once(&limits_once, read_limits);
    return limits[which];
}

bool fe_limit_is_set(fe_limit_kind which)
{
    pthread_once(&limits_once, read_limits);
    return limits_set[which];
}

bool fe_debug_paths(void)
{
    pthread_once(&limits_once, read_limits);
    return debug_paths;
}

/* Reported once per place: a limit hit on every path of a function is one
   finding. */
void fe_incomplete_at(fe_ctx *cx, vks_loc loc, const char *message)
{
    for (size_t i = 0; i < cx->findings->count; i++) {
        const vks_finding *f = &cx->findings->items[i];
        if (f->rule == VKS_RULE_VKSYNC_INCOMPLETE && vks_loc_equal(&f->loc, &loc))
            return;
    }
    vks_finding_add(cx->findings, VKS_RULE_VKSYNC_INCOMPLETE, NULL, loc,
                    vks_arena_strdup(cx->findings->arena, message));
    if (cx->stats)
        cx->stats->incomplete++;
}

vks_smt_expr *fe_smt_new(fe_ctx *cx, vks_smt_kind kind)
{
    /* A run's conditions and facts end with the run (fe_ctx.values). */
    vks_smt_expr *e = vks_arena_alloc(fe_value_arena(cx), sizeof *e);
    e->kind = kind;
    return e;
}

const vks_smt_expr *fe_smt_is(fe_ctx *cx, const vks_smt_expr *lhs, uint64_t value)
{
    vks_smt_expr *number = fe_smt_new(cx, VKS_SMT_CONST);
    number->value = value;
    return fe_smt_binary(cx, VKS_SMT_EQ, lhs, number);
}

const vks_smt_expr *fe_smt_fresh(fe_ctx *cx)
{
    vks_smt_expr *e = fe_smt_new(cx, VKS_SMT_VAR);
    e->name = vks_arena_printf(fe_value_arena(cx), "?%u", ++cx->path.fresh_names);
    return e;
}

const vks_smt_expr *fe_smt_binary(fe_ctx *cx, vks_smt_op op,
                                  const vks_smt_expr *lhs, const vks_smt_expr *rhs)
{
    vks_smt_expr *e = fe_smt_new(cx, VKS_SMT_BINARY);
    e->op = op;
    e->lhs = lhs;
    e->rhs = rhs;
    return e;
}

static void push_step(fe_ctx *cx, vks_loc loc, const char *text)
{
    size_t count = cx->path.step_count, cap = cx->path.step_cap;
    VKS_PUSH(fe_value_arena(cx), cx->path.step_locs, count, cap, loc);
    count = cx->path.step_count;
    cap = cx->path.step_cap;
    VKS_PUSH(fe_value_arena(cx), cx->path.step_texts, count, cap, text);
    count = cx->path.step_count;
    cap = cx->path.step_cap;
    VKS_PUSH(fe_value_arena(cx), cx->path.step_seq, count, cap, cx->seq);
    cx->path.step_count = count;
    cx->path.step_cap = cap;
}

void fe_path_note(fe_ctx *cx, vks_loc at, const char *text)
{
    push_step(cx, at, text);
}

bool fe_smt_mentions(const vks_smt_expr *e, const char *name)
{
    if (!e)
        return false;
    if (e->kind == VKS_SMT_VAR)
        return strcmp(e->name, name) == 0;
    return fe_smt_mentions(e->lhs, name) || fe_smt_mentions(e->rhs, name);
}

/* `if (flag)` on an unknown tested nowhere else on the path: both ways are
   possible without asking Z3. */
static bool obviously_feasible(fe_ctx *cx, const fe_alternative *alt)
{
    if (alt->fact_count != 1 || alt->facts[0].cond->kind != VKS_SMT_VAR)
        return false;
    for (size_t i = 0; i < cx->path.fact_count; i++)
        if (fe_smt_mentions(cx->path.facts[i].cond, alt->facts[0].cond->name))
            return false;
    return true;
}

/* A set of variable names, open addressing on the name's hash (mask + 1
   slots, a power of two, at most half used).  Not fe_name_slot's table:
   values.c's bookkeeping calls this file, and the layering test keeps
   the two files from calling each other.  relevant_facts asks it of
   every variable of every fact of the path, again until no fact is added:
   with a list compared name by name that was a tenth of Mesa's zink. */
typedef struct {
    const char **names;
    uint64_t *hashes;
    size_t mask, count;
} name_set;

static size_t name_slot(const name_set *set, const char *name, uint64_t h)
{
    size_t i = (size_t)h & set->mask;
    while (set->names[i] && (set->hashes[i] != h || strcmp(set->names[i], name) != 0))
        i = (i + 1) & set->mask;
    return i;
}

static bool name_set_has(const name_set *set, const char *name)
{
    return set->names && set->names[name_slot(set, name, fe_hash_text(FE_HASH_SEED, name))];
}

static void name_set_add(fe_ctx *cx, name_set *set, const char *name)
{
    if (2 * (set->count + 1) > (set->names ? set->mask + 1 : 0)) {
        name_set grown = {NULL, NULL, set->names ? 2 * set->mask + 1 : 63, 0};
        grown.names = vks_arena_alloc(fe_value_arena(cx), sizeof *grown.names * (grown.mask + 1));
        grown.hashes = vks_arena_alloc(fe_value_arena(cx),
                                       sizeof *grown.hashes * (grown.mask + 1));
        /* (arena memory is zeroed: every slot empty) */
        for (size_t i = 0; set->names && i <= set->mask; i++)
            if (set->names[i]) {
                size_t k = name_slot(&grown, set->names[i], set->hashes[i]);
                grown.names[k] = set->names[i];
                grown.hashes[k] = set->hashes[i];
                grown.count++;
            }
        *set = grown;
    }
    uint64_t h = fe_hash_text(FE_HASH_SEED, name);
    size_t k = name_slot(set, name, h);
    if (set->names[k])
        return;
    set->names[k] = name;
    set->hashes[k] = h;
    set->count++;
}

/* The names of e's variables, added to the set. */
static void collect_variables(fe_ctx *cx, const vks_smt_expr *e, name_set *names)
{
    if (!e)
        return;
    if (e->kind == VKS_SMT_VAR) {
        name_set_add(cx, names, e->name);
        return;
    }
    collect_variables(cx, e->lhs, names);
    collect_variables(cx, e->rhs, names);
}

static bool mentions_any(const vks_smt_expr *e, const name_set *names)
{
    if (!e)
        return false;
    if (e->kind == VKS_SMT_VAR)
        return name_set_has(names, e->name);
    return mentions_any(e->lhs, names) || mentions_any(e->rhs, names);
}

/*
 * The path's facts that bear on the alternative: those sharing a variable
 * with its conditions, with one of those, and so on.  The path's facts
 * can all hold at once (the path got here), so facts on other variables
 * change nothing: the facts and the alternative can hold together exactly
 * when this part and the alternative can.  (A fact assumed unasked, where
 * the other way ends the program, could contradict facts on other
 * variables; then a path is kept that the whole set would have ended -
 * one path more, never one less.)  Each query
 * asserted every fact of the path, and a path through FFmpeg's frame
 * functions has hundreds: two thirds of the run was Z3's.  Returns how
 * many facts it put in conds/truths (the alternative's own after them).
 */
static size_t relevant_facts(fe_ctx *cx, const fe_alternative *alt,
                             const vks_smt_expr **conds, bool *truths)
{
    name_set names = {0};
    for (unsigned i = 0; i < alt->fact_count; i++)
        collect_variables(cx, alt->facts[i].cond, &names);
    size_t facts = cx->path.fact_count;
    bool *taken = vks_arena_alloc(fe_value_arena(cx), sizeof *taken * (facts + 1));
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < facts; i++) {
            if (taken[i] || !mentions_any(cx->path.facts[i].cond, &names))
                continue;
            taken[i] = true;
            grew = true;
            collect_variables(cx, cx->path.facts[i].cond, &names);
        }
    }
    size_t n = 0;
    for (size_t i = 0; i < facts; i++)
        if (taken[i]) {
            conds[n] = cx->path.facts[i].cond;
            truths[n++] = cx->path.facts[i].truth;
        }
    for (unsigned i = 0; i < alt->fact_count; i++) {
        conds[n] = alt->facts[i].cond;
        truths[n++] = alt->facts[i].truth;
    }
    return n;
}

/*
 * Z3's answers, by the question: the facts put to it and their truths,
 * hashed twice (two 64-bit FNV-1a hashes from different seeds; a question
 * is the same when both agree).  Every path names its unknowns afresh in
 * the same order (fe_path.havoc_generation), so a run that leaves the path
 * it replays asks, past its divergence, much of what its sibling asked
 * with the same names: Mesa's zink put 45% of its time into Z3, on paths
 * of up to 256 facts replayed again and again.  An answer Z3 gave up on
 * (VKS_SMT_UNKNOWN) is not kept: asked again, it may be decided, and where
 * it is not the finding that says so names that place too.
 */
typedef struct fe_answer_slot {
    uint64_t h1, h2;            /* 0, 0: empty */
    bool feasible;
} fe_answer_slot;

struct fe_answers {
    fe_answer_slot *slots;
    size_t count, mask;
};

static void hash_expr(const vks_smt_expr *e, uint64_t *h1, uint64_t *h2)
{
    if (!e) {
        unsigned char none = 0xff;
        *h1 = fe_hash_bytes(*h1, &none, 1);
        *h2 = fe_hash_bytes(*h2, &none, 1);
        return;
    }
    uint64_t head[3] = {(uint64_t)e->kind << 8 | (uint64_t)e->op << 1 | e->is_signed,
                        e->kind == VKS_SMT_CONST ? e->value : 0, 0};
    *h1 = fe_hash_bytes(*h1, head, sizeof head);
    *h2 = fe_hash_bytes(*h2, head, sizeof head);
    if (e->kind == VKS_SMT_VAR) {
        *h1 = fe_hash_text(*h1, e->name);
        *h2 = fe_hash_text(*h2, e->name);
        return;
    }
    hash_expr(e->lhs, h1, h2);
    hash_expr(e->rhs, h1, h2);
}

static void hash_question(const vks_smt_expr *const *conds, const bool *truths, size_t n,
                          uint64_t *h1, uint64_t *h2)
{
    *h1 = FE_HASH_SEED;
    *h2 = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < n; i++) {
        unsigned char t = truths[i];
        *h1 = fe_hash_bytes(*h1, &t, 1);
        *h2 = fe_hash_bytes(*h2, &t, 1);
        hash_expr(conds[i], h1, h2);
    }
    if (!*h1 && !*h2)
        *h2 = 1;
}

/* The slot of the question (h1, h2): its answer, or the empty slot it
   would go in. */
static fe_answer_slot *answer_slot(const struct fe_answers *a, uint64_t h1, uint64_t h2)
{
    size_t s = h1 & a->mask;
    while ((a->slots[s].h1 || a->slots[s].h2) &&
           (a->slots[s].h1 != h1 || a->slots[s].h2 != h2))
        s = (s + 1) & a->mask;
    return &a->slots[s];
}

static const fe_answer_slot *known_answer(fe_ctx *cx, uint64_t h1, uint64_t h2)
{
    if (!cx->answers)
        return NULL;
    const fe_answer_slot *slot = answer_slot(cx->answers, h1, h2);
    return slot->h1 || slot->h2 ? slot : NULL;
}

static void keep_answer(fe_ctx *cx, uint64_t h1, uint64_t h2, bool feasible)
{
    struct fe_answers *a = cx->answers;
    if (!a) {
        a = cx->answers = vks_arena_alloc(cx->arena, sizeof *a);
        a->mask = 1023;
        a->slots = vks_arena_alloc(cx->arena, sizeof *a->slots * (a->mask + 1));
    }
    if ((a->count + 1) * 2 > a->mask) {
        /* twice the slots, the answers moved over (the old ones stay in
           the arena) */
        struct fe_answers grown = {NULL, a->count, a->mask * 2 + 1};
        grown.slots = vks_arena_alloc(cx->arena, sizeof *grown.slots * (grown.mask + 1));
        for (size_t i = 0; i <= a->mask; i++)
            if (a->slots[i].h1 || a->slots[i].h2)
                *answer_slot(&grown, a->slots[i].h1, a->slots[i].h2) = a->slots[i];
        *a = grown;
    }
    *answer_slot(a, h1, h2) = (fe_answer_slot){h1, h2, feasible};
    a->count++;
}

static bool feasible_with(fe_ctx *cx, vks_loc at, const fe_alternative *alt)
{
    if (obviously_feasible(cx, alt))
        return true;
    size_t most = cx->path.fact_count + alt->fact_count;
    const vks_smt_expr **conds = vks_arena_alloc(fe_value_arena(cx), sizeof *conds * (most + 1));
    bool *truths = vks_arena_alloc(fe_value_arena(cx), sizeof *truths * (most + 1));
    size_t n = relevant_facts(cx, alt, conds, truths);
    uint64_t h1, h2;
    hash_question(conds, truths, n, &h1, &h2);
    const fe_answer_slot *known = known_answer(cx, h1, h2);
    if (known)
        return known->feasible;
    char why[256] = "";
    size_t checks = vks_smt_solver_checks(cx->solver);
    vks_smt_answer answer = vks_smt_feasible(cx->solver, conds, truths, n, why,
                                             sizeof why);
    if (cx->stats)
        cx->stats->solver_queries += vks_smt_solver_checks(cx->solver) - checks;
    if (answer != VKS_SMT_UNKNOWN)
        keep_answer(cx, h1, h2, answer != VKS_SMT_UNSAT);
    if (answer == VKS_SMT_UNKNOWN)
        fe_incomplete_at(cx, at, vks_arena_printf(
            cx->arena, "could not decide whether this branch can go this way (%s); "
            "the path is kept, hazards on it may be infeasible", why));
    return answer != VKS_SMT_UNSAT;
}

/* cond without its logical nots; *truth flipped once for each. */
static const vks_smt_expr *without_not(const vks_smt_expr *cond, bool *truth)
{
    while (cond->kind == VKS_SMT_NOT) {
        cond = cond->lhs;
        *truth = !*truth;
    }
    return cond;
}

static bool same_expr(const vks_smt_expr *a, const vks_smt_expr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind)
        return false;
    switch (a->kind) {
    case VKS_SMT_CONST:
        return a->value == b->value;
    case VKS_SMT_VAR:
        return strcmp(a->name, b->name) == 0;
    case VKS_SMT_NOT: case VKS_SMT_NEG:
        return same_expr(a->lhs, b->lhs);
    case VKS_SMT_BINARY:
        return a->op == b->op && a->is_signed == b->is_signed &&
               same_expr(a->lhs, b->lhs) && same_expr(a->rhs, b->rhs);
    }
    return false;
}

/* A hash of e that same_expr's equal expressions share: what it compares,
   and nothing else. */
static uint64_t same_expr_hash(uint64_t h, const vks_smt_expr *e)
{
    if (!e)
        return fe_hash_bytes(h, "", 1);
    unsigned kind = e->kind;
    h = fe_hash_bytes(h, &kind, sizeof kind);
    switch (e->kind) {
    case VKS_SMT_CONST:
        return fe_hash_bytes(h, &e->value, sizeof e->value);
    case VKS_SMT_VAR:
        return fe_hash_text(h, e->name);
    case VKS_SMT_NOT: case VKS_SMT_NEG:
        return same_expr_hash(h, e->lhs);
    case VKS_SMT_BINARY: {
        unsigned head[2] = {e->op, e->is_signed};
        h = fe_hash_bytes(h, head, sizeof head);
        return same_expr_hash(same_expr_hash(h, e->lhs), e->rhs);
    }
    }
    return h;
}

/* A fact's key (fe_fact.key): its condition without the logical nots,
   hashed; never 0.  Conditions same_expr takes as equal have equal keys. */
static uint64_t fact_key(const vks_smt_expr *cond)
{
    bool truth = true;
    uint64_t h = same_expr_hash(FE_HASH_SEED, without_not(cond, &truth));
    return h ? h : 1;
}

/* What the path's facts already say of `cond`: 1 true, 0 false, -1 not
   said (as written: the same test again, or its negation).  Asked at
   every branch, of paths with hundreds of facts (Mesa's zink: a tenth of
   its run compared trees here), so the keys are compared first. */
static int already_assumed(const fe_ctx *cx, const vks_smt_expr *cond)
{
    bool truth = true;
    uint64_t key = fact_key(cond);
    cond = without_not(cond, &truth);
    for (size_t i = cx->path.fact_count; i-- > 0;) {
        if (cx->path.facts[i].key && cx->path.facts[i].key != key)
            continue;
        bool fact_truth = cx->path.facts[i].truth;
        const vks_smt_expr *fact = without_not(cx->path.facts[i].cond, &fact_truth);
        if (same_expr(fact, cond))
            return fact_truth == truth;
    }
    return -1;
}

/*
 * The bound on branch decisions along one path.  Every decision costs a
 * solver query over all the facts before it and a re-execution per
 * alternative, so a function with thousands of branches on unknowns (a
 * generated 50,000-line function has 10,000) would take hours.  Past the
 * bound a branch is no longer a decision: the first alternative is followed
 * without asking Z3, no alternative is left to enumerate, and the path is
 * reported as vksync-incomplete, like a solver that gave up (hazards on it
 * may be infeasible; the branches not taken are not analysed).
 */

/*
 * While a statement's recording ways run as code (summary.c): whether
 * alternative `alt` of the decision the path makes now leads only to ways
 * that, run every way moments before from the same state, reached the
 * statement's end having recorded nothing.  Those ways are the joined
 * path's; taking the alternative here would only run the path to the
 * statement's end and drop it.  False when no way is known to take it.
 */
static bool leads_only_to_quiet_ways(const fe_ctx *cx, unsigned alt)
{
    const fe_way_outlines *o = cx->recording_ways;
    unsigned position = cx->path.decision_count - o->first_decision;
    bool some = false;
    for (size_t w = 0; w < o->count; w++) {
        const fe_way_outline *way = &o->ways[w];
        if (way->count <= position || way->chosen[position] != alt)
            continue;
        bool same_prefix = true;
        for (unsigned i = 0; i < position && same_prefix; i++)
            same_prefix = way->chosen[i] == cx->decisions[o->first_decision + i].chosen;
        if (!same_prefix)
            continue;
        if (way->records)
            return false;
        some = true;
    }
    return some;
}

/*
 * The decision limit is one finding per recording function: the function
 * is analysed only in part either way, and where its other paths reach the
 * limit are notes of that finding (a related place each), not findings of
 * their own.  Zink's `zink_resource_commit` reached it at six places, one
 * finding each, as many as all its other limits together.
 */
static void decisions_capped_at(fe_ctx *cx, vks_loc at, unsigned max_decisions)
{
    const char *message = vks_arena_printf(
        cx->arena, "more than %u branch decisions on one path through `%s`; "
        "from here on only the first way of each branch is followed",
        max_decisions, cx->root_function ? cx->root_function : "?");
    for (size_t i = 0; i < cx->findings->count; i++) {
        vks_finding *f = &cx->findings->items[i];
        if (f->rule != VKS_RULE_VKSYNC_INCOMPLETE || strcmp(f->message, message) != 0)
            continue;
        if (vks_loc_equal(&f->loc, &at))
            return;
        for (size_t n = 0; n < f->note_count; n++)
            if (vks_loc_equal(&f->notes[n].loc, &at))
                return;
        vks_finding_note(cx->findings, f, VKS_NOTE_RELATED, at,
                         "another path through it reaches the limit here");
        return;
    }
    fe_incomplete_at(cx, at, message);
}

/* `a || !a`, or a disjunction with such a part: true whatever the path.
   A region joined from a way that assumed a test and one that assumed its
   negation says so of the join (summary.c joined_ways_hold), and vkcube's
   window-size clamps made one per frame: a fact that says nothing, but
   part of the state two paths' states are compared by (merge.c). */
static bool says_nothing(const vks_smt_expr *cond)
{
    if (!cond || cond->kind != VKS_SMT_BINARY || cond->op != VKS_SMT_OR)
        return false;
    bool left_truth = true, right_truth = true;
    const vks_smt_expr *left = without_not(cond->lhs, &left_truth);
    const vks_smt_expr *right = without_not(cond->rhs, &right_truth);
    if (left_truth != right_truth && same_expr(left, right))
        return true;
    return says_nothing(cond->lhs) || says_nothing(cond->rhs);
}

unsigned fe_choose(fe_ctx *cx, vks_loc at, const fe_alternative *alts,
                   unsigned count)
{
    unsigned index = cx->path.decision_count;
    bool at_statement = cx->decision_at_statement, key_given = cx->decision_key_given;
    cx->decision_at_statement = cx->decision_key_given = false;
    unsigned max_decisions = fe_limit(FE_LIMIT_DECISIONS);
    if (index >= max_decisions && count > 0) {
        if (!cx->path.decisions_capped)
            decisions_capped_at(cx, at, max_decisions);
        cx->path.decisions_capped = true;
        return 0;
    }
    /* The same test as one the path already made (vkcube's
       `if (!demo->validate) return;` at the top of every debug-naming
       helper, 144 times on one path): no decision and no question to Z3,
       only the step the notes show. */
    if (count == 2 && alts[0].fact_count == 1 && alts[1].fact_count == 1 &&
        alts[0].facts[0].cond == alts[1].facts[0].cond &&
        alts[0].facts[0].truth != alts[1].facts[0].truth) {
        int holds = already_assumed(cx, alts[0].facts[0].cond);
        if (holds >= 0) {
            unsigned taken = holds == alts[0].facts[0].truth ? 0 : 1;
            push_step(cx, at, alts[taken].text);
            return taken;
        }
    }
    unsigned first = 0, last = count;
    if (index < cx->forced_count) {
        first = cx->decisions[index].chosen;
        last = first + 1;
    }
    unsigned chosen = UINT32_MAX;
    /* A replayed decision before the last forced one was taken, with the
       same facts before it, by the run this one replays (the run went on
       past it), so it is feasible: asking Z3 again made the number of
       queries grow with paths x depth (vkcube: 13 000 queries, the whole
       solver budget, for 128 paths; under 1 000 now).  Only the newly
       tried alternative, decisions[forced_count - 1], and fresh decisions
       are asked. */
    bool known_feasible = index + 1 < cx->forced_count;
    /* Inside a region run every way (summary.c) a way that cannot happen
       only makes the join coarser (more unknowns, never a finding), and
       its facts are dropped at the join: Z3 is not asked there, which made
       Z3 most of the time of a memory-type loop joined per iteration. */
    known_feasible |= cx->sandbox > 0;
    /* The newly tried alternative was found possible when the decision was
       first made (below). */
    if (index < cx->forced_count && first < 32 &&
        (cx->decisions[index].possible >> first & 1))
        known_feasible = true;
    /* A fresh decision inside a statement's recording ways, on the path
       itself: the alternatives that lead only to ways that record nothing
       are not taken (never enumerated). */
    uint32_t quiet_only = 0;
    if (cx->recording_ways && !cx->sandbox && index >= cx->forced_count &&
        index >= cx->recording_ways->first_decision)
        for (unsigned i = 0; i < count && i < 32; i++)
            if (leads_only_to_quiet_ways(cx, i))
                quiet_only |= 1u << i;
    for (unsigned i = first; i < last && i < count; i++) {
        if (i < 32 && (quiet_only >> i & 1))
            continue;
        if (known_feasible || feasible_with(cx, at, &alts[i])) {
            chosen = i;
            break;
        }
    }
    /* Recorded even when nothing is feasible, so the enumeration moves on
       past this alternative. */
    fe_decision d = {.chosen = chosen == UINT32_MAX ? last - 1 : chosen,
                     .alternatives = count};
    if (index < cx->forced_count) {
        d.impossible = cx->decisions[index].impossible;
        d.possible = cx->decisions[index].possible;
        d.quiet_leaves = cx->decisions[index].quiet_leaves;
        d.keyed = cx->decisions[index].keyed;
        d.state_key = cx->decisions[index].state_key;
    } else {
        for (unsigned i = 0; i < count && i < 32; i++)
            if (alts[i].quiet_leave)
                d.quiet_leaves |= 1u << i;
    }
    if (index >= cx->forced_count && chosen != UINT32_MAX && !known_feasible) {
        d.impossible |= quiet_only;
        /* A new decision: the other alternatives are asked now, with the
           facts every later path replaying this one will have here.  An
           impossible one is never run (each such run re-executed the
           function from its start only to stop here: 45 of vkcube's
           demo_draw's 59 runs); a possible one is not asked again. */
        for (unsigned i = chosen + 1; i < count && i < 32; i++) {
            if (quiet_only >> i & 1)
                continue;
            if (feasible_with(cx, at, &alts[i]))
                d.possible |= 1u << i;
            else
                d.impossible |= 1u << i;
        }
    }
    size_t dcount = cx->path.decision_count, dcap = cx->decision_cap;
    /* A function's decisions outlive its paths (the next path replays
       them); a joined region's are its own, gone with the path. */
    vks_arena *decision_arena = cx->sandbox ? fe_value_arena(cx) : cx->arena;
    if (index < cx->forced_count) {
        d.prefix_checked = cx->decisions[index].prefix_checked;
        d.submission_taken_back = cx->decisions[index].submission_taken_back;
        if (index + 1 == cx->forced_count && !cx->sandbox) {
            cx->path.effects_at_divergence = cx->path.effects;
            cx->path.inert_at_divergence = cx->path.inert_effects;
            if (fe_debug_paths())
                fprintf(stderr, "    diverge %s:%u: %u of %u (decision %u)\n", at.file, at.line,
                        chosen == UINT32_MAX ? 0 : chosen + 1, count, index);
        }
        cx->decisions[index] = d;
        cx->path.decision_count++;
    } else {
        VKS_PUSH(decision_arena, cx->decisions, dcount, dcap, d);
        cx->path.decision_count = (unsigned)dcount;
        cx->decision_cap = (unsigned)dcap;
    }
    if (fe_debug_paths() && index >= cx->forced_count) {
        bool truth = true;
        const vks_smt_expr *tested = count > 0 && alts[0].fact_count > 0
                                         ? without_not(alts[0].facts[0].cond, &truth) : NULL;
        fprintf(stderr, "    decide %s:%u: %u of %u (region depth %u) on %s\n", at.file,
                at.line, chosen == UINT32_MAX ? 0 : chosen + 1, count, cx->sandbox,
                tested && tested->kind == VKS_SMT_VAR ? tested->name : "an expression");
    }
    if (chosen == UINT32_MAX) {
        cx->path.dead = true;
        return UINT32_MAX;
    }
    /* A way taken before from the same state at this decision: the rest of
       the path was run from there (merge.c, "Merging at decisions"). */
    fe_decision *made = &cx->decisions[index];
    if (index >= cx->forced_count && !cx->sandbox) {
        if (key_given)
            made->state_key = cx->decision_key;
        made->keyed = key_given || (at_statement && cx->decision_state_key &&
                                    cx->decision_state_key(cx, at, &made->state_key));
        if (made->keyed && cx->way_taken_before(cx, made->state_key, chosen)) {
            cx->path.merged = true;
            if (fe_debug_paths())
                fprintf(stderr, "  merged at decision %s:%u (way %u taken before)\n",
                        at.file, at.line, chosen + 1);
        }
    }
    for (unsigned i = 0; i < alts[chosen].fact_count; i++)
        if (!alts[chosen].facts[i].truth || !says_nothing(alts[chosen].facts[i].cond)) {
            fe_fact f = alts[chosen].facts[i];
            f.key = fact_key(f.cond);
            VKS_PUSH(fe_value_arena(cx), cx->path.facts, cx->path.fact_count,
                     cx->path.fact_cap, f);
        }
    if (alts[chosen].text) /* NULL: the decisions that follow say it */
        push_step(cx, at, alts[chosen].text);
    if (cx->facts_assumed)
        cx->facts_assumed(cx, at, alts[chosen].facts, alts[chosen].fact_count, true);
    return chosen;
}

struct fe_fact_names {
    name_set set;
};

/* The names the path's facts mention, kept from one question to the next:
   each fe_path_allows outside a region compared every variable of its
   condition with every fact of the path, name by name (3% of vkcube-xcb's
   instructions).  Facts are only added on a path, except where a region's
   way is taken back (summary.c) or a creator's path starts over
   (frontend.c); both go through fe_facts_taken_back, which drops the set
   when it held facts taken back. */
static const name_set *fact_variable_names(fe_ctx *cx)
{
    fe_path *p = &cx->path;
    if (!p->fact_names) {
        p->fact_names = vks_arena_alloc(fe_value_arena(cx), sizeof *p->fact_names);
        p->fact_names_upto = 0;
    }
    for (; p->fact_names_upto < p->fact_count; p->fact_names_upto++)
        collect_variables(cx, p->facts[p->fact_names_upto].cond, &p->fact_names->set);
    return &p->fact_names->set;
}

void fe_facts_taken_back(fe_ctx *cx, size_t count)
{
    cx->path.fact_count = count;
    if (cx->path.fact_names_upto > count)
        cx->path.fact_names = NULL;
}

bool fe_path_facts_mention(fe_ctx *cx, const char *name)
{
    return name_set_has(fact_variable_names(cx), name);
}

void fe_path_fact_names_update(fe_ctx *cx)
{
    (void)fact_variable_names(cx);
}

/* Whether any variable of e is one the path's facts mention. */
static bool mentions_a_fact_variable(fe_ctx *cx, const vks_smt_expr *e)
{
    return mentions_any(e, fact_variable_names(cx));
}

bool fe_path_allows(fe_ctx *cx, vks_loc at, const vks_smt_expr *cond, bool truth)
{
    int holds = already_assumed(cx, cond);
    if (holds >= 0)
        return holds == (int)truth;
    /* Inside a joined region Z3 is not asked (fe_choose says why). */
    if (cx->sandbox > 0 || !mentions_a_fact_variable(cx, cond))
        return true;
    fe_fact fact = {.cond = cond, .truth = truth};
    fe_alternative alt = {.facts = &fact, .fact_count = 1};
    return feasible_with(cx, at, &alt);
}

bool fe_next_path(fe_ctx *cx)
{
    /* A region's ways (summary.c) are its own decisions, from its start. */
    int floor = cx->sandbox ? 0 : (int)cx->decision_floor;
    for (int i = (int)cx->path.decision_count - 1; i >= floor; i--) {
        fe_decision *d = &cx->decisions[i];
        unsigned next = d->chosen + 1;
        /* A way that leaves and adds nothing is run only while no path
           through the decision was kept (quiet_leave.c). */
        uint32_t skipped = d->impossible | (d->prefix_checked ? d->quiet_leaves : 0);
        /* A way taken before from the state the path has here is not run
           again (merge.c, "Merging at decisions"). */
        while (next < d->alternatives &&
               ((next < 32 && (skipped >> next & 1)) ||
                (d->keyed && !cx->sandbox && cx->way_taken_before(cx, d->state_key, next))))
            next++;
        if (next < d->alternatives) {
            d->chosen = next;
            cx->forced_count = (unsigned)i + 1;
            return true;
        }
    }
    return false;
}

void fe_assume(fe_ctx *cx, const vks_smt_expr *cond, bool truth)
{
    if (truth && says_nothing(cond))
        return;
    fe_fact f = {cond, truth, fact_key(cond)};
    VKS_PUSH(fe_value_arena(cx), cx->path.facts, cx->path.fact_count, cx->path.fact_cap, f);
    if (cx->facts_assumed)
        cx->facts_assumed(cx, (vks_loc){0}, &f, 1, false);
}

void fe_attach_path_steps(fe_ctx *cx, const fe_recording *r)
{
    size_t before = 0;
    for (size_t i = 0; i < cx->path.step_count; i++) {
        while (before < r->cmd_seq_count && r->cmd_seq[before] <= cx->path.step_seq[i])
            before++;
        vks_add_path_step_at(cx->program, r->cmdbuf, cx->path.step_locs[i],
                             cx->path.step_texts[i], before);
    }
}
