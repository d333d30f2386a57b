/*
 * sites.c - no silent zero: every recording call site of the inputs is
 * either reached by an analysed path or reported as not reached.
 *
 * Before the analysis, every vkCmd*, vkQueueSubmit* and vkBeginCommandBuffer
 * call in a function definition of a translation unit (its main file and
 * the headers it includes, not system headers) is listed, by place: file,
 * line and column, without the call chain, so a helper's call is one site
 * however many callers reach it.  While a run (one path of a root
 * function, frontend.c) executes, the entry-point dispatcher
 * (entry_points.c) marks the sites it executes through
 * fe_ctx.site_executed; they count as reached when
 * the run is kept (not an infeasible path, not cut by a limit).  After the
 * analysis, each function with sites no path reached gets one
 * vksync-incomplete finding at its first such site, naming how many and
 * why, and a related note at each other one: the function is never called
 * from an analysed function, the analysis of its caller stopped at a
 * limit, no recording of the command buffer was open, or every path ended
 * the program before it.  Calls that paths running to the end never took
 * (a branch decided by a known value) are code these inputs never run:
 * counted in the statistics, not reported.
 */
#include <stdint.h>
#include <string.h>

#include "eval.h"

/* A function definition that holds sites. */
typedef struct {
    const char *name;
    size_t index;        /* in fe_eval_state.function_list; SIZE_MAX: none */
} site_function;

typedef struct {
    vks_loc loc;         /* no caller */
    const char *entry;   /* "vkCmdCopyBuffer" */
    size_t function;     /* in fe_sites.functions */
    bool reached;        /* by a kept run */
    bool unopened;       /* a kept run executed it with no open recording */
    bool ends_program;   /* in a branch that only ends the program */
    unsigned run;        /* the last run that executed it */
    bool run_recorded;
} site;

typedef struct {
    size_t index;        /* in function_list */
    size_t first_finding;
    vks_loc limit_at;    /* a vksync-incomplete finding of its analysis */
    vks_loc exit_at;     /* where a path of it ended the program */
    size_t kept_runs, exited_runs;
    /* Functions its runs called through a pointer (function_list). */
    size_t *through_pointer;
    size_t through_pointer_count, through_pointer_cap;
} root_record;

struct fe_sites {
    site *items;
    size_t count, cap;
    site_function *functions;
    size_t function_count, function_cap;
    /* Open addressing on (file, line, col): index + 1, 0 empty. */
    size_t *table;
    size_t table_size;
    /* The run being executed: the sites it marked. */
    bool active;
    unsigned run;
    size_t *pending;
    size_t pending_count, pending_cap;
    root_record *roots;
    size_t root_count, root_cap;
    struct ending_stmt *ending[FE_FUNCTION_BUCKETS];
};

static struct fe_sites *sites_of(fe_ctx *cx)
{
    if (!cx->sites)
        cx->sites = vks_arena_alloc(cx->arena, sizeof *cx->sites);
    return cx->sites;
}

static uint64_t loc_hash(const vks_loc *loc)
{
    uint64_t h = fe_hash_text(FE_HASH_SEED, loc->file ? loc->file : "");
    h = fe_hash_bytes(h, &loc->line, sizeof loc->line);
    return fe_hash_bytes(h, &loc->col, sizeof loc->col);
}

/* The slot of `loc` in the table: its site's, or the empty one to fill. */
static size_t *slot_of(struct fe_sites *s, const vks_loc *loc)
{
    size_t mask = s->table_size - 1;
    for (size_t i = loc_hash(loc) & mask;; i = (i + 1) & mask) {
        size_t *slot = &s->table[i];
        if (!*slot || vks_loc_equal(&s->items[*slot - 1].loc, loc))
            return slot;
    }
}

static void grow_table(fe_ctx *cx, struct fe_sites *s)
{
    if (s->table_size && 2 * (s->count + 1) <= s->table_size)
        return;
    s->table_size = s->table_size ? 2 * s->table_size : 256;
    s->table = vks_arena_alloc(cx->arena, sizeof *s->table * s->table_size);
    memset(s->table, 0, sizeof *s->table * s->table_size);
    for (size_t i = 0; i < s->count; i++)
        *slot_of(s, &s->items[i].loc) = i + 1;
}

static bool is_recording_call(const char *name)
{
    return strncmp(name, "vkCmd", 5) == 0 || fe_entry_point_has(name, FE_EP_SITE);
}

typedef struct {
    fe_ctx *cx;
    size_t function;
} site_walk;

static enum CXChildVisitResult collect_call(CXCursor c, CXCursor parent,
                                            CXClientData data)
{
    (void)parent;
    site_walk *w = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    const char *name = fe_callee_entry_point(w->cx, c);
    if (!name || !is_recording_call(name))
        return CXChildVisit_Recurse;
    struct fe_sites *s = sites_of(w->cx);
    vks_loc loc = fe_written_loc(w->cx, c); /* as the call's (eval_expr.c) */
    loc.caller = NULL;
    grow_table(w->cx, s);
    size_t *slot = slot_of(s, &loc);
    if (*slot)
        return CXChildVisit_Recurse; /* a header's function, seen again */
    site one = {.loc = loc, .entry = name, .function = w->function,
                .run = UINT32_MAX};
    VKS_PUSH(w->cx->arena, s->items, s->count, s->cap, one);
    *slot = s->count;
    return CXChildVisit_Recurse;
}

static size_t registered_index(fe_ctx *cx, CXCursor definition)
{
    const fe_function *f = fe_function_by_usr(cx, fe_string(cx, clang_getCursorUSR(definition)));
    return f ? f->index : SIZE_MAX;
}

static enum CXChildVisitResult collect_function(CXCursor c, CXCursor parent,
                                                CXClientData data)
{
    (void)parent;
    fe_ctx *cx = data;
    /* A later copy of a definition (its file included by two inputs, or
       named and included, as FFmpeg's libavfilter/vulkan.c includes
       libavutil/vulkan.c) is the registered copy's: it never runs, and
       its sites, spelled with another path, were counted twice and never
       reached (2/4 recording calls, no finding). */
    if (!fe_is_registered_definition(cx, c))
        return CXChildVisit_Continue;
    struct fe_sites *s = sites_of(cx);
    site_function fn = {.name = fe_string(cx, clang_getCursorSpelling(c)),
                        .index = registered_index(cx, c)};
    VKS_PUSH(cx->arena, s->functions, s->function_count, s->function_cap, fn);
    site_walk w = {cx, s->function_count - 1};
    clang_visitChildren(c, collect_call, &w);
    return CXChildVisit_Continue;
}

void fe_sites_collect(fe_ctx *cx, CXCursor translation_unit)
{
    sites_of(cx);
    cx->site_executed = fe_sites_executed;
    clang_visitChildren(translation_unit, collect_function, cx);
}

/* ---- marking ---- */

/* fe_ctx.site_executed (model.h). */

void fe_sites_executed(fe_ctx *cx, vks_loc at, bool recorded)
{
    struct fe_sites *s = cx->sites;
    if (!s || !s->active || !s->table_size)
        return;
    at.caller = NULL;
    size_t *slot = slot_of(s, &at);
    if (!*slot)
        return;
    site *one = &s->items[*slot - 1];
    if (one->run != s->run) {
        one->run = s->run;
        one->run_recorded = false;
        VKS_PUSH(cx->arena, s->pending, s->pending_count, s->pending_cap, *slot - 1);
    }
    one->run_recorded |= recorded;
}

/* A statement the evaluator does not run because it only ends the program
   (program_end.c): what it records is never submitted, so its sites are
   accounted for as if a path had run them.  The sites inside each such
   statement are listed once. */
typedef struct ending_stmt {
    CXCursor stmt;
    size_t *sites;
    size_t count, cap;
    struct ending_stmt *next;
} ending_stmt;

typedef struct {
    fe_ctx *cx;
    ending_stmt *e;
} ending_walk;

static enum CXChildVisitResult list_ending_site(CXCursor c, CXCursor parent,
                                                CXClientData data)
{
    (void)parent;
    ending_walk *w = data;
    struct fe_sites *s = w->cx->sites;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    vks_loc loc = fe_written_loc(w->cx, c);
    loc.caller = NULL;
    size_t *slot = slot_of(s, &loc);
    if (*slot)
        VKS_PUSH(w->cx->arena, w->e->sites, w->e->count, w->e->cap, *slot - 1);
    return CXChildVisit_Recurse;
}

void fe_sites_program_ends(fe_ctx *cx, CXCursor stmt)
{
    struct fe_sites *s = cx->sites;
    if (!s || !s->active || !s->table_size)
        return;
    unsigned bucket = clang_hashCursor(stmt) % FE_FUNCTION_BUCKETS;
    ending_stmt *e = s->ending[bucket];
    while (e && !clang_equalCursors(e->stmt, stmt))
        e = e->next;
    if (!e) {
        e = vks_arena_alloc(cx->arena, sizeof *e);
        e->stmt = stmt;
        e->next = s->ending[bucket];
        s->ending[bucket] = e;
        ending_walk w = {cx, e};
        clang_visitChildren(stmt, list_ending_site, &w);
    }
    for (size_t i = 0; i < e->count; i++) {
        site *one = &s->items[e->sites[i]];
        one->ends_program = true;
        fe_sites_executed(cx, one->loc, true);
    }
}

void fe_sites_run_begin(fe_ctx *cx)
{
    struct fe_sites *s = sites_of(cx);
    s->active = true;
    s->run++;
    s->pending_count = 0;
}

void fe_sites_run_end(fe_ctx *cx, bool kept)
{
    struct fe_sites *s = sites_of(cx);
    s->active = false;
    if (kept)
        for (size_t i = 0; i < s->pending_count; i++) {
            site *one = &s->items[s->pending[i]];
            if (one->run_recorded)
                one->reached = true;
            else
                one->unopened = true;
        }
    s->pending_count = 0;
    if (!s->root_count || !kept)
        return;
    root_record *r = &s->roots[s->root_count - 1];
    r->kept_runs++;
    if (cx->path.exited) {
        r->exited_runs++;
        if (cx->path.exit_at.file && !r->exit_at.file)
            r->exit_at = cx->path.exit_at;
    }
}

void fe_sites_root_begin(fe_ctx *cx, size_t function_index)
{
    struct fe_sites *s = sites_of(cx);
    root_record r = {.index = function_index, .first_finding = cx->findings->count};
    VKS_PUSH(cx->arena, s->roots, s->root_count, s->root_cap, r);
}

void fe_sites_called_through_pointer(fe_ctx *cx, size_t function_index)
{
    struct fe_sites *s = sites_of(cx);
    if (!s->root_count)
        return;
    root_record *r = &s->roots[s->root_count - 1];
    for (size_t i = 0; i < r->through_pointer_count; i++)
        if (r->through_pointer[i] == function_index)
            return;
    VKS_PUSH(cx->arena, r->through_pointer, r->through_pointer_count,
             r->through_pointer_cap, function_index);
}

void fe_sites_root_end(fe_ctx *cx)
{
    struct fe_sites *s = sites_of(cx);
    root_record *r = &s->roots[s->root_count - 1];
    for (size_t i = r->first_finding; i < cx->findings->count && !r->limit_at.file; i++)
        if (cx->findings->items[i].rule == VKS_RULE_VKSYNC_INCOMPLETE)
            r->limit_at = cx->findings->items[i].loc;
}

/* ---- the report ---- */

static const char *where(fe_ctx *cx, const vks_loc *loc)
{
    return vks_arena_printf(cx->arena, "%s:%u:%u", loc->file, loc->line, loc->col);
}

static const char *root_name(fe_ctx *cx, const root_record *r)
{
    return fe_string(cx, clang_getCursorSpelling(
                             cx->eval->function_list[r->index]->definition));
}

/* At most this many related notes per finding (GitHub shows 10 related
   locations); the rest are counted in the last. */
enum { MAX_SITE_NOTES = 9 };

/* The vksync-incomplete finding of a root whose analysis reaches fn and
   stopped at a limit, or NULL. */
static const vks_loc *limit_reaching(fe_ctx *cx, const site_function *fn,
                                     bool **reached_from)
{
    struct fe_sites *s = cx->sites;
    if (fn->index == SIZE_MAX)
        return NULL;
    for (size_t r = 0; r < s->root_count; r++)
        if (reached_from[r][fn->index] && s->roots[r].limit_at.file)
            return &s->roots[r].limit_at;
    return NULL;
}

/* Why the sites first..end of function fn were not reached (some of them:
   `unreached` of them, `unopened` of those executed with no recording). */
static const char *why_unreached(fe_ctx *cx, const site_function *fn,
                                 bool **reached_from, size_t unreached,
                                 size_t unopened)
{
    struct fe_sites *s = cx->sites;
    if (fn->index == SIZE_MAX)
        return vks_arena_printf(
            cx->arena, "no analysed path calls `%s` (a function of an "
            "included header is analysed only when an analysed function "
            "calls it)", fn->name);
    const root_record *limited = NULL, *exited = NULL, *any = NULL;
    size_t reaching = 0;
    bool completed = false;
    for (size_t r = 0; r < s->root_count; r++) {
        if (!reached_from[r][fn->index])
            continue;
        reaching++;
        any = any ? any : &s->roots[r];
        if (!limited && s->roots[r].limit_at.file)
            limited = &s->roots[r];
        if (!exited && s->roots[r].exit_at.file)
            exited = &s->roots[r];
        completed |= s->roots[r].kept_runs > s->roots[r].exited_runs;
    }
    if (!reaching)
        return vks_arena_printf(
            cx->arena, "no analysed function calls `%s` (the analysis starts "
            "at the functions that record and follows their direct calls)",
            fn->name);
    if (limited)
        return vks_arena_printf(
            cx->arena, "the analysis of `%s` stopped at a limit (the "
            "vksync-incomplete finding at %s)", root_name(cx, limited),
            where(cx, &limited->limit_at));
    if (unopened == unreached)
        return vks_arena_printf(
            cx->arena, "the paths that reach %s have no recording of its "
            "command buffer open (no vkBeginCommandBuffer on that handle was "
            "seen before)", unreached == 1 ? "it" : "them");
    /* Paths ran to the end and none went this way: the branches before it
       were decided by known values (`vkh_clear_and_copy(cmd, a, b, 0)`
       never records its optional barrier) or the way is infeasible - code
       these inputs never run.  Counted, not reported. */
    if (completed)
        return NULL;
    if (exited)
        return vks_arena_printf(
            cx->arena, "every analysed path through `%s` ends the program "
            "before %s (the first at %s)", root_name(cx, exited),
            unreached == 1 ? "it" : "them", where(cx, &exited->exit_at));
    return vks_arena_printf(
        cx->arena, "no path through `%s` is feasible", root_name(cx, any));
}

static void report_function(fe_ctx *cx, size_t first, size_t end,
                            bool **reached_from)
{
    struct fe_sites *s = cx->sites;
    size_t unreached = 0, unopened = 0, at = SIZE_MAX;
    for (size_t i = first; i < end; i++) {
        if (!s->items[i].reached) {
            unreached++;
            unopened += s->items[i].unopened;
            if (at == SIZE_MAX)
                at = i;
        }
    }
    if (!unreached)
        return;
    const site_function *fn = &s->functions[s->items[at].function];
    const vks_loc *limit = limit_reaching(cx, fn, reached_from);
    vks_finding *limit_finding = NULL;
    for (size_t i = 0; limit && i < cx->findings->count && !limit_finding; i++)
        if (cx->findings->items[i].rule == VKS_RULE_VKSYNC_INCOMPLETE &&
            vks_loc_equal(&cx->findings->items[i].loc, limit))
            limit_finding = &cx->findings->items[i];
    if (limit_finding) {
        /* That finding already says the analysis stopped: it names what
           was left out here, rather than a second finding. */
        vks_finding_note(cx->findings, limit_finding, VKS_NOTE_RELATED,
                         s->items[at].loc,
                         unreached == 1
                             ? vks_arena_printf(cx->findings->arena,
                                                "%s in `%s` is not analysed "
                                                "because of this limit",
                                                s->items[at].entry, fn->name)
                             : vks_arena_printf(cx->findings->arena,
                                                "%s and %zu more recording call%s "
                                                "in `%s` are not analysed "
                                                "because of this limit",
                                                s->items[at].entry, unreached - 1,
                                                unreached == 2 ? "" : "s",
                                                fn->name));
        return;
    }
    const char *why = why_unreached(cx, fn, reached_from, unreached, unopened);
    if (!why)
        return;
    const char *message =
        unreached == 1
            ? vks_arena_printf(cx->arena, "%s is not analysed: %s",
                               s->items[at].entry, why)
            : vks_arena_printf(cx->arena, "%s and %zu more recording call%s in "
                               "`%s` are not analysed: %s", s->items[at].entry,
                               unreached - 1, unreached == 2 ? "" : "s", fn->name,
                               why);
    vks_finding *f = vks_finding_add(cx->findings, VKS_RULE_VKSYNC_INCOMPLETE, NULL,
                                     s->items[at].loc,
                                     vks_arena_strdup(cx->findings->arena, message));
    size_t notes = 0;
    for (size_t i = at + 1; i < end; i++) {
        if (s->items[i].reached)
            continue;
        if (notes++ == MAX_SITE_NOTES) {
            vks_finding_note(cx->findings, f, VKS_NOTE_RELATED, s->items[i].loc,
                             vks_arena_printf(cx->findings->arena,
                                              "%s and %zu more after it: not "
                                              "analysed either", s->items[i].entry,
                                              unreached - 1 - MAX_SITE_NOTES - 1));
            break;
        }
        vks_finding_note(cx->findings, f, VKS_NOTE_RELATED, s->items[i].loc,
                         vks_arena_printf(cx->findings->arena,
                                          "%s: not analysed either",
                                          s->items[i].entry));
    }
    if (cx->stats)
        cx->stats->incomplete++;
}

void fe_sites_report(fe_ctx *cx)
{
    struct fe_sites *s = cx->sites;
    if (!s)
        return;
    size_t n = cx->eval->function_count;
    bool **reached_from = vks_arena_alloc(cx->arena,
                                          sizeof *reached_from * (s->root_count + 1));
    for (size_t r = 0; r < s->root_count; r++) {
        reached_from[r] = vks_arena_alloc(cx->arena, n + 1);
        memset(reached_from[r], 0, n + 1);
        fe_functions_reached_from(cx, s->roots[r].index, reached_from[r]);
        /* A system of an entity-component system's schedule table,
           `schedule[i].run (&w, cmd)`: its sites that no run reached are
           not "called by no analysed function" - the paths that called it
           decided them (ecs_system_order_raw's sync system, which finds
           nothing to barrier on every path). */
        for (size_t k = 0; k < s->roots[r].through_pointer_count; k++)
            fe_functions_reached_from(cx, s->roots[r].through_pointer[k], reached_from[r]);
    }
    size_t reached = 0;
    for (size_t i = 0; i < s->count; i++)
        reached += s->items[i].reached;
    if (cx->stats) {
        cx->stats->recording_calls += s->count;
        cx->stats->recording_calls_reached += reached;
    }
    for (size_t first = 0; first < s->count;) {
        size_t end = first + 1;
        while (end < s->count && s->items[end].function == s->items[first].function)
            end++;
        report_function(cx, first, end, reached_from);
        first = end;
    }
}
