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
