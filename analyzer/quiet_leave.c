/*
 * quiet_leave.c - the failing way of an error check that adds nothing.
 *
 * C code checks every call: `if (ret != VK_SUCCESS) { av_log(...); return
 * AVERROR_EXTERNAL; }` after vkEndCommandBuffer and again after
 * vkQueueSubmit, and each caller passes the error up (`RET(x)`, `goto
 * fail`).  The path driver runs the way that goes on first and the way that
 * leaves after it (eval_stmt.c); a run that leaves and from there records,
 * creates, maps, submits and waits for nothing recorded exactly the prefix
 * a kept path went past, so it is dropped when it ends (frontend.c,
 * repeats_a_checked_prefix).  But it was run - replayed from the root
 * function's start - to learn that: 564 of the 771 runs of FFmpeg's
 * `hflip_vulkan_filter_frame`, each of them some 3,000 statements.
 *
 * When it can be seen from the code alone, the way is not run at all.  A
 * branch that leaves at once (its last statement a `return` or a `goto`)
 * adds nothing when none of these can do anything the engine checks:
 *
 * - the branch itself;
 * - what its function runs after it: from each label a `goto` reaches on the
 *   way, to the end of the body (eval_stmt.c follows `goto` to a label at
 *   the body's top level only);
 * - what each caller runs once its call returns, up to the root: the rest
 *   of the enclosing statements, a loop around the call in full (it may
 *   run the call again), and the labels their `goto`s reach.
 *
 * "Anything the engine checks" is what a run counts as an effect: a vkCmd*,
 * any entry point the table models but a fixed query or a destroy, a call
 * without a body handed a command buffer (an unmodelled command), and a
 * helper with a body that does any of those.  A host access through a
 * mapped pointer is one too, once something was submitted: so the way is
 * skipped only on a path that mapped nothing or submitted nothing yet.
 *
 * It is skipped only once a path through the check was kept
 * (fe_decision.prefix_checked): then the prefix it would record is checked.
 * Before that (every way that went on was infeasible), it runs as any way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

enum {
    MAX_CHAIN = 64,         /* statements from a body down to a call */
    MAX_LABELS = 32,        /* labels jumped to from the code searched */
};

typedef struct {
    fe_ctx *cx;
    bool quiet;
    /* The top-level statement of the function body the code searched is
       in (its index), and the `goto`s seen: the file offset of the label
       each jumps to, and that index where it jumps from. */
    unsigned at_top;
    struct {
        unsigned label, from_top;
    } gotos[MAX_LABELS];
    unsigned goto_count;
    /* What the `return`s searched return, when asked (track_returns): one
       known value, or `returns_known` false.  `error_var` is the variable
       the call's result was assigned to (`err` in `(err = x) < 0`), which
       holds `error_value`. */
    bool track_returns, returns_known, returns_seen;
    int64_t returns, error_value;
    CXCursor error_var;
} effect_search;

static bool function_adds_nothing(fe_ctx *cx, CXCursor definition);

/* What a run counts as an effect past the point where it left the path it
   replays (entry_points.c fe_vulkan_call, frontend.c): every vkCmd* and
   every row of the table, but the fixed queries, the destroys and the
   rows without a model (FE_EP_NO_EFFECT), which are any call the
   evaluator cannot see into, and the host waits and frees of command
   buffers: no check sees either without a later command or submission,
   and the code searched holds every later one, each an effect of its own.
   A creation is one: a run counts it as inert, but an object a function
   that only creates objects made is what later roots record on (taken as
   no effect, the cleanup rule below chose wlroots' error ways in
   `find_or_create_render_setup` and its render pass was never made). */
static bool entry_point_has_effect(const char *entry)
{
    if (strncmp(entry, "vkCmd", 5) == 0)
        return true;
    const fe_entry_point *row = fe_entry_point_find(entry);
    return row && !(row->flags & (FE_EP_NO_EFFECT | FE_EP_FORGETS)) &&
           row->handler != fe_model_host_wait;
}

typedef struct {
    fe_ctx *cx;
    bool found;
} cmdbuf_search;

/* Whether a value of type t may be a command buffer handle itself (not a
   pointer to what holds one): `(void *) cmd`, `(uint64_t) cmd`. */
static bool is_cmdbuf_handle(CXType t)
{
    CXType canonical = clang_getCanonicalType(t);
    if (canonical.kind != CXType_Pointer)
        return false;
    CXString spelling = clang_getTypeSpelling(canonical);
    bool is = strcmp(clang_getCString(spelling), "struct VkCommandBuffer_T *") == 0;
    clang_disposeString(spelling);
    return is;
}

/* Inside an argument: a value that may be a command buffer handle, which
   the run finds by its name whatever it is converted to (fe_opaque_call,
   fe_find_recording).  A pointer to a struct that holds one, converted to
   a type that holds none (`gst_mini_object_unref (GST_MINI_OBJECT_CAST
   (cmd))`), is not: a library follows what its parameter's type says, as
   for the device (program_end.c, fe_argument_leads_to_device), and the run
   records nothing into the command buffer there. */
static enum CXChildVisitResult find_cmdbuf(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    cmdbuf_search *s = data;
    if (clang_isExpression(clang_getCursorKind(c)) && is_cmdbuf_handle(clang_getCursorType(c)))
        s->found = true;
    if (s->found)
        return CXChildVisit_Break;
    /* `ctx->fences` is the member, whatever else `ctx` holds: SDL's
       `SDL_free (vulkanContext->fences)` is handed no command buffer,
       though vulkanContext holds some. */
    return clang_getCursorKind(c) == CXCursor_MemberRefExpr ? CXChildVisit_Continue
                                                            : CXChildVisit_Recurse;
}

/* A call the evaluator cannot see into records an unmodelled command into
   the recordings its arguments reach (fe_opaque_call): an argument whose
   type, as the call is handed it, is a command buffer or holds one
   (fe_arg.reaches_cmdbuf), or whose value may be a command buffer handle
   (find_cmdbuf).  What the run would record, no more: a way this search
   calls quiet is one the run would have dropped as recording nothing new
   (frontend.c, repeats_a_checked_prefix). */
static bool argument_hands_command_buffer(fe_ctx *cx, CXCursor arg)
{
    if (fe_type_reaches_cmdbuf(cx, clang_getCursorType(arg)))
        return true;
    cmdbuf_search s = {cx, false};
    if (find_cmdbuf(arg, clang_getNullCursor(), &s) == CXChildVisit_Recurse)
        clang_visitChildren(arg, find_cmdbuf, &s);
    return s.found;
}

static bool hands_command_buffer(fe_ctx *cx, CXCursor call)
{
    int argc = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < argc; i++)
        if (argument_hands_command_buffer(cx, clang_Cursor_getArgument(call, (unsigned)i)))
            return true;
    return false;
}

static bool call_adds_nothing(fe_ctx *cx, CXCursor call)
{
    const char *entry = fe_callee_entry_point(cx, call);
    if (entry && strncmp(entry, "vk", 2) == 0)
        return !entry_point_has_effect(entry);
    CXCursor decl = fe_callee_decl(call);
    if (!clang_Cursor_isNull(decl)) {
        CXCursor definition = fe_find_function(cx, decl);
        if (!clang_Cursor_isNull(definition) &&
            !clang_Cursor_isNull(fe_function_body(definition)))
            return function_adds_nothing(cx, definition);
    }
    /* No body, or called through a pointer (the evaluator runs neither).
       A logger records nothing, whatever it is handed (fe_opaque_call). */
    return fe_name_frees_memory(fe_string(cx, clang_getCursorSpelling(call))) ||
           (!clang_Cursor_isNull(decl) && fe_formats_text(decl)) ||
           !hands_command_buffer(cx, call);
}

/* A `return` the search met: what it returns, if it is a constant or the
   variable holding the error code. */
static void note_return(effect_search *s, CXCursor ret)
{
    const fe_child_list *ch = fe_children_kept(s->cx, ret);
    int64_t value = 0;
    bool known = false;
    if (ch->count == 1) {
        CXCursor e = fe_strip(ch->items[0]);
        uint64_t k;
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
            !clang_Cursor_isNull(s->error_var) &&
            clang_equalCursors(clang_getCursorReferenced(e), s->error_var)) {
            value = s->error_value;
            known = true;
        } else if (fe_evaluated_int(e, &k)) {
            value = (int64_t)k;
            known = true;
        }
    }
    if (!known || (s->returns_seen && value != s->returns))
        s->returns_known = false;
    s->returns = value;
    s->returns_seen = true;
}

/* Whether c assigns, increments or decrements the error variable. */
static bool writes_error_var(effect_search *s, CXCursor c)
{
    if (clang_Cursor_isNull(s->error_var))
        return false;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
        return false;
    if (kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op != CXUnaryOperator_PostInc && op != CXUnaryOperator_PostDec &&
            op != CXUnaryOperator_PreInc && op != CXUnaryOperator_PreDec)
            return false;
    }
    const fe_child_list *ch = fe_children_kept(s->cx, c);
    if (!ch->count)
        return false;
    CXCursor target = fe_strip(ch->items[0]);
    return clang_getCursorKind(target) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(target), s->error_var);
}

static enum CXChildVisitResult find_effect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    effect_search *s = data;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CallExpr:
        if (!call_adds_nothing(s->cx, c))
            s->quiet = false;
        break;
    case CXCursor_GotoStmt: {
        const fe_child_list *ch = fe_children_kept(s->cx, c);
        if (ch->count < 1 || s->goto_count == MAX_LABELS) {
            s->quiet = false;
            break;
        }
        unsigned offset;
        clang_getSpellingLocation(clang_getCursorLocation(clang_getCursorReferenced(ch->items[0])),
                                  NULL, NULL, NULL, &offset);
        bool seen = false;
        for (unsigned i = 0; i < s->goto_count && !seen; i++)
            seen = s->gotos[i].label == offset && s->gotos[i].from_top == s->at_top;
        if (!seen) {
            s->gotos[s->goto_count].label = offset;
            s->gotos[s->goto_count++].from_top = s->at_top;
        }
        break;
    }
    case CXCursor_IndirectGotoStmt:
        s->quiet = false;
        break;
    case CXCursor_ReturnStmt:
        if (s->track_returns)
            note_return(s, c);
        break;
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
    case CXCursor_UnaryOperator:
        /* `err = 0;` after the label: the error variable no longer holds
           the error code, so what the function returns is not known. */
        if (s->track_returns && writes_error_var(s, c))
            s->returns_known = false;
        break;
    default:
        break;
    }
    return s->quiet ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static void search(effect_search *s, CXCursor code)
{
    if (!s->quiet)
        return;
    find_effect(code, clang_getNullCursor(), s);
    if (s->quiet)
        clang_visitChildren(code, find_effect, s);
}

/* Whether no way through the function does anything a run counts as an
   effect, kept in its body's memo.  A recursive call is not decided here
   (the body is being searched), so not quiet. */
static bool function_adds_nothing(fe_ctx *cx, CXCursor definition)
{
    CXCursor body = fe_function_body(definition);
    fe_node_memo *memo = fe_node_memo_of(body);
    if (!memo || memo->function_adds_nothing == FE_MEMO_SEARCHING)
        return false;
    if (memo->function_adds_nothing != FE_MEMO_UNSET)
        return memo->function_adds_nothing == FE_MEMO_YES;
    memo->function_adds_nothing = FE_MEMO_SEARCHING;
    effect_search s = {.cx = cx, .quiet = true};
    search(&s, body);
    memo->function_adds_nothing = s.quiet ? FE_MEMO_YES : FE_MEMO_NO;
    return s.quiet;
}

/* Where the `goto`s seen jump to: from the label on, the rest of the
   body's top level runs.  `from` is the first top-level statement searched
   already (the count: none).  A label that is not at the top level is not
   followed (the run reports it: eval_stmt.c fe_exec_body), and a jump back
   to the statement it comes from or before it may loop (past 16 jumps the
   run reports it): neither is a way that adds nothing. */
/* The top-level statement of the body that is the label at file offset
   `label`, or the number of top-level statements. */
static unsigned top_level_label(fe_ctx *cx, CXCursor body, unsigned label)
{
    const fe_child_list *top = fe_children_kept(cx, body);
    for (unsigned k = 0; k < top->count; k++) {
        unsigned offset;
        if (clang_getCursorKind(top->items[k]) != CXCursor_LabelStmt)
            continue;
        clang_getSpellingLocation(clang_getCursorLocation(top->items[k]), NULL, NULL, NULL,
                                  &offset);
        if (offset == label)
            return k;
    }
    return top->count;
}

static void follow_gotos(effect_search *s, CXCursor body, unsigned from)
{
    const fe_child_list *top = fe_children_kept(s->cx, body);
    for (unsigned done = 0; s->quiet && done < s->goto_count; done++) {
        unsigned k = top_level_label(s->cx, body, s->gotos[done].label);
        if (k == top->count || k <= s->gotos[done].from_top) {
            s->quiet = false;
            return;
        }
        for (unsigned i = k; i < from && s->quiet; i++) {
            s->at_top = i;
            search(s, top->items[i]);
        }
        if (k < from)
            from = k;
    }
}

/* The statements from `node` down to `target` (chain[0] is node), and
   where each is among its parent's children (at[0] unused). */
typedef struct {
    CXCursor node[MAX_CHAIN];
    unsigned at[MAX_CHAIN];
    unsigned depth;
} chain;

static bool chain_to(fe_ctx *cx, CXCursor node, unsigned at, CXCursor target, chain *c)
{
    if (c->depth == MAX_CHAIN)
        return false;
    c->node[c->depth] = node;
    c->at[c->depth++] = at;
    if (clang_equalCursors(node, target))
        return true;
    const fe_child_list *ch = fe_children_kept(cx, node);
    for (unsigned i = 0; i < ch->count; i++)
        if (chain_to(cx, ch->items[i], i, target, c))
            return true;
    c->depth--;
    return false;
}

/* `do { ... } while (0)`, the body of a statement macro (FFmpeg's `RET(x)`,
   `CHECK(x)`): runs once, no loop. */
static bool runs_once(fe_ctx *cx, CXCursor stmt)
{
    if (clang_getCursorKind(stmt) != CXCursor_DoStmt)
        return false;
    const fe_child_list *ch = fe_children_kept(cx, stmt);
    uint64_t value;
    return ch->count >= 2 && fe_evaluated_int(fe_strip(ch->items[1]), &value) && value == 0;
}

/* What the function can run once the call `call` returned: up the
   statements around it, what comes after it in each block, the other parts
   of the expression around it, the branches of an `if` or `switch` it
   decides, and a loop around it in full (the call included). */
static bool after_call_adds_nothing(fe_ctx *cx, CXCursor body, CXCursor call)
{
    chain c = {.depth = 0};
    if (!chain_to(cx, body, 0, call, &c) || c.depth < 2)
        return false;
    effect_search s = {.cx = cx, .quiet = true, .at_top = c.at[1]};
    unsigned top_from = 0;
    for (unsigned j = c.depth - 1; j-- > 0 && s.quiet;) {
        CXCursor parent = c.node[j];
        const fe_child_list *ch = fe_children_kept(cx, parent);
        unsigned at = c.at[j + 1];
        enum CXCursorKind kind = clang_getCursorKind(parent);
        if (runs_once(cx, parent))
            continue; /* its body holds the call; the condition is 0 */
        switch (kind) {
        case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
            search(&s, parent);
            break;
        case CXCursor_CompoundStmt:
        case CXCursor_IfStmt: case CXCursor_SwitchStmt:
            /* a block: what follows; an `if` or `switch` decided by the
               call: its branches (a branch holding the call: nothing) */
            if (kind == CXCursor_CompoundStmt || at == 0)
                for (unsigned i = at + 1; i < ch->count; i++) {
                    if (j == 0)
                        s.at_top = i;
                    search(&s, ch->items[i]);
                }
            break;
        default:
            /* an expression or a statement holding one: its other parts,
               which may be evaluated after the call */
            for (unsigned i = 0; i < ch->count; i++)
                if (i != at)
                    search(&s, ch->items[i]);
            break;
        }
        if (kind == CXCursor_ReturnStmt) {
            /* the function returns: nothing after it in the body runs */
            top_from = fe_children_kept(cx, body)->count;
            break;
        }
        if (j == 0)
            top_from = at + 1;
    }
    if (s.quiet)
        follow_gotos(&s, body, top_from);
    return s.quiet;
}

/*
 * An error code passed up: C code checks a call's result and jumps to its
 * cleanup when it failed (FFmpeg's `RET(x)`: `if ((err = (x)) < 0) goto
 * fail;`, GStreamer's `if (!gst_foo (...)) goto error;`).  What the caller
 * runs after the call is then only that branch and what its `goto` reaches,
 * never the rest of the loop or block around the call - which, searched in
 * full (after_call_adds_nothing), holds the next view's creation and the
 * frame's barriers: FFmpeg's filters ran 556 of the 632 runs of a frame
 * only to find that a failed vkCreateImageView adds nothing.
 *
 * value_with() evaluates the `if`'s condition with the call returning `v`
 * (the constant the failing branch returns: AVERROR_EXTERNAL, FALSE):
 * constants, the call itself, an assignment of it, `!`, `-`, comparisons
 * and `&&`/`||`; anything else is not known.
 */
static bool value_with(fe_ctx *cx, CXCursor e, CXCursor call, int64_t v, int64_t *out,
                       CXCursor *assigned_to)
{
    CXCursor c = fe_strip(e);
    if (clang_equalCursors(c, fe_strip(call))) {
        *out = v;
        return true;
    }
    uint64_t k;
    const fe_child_list *ch = fe_children_kept(cx, c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_UnaryOperator: {
        int64_t a;
        if (ch->count != 1 || !value_with(cx, ch->items[0], call, v, &a, assigned_to))
            return false;
        switch (clang_getCursorUnaryOperatorKind(c)) {
        case CXUnaryOperator_LNot: *out = !a; return true;
        case CXUnaryOperator_Minus: *out = -a; return true;
        default: return false;
        }
    }
    case CXCursor_BinaryOperator: {
        int64_t a, b;
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (ch->count != 2)
            return false;
        if (op == CXBinaryOperator_Assign) {
            CXCursor lhs = fe_strip(ch->items[0]);
            if (!value_with(cx, ch->items[1], call, v, out, assigned_to))
                return false;
            if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr)
                *assigned_to = clang_getCursorReferenced(lhs);
            return true;
        }
        if (!value_with(cx, ch->items[0], call, v, &a, assigned_to) ||
            !value_with(cx, ch->items[1], call, v, &b, assigned_to))
            return false;
        switch (op) {
        case CXBinaryOperator_LT: *out = a < b; return true;
        case CXBinaryOperator_GT: *out = a > b; return true;
        case CXBinaryOperator_LE: *out = a <= b; return true;
        case CXBinaryOperator_GE: *out = a >= b; return true;
        case CXBinaryOperator_EQ: *out = a == b; return true;
        case CXBinaryOperator_NE: *out = a != b; return true;
        case CXBinaryOperator_LAnd: *out = a && b; return true;
        case CXBinaryOperator_LOr: *out = a || b; return true;
        default: return false;
        }
    }
    default:
        if (!fe_evaluated_int(c, &k))
            return false;
        *out = (int64_t)k;
        return true;
    }
}

/* Whether `stmt` never goes on to the statement after it: it is, or its
   last statement is, a `goto` or a `return`. */
static bool always_leaves(fe_ctx *cx, CXCursor stmt)
{
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(stmt);
        if (kind == CXCursor_GotoStmt || kind == CXCursor_ReturnStmt)
            return true;
        if (kind != CXCursor_CompoundStmt)
            return false;
        const fe_child_list *ch = fe_children_kept(cx, stmt);
        if (!ch->count)
            return false;
        stmt = ch->items[ch->count - 1];
    }
}

/*
 * Whether, the call returning `v`, what its function runs after it adds
 * nothing, because the `if` around it leaves by a branch that adds nothing;
 * *returns: what the function then returns (*known false when that is not
 * one constant or the error variable).  False when it cannot be told.
 */
/* `make_a (&g) != 0 || make_b (&g) != 0`, the call in the left operand
   returning v: when that decides the operator alone, the right operand is
   not evaluated (C11 6.5.13p4, 6.5.14p4) and adds nothing. */
static bool skips_right_operand(fe_ctx *cx, CXCursor op, const fe_child_list *operands,
                                unsigned at, CXCursor call, int64_t v)
{
    if (at != 0 || operands->count != 2 || clang_getCursorKind(op) != CXCursor_BinaryOperator)
        return false;
    enum CXBinaryOperatorKind kind = clang_getCursorBinaryOperatorKind(op);
    if (kind != CXBinaryOperator_LOr && kind != CXBinaryOperator_LAnd)
        return false;
    int64_t left;
    CXCursor assigned = clang_getNullCursor();
    return value_with(cx, operands->items[0], call, v, &left, &assigned) &&
           (left != 0) == (kind == CXBinaryOperator_LOr);
}

static bool after_error_adds_nothing(fe_ctx *cx, CXCursor body, CXCursor call, int64_t v,
                                     int64_t *returns, bool *known)
{
    chain c = {.depth = 0};
    if (!chain_to(cx, body, 0, call, &c) || c.depth < 2)
        return false;
    effect_search s = {.cx = cx, .quiet = true, .at_top = c.at[1], .track_returns = true,
                       .returns_known = true, .error_value = v,
                       .error_var = clang_getNullCursor()};
    for (unsigned j = c.depth - 1; j-- > 0 && s.quiet;) {
        CXCursor parent = c.node[j];
        const fe_child_list *ch = fe_children_kept(cx, parent);
        unsigned at = c.at[j + 1];
        enum CXCursorKind kind = clang_getCursorKind(parent);
        if (kind == CXCursor_IfStmt && at == 0) {
            int64_t taken;
            if (ch->count < 2 || !value_with(cx, ch->items[0], call, v, &taken, &s.error_var) ||
                !taken || !always_leaves(cx, ch->items[1]))
                return false;
            search(&s, ch->items[1]);
            if (s.quiet)
                follow_gotos(&s, body, fe_children_kept(cx, body)->count);
            *returns = s.returns;
            *known = s.returns_known && s.returns_seen;
            return s.quiet;
        }
        if (!clang_isExpression(kind))
            return false; /* the call is not what an `if` decides */
        if (skips_right_operand(cx, parent, ch, at, call, v))
            continue;
        for (unsigned i = 0; i < ch->count; i++)
            if (i != at)
                search(&s, ch->items[i]);
    }
    return false;
}

/* Whether a statement, once run, always goes on to the one after it: no
   `return`, `goto` or computed `goto` anywhere inside it (a `break` or
   `continue` at the top level of a body is no valid C; inside, it ends a
   loop or switch of the statement).  A call that ends the program does
   not return either: the callers then run nothing, which adds nothing. */
static bool falls_through(fe_ctx *cx, CXCursor stmt)
{
    enum CXCursorKind kind = clang_getCursorKind(stmt);
    if (kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt ||
        kind == CXCursor_IndirectGotoStmt)
        return false;
    const fe_child_list *ch = fe_children_kept(cx, stmt);
    for (unsigned i = 0; i < ch->count; i++)
        if (!falls_through(cx, ch->items[i]))
            return false;
    return true;
}

/* The `return` the statements `items[from..count)` reach first (a label's
   statement is the label's; a block's statements are run in turn), or a
   null cursor; *done: the statements fell through to their end.  The
   cleanup a label runs before its return (`error: for (i = 0; i < n; i++)
   gst_clear_mini_object (&views[i]); return FALSE;`, `error: { if (mem)
   gst_memory_unref (mem); return NULL; }`) is run whatever it holds, so
   statements that always fall through are passed over: the `return` after
   them is the one reached.  What they do is searched for effects by
   branch_adds_nothing (follow_gotos) all the same. */
static CXCursor first_return_in(fe_ctx *cx, const fe_child_list *items, unsigned from,
                                bool *done)
{
    *done = false;
    for (unsigned i = from; i < items->count; i++) {
        CXCursor stmt = items->items[i];
        while (clang_getCursorKind(stmt) == CXCursor_LabelStmt) {
            const fe_child_list *ch = fe_children_kept(cx, stmt);
            if (!ch->count)
                break;
            stmt = ch->items[0];
        }
        enum CXCursorKind kind = clang_getCursorKind(stmt);
        if (kind == CXCursor_ReturnStmt)
            return stmt;
        if (kind == CXCursor_CompoundStmt) {
            bool inner_done;
            CXCursor r = first_return_in(cx, fe_children_kept(cx, stmt), 0, &inner_done);
            if (!inner_done)
                return r; /* its return, or not plain */
            continue;
        }
        if (!falls_through(cx, stmt))
            return clang_getNullCursor(); /* which return it reaches is not plain */
    }
    *done = true;
    return clang_getNullCursor();
}

/* The `return` the code from top-level statement `from` of the body
   reaches first, or a null cursor. */
static CXCursor first_return_from(fe_ctx *cx, CXCursor body, unsigned from)
{
    bool done;
    return first_return_in(cx, fe_children_kept(cx, body), from, &done);
}

/* The top-level statement a `goto` jumps to in the body, or its count. */
static unsigned label_index(fe_ctx *cx, CXCursor body, CXCursor jump)
{
    const fe_child_list *ch = fe_children_kept(cx, jump);
    if (ch->count < 1)
        return fe_children_kept(cx, body)->count;
    unsigned label;
    clang_getSpellingLocation(clang_getCursorLocation(clang_getCursorReferenced(ch->items[0])),
                              NULL, NULL, NULL, &label);
    return top_level_label(cx, body, label);
}

/* The constant the branch returns last (`return AVERROR_EXTERNAL;`), or
   the code its `goto` jumps to (`goto err;` ... `err: unref (...); return
   AVERROR(ENOMEM);`). */
static bool branch_returns_constant(fe_ctx *cx, CXCursor branch, int64_t *v)
{
    CXCursor last = branch;
    while (clang_getCursorKind(last) == CXCursor_CompoundStmt) {
        const fe_child_list *ch = fe_children_kept(cx, last);
        if (!ch->count)
            return false;
        last = ch->items[ch->count - 1];
    }
    if (clang_getCursorKind(last) == CXCursor_GotoStmt) {
        CXCursor body = cx->eval->current_body;
        last = first_return_from(cx, body, label_index(cx, body, last));
        if (clang_Cursor_isNull(last))
            return false;
    }
    if (clang_getCursorKind(last) != CXCursor_ReturnStmt)
        return false;
    const fe_child_list *ch = fe_children_kept(cx, last);
    uint64_t k;
    if (ch->count != 1 || !fe_evaluated_int(fe_strip(ch->items[0]), &k))
        return false;
    *v = (int64_t)k;
    return true;
}

/* The callers, from the innermost frame up, each handed the error code the
   one below returns, leave by a branch that adds nothing, until one whose
   return is quiet anyway. */
static bool error_passed_up_quietly(fe_ctx *cx, CXCursor branch)
{
    int64_t v;
    if (!branch_returns_constant(cx, branch, &v))
        return false;
    bool known = true;
    for (const fe_frame *f = cx->path.frame; f; f = f->caller) {
        if (f->returns_quietly)
            return true;
        if (!known || !f->call_context ||
            !after_error_adds_nothing(cx, f->call_context->caller_body, f->call_context->call,
                                      v, &v, &known))
            return false;
    }
    return true;
}

/* ---- what only makes objects (eval_stmt.c's caches, the helper-depth limit) ---- */

/* An entry point that records, submits or maps memory the device sees
   (*waits: one that waits on the host): what a way that only makes an
   object must not do.  One the table does not have may do anything. */
static bool entry_does_more_than_create(const char *entry, bool *waits)
{
    if (strncmp(entry, "vkCmd", 5) == 0)
        return true;
    const fe_entry_point *row = fe_entry_point_find(entry);
    if (row && row->handler == fe_model_host_wait) {
        *waits = true;
        return false;
    }
    if (row && (row->flags & FE_EP_MAKES))
        return false;
    return !row || (row->flags & (FE_EP_BEGINS | FE_EP_SUBMITS | FE_EP_OPAQUE)) ||
           row->handler == fe_model_map_memory || row->handler == fe_model_end_command_buffer;
}

/* What code does besides making objects, worked out once per function
   body (fe_node_memo.more_than_creation: MAKES_DONE + MAKES_MORE +
   MAKES_WAITS). */
enum { MAKES_UNSET, MAKES_SEARCHING, MAKES_DONE, MAKES_MORE = 1, MAKES_WAITS = 2 };

typedef struct {
    fe_ctx *cx;
    bool more, waits;
} effect_walk;

static enum CXChildVisitResult find_more_than_creation(CXCursor c, CXCursor parent,
                                                       CXClientData data);

/* Whether code may record, submit or touch mapped memory (directly or
   through the helpers it calls, each worked out once: a helper being
   searched, a recursion, adds nothing of its own; a call without a body,
   by what it is handed); *waits: whether it may wait on the host. */
static bool does_more_than_create(fe_ctx *cx, CXCursor code, fe_node_memo *memo, bool *waits)
{
    if (memo && memo->more_than_creation >= MAKES_DONE) {
        unsigned bits = memo->more_than_creation - MAKES_DONE;
        *waits |= (bits & MAKES_WAITS) != 0;
        return (bits & MAKES_MORE) != 0;
    }
    if (memo)
        memo->more_than_creation = MAKES_SEARCHING;
    effect_walk w = {cx, false, false};
    find_more_than_creation(code, clang_getNullCursor(), &w);
    if (!w.more)
        clang_visitChildren(code, find_more_than_creation, &w);
    if (memo)
        memo->more_than_creation =
            (unsigned char)(MAKES_DONE + (w.more ? MAKES_MORE : 0) + (w.waits ? MAKES_WAITS : 0));
    *waits |= w.waits;
    return w.more;
}

static enum CXChildVisitResult find_more_than_creation(CXCursor c, CXCursor parent,
                                                       CXClientData data)
{
    (void)parent;
    effect_walk *w = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    const char *entry = fe_callee_entry_point(w->cx, c);
    if (entry && strncmp(entry, "vk", 2) == 0) {
        w->more = entry_does_more_than_create(entry, &w->waits);
    } else {
        CXCursor decl = fe_callee_decl(c);
        CXCursor body = clang_Cursor_isNull(decl)
                            ? clang_getNullCursor()
                            : fe_function_body(fe_find_function(w->cx, decl));
        if (clang_Cursor_isNull(body) && !clang_Cursor_isNull(decl) && fe_formats_text(decl)) {
            /* A logger (`GST_LOG_OBJECT (pool, "created cmd buffer %p",
               buf)`): it records, submits and waits for nothing, whatever
               it is handed, as a run has it (fe_opaque_call, host.c
               may_wait). */
        } else if (clang_Cursor_isNull(body)) {
            /* Through a pointer, or a library's: it may record or submit
               with a command buffer or a queue it is handed, and wait with
               what leads to the device (as host.c's may_wait has it) or by
               its name. */
            const char *name = fe_spelling(w->cx, c);
            if (strstr(name, "wait") || strstr(name, "Wait"))
                w->waits = true;
            int argc = clang_Cursor_getNumArguments(c);
            for (int i = 0; i < argc && !w->more; i++) {
                CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
                CXType t = clang_getCursorType(fe_strip(arg));
                /* A queue it may submit to: what its parameter's type says
                   (`gst_object_ref (queue)` takes a `gpointer`, which a
                   library cannot follow), or a VkQueue handle itself
                   converted (program_end.c, fe_argument_leads_to_device). */
                const char *written =
                    fe_string(w->cx, clang_getTypeSpelling(clang_getCanonicalType(t)));
                const char *type =
                    strcmp(written, "struct VkQueue_T *") == 0
                        ? written
                        : fe_string(w->cx, clang_getTypeSpelling(clang_getCanonicalType(
                                               clang_getCursorType(arg))));
                /* What it may record into: the command buffers the run
                   gives an unmodelled command (argument_hands_command_buffer;
                   GStreamer's `gst_mini_object_init (GST_MINI_OBJECT_CAST
                   (cmd), ...)` in a command buffer's constructor is none). */
                w->more = argument_hands_command_buffer(w->cx, arg) || strstr(type, "Queue");
                if (clang_Cursor_isNull(decl) ? strstr(type, "Device") || strstr(type, "Fence")
                                              : fe_argument_leads_to_device(c, decl, (unsigned)i))
                    w->waits = true;
            }
        } else {
            fe_node_memo *memo = fe_node_memo_of(body);
            w->more = !(memo && memo->more_than_creation == MAKES_SEARCHING) &&
                      does_more_than_create(w->cx, body, memo, &w->waits);
        }
    }
    return w->more ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool fe_function_does_more_than_create(fe_ctx *cx, CXCursor fn)
{
    CXCursor body = fe_function_body(fn);
    if (clang_Cursor_isNull(body))
        return true;
    fe_node_memo *memo = fe_node_memo_of(body);
    if (memo && memo->more_than_creation == MAKES_SEARCHING)
        return false;
    bool waits = false;
    return does_more_than_create(cx, body, memo, &waits);
}

bool fe_code_does_more_than_create(fe_ctx *cx, CXCursor code, bool *waits)
{
    return does_more_than_create(cx, code, NULL, waits);
}

bool fe_quiet_after_call(fe_ctx *cx, CXCursor body, CXCursor call)
{
    if (clang_Cursor_isNull(body))
        return false;
    fe_node_memo *memo = fe_node_memo_of(call);
    if (memo && memo->quiet_after_call != FE_MEMO_UNSET)
        return memo->quiet_after_call == FE_MEMO_YES;
    bool quiet = after_call_adds_nothing(cx, body, call);
    if (memo)
        memo->quiet_after_call = quiet ? FE_MEMO_YES : FE_MEMO_NO;
    return quiet;
}

/* The branch and what its `goto`s reach in its function. */
static bool branch_adds_nothing(fe_ctx *cx, CXCursor body, CXCursor branch)
{
    fe_node_memo *memo = fe_node_memo_of(branch);
    if (memo && memo->quiet_leave != FE_MEMO_UNSET)
        return memo->quiet_leave == FE_MEMO_YES;
    chain c = {.depth = 0};
    effect_search s = {.cx = cx, .quiet = chain_to(cx, body, 0, branch, &c) && c.depth >= 2};
    if (s.quiet)
        s.at_top = c.at[1];
    search(&s, branch);
    if (s.quiet)
        follow_gotos(&s, body, fe_children_kept(cx, body)->count);
    if (memo)
        memo->quiet_leave = s.quiet ? FE_MEMO_YES : FE_MEMO_NO;
    return s.quiet;
}

/* Whether the rules that leave ways unrun may apply on this path now. */
static bool quiet_rules_apply(const fe_ctx *cx)
{
    const char *off = getenv("VKSYNC_SKIP_QUIET_LEAVES");
    if (off && strcmp(off, "0") == 0)
        return false; /* to measure what they do */
    /* Only on the path itself: a region's ways are joined, not enumerated
       (summary.c), and a statement's recording ways run as code skip quiet
       ways on their own. */
    if (cx->sandbox || cx->partial_level || cx->counting_statements || cx->recording_ways)
        return false;
    if (!cx->path.frame)
        return false;
    /* A host access through a mapped pointer would count.  Only once
       something was submitted: the submission state a created fence or an
       ended recording sets up is none.  FFmpeg creates its exec fence
       before the first submission, so the rules had stopped applying to
       its filters' frames: 408 of gblur's 1,024 runs were failed view
       wraps (libavutil/vulkan.c:777) that recorded nothing new. */
    return !(cx->path.mappings && fe_path_submitted(cx));
}

bool fe_leave_adds_nothing(fe_ctx *cx, CXCursor branch)
{
    if (!quiet_rules_apply(cx))
        return false;
    return branch_adds_nothing(cx, cx->eval->current_body, branch) &&
           (cx->path.frame->returns_quietly || error_passed_up_quietly(cx, branch));
}

/*
 * A decision after which nothing can be recorded: vkcube's, SDL's and
 * every sample's cleanup (`if (ctx->device && vkDeviceWaitIdle)
 * vkDeviceWaitIdle (...); if (ctx->fence) vkDestroyFence (...);`, once per
 * window, after the last submission) branches on what it created, and each
 * way was a run - replayed from the program's start to find that it
 * recorded nothing new: 993 of the 1,024 runs of SDL's testvulkan.  When
 * the statement, the rest of its function and the callers' continuations
 * hold no effect (quiet_leave.c's search: no vkCmd*, no submission, no
 * creation; destroys, frees and host waits are none), and no memory is
 * mapped once something was submitted, every way ends the same for every
 * check, so the path goes one way and the decision is none.
 */
/*
 * The way that goes past an `if` without `else` when the branch records or
 * creates and nothing after the statement does: Mesa's zink makes a
 * transient attachment in `if (templ->nr_samples) { ... }` just before its
 * `return`, and once the path into the branch was kept, the path past it
 * was replayed from the root's start only to record nothing new and be
 * dropped (frontend.c, repeats_a_checked_prefix) - a third of
 * `zink_create_surface`'s runs.  It is the branch that leaves, the other
 * way round: what it runs is the rest alone, so it is skipped on the same
 * terms (a path through the check kept, no memory mapped once something
 * was submitted).
 */
bool fe_going_past_adds_nothing(fe_ctx *cx, CXCursor stmt)
{
    return quiet_rules_apply(cx) && cx->path.frame->returns_quietly &&
           fe_quiet_after_call(cx, cx->eval->current_body, stmt);
}

bool fe_rest_adds_nothing(fe_ctx *cx, CXCursor stmt)
{
    if (!quiet_rules_apply(cx) || !cx->path.frame->returns_quietly)
        return false;
    /* The statement itself and what its `goto`s reach, as for a branch
       that leaves; then what the function runs after it. */
    CXCursor body = cx->eval->current_body;
    return branch_adds_nothing(cx, body, stmt) && fe_quiet_after_call(cx, body, stmt);
}
