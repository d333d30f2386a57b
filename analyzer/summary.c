/*
 * summary.c - code that records nothing is run every way once and joined,
 * instead of splitting the path.
 *
 * Depth-first path enumeration (path_state.c) splits the path at every
 * branch on an unknown value.  Real programs branch mostly where they record
 * nothing: memory-type selection loops, error checks that return, feature
 * and extension probing, debug naming.  Splitting there multiplies the paths
 * without changing what is recorded.  So a region that records nothing - a
 * call to a helper that reaches no Vulkan entry point of the table, or an
 * `if` / loop statement whose code reaches none and does not leave the
 * function - is run on its own: each of its ways (its own decisions,
 * enumerated locally) from the same starting state, the writes of each way
 * kept aside and undone (the trail, values.c), and the states joined at its
 * end: a value every way left the same keeps it, a value the ways disagree
 * on becomes unknown (never guessed), and the path goes on as one.
 *
 * A region is run as any code when it turns out to do more than compute
 * values: a model about to record, create, map or submit stops it
 * (fe_sandboxed_effect), and so do too many ways and a way that leaves the
 * region (a `goto` out of it).  Ways that end the program or cannot happen
 * are left out of the join; when every way ends the program, the path ends.
 */
#include <stdio.h>
#include <string.h>

#include "eval.h"

enum {
    MAX_WAYS_PER_REGION = 128,  /* more: the region is run as any code */
    MAX_NESTED_REGIONS = 8,
    MAX_JOIN_DEPTH = 8,         /* members of members joined, deeper unknown */
};

/* ---- does a region record? (static) ---- */

typedef struct fe_quiet_info {
    const char *usr;
    bool known, quiet, visiting;
    bool branches;      /* has an `if` or `switch` (a way to split) */
    struct fe_quiet_info *next;
} quiet_info;

/* Ways that returned from the function a call region runs, kept by the
   statement regions inside it (their join goes on without them) for the
   call region's own join. */
typedef struct return_sink return_sink;

/* What may leave a region besides its end (stays_inside). */
enum {
    LEAVE_BY_RETURN = 1,    /* kept by the call region around it */
    LEAVE_BY_CONTINUE = 2,  /* a loop body's: the iteration's end */
    LEAVE_BY_BREAK = 4,     /* inside a loop or switch of its own */
};

typedef struct fe_summary_state {
    quiet_info *functions[FE_FUNCTION_BUCKETS];
    /* How often each region was joined with a value lost, by location
       (fe_join.region_joins). */
    fe_region_joins *region_joins[FE_FUNCTION_BUCKETS];
    vks_loc *split;             /* regions run as any code (must_split) */
    size_t split_count, split_cap;
    bool split_everything;
    return_sink *sink;          /* of the innermost call region's way */
    unsigned functions_visiting; /* function_quiet's being made */
} fe_summary_state;

static bool function_quiet(fe_ctx *cx, CXCursor decl);
static bool function_branches(fe_ctx *cx, CXCursor decl);

typedef struct {
    fe_ctx *cx;
    bool quiet;
    bool branches;
} quiet_walk;

/* A call to an entry point of the table or any vkCmd* that matters to the
   engine (fe_entry_point_matters), or to a helper that makes one. */
static enum CXChildVisitResult find_recording_call(CXCursor c, CXCursor parent,
                                                   CXClientData data)
{
    quiet_walk *w = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    /* Only `if` and `switch` split a path: a loop on an unknown condition
       runs twice, `?:`, `&&` and `||` give an unknown value. */
    if (kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt)
        w->branches = true;
    if (kind == CXCursor_CallExpr) {
        const char *entry = fe_callee_entry_point(w->cx, c);
        if (entry && fe_entry_point_matters(w->cx, entry))
            w->quiet = false;
        CXCursor decl = fe_callee_decl(c);
        if (w->quiet && !clang_Cursor_isNull(decl) && !function_quiet(w->cx, decl))
            w->quiet = false;
        if (w->quiet && !clang_Cursor_isNull(decl) && function_branches(w->cx, decl))
            w->branches = true;
        /* pthread_create runs the thread's start routine (threads.c). */
        const fe_function *started = w->quiet ? fe_thread_start_routine(w->cx, c) : NULL;
        if (started && !function_quiet(w->cx, started->definition))
            w->quiet = false;
    }
    return w->quiet ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* Whether code records nothing; *branches: whether it (or a helper it
   calls) has a way to split at all. */
static fe_summary_state *summary_of(fe_ctx *cx);

/* Kept on the node (a region's statement is asked again each time it
   runs: 2.5% of vkcube-xcb's instructions), except while a function's own
   answer is being made: a call back into it reads as recording then
   (function_quiet), which is no answer to keep. */
static bool code_quiet(fe_ctx *cx, CXCursor code, bool *branches)
{
    fe_node_memo *m = summary_of(cx)->functions_visiting ? NULL : fe_node_memo_of(code);
    if (m && m->code_quiet != FE_MEMO_UNSET) {
        if (branches)
            *branches = m->code_branches;
        return m->code_quiet == FE_MEMO_YES;
    }
    quiet_walk w = {cx, true, false};
    find_recording_call(code, clang_getNullCursor(), &w);
    if (w.quiet)
        clang_visitChildren(code, find_recording_call, &w);
    if (m && !cx->eval->summary->functions_visiting) {
        m->code_quiet = w.quiet ? FE_MEMO_YES : FE_MEMO_NO;
        m->code_branches = w.branches;
    }
    if (branches)
        *branches = w.branches;
    return w.quiet;
}

static quiet_info *quiet_info_of(fe_ctx *cx, const char *usr)
{
    summary_of(cx);
    unsigned b = fe_usr_bucket(usr);
    for (quiet_info *q = cx->eval->summary->functions[b]; q; q = q->next)
        if (strcmp(q->usr, usr) == 0)
            return q;
    quiet_info *q = vks_arena_alloc(cx->arena, sizeof *q);
    q->usr = usr;
    q->next = cx->eval->summary->functions[b];
    cx->eval->summary->functions[b] = q;
    return q;
}

/* A function without a body records nothing the models see, unless it is
   handed a command buffer (fe_opaque_call: stopped when run every way). */
static bool function_quiet(fe_ctx *cx, CXCursor decl)
{
    quiet_info *q = quiet_info_of(cx, fe_string(cx, clang_getCursorUSR(decl)));
    if (q->known)
        return q->quiet;
    if (q->visiting)
        return false; /* recursion: not decided here, so not quiet */
    CXCursor def = fe_find_function(cx, decl);
    CXCursor body = clang_Cursor_isNull(def) ? def : fe_function_body(def);
    q->visiting = true;
    cx->eval->summary->functions_visiting++;
    bool branches = false;
    bool quiet = clang_Cursor_isNull(body) || code_quiet(cx, body, &branches);
    cx->eval->summary->functions_visiting--;
    q->visiting = false;
    q->known = true;
    q->quiet = quiet;
    q->branches = branches;
    return quiet;
}

/* A helper with no `if` or `switch` (itself and in what it calls) has one
   way: run every way, it costs a join for nothing. */
static bool function_branches(fe_ctx *cx, CXCursor decl)
{
    quiet_info *q = quiet_info_of(cx, fe_string(cx, clang_getCursorUSR(decl)));
    if (!q->known)
        function_quiet(cx, decl);
    return q->visiting || q->branches;
}

/* A statement that cannot leave the region other than by its end or by
   what `allowed` names (LEAVE_BY_*): no `goto`; a `return` only where a call
   region keeps it; `break` only for a loop or switch inside; `continue` only
   for a loop inside, or for the loop whose body the region is. */
static bool stays_inside(fe_ctx *cx, CXCursor c, unsigned allowed)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt:
        if (!(allowed & LEAVE_BY_RETURN))
            return false;
        break;
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
        return false;
    case CXCursor_BreakStmt:
        return allowed & LEAVE_BY_BREAK;
    case CXCursor_ContinueStmt:
        return allowed & LEAVE_BY_CONTINUE;
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
        allowed |= LEAVE_BY_BREAK | LEAVE_BY_CONTINUE;
        break;
    case CXCursor_SwitchStmt:
        allowed |= LEAVE_BY_BREAK;
        break;
    default:
        break;
    }
    const fe_child_list *ch = fe_children_kept(cx, c);
    for (unsigned i = 0; i < ch->count; i++)
        if (!stays_inside(cx, ch->items[i], allowed))
            return false;
    return true;
}

static fe_summary_state *summary_of(fe_ctx *cx)
{
    if (!cx->eval->summary)
        cx->eval->summary = vks_arena_alloc(cx->arena, sizeof *cx->eval->summary);
    return cx->eval->summary;
}

/* Whether a statement is no region: it may record, leave itself other
   than as `allowed` says (LEAVE_BY_RETURN, LEAVE_BY_CONTINUE), or has no
   `if` or `switch` (one way: nothing to join). */
static bool not_a_region(fe_ctx *cx, CXCursor stmt, unsigned allowed)
{
    fe_node_memo local = {0};
    fe_node_memo *e = fe_node_memo_of(stmt);
    if (!e)
        e = &local;
    if (!e->region_known) {
        bool branches = false;
        bool quiet = code_quiet(cx, stmt, &branches) && branches;
        e->region_known = true;
        for (unsigned a = 0; a < 4; a++)
            e->not_region[a] = !quiet || !stays_inside(cx, stmt, a);
    }
    return e->not_region[allowed & 3];
}


/* Whether a statement records (or may) and has a way to split, and
   nothing leaves it but its end: run every way, its ways that record
   nothing can be joined (run_code_every_way).  Its text for the notes, or
   NULL. */
static const char *records_but_branches_uncached(fe_ctx *cx, CXCursor stmt)
{
    bool branches = false;
    if (code_quiet(cx, stmt, &branches) || !branches || !stays_inside(cx, stmt, 0))
        return NULL;
    const fe_child_list *ch = fe_children_kept(cx, stmt);
    if (!ch->count)
        return NULL;
    /* for the notes: `if (err == VK_ERROR_OUT_OF_DATE_KHR)` */
    return vks_arena_printf(cx->arena, "`%s (%s)`",
                            clang_getCursorKind(stmt) == CXCursor_IfStmt ? "if" : "switch",
                            fe_source_text(cx, ch->items[0]));
}

/* Kept on the node: asked each time the statement runs, and its text was
   made in the analysis's arena each time. */
static const char *records_but_branches(fe_ctx *cx, CXCursor stmt)
{
    enum CXCursorKind kind = clang_getCursorKind(stmt);
    if (kind != CXCursor_IfStmt && kind != CXCursor_SwitchStmt)
        return NULL;
    fe_node_memo *m = fe_node_memo_of(stmt);
    if (m && m->records_but_branches != FE_MEMO_UNSET)
        return m->records_but_branches_text;
    const char *text = records_but_branches_uncached(cx, stmt);
    if (m && !cx->eval->summary->functions_visiting) {
        m->records_but_branches = text ? FE_MEMO_YES : FE_MEMO_NO;
        m->records_but_branches_text = text;
    }
    return text;
}

/* A statement's own code, without the statements inside it: the
   condition of an `if`, `switch` or loop, all of any other statement. */
static bool own_code_may_record(fe_ctx *cx, CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_CompoundStmt: case CXCursor_LabelStmt: case CXCursor_NullStmt:
    case CXCursor_BreakStmt: case CXCursor_ContinueStmt: case CXCursor_GotoStmt:
    case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
        return false;
    case CXCursor_IfStmt: case CXCursor_SwitchStmt: case CXCursor_WhileStmt:
    case CXCursor_DoStmt: case CXCursor_ForStmt: {
        /* every child that is an expression: conditions, a for's init and
           increment; the bodies are statements of their own */
        const fe_child_list *ch = fe_children_kept(cx, c);
        for (unsigned i = 0; i < ch->count; i++)
            if (clang_isExpression(clang_getCursorKind(ch->items[i])) &&
                !code_quiet(cx, ch->items[i], NULL))
                return true;
        return false;
    }
    default:
        return !code_quiet(cx, c, NULL);
    }
}

bool fe_may_record_here(fe_ctx *cx, CXCursor c)
{
    bool in_ways = cx->partial_level && cx->sandbox == cx->partial_level;
    bool counting = cx->counting_statements && !cx->sandbox;
    if ((!in_ways && !counting) || !own_code_may_record(cx, c))
        return false;
    if (in_ways) {
        cx->sandbox_abort = true; /* a way that records: not joined */
        return true;
    }
    cx->path.recording_statements++;
    return false;
}

bool fe_function_records(fe_ctx *cx, CXCursor decl)
{
    return !function_quiet(cx, decl);
}

bool fe_code_records(fe_ctx *cx, CXCursor code)
{
    return !code_quiet(cx, code, NULL);
}

/* ---- the ways of a region and their join ---- */

/* What one way left: the final state of every value it wrote. */
typedef struct {
    fe_val **nodes;
    fe_val *states;
    size_t count;
    /* open addressing on the node's address: index + 1, 0 empty */
    size_t *slots;
    size_t slot_count;
    fe_val *result;
    /* What the way's decisions assumed (a conjunction), NULL: nothing. */
    const vks_smt_expr *assumed;
} way;

struct return_sink {
    way *ways;
    size_t count, cap;
    size_t mark;    /* the trail when the call region's way began */
    int depth;      /* the frame of the function it runs */
};

static size_t slot_of(const way *w, const fe_val *node)
{
    size_t h = ((uintptr_t)node >> 4) * 2654435761u;
    return h & (w->slot_count - 1);
}

static const fe_val *state_in(const way *w, const fe_val *node)
{
    if (!w->slot_count)
        return node;
    for (size_t s = slot_of(w, node);; s = (s + 1) & (w->slot_count - 1)) {
        size_t at = w->slots[s];
        if (!at)
            return node; /* not written on this way: as it is now */
        if (w->nodes[at - 1] == node)
            return &w->states[at - 1];
    }
}

static const vks_smt_expr *way_facts(fe_ctx *cx, size_t from);

/* Keeps the final states of what the way wrote (the trail from `mark`),
   and what its decisions assumed (the path's facts from `facts`). */
static void keep_way(fe_ctx *cx, way *w, size_t mark, fe_val *result, size_t facts)
{
    size_t n = cx->trail_count - mark;
    w->nodes = vks_arena_alloc(fe_value_arena(cx), sizeof *w->nodes * (n + 1));
    w->states = vks_arena_alloc(fe_value_arena(cx), sizeof *w->states * (n + 1));
    w->slot_count = 16;
    while (w->slot_count < 2 * n + 2)
        w->slot_count *= 2;
    w->slots = vks_arena_alloc(fe_value_arena(cx), sizeof *w->slots * w->slot_count);
    memset(w->slots, 0, sizeof *w->slots * w->slot_count);
    w->count = 0;
    for (size_t i = mark; i < cx->trail_count; i++) {
        fe_val *node = cx->trail[i].node;
        if (state_in(w, node) != node)
            continue; /* saved twice (a nested region ran): once is enough */
        w->nodes[w->count] = node;
        w->states[w->count] = *node;
        size_t s = slot_of(w, node);
        while (w->slots[s])
            s = (s + 1) & (w->slot_count - 1);
        w->slots[s] = ++w->count;
    }
    w->result = result;
    w->assumed = way_facts(cx, facts);
}

static bool same_scalar(const fe_val *a, const fe_val *b)
{
    if (a->kind != b->kind || a->mapping != b->mapping ||
        a->mapped_place != b->mapped_place || a->map_offset_known != b->map_offset_known ||
        (a->map_offset_known && a->map_offset != b->map_offset) ||
        a->aggregate != b->aggregate || a->zero_rest != b->zero_rest ||
        a->initialiser_elements != b->initialiser_elements)
        return false;
    if ((a->string == NULL) != (b->string == NULL) ||
        (a->string && strcmp(a->string, b->string) != 0))
        return false;
    switch (a->kind) {
    case VAL_INT:
        return a->i == b->i;
    case VAL_SYM:
        return strcmp(a->ident, b->ident) == 0;
    case VAL_UNKNOWN:
        return a->unknown_name == b->unknown_name ||
               (a->unknown_name && b->unknown_name &&
                strcmp(a->unknown_name, b->unknown_name) == 0);
    case VAL_PTR:
        return a->target == b->target && a->index == b->index && a->single == b->single;
    default:
        return true;
    }
}

/* A value the join made unknown, and what each way held there. */
typedef struct {
    const char *name;
    const fe_val **states;
} joined_value;

/* One join: the ways, and the number it gives the values it makes unknown
   (fe_ctx.joins), taken when the first one is; the values it made unknown
   that some way held a number in (ways_agree). */
typedef struct {
    fe_ctx *cx;
    const way *ways;
    size_t n;
    vks_loc region;
    unsigned decisions_before;
    unsigned id;
    joined_value *numbers;
    size_t number_count, number_cap;
} joiner;

static fe_val *join_states(joiner *j, const fe_val *const *states, int depth);

/* A member the ways disagree on, or hold in values of their own: joined
   from each way's value (a way without it: unknown). */
static fe_val *join_member(joiner *j, const fe_val *const *owners, const char *name,
                           int depth)
{
    fe_ctx *cx = j->cx;
    const way *ways = j->ways;
    size_t n = j->n;
    const fe_val **members = vks_arena_alloc(fe_value_arena(cx), sizeof *members * n);
    const fe_val *first = NULL;
    bool same_node = true;
    for (size_t i = 0; i < n; i++) {
        const fe_val *child = NULL;
        for (const fe_field *f = owners[i]->fields; f && !child; f = f->next)
            if (strcmp(f->name, name) == 0)
                child = f->value;
        /* Not there on this way: what reading it there would have made. */
        bool made = !child;
        if (made)
            child = fe_default_child(cx, owners[i], name);
        if (i == 0)
            first = child;
        same_node &= child == first && !made;
        members[i] = made ? child : state_in(&ways[i], child);
    }
    if (same_node)
        return (fe_val *)first; /* one value, joined where it is (if written) */
    return join_states(j, members, depth + 1);
}

static uint64_t loc_hash(vks_loc at)
{
    uint64_t h = fe_hash_text(FE_HASH_SEED, at.file ? at.file : "");
    uint64_t pos[] = {at.line, at.col};
    return fe_hash_bytes(h, pos, sizeof pos);
}

/* The counter of a region's joins (fe_join.region_joins), made the first
   time. */
static fe_region_joins *region_counter(fe_ctx *cx, vks_loc at)
{
    fe_region_joins **bucket = &summary_of(cx)->region_joins[loc_hash(at) % FE_FUNCTION_BUCKETS];
    for (fe_region_joins *r = *bucket; r; r = r->next)
        if (vks_loc_equal(&r->at, &at))
            return r;
    fe_region_joins *r = vks_arena_alloc(cx->arena, sizeof *r);
    *r = (fe_region_joins){at, cx->run_serial, 0, *bucket};
    *bucket = r;
    return r;
}

/* A value every way left the same keeps it; otherwise its scalar part is
   unknown and its members are joined one by one. */
static unsigned lost(joiner *j)
{
    if (!j->id) {
        fe_region_joins *count = region_counter(j->cx, j->region);
        if (count->run_serial != j->cx->run_serial) {
            count->run_serial = j->cx->run_serial;
            count->joins = 0;
        }
        count->joins++;
        fe_join join = {j->region, j->decisions_before, (unsigned)j->n, count, false};
        VKS_PUSH(j->cx->arena, j->cx->joins, j->cx->join_count, j->cx->join_cap, join);
        j->id = (unsigned)j->cx->join_count;
    }
    return j->id;
}

/*
 * The ways of a joined region held numbers that differ: the unknown the
 * join makes is one of them, a fact of the path from the join on.  Without
 * it zink's `retry:` loop in resource_object_create (`if (heap ==
 * ZINK_HEAP_DEVICE_LOCAL_VISIBLE) { if (coherent) heap = A; else heap = B; goto
 * retry; }`)
 * went round on the joined `heap` until its goto limit, and every way of
 * the function after it was lost (four vksync-incomplete findings).
 */
enum { MAX_ONE_OF = 8 };

static void fact_one_of(fe_ctx *cx, const char *name, const fe_val *const *states, size_t n)
{
    if (n > MAX_ONE_OF)
        return;
    for (size_t i = 0; i < n; i++)
        if (states[i]->kind != VAL_INT)
            return;
    vks_smt_expr *var = fe_smt_new(cx, VKS_SMT_VAR);
    var->name = name;
    const vks_smt_expr *one_of = NULL;
    for (size_t i = 0; i < n; i++) {
        bool again = false;
        for (size_t k = 0; k < i && !again; k++)
            again = states[k]->i == states[i]->i;
        if (again)
            continue;
        const vks_smt_expr *is = fe_smt_is(cx, var, states[i]->i);
        one_of = one_of ? fe_smt_binary(cx, VKS_SMT_OR, one_of, is) : is;
    }
    fe_assume(cx, one_of, true);
}

/*
 * The values a join made unknown are not independent: each way held its
 * numbers together, under what its own decisions assumed.  A helper called
 * in FFmpeg's `RET(x)` returns 0 having set a member, or the error code its
 * own test found, having set nothing; joined, the member is an unknown of
 * its own, and the path on which the caller's test found no error still
 * went both ways on whether the member was set - a path that cannot run.
 * So the join adds one fact: the disjunction over the ways of what each
 * way assumed and the numbers it held in the values made unknown.  (A
 * statement that may record does the same with the ways' assumptions
 * alone: joined_ways_hold.)  A way that held no number in a value says
 * nothing of it; a way that assumed nothing and held no number makes the
 * fact say nothing, and it is not added.  Up to MAX_ONE_OF ways and
 * MAX_CORRELATED values.  vkcube: 379 paths -> 364 (the same findings).
 */
enum { MAX_CORRELATED = 16 };

static void keep_numbers(joiner *j, const char *name, const fe_val *const *states)
{
    if (j->n > MAX_ONE_OF || j->number_count == MAX_CORRELATED)
        return;
    bool some_number = false;
    for (size_t i = 0; i < j->n && !some_number; i++)
        some_number = states[i]->kind == VAL_INT;
    if (!some_number)
        return;
    vks_arena *a = fe_value_arena(j->cx);
    joined_value v = {name, vks_arena_alloc(a, sizeof *v.states * j->n)};
    memcpy(v.states, states, sizeof *v.states * j->n);
    VKS_PUSH(a, j->numbers, j->number_count, j->number_cap, v);
}

static void ways_agree(joiner *j)
{
    fe_ctx *cx = j->cx;
    if (!j->number_count)
        return;
    const vks_smt_expr *any_way = NULL;
    bool some_way_assumed = false;
    for (size_t w = 0; w < j->n; w++) {
        const vks_smt_expr *this_way = j->ways[w].assumed;
        some_way_assumed |= this_way != NULL;
        for (size_t k = 0; k < j->number_count; k++) {
            const fe_val *held = j->numbers[k].states[w];
            if (held->kind != VAL_INT)
                continue;
            vks_smt_expr *var = fe_smt_new(cx, VKS_SMT_VAR);
            var->name = j->numbers[k].name;
            const vks_smt_expr *is = fe_smt_is(cx, var, held->i);
            this_way = this_way ? fe_smt_binary(cx, VKS_SMT_AND, this_way, is) : is;
        }
        if (!this_way)
            return; /* a way that says nothing: so does the fact */
        any_way = any_way ? fe_smt_binary(cx, VKS_SMT_OR, any_way, this_way) : this_way;
    }
    if (j->number_count < 2 && !some_way_assumed)
        return; /* the numbers of one value: fact_one_of said it */
    fe_assume(cx, any_way, true);
}

static fe_val *join_states(joiner *j, const fe_val *const *states, int depth)
{
    fe_ctx *cx = j->cx;
    size_t n = j->n;
    fe_val *out = fe_unknown(cx);
    *out = *states[0];
    out->logged_in = 0;
    bool scalar_same = true;
    for (size_t i = 1; i < n && scalar_same; i++)
        scalar_same = same_scalar(states[0], states[i]);
    if (!scalar_same) {
        out->kind = VAL_UNKNOWN;
        out->i = 0;
        out->ident = NULL;
        out->target = NULL;
        out->mapping = NULL;
        out->mapped_place = false;
        out->string = NULL;
        out->zero_rest = false;
        out->initialiser_elements = false;
        out->lossy = lost(j);
        for (size_t i = 0; i < n && !out->lost_object; i++)
            out->lost_object = (states[i]->kind == VAL_SYM && states[i]->ident &&
                                strstr(states[i]->ident, "created:")) ||
                               (states[i]->kind == VAL_PTR && states[i]->target) ||
                               states[i]->lost_object;
        /* One unknown, numbered as the path numbers its unknowns (the same
           on every run that replays the path). */
        out->unknown_name = vks_arena_printf(fe_value_arena(cx), "?j%u",
                                            ++cx->path.fresh_names);
        fact_one_of(cx, out->unknown_name, states, n);
        keep_numbers(j, out->unknown_name, states);
    }
    bool fields_same = true;
    for (size_t i = 1; i < n && fields_same; i++)
        fields_same = states[i]->fields == states[0]->fields;
    if (fields_same)
        return out;
    out->fields = NULL;
    /* A member no way has is zero when every way's struct was zeroed
       (`memset(demo, 0, ...)`, then an argument loop that sets one flag per
       way): losing that made every other member of vkcube's `demo` an
       unknown, each test of one (`if (demo->staging_texture.buffer)`) a
       decision.  A member some way has is joined below. */
    bool every_zeroed = true;
    for (size_t i = 0; i < n; i++)
        every_zeroed &= states[i]->zero_rest;
    out->zero_rest = every_zeroed;
    if (depth >= MAX_JOIN_DEPTH)
        return out;
    /* Every member name any way has: joined from all ways. */
    for (size_t i = 0; i < n; i++)
        for (const fe_field *f = states[i]->fields; f; f = f->next) {
            bool done = false;
            for (const fe_field *g = out->fields; g && !done; g = g->next)
                done = strcmp(g->name, f->name) == 0;
            if (done)
                continue;
            fe_field *joined = vks_arena_alloc(fe_value_arena(cx), sizeof *joined);
            joined->name = f->name;
            joined->name_hash = f->name_hash;
            joined->value = join_member(j, states, f->name, depth);
            joined->next = out->fields;
            out->fields = joined;
        }
    return out;
}

/* Writes the join of the ways into every value any of them wrote. */
static void apply_join(joiner *j)
{
    fe_ctx *cx = j->cx;
    const way *ways = j->ways;
    size_t n = j->n;
    const fe_val **states = vks_arena_alloc(fe_value_arena(cx), sizeof *states * n);
    for (size_t w = 0; w < n; w++)
        for (size_t k = 0; k < ways[w].count; k++) {
            fe_val *node = ways[w].nodes[k];
            bool earlier = false;
            for (size_t v = 0; v < w && !earlier; v++)
                earlier = state_in(&ways[v], node) != node;
            if (earlier)
                continue; /* joined already */
            for (size_t v = 0; v < n; v++)
                states[v] = state_in(&ways[v], node);
            fe_val *joined = join_states(j, states, 0);
            fe_will_write(cx, node);
            unsigned logged_in = node->logged_in;
            *node = *joined;
            node->logged_in = logged_in;
        }
}

static fe_val *join_results(joiner *j)
{
    fe_ctx *cx = j->cx;
    const way *ways = j->ways;
    size_t n = j->n;
    const fe_val **states = vks_arena_alloc(fe_value_arena(cx), sizeof *states * n);
    for (size_t i = 0; i < n; i++) {
        if (!ways[i].result)
            return fe_unknown(cx);
        states[i] = ways[i].result;
    }
    return join_states(j, states, 0);
}

/* ---- running a region every way ---- */

/* The facts a way added to the path (from index `from`), as one
   conjunction; NULL when it added none. */
static const vks_smt_expr *way_facts(fe_ctx *cx, size_t from)
{
    const vks_smt_expr *all = NULL;
    for (size_t i = from; i < cx->path.fact_count; i++) {
        const vks_smt_expr *f = cx->path.facts[i].cond;
        if (!cx->path.facts[i].truth) {
            vks_smt_expr *not = fe_smt_new(cx, VKS_SMT_NOT);
            not->lhs = f;
            f = not;
        }
        all = all ? fe_smt_binary(cx, VKS_SMT_AND, all, f) : f;
    }
    return all;
}

static const vks_smt_expr *either(fe_ctx *cx, const vks_smt_expr *a,
                                  const vks_smt_expr *b)
{
    return a ? fe_smt_binary(cx, VKS_SMT_OR, a, b) : b;
}

typedef void region_runner(fe_ctx *cx, void *arg, fe_val **result);

/*
 * Runs the region once per way and joins them; false when it must be run
 * as any code instead (nothing it did is left behind then).  The region's
 * decisions are its own: the path's decisions, facts and steps are as
 * before it, so the paths through the rest of the function do not multiply.
 */
/* A statement's recording ways run as code: their outlines (what
   fe_ctx.recording_ways points to: first, so the rest is found from it),
   the statement, and the path's effects and recording statements as it
   starts (a run that ends it with neither grown is dropped). */
typedef struct {
    fe_way_outlines outlines;
    CXCursor statement;
    unsigned effects, recording_statements;
} recording_run;

/* Whether the statement at `at` is the last `stmt` runs on each way it
   runs it: stmt itself, the last statement of a block, a branch of an
   `if` (labels and case labels see through). */
static bool ends(CXCursor stmt, vks_loc at, fe_ctx *cx)
{
    vks_loc here = fe_loc(cx, stmt);
    if (here.line == at.line && here.col == at.col &&
        strcmp(here.file ? here.file : "", at.file ? at.file : "") == 0)
        return true;
    fe_cursors ch;
    fe_children(NULL, stmt, &ch);
    switch (clang_getCursorKind(stmt)) {
    case CXCursor_CompoundStmt:
        return ch.count > 0 && ends(ch.items[ch.count - 1], at, cx);
    case CXCursor_IfStmt:
        /* condition, then, else: a branch ends it */
        for (unsigned i = 1; i < ch.count; i++)
            if (ends(ch.items[i], at, cx))
                return true;
        return false;
    case CXCursor_LabelStmt: case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
        return ch.count > 0 && ends(ch.items[ch.count - 1], at, cx);
    default:
        return false;
    }
}

/*
 * Inside the run as code of a statement's recording ways, a statement
 * that ends it and whose ways are some quiet, some recording: its joined
 * quiet ways would end the outer statement having recorded nothing, and
 * that run is dropped (run_code_every_way).  vkcube's present result
 * (`if (err == OUT_OF_DATE) ... else if (err == SUBOPTIMAL) ... else if
 * (err == SURFACE_LOST) ...`): the `else if` chain inside the first `if`'s
 * other way was run again with its quiet ways joined, to the end and
 * dropped - 158 of vkcube-xcb's 1,024 runs.  Such a statement runs its
 * recording ways as code at once.
 */
static bool joined_ways_are_dropped(fe_ctx *cx, vks_loc region)
{
    /* cx->recording_ways is the outlines member, first, of a
       recording_run (run_code_every_way) */
    const recording_run *outer = (const recording_run *)cx->recording_ways;
    return outer && !cx->sandbox && cx->path.effects == outer->effects &&
           cx->path.recording_statements == outer->recording_statements &&
           ends(outer->statement, region, cx);
}

/* What run_every_way did with a region that may record (partial). */
typedef enum {
    RAN_AS_ONE,         /* joined (or ended): done */
    RUN_AS_CODE,        /* to run as any code, every way */
    RUN_RECORDING_WAYS, /* to run as code; the ways that record nothing are
                           another path's (the joined one) */
} region_outcome;

/* The way just run, as its decisions: kept for the run as code that may
   follow (fe_ctx.recording_ways). */
static void outline_way(fe_ctx *cx, fe_way_outlines *outlines, bool records)
{
    fe_way_outline w = {NULL, cx->path.decision_count, records};
    w.chosen = vks_arena_alloc(fe_value_arena(cx), sizeof *w.chosen * (w.count + 1));
    for (unsigned i = 0; i < w.count; i++)
        w.chosen[i] = cx->decisions[i].chosen;
    VKS_PUSH(fe_value_arena(cx), outlines->ways, outlines->count, outlines->cap, w);
}

/*
 * Whether a region run as code because a way met an effect (a model about
 * to record, create, map or submit) or because it had too many ways makes
 * the region around it fail at once (sandbox_abort kept set).  Run as code
 * inside the enclosing region's way, its decisions become that region's:
 * the enclosing region enumerates them all (Z3 is not asked inside a
 * region, so the same ways are possible), meets the same effect on the
 * same way, or at least as many ways, and is run as code too.  Finding
 * that out again at every level of nesting re-ran the code up to the
 * effect once per level and per level inside it: in Mesa's zink (Gallium
 * bookkeeping helpers, regions up to eight deep) 3.0 of the 9 M
 * statements went to regions that then ran as code, 1.8 M now.  A region of a statement that may record (partial) is
 * not such an enclosing region: its ways that record are what it looks
 * for (cx->partial_level), so there the way is run as code as before.
 */
static bool fails_with_the_enclosing(const fe_ctx *cx, bool effect_or_too_many)
{
    return effect_or_too_many && cx->sandbox > 0 && cx->sandbox != cx->partial_level &&
           !cx->out_of_steps;
}

static region_outcome run_every_way(fe_ctx *cx, vks_loc region, region_runner *run,
                                    void *arg, fe_val **result, return_sink *own_sink,
                                    const char *partial, fe_way_outlines *outlines)
{
    /* A statement region in the function a call region runs: the ways that
       return are the call region's (its sink), the others are joined. */
    return_sink *sink = own_sink ? NULL : summary_of(cx)->sink;
    if (sink && (!cx->path.frame || cx->path.frame->depth != sink->depth))
        sink = NULL;
    if (cx->sandbox >= MAX_NESTED_REGIONS || cx->out_of_steps)
        return RUN_AS_CODE;
    /* Whether the statement's ways that record nothing are joined or the
       recording ones run is a decision of the path where it may be merged
       (merge.c, "Merging at decisions"), in the state the statement began
       in; told apart from a decision of the `if` the statement is, made
       in the same state when its ways are run as code. */
    uint64_t entry_key = 0;
    bool entry_keyed = partial && !cx->sandbox && cx->path.decision_count >= cx->forced_count &&
                       cx->decision_state_key && cx->decision_state_key(cx, region, &entry_key);
    if (entry_keyed)
        entry_key = fe_hash_text(entry_key, "joined or recording ways");
    size_t sink_count_before = sink ? sink->count : 0;
    size_t steps_at_start = cx->steps;
    fe_decision *decisions = cx->decisions;
    unsigned decision_cap = cx->decision_cap, forced = cx->forced_count;
    unsigned decision_count = cx->path.decision_count;
    bool capped = cx->path.decisions_capped;
    size_t facts = cx->path.fact_count, steps = cx->path.step_count;
    unsigned generation = cx->path.havoc_generation, fresh = cx->path.fresh_names;
    unsigned highest_generation = generation, highest_fresh = fresh;
    unsigned epoch = cx->trail_epoch;
    size_t mark = cx->trail_count;

    cx->decisions = NULL;
    cx->decision_cap = 0;
    cx->forced_count = 0;
    cx->sandbox++;
    unsigned outer_partial = cx->partial_level;
    if (partial)
        cx->partial_level = cx->sandbox;
    way *ways = NULL; /* grown as ways are kept: most regions keep one or two */
    size_t kept = 0, ways_cap = 0;
    unsigned runs = 0, ended = 0, returned = 0, recording = 0;
    /* What the joined ways' decisions assumed, as one fact (partial). */
    const vks_smt_expr *joined_ways_hold = NULL;
    bool some_way_assumed_nothing = false;
    bool ok = true;
    /* Why it is run as code: an effect on one of its ways, or too many
       ways (fails_with_the_enclosing). */
    bool effect_or_too_many = false;
    for (;;) {
        cx->path.decision_count = 0;
        cx->path.decisions_capped = false;
        /* Each way names its unknowns as the first did, so that ways that
           compute the same thing agree on it. */
        cx->path.havoc_generation = generation;
        cx->path.fresh_names = fresh;
        cx->trail_epoch = ++cx->trail_epochs;
        if (own_sink)
            own_sink->mark = cx->trail_count;
        fe_val *value = NULL;
        run(cx, arg, &value);
        runs++;
        if (cx->path.havoc_generation > highest_generation)
            highest_generation = cx->path.havoc_generation;
        if (cx->path.fresh_names > highest_fresh)
            highest_fresh = cx->path.fresh_names;
        if (partial && cx->sandbox_abort && !cx->out_of_steps && !cx->path.pending_goto &&
            !cx->path.restart && !cx->path.decisions_capped) {
            /* A way that records: run as code on a path of its own. */
            recording++;
            cx->sandbox_abort = false;
            if (outlines)
                outline_way(cx, outlines, true);
        } else if (cx->sandbox_abort || cx->out_of_steps || cx->path.pending_goto ||
            cx->path.restart || cx->path.decisions_capped) {
            ok = false;
            effect_or_too_many = cx->sandbox_abort && !cx->out_of_steps &&
                                 !cx->path.pending_goto && !cx->path.restart &&
                                 !cx->path.decisions_capped;
        } else if (cx->path.exited) {
            ended++;
            if (outlines)
                outline_way(cx, outlines, true); /* not joined: never left out */
        } else if (cx->path.dead) {
            /* cannot happen: left out */
        } else if (!own_sink && cx->path.ret && cx->path.ret->returned &&
                   cx->path.ret->captured) {
            /* A region inside this way handed the ways that returned to
               the sink already (a `return` in a loop body joined per
               iteration): kept once, or the call's result is joined with
               an empty way and lost. */
            returned++;
            cx->path.ret->returned = false;
            cx->path.ret->captured = false;
        } else if (!own_sink && cx->path.ret && cx->path.ret->returned) {
            if (!sink || sink->count >= MAX_WAYS_PER_REGION) {
                ok = false;
            } else {
                way w;
                keep_way(cx, &w, sink->mark, cx->path.ret->value, facts);
                VKS_PUSH(fe_value_arena(cx), sink->ways, sink->count, sink->cap, w);
                returned++;
            }
            cx->path.ret->returned = false;
            cx->path.ret->value = NULL;
        } else if (own_sink && !value) {
            /* the call's every way returned into its statement regions */
        } else {
            way w;
            keep_way(cx, &w, mark, value, facts);
            VKS_PUSH(fe_value_arena(cx), ways, kept, ways_cap, w);
            if (outlines)
                outline_way(cx, outlines, false);
            if (partial) {
                const vks_smt_expr *assumed = way_facts(cx, facts);
                if (assumed)
                    joined_ways_hold = either(cx, joined_ways_hold, assumed);
                else
                    some_way_assumed_nothing = true;
            }
        }
        fe_trail_rollback(cx, mark);
        cx->path.dead = cx->path.exited = false;
        fe_facts_taken_back(cx, facts);
        cx->path.step_count = steps;
        if (!ok || !fe_next_path(cx))
            break;
        if (runs >= MAX_WAYS_PER_REGION) {
            ok = false;
            effect_or_too_many = true;
            break;
        }
    }
    if (runs >= 2)
        cx->regions_branched++;
    if (fe_debug_paths())
        fprintf(stderr, "  region %s:%u: %u ways, %zu kept, %s, steps %zu (%zu in it), depth %u\n",
                region.file, region.line, runs, kept, ok ? "joined" : "run as code", cx->steps,
                cx->steps - steps_at_start, cx->sandbox);
    cx->sandbox--;
    cx->partial_level = outer_partial;
    cx->sandbox_abort = fails_with_the_enclosing(cx, effect_or_too_many);
    cx->decisions = decisions;
    cx->decision_cap = decision_cap;
    cx->forced_count = forced;
    cx->path.decision_count = decision_count;
    cx->path.decisions_capped = capped;
    cx->trail_epoch = epoch;
    cx->path.havoc_generation = highest_generation;
    cx->path.fresh_names = highest_fresh;
    if (!ok) {
        /* Run as any code from the same state: the names it makes must be
           the ones it made before regions were run every way. */
        cx->path.havoc_generation = generation;
        cx->path.fresh_names = fresh;
        if (sink)
            sink->count = sink_count_before;
        return RUN_AS_CODE;
    }
    if (own_sink)
        for (size_t i = 0; i < own_sink->count; i++)
            VKS_PUSH(fe_value_arena(cx), ways, kept, ways_cap, own_sink->ways[i]);
    /* A statement that may record (partial): some ways record, some do
       not.  The ones that do not are one path, joined; the ones that do
       are run as code on the other, and there a way that reaches the end
       without recording is no path (it is in the join).  vkcube's event
       `switch`: four kinds of event set a flag, one rebuilds the swapchain
       - two paths, not five.  When no way recorded on this path, or only
       one did not (no gain), it is run as code as it always was, its
       decisions and their notes kept. */
    bool join_quiet_ways = partial && recording && kept >= 2 && !returned;
    unsigned chosen = 0;
    if (join_quiet_ways) {
        /* The joined path assumes what one of its ways assumed (a later
           test of the same condition is not free to take a recording
           way's side); the other path's decisions are made as code. */
        fe_fact assumed = {.cond = joined_ways_hold, .truth = true};
        bool has_fact = joined_ways_hold && !some_way_assumed_nothing;
        fe_alternative alts[2] = {
            {.facts = has_fact ? &assumed : NULL, .fact_count = has_fact ? 1 : 0,
             .text = vks_arena_printf(cx->arena, "%s goes one of its %zu ways that "
                                      "record nothing (joined)", partial, kept)},
            {.text = NULL}, /* the way's own decisions are the notes */
        };
        if (joined_ways_are_dropped(cx, region)) {
            chosen = 1;
        } else {
            cx->decision_key_given = entry_keyed;
            cx->decision_key = entry_key;
            chosen = fe_choose(cx, region, alts, 2);
        }
    } else if (partial) {
        chosen = 1;
    }
    if (chosen != 0) {
        cx->path.havoc_generation = generation;
        cx->path.fresh_names = fresh;
        if (chosen == UINT32_MAX)
            return RAN_AS_ONE; /* cannot happen: the path is dead */
        return join_quiet_ways ? RUN_RECORDING_WAYS : RUN_AS_CODE;
    }
    if (kept == 0 && returned) {
        /* Every way returned: the call region has them; this run of the
           function ends here. */
        cx->path.ret->returned = true;
        cx->path.ret->captured = true;
        return RAN_AS_ONE;
    }
    if (kept == 0) {
        /* No way goes on: the program ends here, or this path cannot
           reach the region at all. */
        if (ended)
            cx->path.exited = true;
        else
            cx->path.dead = true;
        if (result)
            *result = fe_unknown(cx);
        return RAN_AS_ONE;
    }
    joiner j = {cx, ways, kept, region, decision_count, 0, NULL, 0, 0};
    apply_join(&j);
    if (result)
        *result = join_results(&j);
    ways_agree(&j);
    return RAN_AS_ONE;
}

/* A region whose join lost a value a Vulkan call needed: split, as any
   code (fe_split_region).  Also every region of a function that needed too
   many splits. */
static bool must_split(fe_ctx *cx, CXCursor region)
{
    fe_summary_state *s = cx->eval->summary;
    if (!s)
        return false;
    if (s->split_everything)
        return true;
    vks_loc at = fe_loc(cx, region);
    for (size_t i = 0; i < s->split_count; i++)
        if (vks_loc_equal(&s->split[i], &at))
            return true;
    return false;
}

void fe_split_region(fe_ctx *cx, vks_loc region)
{
    if (!cx->eval->summary)
        cx->eval->summary = vks_arena_alloc(cx->arena, sizeof *cx->eval->summary);
    fe_summary_state *s = cx->eval->summary;
    VKS_PUSH(cx->arena, s->split, s->split_count, s->split_cap, region);
}

void fe_split_every_region(fe_ctx *cx, bool on)
{
    if (!cx->eval->summary)
        cx->eval->summary = vks_arena_alloc(cx->arena, sizeof *cx->eval->summary);
    cx->eval->summary->split_everything = on;
}

typedef struct {
    CXCursor stmt;
    fe_statement_runner *exec;
} statement_region;

static void run_statement(fe_ctx *cx, void *arg, fe_val **result)
{
    (void)result;
    const statement_region *r = arg;
    cx->eval->run_as_code = r->stmt;
    r->exec(cx, r->stmt);
    cx->eval->run_as_code = clang_getNullCursor();
}

/* A statement, or a loop body (loop_body: its `continue` is one more way
   to its end), run every way and joined; false when it is to run as any
   code. */
static bool run_code_every_way(fe_ctx *cx, CXCursor code, fe_statement_runner *exec,
                               bool loop_body)
{
    if (clang_equalCursors(cx->eval->run_as_code, code)) {
        cx->eval->run_as_code = clang_getNullCursor();
        return false; /* this is the run of one way: as any code */
    }
    return_sink *sink = cx->eval->summary ? cx->eval->summary->sink : NULL;
    bool in_call_region = sink && cx->path.frame && cx->path.frame->depth == sink->depth;
    /* A statement is inside another region only in the function a call
       region runs, where a `return` is kept (the memory-type loop: each
       iteration's `if` joined, not 2^32 ways); a loop body anywhere, since
       joining it only makes the enclosing region's ways fewer. */
    if (cx->sandbox && !in_call_region && !loop_body)
        return false;
    unsigned allowed = (in_call_region ? LEAVE_BY_RETURN : 0) |
                       (loop_body ? LEAVE_BY_CONTINUE : 0);
    if (must_split(cx, code))
        return false;
    /* A statement that may record is run every way too, on the path itself
       (not inside another region), when nothing can leave it: its ways
       that record nothing are joined into one path. */
    const char *partial = !cx->sandbox && !loop_body ? records_but_branches(cx, code) : NULL;
    if (!partial && not_a_region(cx, code, allowed))
        return false;
    statement_region region = {code, exec};
    recording_run run = {.outlines = {NULL, 0, 0, 0}, .statement = code};
    switch (run_every_way(cx, fe_loc(cx, code), run_statement, &region, NULL, NULL,
                          partial, partial ? &run.outlines : NULL)) {
    case RAN_AS_ONE:
        return true;
    case RUN_AS_CODE:
        return false;
    case RUN_RECORDING_WAYS:
        break;
    }
    /* Its ways that record, as code: a way is one of them when it runs a
       statement that may record, or a model records, creates, maps or
       submits - what stopped it when it was run every way. */
    unsigned effects = cx->path.effects;
    unsigned statements = cx->path.recording_statements;
    cx->counting_statements++;
    cx->eval->run_as_code = code;
    const fe_way_outlines *outer_ways = cx->recording_ways;
    run.outlines.first_decision = cx->path.decision_count;
    run.effects = effects;
    run.recording_statements = statements;
    cx->recording_ways = &run.outlines;
    exec(cx, code);
    cx->recording_ways = outer_ways;
    cx->eval->run_as_code = clang_getNullCursor();
    cx->counting_statements--;
    /* Reached its end having recorded nothing: one of the joined ways,
       the other path's. */
    if (cx->path.effects == effects && cx->path.recording_statements == statements &&
        !cx->path.exited && !cx->path.merged && !cx->path.restart && !cx->out_of_steps &&
        !cx->path.pending_goto)
        cx->path.dead = true;
    return true;
}

bool fe_run_statement_every_way(fe_ctx *cx, CXCursor stmt, fe_statement_runner *exec)
{
    return run_code_every_way(cx, stmt, exec, false);
}

/*
 * A loop body that records nothing is a region of its own on each
 * iteration, its `continue` one more way to its end: an argument loop of
 * twenty `if (strcmp(argv[i], "--x") == 0) { ...; continue; }` is twenty
 * ways joined per iteration, where the loop as one region had 20^2 ways
 * (past MAX_WAYS_PER_REGION, so split, and each became a path).
 */
bool fe_run_loop_body_every_way(fe_ctx *cx, CXCursor body, fe_statement_runner *exec)
{
    return run_code_every_way(cx, body, exec, true);
}

typedef struct {
    CXCursor fn, call;
    fe_val **args;
    unsigned argc;
    fe_call_runner *inline_call;
    return_sink *sink;
} call_region;

static void run_call(fe_ctx *cx, void *arg, fe_val **result)
{
    const call_region *c = arg;
    fe_summary_state *s = summary_of(cx);
    return_sink *outer = s->sink;
    c->sink->depth = cx->path.frame ? cx->path.frame->depth + 1 : 1;
    s->sink = c->sink;
    *result = c->inline_call(cx, c->fn, c->call, c->args, c->argc);
    s->sink = outer;
}

bool fe_run_call_every_way(fe_ctx *cx, CXCursor fn, CXCursor call, fe_val **args,
                           unsigned argc, fe_val **result, fe_call_runner *inline_call)
{
    if (must_split(cx, call) || !function_quiet(cx, fn) || !function_branches(cx, fn))
        return false;
    return_sink sink = {NULL, 0, 0, 0, 0};
    call_region region = {fn, call, args, argc, inline_call, &sink};
    return run_every_way(cx, fe_loc(cx, call), run_call, &region, result, &sink, NULL, NULL) ==
           RAN_AS_ONE;
}
