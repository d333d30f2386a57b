/*
 * eval_stmt.c - the evaluator's statements: blocks, declarations, `if`,
 * loops, `switch`, `goto`, `return`, run in order over the environment
 * (eval_expr.c evaluates the expressions in them).  A branch on a value the
 * evaluator cannot compute is a decision of the path (path_state.c); a loop
 * whose condition is unknown runs twice.
 */
#include <string.h>

#include "eval.h"


typedef struct fe_return_state return_state;
typedef struct fe_loop_state loop_state;

static unsigned label_offset(CXCursor label);

/* The index of the label statement `label` among v's items from `from`
   on, or v->count. */
static unsigned find_label(const fe_child_list *v, unsigned from, unsigned label)
{
    for (unsigned k = from; k < v->count; k++)
        if (clang_getCursorKind(v->items[k]) == CXCursor_LabelStmt &&
            label_offset(v->items[k]) == label)
            return k;
    return v->count;
}



static void exec_children(fe_ctx *cx, CXCursor c)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    for (unsigned i = 0; i < ch.count && !fe_path_stopped(cx); i++)
        fe_exec(cx, ch.items[i]);
}

/*
 * Variables declared with GCC's cleanup attribute (g_autoptr, systemd's
 * _cleanup_): "the function is called ... when the variable goes out of
 * scope" (GCC manual, Common Variable Attributes) - at the block's end,
 * and when a return, break, continue or goto leaves it - in the reverse
 * order of their declarations (as C++ destructors; GCC's cleanups are
 * that mechanism).  Those a run of a block declared are noted as each of
 * its statements runs; a path that ended there (exit, a merge, a way
 * found infeasible) runs none.
 */
enum { MAX_BLOCK_CLEANUPS = 8 };
typedef struct {
    CXCursor vars[MAX_BLOCK_CLEANUPS];
    unsigned count;
} block_cleanups;

static void note_cleanups(fe_ctx *cx, CXCursor stmt, block_cleanups *b)
{
    if (clang_getCursorKind(stmt) != CXCursor_DeclStmt)
        return;
    const fe_child_list *ch = fe_children_kept(cx, stmt);
    for (unsigned i = 0; i < ch->count; i++) {
        if (!fe_cleanup_function(cx, ch->items[i]))
            continue;
        bool noted = false; /* declared again after a `goto` back */
        for (unsigned k = 0; k < b->count && !noted; k++)
            noted = clang_equalCursors(b->vars[k], ch->items[i]);
        if (noted)
            continue;
        if (b->count == MAX_BLOCK_CLEANUPS) {
            fe_incomplete(cx, ch->items[i], "more than 8 variables of one block with a cleanup "
                                            "function: this one's cleanup is not run");
            continue;
        }
        b->vars[b->count++] = ch->items[i];
    }
}

static void run_cleanups(fe_ctx *cx, block_cleanups *b)
{
    while (b->count > 0) {
        if (cx->out_of_steps || cx->sandbox_abort || cx->path.restart || cx->path.dead ||
            cx->path.exited || cx->path.merged)
            return;
        /* The cleanup runs in a frame of its own; a goto out of the block
           goes on after it. */
        bool pending_goto = cx->path.pending_goto;
        cx->path.pending_goto = false;
        fe_run_cleanup(cx, b->vars[--b->count]);
        cx->path.pending_goto = pending_goto;
    }
}

/*
 * A block inside the function body.  A `goto` to a label below it in this
 * block (Mesa's WSI presents each swapchain in a loop whose body's error
 * checks `goto fail_present;` to a label at the body's end) goes on there;
 * any other goes on up (fe_exec_body, which follows a label at the
 * function's top level and reports the rest).  Only forward: a jump back
 * inside a block is a loop of gotos, analysed where the function body
 * counts them.
 */
static void exec_compound_from(fe_ctx *cx, CXCursor c, unsigned i)
{
    const fe_child_list *v = fe_children_kept(cx, c);
    block_cleanups cleanups = {.count = 0};
    for (;;) {
        for (; i < v->count && !fe_path_stopped(cx); i++) {
            fe_exec(cx, v->items[i]);
            note_cleanups(cx, v->items[i], &cleanups);
        }
        if (!cx->path.pending_goto)
            break;
        unsigned at = find_label(v, i, cx->path.goto_label);
        if (at == v->count)
            break; /* a label further out */
        cx->path.pending_goto = false;
        i = at;
    }
    run_cleanups(cx, &cleanups);
}

static void exec_compound(fe_ctx *cx, CXCursor c)
{
    exec_compound_from(cx, c, 0);
}

/* Which parts a `for` statement has: libclang omits the absent ones, so they
   are told apart by their position against the two semicolons. */
typedef struct {
    CXCursor init, cond, inc, body;
} for_parts;

static bool written_by_macro(CXCursor c)
{
    CXSourceLocation at = clang_getCursorLocation(c);
    CXFile spelled_in, expanded_in;
    unsigned spelled, expanded;
    clang_getSpellingLocation(at, &spelled_in, NULL, NULL, &spelled);
    clang_getExpansionLocation(at, &expanded_in, NULL, NULL, &expanded);
    return spelled != expanded || !clang_File_isEqual(spelled_in, expanded_in);
}

/*
 * A `for` a macro wrote (Mesa's LIST_FOR_EACH_ENTRY and hash_table_foreach,
 * wl_list_for_each): its tokens are the macro's invocation, which has no
 * semicolons to tell the parts apart by (and the tokens clang gives for
 * its extent are not the statement's).  With all three parts there is
 * nothing to tell (libclang omits only absent parts; foreach macros have
 * all three); with fewer, a
 * declaration is the init, and an assignment, increment or call after the
 * init or condition is the increment.  Reading the condition as absent
 * made every such loop run to the iteration limit.
 */
static for_parts split_for_without_tokens(for_parts parts, const fe_cursors *ch)
{
    unsigned n = ch->count - 1; /* the parts before the body */
    if (n == 3) {
        parts.init = ch->items[0];
        parts.cond = ch->items[1];
        parts.inc = ch->items[2];
    } else if (n == 2) {
        bool first_is_init = clang_getCursorKind(ch->items[0]) == CXCursor_DeclStmt ||
                             fe_is_update_expression(ch->items[0]);
        if (first_is_init && fe_is_update_expression(ch->items[1])) {
            parts.init = ch->items[0];
            parts.inc = ch->items[1];
        } else if (first_is_init) {
            parts.init = ch->items[0];
            parts.cond = ch->items[1];
        } else {
            parts.cond = ch->items[0];
            parts.inc = ch->items[1];
        }
    } else if (n == 1) {
        if (clang_getCursorKind(ch->items[0]) == CXCursor_DeclStmt)
            parts.init = ch->items[0];
        else if (fe_is_update_expression(ch->items[0]))
            parts.inc = ch->items[0];
        else
            parts.cond = ch->items[0];
    }
    return parts;
}

static for_parts split_for(CXCursor c)
{
    for_parts parts = {clang_getNullCursor(), clang_getNullCursor(),
                       clang_getNullCursor(), clang_getNullCursor()};
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    if (ch.count == 0)
        return parts;
    parts.body = ch.items[ch.count - 1];
    if (ch.count == 4 || written_by_macro(c))
        return split_for_without_tokens(parts, &ch);
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *tokens;
    unsigned ntokens;
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &ntokens);
    unsigned semis[2] = {0, 0}, nsemi = 0;
    int depth = 0;
    for (unsigned i = 0; i < ntokens && nsemi < 2; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(s);
        if (strcmp(t, "(") == 0)
            depth++;
        else if (strcmp(t, ")") == 0)
            depth--;
        else if (strcmp(t, ";") == 0 && depth == 1) {
            unsigned off;
            clang_getSpellingLocation(clang_getTokenLocation(tu, tokens[i]), NULL,
                                      NULL, NULL, &off);
            semis[nsemi++] = off;
        }
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, tokens, ntokens);
    if (nsemi < 2)
        return split_for_without_tokens(parts, &ch);
    for (unsigned i = 0; i + 1 < ch.count; i++) {
        unsigned off;
        clang_getSpellingLocation(clang_getCursorLocation(ch.items[i]), NULL, NULL,
                                  NULL, &off);
        CXSourceRange r = clang_getCursorExtent(ch.items[i]);
        clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &off);
        if (off < semis[0])
            parts.init = ch.items[i];
        else if (off < semis[1])
            parts.cond = ch.items[i];
        else
            parts.inc = ch.items[i];
    }
    return parts;
}

/* A condition's truth value when known; *known false otherwise. */
static bool condition(fe_ctx *cx, CXCursor cond, bool *known)
{
    bool truth = false;
    *known = fe_known_truth(fe_eval(cx, cond), &truth);
    return *known && truth;
}

/* One iteration's body, as one way of a joined region: a `continue` it
   took ends the iteration, and the next way starts it afresh. */
static void exec_iteration(fe_ctx *cx, CXCursor body)
{
    fe_exec(cx, body);
    if (cx->path.loop)
        cx->path.loop->continued = false;
}

/* What a loop condition reads, hashed: the value of each variable, member
   or element it names (FNV-1a over known integers, identities and pointer
   targets).  Equal before two tests: the condition is the same question
   with the same answer. */
static uint64_t fingerprint_mix(uint64_t h, const void *bytes, size_t n)
{
    return fe_hash_bytes(h, bytes, n);
}

static uint64_t condition_inputs(fe_ctx *cx, CXCursor c, uint64_t h)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr: {
        const fe_val *v = fe_eval(cx, c);
        uint64_t k;
        if (fe_known_int(v, &k))
            return fingerprint_mix(h, &k, sizeof k);
        if (v && v->kind == VAL_SYM && v->ident)
            return fingerprint_mix(h, v->ident, strlen(v->ident));
        if (v && v->kind == VAL_PTR) {
            h = fingerprint_mix(h, &v->target, sizeof v->target);
            return fingerprint_mix(h, &v->index, sizeof v->index);
        }
        return fingerprint_mix(h, &v, sizeof v);
    }
    default: {
        fe_cursors ch;
        fe_children(NULL, c, &ch);
        for (unsigned i = 0; i < ch.count; i++)
            h = condition_inputs(cx, ch.items[i], h);
        return h;
    }
    }
}

/*
 * The number of the iteration a loop starts on an assumption - its
 * condition unknown, or repeating with the same inputs - counted with the
 * ones before it on either assumption: such a loop is analysed for two
 * iterations in all.  One counts before the first such one when the body
 * ran before it (`n` runs: the iterations its known condition gave, or a
 * `do` loop's first run), which is the run a repeating condition repeats.  Counted apart, a render loop whose `quit`
 * flag was widened at a wait (an event sets it on one path and not on
 * another) ran its known first frame, then two frames more on the unknown
 * flag: 416 of vkcube-xcb's 680 runs left the run before them in its
 * third frame.
 */
static unsigned assumed_iteration(fe_loop_progress *progress, unsigned n)
{
    if (progress->assumed_iterations == 0)
        progress->iterations_before_assumed = n > 0 ? 1 : 0;
    return progress->iterations_before_assumed + ++progress->assumed_iterations;
}

/*
 * A loop still running at the iteration limit that records nothing, and
 * whose every write is in its own text (fe_forget_loop_writes): what it
 * writes becomes unknown and it ends, with its condition assumed false.
 * Its later iterations could only have changed those values.  Returns
 * whether it did; otherwise the limit is reported.
 */
/* A loop with a condition (`for (;;)`: only a break leaves it) whose parts
   record nothing and write only what their text names: what they write is
   forgotten (fe_forget_loop_writes; `return`s in them allowed when
   returns_allowed).  Returns whether it was. */
static bool forget_quiet_loop(fe_ctx *cx, CXCursor cond, CXCursor inc, CXCursor body,
                              bool returns_allowed)
{
    if (clang_Cursor_isNull(cond))
        return false;
    CXCursor parts[3] = {cond, inc, body};
    for (unsigned i = 0; i < 3; i++)
        if (!clang_Cursor_isNull(parts[i]) && fe_code_records(cx, parts[i]))
            return false;
    return fe_forget_loop_writes(cx, parts, 3, returns_allowed);
}

static bool leave_quiet_loop(fe_ctx *cx, CXCursor cond, CXCursor inc, CXCursor body)
{
    if (!forget_quiet_loop(cx, cond, inc, body, false))
        return false;
    bool known = false;
    bool value = condition(cx, cond, &known);
    vks_loc at = fe_loc(cx, cond);
    if (known ? value : !fe_path_allows(cx, at, fe_symbolic(cx, cond), false))
        return false;
    fe_path_note(cx, at, fe_intern_printf(cx, "`%s` is assumed false after the first %u "
                                          "iterations (the loop records nothing; what it "
                                          "writes is forgotten)", fe_source_text(cx, cond),
                                          fe_limit(FE_LIMIT_LOOP_ITERATIONS)));
    return true;
}

/*
 * A search loop: `for (i = 0; i < G_N_ELEMENTS (map); i++) if (result ==
 * map[i].result) return map[i].str;` (GStreamer's
 * gst_vulkan_result_to_string, called after every Vulkan call), vkcube's
 * memory_type_from_properties (32 memory types), a format table.  Its
 * condition is known, so it ran every iteration, and each iteration was a
 * region joined on an unknown: 680,000 of gst's statements were the
 * result-to-string loop, and in vkcube-xcb a third of all statements the
 * memory-type loop, replayed on every path.  After SEARCH_ITERATIONS
 * iterations in a row that each branched on an unknown, when the loop
 * records nothing and everything it writes is in its own text, what it
 * writes is forgotten and its body is run once more from there - every
 * later iteration is one of the states that covers, its `return`s
 * included - then forgotten again, and the loop ends.  Values the search
 * finds become unknown instead of one of the table's (they were a join of
 * the table's already).  vkcube 5.5 -> 4.8 s and glfw's triangle-vulkan
 * 1.7 -> 1.4 s with the same results; a 300-entry format table is no
 * longer cut at the loop limit (realprog/format_table_search.c).  Returns
 * whether it did.
 */
enum { SEARCH_ITERATIONS = 3 };

static bool widen_search_loop(fe_ctx *cx, CXCursor cond, CXCursor inc, CXCursor body,
                              loop_state *state, loop_state *outer, unsigned done)
{
    if (!forget_quiet_loop(cx, cond, inc, body, true))
        return false;
    fe_path_note(cx, fe_loc(cx, cond), fe_intern_printf(
        cx, "`%s`: the iterations after the first %u, each a branch on an unknown that "
        "records nothing, are run as one (what the loop writes is forgotten)",
        fe_source_text(cx, cond), done));
    state->continued = false;
    cx->path.loop = state;
    if (!fe_run_loop_body_every_way(cx, body, exec_iteration))
        fe_exec(cx, body);
    cx->path.loop = outer;
    if (!state->broke && !fe_path_stopped(cx))
        forget_quiet_loop(cx, cond, inc, body, true);
    return true;
}

typedef struct {
    CXCursor vars[8];
    unsigned count;
    bool other; /* a member, an element, a call: not only variables */
} condition_vars;

static enum CXChildVisitResult find_condition_vars(CXCursor c, CXCursor parent,
                                                   CXClientData data)
{
    (void)parent;
    condition_vars *v = data;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(c);
        if (clang_getCursorKind(decl) != CXCursor_VarDecl || v->count == 8) {
            v->other = clang_getCursorKind(decl) != CXCursor_EnumConstantDecl;
            break;
        }
        v->vars[v->count++] = decl;
        break;
    }
    case CXCursor_MemberRefExpr: case CXCursor_ArraySubscriptExpr: case CXCursor_CallExpr:
    case CXCursor_UnaryOperator:
        if (clang_getCursorKind(c) != CXCursor_UnaryOperator ||
            clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
            v->other = true;
        break;
    default:
        break;
    }
    return v->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether statement c is `var = ...;` */
static bool assigns_var(fe_ctx *cx, CXCursor c, CXCursor var)
{
    c = fe_strip(c);
    const fe_child_list *ch = fe_children_kept(cx, c);
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign || ch->count != 2)
        return false;
    CXCursor lhs = fe_strip(ch->items[0]);
    return clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(lhs), var);
}

/*
 * Whether a loop's condition reads only variables that its body assigns
 * in statements of the body's own block, whatever way the body goes:
 * `while (running) { cmd = frame_begin (...); running = PT_SCHEDULE
 * (task (&t, cmd)); frame_submit (...); }`.  Such a condition is computed
 * afresh by every iteration from what the path holds, so reading what it
 * read at the last test is no sign that the loop repeats (exec_loop): a
 * protothread stepped once a frame ends after its last stage, the frames
 * before it all analysed.
 */
static bool condition_recomputed(fe_ctx *cx, CXCursor cond, CXCursor body)
{
    fe_node_memo *memo = fe_node_memo_of(cond);
    if (memo && memo->condition_recomputed != FE_MEMO_UNSET)
        return memo->condition_recomputed == FE_MEMO_YES;
    condition_vars v = {.count = 0};
    find_condition_vars(cond, clang_getNullCursor(), &v);
    if (!v.other)
        clang_visitChildren(cond, find_condition_vars, &v);
    bool yes = !v.other && v.count > 0 && clang_getCursorKind(body) == CXCursor_CompoundStmt;
    const fe_child_list *items = yes ? fe_children_kept(cx, body) : NULL;
    for (unsigned k = 0; yes && k < v.count; k++) {
        bool assigned = false;
        for (unsigned i = 0; i < items->count && !assigned; i++)
            assigned = assigns_var(cx, items->items[i], v.vars[k]);
        yes = assigned;
    }
    if (memo)
        memo->condition_recomputed = yes ? FE_MEMO_YES : FE_MEMO_NO;
    return yes;
}

/*
 * A loop runs as C runs it while its condition is known (a constant trip
 * count fills an array); when the condition is unknown the body runs twice,
 * which is enough to see one iteration's accesses against the next's - a
 * `do` body too, whose first run is before any test.  An unknown condition
 * that the path's facts make false ends the loop: vkcube's `do { err =
 * acquire(); if (err == VK_ERROR_OUT_OF_DATE_KHR) demo_resize(demo); ...
 * else assert(!err); } while (err != VK_SUCCESS);` leaves after the way
 * that found VK_SUCCESS instead of acquiring and rebuilding again.
 *
 * decided_by_branch: a condition that is known only because the path took
 * one way of a branch on an unknown while evaluating it - a call that
 * tests an unknown and returns a constant on each way - is an unknown
 * condition too, and counts as one of the two iterations.  C gives the
 * call's result no other value than the way's: on the path that took the
 * other way the loop ends, and a path that goes on is one more assumption
 * each time.  The idiom is dropping references down a chain: Gallium's
 * `do { next = res->next; destroy (res); res = next; } while
 * (pipe_reference (&res->reference, NULL));` tests, at each link, whether
 * an unknown atomic count (another thread may hold a reference) reached
 * zero, and `return true;` made the test known on that way.  With the
 * chain unknown, each link a new unknown, it ran to the 256-iteration
 * limit on one way, and every number of links in between was a way of
 * the region around it: zink spent 6 of its 9 M statements there, the
 * whole statement limit of 21 of its recording functions.  Had the call
 * been joined (summary.c) its result would have been unknown, and the
 * loop would have been run twice: the answer no longer depends on how
 * deep in nested regions the loop is.
 */
static void exec_loop(fe_ctx *cx, CXCursor init, CXCursor cond, CXCursor inc,
                      CXCursor body, bool test_first)
{
    if (!clang_Cursor_isNull(init))
        fe_exec(cx, init);
    loop_state state = {false, false};
    loop_state *outer = cx->path.loop;
    unsigned max_iterations = fe_limit(FE_LIMIT_LOOP_ITERATIONS);
    /* Where the loop is - the iteration, how many ran on an unknown or a
       repeated condition, the inputs of the condition at the previous test
       and the path's decisions then (a render loop: below) - kept where a
       path compared at a wait inside the loop finds it (merge.c). */
    fe_loop_progress progress = {.at = fe_loc(cx, body), .outer = cx->loop_progress};
    cx->loop_progress = &progress;
    bool tested = false, test_known = false;
    unsigned branched_in_a_row = 0;
    for (unsigned n = 0; n < max_iterations; n++) {
        progress.iteration = n;
        if (test_first || n > 0) {
            bool known = true, value = true;
            unsigned decisions_before_test = cx->path.decision_count;
            if (!clang_Cursor_isNull(cond))
                value = condition(cx, cond, &known);
            if (known && !value)
                break;
            /* The condition is true only on the way this path took at a
               branch on an unknown inside it (see decided_by_branch). */
            bool decided = known && cx->path.decision_count > decisions_before_test;
            test_known = known;
            vks_loc at = fe_loc(cx, clang_Cursor_isNull(cond) ? body : cond);
            const char *why = NULL;
            unsigned iteration = 0;
            if (!known) {
                if (!fe_path_allows(cx, at, fe_symbolic(cx, cond), true))
                    break;
                why = fe_intern_printf(cx, "`%s` is assumed true",
                                       fe_source_text(cx, cond));
                /* a `do` body's first run was before any test */
                iteration = assumed_iteration(&progress, n);
            } else if (decided) {
                why = fe_intern_printf(cx, "`%s` is true on the ways taken inside it",
                                       fe_source_text(cx, cond));
                iteration = assumed_iteration(&progress, n);
            } else {
                /* `while (!demo->quit) { handle events; demo_draw(demo); }`:
                   the condition reads what it read at the last test, and
                   only branches on unknowns in the body (events, acquire
                   results) could ever end the loop.  On the path where
                   none does, the loop never ends; like a loop on an
                   unknown condition it is analysed for two iterations (it
                   ran into the path's 128-decision limit before). */
                uint64_t inputs = clang_Cursor_isNull(cond)
                                      ? 0
                                      : condition_inputs(cx, cond, FE_HASH_SEED);
                if (tested && inputs == progress.last_inputs &&
                    cx->path.decision_count > progress.decisions_at_last_test &&
                    !condition_recomputed(cx, cond, body)) {
                    why = "the loop repeats with the same condition";
                    iteration = assumed_iteration(&progress, n);
                }
                tested = true;
                progress.last_inputs = inputs;
                progress.decisions_at_last_test = cx->path.decision_count;
            }
            if (why) {
                if (iteration > 2)
                    break;
                fe_path_note(cx, at, fe_intern_printf(cx, "%s (loop iteration %u of 2)",
                                                      why, iteration));
            }
        }
        state.continued = false;
        cx->path.loop = &state;
        size_t branched_before = cx->regions_branched;
        /* A body entered at a case label inside it (enter_statement) runs
           from there, on this path only. */
        if (cx->eval->entering_count || !fe_run_loop_body_every_way(cx, body, exec_iteration))
            fe_exec(cx, body);
        cx->path.loop = outer;
        if (state.broke || fe_path_stopped(cx))
            break;
        if (!clang_Cursor_isNull(inc))
            fe_eval(cx, inc);
        branched_in_a_row = cx->regions_branched > branched_before ? branched_in_a_row + 1 : 0;
        if (test_known && branched_in_a_row >= SEARCH_ITERATIONS && n + 1 < max_iterations &&
            widen_search_loop(cx, cond, inc, body, &state, outer, n + 1))
            break;
        if (n + 1 == max_iterations) {
            /* C tests the condition once more before leaving: a loop of
               exactly 256 iterations is complete. */
            bool known = false, value = true;
            if (!clang_Cursor_isNull(cond))
                value = condition(cx, cond, &known);
            if ((!known || value) && !leave_quiet_loop(cx, cond, inc, body))
                fe_incomplete(cx, body, vks_arena_printf(
                    cx->arena, "loop runs more than %u times; only the first %u "
                    "iterations are analysed", max_iterations, max_iterations));
        }
    }
    cx->path.loop = outer;
    cx->loop_progress = progress.outer;
}

/* A branch that leaves the function at once: `return err;`, `goto
   fail;`, alone or after a few calls (`{ av_log(...); return
   AVERROR(ENOMEM); }`).  Only the order paths are tried in depends on it.
   A `break` is left out: in a search loop (`if (found) break;`) trying
   the next iteration first made paths longer (FFmpeg's descriptor pools
   ran into the decisions limit). */
static bool leaves_at_once(fe_ctx *cx, CXCursor branch)
{
    CXCursor c = branch;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        const fe_child_list *items = fe_children_kept(cx, c);
        if (items->count == 0 || items->count > 4)
            return false;
        for (unsigned i = 0; i + 1 < items->count; i++)
            if (clang_getCursorKind(items->items[i]) != CXCursor_CallExpr)
                return false;
        c = items->items[items->count - 1];
    }
    enum CXCursorKind kind = clang_getCursorKind(c);
    return kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt;
}

/* The condition of `if (a () != 0 || b () != 0) return 1;` - an `||` whose
   branch leaves at once and adds nothing (eval_expr.c, decide_left_operand)
   - or a null cursor. */
static CXCursor error_check_condition(fe_ctx *cx, CXCursor cond, const fe_cursors *parts)
{
    CXCursor c = fe_strip(cond);
    if (parts->count != 2 || clang_getCursorKind(c) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_LOr ||
        !leaves_at_once(cx, parts->items[1]) || !fe_leave_adds_nothing(cx, parts->items[1]))
        return clang_getNullCursor();
    return cond;
}

/* ---- a cache that creates what it does not find ---- */

/* The variable or member a null test reads - `!x`, `x == NULL`,
   `x == VK_NULL_HANDLE` (either side), or with *is_null false `x`,
   `x != NULL` - or a null cursor. */
static CXCursor null_tested(fe_ctx *cx, CXCursor cond, bool *is_null)
{
    CXCursor c = fe_strip(cond);
    const fe_child_list *ch = fe_children_kept(cx, c);
    enum CXCursorKind kind = clang_getCursorKind(c);
    CXCursor tested = c;
    *is_null = false;
    if (kind == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot && ch->count == 1) {
        tested = fe_strip(ch->items[0]);
        *is_null = true;
    } else if (kind == CXCursor_BinaryOperator && ch->count == 2) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        tested = clang_getNullCursor();
        uint64_t zero;
        for (unsigned i = 0; i < 2 && (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE);
             i++)
            if (fe_evaluated_int(fe_strip(ch->items[1 - i]), &zero) && zero == 0)
                tested = fe_strip(ch->items[i]);
        *is_null = op == CXBinaryOperator_EQ;
    }
    enum CXCursorKind tk = clang_getCursorKind(tested);
    return tk == CXCursor_DeclRefExpr || tk == CXCursor_MemberRefExpr ? tested
                                                                       : clang_getNullCursor();
}

enum { CREATION_SEARCH_DEPTH = 3 };

typedef struct {
    fe_ctx *cx;
    unsigned depth;
    bool creates;
} creation_search;

static enum CXChildVisitResult find_creation(CXCursor c, CXCursor parent, CXClientData data);

/* Whether the call creates a Vulkan object: a vkCreate* entry point, or a
   helper with a body that calls one (up to CREATION_SEARCH_DEPTH deep). */
static bool call_creates(fe_ctx *cx, CXCursor call, unsigned depth)
{
    const char *entry = fe_callee_entry_point(cx, call);
    if (entry && fe_entry_point_has(entry, FE_EP_CREATES | FE_EP_MAKES))
        return true;
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl) || depth == 0)
        return false;
    CXCursor body = fe_function_body(fe_find_function(cx, decl));
    if (clang_Cursor_isNull(body))
        return false;
    creation_search s = {cx, depth - 1, false};
    clang_visitChildren(body, find_creation, &s);
    return s.creates;
}

static enum CXChildVisitResult find_creation(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    creation_search *s = data;
    if (clang_getCursorKind(c) == CXCursor_CallExpr && call_creates(s->cx, c, s->depth))
        s->creates = true;
    return s->creates ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether an expression's text is `target` or a member of it
   (`fb->framebuffer`, `view.handle`). */
static bool is_or_member_of(const char *text, const char *target)
{
    size_t n = strlen(target);
    return strncmp(text, target, n) == 0 &&
           (text[n] == '\0' || text[n] == '.' || (text[n] == '-' && text[n + 1] == '>'));
}

typedef struct {
    fe_ctx *cx;
    const char *target; /* the tested variable's text */
    unsigned depth;     /* helpers handed its object still to look into */
    bool assigned;
} assignment_search;

static enum CXChildVisitResult find_created_assignment(CXCursor c, CXCursor parent,
                                                       CXClientData data);

/*
 * A helper handed the object the tested member is in makes it:
 * `if (!self->descriptor_cache) if (!create_descriptor_pool (self, error))
 * goto error;` with `self->descriptor_cache` created inside the helper
 * (GStreamer's full-screen quad, twice per transform: 36 of
 * color_convert's and 52 of view_convert's runs were the two ways of such
 * tests).  For the argument that is the member's object (`self`, or
 * `&obj` for `obj.m`), the helper's body is searched for the same member
 * of its parameter (`P->descriptor_cache`).
 */
static bool helper_makes_member(assignment_search *s, CXCursor call)
{
    const char *arrow = strstr(s->target, "->");
    const char *dot = strchr(s->target, '.');
    const char *split = arrow && (!dot || arrow < dot) ? arrow : dot;
    if (!split || s->depth == 0)
        return false;
    size_t base_len = (size_t)(split - s->target);
    const char *member = split + (split == arrow ? 2 : 1);
    CXCursor decl = fe_callee_decl(call);
    CXCursor def = clang_Cursor_isNull(decl) ? decl : fe_find_function(s->cx, decl);
    CXCursor body = clang_Cursor_isNull(def) ? def : fe_function_body(def);
    if (clang_Cursor_isNull(body))
        return false;
    int argc = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < argc && i < clang_Cursor_getNumArguments(def); i++) {
        const char *arg = fe_source_text(s->cx, fe_strip(clang_Cursor_getArgument(call, (unsigned)i)));
        bool hands_object =
            split == arrow ? strlen(arg) == base_len && strncmp(arg, s->target, base_len) == 0
                           : arg[0] == '&' && strlen(arg + 1) == base_len &&
                                 strncmp(arg + 1, s->target, base_len) == 0;
        if (!hands_object)
            continue;
        const char *param = fe_spelling(s->cx, clang_Cursor_getArgument(def, (unsigned)i));
        assignment_search inner = {
            s->cx, vks_arena_printf(fe_value_arena(s->cx), "%s->%s", param, member),
            s->depth - 1, false};
        clang_visitChildren(body, find_created_assignment, &inner);
        if (inner.assigned)
            return true;
    }
    return false;
}

/* `x = create(...)` or `vkCreateX(..., &x)` in the code searched, or a
   helper handed x's object that does either (helper_makes_member). */
static enum CXChildVisitResult find_created_assignment(CXCursor c, CXCursor parent,
                                                       CXClientData data)
{
    (void)parent;
    assignment_search *s = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    const fe_child_list *ch = fe_children_kept(s->cx, c);
    if (kind == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign && ch->count == 2) {
        CXCursor rhs = fe_strip(ch->items[1]);
        if (clang_getCursorKind(rhs) == CXCursor_CallExpr &&
            strcmp(fe_source_text(s->cx, fe_strip(ch->items[0])), s->target) == 0 &&
            call_creates(s->cx, rhs, CREATION_SEARCH_DEPTH))
            s->assigned = true;
    } else if (kind == CXCursor_CallExpr && !call_creates(s->cx, c, 0)) {
        s->assigned = helper_makes_member(s, c);
    } else if (kind == CXCursor_CallExpr) {
        int argc = clang_Cursor_getNumArguments(c);
        for (int i = 0; i < argc && !s->assigned; i++) {
            CXCursor arg = fe_strip(clang_Cursor_getArgument(c, (unsigned)i));
            const fe_child_list *ach = fe_children_kept(s->cx, arg);
            if (clang_getCursorKind(arg) != CXCursor_UnaryOperator ||
                clang_getCursorUnaryOperatorKind(arg) != CXUnaryOperator_AddrOf ||
                ach->count != 1)
                continue;
            /* `&x`, or a member of it: `&fb->framebuffer` */
            s->assigned = is_or_member_of(fe_source_text(s->cx, fe_strip(ach->items[0])),
                                          s->target);
        }
    }
    return s->assigned ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether code makes the object `target` names (assigned from a call
   that creates, or created into it or a member of it), and does no more
   than create (fe_code_does_more_than_create); *waits: it may wait. */
static bool makes_only(fe_ctx *cx, const CXCursor *code, unsigned count, const char *target,
                       bool *waits)
{
    assignment_search s = {cx, target, CREATION_SEARCH_DEPTH, false};
    for (unsigned i = 0; i < count; i++) {
        if (fe_code_does_more_than_create(cx, code[i], waits)) {
            return false;
        }
        if (!s.assigned)
            find_created_assignment(code[i], clang_getNullCursor(), &s);
        if (!s.assigned)
            clang_visitChildren(code[i], find_created_assignment, &s);
    }
    return s.assigned;
}

/* The block that holds stmt, searched from code down through blocks and
   the bodies of branches and loops; *index: stmt's place in it. */
static bool enclosing_block(fe_ctx *cx, CXCursor code, CXCursor stmt, CXCursor *block,
                            unsigned *index)
{
    const fe_child_list *ch = fe_children_kept(cx, code);
    bool is_block = clang_getCursorKind(code) == CXCursor_CompoundStmt;
    for (unsigned i = 0; i < ch->count; i++) {
        if (is_block && clang_equalCursors(ch->items[i], stmt)) {
            *block = code;
            *index = i;
            return true;
        }
        if (clang_isStatement(clang_getCursorKind(ch->items[i])) &&
            enclosing_block(cx, ch->items[i], stmt, block, index))
            return true;
    }
    return false;
}

/* A `return` alone (or in a block of its own) whose value, if any, is the
   tested object or one of its members. */
static bool returns_the_found(fe_ctx *cx, CXCursor branch, const char *target)
{
    CXCursor c = branch;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        const fe_child_list *items = fe_children_kept(cx, c);
        if (items->count != 1)
            return false;
        c = items->items[0];
    }
    if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
        return false;
    const fe_child_list *ch = fe_children_kept(cx, c);
    if (ch->count == 0)
        return true;
    return is_or_member_of(fe_source_text(cx, fe_strip(ch->items[0])), target);
}

/* What a cache's test is (cache_miss_creates). */
typedef struct {
    CXCursor tested;      /* the object's place */
    bool make;            /* the truth of the test on the way that makes it */
    bool waits;           /* the making may wait on the host */
    bool ends_function;   /* the making is the then-branch, or the rest of
                             the function's body: it ends where they do */
} cache_test;

/*
 * A cache that makes the object it does not find, two ways:
 *
 *     view = find_view (image, ...);        fb = g_hash_table_lookup (...);
 *     if (!view) {                          if (fb)
 *       view = view_new (image, ...);         return fb->framebuffer;
 *       add_view (image, view);             fb = g_slice_new0 (...);
 *     }                                     vkCreateFramebuffer (..., &fb->framebuffer);
 *                                           g_hash_table_insert (..., fb);
 *                                           return fb->framebuffer;
 *
 * (GStreamer's gst_vulkan_get_or_create_image_view, once per plane of each
 * frame's input and output; GTK's gsk_vulkan_render_get_framebuffer, once
 * per render pass; vkcube's `if (demo->cmd_pool == VK_NULL_HANDLE)`.)
 * Both ways of the test were paths: on the one that found it, the object
 * is a value the lookup returned, unknown, and every command on it a
 * question no check can answer (no finding); on the other it is an object
 * made like the one the cache holds, whose commands are checked.
 * Everything else on the two ways is the same when the making records,
 * submits and maps nothing (what it may wait for: go_the_making_way), so
 * whatever the first could report, the second reports too, and the first
 * is not run: four lookups a frame made sixteen paths
 * of each of gst's transforms, and the framebuffer lookup was half of the
 * runs of GTK's renderer.  Returns whether the `if` at stmt (condition
 * cond, only branch then) is such a test, and in *out what it tests.
 */
static bool cache_miss_creates(fe_ctx *cx, CXCursor stmt, CXCursor cond, CXCursor then,
                               cache_test *out)
{
    fe_node_memo *memo = fe_node_memo_of(stmt);
    bool is_null = false;
    *out = (cache_test){.tested = null_tested(cx, cond, &is_null), .ends_function = true};
    out->make = is_null;
    if (memo && memo->cache_miss_creates != FE_MEMO_UNSET) {
        out->waits = memo->cache_making_waits;
        out->ends_function = memo->cache_making_ends_function;
        return memo->cache_miss_creates == FE_MEMO_YES;
    }
    bool yes = false;
    if (!clang_Cursor_isNull(out->tested)) {
        const char *target = fe_source_text(cx, out->tested);
        CXCursor block;
        unsigned at;
        if (is_null) {
            yes = makes_only(cx, &then, 1, target, &out->waits);
        } else if (returns_the_found(cx, then, target) &&
                   enclosing_block(cx, cx->eval->current_body, stmt, &block, &at)) {
            const fe_child_list *rest = fe_children_kept(cx, block);
            yes = makes_only(cx, rest->items + at + 1, rest->count - at - 1, target,
                             &out->waits);
            out->ends_function = clang_equalCursors(block, cx->eval->current_body);
        }
    }
    if (memo) {
        memo->cache_miss_creates = yes ? FE_MEMO_YES : FE_MEMO_NO;
        memo->cache_making_waits = out->waits;
        memo->cache_making_ends_function = out->ends_function;
    }
    return yes;
}

/*
 * The `if` at stmt, a cache's test (cache_miss_creates): the path goes the
 * way that makes the object, and true is returned.  Not when a join lost
 * an object of this path's in the tested place: the commands on it are
 * checked, and a new object has none of its history.
 *
 * When the making may wait on the host (a library call handed what leads
 * to the device: GTK's `gdk_vulkan_context_get_device (self->vulkan)`
 * around each vkCreateFramebuffer) and something was submitted, the way
 * that finds the object waits for nothing, and a host access or a
 * submission after it is checked against the work in flight there.  So
 * the making way goes on with its waits not applied (fe_frame.
 * waits_unseen): the state after it is then the finding way's, but for
 * the object, which is new and so in no earlier submission - each finding
 * it gives is one of the finding way's, or one on the new object that no
 * host wait before its use could change.  When the making is the rest of
 * a block inside the function (`if (fb) return fb->framebuffer;` in a
 * loop's body), where that ends is not a return: both ways run.
 */
static bool go_the_making_way(fe_ctx *cx, CXCursor stmt, CXCursor cond, CXCursor then)
{
    cache_test t;
    if (!cache_miss_creates(cx, stmt, cond, then, &t) || fe_eval(cx, t.tested)->lost_object)
        return false;
    bool make = t.make;
    vks_loc at = fe_loc(cx, cond);
    const vks_smt_expr *sym = fe_symbolic(cx, cond);
    if (!fe_path_allows(cx, at, sym, make))
        return false;
    /* Only while the finding way can happen: where the path's facts rule
       it out, the making is certain and its waits are real. */
    bool unseen = t.waits && fe_path_submitted(cx) && fe_path_allows(cx, at, sym, !make);
    if (unseen && !t.ends_function)
        return false;
    fe_assume(cx, sym, make);
    fe_path_note(cx, at, fe_intern_printf(
        cx, "`%s` is taken %s: the object is made here; one found in the cache instead "
        "would be unknown, and no check concludes anything on an unknown object%s",
        fe_source_text(cx, cond), make ? "true" : "false",
        unseen ? "; what the making may wait for is not counted, as the way that finds "
                 "the object waits for nothing" : ""));
    fe_frame *frame = cx->path.frame;
    bool unseen_before = frame && frame->waits_unseen;
    if (frame)
        frame->waits_unseen |= unseen;
    if (make) {
        fe_exec(cx, then);
        if (frame)
            frame->waits_unseen = unseen_before;
    }
    /* Otherwise the making is the rest of the function: the frame ends
       with it. */
    return true;
}

/* ---- branches that cannot change what is recorded ---- */

typedef struct {
    fe_ctx *cx;
    bool matters;
} matter_search;

static enum CXChildVisitResult find_what_matters(CXCursor c, CXCursor parent,
                                                 CXClientData data)
{
    matter_search *m = data;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CallExpr: {
        const char *entry = fe_callee_entry_point(m->cx, c);
        CXCursor callee = fe_callee_decl(c);
        if ((entry && strncmp(entry, "vk", 2) == 0) || fe_called_function(m->cx, c) ||
            (!clang_Cursor_isNull(callee) && fe_never_returns(m->cx, callee)))
            m->matters = true;
        break;
    }
    case CXCursor_BinaryOperator:
        if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
            m->matters = true;
        break;
    case CXCursor_CompoundAssignOperator:
    case CXCursor_ReturnStmt: case CXCursor_BreakStmt: case CXCursor_ContinueStmt:
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
        m->matters = true;
        break;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
            op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
            m->matters = true;
        break;
    }
    default:
        break;
    }
    return m->matters ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether a branch's statement could change what is recorded: it calls
   Vulkan, a function the front end follows, or one that does not return;
   assigns; or leaves the enclosing statement.  Worked out once per
   statement (fe_node_memo): what it asks of the functions it calls is
   final when a path runs (nothing is being summarised then). */
static bool branch_matters(fe_ctx *cx, CXCursor stmt)
{
    fe_node_memo *memo = fe_node_memo_of(stmt);
    if (memo && memo->branch_matters != FE_MEMO_UNSET)
        return memo->branch_matters == FE_MEMO_YES;
    matter_search m = {cx, false};
    find_what_matters(stmt, clang_getNullCursor(), &m);
    if (!m.matters)
        clang_visitChildren(stmt, find_what_matters, &m);
    if (memo)
        memo->branch_matters = m.matters ? FE_MEMO_YES : FE_MEMO_NO;
    return m.matters;
}

/* ---- switch ---- */

typedef enum { ENTRY_CASE, ENTRY_DEFAULT, ENTRY_STMT } switch_entry_kind;

typedef struct {
    switch_entry_kind kind;
    CXCursor cursor; /* the case's value expression, or the statement */
    CXCursor high;   /* a GNU case range's upper bound (`case 1 ... 3:`), or null */
} switch_entry;

/* A case label's upper bound: GNU C's case range, `case low ... high:`,
   whose CaseStmt has both bounds before its statement; null for a plain
   `case value:` (its value and statement only). */
static CXCursor case_range_high(const fe_cursors *ch)
{
    return ch->count >= 3 ? ch->items[1] : clang_getNullCursor();
}

typedef struct {
    switch_entry *items;
    size_t count, cap;
} switch_body;

static void flatten_switch(fe_ctx *cx, CXCursor c, switch_body *body)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    switch (clang_getCursorKind(c)) {
    case CXCursor_CaseStmt:
        if (ch.count >= 2) {
            switch_entry e = {ENTRY_CASE, ch.items[0], case_range_high(&ch)};
            VKS_PUSH(fe_value_arena(cx), body->items, body->count, body->cap, e);
            flatten_switch(cx, ch.items[ch.count - 1], body);
        }
        return;
    case CXCursor_DefaultStmt:
        if (ch.count >= 1) {
            switch_entry e = {ENTRY_DEFAULT, clang_getNullCursor(), clang_getNullCursor()};
            VKS_PUSH(fe_value_arena(cx), body->items, body->count, body->cap, e);
            flatten_switch(cx, ch.items[ch.count - 1], body);
        }
        return;
    default: {
        switch_entry e = {ENTRY_STMT, c, clang_getNullCursor()};
        VKS_PUSH(fe_value_arena(cx), body->items, body->count, body->cap, e);
        return;
    }
    }
}

/*
 * A case label inside a statement of the switch body (Duff's device;
 * protothreads, whose PT_YIELD stores __LINE__ and puts `case __LINE__:`
 * inside a `do { } while (0)` in the task's loop): a label the switch may
 * go to, with the body's statement that holds it.  C 6.8.4.2: "A case or
 * default label is accessible only within the closest enclosing switch
 * statement", wherever it is nested in that switch's body; so labels of a
 * switch inside are not this one's.
 */
typedef struct {
    CXCursor value;   /* the case's expression; null for `default:` */
    size_t start;     /* the body entry (ENTRY_STMT) holding it */
    CXCursor label;   /* the CaseStmt or DefaultStmt */
    CXCursor high;    /* a case range's upper bound, or null */
} nested_label;

typedef struct {
    nested_label *items;
    size_t count, cap;
} nested_labels;

static void collect_nested_labels(fe_ctx *cx, CXCursor c, size_t start, nested_labels *out)
{
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_SwitchStmt || !clang_isStatement(kind))
        return;
    const fe_child_list *ch = fe_children_kept(cx, c);
    if ((kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt) && ch->count >= 1) {
        fe_cursors bounds = {.count = 0};
        if (kind == CXCursor_CaseStmt)
            fe_children(NULL, c, &bounds);
        nested_label l = {kind == CXCursor_CaseStmt ? ch->items[0] : clang_getNullCursor(),
                          start, c,
                          kind == CXCursor_CaseStmt ? case_range_high(&bounds)
                                                    : clang_getNullCursor()};
        VKS_PUSH(fe_value_arena(cx), out->items, out->count, out->cap, l);
    }
    for (unsigned i = 0; i < ch->count; i++)
        collect_nested_labels(cx, ch->items[i], start, out);
}

/* The statements from c down to label, in cx->eval->entering. */
static bool chain_to_label(fe_ctx *cx, CXCursor c, CXCursor label, unsigned depth)
{
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (!clang_isStatement(kind) || (depth > 0 && kind == CXCursor_SwitchStmt))
        return false;
    bool found = clang_equalCursors(c, label);
    const fe_child_list *ch = fe_children_kept(cx, c);
    for (unsigned i = 0; i < ch->count && !found; i++)
        found = chain_to_label(cx, ch->items[i], label, depth + 1);
    if (found)
        cx->eval->entering[depth] = c;
    return found;
}

static unsigned statement_depth(fe_ctx *cx, CXCursor c)
{
    unsigned deepest = 0;
    const fe_child_list *ch = fe_children_kept(cx, c);
    for (unsigned i = 0; i < ch->count; i++) {
        unsigned d = statement_depth(cx, ch->items[i]);
        deepest = d > deepest ? d : deepest;
    }
    return deepest + 1;
}

/* Runs the body from entry `start` on, as C does (fall-through until
   `break`); `continue` belongs to the enclosing loop.  With a nested
   label, the entry is run from that label on (enter_statement). */
static void run_switch_from(fe_ctx *cx, const switch_body *body, size_t start,
                            CXCursor nested)
{
    loop_state state = {false, false};
    loop_state *outer = cx->path.loop;
    cx->path.loop = &state;
    if (!clang_Cursor_isNull(nested)) {
        CXCursor entry = body->items[start].cursor;
        cx->eval->entering = vks_arena_alloc(fe_value_arena(cx),
                                             sizeof *cx->eval->entering *
                                                 statement_depth(cx, entry));
        cx->eval->entering_count = 0;
        if (chain_to_label(cx, entry, nested, 0)) {
            unsigned n = 0;
            while (!clang_equalCursors(cx->eval->entering[n], nested))
                n++;
            cx->eval->entering_count = n + 1;
        }
    }
    for (size_t i = start; i < body->count && !fe_path_stopped(cx); i++)
        if (body->items[i].kind == ENTRY_STMT)
            fe_exec(cx, body->items[i].cursor);
    cx->eval->entering_count = 0; /* a path stopped before the label */
    cx->path.loop = outer;
    if (state.continued && outer)
        outer->continued = true;
}

/*
 * Going on at a label inside statement c (the next in cx->eval->entering):
 * as `goto` into a statement, C 6.8.6.1, so a loop entered at a label in
 * its body starts there with no test, goes on to its increment and tests
 * it then; an `if` entered in one branch runs the rest of that branch and
 * not the other; a block runs on after the statement that held the label.
 */
static void enter_statement(fe_ctx *cx, CXCursor c)
{
    const CXCursor *chain = cx->eval->entering;
    unsigned n = cx->eval->entering_count, at = 0;
    while (at < n && !clang_equalCursors(chain[at], c))
        at++;
    enum CXCursorKind kind = clang_getCursorKind(c);
    const fe_child_list *ch = fe_children_kept(cx, c);
    if (at == n || ch->count == 0) {
        /* not on the way to the label (cannot be: chain_to_label) */
        cx->eval->entering_count = 0;
        return;
    }
    if (at + 1 == n) {
        /* the label: from here on the path runs as any other */
        cx->eval->entering_count = 0;
        fe_exec(cx, ch->items[ch->count - 1]);
        return;
    }
    CXCursor next = chain[at + 1];
    switch (kind) {
    case CXCursor_CompoundStmt: {
        unsigned i = 0;
        while (i < ch->count && !clang_equalCursors(ch->items[i], next))
            i++;
        exec_compound_from(cx, c, i);
        return;
    }
    case CXCursor_ForStmt: {
        for_parts p = split_for(c);
        exec_loop(cx, clang_getNullCursor(), p.cond, p.inc, p.body, false);
        return;
    }
    case CXCursor_WhileStmt:
        exec_loop(cx, clang_getNullCursor(), ch->items[0], clang_getNullCursor(),
                  ch->items[ch->count - 1], false);
        return;
    case CXCursor_DoStmt:
        exec_loop(cx, clang_getNullCursor(), ch->items[ch->count - 1],
                  clang_getNullCursor(), ch->items[0], false);
        return;
    default:
        /* `if` (the branch holding it; the condition is not evaluated),
           a label, or a case label above it (`case 1: case 2:`) */
        fe_exec(cx, next);
        return;
    }
}

/* A switch on an unknown value is one decision with an alternative per
   case label, and one for "no case matches" (the default label or none).
   Labels nested in the body's statements count as the body's own. */
/*
 * Whether a known controlling value goes to a label.  GNU C's case range,
 * `case low ... high:`, "has the same effect as the proper number of
 * individual case labels, one for each integer value from low to high,
 * inclusive" (GCC manual, "Case Ranges"); it was taken for `case low:`,
 * so kernel-style `case 1 ... STEPS - 2:` sent every value but the first
 * to `default:` (the styles corpus's gnu_ programs).  The bounds are
 * compared in the controlling expression's promoted type, as the case
 * values are converted to it (C11 6.8.4.2p5).
 */
static bool label_matches(fe_ctx *cx, const nested_label *l, uint64_t value, bool is_signed)
{
    uint64_t low, high;
    if (!fe_known_int(fe_eval(cx, l->value), &low))
        return false;
    if (clang_Cursor_isNull(l->high))
        return low == value;
    if (!fe_known_int(fe_eval(cx, l->high), &high))
        return false; /* not this label, as a plain case of unknown value */
    return is_signed ? (int64_t)low <= (int64_t)value && (int64_t)value <= (int64_t)high
                     : low <= value && value <= high;
}

/* The condition under which an unknown controlling value goes to a label:
   equal to its value, or within a case range's bounds. */
static const vks_smt_expr *label_condition(fe_ctx *cx, const nested_label *l,
                                           const vks_smt_expr *sym, bool is_signed)
{
    const vks_smt_expr *low = fe_symbolic(cx, l->value);
    if (clang_Cursor_isNull(l->high))
        return fe_smt_binary(cx, VKS_SMT_EQ, sym, low);
    vks_smt_expr *above = (vks_smt_expr *)fe_smt_binary(cx, VKS_SMT_GE, sym, low);
    vks_smt_expr *below =
        (vks_smt_expr *)fe_smt_binary(cx, VKS_SMT_LE, sym, fe_symbolic(cx, l->high));
    above->is_signed = below->is_signed = is_signed;
    return fe_smt_binary(cx, VKS_SMT_AND, above, below);
}

static void exec_switch(fe_ctx *cx, CXCursor c)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    if (ch.count < 2)
        return;
    CXCursor cond = ch.items[0];
    switch_body body = {NULL, 0, 0};
    CXCursor block = ch.items[ch.count - 1];
    if (clang_getCursorKind(block) == CXCursor_CompoundStmt) {
        fe_cursors all;
        fe_children(fe_value_arena(cx), block, &all);
        for (unsigned i = 0; i < all.count; i++)
            flatten_switch(cx, all.items[i], &body);
    } else {
        flatten_switch(cx, block, &body);
    }
    /* Every label as (value, entry, nested label or null); the body's
       statements are searched for nested ones until one run found none. */
    fe_node_memo *memo = fe_node_memo_of(c);
    bool search = !memo || memo->nested_case_labels != FE_MEMO_NO;
    nested_labels labels = {NULL, 0, 0};
    size_t nested = 0;
    for (size_t i = 0; i < body.count; i++) {
        if (body.items[i].kind == ENTRY_STMT) {
            size_t before = labels.count;
            if (search)
                collect_nested_labels(cx, body.items[i].cursor, i, &labels);
            nested += labels.count - before;
            continue;
        }
        nested_label l = {body.items[i].kind == ENTRY_CASE ? body.items[i].cursor
                                                             : clang_getNullCursor(),
                          i, clang_getNullCursor(), body.items[i].high};
        VKS_PUSH(fe_value_arena(cx), labels.items, labels.count, labels.cap, l);
    }
    if (memo && search)
        memo->nested_case_labels = nested ? FE_MEMO_YES : FE_MEMO_NO;
    size_t default_at = SIZE_MAX;
    unsigned ncases = 0;
    for (size_t i = 0; i < labels.count; i++) {
        if (clang_Cursor_isNull(labels.items[i].value))
            default_at = i;
        else
            ncases++;
    }

    uint64_t value;
    bool is_signed = fe_type_is_signed(fe_cursor_type(fe_strip(cond)));
    if (fe_known_int(fe_eval(cx, cond), &value)) {
        for (size_t i = 0; i < labels.count; i++) {
            if (!clang_Cursor_isNull(labels.items[i].value) &&
                label_matches(cx, &labels.items[i], value, is_signed)) {
                run_switch_from(cx, &body, labels.items[i].start, labels.items[i].label);
                return;
            }
        }
        if (default_at != SIZE_MAX)
            run_switch_from(cx, &body, labels.items[default_at].start,
                            labels.items[default_at].label);
        return;
    }

    const vks_smt_expr *sym = fe_symbolic(cx, cond);
    const char *text = fe_source_text(cx, cond);
    fe_alternative *alts = vks_arena_alloc(fe_value_arena(cx), sizeof *alts * (ncases + 1));
    size_t *starts = vks_arena_alloc(fe_value_arena(cx), sizeof *starts * (ncases + 1));
    fe_fact *no_case = vks_arena_alloc(fe_value_arena(cx), sizeof *no_case * (ncases + 1));
    unsigned n = 0;
    for (size_t i = 0; i < labels.count; i++) {
        if (clang_Cursor_isNull(labels.items[i].value))
            continue;
        const vks_smt_expr *eq = label_condition(cx, &labels.items[i], sym, is_signed);
        fe_fact *fact = vks_arena_alloc(fe_value_arena(cx), sizeof *fact);
        *fact = (fe_fact){.cond = eq, .truth = true};
        no_case[n] = (fe_fact){.cond = eq, .truth = false};
        alts[n] = (fe_alternative){.facts = fact, .fact_count = 1,
                                   .text = clang_Cursor_isNull(labels.items[i].high)
                                               ? fe_intern_printf(
                                                     cx, "`%s` is %s", text,
                                                     fe_source_text(cx, labels.items[i].value))
                                               : fe_intern_printf(
                                                     cx, "`%s` is in %s ... %s", text,
                                                     fe_source_text(cx, labels.items[i].value),
                                                     fe_source_text(cx, labels.items[i].high))};
        starts[n++] = i;
    }
    alts[n] = (fe_alternative){.facts = no_case, .fact_count = ncases,
                               .text = fe_intern_printf(cx, "`%s` matches no case%s",
                                                        text, default_at != SIZE_MAX
                                                                  ? " (default)" : "")};
    starts[n] = default_at;
    cx->decision_at_statement = true; /* merge.c, "Merging at decisions" */
    unsigned chosen = fe_choose(cx, fe_loc(cx, cond), alts, n + 1);
    if (chosen == UINT32_MAX || starts[chosen] == SIZE_MAX)
        return;
    const nested_label *to = &labels.items[starts[chosen]];
    run_switch_from(cx, &body, to->start, to->label);
}

static void exec_statement(fe_ctx *cx, CXCursor c);

/* A branch's step, "`cond` is true" (or false), kept on the condition's
   node: every run makes the decision again, and formatting it each time
   was a sixtieth of vkcube-xcb's instructions. */
static const char *branch_text(fe_ctx *cx, CXCursor cond, const char *text, bool truth)
{
    fe_node_memo *m = fe_node_memo_of(cond);
    if (m && m->branch_text[truth])
        return m->branch_text[truth];
    const char *made = fe_intern_printf(cx, "`%s` is %s", text, truth ? "true" : "false");
    if (m)
        m->branch_text[truth] = made;
    return made;
}

void fe_exec(fe_ctx *cx, CXCursor c)
{
    CXCursor outer = cx->eval->current_statement;
    cx->eval->current_statement = c;
    exec_statement(cx, c);
    cx->eval->current_statement = outer;
}

static void exec_statement(fe_ctx *cx, CXCursor c)
{
    if (fe_path_stopped(cx))
        return;
    if ((cx->steps & 1023) == 0 &&
        vks_arena_bytes(cx->arena) + (cx->values ? vks_arena_bytes(cx->values) : 0) >
            cx->memory_limit) {
        cx->out_of_steps = true;
        cx->out_of_memory = true;
        return;
    }
    if (++cx->steps > cx->root_statement_limit) {
        cx->out_of_steps = true;
        return;
    }
    if (cx->eval->entering_count) {
        enter_statement(cx, c); /* on the way to a switch's nested label */
        return;
    }
    if (fe_may_record_here(cx, c))
        return; /* a way of a statement run every way that records */
    enum CXCursorKind kind = clang_getCursorKind(c);
    switch (kind) {
    case CXCursor_CompoundStmt:
        exec_compound(cx, c);
        return;
    case CXCursor_DeclStmt: {
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        for (unsigned i = 0; i < ch.count; i++)
            if (clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl)
                fe_declare(cx, ch.items[i]);
        return;
    }
    case CXCursor_IfStmt: {
        if (fe_run_statement_every_way(cx, c, fe_exec))
            return;
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        if (ch.count < 2)
            return;
        CXCursor outer_quiet = cx->eval->quiet_leave_condition;
        cx->eval->quiet_leave_condition = error_check_condition(cx, ch.items[0], &ch);
        bool known, value = condition(cx, ch.items[0], &known);
        cx->eval->quiet_leave_condition = outer_quiet;
        /* A precondition check's failing way (`g_return_if_fail (expr)`)
           is no way the program runs (program_end.c). */
        bool then_broken = !known && fe_only_breaks_precondition(cx, ch.items[1]);
        bool then_ends = !known && (then_broken || fe_only_ends_program(cx, ch.items[1]));
        bool else_ends = !known && ch.count > 2 &&
                         (fe_only_breaks_precondition(cx, ch.items[2]) ||
                          fe_only_ends_program(cx, ch.items[2]));
        if (then_ends || else_ends) {
            /* One way only ends the program (`if (r != VK_SUCCESS) { print;
               exit(1); }`) or breaks a precondition: no work on it reaches
               a later submission, so it is no path of its own
               (program_end.c).  The path goes the other way and assumes
               the condition that leads there; when both ways end, either
               does (the one that runs, if one does). */
            if (then_ends && else_ends) {
                fe_exec(cx, ch.items[then_broken ? 2 : 1]);
                return;
            }
            value = else_ends;
            fe_assume(cx, fe_symbolic(cx, ch.items[0]), value);
            known = true;
        }
        if (!known && fe_rest_adds_nothing(cx, c)) {
            /* Nothing from here on can record, submit or create (a
               cleanup after the last submission): either way ends the same
               for every check, so the path goes the way a decision would
               try first - on past an error check (`if (err) goto fail;`),
               else into the branch - and assumes nothing (quiet_leave.c). */
            if (!(ch.count == 2 && leaves_at_once(cx, ch.items[1])))
                fe_exec(cx, ch.items[1]);
            else if (ch.count > 2)
                fe_exec(cx, ch.items[2]);
            return;
        }
        if (!known && !branch_matters(cx, ch.items[1]) &&
            (ch.count < 3 || !branch_matters(cx, ch.items[2]))) {
            /* Neither side records, assigns, leaves or ends the program
               (`if (err) printf(...)`): no path split.  Running both sides
               forgets what either could change, which covers both. */
            fe_exec(cx, ch.items[1]);
            if (ch.count > 2)
                fe_exec(cx, ch.items[2]);
            return;
        }
        if (!known && ch.count == 2 && go_the_making_way(cx, c, ch.items[0], ch.items[1]))
            return;
        if (!known) {
            const vks_smt_expr *sym = fe_symbolic(cx, ch.items[0]);
            const char *text = fe_source_text(cx, ch.items[0]);
            fe_fact *facts = vks_arena_alloc(fe_value_arena(cx), 2 * sizeof *facts);
            /* An error check, `if (err < 0) goto fail;`: the path that
               goes on is tried first, so the one that leaves is tried
               after it, where from the check on it records nothing new
               and is no path of its own (frontend.c,
               repeats_a_checked_prefix).  Tried the other way round, each
               check's failure was the first path through it, and every
               path that then went one check further recorded something
               new: one kept path per check. */
            bool goes_on_first = ch.count == 2 && leaves_at_once(cx, ch.items[1]);
            facts[0] = (fe_fact){.cond = sym, .truth = !goes_on_first};
            facts[1] = (fe_fact){.cond = sym, .truth = goes_on_first};
            fe_alternative alts[2] = {
                {.facts = &facts[0], .fact_count = 1,
                 .text = branch_text(cx, ch.items[0], text, !goes_on_first)},
                {.facts = &facts[1], .fact_count = 1,
                 .text = branch_text(cx, ch.items[0], text, goes_on_first)},
            };
            /* The way that leaves is not run once a path through the
               check was kept, when nothing it reaches adds anything
               (quiet_leave.c). */
            alts[1].quiet_leave = goes_on_first ? fe_leave_adds_nothing(cx, ch.items[1])
                                                : ch.count == 2 &&
                                                      fe_going_past_adds_nothing(cx, c);
            cx->decision_at_statement = true; /* merge.c, "Merging at decisions" */
            unsigned chosen = fe_choose(cx, fe_loc(cx, ch.items[0]), alts, 2);
            if (chosen == UINT32_MAX)
                return;
            value = (chosen == 0) != goes_on_first;
        }
        if (value)
            fe_exec(cx, ch.items[1]);
        else if (ch.count > 2)
            fe_exec(cx, ch.items[2]);
        return;
    }
    case CXCursor_ForStmt: {
        if (fe_run_statement_every_way(cx, c, fe_exec))
            return;
        for_parts p = split_for(c);
        if (!clang_Cursor_isNull(p.body))
            exec_loop(cx, p.init, p.cond, p.inc, p.body, true);
        return;
    }
    case CXCursor_WhileStmt: {
        if (fe_run_statement_every_way(cx, c, fe_exec))
            return;
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        if (ch.count == 2)
            exec_loop(cx, clang_getNullCursor(), ch.items[0], clang_getNullCursor(),
                      ch.items[1], true);
        return;
    }
    case CXCursor_DoStmt: {
        if (fe_run_statement_every_way(cx, c, fe_exec))
            return;
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        if (ch.count == 2)
            exec_loop(cx, clang_getNullCursor(), ch.items[1], clang_getNullCursor(),
                      ch.items[0], false);
        return;
    }
    case CXCursor_SwitchStmt:
        if (!fe_run_statement_every_way(cx, c, fe_exec))
            exec_switch(cx, c);
        return;
    case CXCursor_GotoStmt: {
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        if (ch.count >= 1) {
            cx->path.goto_label = label_offset(clang_getCursorReferenced(ch.items[0]));
            cx->path.goto_from = fe_loc(cx, c);
            cx->path.pending_goto = true;
        }
        return;
    }
    case CXCursor_IndirectGotoStmt:
        fe_incomplete(cx, c, "computed `goto` is not followed; the path leaves "
                             "the function here");
        if (cx->path.ret)
            cx->path.ret->returned = true;
        return;
    case CXCursor_BreakStmt:
        if (cx->path.loop)
            cx->path.loop->broke = true;
        return;
    case CXCursor_ContinueStmt:
        if (cx->path.loop)
            cx->path.loop->continued = true;
        return;
    case CXCursor_ReturnStmt: {
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        fe_val *v = ch.count ? fe_eval(cx, ch.items[0]) : NULL;
        if (cx->path.ret) {
            cx->path.ret->value = v ? fe_copy(cx, v) : NULL;
            cx->path.ret->returned = true;
        }
        return;
    }
    case CXCursor_LabelStmt:
        exec_children(cx, c);
        return;
    case CXCursor_CaseStmt: case CXCursor_DefaultStmt: {
        /* A case label inside a statement of a switch body, reached by
           running on into it (PT_YIELD's `case __LINE__:` in a `do { }
           while (0)`): the label is no statement, what it labels is. */
        const fe_child_list *ch = fe_children_kept(cx, c);
        if (ch->count)
            fe_exec(cx, ch->items[ch->count - 1]);
        return;
    }
    case CXCursor_NullStmt:
        return;
    default:
        if (clang_isExpression(kind))
            fe_eval(cx, c);
        return;
    }
}

enum { MAX_GOTOS_PER_BODY = 16 };

/* A label's place in its file: what a pending `goto` looks for. */
static unsigned label_offset(CXCursor label)
{
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(label), NULL, NULL, NULL, &offset);
    return offset;
}

/*
 * A label that a `goto` below it jumps back to: a loop made of gotos.
 * GStreamer's swapchain `reacquire:`s after a resize while the acquire
 * answers VK_ERROR_OUT_OF_DATE_KHR, a fresh unknown each time, and every
 * path went round until the jump limit.  Such a loop is analysed as a loop
 * on an unknown condition is (exec_loop): for two iterations that start on
 * an assumption, a decision made since the label was last passed.  The way
 * that would jump back a third time is no path (the ways that leave the
 * loop at its first and second iterations are).  A loop that decides
 * nothing, its gotos on known values, runs as C runs it, up to the limit.
 */
enum { MAX_BACK_LABELS = 8, MAX_ASSUMED_BACK_JUMPS = 2 };

typedef struct {
    size_t at;                 /* the label's statement */
    unsigned decisions_passed; /* the path's decisions when it last ran it */
    unsigned assumed_jumps;
} back_label;

static back_label *back_label_at(back_label *labels, size_t *count, size_t at)
{
    for (size_t k = 0; k < *count; k++)
        if (labels[k].at == at)
            return &labels[k];
    if (*count == MAX_BACK_LABELS)
        return NULL;
    labels[*count] = (back_label){.at = at};
    return &labels[(*count)++];
}

/*
 * A function body, with `goto` to a label at its top level (the C error
 * handling idiom `goto cleanup;`): execution resumes at the label (a label
 * below the goto in a block inside, exec_compound, is followed there).  A
 * jump into a nested statement, or more than 16 jumps (a loop made of
 * gotos on known values), is not followed: vksync-incomplete, and the path
 * leaves the function.
 */
static void exec_body_statements(fe_ctx *cx, CXCursor body, block_cleanups *cleanups)
{
    const fe_child_list v = *fe_children_kept(cx, body);
    unsigned jumps = 0;
    size_t i = 0;
    back_label labels[MAX_BACK_LABELS];
    size_t label_count = 0;
    for (;;) {
        for (; i < v.count && !fe_path_stopped(cx); i++) {
            if (clang_getCursorKind(v.items[i]) == CXCursor_LabelStmt) {
                back_label *l = back_label_at(labels, &label_count, i);
                if (l)
                    l->decisions_passed = cx->path.decision_count;
            }
            fe_exec(cx, v.items[i]);
            note_cleanups(cx, v.items[i], cleanups);
        }
        if (!cx->path.pending_goto)
            return;
        unsigned label = cx->path.goto_label;
        vks_loc from = cx->path.goto_from;
        cx->path.pending_goto = false;
        size_t at = find_label(&v, 0, label);
        back_label *l = at < i ? back_label_at(labels, &label_count, at) : NULL;
        if (l && cx->path.decision_count > l->decisions_passed &&
            ++l->assumed_jumps > MAX_ASSUMED_BACK_JUMPS) {
            if (fe_debug_paths())
                fprintf(stderr, "  %s:%u: a third jump back on an assumption: no path\n",
                        from.file, from.line);
            cx->path.dead = true;
            return;
        }
        if (at == v.count || ++jumps > MAX_GOTOS_PER_BODY) {
            fe_incomplete_at(cx, from, "this `goto` is not followed (its label is "
                                    "inside another statement, or gotos loop); "
                                    "the path leaves the function here");
            if (cx->path.ret)
                cx->path.ret->returned = true;
            return;
        }
        i = at;
    }
}

void fe_exec_body(fe_ctx *cx, CXCursor body)
{
    block_cleanups cleanups = {.count = 0};
    exec_body_statements(cx, body, &cleanups);
    run_cleanups(cx, &cleanups);
}

void fe_run_function(fe_ctx *cx, CXCursor fn)
{
    fe_frame frame = {.call_site = NULL,
                      .uses = fe_function_uses_of(cx, fn),
                      .function = fe_spelling(cx, fn),
                      .depth = 0,
                      .returns_quietly = true,
                      .statement_call = true};
    return_state ret = {.returned = false, .value = NULL};
    cx->path.frame = &frame;
    cx->path.ret = &ret;
    cx->path.loop = NULL;
    cx->eval->current_body = fe_function_body(fn);
    fe_exec_body(cx, cx->eval->current_body);
    cx->path.ret = NULL;
    cx->path.frame = NULL;
}
