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
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

/* The characters a literal's body spells, its simple escape sequences
   (C11 6.4.4.4p3: \n, \t, \\ ...) decoded; NULL for any other escape
   (octal, hexadecimal, universal names: left unknown). */
static const char *decoded(fe_ctx *cx, const char *body, size_t n)
{
    char *out = vks_arena_alloc(cx->arena, n + 1);
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (body[i] != '\\') {
            out[o++] = body[i];
            continue;
        }
        if (++i == n)
            return NULL;
        static const char escapes[] = "n\nt\tr\rv\vf\fa\ab\b\\\\\"\"''??";
        const char *e = strchr(escapes, body[i]);
        if (!e || (e - escapes) % 2 != 0)
            return NULL;
        out[o++] = e[1];
    }
    out[o] = '\0';
    return out;
}

fe_val *fe_string_literal(fe_ctx *cx, CXCursor literal)
{
    fe_val *v = fe_unknown(cx);
    v->aggregate = true;
    v->loc = fe_loc(cx, literal);
    /* clang spells a literal as its (concatenated) value in double quotes;
       one with a prefix (L"", u8"") or an escape other than the simple
       ones is left unknown. */
    const char *text = fe_string(cx, clang_getCursorSpelling(literal));
    size_t n = strlen(text);
    if (n >= 2 && text[0] == '"' && text[n - 1] == '"') {
        v->string = decoded(cx, text + 1, n - 2);
        v->string_literal = v->string != NULL;
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
 * strncmp of n characters where a side is no whole string the evaluator
 * knows - a pointer into a large array read an element at a time (vkcube's
 * embedded image, `strncmp(cPtr, "P6\n", 3)`): "compares not more than n
 * characters (characters that follow a null character are not compared)"
 * (C11 7.24.4.4p2), so only those are read, one at a time.  False when one
 * of them is unknown before the answer is.
 */
enum { MAX_COMPARED_CHARACTERS = 64 };

/* Character k of a side: of its known text (length characters, then its
   null character), else read through its pointer. */
static bool character_at(fe_ctx *cx, const fe_val *p, const char *text, size_t length,
                         uint64_t k, unsigned char *c)
{
    if (!text)
        return fe_known_char(cx, p, k, c);
    *c = k < length ? (unsigned char)text[k] : 0;
    return k <= length;
}

static bool compared_characters(fe_ctx *cx, fe_val **args, const char *a, const char *b,
                                uint64_t n, int *order)
{
    size_t a_length = a ? strlen(a) : 0, b_length = b ? strlen(b) : 0;
    for (uint64_t k = 0; k < n; k++) {
        unsigned char ca, cb;
        if (k == MAX_COMPARED_CHARACTERS ||
            !character_at(cx, args[0], a, a_length, k, &ca) ||
            !character_at(cx, args[1], b, b_length, k, &cb))
            return false;
        if (ca != cb) {
            *order = ca < cb ? -1 : 1;
            return true;
        }
        if (ca == 0)
            break;
    }
    *order = 0;
    return true;
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
    if (bounded && !fe_known_int(args[2], &n))
        return NULL;
    int order;
    if (a && b)
        order = bounded ? strncmp(a, b, n) : strcmp(a, b);
    else if (!bounded || !compared_characters(cx, args, a, b, n, &order))
        return NULL;
    if (order == 0)
        return fe_int(cx, 0);
    fe_val *unequal = fe_sym(cx, vks_arena_printf(cx->arena, "strcmp#%u",
                                                  ++cx->path.havoc_generation),
                             call->spelling);
    unequal->not_null = true;
    return unequal;
}

/*
 * <ctype.h> on a known character, as a hand-written lexer calls it
 * (`while (isspace ((unsigned char)*p)) p++;`, `isalpha`, `isdigit`
 * before strtoul): the program's own scanner of an embedded description
 * (tests/styles: json_*) decided every token on an unknown, ran into the
 * path limits and never reached the frame it described.  The analysed
 * program runs in the "C" locale until it calls setlocale (C11
 * 7.11.1.1p4), as vksync-lint itself does, so the answers are the C
 * library's own.  A function form takes an int that is EOF or an unsigned
 * char's value (7.4p1); anything else is undefined and stays unknown.
 */
static const struct {
    const char *name;
    int (*fn)(int);
} ctype_functions[] = {
    {"isalnum", isalnum}, {"isalpha", isalpha}, {"isblank", isblank}, {"iscntrl", iscntrl},
    {"isdigit", isdigit}, {"isgraph", isgraph}, {"islower", islower}, {"isprint", isprint},
    {"ispunct", ispunct}, {"isspace", isspace}, {"isupper", isupper}, {"isxdigit", isxdigit},
    {"tolower", tolower}, {"toupper", toupper},
};

static fe_val *ctype_call(fe_ctx *cx, const fe_call *call)
{
    uint64_t c;
    if (call->argc != 1 || !fe_known_int(call->args[0], &c))
        return NULL;
    int64_t ch = (int32_t)(uint32_t)c;
    if (ch != EOF && (ch < 0 || ch > 255))
        return NULL;
    for (size_t i = 0; i < sizeof ctype_functions / sizeof ctype_functions[0]; i++)
        if (strcmp(call->spelling, ctype_functions[i].name) == 0)
            return fe_int(cx, (uint64_t)(int64_t)ctype_functions[i].fn((int)ch));
    return NULL;
}

/*
 * The same where glibc's <ctype.h> makes the test a macro: `isspace (c)`
 * is `((*__ctype_b_loc ())[(int) (c)] & (unsigned short int) _ISspace)`,
 * `tolower (c)` with optimisation `(*__ctype_tolower_loc ())[c]`; the
 * tables are indexed from -128 to 255.  `table` is the function's name;
 * the entry is the C library's own (the analysis runs on the library
 * whose headers it reads).  NULL elsewhere.
 */
fe_val *fe_ctype_table_entry(fe_ctx *cx, const char *table, int64_t index)
{
    if (index < -128 || index > 255)
        return NULL;
#ifdef __GLIBC__
    if (strcmp(table, "__ctype_b_loc") == 0)
        return fe_int(cx, (*__ctype_b_loc())[index]);
    if (strcmp(table, "__ctype_tolower_loc") == 0)
        return fe_int(cx, (uint64_t)(int64_t)(*__ctype_tolower_loc())[index]);
    if (strcmp(table, "__ctype_toupper_loc") == 0)
        return fe_int(cx, (uint64_t)(int64_t)(*__ctype_toupper_loc())[index]);
#else
    (void)cx;
    (void)table;
#endif
    return NULL;
}

fe_val *fe_string_call(fe_ctx *cx, const fe_call *call)
{
    if (!call->callee_in_system_header)
        return NULL;
    const char *name = call->spelling;
    fe_val **args = call->args;
    unsigned argc = call->argc;
    fe_val *classified = ctype_call(cx, call);
    if (classified)
        return classified;
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
 * A line-oriented text format parsed in place, as C programs do it: the
 * text copied into a buffer (strcpy), lines split at the newline (strchr,
 * `*next++ = '\0'`), words taken with strtok, numbers read with strtoul.
 * A frame recorded from such a script had every command's buffers unknown
 * (tests/styles: fmt_barrier_stage_raw).  Each is followed only on text
 * whose characters are all known; any other call is an unseen call.
 */

/* strtok's position between calls, "the strtok function saves a pointer
   to the following character, from which the next search for a token
   will start" (C11 7.24.5.8p4): a global of its own, so that two paths at
   different tokens are never taken for one (merge.c compares globals). */
static fe_val *strtok_position(fe_ctx *cx)
{
    const char *key = fe_intern(cx, "strtok()'s saved pointer");
    for (fe_binding *b = cx->path.globals; b; b = b->next)
        if (b->key == key)
            return b->value;
    fe_binding *b = vks_arena_alloc(fe_value_arena(cx), sizeof *b);
    *b = (fe_binding){.key = key, .value = fe_unknown(cx), .next = cx->path.globals};
    cx->path.globals = b;
    return b->value;
}

/* A null character written at element `at` of the array. */
static void terminate_at(fe_ctx *cx, fe_val *array, int64_t at)
{
    fe_val *p = fe_pointer_to(cx, array, at, false);
    fe_val *element = fe_deref(cx, p, 0);
    if (element)
        fe_assign(cx, element, fe_int(cx, 0));
}

/* strtok (s, delim), C11 7.24.5.8p3-4: the token starts at the first
   character of s (or of the saved position, for a null s) not in delim and
   ends at the next one in delim, which is overwritten by a null character;
   no such first character: a null pointer. */
static fe_val *tokenise(fe_ctx *cx, fe_val **args)
{
    fe_val *saved = strtok_position(cx);
    uint64_t null;
    bool continues = fe_known_int(args[0], &null) && null == 0;
    const fe_val *from = continues ? saved : args[0];
    fe_val *array;
    int64_t at;
    const char *delim = fe_known_string(cx, args[1]);
    const char *text = delim ? fe_known_text_at(cx, from, &array, &at) : NULL;
    if (!text) {
        if (continues && fe_known_int(saved, &null) && null == 0)
            return fe_int(cx, 0); /* the text ran out before */
        fe_assign(cx, saved, fe_unknown(cx));
        return NULL;
    }
    size_t skip = strspn(text, delim);
    if (text[skip] == '\0') {
        fe_assign(cx, saved, fe_int(cx, 0));
        return fe_int(cx, 0);
    }
    size_t end = skip + strcspn(text + skip, delim);
    if (text[end] != '\0') {
        terminate_at(cx, array, at + (int64_t)end);
        fe_assign(cx, saved, fe_pointer_to(cx, array, at + (int64_t)end + 1, false));
    } else {
        fe_assign(cx, saved, fe_pointer_to(cx, array, at + (int64_t)end, false));
    }
    return fe_pointer_to(cx, array, at + (int64_t)skip, false);
}

fe_val *fe_text_call(fe_ctx *cx, CXCursor call, fe_val **args, unsigned argc)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl) ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        return NULL;
    const char *name = fe_spelling(cx, decl);
    fe_val *array;
    int64_t at;
    if (strcmp(name, "strtok") == 0 && argc == 2)
        return tokenise(cx, args);
    if (strcmp(name, "strchr") == 0 && argc == 2) {
        /* "a pointer to the located character, or a null pointer if the
           character does not occur in the string" (7.24.5.2p3); the
           terminating null character is part of the string. */
        const char *text = fe_known_text_at(cx, args[0], &array, &at);
        uint64_t c;
        if (!text || !fe_known_int(args[1], &c))
            return NULL;
        const char *found = strchr(text, (char)c);
        return found ? fe_pointer_to(cx, array, at + (found - text), false) : fe_int(cx, 0);
    }
    if (strcmp(name, "strtoul") == 0 && argc == 3) {
        /* A number alone (a null endptr), or a scanner's `n = strtoul (p,
           &end, 0); p = end;`: "a pointer to the final string is stored in
           the object pointed to by endptr" (C11 7.22.1.4p5) - the first
           character the conversion did not use, the subject sequence
           empty: nptr itself. */
        const char *text = fe_known_string(cx, args[0]);
        uint64_t base, endptr;
        if (!text || !fe_known_int(args[2], &base))
            return NULL;
        char *end;
        uint64_t value = strtoul(text, &end, (int)base);
        if (fe_known_int(args[1], &endptr) && endptr == 0)
            return fe_int(cx, value);
        fe_val *place = fe_deref(cx, args[1], 0);
        if (!place || !fe_known_text_at(cx, args[0], &array, &at))
            return NULL;
        fe_assign(cx, place, fe_pointer_to(cx, array, at + (int64_t)(end - text), false));
        return fe_int(cx, value);
    }
    if (strcmp(name, "strcpy") == 0 && argc == 2) {
        /* The array holds the copied string: its characters are read as a
           literal's copy's (values.c), the elements written before are
           gone. */
        const char *text = fe_known_string(cx, args[1]);
        fe_val *dst = args[0];
        if (!text || dst->kind != VAL_PTR || !dst->target || dst->single || dst->index != 0)
            return NULL;
        fe_will_write(cx, dst->target);
        dst->target->fields = NULL;
        dst->target->string = vks_arena_strdup(cx->arena, text);
        dst->target->string_literal = true;
        return fe_copy(cx, dst);
    }
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

/*
 * An object copied into a byte array and out again, as a command stream
 * is written (Mesa's threaded context, Dawn's command allocator): the
 * writer memcpy's each command's header and operands into a uint8_t batch
 * at an aligned offset, the reader memcpy's them back out into objects of
 * the same types:
 *
 *     struct cs_fill f = {buffer, offset, size, value};
 *     memcpy(s->data + s->used + sizeof h, &f, sizeof f);   // stored
 *     ...
 *     memcpy(&f, s->data + at + sizeof h, sizeof f);        // loaded
 *
 * "The memcpy function copies n characters from the object pointed to by
 * s2 into the object pointed to by s1" (C11 7.24.2.1p2), and an object
 * copied into an array of unsigned char that way is copied back with its
 * value (C11 6.2.6.1p4: its object representation).  The bytes are not
 * computed: the stored copy is kept on its first byte (a member named
 * "@bytes:TYPE", no C name), every byte of the range is an unknown of its
 * own named after the store ("bytes#TAG+K"), and a load of an object of
 * the same type and size from the same first byte gets the copy only if
 * every byte still has the name the store gave it.  Anything else written
 * there since (a byte stored through a subscript, another memcpy over part
 * of it, an unknown call that may write the array) replaced a byte's node,
 * and the load is unknown, as a memcpy the evaluator cannot see into was.
 * A byte read alone is an unknown value (which one is not computed).
 */
enum { MAX_STORED_BYTES = 256 };

static bool is_byte_type(CXType t)
{
    return t.kind == CXType_Char_S || t.kind == CXType_Char_U || t.kind == CXType_SChar ||
           t.kind == CXType_UChar;
}

/* An object type that a byte copy may store: known size, not a byte. */
static bool storable_type(CXType t, uint64_t n)
{
    return t.kind != CXType_Invalid && t.kind != CXType_Void && !is_byte_type(t) &&
           fe_type_size(t) == n && n > 0 && n <= MAX_STORED_BYTES;
}

static const char *stored_name(fe_ctx *cx, CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    const char *name = vks_arena_printf(cx->arena, "@bytes:%s", clang_getCString(s));
    clang_disposeString(s);
    return name;
}

static const char *byte_name(fe_ctx *cx, unsigned tag, uint64_t k)
{
    return vks_arena_printf(cx->arena, "bytes#%u+%llu", tag, (unsigned long long)k);
}

/* memcpy (bytes + o, &object, sizeof object). */
static void store_object_bytes(fe_ctx *cx, fe_val *dst, const fe_val *src, uint64_t n,
                               CXType type)
{
    unsigned tag = ++cx->path.havoc_generation;
    fe_val *copy = fe_copy(cx, src->target);
    for (uint64_t k = 0; k < n; k++) {
        fe_val *byte = fe_unknown(cx);
        byte->unknown_name = byte_name(cx, tag, k);
        fe_assign(cx, fe_element(cx, dst->target, dst->index + (int64_t)k), byte);
    }
    fe_val *first = fe_element(cx, dst->target, dst->index);
    fe_assign(cx, fe_child(cx, first, stored_name(cx, type)), copy);
}

/* memcpy (&object, bytes + o, sizeof object): whether the object stored
   at o is there whole, of this type, and then copied into the object. */
static bool load_object_bytes(fe_ctx *cx, fe_val *dst, fe_val *src, uint64_t n, CXType type)
{
    fe_val *first = fe_element(cx, src->target, src->index);
    unsigned tag;
    if (first->kind != VAL_UNKNOWN || !first->unknown_name ||
        sscanf(first->unknown_name, "bytes#%u+0", &tag) != 1 ||
        strcmp(first->unknown_name, byte_name(cx, tag, 0)) != 0)
        return false;
    const char *name = stored_name(cx, type);
    const fe_val *stored = NULL;
    for (const fe_field *f = first->fields; f && !stored; f = f->next)
        if (strcmp(f->name, name) == 0)
            stored = f->value;
    if (!stored)
        return false;
    for (uint64_t k = 1; k < n; k++) {
        const fe_val *byte = fe_element(cx, src->target, src->index + (int64_t)k);
        if (byte->kind != VAL_UNKNOWN || !byte->unknown_name ||
            strcmp(byte->unknown_name, byte_name(cx, tag, k)) != 0)
            return false;
    }
    fe_assign(cx, dst->target, stored);
    return true;
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
    /* An object into a byte array, or out of one (above). */
    if (is_byte_type(td) && src->single && !dst->single && dst->index >= 0 &&
        storable_type(ts, n)) {
        store_object_bytes(cx, dst, src, n, ts);
        return true;
    }
    if (is_byte_type(ts) && dst->single && !src->single && src->index >= 0 &&
        storable_type(td, n))
        return load_object_bytes(cx, dst, src, n, td);
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
