/*
 * eval.c - the front end's abstract evaluator: executes the statements of a
 * recording function in order over an environment variable -> value
 * (values.c), so that the arguments of every vkCmd* call are known where the
 * source determines them and unknown elsewhere.
 *
 * What it understands: integer constants, enumerators, macros (they are
 * already expanded in the AST), `static const` globals (folded by
 * clang_Cursor_Evaluate: VK_PIPELINE_STAGE_2_* are such variables, not
 * enumerators), arithmetic and bitwise operators on known values, local
 * variables, structs filled by initialisers (designated or positional) or
 * member assignments, arrays of structs, pointers to them (&b, b + i, an
 * array passed as a pointer), compound literals, and calls to functions
 * whose body is in the translation unit (inlined, bounded depth).  Anything
 * else yields an unknown value; a call to a function without a body forgets
 * what its pointer arguments point at.
 */
#include <stdio.h>
#include <string.h>

#include "frontend_internal.h"

enum { MAX_INLINE_DEPTH = 8, MAX_LOOP_ITERATIONS = 256 };

char *fe_string(fe_ctx *cx, CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = vks_arena_strdup(cx->arena, c ? c : "");
    clang_disposeString(s);
    return copy;
}

vks_loc fe_loc(fe_ctx *cx, CXCursor c)
{
    CXFile file;
    unsigned line, col;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &col,
                               NULL);
    vks_loc loc = {.line = line, .col = col,
                   .caller = cx->frame ? cx->frame->call_site : NULL};
    loc.file = cx->default_path;
    if (file) {
        char *name = fe_string(cx, clang_getFileName(file));
        loc.file = name;
        for (fe_file_name *f = cx->file_names; f; f = f->next)
            if (strcmp(name, f->clang_name) == 0)
                loc.file = f->given;
    }
    return loc;
}

/* A limit reached or a construct not followed: never silent, never
   "proved" (DESIGN.md section 2).  Reported once per place. */
void fe_incomplete(fe_ctx *cx, CXCursor at, const char *message)
{
    vks_loc loc = fe_loc(cx, at);
    for (size_t i = 0; i < cx->findings->count; i++) {
        const vks_finding *f = &cx->findings->items[i];
        if (f->rule == VKS_RULE_VKSYNC_INCOMPLETE && f->loc.line == loc.line &&
            f->loc.col == loc.col && f->loc.file && loc.file &&
            strcmp(f->loc.file, loc.file) == 0)
            return;
    }
    vks_finding_add(cx->findings, VKS_RULE_VKSYNC_INCOMPLETE, NULL, loc,
                    vks_arena_strdup(cx->findings->arena, message));
    if (cx->stats)
        cx->stats->incomplete++;
}

/* ---- small cursor helpers ---- */

typedef struct {
    CXCursor items[16];
    unsigned count;
} child_list;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent,
                                             CXClientData data)
{
    child_list *list = data;
    if (list->count < 16)
        list->items[list->count++] = c;
    return CXChildVisit_Continue;
}

static child_list children_of(CXCursor c)
{
    child_list list = {.count = 0};
    clang_visitChildren(c, collect_child, &list);
    return list;
}

CXCursor fe_child_cursor(CXCursor c, unsigned index, unsigned *count)
{
    child_list list = children_of(c);
    *count = list.count;
    return index < list.count ? list.items[index] : clang_getNullCursor();
}

CXCursor fe_strip(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
            k != CXCursor_CStyleCastExpr)
            return c;
        child_list ch = children_of(c);
        if (ch.count == 0)
            return c;
        /* A cast's children are the TypeRef (if any) then the operand. */
        CXCursor last = ch.items[ch.count - 1];
        if (!clang_isExpression(clang_getCursorKind(last)))
            return c;
        if (k == CXCursor_UnexposedExpr && ch.count != 1)
            return c; /* a designated initialiser, not a cast */
        c = last;
    }
}

static bool type_is_signed(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
    case CXType_Long: case CXType_LongLong: case CXType_Int128:
        return true;
    default:
        return false;
    }
}

static bool type_is_integer(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return (k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum;
}

/* The value as C holds it in the expression's type: truncated to the width
   and sign- or zero-extended to 64 bits. */
static uint64_t normalise(uint64_t v, CXType t)
{
    if (!type_is_integer(t))
        return v;
    if (clang_getCanonicalType(t).kind == CXType_Bool)
        return v != 0;
    long long size = clang_Type_getSizeOf(t);
    if (size <= 0 || size >= 8)
        return v;
    uint64_t mask = (UINT64_C(1) << (size * 8)) - 1;
    v &= mask;
    if (type_is_signed(t) && (v >> (size * 8 - 1)) & 1)
        v |= ~mask;
    return v;
}

static fe_val *int_of_type(fe_ctx *cx, uint64_t v, CXCursor expr)
{
    return fe_int(cx, normalise(v, clang_getCursorType(expr)));
}

/* ---- variables ---- */

static bool is_global_var(CXCursor decl)
{
    return clang_getCursorKind(decl) == CXCursor_VarDecl &&
           clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 &&
           clang_getCursorKind(clang_getCursorSemanticParent(decl)) !=
               CXCursor_FunctionDecl;
}

/* A key naming one declaration: its USR for globals (the same in every
   translation unit), its position for locals and parameters. */
static const char *decl_key(fe_ctx *cx, CXCursor decl)
{
    if (is_global_var(decl)) {
        const char *usr = fe_string(cx, clang_getCursorUSR(decl));
        if (usr[0])
            return usr;
    }
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL,
                              &offset);
    const char *name = file ? fe_string(cx, clang_getFileName(file)) : "?";
    return vks_arena_printf(cx->arena, "%s@%u", name, offset);
}

static fe_binding **scope_of(fe_ctx *cx, CXCursor decl)
{
    return is_global_var(decl) || !cx->frame ? &cx->globals : &cx->frame->locals;
}

static fe_val *lookup(fe_binding *b, const char *key)
{
    for (; b; b = b->next)
        if (strcmp(b->key, key) == 0)
            return b->value;
    return NULL;
}

static void bind(fe_ctx *cx, fe_binding **scope, const char *key, fe_val *v)
{
    fe_binding *b = vks_arena_alloc(cx->arena, sizeof *b);
    b->key = key;
    b->value = v;
    b->next = *scope;
    *scope = b;
}

static fe_val *eval_init_list(fe_ctx *cx, CXCursor list, CXType type,
                              vks_loc loc);

/* A constant global's value: `static const VkFlags64 VK_PIPELINE_STAGE_2_X =
   ...ULL;` folds through clang_Cursor_Evaluate; a constant array with an
   initialiser (an embedded SPIR-V module, `const uint32_t spv[] = {...}`)
   is its initialiser's value. */
static fe_val *global_initial_value(fe_ctx *cx, CXCursor decl, const char *key,
                                    const char *name)
{
    CXType t = clang_getCursorType(decl);
    CXType canon = clang_getCanonicalType(t);
    if ((canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray) &&
        clang_isConstQualifiedType(clang_getArrayElementType(t))) {
        CXCursor init = fe_strip(clang_Cursor_getVarDeclInitializer(decl));
        if (!clang_Cursor_isNull(init) && clang_getCursorKind(init) == CXCursor_InitListExpr)
            return eval_init_list(cx, init, t, fe_loc(cx, decl));
    }
    if (clang_isConstQualifiedType(t) && type_is_integer(t)) {
        CXEvalResult r = clang_Cursor_Evaluate(decl);
        if (r) {
            fe_val *v = NULL;
            if (clang_EvalResult_getKind(r) == CXEval_Int)
                v = fe_int(cx, normalise(clang_EvalResult_isUnsignedInt(r)
                                             ? clang_EvalResult_getAsUnsigned(r)
                                             : (uint64_t)clang_EvalResult_getAsLongLong(r),
                                         t));
            clang_EvalResult_dispose(r);
            if (v)
                return v;
        }
    }
    return fe_sym(cx, key, name);
}

static fe_val *variable(fe_ctx *cx, CXCursor decl)
{
    const char *key = decl_key(cx, decl);
    fe_binding **scope = scope_of(cx, decl);
    fe_val *v = lookup(*scope, key);
    if (v)
        return v;
    const char *name = fe_string(cx, clang_getCursorSpelling(decl));
    if (is_global_var(decl))
        v = global_initial_value(cx, decl, key, name);
    else
        v = fe_sym(cx, key, name); /* a parameter of the analysed function */
    v->loc = fe_loc(cx, decl);
    bind(cx, scope, key, v);
    return v;
}

/* Forgets what is known about a node: it keeps a name (so a handle stays a
   resource) but a fresh one, and nothing about its contents. */
static void havoc(fe_ctx *cx, fe_val *v)
{
    const char *ident = v->ident;
    const char *spelling = v->spelling;
    vks_loc loc = v->loc;
    memset(v, 0, sizeof *v);
    v->loc = loc;
    if (ident) {
        v->kind = VAL_SYM;
        v->ident = vks_arena_printf(cx->arena, "%s#%u", ident,
                                    ++cx->havoc_generation);
        v->spelling = spelling;
    }
}

/* ---- initialisers ---- */

typedef struct {
    const char *names[64];
    CXType types[64];
    unsigned count;
    fe_ctx *cx;
} field_names;

static enum CXVisitorResult collect_field(CXCursor c, CXClientData data)
{
    field_names *f = data;
    if (f->count < 64) {
        f->types[f->count] = clang_getCursorType(c);
        f->names[f->count++] = fe_string(f->cx, clang_getCursorSpelling(c));
    }
    return CXVisit_Continue;
}

static bool is_aggregate_type(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_Record || k == CXType_ConstantArray;
}

static fe_val *eval_init_list(fe_ctx *cx, CXCursor list, CXType type,
                              vks_loc loc);

typedef struct {
    CXCursor *items;
    unsigned count, cap;
    fe_ctx *cx;
} all_children;

static enum CXChildVisitResult collect_any_child(CXCursor c, CXCursor parent,
                                                 CXClientData data)
{
    all_children *list = data;
    size_t cap = list->cap;
    VKS_PUSH(list->cx->arena, list->items, list->count, cap, c);
    list->cap = (unsigned)cap;
    return CXChildVisit_Continue;
}

static all_children all_children_of(fe_ctx *cx, CXCursor c)
{
    all_children list = {.cx = cx};
    clang_visitChildren(c, collect_any_child, &list);
    return list;
}

/* Stores an initialiser's value: a nested braced list becomes a nested
   aggregate of the member's type. */
static void init_member(fe_ctx *cx, fe_val *member, CXCursor value, vks_loc loc)
{
    CXCursor stripped = fe_strip(value);
    if (clang_getCursorKind(stripped) == CXCursor_InitListExpr)
        fe_assign(cx, member, eval_init_list(cx, stripped,
                                             clang_getCursorType(stripped), loc));
    else
        fe_assign(cx, member, fe_eval(cx, value));
}

static fe_val *eval_init_list(fe_ctx *cx, CXCursor list, CXType type,
                              vks_loc loc)
{
    fe_val *agg = fe_unknown(cx);
    agg->aggregate = true;
    agg->zero_rest = true; /* C11 6.7.9p21 */
    agg->loc = loc;
    CXType canon = clang_getCanonicalType(type);
    bool is_array = canon.kind == CXType_ConstantArray ||
                    canon.kind == CXType_IncompleteArray;
    field_names fields = {.count = 0, .cx = cx};
    if (!is_array)
        clang_Type_visitFields(canon, collect_field, &fields);

    /* Every initialiser, not just the first 16 children_of keeps: a longer
       list (an embedded SPIR-V module) must not read as zeros past 16. */
    all_children ch = all_children_of(cx, list);
    unsigned position = 0;
    for (unsigned i = 0; i < ch.count; i++) {
        CXCursor c = ch.items[i];
        child_list parts = children_of(c);
        if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && parts.count >= 2 &&
            (clang_getCursorKind(parts.items[0]) == CXCursor_MemberRef || is_array)) {
            /* A designated initialiser: `.a.b = value`, `[2].a = value`
               (an array designator's child is its index expression). */
            fe_val *member = agg;
            for (unsigned p = 0; p + 1 < parts.count && member; p++) {
                if (clang_getCursorKind(parts.items[p]) != CXCursor_MemberRef) {
                    uint64_t index;
                    if (!fe_known_int(fe_eval(cx, parts.items[p]), &index) ||
                        index > INT32_MAX) {
                        member = NULL; /* an unknown index: not followed */
                        break;
                    }
                    member = fe_element(cx, member, (int64_t)index);
                    if (p == 0)
                        position = (unsigned)index + 1;
                    continue;
                }
                const char *name = fe_string(cx, clang_getCursorSpelling(parts.items[p]));
                member = fe_child(cx, member, name);
                if (p == 0)
                    for (unsigned f = 0; f < fields.count; f++)
                        if (strcmp(fields.names[f], name) == 0)
                            position = f + 1;
            }
            if (member)
                init_member(cx, member, parts.items[parts.count - 1], loc);
            else
                agg->zero_rest = false;
            continue;
        }
        fe_val *member;
        CXType member_type;
        if (is_array) {
            member_type = clang_getArrayElementType(canon);
            member = fe_element(cx, agg, position++);
        } else if (position < fields.count) {
            member_type = fields.types[position];
            member = fe_child(cx, agg, fields.names[position++]);
        } else {
            continue;
        }
        if (is_aggregate_type(member_type) &&
            clang_getCursorKind(fe_strip(c)) != CXCursor_InitListExpr &&
            !clang_equalTypes(clang_getCanonicalType(clang_getCursorType(fe_strip(c))),
                              clang_getCanonicalType(member_type))) {
            /* Brace elision (C11 6.7.9p20): the scalars fill the member's
               own members.  `{0}` is common and means all zero; other
               shapes are not followed, so what follows stays unknown. */
            uint64_t v;
            if (ch.count == 1 && fe_known_int(fe_eval(cx, c), &v) && v == 0)
                continue; /* the zero_rest member reads as 0 throughout */
            agg->zero_rest = false;
            agg->fields = NULL;
            break;
        }
        init_member(cx, member, c, loc);
    }
    return agg;
}

/* ---- expressions ---- */

static fe_val *pointer_to(fe_ctx *cx, fe_val *target, int64_t index, bool single)
{
    if (!target)
        return fe_unknown(cx);
    fe_val *p = fe_int(cx, 0);
    p->kind = VAL_PTR;
    p->target = target;
    p->index = index;
    p->single = single;
    return p;
}

static bool is_array_type(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray;
}

static bool is_pointer_type(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Pointer;
}

/* sizeof *e for a pointer expression e: the step of e + 1. */
static uint64_t pointee_size(CXCursor e)
{
    return fe_type_size(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(e))));
}

/* The variable an lvalue expression is rooted at (for forgetting it when a
   write goes to an unknown place inside it). */
static fe_val *root_variable(fe_ctx *cx, CXCursor expr)
{
    CXCursor c = fe_strip(expr);
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind k = clang_getCursorKind(d);
        return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? variable(cx, d) : NULL;
    }
    case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr: {
        child_list ch = children_of(c);
        return ch.count ? root_variable(cx, ch.items[0]) : NULL;
    }
    default:
        return NULL;
    }
}

/* "Renderer.color" for `r->color` / `r.color`: where a handle is
   kept, the same in every function (objects.c). */
static const char *member_key(fe_ctx *cx, CXCursor base, const char *name)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(base));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_Record)
        return NULL;
    const char *record = fe_string(cx, clang_getTypeSpelling(t));
    if (strncmp(record, "struct ", 7) == 0)
        record += 7;
    if (strncmp(record, "Vk", 2) == 0)
        return NULL; /* a create info's member is not where a handle is kept */
    return vks_arena_printf(cx->arena, "%s.%s", record, name);
}

fe_val *fe_lvalue(fe_ctx *cx, CXCursor expr)
{
    CXCursor c = fe_strip(expr);
    child_list ch = children_of(c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind k = clang_getCursorKind(d);
        if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
            return variable(cx, d);
        return NULL;
    }
    case CXCursor_MemberRefExpr: {
        if (ch.count == 0)
            return NULL;
        const char *name = fe_string(cx, clang_getCursorSpelling(c));
        CXCursor base = ch.items[0];
        fe_val *object;
        if (is_pointer_type(clang_getCursorType(base))) {
            fe_val *p = fe_eval(cx, base);
            object = p->mapping ? fe_host_place(cx, p, NULL, 0) : fe_deref(cx, p, 0);
        } else {
            object = fe_lvalue(cx, base);
        }
        if (!object)
            return NULL;
        if (object->mapped_place) /* a member of an object in mapped memory */
            return fe_host_member(cx, object, c);
        fe_val *member = fe_child(cx, object, name);
        if (!member->member_key)
            member->member_key = member_key(cx, base, name);
        return member;
    }
    case CXCursor_ArraySubscriptExpr: {
        if (ch.count < 2)
            return NULL;
        uint64_t index;
        fe_val *index_val = fe_eval(cx, ch.items[1]);
        fe_val *base = fe_eval(cx, ch.items[0]);
        if (base->mapping && !base->mapped_place)
            return fe_host_place(cx, base, index_val, fe_type_size(clang_getCursorType(c)));
        if (!fe_known_int(index_val, &index))
            return NULL;
        return fe_deref(cx, base, (int64_t)index);
    }
    case CXCursor_UnaryOperator:
        if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref && ch.count) {
            fe_val *p = fe_eval(cx, ch.items[0]);
            return p->mapping ? fe_host_place(cx, p, NULL, 0) : fe_deref(cx, p, 0);
        }
        return NULL;
    case CXCursor_CompoundLiteralExpr:
        return fe_eval(cx, c);
    case CXCursor_StringLiteral:
        return fe_string_literal(cx, c);
    default:
        return NULL;
    }
}

/* A value assigned to a variable that only has a name by where it came
   from (a function's result) is named after the variable instead, so
   `VkBuffer b = make_buffer();` is the resource "b" (and `ctx->b = ...`
   the resource "ctx->b"). */
static void store(fe_ctx *cx, fe_val *dst, const fe_val *src, CXCursor lhs)
{
    /* A struct member keeps its own key (where the handle is kept); any
       other variable takes the key of what it was assigned from, so
       `cmd = r->draw_cmd;` after `cmd = r->upload_cmd;` is draw_cmd's
       command buffer, with its pool's queue family (objects.c). */
    const char *kept_in = clang_getCursorKind(fe_strip(lhs)) == CXCursor_MemberRefExpr
                              ? dst->member_key
                              : NULL;
    fe_assign(cx, dst, src);
    if (kept_in) {
        dst->member_key = kept_in;
        fe_handle_stored(cx, dst);
    }
    if (src->kind == VAL_SYM && src->ident && strncmp(src->ident, "call:", 5) == 0) {
        dst->ident = vks_arena_printf(cx->arena, "var:%s", src->ident);
        dst->spelling = fe_source_text(cx, lhs);
    }
}

static bool binary_int(enum CXBinaryOperatorKind op, uint64_t a, uint64_t b,
                       bool is_signed, uint64_t *out)
{
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    switch (op) {
    case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign: *out = a * b; return true;
    case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign:
        if (b == 0) return false;
        *out = is_signed ? (uint64_t)(sa / sb) : a / b; return true;
    case CXBinaryOperator_Rem: case CXBinaryOperator_RemAssign:
        if (b == 0) return false;
        *out = is_signed ? (uint64_t)(sa % sb) : a % b; return true;
    case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign: *out = a + b; return true;
    case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign: *out = a - b; return true;
    case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign:
        if (b >= 64) return false;
        *out = a << b; return true;
    case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign:
        if (b >= 64) return false;
        *out = is_signed ? (uint64_t)(sa >> b) : a >> b; return true;
    case CXBinaryOperator_LT: *out = is_signed ? sa < sb : a < b; return true;
    case CXBinaryOperator_GT: *out = is_signed ? sa > sb : a > b; return true;
    case CXBinaryOperator_LE: *out = is_signed ? sa <= sb : a <= b; return true;
    case CXBinaryOperator_GE: *out = is_signed ? sa >= sb : a >= b; return true;
    case CXBinaryOperator_EQ: *out = a == b; return true;
    case CXBinaryOperator_NE: *out = a != b; return true;
    case CXBinaryOperator_And: case CXBinaryOperator_AndAssign: *out = a & b; return true;
    case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign: *out = a ^ b; return true;
    case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign: *out = a | b; return true;
    case CXBinaryOperator_LAnd: *out = a && b; return true;
    case CXBinaryOperator_LOr: *out = a || b; return true;
    default: return false;
    }
}

static fe_val *eval_binary(fe_ctx *cx, CXCursor c)
{
    child_list ch = children_of(c);
    if (ch.count < 2)
        return fe_unknown(cx);
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    CXCursor lhs = ch.items[0], rhs = ch.items[1];

    if (op == CXBinaryOperator_Comma) {
        fe_eval(cx, lhs);
        return fe_eval(cx, rhs);
    }
    if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
        /* Short circuit: the right operand runs only when it decides. */
        uint64_t a, b;
        fe_val *l = fe_eval(cx, lhs);
        if (fe_known_int(l, &a)) {
            if ((op == CXBinaryOperator_LAnd) != (a != 0))
                return fe_int(cx, a != 0);
            fe_val *r = fe_eval(cx, rhs);
            return fe_known_int(r, &b) ? fe_int(cx, b != 0) : fe_unknown(cx);
        }
        return fe_unknown(cx);
    }

    fe_val *target = NULL;
    fe_val *l;
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) {
        target = fe_lvalue(cx, lhs);
        if (!target) {
            /* A write to a place the evaluator cannot name (an unknown index):
               whatever variable holds it may have changed anywhere. */
            fe_val *root = root_variable(cx, lhs);
            fe_val *r = fe_eval(cx, rhs);
            if (root)
                havoc(cx, root);
            return r;
        }
        if (target->mapped_place) {
            /* A host write to mapped memory (a compound assignment reads
               it first); the value stored is not tracked. */
            fe_val *r = fe_eval(cx, rhs);
            uint64_t size = fe_type_size(clang_getCursorType(lhs));
            if (op != CXBinaryOperator_Assign)
                fe_host_touch(cx, c, target, size, false);
            fe_host_touch(cx, c, target, size, true);
            return op == CXBinaryOperator_Assign ? r : fe_unknown(cx);
        }
        if (op == CXBinaryOperator_Assign) {
            fe_val *r = fe_eval(cx, rhs);
            store(cx, target, r, lhs);
            return target;
        }
        l = target;
    } else {
        l = fe_eval(cx, lhs);
    }
    fe_val *r = fe_eval(cx, rhs);

    fe_val *result;
    uint64_t a, b, out;
    bool additive = op == CXBinaryOperator_Add || op == CXBinaryOperator_AddAssign ||
                    op == CXBinaryOperator_Sub || op == CXBinaryOperator_SubAssign;
    if (l->mapping && !l->mapped_place && additive && !is_pointer_type(clang_getCursorType(rhs))) {
        result = fe_host_pointer_add(cx, l, r, pointee_size(lhs),
                                     op == CXBinaryOperator_Sub || op == CXBinaryOperator_SubAssign);
    } else if (r->mapping && !r->mapped_place && op == CXBinaryOperator_Add) {
        result = fe_host_pointer_add(cx, r, l, pointee_size(rhs), false);
    } else if (l->kind == VAL_PTR && fe_known_int(r, &b) && additive) {
        bool add = op == CXBinaryOperator_Add || op == CXBinaryOperator_AddAssign;
        result = pointer_to(cx, l->target, l->index + (add ? (int64_t)b : -(int64_t)b),
                            l->single);
    } else if (r->kind == VAL_PTR && fe_known_int(l, &a) && op == CXBinaryOperator_Add) {
        result = pointer_to(cx, r->target, r->index + (int64_t)a, r->single);
    } else if (fe_known_int(l, &a) && fe_known_int(r, &b) &&
               binary_int(op, a, b, type_is_signed(clang_getCursorType(lhs)), &out)) {
        result = int_of_type(cx, out, target ? lhs : c);
    } else {
        result = fe_unknown(cx);
    }
    if (target) {
        fe_assign(cx, target, result);
        return target;
    }
    return result;
}

static fe_val *eval_unary(fe_ctx *cx, CXCursor c)
{
    child_list ch = children_of(c);
    if (ch.count < 1)
        return fe_unknown(cx);
    CXCursor operand = ch.items[0];
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    uint64_t a;
    switch (op) {
    case CXUnaryOperator_AddrOf: {
        fe_val *target = fe_lvalue(cx, operand);
        if (!target) {
            fe_val *root = root_variable(cx, operand);
            if (root)
                havoc(cx, root);
        }
        if (target && target->mapped_place)
            return fe_host_address_of(cx, target);
        return pointer_to(cx, target, 0, true);
    }
    case CXUnaryOperator_Deref: {
        fe_val *p = fe_eval(cx, operand);
        if (p->mapping && !p->mapped_place) {
            fe_val *place = fe_host_place(cx, p, NULL, 0);
            fe_host_touch(cx, c, place, fe_type_size(clang_getCursorType(c)), false);
            return fe_unknown(cx);
        }
        fe_val *v = fe_deref(cx, p, 0);
        return v ? v : fe_unknown(cx);
    }
    case CXUnaryOperator_PostInc: case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc: case CXUnaryOperator_PreDec: {
        fe_val *target = fe_lvalue(cx, operand);
        if (!target) {
            fe_val *root = root_variable(cx, operand);
            if (root)
                havoc(cx, root);
            return fe_unknown(cx);
        }
        int64_t step = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc ? 1 : -1;
        if (target->mapped_place) { /* (*p)++: a host read and write */
            uint64_t size = fe_type_size(clang_getCursorType(operand));
            fe_host_touch(cx, c, target, size, false);
            fe_host_touch(cx, c, target, size, true);
            return fe_unknown(cx);
        }
        fe_val *old = fe_copy(cx, target);
        fe_val *updated;
        if (target->mapping)
            updated = fe_host_pointer_add(cx, target, fe_int(cx, 1), pointee_size(operand),
                                          step < 0);
        else if (target->kind == VAL_PTR)
            updated = pointer_to(cx, target->target, target->index + step, target->single);
        else if (fe_known_int(target, &a))
            updated = int_of_type(cx, a + (uint64_t)step, operand);
        else
            updated = fe_unknown(cx);
        fe_assign(cx, target, updated);
        return op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec
                   ? old : fe_copy(cx, target);
    }
    default:
        break;
    }
    fe_val *v = fe_eval(cx, operand);
    if (!fe_known_int(v, &a))
        return fe_unknown(cx);
    switch (op) {
    case CXUnaryOperator_Plus: return int_of_type(cx, a, c);
    case CXUnaryOperator_Minus: return int_of_type(cx, (uint64_t)0 - a, c);
    case CXUnaryOperator_Not: return int_of_type(cx, ~a, c);
    case CXUnaryOperator_LNot: return fe_int(cx, a == 0);
    default: return fe_unknown(cx);
    }
}

static fe_val *evaluate_constant(fe_ctx *cx, CXCursor c)
{
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r)
        return fe_unknown(cx);
    fe_val *v = fe_unknown(cx);
    if (clang_EvalResult_getKind(r) == CXEval_Int)
        v = int_of_type(cx, clang_EvalResult_isUnsignedInt(r)
                                ? clang_EvalResult_getAsUnsigned(r)
                                : (uint64_t)clang_EvalResult_getAsLongLong(r),
                        c);
    clang_EvalResult_dispose(r);
    return v;
}

static fe_val *eval_call(fe_ctx *cx, CXCursor call);
static bool branch_matters(fe_ctx *cx, CXCursor stmt);

fe_val *fe_eval(fe_ctx *cx, CXCursor c)
{
    enum CXCursorKind kind = clang_getCursorKind(c);
    switch (kind) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: /* sizeof, _Alignof */
        return evaluate_constant(cx, c);
    case CXCursor_ParenExpr: {
        child_list ch = children_of(c);
        return ch.count ? fe_eval(cx, ch.items[ch.count - 1]) : fe_unknown(cx);
    }
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: {
        child_list ch = children_of(c);
        if (ch.count == 0)
            return fe_unknown(cx);
        CXCursor operand = ch.items[ch.count - 1];
        if (!clang_isExpression(clang_getCursorKind(operand)))
            return fe_unknown(cx);
        CXType to = clang_getCursorType(c);
        if (is_array_type(clang_getCursorType(operand)) && is_pointer_type(to)) {
            /* An array used as a pointer points at its first element. */
            fe_val *array = fe_lvalue(cx, operand);
            if (array && array->mapped_place)
                return fe_host_address_of(cx, array);
            return pointer_to(cx, array, 0, false);
        }
        fe_val *v = fe_eval(cx, operand);
        if (v->kind == VAL_INT && type_is_integer(to))
            return fe_int(cx, normalise(v->i, to));
        return v;
    }
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        switch (clang_getCursorKind(d)) {
        case CXCursor_EnumConstantDecl:
            return fe_int(cx, (uint64_t)clang_getEnumConstantDeclValue(d));
        case CXCursor_VarDecl:
        case CXCursor_ParmDecl:
            return variable(cx, d);
        default:
            return fe_unknown(cx);
        }
    }
    case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr: {
        fe_val *v = fe_lvalue(cx, c);
        if (v && v->mapped_place) {
            /* A host read of mapped memory; what it reads is unknown. */
            fe_host_touch(cx, c, v, fe_type_size(clang_getCursorType(c)), false);
            return fe_unknown(cx);
        }
        return v ? v : fe_unknown(cx);
    }
    case CXCursor_UnaryOperator:
        return eval_unary(cx, c);
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        return eval_binary(cx, c);
    case CXCursor_ConditionalOperator: {
        child_list ch = children_of(c);
        uint64_t cond;
        if (ch.count == 3 && fe_known_int(fe_eval(cx, ch.items[0]), &cond))
            return fe_eval(cx, ch.items[cond ? 1 : 2]);
        if (ch.count == 3) {
            /* `cond ? (void)0 : __assert_fail(...)` (assert): the way that
               only ends the program is no path (see IfStmt in fe_exec). */
            bool first_ends = fe_only_ends_program(cx, ch.items[1]);
            bool second_ends = fe_only_ends_program(cx, ch.items[2]);
            if (first_ends != second_ends) {
                fe_assume(cx, fe_symbolic(cx, ch.items[0]), second_ends);
                return fe_eval(cx, ch.items[second_ends ? 1 : 2]);
            }
        }
        if (ch.count == 3) {
            uint64_t a, b;
            fe_val *x = fe_eval(cx, ch.items[1]), *y = fe_eval(cx, ch.items[2]);
            if (fe_known_int(x, &a) && fe_known_int(y, &b) && a == b)
                return x;
        }
        return fe_unknown(cx);
    }
    case CXCursor_CallExpr:
        return eval_call(cx, c);
    case CXCursor_CompoundLiteralExpr: {
        child_list ch = children_of(c);
        for (unsigned i = 0; i < ch.count; i++)
            if (clang_getCursorKind(ch.items[i]) == CXCursor_InitListExpr)
                return eval_init_list(cx, ch.items[i], clang_getCursorType(c),
                                      fe_loc(cx, c));
        return fe_unknown(cx);
    }
    case CXCursor_InitListExpr:
        return eval_init_list(cx, c, clang_getCursorType(c), fe_loc(cx, c));
    case CXCursor_StringLiteral:
        return fe_string_literal(cx, c);
    default:
        return fe_unknown(cx);
    }
}

/* ---- calls ---- */

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
    child_list ch = children_of(call);
    if (ch.count == 0)
        return NULL;
    CXCursor callee = fe_strip(ch.items[0]);
    enum CXCursorKind kind = clang_getCursorKind(callee);
    if (kind == CXCursor_UnaryOperator) { /* (*pfn)(...) */
        child_list inner = children_of(callee);
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
    child_list ch = children_of(call);
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
    unsigned h = 2166136261u;
    for (; *usr; usr++)
        h = (h ^ (unsigned char)*usr) * 16777619u;
    return h % FE_FUNCTION_BUCKETS;
}

/* The definition may be in this translation unit or in another analysed
   file (a helper in helpers.c called from main.c): found by USR, which is
   the same in every translation unit for functions with external linkage. */
CXCursor fe_find_function(fe_ctx *cx, CXCursor decl)
{
    CXCursor def = clang_getCursorDefinition(decl);
    if (!clang_Cursor_isNull(def) && clang_isCursorDefinition(def))
        return def;
    const char *usr = fe_string(cx, clang_getCursorUSR(decl));
    for (fe_function *f = cx->functions[fe_usr_bucket(usr)]; f; f = f->next)
        if (strcmp(f->usr, usr) == 0)
            return f->definition;
    return clang_getNullCursor();
}

void fe_register_function(fe_ctx *cx, CXCursor definition)
{
    fe_function *f = vks_arena_alloc(cx->arena, sizeof *f);
    f->usr = fe_string(cx, clang_getCursorUSR(definition));
    f->definition = definition;
    f->index = cx->function_count;
    unsigned b = fe_usr_bucket(f->usr);
    f->next = cx->functions[b];
    cx->functions[b] = f;
    VKS_PUSH(cx->arena, cx->function_list, cx->function_count, cx->function_cap, f);
}

fe_function *fe_called_function(fe_ctx *cx, CXCursor call)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl))
        return NULL;
    const char *usr = fe_string(cx, clang_getCursorUSR(decl));
    for (fe_function *f = cx->functions[fe_usr_bucket(usr)]; f; f = f->next)
        if (strcmp(f->usr, usr) == 0)
            return f;
    return NULL;
}

CXCursor fe_function_body(CXCursor fn)
{
    child_list ch = children_of(fn);
    for (unsigned i = 0; i < ch.count; i++)
        if (clang_getCursorKind(ch.items[i]) == CXCursor_CompoundStmt)
            return ch.items[i];
    return clang_getNullCursor();
}

struct fe_return_state {
    bool returned;
    fe_val *value;
};
typedef struct fe_return_state return_state;

struct fe_loop_state {
    bool broke, continued;
};
typedef struct fe_loop_state loop_state;

static void exec_body(fe_ctx *cx, CXCursor body);

static fe_val *inline_call(fe_ctx *cx, CXCursor fn, CXCursor call, fe_val **args,
                           unsigned argc)
{
    CXCursor body = fe_function_body(fn);
    vks_loc *site = vks_arena_alloc(cx->arena, sizeof *site);
    *site = fe_loc(cx, call);
    fe_frame frame = {.call_site = site,
                      .function = fe_string(cx, clang_getCursorSpelling(fn)),
                      .depth = cx->frame ? cx->frame->depth + 1 : 1};
    int nparams = clang_Cursor_getNumArguments(fn);
    fe_frame *caller = cx->frame;
    cx->frame = &frame;
    for (int i = 0; i < nparams && (unsigned)i < argc; i++) {
        CXCursor param = clang_Cursor_getArgument(fn, (unsigned)i);
        fe_val *v = fe_copy(cx, args[i]);
        v->loc = fe_loc(cx, param);
        bind(cx, &frame.locals, decl_key(cx, param), v);
    }
    return_state ret = {.returned = false, .value = NULL};
    return_state *outer = cx->ret;
    loop_state *outer_loop = cx->loop;
    cx->ret = &ret;
    cx->loop = NULL;
    exec_body(cx, body);
    cx->ret = outer;
    cx->loop = outer_loop;
    cx->frame = caller;
    return ret.value ? ret.value : fe_unknown(cx);
}

static fe_val *eval_call(fe_ctx *cx, CXCursor call)
{
    int argc = clang_Cursor_getNumArguments(call);
    if (argc < 0)
        argc = 0;
    fe_val **args = vks_arena_alloc(cx->arena, sizeof *args * (size_t)(argc + 1));
    for (int i = 0; i < argc; i++)
        args[i] = fe_eval(cx, clang_Cursor_getArgument(call, (unsigned)i));

    const char *entry = fe_callee_entry_point(cx, call);
    if (entry && strncmp(entry, "vk", 2) == 0 &&
        fe_vulkan_call(cx, entry, call, args, (unsigned)argc))
        return fe_unknown(cx);

    CXCursor fn = fe_callee_decl(call);
    if (!clang_Cursor_isNull(fn) && fe_call_ends_path(cx, call)) {
        /* exit(), abort(), a fatal-error helper: the program ends here, so
           this path records nothing more and submits nothing it began
           (a helper that submits before exiting is run instead). */
        cx->path_exited = true;
        return fe_unknown(cx);
    }
    if (!clang_Cursor_isNull(fn))
        fn = fe_find_function(cx, fn);
    if (!clang_Cursor_isNull(fn) && !clang_Cursor_isNull(fe_function_body(fn))) {
        if (!cx->frame || cx->frame->depth < MAX_INLINE_DEPTH)
            return inline_call(cx, fn, call, args, (unsigned)argc);
        fe_incomplete(cx, call, "helper calls nested more than 8 deep are not "
                                "followed; what this call records is not analysed");
    }

    /* A function the evaluator cannot see into: whatever its non-const
       pointer arguments point at may have changed. */
    for (int i = 0; i < argc; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        CXType t = clang_getCursorType(arg);
        /* A string literal is never modified (C11 6.4.5p7), even passed
           as `char *` (a variadic argument). */
        if (args[i]->kind == VAL_PTR && args[i]->target &&
            !clang_isConstQualifiedType(clang_getPointeeType(t)) &&
            clang_getCursorKind(fe_strip(arg)) != CXCursor_StringLiteral)
            havoc(cx, args[i]->target);
    }
    fe_string_call(cx, call, args, (unsigned)argc);
    fe_opaque_call(cx, call, args, (unsigned)argc);
    fe_host_libc_call(cx, call, args, (unsigned)argc);
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(call), &file, NULL, NULL,
                              &offset);
    fe_val *result = fe_sym(cx, vks_arena_printf(cx->arena, "call:%u#%u", offset,
                                                 ++cx->havoc_generation),
                            fe_string(cx, clang_getCursorSpelling(call)));
    fe_link_unknown_call(cx, call, args, (unsigned)argc, result);
    return result;
}

/* ---- statements ---- */


static bool stopped(fe_ctx *cx)
{
    return cx->out_of_steps || cx->path_dead || cx->path_exited || cx->pending_goto ||
           (cx->ret && cx->ret->returned) ||
           (cx->loop && (cx->loop->broke || cx->loop->continued));
}

static void exec_var_decl(fe_ctx *cx, CXCursor decl)
{
    const char *key = decl_key(cx, decl);
    fe_val *v = fe_unknown(cx);
    v->loc = fe_loc(cx, decl);
    CXType type = clang_getCursorType(decl);
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    if (!clang_Cursor_isNull(init)) {
        CXCursor stripped = fe_strip(init);
        if (clang_getCursorKind(stripped) == CXCursor_InitListExpr)
            fe_assign(cx, v, eval_init_list(cx, stripped, type, v->loc));
        else
            fe_assign(cx, v, fe_eval(cx, init));
        if (v->kind == VAL_SYM && v->ident && strncmp(v->ident, "call:", 5) == 0) {
            v->ident = vks_arena_printf(cx->arena, "var:%s=%s", v->ident, key);
            v->spelling = fe_string(cx, clang_getCursorSpelling(decl));
        }
    } else {
        /* Uninitialised: unknown contents, but a name of its own. */
        v->kind = VAL_SYM;
        v->ident = vks_arena_printf(cx->arena, "%s#%u", key, ++cx->havoc_generation);
        v->spelling = fe_string(cx, clang_getCursorSpelling(decl));
        v->aggregate = is_array_type(type) ||
                       clang_getCanonicalType(type).kind == CXType_Record;
    }
    bind(cx, scope_of(cx, decl), key, v);
}

static void exec_children(fe_ctx *cx, CXCursor c)
{
    child_list ch = children_of(c);
    for (unsigned i = 0; i < ch.count && !stopped(cx); i++)
        fe_exec(cx, ch.items[i]);
}

typedef struct {
    CXCursor *items;
    unsigned count, cap;
    fe_ctx *cx;
} cursor_vec;

static enum CXChildVisitResult collect_all(CXCursor c, CXCursor parent,
                                           CXClientData data)
{
    cursor_vec *v = data;
    if (v->count == v->cap) {
        unsigned cap = v->cap ? v->cap * 2 : 16;
        CXCursor *items = vks_arena_alloc(v->cx->arena, sizeof *items * cap);
        if (v->count)
            memcpy(items, v->items, sizeof *items * v->count);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->count++] = c;
    return CXChildVisit_Continue;
}

static void exec_compound(fe_ctx *cx, CXCursor c)
{
    cursor_vec v = {.cx = cx};
    clang_visitChildren(c, collect_all, &v);
    for (unsigned i = 0; i < v.count && !stopped(cx); i++)
        fe_exec(cx, v.items[i]);
}

/* Which parts a `for` statement has: libclang omits the absent ones, so they
   are told apart by their position against the two semicolons. */
typedef struct {
    CXCursor init, cond, inc, body;
} for_parts;

static for_parts split_for(CXCursor c)
{
    for_parts parts = {clang_getNullCursor(), clang_getNullCursor(),
                       clang_getNullCursor(), clang_getNullCursor()};
    child_list ch = children_of(c);
    if (ch.count == 0)
        return parts;
    parts.body = ch.items[ch.count - 1];
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
        return parts;
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
    uint64_t v;
    *known = fe_known_int(fe_eval(cx, cond), &v);
    return *known && v != 0;
}

/*
 * A loop runs as C runs it while its condition is known (a constant trip
 * count fills an array); when the condition is unknown the body runs twice,
 * which is enough to see one iteration's accesses against the next's.
 */
static void exec_loop(fe_ctx *cx, CXCursor init, CXCursor cond, CXCursor inc,
                      CXCursor body, bool test_first)
{
    if (!clang_Cursor_isNull(init))
        fe_exec(cx, init);
    loop_state state = {false, false};
    loop_state *outer = cx->loop;
    unsigned unknown_iterations = 0;
    for (unsigned n = 0; n < MAX_LOOP_ITERATIONS; n++) {
        if (test_first || n > 0) {
            if (!clang_Cursor_isNull(cond)) {
                bool known, value = condition(cx, cond, &known);
                if (known && !value)
                    break;
                if (!known) {
                    if (++unknown_iterations > 2)
                        break;
                    fe_path_note(cx, cond, vks_arena_printf(
                        cx->arena, "`%s` is assumed true (loop iteration %u of 2)",
                        fe_source_text(cx, cond), unknown_iterations));
                }
            }
        }
        state.continued = false;
        cx->loop = &state;
        fe_exec(cx, body);
        cx->loop = outer;
        if (state.broke || (cx->ret && cx->ret->returned) || cx->pending_goto ||
            cx->path_dead || cx->path_exited)
            break;
        if (!clang_Cursor_isNull(inc))
            fe_eval(cx, inc);
        if (n + 1 == MAX_LOOP_ITERATIONS) {
            /* C tests the condition once more before leaving: a loop of
               exactly 256 iterations is complete. */
            bool known = false, value = true;
            if (!clang_Cursor_isNull(cond))
                value = condition(cx, cond, &known);
            if (!known || value)
                fe_incomplete(cx, body, "loop runs more than 256 times; only the "
                                        "first 256 iterations are analysed");
        }
    }
    cx->loop = outer;
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
   assigns; or leaves the enclosing statement. */
static bool branch_matters(fe_ctx *cx, CXCursor stmt)
{
    matter_search m = {cx, false};
    find_what_matters(stmt, clang_getNullCursor(), &m);
    if (!m.matters)
        clang_visitChildren(stmt, find_what_matters, &m);
    return m.matters;
}

/* ---- switch ---- */

typedef enum { ENTRY_CASE, ENTRY_DEFAULT, ENTRY_STMT } switch_entry_kind;

typedef struct {
    switch_entry_kind kind;
    CXCursor cursor; /* the case's value expression, or the statement */
} switch_entry;

typedef struct {
    switch_entry *items;
    size_t count, cap;
} switch_body;

static void flatten_switch(fe_ctx *cx, CXCursor c, switch_body *body)
{
    child_list ch = children_of(c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_CaseStmt:
        if (ch.count >= 2) {
            switch_entry e = {ENTRY_CASE, ch.items[0]};
            VKS_PUSH(cx->arena, body->items, body->count, body->cap, e);
            flatten_switch(cx, ch.items[ch.count - 1], body);
        }
        return;
    case CXCursor_DefaultStmt:
        if (ch.count >= 1) {
            switch_entry e = {ENTRY_DEFAULT, clang_getNullCursor()};
            VKS_PUSH(cx->arena, body->items, body->count, body->cap, e);
            flatten_switch(cx, ch.items[ch.count - 1], body);
        }
        return;
    default: {
        switch_entry e = {ENTRY_STMT, c};
        VKS_PUSH(cx->arena, body->items, body->count, body->cap, e);
        return;
    }
    }
}

/* Runs the body from entry `start` on, as C does (fall-through until
   `break`); `continue` belongs to the enclosing loop. */
static void run_switch_from(fe_ctx *cx, const switch_body *body, size_t start)
{
    loop_state state = {false, false};
    loop_state *outer = cx->loop;
    cx->loop = &state;
    for (size_t i = start; i < body->count && !stopped(cx); i++)
        if (body->items[i].kind == ENTRY_STMT)
            fe_exec(cx, body->items[i].cursor);
    cx->loop = outer;
    if (state.continued && outer)
        outer->continued = true;
}

/* A switch on an unknown value is one decision with an alternative per
   case label, and one for "no case matches" (the default label or none). */
static void exec_switch(fe_ctx *cx, CXCursor c)
{
    child_list ch = children_of(c);
    if (ch.count < 2)
        return;
    CXCursor cond = ch.items[0];
    switch_body body = {NULL, 0, 0};
    CXCursor block = ch.items[ch.count - 1];
    if (clang_getCursorKind(block) == CXCursor_CompoundStmt) {
        cursor_vec all = {.cx = cx};
        clang_visitChildren(block, collect_all, &all);
        for (unsigned i = 0; i < all.count; i++)
            flatten_switch(cx, all.items[i], &body);
    } else {
        flatten_switch(cx, block, &body);
    }
    size_t default_at = SIZE_MAX;
    unsigned ncases = 0;
    for (size_t i = 0; i < body.count; i++) {
        if (body.items[i].kind == ENTRY_DEFAULT)
            default_at = i;
        if (body.items[i].kind == ENTRY_CASE)
            ncases++;
    }

    uint64_t value;
    if (fe_known_int(fe_eval(cx, cond), &value)) {
        for (size_t i = 0; i < body.count; i++) {
            uint64_t label;
            if (body.items[i].kind == ENTRY_CASE &&
                fe_known_int(fe_eval(cx, body.items[i].cursor), &label) &&
                label == value) {
                run_switch_from(cx, &body, i);
                return;
            }
        }
        if (default_at != SIZE_MAX)
            run_switch_from(cx, &body, default_at);
        return;
    }

    const vks_smt_expr *sym = fe_symbolic(cx, cond);
    const char *text = fe_source_text(cx, cond);
    fe_alternative *alts = vks_arena_alloc(cx->arena, sizeof *alts * (ncases + 1));
    size_t *starts = vks_arena_alloc(cx->arena, sizeof *starts * (ncases + 1));
    fe_fact *no_case = vks_arena_alloc(cx->arena, sizeof *no_case * (ncases + 1));
    unsigned n = 0;
    for (size_t i = 0; i < body.count; i++) {
        if (body.items[i].kind != ENTRY_CASE)
            continue;
        const vks_smt_expr *eq = fe_smt_binary(cx, VKS_SMT_EQ, sym,
                                               fe_symbolic(cx, body.items[i].cursor));
        fe_fact *fact = vks_arena_alloc(cx->arena, sizeof *fact);
        *fact = (fe_fact){eq, true};
        no_case[n] = (fe_fact){eq, false};
        alts[n] = (fe_alternative){fact, 1, vks_arena_printf(
            cx->arena, "`%s` is %s", text, fe_source_text(cx, body.items[i].cursor))};
        starts[n++] = i;
    }
    alts[n] = (fe_alternative){no_case, ncases,
                               vks_arena_printf(cx->arena, "`%s` matches no case%s",
                                                text, default_at != SIZE_MAX
                                                          ? " (default)" : "")};
    starts[n] = default_at;
    unsigned chosen = fe_choose(cx, cond, alts, n + 1);
    if (chosen == UINT32_MAX || starts[chosen] == SIZE_MAX)
        return;
    run_switch_from(cx, &body, starts[chosen]);
}

void fe_exec(fe_ctx *cx, CXCursor c)
{
    if (stopped(cx))
        return;
    if (++cx->steps > FE_MAX_STEPS_PER_FUNCTION) {
        cx->out_of_steps = true;
        return;
    }
    enum CXCursorKind kind = clang_getCursorKind(c);
    switch (kind) {
    case CXCursor_CompoundStmt:
        exec_compound(cx, c);
        return;
    case CXCursor_DeclStmt: {
        child_list ch = children_of(c);
        for (unsigned i = 0; i < ch.count; i++)
            if (clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl)
                exec_var_decl(cx, ch.items[i]);
        return;
    }
    case CXCursor_IfStmt: {
        child_list ch = children_of(c);
        if (ch.count < 2)
            return;
        bool known, value = condition(cx, ch.items[0], &known);
        bool then_ends = !known && fe_only_ends_program(cx, ch.items[1]);
        bool else_ends = !known && ch.count > 2 && fe_only_ends_program(cx, ch.items[2]);
        if (then_ends || else_ends) {
            /* One way only ends the program (`if (r != VK_SUCCESS) { print;
               exit(1); }`): no work on it reaches a later submission, so it
               is no path of its own (program_end.c).  The path goes the
               other way and assumes the condition that leads there; when
               both ways end the program, either ends it. */
            if (then_ends && else_ends) {
                fe_exec(cx, ch.items[1]);
                return;
            }
            value = else_ends;
            fe_assume(cx, fe_symbolic(cx, ch.items[0]), value);
            known = true;
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
        if (!known) {
            const vks_smt_expr *sym = fe_symbolic(cx, ch.items[0]);
            const char *text = fe_source_text(cx, ch.items[0]);
            fe_fact *facts = vks_arena_alloc(cx->arena, 2 * sizeof *facts);
            facts[0] = (fe_fact){sym, true};
            facts[1] = (fe_fact){sym, false};
            fe_alternative alts[2] = {
                {&facts[0], 1, vks_arena_printf(cx->arena, "`%s` is true", text)},
                {&facts[1], 1, vks_arena_printf(cx->arena, "`%s` is false", text)},
            };
            unsigned chosen = fe_choose(cx, ch.items[0], alts, 2);
            if (chosen == UINT32_MAX)
                return;
            value = chosen == 0;
        }
        if (value)
            fe_exec(cx, ch.items[1]);
        else if (ch.count > 2)
            fe_exec(cx, ch.items[2]);
        return;
    }
    case CXCursor_ForStmt: {
        for_parts p = split_for(c);
        if (!clang_Cursor_isNull(p.body))
            exec_loop(cx, p.init, p.cond, p.inc, p.body, true);
        return;
    }
    case CXCursor_WhileStmt: {
        child_list ch = children_of(c);
        if (ch.count == 2)
            exec_loop(cx, clang_getNullCursor(), ch.items[0], clang_getNullCursor(),
                      ch.items[1], true);
        return;
    }
    case CXCursor_DoStmt: {
        child_list ch = children_of(c);
        if (ch.count == 2)
            exec_loop(cx, clang_getNullCursor(), ch.items[1], clang_getNullCursor(),
                      ch.items[0], false);
        return;
    }
    case CXCursor_SwitchStmt:
        exec_switch(cx, c);
        return;
    case CXCursor_GotoStmt: {
        child_list ch = children_of(c);
        if (ch.count >= 1) {
            cx->goto_target = clang_getCursorReferenced(ch.items[0]);
            cx->goto_from = c;
            cx->pending_goto = true;
        }
        return;
    }
    case CXCursor_IndirectGotoStmt:
        fe_incomplete(cx, c, "computed `goto` is not followed; the path leaves "
                             "the function here");
        if (cx->ret)
            cx->ret->returned = true;
        return;
    case CXCursor_BreakStmt:
        if (cx->loop)
            cx->loop->broke = true;
        return;
    case CXCursor_ContinueStmt:
        if (cx->loop)
            cx->loop->continued = true;
        return;
    case CXCursor_ReturnStmt: {
        child_list ch = children_of(c);
        fe_val *v = ch.count ? fe_eval(cx, ch.items[0]) : NULL;
        if (cx->ret) {
            cx->ret->value = v ? fe_copy(cx, v) : NULL;
            cx->ret->returned = true;
        }
        return;
    }
    case CXCursor_LabelStmt:
        exec_children(cx, c);
        return;
    case CXCursor_NullStmt:
        return;
    default:
        if (clang_isExpression(kind))
            fe_eval(cx, c);
        return;
    }
}

enum { MAX_GOTOS_PER_BODY = 16 };

/*
 * A function body, with `goto` to a label at its top level (the C error
 * handling idiom `goto cleanup;`): execution resumes at the label.  A jump
 * into a nested statement, or more than 16 jumps (a loop made of gotos),
 * is not followed: vksync-incomplete, and the path leaves the function.
 */
static void exec_body(fe_ctx *cx, CXCursor body)
{
    cursor_vec v = {.cx = cx};
    clang_visitChildren(body, collect_all, &v);
    unsigned jumps = 0;
    size_t i = 0;
    for (;;) {
        for (; i < v.count && !stopped(cx); i++)
            fe_exec(cx, v.items[i]);
        if (!cx->pending_goto)
            return;
        CXCursor label = cx->goto_target;
        CXCursor from = cx->goto_from;
        cx->pending_goto = false;
        size_t at = v.count;
        for (size_t k = 0; k < v.count && at == v.count; k++)
            if (clang_getCursorKind(v.items[k]) == CXCursor_LabelStmt &&
                clang_equalLocations(clang_getCursorLocation(v.items[k]),
                                     clang_getCursorLocation(label)))
                at = k;
        if (at == v.count || ++jumps > MAX_GOTOS_PER_BODY) {
            fe_incomplete(cx, from, "this `goto` is not followed (its label is "
                                    "inside another statement, or gotos loop); "
                                    "the path leaves the function here");
            if (cx->ret)
                cx->ret->returned = true;
            return;
        }
        i = at;
    }
}

void fe_run_function(fe_ctx *cx, CXCursor fn)
{
    fe_frame frame = {.call_site = NULL,
                      .function = fe_string(cx, clang_getCursorSpelling(fn)),
                      .depth = 0};
    return_state ret = {.returned = false, .value = NULL};
    cx->frame = &frame;
    cx->ret = &ret;
    cx->loop = NULL;
    exec_body(cx, fe_function_body(fn));
    cx->ret = NULL;
    cx->frame = NULL;
}
