/*
 * liveness.c - which of a function's locals it may still read from a point
 * on, for merge.c.
 *
 * Two paths that reach a device-wide wait are one path from there on when
 * everything the rest of the program can read is the same on both
 * (merge.c).  A local of a frame on the call stack that its function never
 * reads again is not part of that: vkcube's `demo_draw` fills a
 * VkSubmitInfo, submits, presents and then calls `demo_resize`, whose
 * vkDeviceWaitIdle every path reaches with the submit info pointing at
 * another command buffer (the graphics one or the ownership transfer's),
 * and no path was ever covered there.
 *
 * The answer is from the source alone, and errs towards "may read":
 * a local is read again after a point P unless every reference to it is in
 * a statement of its function's body that ends before P, and none is in a
 * loop that contains P (the loop's next iteration reads it again).  The
 * statement of a reference is the outermost one around it that is an item
 * of a compound statement, so a test of the variable in the `if` whose
 * branch holds P counts as a later read.  A function with a goto reads
 * every local anywhere.  Positions are expansion locations (fe_loc's), so a
 * macro's arguments are where the macro is used.
 */
#include <string.h>

#include "eval.h"

enum { USES_BUCKETS = 256 };

typedef struct uses_entry {
    const char *usr;
    fe_function_uses uses;
    struct uses_entry *next;
} uses_entry;

struct fe_liveness_cache {
    uses_entry *buckets[USES_BUCKETS];
};

typedef struct {
    unsigned line, col;
} position;

typedef struct {
    fe_ctx *cx;
    fe_local_use *locals;
    size_t count, cap;
    fe_tail_call *tails;
    size_t tail_count, tail_cap;
    bool has_goto;
    position statement_end; /* of the innermost compound statement's item around */
    position loop_end;      /* of the outermost loop around, or zero */
} collector;

static bool before(position a, position b)
{
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static position end_of(CXCursor c)
{
    position p;
    clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, &p.line,
                               &p.col, NULL);
    return p;
}

static position start_of(CXCursor c)
{
    position p;
    clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &p.line, &p.col, NULL);
    return p;
}

static bool is_loop(enum CXCursorKind k)
{
    return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

static void note_read(collector *c, CXCursor ref)
{
    CXCursor decl = clang_getCursorReferenced(ref);
    enum CXCursorKind kind = clang_getCursorKind(decl);
    if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl)
        return;
    position until = c->statement_end;
    if (before(until, c->loop_end))
        until = c->loop_end;
    const char *key = fe_decl_key(c->cx, decl);
    for (size_t i = 0; i < c->count; i++)
        if (c->locals[i].key == key || strcmp(c->locals[i].key, key) == 0) {
            position old = {c->locals[i].until_line, c->locals[i].until_col};
            if (before(old, until)) {
                c->locals[i].until_line = until.line;
                c->locals[i].until_col = until.col;
            }
            return;
        }
    fe_local_use use = {.key = key, .until_line = until.line, .until_col = until.col};
    VKS_PUSH(c->cx->arena, c->locals, c->count, c->cap, use);
}

/*
 * Walks node.  `tail` is where control goes when node completes, when that
 * is not simply the code after node: node is the last statement of a
 * branch of an `if` (zero otherwise).  A call that is such a statement
 * returns to the end of the `if` chain, whichever branch it is in:
 * vkcube's `if (err == OUT_OF_DATE) demo_resize(demo); else if (err ==
 * SURFACE_LOST) { ...; demo_resize(demo); }` returns to one place.
 */
static void walk(collector *c, CXCursor node, position tail, bool compound_item)
{
    enum CXCursorKind kind = clang_getCursorKind(node);
    if (kind == CXCursor_GotoStmt || kind == CXCursor_IndirectGotoStmt)
        c->has_goto = true;
    if (kind == CXCursor_DeclRefExpr)
        note_read(c, node);
    if (kind == CXCursor_CallExpr && tail.line != 0) {
        position at = start_of(node);
        fe_tail_call t = {at.line, at.col, tail.line, tail.col};
        VKS_PUSH(c->cx->arena, c->tails, c->tail_count, c->tail_cap, t);
    }
    position saved_statement = c->statement_end, saved_loop = c->loop_end;
    if (compound_item)
        c->statement_end = end_of(node);
    if (is_loop(kind) && c->loop_end.line == 0)
        c->loop_end = end_of(node);
    fe_cursors children;
    fe_children(c->cx->arena, node, &children);
    position none = {0, 0};
    for (unsigned i = 0; i < children.count; i++) {
        CXCursor child = children.items[i];
        position child_tail = none;
        if (kind == CXCursor_IfStmt && i > 0)
            child_tail = tail.line ? tail : end_of(node); /* a branch */
        else if (kind == CXCursor_CompoundStmt && i + 1 == children.count)
            child_tail = tail; /* the block's last statement */
        walk(c, child, child_tail, kind == CXCursor_CompoundStmt);
    }
    c->statement_end = saved_statement;
    c->loop_end = saved_loop;
}

static fe_function_uses collect(fe_ctx *cx, CXCursor fn)
{
    collector c = {.cx = cx};
    CXCursor body = fe_function_body(fn);
    if (!clang_Cursor_isNull(body))
        walk(&c, body, (position){0, 0}, false);
    return (fe_function_uses){.locals = c.locals, .count = c.count, .tails = c.tails,
                              .tail_count = c.tail_count,
                              .every_local_live = c.has_goto || clang_Cursor_isNull(body)};
}

const fe_function_uses *fe_function_uses_of(fe_ctx *cx, CXCursor fn)
{
    if (!cx->eval->liveness) {
        cx->eval->liveness = vks_arena_alloc(cx->arena, sizeof *cx->eval->liveness);
        memset(cx->eval->liveness, 0, sizeof *cx->eval->liveness);
    }
    const char *usr = fe_string(cx, clang_getCursorUSR(fn));
    uses_entry **bucket =
        &cx->eval->liveness->buckets[fe_hash_text(FE_HASH_SEED, usr) % USES_BUCKETS];
    for (uses_entry *e = *bucket; e; e = e->next)
        if (strcmp(e->usr, usr) == 0)
            return &e->uses;
    uses_entry *e = vks_arena_alloc(cx->arena, sizeof *e);
    e->usr = usr;
    e->uses = collect(cx, fn);
    e->next = *bucket;
    *bucket = e;
    return &e->uses;
}
