/*
 * clang_support.c - everything the front end asks libclang for that is not
 * evaluation: strings and locations, cursor walks (one children collector),
 * types, callee resolution and the table of function definitions, an
 * expression's source text, and each file's compiler arguments (the
 * compilation database or the arguments after `--`).
 *
 * libclang strings are copied into the arena and disposed at once, so no
 * CXString outlives the call that made it.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <clang-c/CXCompilationDatabase.h>

#include "eval.h"

/*
 * Names and source texts asked for on every run of every path (a callee's
 * spelling, a member's name, a condition's text for a path step) outlive the
 * run that asks - a path step is in the IR - so they are kept in the
 * program's arena; kept once per distinct text, not once per asking: a copy
 * per call made Mesa's zink grow by 50-100 MB per recording function.
 */
enum { INTERN_BUCKETS = 1 << 14 };
typedef struct fe_interned {
    const char *text;
    uint64_t hash;
    struct fe_interned *next;
} fe_interned;
struct fe_intern_table {
    fe_interned *buckets[INTERN_BUCKETS];
};

const char *fe_intern(fe_ctx *cx, const char *text)
{
    if (!text)
        return NULL;
    if (!cx->eval) /* the models' unit tests: no evaluator, no table */
        return vks_arena_strdup(cx->arena, text);
    if (!cx->eval->interned)
        cx->eval->interned = vks_arena_alloc(cx->arena, sizeof *cx->eval->interned);
    uint64_t h = fe_hash_text(FE_HASH_SEED, text);
    fe_interned **bucket = &cx->eval->interned->buckets[h % INTERN_BUCKETS];
    for (fe_interned *e = *bucket; e; e = e->next)
        if (e->hash == h && strcmp(e->text, text) == 0)
            return e->text;
    fe_interned *e = vks_arena_alloc(cx->arena, sizeof *e);
    *e = (fe_interned){vks_arena_strdup(cx->arena, text), h, *bucket};
    *bucket = e;
    return e->text;
}

const char *fe_intern_printf(fe_ctx *cx, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof small)
        return fe_intern(cx, small);
    char *large = malloc((size_t)(n < 0 ? 0 : n) + 1);
    if (!large)
        return "";
    va_start(ap, fmt);
    vsnprintf(large, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
    va_end(ap);
    const char *kept = fe_intern(cx, large);
    free(large);
    return kept;
}

const char *fe_string(fe_ctx *cx, CXString s)
{
    const char *c = clang_getCString(s);
    const char *kept = fe_intern(cx, c ? c : "");
    clang_disposeString(s);
    return kept;
}

typedef struct fe_file_cache {
    CXFile file;
    const char *clang_name, *given;
    struct fe_file_cache *next;
} fe_file_cache;

const char *fe_file_spelling(fe_ctx *cx, CXFile file, bool as_given)
{
    /* Most recently asked first: a large program's translation units
       include thousands of headers, and the file asked for is nearly
       always the one asked for last. */
    fe_file_cache **link = cx->eval ? &cx->eval->files : NULL;
    for (fe_file_cache *f = link ? *link : NULL; f; link = &f->next, f = f->next)
        if (f->file == file) {
            *link = f->next;
            f->next = cx->eval->files;
            cx->eval->files = f;
            return as_given ? f->given : f->clang_name;
        }
    fe_file_cache *f = vks_arena_alloc(cx->arena, sizeof *f);
    f->file = file;
    f->clang_name = fe_string(cx, clang_getFileName(file));
    f->given = f->clang_name;
    for (fe_file_name *n = cx->file_names; n; n = n->next)
        if (strcmp(f->clang_name, n->clang_name) == 0)
            f->given = n->given;
    if (cx->eval) {
        f->next = cx->eval->files;
        cx->eval->files = f;
    }
    return as_given ? f->given : f->clang_name;
}

vks_loc fe_loc(fe_ctx *cx, CXCursor c)
{
    vks_loc loc = {.caller = cx->path.frame ? cx->path.frame->call_site : NULL};
    fe_node_memo *m = fe_node_memo_of(c);
    if (m && m->loc_file) {
        loc.file = m->loc_file;
        loc.line = m->loc_line;
        loc.col = m->loc_col;
        return loc;
    }
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &loc.line, &loc.col,
                               NULL);
    loc.file = file ? fe_file_spelling(cx, file, true) : cx->default_path;
    if (m) {
        m->loc_file = loc.file;
        m->loc_line = loc.line;
        m->loc_col = loc.col;
    }
    return loc;
}

vks_loc fe_written_loc(fe_ctx *cx, CXCursor c)
{
    vks_loc loc = fe_loc(cx, c);
    CXSourceLocation at = clang_getCursorLocation(c);
    CXFile file;
    unsigned line, col;
    clang_getFileLocation(at, &file, &line, &col, NULL);
    if (file && (line != loc.line || col != loc.col)) {
        loc.file = fe_file_spelling(cx, file, true);
        loc.line = line;
        loc.col = col;
    }
    return loc;
}

void fe_incomplete(fe_ctx *cx, CXCursor at, const char *message)
{
    fe_incomplete_at(cx, fe_loc(cx, at), message);
}


/* ---- declarations ---- */

bool fe_is_global_var(CXCursor decl)
{
    return clang_getCursorKind(decl) == CXCursor_VarDecl &&
           clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 &&
           clang_getCursorKind(clang_getCursorSemanticParent(decl)) !=
               CXCursor_FunctionDecl;
}

/* A key naming one declaration: its USR for globals (the same in every
   translation unit), its position for locals and parameters. */
const char *fe_decl_key(fe_ctx *cx, CXCursor decl)
{
    fe_node_memo *m = fe_node_memo_of(decl);
    if (m && m->decl_key)
        return m->decl_key;
    const char *key = NULL;
    if (fe_is_global_var(decl)) {
        const char *usr = fe_string(cx, clang_getCursorUSR(decl));
        if (usr[0])
            key = usr;
    }
    if (!key) {
        CXFile file;
        unsigned offset;
        clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL,
                                  &offset);
        const char *name = file ? fe_file_spelling(cx, file, false) : "?";
        key = fe_intern_printf(cx, "%s@%u", name, offset);
    }
    if (m)
        m->decl_key = key;
    return key;
}


/* ---- cursor walks ---- */

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent,
                                             CXClientData data)
{
    fe_cursors *list = data;
    if (list->count == list->cap) {
        if (!list->arena)
            return CXChildVisit_Continue; /* the first FE_SMALL_CHILDREN only */
        unsigned cap = list->cap * 2;
        CXCursor *items = vks_arena_alloc(list->arena, sizeof *items * cap);
        memcpy(items, list->items, sizeof *items * list->count);
        list->items = items;
        list->cap = cap;
    }
    list->items[list->count++] = c;
    return CXChildVisit_Continue;
}

/*
 * Every cursor whose children were asked for, kept (the AST does not change
 * while its translation units live, and the cursors a program's paths run
 * are a bounded set): the evaluator asks for the children of the same
 * statements and expressions on every path and every call, and collecting
 * them again through clang_visitChildren was a sixth of vkcube's time.  A
 * cache that evicted made a new copy at every miss, and a miss was every
 * other statement in a large function.  Keyed by the node (cursor_identity),
 * compared without a library call per probe.
 */
enum { CHILDREN_FIRST_SLOTS = 1 << 15 };

/* Compact, the node and its memo first: vkcube asks for 58 million of
   these over 14,000 nodes, and with each entry 700 bytes wide (a copy of
   fe_cursors' small array inside) and reached through a chain, the lookups
   were a fifth of the run, nearly all of it waiting for memory. */
typedef struct fe_children_entry {
    CXCursor node;
    fe_node_memo memo;
    fe_child_list list;     /* the children, allocated right after */
} fe_children_entry;

/* Open addressing with the hash beside the pointer: a probe that misses
   does not touch the entry. */
typedef struct {
    uint64_t hash;
    fe_children_entry *entry;
} children_slot;

typedef struct fe_children_cache {
    vks_arena *arena;
    children_slot *slots;
    size_t slot_count, entries; /* doubled when half full */
    /* The entry found last: the evaluator asks several things of a node
       in a row (its memo, its children, its type, its stripped form). */
    fe_children_entry *last;
} fe_children_cache;

/* The analysis running on this thread's cache (fe_child_lists_begin), for
   fe_children, whose callers have no fe_ctx at hand (fe_strip). */
static _Thread_local fe_children_cache *running_analysis;

/* The cursor's identity, as clang_equalCursors has it: an expression's or
   statement's parent declaration (data[0]) and a declaration's data[1]
   depend on how the cursor was reached, not on the node. */
static CXCursor cursor_identity(CXCursor c)
{
    /* clang_isExpression, clang_isStatement and clang_isDeclaration's own
       tests, on the ranges Index.h gives: three calls into libclang per
       lookup were a third of kept_entry's instructions. */
    enum CXCursorKind k = c.kind;
    if ((k >= CXCursor_FirstExpr && k <= CXCursor_LastExpr) ||
        (k >= CXCursor_FirstStmt && k <= CXCursor_LastStmt))
        c.data[0] = NULL;
    if ((k >= CXCursor_FirstDecl && k <= CXCursor_LastDecl) ||
        (k >= CXCursor_FirstExtraDecl && k <= CXCursor_LastExtraDecl))
        c.data[1] = NULL;
    c.xdata = 0;
    return c;
}

static bool same_node(const CXCursor *a, const CXCursor *b)
{
    return a->kind == b->kind && a->data[0] == b->data[0] && a->data[1] == b->data[1] &&
           a->data[2] == b->data[2];
}

static void collect_children(vks_arena *arena, CXCursor c, fe_cursors *out)
{
    out->items = out->small;
    out->count = 0;
    out->cap = FE_SMALL_CHILDREN;
    out->arena = arena;
    clang_visitChildren(c, collect_child, out);
}

static size_t slot_index(uint64_t hash, size_t slot_count)
{
    return (size_t)(hash >> 32) & (slot_count - 1);
}

static void grow_slots(fe_children_cache *cache)
{
    size_t count = cache->slot_count ? cache->slot_count * 2 : CHILDREN_FIRST_SLOTS;
    children_slot *slots = vks_arena_alloc(cache->arena, sizeof *slots * count);
    memset(slots, 0, sizeof *slots * count);
    for (size_t i = 0; i < cache->slot_count; i++) {
        if (!cache->slots[i].entry)
            continue;
        size_t k = slot_index(cache->slots[i].hash, count);
        while (slots[k].entry)
            k = (k + 1) & (count - 1);
        slots[k] = cache->slots[i];
    }
    cache->slots = slots;
    cache->slot_count = count;
}

/* A node met for the first time: its children listed and kept.  Apart
   from the lookup (never inlined) so that the lookup, tens of millions of
   calls a run, keeps a small frame: the children's list on its stack made
   every lookup save and check a large frame (a fifth of its
   instructions). */
static __attribute__((noinline)) fe_children_entry *
add_entry(fe_children_cache *cache, CXCursor c, CXCursor node, uint64_t h)
{
    if (2 * (cache->entries + 1) > cache->slot_count)
        grow_slots(cache);
    size_t k = slot_index(h, cache->slot_count);
    while (cache->slots[k].entry)
        k = (k + 1) & (cache->slot_count - 1);
    fe_children_entry *e = vks_arena_alloc(cache->arena, sizeof *e);
    memset(e, 0, sizeof *e);
    e->node = node;
    fe_cursors children;
    collect_children(cache->arena, c, &children);
    e->list.count = children.count;
    e->list.items = vks_arena_alloc(cache->arena, sizeof *e->list.items *
                                                      (children.count ? children.count : 1));
    memcpy(e->list.items, children.items, sizeof *e->list.items * children.count);
    cache->slots[k] = (children_slot){h, e};
    cache->entries++;
    return e;
}

static fe_children_entry *kept_entry(fe_children_cache *cache, CXCursor c)
{
    CXCursor node = cursor_identity(c);
    if (cache->last && same_node(&cache->last->node, &node))
        return cache->last;
    uint64_t h = ((uintptr_t)node.data[0] ^ ((uintptr_t)node.data[1] << 1) ^
                  (uint64_t)node.kind) * 0x9e3779b97f4a7c15u;
    if (cache->slot_count) {
        size_t mask = cache->slot_count - 1;
        for (size_t k = slot_index(h, cache->slot_count); cache->slots[k].entry;
             k = (k + 1) & mask)
            if (cache->slots[k].hash == h && same_node(&cache->slots[k].entry->node, &node))
                return cache->last = cache->slots[k].entry;
    }
    return cache->last = add_entry(cache, c, node, h);
}

static const fe_child_list *kept_children(fe_children_cache *cache, CXCursor c)
{
    return &kept_entry(cache, c)->list;
}

fe_node_memo *fe_node_memo_of(CXCursor c)
{
    return running_analysis ? &kept_entry(running_analysis, c)->memo : NULL;
}

/* A cursor's type does not depend on how the cursor was reached (the
   memo is the node's, cursor_identity). */
CXType fe_cursor_type(CXCursor c)
{
    fe_node_memo *m = fe_node_memo_of(c);
    if (m && m->type_known)
        return m->type;
    CXType t = clang_getCursorType(c);
    if (m) {
        m->type = t;
        m->type_known = true;
    }
    return t;
}

const char *fe_spelling(fe_ctx *cx, CXCursor c)
{
    fe_node_memo *m = fe_node_memo_of(c);
    if (m && m->spelling)
        return m->spelling;
    const char *spelling = fe_string(cx, clang_getCursorSpelling(c));
    if (m)
        m->spelling = spelling;
    return spelling;
}

bool fe_is_update_expression(CXCursor c)
{
    c = fe_strip(c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        return op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
               op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
    }
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        return op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma;
    }
    case CXCursor_CompoundAssignOperator:
    case CXCursor_CallExpr:
        return true;
    case CXCursor_UnexposedExpr:
        return fe_is_va_arg(c); /* moves its va_list on */
    default:
        return false;
    }
}

bool fe_evaluated_int(CXCursor c, uint64_t *value)
{
    fe_node_memo local = {0};
    fe_node_memo *m = fe_node_memo_of(c);
    if (!m)
        m = &local;
    if (m->constant == FE_MEMO_UNSET) {
        CXEvalResult r = clang_Cursor_Evaluate(c);
        m->constant = r && clang_EvalResult_getKind(r) == CXEval_Int ? FE_MEMO_YES
                                                                    : FE_MEMO_NO;
        if (m->constant == FE_MEMO_YES)
            m->constant_value = clang_EvalResult_isUnsignedInt(r)
                                    ? clang_EvalResult_getAsUnsigned(r)
                                    : (uint64_t)clang_EvalResult_getAsLongLong(r);
        if (r)
            clang_EvalResult_dispose(r);
    }
    *value = m->constant_value;
    return m->constant == FE_MEMO_YES;
}

static fe_children_cache *children_cache(fe_ctx *cx)
{
    if (!cx->eval->children) {
        cx->eval->children = vks_arena_alloc(cx->arena, sizeof *cx->eval->children);
        memset(cx->eval->children, 0, sizeof *cx->eval->children);
        cx->eval->children->arena = cx->arena;
    }
    return cx->eval->children;
}

void fe_child_lists_begin(fe_ctx *cx)
{
    running_analysis = children_cache(cx);
}

void fe_child_lists_end(void)
{
    running_analysis = NULL;
}

void fe_children(vks_arena *arena, CXCursor c, fe_cursors *out)
{
    if (!running_analysis) {
        collect_children(arena, c, out);
        return;
    }
    /* Every child, whatever the caller's arena: the list is shared, read
       only. */
    const fe_child_list *kept = kept_children(running_analysis, c);
    out->items = kept->items;
    out->count = out->cap = kept->count;
    out->arena = NULL;
}

const fe_child_list *fe_children_kept(fe_ctx *cx, CXCursor c)
{
    return kept_children(children_cache(cx), c);
}

CXCursor fe_child_cursor(CXCursor c, unsigned index, unsigned *count)
{
    fe_cursors list;
    fe_children(NULL, c, &list);
    *count = list.count;
    return index < list.count ? list.items[index] : clang_getNullCursor();
}
/*
 * The expression a C11 generic selection selects: "The type and value of a
 * generic selection are identical to those of the expression in its
 * selected generic association" (C11 6.5.1.1p3).  libclang gives the
 * controlling expression, then every association's expression, and not
 * which one was selected; the selection has that expression's type, so an
 * association whose type is the selection's, and no other, is the one
 * (`_Generic((pool), struct buffer_pool *: lookup_buffer, struct
 * image_pool *: lookup_image)` names functions of different types).  Two
 * of that type leave the selection as it is (unknown unless constant).
 */
static bool generic_selection_result(CXCursor c, CXCursor *selected)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    CXType type = clang_getCanonicalType(clang_getCursorType(c));
    unsigned matches = 0;
    for (size_t i = 1; i < ch.count; i++)
        if (clang_equalTypes(clang_getCanonicalType(clang_getCursorType(ch.items[i])), type)) {
            *selected = ch.items[i];
            matches++;
        }
    return matches == 1;
}

/*
 * <stdarg.h>'s va_arg (clang's VAArgExpr, which libclang exposes as an
 * UnexposedExpr with the va_list as its one expression child): not a
 * conversion of that child but the next variadic argument, read and the
 * va_list moved on (eval_expr.c).  The va_list is the compiler's record
 * (__va_list_tag on x86-64: an array of one, decayed to a pointer, or a
 * `va_list` parameter, which is that pointer; a struct __va_list on
 * AArch64).  An implicit conversion of one (`ap` handed on as `void *`)
 * starts where its operand does; va_arg starts at its own
 * `__builtin_va_arg` token, spelt in <stdarg.h>'s macro or in the program.
 */
static bool is_va_list_type(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    else if (t.kind == CXType_ConstantArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    if (t.kind != CXType_Record)
        return false;
    CXString name = clang_getCursorSpelling(clang_getTypeDeclaration(t));
    bool va = strncmp(clang_getCString(name), "__va_list", 9) == 0;
    clang_disposeString(name);
    return va;
}

static bool same_spelling_place(CXCursor a, CXCursor b)
{
    CXFile fa, fb;
    unsigned oa, ob;
    clang_getSpellingLocation(clang_getCursorLocation(a), &fa, NULL, NULL, &oa);
    clang_getSpellingLocation(clang_getCursorLocation(b), &fb, NULL, NULL, &ob);
    return oa == ob && clang_File_isEqual(fa, fb);
}

static bool work_out_va_arg(CXCursor c)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    CXCursor operand = clang_getNullCursor();
    for (unsigned i = 0; i < ch.count && clang_Cursor_isNull(operand); i++)
        if (clang_isExpression(clang_getCursorKind(ch.items[i])))
            operand = ch.items[i];
    return !clang_Cursor_isNull(operand) && is_va_list_type(clang_getCursorType(operand)) &&
           !is_va_list_type(clang_getCursorType(c)) && !same_spelling_place(c, operand);
}

bool fe_is_va_arg(CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr)
        return false;
    fe_node_memo *m = fe_node_memo_of(c);
    if (!m)
        return work_out_va_arg(c);
    if (m->va_arg == FE_MEMO_UNSET)
        m->va_arg = work_out_va_arg(c) ? FE_MEMO_YES : FE_MEMO_NO;
    return m->va_arg == FE_MEMO_YES;
}

static CXCursor strip(CXCursor c);

/* Kept on the node: a million strips a run on vkcube-xcb, each level two
   lookups of the node's children. */
CXCursor fe_strip(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
        k != CXCursor_CStyleCastExpr && k != CXCursor_GenericSelectionExpr)
        return c;
    fe_node_memo *m = fe_node_memo_of(c);
    if (m && m->stripped_known)
        return m->stripped;
    CXCursor stripped = strip(c);
    if (m) {
        m->stripped = stripped;
        m->stripped_known = true;
    }
    return stripped;
}

static CXCursor strip(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_GenericSelectionExpr) {
            if (!generic_selection_result(c, &c))
                return c;
            continue;
        }
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
            k != CXCursor_CStyleCastExpr)
            return c;
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        if (ch.count == 0)
            return c;
        /* A cast's children are the TypeRef (if any) then the operand. */
        CXCursor last = ch.items[ch.count - 1];
        if (!clang_isExpression(clang_getCursorKind(last)))
            return c;
        if (k == CXCursor_UnexposedExpr && ch.count != 1)
            return c; /* a designated initialiser, not a cast */
        if (k == CXCursor_UnexposedExpr && fe_is_va_arg(c))
            return c; /* the next variadic argument, not its va_list */
        c = last;
    }
}


/* ---- types ---- */

bool fe_type_is_signed(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
    case CXType_Long: case CXType_LongLong: case CXType_Int128:
        return true;
    default:
        return false;
    }
}

bool fe_type_is_integer(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return (k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum;
}

/* The value as C holds it in the expression's type: truncated to the width
   and sign- or zero-extended to 64 bits. */

bool fe_type_is_array(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray;
}

bool fe_type_is_pointer(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Pointer;
}

uint64_t fe_type_size(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Void)
        return 1; /* GNU C: arithmetic on void * counts bytes */
    long long n = clang_Type_getSizeOf(t);
    return n > 0 ? (uint64_t)n : 0;
}


/* ---- callees and the functions the analysed files define ---- */

static const char *entry_point_from_type(fe_ctx *cx, CXType t)
{
    const char *spelling = fe_string(cx, clang_getTypeSpelling(t));
    if (strncmp(spelling, "const ", 6) == 0)
        spelling += 6;
    if (strncmp(spelling, "PFN_vk", 6) == 0)
        return spelling + 4;
    return NULL;
}

const char *fe_callee_entry_point(fe_ctx *cx, CXCursor call)
{
    fe_cursors ch;
    fe_children(NULL, call, &ch);
    if (ch.count == 0)
        return NULL;
    CXCursor callee = fe_strip(ch.items[0]);
    enum CXCursorKind kind = clang_getCursorKind(callee);
    if (kind == CXCursor_UnaryOperator) { /* (*pfn)(...) */
        fe_cursors inner;
        fe_children(NULL, callee, &inner);
        if (inner.count)
            callee = fe_strip(inner.items[0]);
        kind = clang_getCursorKind(callee);
    }
    if (kind != CXCursor_DeclRefExpr && kind != CXCursor_MemberRefExpr)
        return NULL;
    CXCursor decl = clang_getCursorReferenced(callee);
    const char *name = fe_string(cx, clang_getCursorSpelling(decl));
    if (clang_getCursorKind(decl) == CXCursor_FunctionDecl)
        return name;
    /* A function pointer: a volk-style global `vkCmdCopyBuffer`, or a table
       member `d->CmdCopyBuffer` / `vk.vkCmdCopyBuffer`.  Its type names the
       entry point when it is a PFN_vk* typedef; else its name does. */
    const char *from_type = entry_point_from_type(cx, clang_getCursorType(decl));
    if (from_type)
        return from_type;
    if (strncmp(name, "vk", 2) == 0)
        return name;
    if (kind == CXCursor_MemberRefExpr && name[0] >= 'A' && name[0] <= 'Z')
        return vks_arena_printf(cx->arena, "vk%s", name);
    return NULL;
}

CXCursor fe_callee_decl(CXCursor call)
{
    fe_cursors ch;
    fe_children(NULL, call, &ch);
    if (ch.count == 0)
        return clang_getNullCursor();
    CXCursor callee = fe_strip(ch.items[0]);
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    CXCursor decl = clang_getCursorReferenced(callee);
    if (clang_getCursorKind(decl) != CXCursor_FunctionDecl)
        return clang_getNullCursor();
    return decl;
}

unsigned fe_usr_bucket(const char *usr)
{
    return (unsigned)(fe_hash_text(FE_HASH_SEED, usr) % FE_FUNCTION_BUCKETS);
}

fe_function *fe_function_by_usr(fe_ctx *cx, const char *usr)
{
    for (fe_function *f = cx->eval->functions[fe_usr_bucket(usr)]; f; f = f->next)
        if (strcmp(f->usr, usr) == 0)
            return f;
    return NULL;
}

/* The definition may be in this translation unit or in another analysed
   file (a helper in helpers.c called from main.c): found by USR, which is
   the same in every translation unit for functions with external linkage. */
CXCursor fe_find_function(fe_ctx *cx, CXCursor decl)
{
    CXCursor def = clang_getCursorDefinition(decl);
    if (!clang_Cursor_isNull(def) && clang_isCursorDefinition(def))
        return def;
    fe_function *f = fe_function_by_usr(cx, fe_string(cx, clang_getCursorUSR(decl)));
    return f ? f->definition : clang_getNullCursor();
}

void fe_register_function(fe_ctx *cx, CXCursor definition)
{
    fe_function *f = vks_arena_alloc(cx->arena, sizeof *f);
    f->usr = fe_string(cx, clang_getCursorUSR(definition));
    f->definition = definition;
    f->index = cx->eval->function_count;
    unsigned b = fe_usr_bucket(f->usr);
    f->next = cx->eval->functions[b];
    cx->eval->functions[b] = f;
    VKS_PUSH(cx->arena, cx->eval->function_list, cx->eval->function_count, cx->eval->function_cap, f);
}

fe_function *fe_called_function(fe_ctx *cx, CXCursor call)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl))
        return NULL;
    return fe_function_by_usr(cx, fe_string(cx, clang_getCursorUSR(decl)));
}

/* Where each registered definition is (fe_eval_state.definition_sites). */
struct fe_definition_site {
    const char *site;           /* "real path@offset" */
    fe_function *function;
    struct fe_definition_site *next;
};

bool fe_is_program_definition(CXCursor c)
{
    return clang_getCursorKind(c) == CXCursor_FunctionDecl &&
           clang_isCursorDefinition(c) &&
           !clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

const char *fe_definition_site(fe_ctx *cx, CXCursor c)
{
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
    const char *path = "?";
    if (file) {
        path = fe_string(cx, clang_File_tryGetRealPathName(file));
        if (!path[0])
            path = fe_string(cx, clang_getFileName(file));
    }
    return vks_arena_printf(cx->arena, "%s@%u", path, offset);
}

fe_function *fe_function_at_site(fe_ctx *cx, const char *site)
{
    for (struct fe_definition_site *d = cx->eval->definition_sites[fe_usr_bucket(site)]; d; d = d->next)
        if (strcmp(d->site, site) == 0)
            return d->function;
    return NULL;
}

void fe_register_definition_site(fe_ctx *cx, const char *site, fe_function *f)
{
    struct fe_definition_site *d = vks_arena_alloc(cx->arena, sizeof *d);
    d->site = site;
    d->function = f;
    unsigned b = fe_usr_bucket(site);
    d->next = cx->eval->definition_sites[b];
    cx->eval->definition_sites[b] = d;
}

bool fe_is_registered_definition(fe_ctx *cx, CXCursor c)
{
    if (!fe_is_program_definition(c))
        return false;
    fe_function *f = fe_function_at_site(cx, fe_definition_site(cx, c));
    return f && clang_equalCursors(f->definition, c);
}

CXCursor fe_function_body(CXCursor fn)
{
    fe_cursors ch;
    fe_children(NULL, fn, &ch);
    for (unsigned i = 0; i < ch.count; i++)
        if (clang_getCursorKind(ch.items[i]) == CXCursor_CompoundStmt)
            return ch.items[i];
    return clang_getNullCursor();
}


/* ---- source text ---- */

/*
 * Issue 11, cause 5: a helper-made buffer was named 'the condition': the
 * create call was an argument of an error-check macro
 * (`VK_CHECK(vkCreateBuffer(..., &b->buffer))`), whose expansion range is
 * empty.  Text written as a macro argument is read where it was written
 * (clang_getFileLocation: "where the macro argument was written").
 */
static bool macro_argument_range(CXSourceRange r, CXFile *f1, unsigned *start,
                                 CXFile *f2, unsigned *end)
{
    clang_getFileLocation(clang_getRangeStart(r), f1, NULL, NULL, start);
    clang_getFileLocation(clang_getRangeEnd(r), f2, NULL, NULL, end);
    return *f1 && *f2 && clang_File_isEqual(*f1, *f2) && *end > *start;
}

/* A file's text as clang read it, asked once per file: libclang looks the
   buffer up anew on every call, and a condition's text for a path step is
   asked at every test of every run (a sixth of zink's time). */
enum { CONTENT_CACHE = 64 };
typedef struct fe_content_cache {
    CXTranslationUnit tu[CONTENT_CACHE];
    CXFile file[CONTENT_CACHE];
    const char *text[CONTENT_CACHE];
    size_t size[CONTENT_CACHE];
    unsigned count, next;
} fe_content_cache;

const char *fe_file_contents(fe_ctx *cx, CXCursor c, CXFile file, size_t *size)
{
    *size = 0;
    if (!file)
        return NULL;
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    if (!cx->eval)
        return clang_getFileContents(tu, file, size);
    if (!cx->eval->contents)
        cx->eval->contents = vks_arena_alloc(cx->arena, sizeof *cx->eval->contents);
    fe_content_cache *cache = cx->eval->contents;
    for (unsigned i = 0; i < cache->count; i++)
        if (cache->tu[i] == tu && clang_File_isEqual(cache->file[i], file)) {
            *size = cache->size[i];
            return cache->text[i];
        }
    const char *text = clang_getFileContents(tu, file, size);
    unsigned slot = cache->count < CONTENT_CACHE ? cache->count++
                                                 : cache->next++ % CONTENT_CACHE;
    cache->tu[slot] = tu;
    cache->file[slot] = file;
    cache->text[slot] = text;
    cache->size[slot] = *size;
    return text;
}

static const char *source_text(fe_ctx *cx, CXCursor c);

const char *fe_source_text(fe_ctx *cx, CXCursor c)
{
    fe_node_memo *m = fe_node_memo_of(c);
    if (!m)
        return source_text(cx, c);
    if (!m->source_text)
        m->source_text = source_text(cx, c);
    return m->source_text;
}

static const char *source_text(fe_ctx *cx, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f1, f2;
    unsigned start, end;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &start);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
    if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || end <= start) {
        CXFile m1, m2;
        unsigned ms, me;
        if (macro_argument_range(r, &m1, &ms, &m2, &me))
            f1 = m1, f2 = m2, start = ms, end = me;
    }
    size_t size = 0;
    const char *text = f1 ? fe_file_contents(cx, c, f1, &size) : NULL;
    if (!text || !clang_File_isEqual(f1, f2) || end <= start || end > size)
        return "the condition";
    size_t n = end - start;
    enum { MAX_TEXT = 60 };
    char buf[MAX_TEXT + 4];
    size_t out = 0;
    for (size_t i = 0; i < n && out < MAX_TEXT; i++) {
        char ch = text[start + i];
        if (ch == '\n' || ch == '\t' || ch == '\r')
            ch = ' ';
        if (ch == ' ' && out > 0 && buf[out - 1] == ' ')
            continue;
        buf[out++] = ch;
    }
    if (out < n && out == MAX_TEXT)
        memcpy(buf + out, "...", 3), out += 3;
    buf[out] = '\0';
    return fe_intern(cx, buf);
}


/* ---- compiler arguments ---- */

/* GCC options clang rejects as "unknown argument"; compile_commands.json
   written for a GCC build contains them, and clang-tidy drops them too. */
static bool gcc_only_flag(const char *arg)
{
    static const char *const prefixes[] = {
        "-fanalyzer", "-fipa-", "-fno-ipa-", "-ftree-", "-fno-tree-",
        "-fconserve-stack", "-fcond-mismatch", "-fno-allow-store-data-races",
        "-fmin-function-alignment", "-fsanitize=bounds-strict", "-mindirect-branch",
        "-mfunction-return", "-mrecord-mcount", "-fno-var-tracking",
        "-fvar-tracking", "-flto-partition", "-fstack-usage", "-fdump-",
        "-fmax-errors", "-Wno-maybe-uninitialized", "-fharden-",
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(arg, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

void fe_add_arg(fe_arg_list *a, const char *arg)
{
    if (a->count == a->cap) {
        int cap = a->cap ? a->cap * 2 : 32;
        const char **items = vks_arena_alloc(a->arena, sizeof *items * (size_t)cap);
        if (a->count)
            memcpy(items, a->items, sizeof *items * (size_t)a->count);
        a->items = items;
        a->cap = cap;
    }
    a->items[a->count++] = arg;
}

/* The entry's arguments (argv[0] included) with the source file itself
   kept, output options dropped, and -working-directory added because
   libclang ignores the entry's `directory` (as clang-tidy does).  Returns false
   when the database has no entry for the file. */
bool fe_compdb_arguments(CXCompilationDatabase db, const char **listed_files,
                         size_t listed_count, const char *path, fe_arg_list *args)
{
    char absolute[PATH_MAX];
    if (!db || !realpath(path, absolute))
        return false;
    CXCompileCommands cmds =
        clang_CompilationDatabase_getCompileCommands(db, absolute);
    if (!cmds)
        return false;
    /* libclang makes up a command for a file the database does not list
       (borrowed from a similar file); clang-tidy's rule is the flags after
       "--" instead, so only a file with its own entry uses the database. */
    bool found = clang_CompileCommands_getSize(cmds) > 0;
    bool listed = false;
    for (size_t i = 0; i < listed_count && !listed; i++)
        listed = strcmp(listed_files[i], absolute) == 0;
    found = found && listed;
    CXCompileCommand cmd = found ? clang_CompileCommands_getCommand(cmds, 0) : NULL;
    if (found) {
        unsigned n = clang_CompileCommand_getNumArgs(cmd);
        for (unsigned i = 0; i < n; i++) {
            CXString s = clang_CompileCommand_getArg(cmd, i);
            const char *arg = vks_arena_strdup(args->arena, clang_getCString(s));
            clang_disposeString(s);
            if (strcmp(arg, "-o") == 0) {
                i++;
                continue;
            }
            if (gcc_only_flag(arg))
                continue;
            fe_add_arg(args, arg);
        }
        CXString dir = clang_CompileCommand_getDirectory(cmd);
        fe_add_arg(args, vks_arena_printf(args->arena, "-working-directory=%s",
                                       clang_getCString(dir)));
        clang_disposeString(dir);
    }
    clang_CompileCommands_dispose(cmds);
    return found;
}

/* ---- diagnostics ---- */

static const char *diagnostic_line(vks_arena *arena, const char *path,
                                   CXTranslationUnit tu, CXDiagnostic d)
{
    CXFile file;
    unsigned line, col;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &col,
                               NULL);
    CXString s = clang_getDiagnosticSpelling(d);
    const char *message = vks_arena_strdup(arena, clang_getCString(s));
    clang_disposeString(s);
    if (!file)
        return vks_arena_printf(arena, "%s: %s", path, message);
    CXString fs = clang_getFileName(file);
    CXString main = clang_getTranslationUnitSpelling(tu);
    const char *result;
    if (strcmp(clang_getCString(fs), clang_getCString(main)) == 0)
        result = vks_arena_printf(arena, "%s:%u:%u: %s", path, line, col, message);
    else
        result = vks_arena_printf(arena, "%s: in %s:%u:%u: %s", path,
                                  clang_getCString(fs), line, col, message);
    clang_disposeString(fs);
    clang_disposeString(main);
    return result;
}

/*
 * Any clang error makes the file an input error (the command-line contract in README.md: exit
 * status 2, one line on stderr naming the file and clang's first error
 * with its line and column), and the file is not analysed.  A fatal error
 * (a missing #include) leaves no usable AST; a plain error leaves one, but
 * clang has dropped the code it could not parse there - a barrier in a
 * malformed expression would be missing, and the hazard it orders would be
 * reported falsely.  Nothing in the file is claimed either way; the other
 * files are analysed.
 */
int fe_check_diagnostics(vks_arena *arena, const char *path, CXTranslationUnit tu,
                             const char **error)
{
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev == CXDiagnostic_Fatal || sev == CXDiagnostic_Error) {
            *error = diagnostic_line(arena, path, tu, d);
            clang_disposeDiagnostic(d);
            return 2;
        }
        clang_disposeDiagnostic(d);
    }
    return 0;
}


/* libclang prints its own multi-line "LIBCLANG TOOLING ERROR" to stderr
   when a database does not load: silenced (single-threaded, at start-up)
   so the user sees vksync-lint's one line. */
CXCompilationDatabase fe_load_compdb_quietly(const char *dir,
                                                 CXCompilationDatabase_Error *err)
{
    fflush(stderr);
    int saved_stderr = dup(STDERR_FILENO);
    int devnull = open("/dev/null", O_WRONLY);
    if (saved_stderr >= 0 && devnull >= 0)
        dup2(devnull, STDERR_FILENO);
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, err);
    if (saved_stderr >= 0 && devnull >= 0)
        dup2(saved_stderr, STDERR_FILENO);
    if (saved_stderr >= 0)
        close(saved_stderr);
    if (devnull >= 0)
        close(devnull);
    return db;
}

/*
 * -p DIR is checked once, before any file: a database that does not load is
 * one error naming it, and the files are then parsed with the arguments
 * after "--" (clang-tidy's rule: a file not in the database falls back to them),
 * so the other inputs are still analysed.
 */
int vks_compdb_check(const char *dir, vks_arena *arena, const char **error)
{
    CXCompilationDatabase_Error err;
    CXCompilationDatabase db = fe_load_compdb_quietly(dir, &err);
    if (err == CXCompilationDatabase_NoError) {
        clang_CompilationDatabase_dispose(db);
        return 0;
    }
    *error = vks_arena_printf(arena,
                              "%s/compile_commands.json: missing or not a JSON compilation "
                              "database; the files are parsed with the arguments after --",
                              dir);
    return 2;
}

/* Every source file a database lists: absolute paths, each once, in the
   database's order. */
void fe_list_compdb_files(CXCompilationDatabase db, vks_arena *arena,
                              const char ***files, size_t *count)
{
    CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
    unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
    const char **list = vks_arena_alloc(arena, sizeof *list * (n + 1));
    size_t out = 0;
    for (unsigned i = 0; i < n; i++) {
        CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
        CXString file = clang_CompileCommand_getFilename(cmd);
        CXString directory = clang_CompileCommand_getDirectory(cmd);
        const char *f = clang_getCString(file);
        const char *path = f[0] == '/' ? vks_arena_strdup(arena, f)
                                       : vks_arena_printf(arena, "%s/%s",
                                                          clang_getCString(directory), f);
        char resolved[PATH_MAX];
        if (realpath(path, resolved))
            path = vks_arena_strdup(arena, resolved);
        clang_disposeString(file);
        clang_disposeString(directory);
        bool seen = false;
        for (size_t k = 0; k < out && !seen; k++)
            seen = strcmp(list[k], path) == 0;
        if (!seen)
            list[out++] = path;
    }
    if (cmds)
        clang_CompileCommands_dispose(cmds);
    *files = list;
    *count = out;
}

/* For `vksync-lint -p DIR` with no files (as run-clang-tidy does). */
int vks_compdb_files(const char *dir, vks_arena *arena, const char ***files,
                     size_t *count)
{
    *files = NULL;
    *count = 0;
    CXCompilationDatabase_Error err;
    CXCompilationDatabase db = fe_load_compdb_quietly(dir, &err);
    if (err != CXCompilationDatabase_NoError)
        return 2;
    fe_list_compdb_files(db, arena, files, count);
    clang_CompilationDatabase_dispose(db);
    return 0;
}

/* Does a parameter of this type give the callee a command buffer to record
   into: a VkCommandBuffer, or a struct or a pointer to a struct with one
   among its fields (one level: `struct frame *f` with `f->cmd`)? */
static enum CXVisitorResult find_cmdbuf_field(CXCursor field, CXClientData found)
{
    CXString spelling = clang_getTypeSpelling(clang_getCanonicalType(
        clang_getCursorType(field)));
    bool is_cmdbuf = strstr(clang_getCString(spelling), "VkCommandBuffer_T") != NULL;
    clang_disposeString(spelling);
    if (is_cmdbuf) {
        *(bool *)found = true;
        return CXVisit_Break;
    }
    return CXVisit_Continue;
}

static bool type_reaches_cmdbuf_uncached(CXType canonical)
{
    CXString spelling = clang_getTypeSpelling(canonical);
    bool found = strstr(clang_getCString(spelling), "VkCommandBuffer_T") != NULL;
    clang_disposeString(spelling);
    if (found)
        return found;
    /* a struct, or a pointer to one, with a command buffer member */
    CXType record = canonical.kind == CXType_Pointer
                        ? clang_getCanonicalType(clang_getPointeeType(canonical))
                        : canonical;
    if (record.kind == CXType_Record)
        clang_Type_visitFields(record, find_cmdbuf_field, &found);
    return found;
}

/* Asked for every argument of every call on every run: answered once per
   type (a canonical type is one opaque pointer for its translation unit's
   lifetime), which was a twelfth of zink's time. */
enum { TYPE_CACHE = 4096 };
typedef struct fe_type_cache {
    const void *type[TYPE_CACHE], *unit[TYPE_CACHE];
    bool reaches_cmdbuf[TYPE_CACHE];
} fe_type_cache;

bool fe_type_reaches_cmdbuf(fe_ctx *cx, CXType t)
{
    CXType canonical = clang_getCanonicalType(t);
    if (!cx->eval->types)
        cx->eval->types = vks_arena_alloc(cx->arena, sizeof *cx->eval->types);
    fe_type_cache *cache = cx->eval->types;
    unsigned slot = (unsigned)(((uintptr_t)canonical.data[0] >> 4) % TYPE_CACHE);
    if (cache->type[slot] != canonical.data[0] || cache->unit[slot] != canonical.data[1]) {
        cache->type[slot] = canonical.data[0];
        cache->unit[slot] = canonical.data[1];
        cache->reaches_cmdbuf[slot] = type_reaches_cmdbuf_uncached(canonical);
    }
    return cache->reaches_cmdbuf[slot];
}

/* A library function that formats text (variadic after a `char *`: a
   logger such as `gst_debug_log` or `av_log`): eval_expr.c's call record
   and quiet_leave.c's searches take it to record and wait for nothing. */
bool fe_formats_text(CXCursor decl)
{
    if (clang_Cursor_isNull(decl))
        return false;
    CXType type = clang_getCursorType(decl);
    int named = clang_getNumArgTypes(type);
    if (!clang_isFunctionTypeVariadic(type) || named < 1)
        return false;
    CXType last = clang_getCanonicalType(clang_getArgType(type, (unsigned)named - 1));
    if (last.kind != CXType_Pointer)
        return false;
    enum CXTypeKind pointee = clang_getCanonicalType(clang_getPointeeType(last)).kind;
    return pointee == CXType_Char_S || pointee == CXType_Char_U || pointee == CXType_SChar ||
           pointee == CXType_UChar;
}
