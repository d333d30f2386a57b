/*
 * floating.c - a floating-point expression converted to an integer.
 *
 * The evaluator keeps no floating-point value (arithmetic.c), but C code
 * computes integers through doubles: klib's khash sizes its table with
 *
 *     static const double __ac_HASH_UPPER = 0.77;
 *     h->upper_bound = (khint_t)(h->n_buckets * __ac_HASH_UPPER + 0.5);
 *
 * and a resize test `h->n_occupied >= h->upper_bound` on every insertion.
 * With the bound unknown each kh_put went both ways and the join lost the
 * map's keys and values: every buffer looked up in it was unknown, and no
 * hazard on one was found.  Here such a conversion (C11 6.3.1.4p1: the
 * value truncated toward zero) is computed where it happens, from what the
 * double is made of: floating constants, integers the evaluator knows
 * converted to floating (6.3.1.4p2), + - * / and unary minus, and a
 * const-qualified object with static storage read through its initializer
 * (it cannot change, 6.7.3p6), and calls of a few <math.h> functions of
 * the C library (below).  Each step is rounded to its expression's
 * type (a float is rounded to float), as IEEE 754 arithmetic does on the
 * targets a Vulkan driver runs on (Annex F).  Anything else - a double
 * variable, another call, a division by zero, a result the integer type
 * cannot hold (undefined, 6.3.1.4p1) - leaves the conversion unknown.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "eval.h"

#define MAX_DEPTH 32

static bool floating_type(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Float: case CXType_Double: case CXType_LongDouble:
        return true;
    default:
        return false;
    }
}

/* v rounded to the floating type t (a float, or a double kept as is). */
static double rounded(double v, CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Float ? (double)(float)v : v;
}

/* What a walk needs: the evaluator's context and how it reads an integer
   operand (fe_floating_to_integer's caller hands it in, so this file does
   not call back into the evaluator by name). */
typedef struct walk {
    fe_ctx *cx;
    fe_integer_reader read;
} walk;

static bool value_of(const walk *w, CXCursor c, double *out, int depth);

/* An integer operand converted to floating: its value as the evaluator
   knows it, read with its type's signedness. */
static bool integer_operand(const walk *w, CXCursor c, double *out)
{
    uint64_t i;
    if (!w->read(w->cx, c, &i))
        return false;
    CXType t = fe_cursor_type(c);
    long long size = clang_Type_getSizeOf(t);
    if (fe_type_is_signed(t)) {
        int64_t s = (int64_t)i;
        if (size > 0 && size < 8) {
            /* sign-extend what the evaluator may hold zero-extended */
            unsigned bits = (unsigned)size * 8;
            uint64_t mask = (UINT64_C(1) << bits) - 1;
            uint64_t v = i & mask;
            s = (v >> (bits - 1)) & 1 ? (int64_t)(v | ~mask) : (int64_t)v;
        }
        *out = (double)s;
    } else {
        *out = (double)i;
    }
    return true;
}

static bool operand(const walk *w, CXCursor c, double *out, int depth)
{
    if (floating_type(fe_cursor_type(c)))
        return value_of(w, c, out, depth + 1);
    if (fe_type_is_integer(fe_cursor_type(c)))
        return integer_operand(w, c, out);
    return false;
}

static bool binary(const walk *w, CXCursor c, double *out, int depth)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    if (ch.count != 2)
        return false;
    CXCursor lhs = ch.items[0], rhs = ch.items[1];
    double a, b;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub &&
        op != CXBinaryOperator_Mul && op != CXBinaryOperator_Div)
        return false;
    if (!operand(w, lhs, &a, depth) || !operand(w, rhs, &b, depth))
        return false;
    double v;
    switch (op) {
    case CXBinaryOperator_Add: v = a + b; break;
    case CXBinaryOperator_Sub: v = a - b; break;
    case CXBinaryOperator_Mul: v = a * b; break;
    default:
        if (b == 0)
            return false;
        v = a / b;
        break;
    }
    *out = rounded(v, fe_cursor_type(c));
    return isfinite(*out);
}

/* A const object with static storage, read through its initializer. */
static bool constant_object(const walk *w, CXCursor ref, double *out, int depth)
{
    CXCursor d = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(d) != CXCursor_VarDecl ||
        !clang_isConstQualifiedType(fe_cursor_type(d)) ||
        !clang_Cursor_hasVarDeclGlobalStorage(d))
        return false;
    CXCursor init = clang_Cursor_getVarDeclInitializer(d);
    if (clang_Cursor_isNull(init) || !operand(w, init, out, depth))
        return false;
    *out = rounded(*out, fe_cursor_type(d));
    return true;
}

/*
 * A call of a <math.h> function of the C library, computed with the host's
 * own: vulkan-tutorial counts a texture's mip levels as
 *
 *     mipLevels = static_cast<uint32_t>(std::floor(std::log2(std::max(w, h)))) + 1;
 *
 * and C programs write `(uint32_t)floor(log2(max)) + 1`; with the count
 * unknown the generateMipmaps loop ran on an unknown bound, each blit's
 * level was a question left unknown, and the mip chain's hazards were
 * missed (tests/unit/realprog/mip_chain_log2.c).  Only functions declared
 * without a body in the inputs (the library's, C11 7.12) and only those
 * whose results are exact or correctly rounded where the chain's counts
 * need them: floor, ceil, trunc, round, fmin, fmax, fabs, sqrt (IEEE 754
 * requires it correctly rounded, Annex F.3) and log2 (exact at powers of
 * two, which floor() then needs; glibc's is correctly rounded in double),
 * with their float variants rounded to float.
 */
static bool math_call(const walk *w, CXCursor c, double *out, int depth)
{
    CXCursor callee = clang_getCursorReferenced(c);
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
        !clang_Cursor_isNull(clang_getCursorDefinition(callee)))
        return false;
    static const struct { const char *name; int args; } fns[] = {
        {"floor", 1}, {"ceil", 1}, {"trunc", 1}, {"round", 1}, {"fabs", 1},
        {"sqrt", 1}, {"log2", 1}, {"fmin", 2}, {"fmax", 2},
    };
    CXString sp = clang_getCursorSpelling(callee);
    char name[16];
    snprintf(name, sizeof name, "%s", clang_getCString(sp));
    clang_disposeString(sp);
    size_t len = strlen(name);
    bool single = len > 1 && name[len - 1] == 'f';
    int which = -1;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (strcmp(name, fns[i].name) == 0 ||
            (single && strncmp(name, fns[i].name, len - 1) == 0 &&
             fns[i].name[len - 1] == '\0'))
            which = (int)i;
    int n = clang_Cursor_getNumArguments(c);
    if (which < 0 || n != fns[which].args)
        return false;
    double a[2];
    for (int i = 0; i < n; i++)
        if (!operand(w, clang_Cursor_getArgument(c, (unsigned)i), &a[i], depth))
            return false;
    double v;
    switch (which) {
    case 0: v = floor(a[0]); break;
    case 1: v = ceil(a[0]); break;
    case 2: v = trunc(a[0]); break;
    case 3: v = round(a[0]); break;
    case 4: v = fabs(a[0]); break;
    case 5: if (a[0] < 0) return false; v = sqrt(a[0]); break;
    case 6: if (a[0] <= 0) return false; v = log2(a[0]); break;
    case 7: v = fmin(a[0], a[1]); break;
    default: v = fmax(a[0], a[1]); break;
    }
    *out = rounded(v, fe_cursor_type(c));
    return isfinite(*out);
}

static bool value_of(const walk *w, CXCursor c, double *out, int depth)
{
    if (depth > MAX_DEPTH)
        return false;
    switch (clang_getCursorKind(c)) {
    case CXCursor_FloatingLiteral: {
        CXEvalResult r = clang_Cursor_Evaluate(c);
        bool ok = r && clang_EvalResult_getKind(r) == CXEval_Float;
        if (ok)
            *out = rounded(clang_EvalResult_getAsDouble(r), fe_cursor_type(c));
        if (r)
            clang_EvalResult_dispose(r);
        return ok;
    }
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: {
        /* parentheses, and conversions: float <-> double, integer to
           floating */
        fe_cursors ch;
        fe_children(NULL, c, &ch);
        if (ch.count == 0 || !operand(w, ch.items[ch.count - 1], out, depth))
            return false;
        *out = rounded(*out, fe_cursor_type(c));
        return true;
    }
    case CXCursor_UnaryOperator: {
        fe_cursors ch;
        fe_children(NULL, c, &ch);
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (ch.count != 1 || (op != CXUnaryOperator_Minus && op != CXUnaryOperator_Plus) ||
            !operand(w, ch.items[0], out, depth))
            return false;
        if (op == CXUnaryOperator_Minus)
            *out = -*out;
        return true;
    }
    case CXCursor_BinaryOperator:
        return binary(w, c, out, depth);
    case CXCursor_DeclRefExpr:
        return constant_object(w, c, out, depth);
    case CXCursor_CallExpr:
        return math_call(w, c, out, depth);
    default:
        return false;
    }
}

bool fe_floating_to_integer(fe_ctx *cx, CXCursor operand_expr, CXType to,
                            fe_integer_reader read, uint64_t *out)
{
    if (!floating_type(fe_cursor_type(operand_expr)))
        return false;
    walk w = {cx, read};
    double v;
    if (!value_of(&w, operand_expr, &v, 0))
        return false;
    if (clang_getCanonicalType(to).kind == CXType_Bool) {
        *out = v != 0; /* 6.3.1.2p1 */
        return true;
    }
    v = trunc(v);
    long long size = clang_Type_getSizeOf(to);
    if (size <= 0 || size > 8)
        return false;
    unsigned bits = (unsigned)size * 8;
    if (fe_type_is_signed(to)) {
        double limit = ldexp(1.0, (int)bits - 1);
        if (v < -limit || v >= limit)
            return false;
        *out = (uint64_t)(int64_t)v;
    } else {
        if (v < 0 || v >= ldexp(1.0, (int)bits))
            return false;
        *out = (uint64_t)v;
    }
    return true;
}
