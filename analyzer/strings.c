/*
 * strings.c - the C strings the evaluator follows, so that a shader file's
 * name reaches the call that opens it: a string literal is a char array
 * holding its text; it flows through variables and parameters like any
 * array; snprintf/sprintf whose format has only %s (and %%) conversions of
 * known strings write a known string.  Anything else leaves the text
 * unknown (never guessed), and the shader link then stays unknown.
 *
 * The pattern this follows (tests/diff/harness/vkrt.c, and most C samples):
 *
 *     snprintf(path, sizeof path, "%s/%s.spv", SHADER_DIR, name);
 *     FILE *f = fopen(path, "rb");
 *     fread(code, 1, sizeof code, f);
 *
 * The link (pipeline_link.c) takes it from there.
 */
#include <string.h>

#include "eval.h"

fe_val *fe_string_literal(fe_ctx *cx, CXCursor literal)
{
    fe_val *v = fe_unknown(cx);
    v->aggregate = true;
    v->loc = fe_loc(cx, literal);
    /* clang spells a literal as its (concatenated) value in double quotes;
       one with escapes or a prefix (L"", u8"") is left unknown. */
    const char *text = fe_string(cx, clang_getCursorSpelling(literal));
    size_t n = strlen(text);
    if (n >= 2 && text[0] == '"' && text[n - 1] == '"' && !memchr(text, '\\', n)) {
        v->string = vks_arena_printf(cx->arena, "%.*s", (int)(n - 2), text + 1);
        v->string_literal = true;
    }
    return v;
}

/* The text of `format` with each %s replaced by the next argument's known
   string; NULL when a conversion is not %s / %% or an argument is unknown. */
static const char *format_strings(fe_ctx *cx, const char *format, fe_val **args,
                                  unsigned argc)
{
    size_t cap = strlen(format) + 1, len = 0;
    for (unsigned i = 0; i < argc; i++) {
        const char *s = fe_known_string(cx, args[i]);
        cap += s ? strlen(s) : 0;
    }
    char *out = vks_arena_alloc(cx->arena, cap);
    unsigned next = 0;
    for (const char *p = format; *p; p++) {
        if (*p != '%') {
            out[len++] = *p;
            continue;
        }
        p++;
        if (*p == '%') {
            out[len++] = '%';
            continue;
        }
        if (*p != 's' || next >= argc)
            return NULL;
        const char *s = fe_known_string(cx, args[next++]);
        if (!s)
            return NULL;
        memcpy(out + len, s, strlen(s));
        len += strlen(s);
    }
    out[len] = '\0';
    return out;
}

/*
 * strcmp, strncmp and strlen of known strings: a resource registry looked up
 * by name (`strcmp(slot->name, name) == 0` in an open-addressing probe).
 * strcmp "returns an integer greater than, equal to, or less than zero"
 * (C11 7.24.4.2p3): only which is fixed, so unequal strings give an unknown
 * known not to be zero - `== 0` and `!` are decided, `< 0` is not.
 */
static fe_val *compared_strings(fe_ctx *cx, const fe_call *call)
{
    const char *name = call->spelling;
    fe_val **args = call->args;
    if (strcmp(name, "strlen") == 0 && call->argc == 1) {
        const char *s = fe_known_string(cx, args[0]);
        return s ? fe_int(cx, strlen(s)) : NULL;
    }
    bool bounded = strcmp(name, "strncmp") == 0;
    if ((!bounded && strcmp(name, "strcmp") != 0) || call->argc != (bounded ? 3u : 2u))
        return NULL;
    const char *a = fe_known_string(cx, args[0]), *b = fe_known_string(cx, args[1]);
    uint64_t n = UINT64_MAX;
    if (!a || !b || (bounded && !fe_known_int(args[2], &n)))
        return NULL;
    if ((bounded ? strncmp(a, b, n) : strcmp(a, b)) == 0)
        return fe_int(cx, 0);
    fe_val *unequal = fe_sym(cx, vks_arena_printf(cx->arena, "strcmp#%u",
                                                  ++cx->path.havoc_generation),
                             call->spelling);
    unequal->not_null = true;
    return unequal;
}

fe_val *fe_string_call(fe_ctx *cx, const fe_call *call)
{
    if (!call->callee_in_system_header)
        return NULL;
    const char *name = call->spelling;
    fe_val **args = call->args;
    unsigned argc = call->argc;
    fe_val *compared = compared_strings(cx, call);
    if (compared)
        return compared;
    /* snprintf(buf, size, format, ...) / sprintf(buf, format, ...) */
    bool bounded = strcmp(name, "snprintf") == 0;
    if (!bounded && strcmp(name, "sprintf") != 0)
        return NULL;
    unsigned format_at = bounded ? 2 : 1;
    if (argc <= format_at || args[0]->kind != VAL_PTR || !args[0]->target ||
        args[0]->index != 0)
        return NULL;
    const char *format = fe_known_string(cx, args[format_at]);
    const char *text = format ? format_strings(cx, format, args + format_at + 1,
                                               argc - format_at - 1)
                              : NULL;
    uint64_t size;
    if (text && bounded && (!fe_known_int(args[1], &size) || strlen(text) >= size))
        text = NULL; /* truncated (or of unknown bound): not followed */
    fe_will_write(cx, args[0]->target);
    args[0]->target->string = text;
    return NULL;
}

/*
 * memcpy / memmove (dst, src, n) between objects of the path, as C copies
 * a struct (`memcpy (&next, &cur, sizeof next)`) or shifts an array's
 * elements (`memmove (&list[i], &list[i + 1], (n - i - 1) * sizeof *list)`,
 * removing one; rxi's vec_splice): the elements copied keep their values,
 * handles included.  As calls the evaluator could not see into they made
 * the destination unknown, and a buffer read from it afterwards named no
 * buffer.  Followed when both pointers are to the same type (through the
 * conversion to void *), not into mapped memory (host.c: host accesses),
 * and n is known: the size of one object for two pointers to objects, or
 * a whole number of elements (at most MAX_COPIED) for pointers into
 * arrays; memmove's overlapping ranges are read before anything is
 * written (C11 7.24.2.2p2).  Otherwise the call is unknown, as before.
 */
enum { MAX_COPIED = 64 };

static bool copy_name(const char *name)
{
    return strcmp(name, "memcpy") == 0 || strcmp(name, "memmove") == 0 ||
           strcmp(name, "__builtin_memcpy") == 0 || strcmp(name, "__builtin_memmove") == 0;
}

/* The type a pointer argument points to, before its conversion to void *. */
static CXType pointed_type(CXCursor call, unsigned i)
{
    CXType t = clang_getCanonicalType(
        clang_getCursorType(fe_strip(clang_Cursor_getArgument(call, i))));
    /* unqualified: memcpy (cur, prev, sizeof *cur) from a const state */
    if (fe_type_is_array(t))
        return clang_getUnqualifiedType(clang_getCanonicalType(clang_getArrayElementType(t)));
    if (t.kind == CXType_Pointer)
        return clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(t)));
    return (CXType){CXType_Invalid, {NULL, NULL}};
}

bool fe_is_object_copy(fe_ctx *cx, CXCursor call)
{
    CXCursor decl = fe_callee_decl(call);
    return clang_Cursor_getNumArguments(call) == 3 && !clang_Cursor_isNull(decl) &&
           copy_name(fe_spelling(cx, decl));
}

bool fe_object_copy_call(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    if (argc != 3 || !fe_is_object_copy(cx, call))
        return false;
    fe_val *dst = args[0], *src = args[1];
    uint64_t n;
    if (dst->kind != VAL_PTR || src->kind != VAL_PTR || !dst->target || !src->target ||
        dst->mapped_place || src->mapped_place || dst->target->mapped_place ||
        src->target->mapped_place || !fe_known_int(args[2], &n))
        return false;
    CXType td = pointed_type(call, 0), ts = pointed_type(call, 1);
    /* Not through char pointers: the evaluator counts a pointer's steps
       in its own type's units, which are bytes there, not the elements of
       the object it points into (rxi's vec_splice_ moves `*data + start *
       memsz`). */
    if (td.kind == CXType_Invalid || td.kind == CXType_Void || td.kind == CXType_Char_S ||
        td.kind == CXType_Char_U || td.kind == CXType_SChar || td.kind == CXType_UChar ||
        !clang_equalTypes(td, ts))
        return false;
    uint64_t size = fe_type_size(td);
    if (size == 0)
        return false;
    if (dst->single || src->single) {
        if (!dst->single || !src->single || n != size)
            return false;
        fe_val *copy = fe_copy(cx, src->target);
        fe_assign(cx, dst->target, copy);
        return true;
    }
    if (n % size != 0 || n / size > MAX_COPIED)
        return false;
    uint64_t count = n / size;
    fe_val *copies[MAX_COPIED];
    for (uint64_t i = 0; i < count; i++)
        copies[i] = fe_copy(cx, fe_element(cx, src->target, src->index + (int64_t)i));
    for (uint64_t i = 0; i < count; i++)
        fe_assign(cx, fe_element(cx, dst->target, dst->index + (int64_t)i), copies[i]);
    return true;
}
