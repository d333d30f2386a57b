/*
 * arithmetic.c - helpers that only compute with floating-point numbers,
 * which the evaluator does not run.
 *
 * Every Vulkan sample carries a vector and matrix library in a header
 * (vkcube's linmath.h, cglm, HandmadeMath): `static inline` functions that
 * multiply 4x4 matrices in three nested loops.  The evaluator ran each of
 * them statement by statement on every path, and on every replay of a
 * path's prefix: `mat4x4_mul` alone was 1.0 of vkcube-xcb's 6.5 million
 * statements, linmath.h a quarter of them.  What they compute is floats a
 * program copies into a uniform buffer; where such a copy goes and when it
 * happens is what the rules check (the host write, its memory, its order
 * against the GPU's reads), never the numbers written.
 *
 * So a call to such a function is a call the evaluator does not see into:
 * what its non-const pointer arguments reach becomes unknown, and so does
 * its result (eval_expr.c).  That is the rule for any call without a body,
 * and here it loses nothing: the evaluator keeps no floating-point value (a
 * float literal is already unknown; floating.c computes one only where it
 * is converted to an integer, from constants), so what the helper would have written
 * was unknown too, and a program whose recording depends on such a number
 * (`if (dot (n, v) > 0)` around a draw) went both ways there before as
 * well.  What the helper writes into mapped memory is another matter: those
 * are host writes the rules check, so a helper handed a pointer into a
 * mapping is run as written (eval_expr.c, hands_mapped_memory).
 *
 * A function is arithmetic when all of these hold (decided once per
 * function, from its source):
 *   - it returns nothing, a floating-point number, or a struct or array
 *     made only of them (a `vec3` returned by value);
 *   - each parameter is a number (an index, a count, an angle) or points to
 *     or holds floating-point numbers only: `mat4x4 M` is `float (*)[4]`;
 *   - it takes no variable arguments;
 *   - the only functions it calls are arithmetic too, or have no body and
 *     take and return numbers only (sqrtf, tanf, fabs): nothing through a
 *     pointer, nothing that takes an address;
 *   - it reads no variable outside itself except constants, and has no
 *     static local (its result depends on its arguments only) and no asm.
 */
#include "eval.h"

enum { UNDECIDED = 0, ARITHMETIC, NOT_ARITHMETIC, DECIDING };

/* A float, a double, or a struct, union or array built from them only. */
static bool floating_only(fe_ctx *cx, CXType t, int depth)
{
    t = clang_getCanonicalType(t);
    switch (t.kind) {
    case CXType_Float: case CXType_Double: case CXType_LongDouble:
        return true;
    case CXType_ConstantArray: case CXType_IncompleteArray: case CXType_VariableArray:
        return depth < 8 && floating_only(cx, clang_getArrayElementType(t), depth + 1);
    case CXType_Record: {
        if (depth >= 8)
            return false;
        CXCursor decl = clang_getTypeDeclaration(t);
        if (clang_Cursor_isNull(decl) || !clang_isCursorDefinition(decl))
            return false;
        const fe_child_list *ch = fe_children_kept(cx, decl);
        unsigned fields = 0;
        for (unsigned i = 0; i < ch->count; i++) {
            if (clang_getCursorKind(ch->items[i]) != CXCursor_FieldDecl)
                continue;
            if (clang_Cursor_isBitField(ch->items[i]) ||
                !floating_only(cx, clang_getCursorType(ch->items[i]), depth + 1))
                return false;
            fields++;
        }
        return fields > 0;
    }
    default:
        return false;
    }
}

/* A number passed by value: what the callee computes from it is its own. */
static bool number(CXType t)
{
    t = clang_getCanonicalType(t);
    return fe_type_is_integer(t) || t.kind == CXType_Float || t.kind == CXType_Double ||
           t.kind == CXType_LongDouble || t.kind == CXType_Bool;
}

static bool arithmetic_parameter(fe_ctx *cx, CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer)
        return floating_only(cx, clang_getPointeeType(t), 0);
    return number(t) || floating_only(cx, t, 0);
}

static bool arithmetic_result(fe_ctx *cx, CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Void || floating_only(cx, t, 0);
}

/* A declaration without a body that only maps numbers to numbers (libm). */
static bool numeric_library_function(CXCursor decl)
{
    CXType t = clang_getCursorType(decl);
    if (clang_isFunctionTypeVariadic(t) ||
        !number(clang_getResultType(t)))
        return false;
    int n = clang_getNumArgTypes(t);
    for (int i = 0; i < n; i++)
        if (!number(clang_getArgType(t, (unsigned)i)))
            return false;
    return n >= 0;
}

static bool decide(fe_ctx *cx, fe_function *f);

static bool code_is_arithmetic(fe_ctx *cx, CXCursor c, int depth)
{
    if (depth > 256)
        return false;
    switch (clang_getCursorKind(c)) {
    case CXCursor_AsmStmt: case CXCursor_MSAsmStmt:
        return false;
    case CXCursor_VarDecl:
        /* A static local keeps a value from one call to the next. */
        if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
            return false;
        break;
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind kind = clang_getCursorKind(ref);
        if (kind == CXCursor_VarDecl && clang_getCursorSemanticParent(ref).kind !=
                                            CXCursor_FunctionDecl &&
            !clang_isConstQualifiedType(clang_getCursorType(ref)))
            return false; /* a global it may read or write */
        break;
    }
    case CXCursor_CallExpr: {
        CXCursor callee = fe_callee_decl(c);
        if (clang_Cursor_isNull(callee))
            return false; /* through a pointer */
        fe_function *f = fe_called_function(cx, c);
        if (f ? !decide(cx, f) : !numeric_library_function(callee))
            return false;
        break;
    }
    default:
        break;
    }
    const fe_child_list *ch = fe_children_kept(cx, c);
    for (unsigned i = 0; i < ch->count; i++)
        if (!code_is_arithmetic(cx, ch->items[i], depth + 1))
            return false;
    return true;
}

static bool decide(fe_ctx *cx, fe_function *f)
{
    if (f->arithmetic == DECIDING)
        return false; /* recursion: run as written */
    if (f->arithmetic != UNDECIDED)
        return f->arithmetic == ARITHMETIC;
    f->arithmetic = DECIDING;
    CXCursor fn = f->definition;
    CXType t = clang_getCursorType(fn);
    bool yes = !clang_isFunctionTypeVariadic(t) && arithmetic_result(cx, clang_getResultType(t));
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; yes && i < n; i++)
        yes = arithmetic_parameter(cx, clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)));
    CXCursor body = fe_function_body(fn);
    yes = yes && n >= 0 && !clang_Cursor_isNull(body) && code_is_arithmetic(cx, body, 0);
    f->arithmetic = yes ? ARITHMETIC : NOT_ARITHMETIC;
    return yes;
}

bool fe_call_is_arithmetic(fe_ctx *cx, CXCursor call)
{
    fe_function *f = fe_called_function(cx, call);
    return f && decide(cx, f);
}
