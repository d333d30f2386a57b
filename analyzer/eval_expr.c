/*
 * eval_expr.c - the evaluator's expressions and calls: values of C
 * expressions over an environment variable -> value (values.c), so that the
 * arguments of every Vulkan call are known where the source determines them
 * and unknown elsewhere.
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
 *
 * A call to a Vulkan entry point becomes one fe_call record (name, location
 * with its call chain, evaluated arguments, the facts about each argument
 * only its C type tells) for the entry-point table (entry_points.c); the
 * models never see a cursor.
 */
#include <ctype.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

static fe_int_shape shape_of(CXType t)
{
    return (fe_int_shape){fe_type_is_integer(t),
                          clang_getCanonicalType(t).kind == CXType_Bool,
                          fe_type_is_signed(t), clang_Type_getSizeOf(t)};
}

/* v as a value of a type of that shape: truncated to its size, sign
   extended, 0 or 1 for _Bool. */
static uint64_t fit(uint64_t v, fe_int_shape s)
{
    if (!s.integer)
        return v;
    if (s.is_bool)
        return v != 0;
    if (s.size <= 0 || s.size >= 8)
        return v;
    uint64_t mask = (UINT64_C(1) << (s.size * 8)) - 1;
    v &= mask;
    if (s.is_signed && (v >> (s.size * 8 - 1)) & 1)
        v |= ~mask;
    return v;
}

static uint64_t normalise(uint64_t v, CXType t)
{
    return fit(v, shape_of(t));
}

/* v as a value of expr's type, the type's shape asked of libclang once
   per node (fe_node_memo). */
static fe_val *int_of_type(fe_ctx *cx, uint64_t v, CXCursor expr)
{
    fe_node_memo local = {0};
    fe_node_memo *m = fe_node_memo_of(expr);
    if (!m)
        m = &local;
    if (!m->shape_known) {
        m->shape = shape_of(fe_cursor_type(expr));
        m->shape_known = true;
    }
    return fe_int(cx, fit(v, m->shape));
}

/* ---- variables ---- */

/* `static VkBuffer cached = VK_NULL_HANDLE;` inside a function: "Its
   lifetime is the entire execution of the program and its stored value is
   initialized only once, prior to program startup" (C11 6.2.4p3).  Bound
   with the globals, so that a second call finds what the first stored. */
static bool is_static_local(CXCursor decl)
{
    return clang_getCursorKind(decl) == CXCursor_VarDecl &&
           clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 && !fe_is_global_var(decl);
}

static bool has_static_storage(CXCursor decl)
{
    return fe_is_global_var(decl) || is_static_local(decl);
}

static fe_binding **scope_of(fe_ctx *cx, CXCursor decl)
{
    return has_static_storage(decl) || !cx->path.frame ? &cx->path.globals
                                                       : &cx->path.frame->locals;
}

/* Every key is fe_decl_key's, interned (one copy per text): the same
   variable's key is the same pointer, and a frame's or the globals' list
   is searched without comparing texts (strcmp along the globals was 2% of
   vkcube's run). */
static fe_val *lookup(fe_binding *b, const char *key)
{
    for (; b; b = b->next)
        if (b->key == key)
            return b->value;
    return NULL;
}

static fe_binding *bind(fe_ctx *cx, fe_binding **scope, const char *key, fe_val *v)
{
    fe_binding *b = vks_arena_alloc(fe_value_arena(cx), sizeof *b);
    b->key = key;
    b->value = v;
    b->read_only = false;
    b->next = *scope;
    *scope = b;
    return b;
}

/* `static const float g_vertex_buffer_data[] = {...}`: the array's
   elements are const, the array type itself is not qualified. */
static bool is_const_object(CXType t)
{
    for (int depth = 0; depth < 8 && t.kind != CXType_Invalid; depth++) {
        if (clang_isConstQualifiedType(t))
            return true;
        CXType element = clang_getArrayElementType(t);
        if (element.kind == CXType_Invalid)
            return false;
        t = element;
    }
    return false;
}

static fe_val *eval_init_list(fe_ctx *cx, CXCursor list, CXType type,
                              vks_loc loc);
static fe_val *function_value(fe_ctx *cx, CXCursor fn);
static CXCursor designated_function(CXCursor c);

/* A constant global's value: `static const VkFlags64 VK_PIPELINE_STAGE_2_X =
   ...ULL;` folds through clang_Cursor_Evaluate; a constant array with an
   initialiser (an embedded SPIR-V module, `const uint32_t spv[] = {...}`)
   is its initialiser's value. */

/*
 * A path from `main` starts with the program: "All objects with static
 * storage duration shall be initialized (set to their initial values)
 * before program startup" (C11 5.1.2), to their initializer - a constant
 * expression (6.7.9p4) - or, without one, to zero (6.7.9p10).  So there a
 * global the path has not written holds that value, whatever its type: a
 * driver table chosen by a plain pointer (`static const
 * gfx_display_ctx_driver_t *disp_ctx = &gfx_display_ctx_vulkan;`, as
 * RetroArch has it) is that table, and a call through it is followed.  A
 * global defined in no file given (an `extern`) stays unknown.  Other
 * roots run after code the analysis did not see: only what is const holds
 * its initial value there.  Past max_bytes it is unknown: embedded data
 * (vkcube's 196,623-byte `static unsigned char lunarg_ppm[]`) is no
 * configuration, and held value by value every run of main allocated it
 * again (1.1 GB) - a const one is read (an embedded SPIR-V module is
 * matched by its words, pipeline_link.c).
 */
enum { MAX_STARTUP_BYTES = 4096 };

/*
 * `static size_t count;` or `struct frame_ops ops;` at file scope: "A
 * declaration of an identifier for an object that has file scope without
 * an initializer, and without a storage-class specifier or with the
 * storage-class specifier static, constitutes a tentative definition.  If
 * a translation unit contains one or more tentative definitions for an
 * identifier, and the translation unit contains no external definition for
 * that identifier, then the behavior is exactly as if the translation unit
 * contains a file scope declaration of that identifier ... with an
 * initializer equal to 0" (C11 6.9.2p2).  libclang names no definition for
 * it (clang_getCursorDefinition is null): every such global read as
 * unknown in `main`, a counter `count++` then `count == 1` undecided.  An
 * `extern` declaration defines nothing.  (An external definition of the
 * same name in another file is a second definition, which C does not
 * allow: 6.9p5.)
 */
static bool is_tentative_definition(CXCursor decl)
{
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || !fe_is_global_var(decl) ||
        !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)))
        return false;
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
    return sc == CX_SC_Static || sc == CX_SC_None;
}

static fe_val *initial_value(fe_ctx *cx, CXCursor decl, CXType t, uint64_t max_bytes)
{
    CXCursor definition = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(definition) && is_tentative_definition(decl))
        definition = decl;
    if (clang_Cursor_isNull(definition))
        return NULL;
    CXCursor init = clang_Cursor_getVarDeclInitializer(definition);
    vks_loc at = fe_loc(cx, definition);
    if (!clang_Cursor_isNull(init)) {
        if (fe_type_size(t) > max_bytes)
            return NULL;
        CXCursor stripped = fe_strip(init);
        if (clang_getCursorKind(stripped) == CXCursor_InitListExpr)
            return eval_init_list(cx, stripped, t, at);
        return fe_copy(cx, fe_eval(cx, init));
    }
    fe_val *zero = fe_int(cx, 0);
    CXType canon = clang_getCanonicalType(t);
    if (canon.kind == CXType_Record || fe_type_is_array(t)) {
        zero->aggregate = true;
        zero->zero_rest = true;
        zero->loc = at;
    }
    return zero;
}

typedef struct fe_global_decl fe_global_decl;
static fe_global_decl *global_decl_of(fe_ctx *cx, const char *key);
static bool elements_in_order(fe_ctx *cx, fe_global_decl *g);

static fe_val *global_initial_value(fe_ctx *cx, CXCursor decl, const char *key,
                                    const char *name)
{
    CXType t = fe_cursor_type(decl);
    CXType canon = clang_getCanonicalType(t);
    /* A const array or struct (a COM object's vtable: `static const
       ICommandListVtbl command_list_vtbl = {command_list_Release, ...};`)
       holds its initializer on every path: "If an attempt is made to
       modify an object defined with a const-qualified type ..., the
       behavior is undefined" (C11 6.7.3p6). */
    bool const_array = (canon.kind == CXType_ConstantArray ||
                        canon.kind == CXType_IncompleteArray) &&
                       clang_isConstQualifiedType(clang_getArrayElementType(t));
    bool const_record = canon.kind == CXType_Record && clang_isConstQualifiedType(t);
    bool at_startup = cx->root_function && strcmp(cx->root_function, "main") == 0;
    if (const_array || const_record || at_startup) {
        fe_val *v = initial_value(cx, decl, t,
                                  const_array || const_record ? UINT64_MAX : MAX_STARTUP_BYTES);
        if (v)
            return v;
        fe_global_decl *g = global_decl_of(cx, key);
        if (at_startup && g && elements_in_order(cx, g)) {
            v = fe_sym(cx, key, name);
            v->aggregate = true;
            v->initialiser_elements = true;
            return v;
        }
    }
    uint64_t value;
    if (clang_isConstQualifiedType(t) && fe_type_is_integer(t) && fe_evaluated_int(decl, &value))
        return fe_int(cx, normalise(value, t));
    /* `static void (*const next_pass) (VkCommandBuffer) = lighting_pass;`:
       the function, on every path. */
    if (clang_isConstQualifiedType(t) && canon.kind == CXType_Pointer) {
        CXCursor fn = designated_function(clang_Cursor_getVarDeclInitializer(decl));
        if (!clang_Cursor_isNull(fn))
            return function_value(cx, fn);
    }
    return fe_sym(cx, key, name);
}

/* A global's declaration by its key, for fe_read_global: kept the first
   time any path reads it (in the program's arena). */
struct fe_global_decl {
    const char *key;
    CXCursor decl;
    /* Its initialiser lists integer elements in order (elements_in_order):
       0 not asked yet, 1 yes, -1 no. */
    signed char elements_in_order;
    struct fe_global_decl *next;
};

static fe_global_decl **global_bucket(fe_ctx *cx, const char *key)
{
    return &cx->eval->global_decls[fe_hash_text(FE_HASH_SEED, key) % FE_FUNCTION_BUCKETS];
}

static fe_global_decl *global_decl_of(fe_ctx *cx, const char *key)
{
    for (fe_global_decl *g = *global_bucket(cx, key); g; g = g->next)
        if (strcmp(g->key, key) == 0)
            return g;
    return NULL;
}

static void remember_global(fe_ctx *cx, const char *key, CXCursor decl)
{
    if (global_decl_of(cx, key))
        return;
    fe_global_decl **bucket = global_bucket(cx, key);
    fe_global_decl *g = vks_arena_alloc(cx->arena, sizeof *g);
    *g = (fe_global_decl){vks_arena_strdup(cx->arena, key), decl, 0, *bucket};
    *bucket = g;
}

static fe_val *variable(fe_ctx *cx, CXCursor decl);

bool fe_read_global(fe_ctx *cx, const char *key)
{
    fe_global_decl *g = global_decl_of(cx, key);
    if (!g || lookup(cx->path.globals, g->key))
        return false;
    (void)variable(cx, g->decl);
    return true;
}

/* The braced list a global is defined with, or a null cursor. */
static CXCursor initialiser_list(CXCursor decl)
{
    CXCursor definition = clang_getCursorDefinition(decl);
    CXCursor init = clang_Cursor_isNull(definition)
                        ? clang_getNullCursor()
                        : clang_Cursor_getVarDeclInitializer(definition);
    if (clang_Cursor_isNull(init))
        return clang_getNullCursor();
    CXCursor stripped = fe_strip(init);
    return clang_getCursorKind(stripped) == CXCursor_InitListExpr ? stripped
                                                                   : clang_getNullCursor();
}

static enum CXChildVisitResult count_two(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)c;
    (void)parent;
    return ++*(unsigned *)data >= 2 ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Once per global: an array of integers, its initialiser's elements plain
   expressions (a designated one, `[4] = x`, has its index as a child). */
static bool elements_in_order(fe_ctx *cx, fe_global_decl *g)
{
    if (g->elements_in_order)
        return g->elements_in_order > 0;
    g->elements_in_order = -1;
    CXType canon = clang_getCanonicalType(fe_cursor_type(g->decl));
    CXCursor list = initialiser_list(g->decl);
    if ((canon.kind != CXType_ConstantArray && canon.kind != CXType_IncompleteArray) ||
        !fe_type_is_integer(clang_getArrayElementType(canon)) || clang_Cursor_isNull(list))
        return false;
    fe_cursors ch;
    fe_children(NULL, list, &ch);
    for (unsigned i = 0; i < ch.count; i++) {
        unsigned parts = 0;
        if (clang_getCursorKind(ch.items[i]) == CXCursor_UnexposedExpr)
            clang_visitChildren(ch.items[i], count_two, &parts);
        if (parts >= 2)
            return false;
    }
    g->elements_in_order = 1;
    return true;
}

/*
 * A global array past MAX_STARTUP_BYTES whose initialiser lists integers
 * in order (no designator) is read an element at a time instead of being
 * unknown: vkcube's loadTexture checks the header of its embedded image
 * (`strncmp(cPtr, "P6\n", 3)`, a scan to the end of each header line, the
 * "255\n" of its maximum value), and each check was a decision on an
 * unknown, split again every time demo_prepare rebuilt the swapchain - a
 * sixth of vkcube-xcb's runs.  An element a path reads is made then, in
 * the path's arena, from its initialiser; one past the listed elements is
 * 0: "all subobjects that are not initialized explicitly shall be
 * initialized implicitly the same as objects that have static storage
 * duration" (C11 6.7.9p21).  What the path writes replaces it as any
 * element's value.
 */
fe_val *fe_initialiser_element(fe_ctx *cx, const fe_val *array, int64_t index)
{
    fe_global_decl *g = array->ident ? global_decl_of(cx, array->ident) : NULL;
    if (!g || index < 0 || !elements_in_order(cx, g))
        return NULL;
    CXType canon = clang_getCanonicalType(fe_cursor_type(g->decl));
    long long length = clang_getArraySize(canon);
    fe_cursors ch;
    fe_children(NULL, initialiser_list(g->decl), &ch);
    if ((uint64_t)index < ch.count) {
        fe_val *element = fe_copy(cx, fe_eval(cx, ch.items[index]));
        uint64_t v;
        return fe_known_int(element, &v) ? element : NULL;
    }
    return length >= 0 && index < length ? fe_int(cx, 0) : NULL;
}

static fe_val *variable(fe_ctx *cx, CXCursor decl)
{
    const char *key = fe_decl_key(cx, decl);
    fe_binding **scope = scope_of(cx, decl);
    fe_val *v = lookup(*scope, key);
    if (v)
        return v;
    const char *name = fe_spelling(cx, decl);
    fe_binding *b;
    if (has_static_storage(decl)) {
        remember_global(cx, key, decl);
        /* Bound before its initializer is evaluated, which may take its
           address: the kernel's `static LIST_HEAD(dirty);` is `struct
           list_head dirty = { &dirty, &dirty };` ("the scope of an
           identifier ... begins just after the completion of its
           declarator", C11 6.2.1p7).  Unbound, the `&dirty` in it asked for
           the variable again, and its initializer again, until the stack
           ran out.  The node keeps its identity; the initial value is
           copied into it. */
        fe_val *self = fe_sym(cx, key, name);
        b = bind(cx, scope, key, self);
        /* Its initial value was there before any region: first read inside
           a way, it is not undone with the way's writes (its binding is
           not), or a `static const` table read by a helper joined every
           way would be empty for every later reader. */
        size_t mark = cx->trail_count;
        v = global_initial_value(cx, decl, key, name);
        fe_trail_forget(cx, mark);
        if (v != self) {
            unsigned logged_in = self->logged_in;
            *self = *v;
            self->logged_in = logged_in;
            v = self;
        }
    } else {
        v = fe_sym(cx, key, name); /* a parameter of the analysed function */
        b = bind(cx, scope, key, v);
    }
    v->loc = fe_loc(cx, decl);
    if (!v->spelling)
        v->spelling = name; /* an initial value: its members are `name.m` */
    /* Never written, so what every path reads: merge.c need not compare
       it (a path that never read it has no binding). */
    b->read_only = has_static_storage(decl) && is_const_object(fe_cursor_type(decl));
    return v;
}

/* Forgets what is known about a node: it keeps a name (so a handle stays a
   resource) but a fresh one, and nothing about its contents. */
static void havoc(fe_ctx *cx, fe_val *v)
{
    const char *ident = v->ident;
    const char *spelling = v->spelling;
    vks_loc loc = v->loc;
    fe_will_write(cx, v);
    unsigned logged_in = v->logged_in;
    memset(v, 0, sizeof *v);
    v->logged_in = logged_in;
    v->loc = loc;
    v->spelling = spelling; /* for messages: still the same object */
    if (ident) {
        v->kind = VAL_SYM;
        v->ident = vks_arena_printf(fe_value_arena(cx), "%s#%u", ident,
                                    ++cx->path.havoc_generation);
        v->spelling = spelling;
    }
}

/*
 * Issue 11, cause 1: "A call the front end does not model writes, as far
 * as anyone knows, every object reachable through its non-const pointer
 * arguments, pNext chains included: afterwards those values are unknown."
 * havoc_reachable forgets the pointee of such an argument and, following
 * its C type, what the pointee's non-const pointer members point at:
 * vkGetPhysicalDeviceFeatures2(phys, &f2) fills f2 and the
 * VkPhysicalDeviceVulkan13Features its `void *pNext` points at.  A member
 * of type `void *` does not say what its target is, so every pointer kept
 * in that target is followed (an untyped walk).  Pointers can form cycles:
 * a node is forgotten once (visited set), and chains are followed at most
 * HAVOC_REACH_DEPTH deep.
 */
enum { HAVOC_REACH_DEPTH = 8, HAVOC_REACH_NODES = 64 };

typedef struct {
    fe_ctx *cx;
    fe_val *seen[HAVOC_REACH_NODES];
    unsigned seen_count;
    int depth;
} havoc_reach;

static void havoc_pointee(havoc_reach *h, fe_val *target, CXType pointee);

/* Does a pointer of this type let the callee write what it points at? */
static bool pointer_to_writable(CXType t, CXType *pointee)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind != CXType_Pointer)
        return false;
    *pointee = clang_getPointeeType(c);
    return !clang_isConstQualifiedType(*pointee);
}

/* Follows the pointers stored in node v (of type t; CXType_Invalid: not
   known, every pointer-valued member is followed). */
static void havoc_walk_members(havoc_reach *h, fe_val *v, CXType t);

typedef struct {
    havoc_reach *h;
    fe_val *v;
} havoc_member_visit;

static enum CXVisitorResult havoc_member(CXCursor field, CXClientData data)
{
    havoc_member_visit *m = data;
    const char *name = fe_string(m->h->cx, clang_getCursorSpelling(field));
    fe_val *member = (fe_val *)fe_peek(m->h->cx, m->v, name);
    if (!member)
        return CXVisit_Continue;
    CXType ft = clang_getCanonicalType(fe_cursor_type(field));
    CXType pointee;
    if (pointer_to_writable(ft, &pointee)) {
        if (member->kind == VAL_PTR && member->target)
            havoc_pointee(m->h, member->target, pointee);
    } else if (ft.kind == CXType_Record || ft.kind == CXType_ConstantArray) {
        havoc_walk_members(m->h, member, ft);
    }
    return CXVisit_Continue;
}

static void havoc_walk_members(havoc_reach *h, fe_val *v, CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind == CXType_Record) {
        havoc_member_visit m = {h, v};
        clang_Type_visitFields(c, havoc_member, &m);
        return;
    }
    bool typed_array = c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray;
    CXType element = typed_array ? clang_getArrayElementType(c) : c;
    for (fe_field *f = v->fields; f; f = f->next) {
        if (typed_array && f->name[0] != '[')
            continue;
        if (typed_array) {
            havoc_walk_members(h, f->value, element);
        } else if (f->value->kind == VAL_PTR && f->value->target) {
            CXType unknown = {.kind = CXType_Invalid};
            havoc_pointee(h, f->value->target, unknown);
        } else if (f->value->fields) {
            CXType unknown = {.kind = CXType_Invalid};
            havoc_walk_members(h, f->value, unknown);
        }
    }
}

/* A Vulkan handle type: a pointer to a `struct VkXxx_T` (dispatchable
   handles, and non-dispatchable ones on 64-bit targets). */
static bool is_handle_type(CXType canonical)
{
    if (canonical.kind != CXType_Pointer)
        return false;
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(canonical)));
    const char *t = clang_getCString(s);
    size_t n = t ? strlen(t) : 0;
    bool handle = n > 12 && strncmp(t, "struct Vk", 9) == 0 && strcmp(t + n - 2, "_T") == 0;
    clang_disposeString(s);
    return handle;
}

static void havoc_pointee(havoc_reach *h, fe_val *target, CXType pointee)
{
    if (!target || h->depth >= HAVOC_REACH_DEPTH)
        return;
    for (unsigned i = 0; i < h->seen_count; i++)
        if (h->seen[i] == target)
            return;
    if (h->seen_count == HAVOC_REACH_NODES)
        return;
    h->seen[h->seen_count++] = target;
    /* `void *` says nothing about its target: walk it untyped. */
    CXType c = clang_getCanonicalType(pointee);
    if (c.kind == CXType_Void)
        c.kind = CXType_Invalid;
    /* The pointer may point into an array node ("[i]" children): every
       element is of the pointee type (the callee may index it). */
    bool elements = false;
    for (fe_field *f = target->fields; f && !elements; f = f->next)
        elements = f->name[0] == '[';
    h->depth++;
    if (elements) {
        for (fe_field *f = target->fields; f; f = f->next)
            if (f->name[0] == '[')
                havoc_walk_members(h, f->value, c);
    } else {
        havoc_walk_members(h, target, c);
    }
    h->depth--;
    /* A handle the callee writes (vkAllocateMemory (dev, &info, NULL,
       &ring.memory): no model) names an object from then on.  A member of
       an aggregate the program initialised or zeroed (`struct ring ring =
       {.size = n};`: zero elsewhere, C11 6.7.9p21; vkcube's memset of its
       `demo`) has no name to keep, and was forgotten nameless: the memory
       mapped from it was no memory the host accesses could be placed in,
       and host writes racing a copy out of it went unreported, not even
       counted as questions.  It gets one of its own, after where it is
       (havoc adds the path's generation).  So does an array or struct the
       program zeroed and a call fills (`static uint32_t code[16384];` read
       by `fread (code, 1, sizeof code, f)`: the shader loader's buffer,
       whose name ties the module to the file, pipeline_link.c). */
    if (!target->ident && (is_handle_type(c) || target->aggregate))
        target->ident = vks_arena_printf(fe_value_arena(h->cx), "out:%s",
                                         target->spelling ? target->spelling : "?");
    havoc(h->cx, target);
}

static void havoc_reachable(fe_ctx *cx, fe_val *target, CXType pointee)
{
    havoc_reach h = {.cx = cx};
    havoc_pointee(&h, target, pointee);
}

/*
 * What a loop that records nothing writes, forgotten (issue 11, cause 8:
 * "Limits fire where nothing is recorded").  GStreamer's shader loader
 * swaps the byte order of a SPIR-V module of 1,500 bytes one word at a
 * time: 375 iterations, and only 256 are run.  Such a loop's later
 * iterations cannot record, submit or touch mapped memory; all they can
 * change are the values they assign.  So at the iteration limit, every
 * variable the loop assigns and everything a pointer it writes through
 * points at becomes unknown, and the loop ends.  Only for a loop whose
 * every write is found in its own text: no call (a helper's writes are
 * not), no `return` or `goto`, pointers read from plain variables and
 * members, none into mapped memory while a submission may be reading it
 * (place_written); any other loop keeps its limit.
 */
typedef struct {
    fe_ctx *cx;
    CXCursor *targets;
    size_t count, cap;
    bool refused;
    bool returns_allowed; /* a `return` leaves the loop (fe_widen_search_loop) */
} loop_writes;

static bool is_array_type(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_ConstantArray: case CXType_IncompleteArray:
    case CXType_VariableArray: case CXType_DependentSizedArray:
        return true;
    default:
        return false;
    }
}

/* A place read without side effects: a variable, its members and (with
   `elements`) its elements at a variable or constant index. */
static bool plain_place(CXCursor c, bool elements)
{
    c = fe_strip(c);
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr:
        return true;
    case CXCursor_MemberRefExpr:
        return ch.count == 1 && plain_place(ch.items[0], elements);
    case CXCursor_ArraySubscriptExpr: {
        if (!elements || ch.count != 2)
            return false;
        enum CXCursorKind index = clang_getCursorKind(fe_strip(ch.items[1]));
        return (index == CXCursor_DeclRefExpr || index == CXCursor_IntegerLiteral) &&
               plain_place(ch.items[0], elements);
    }
    default:
        return false;
    }
}

/*
 * A helper that only computes from what it is given and returns it - it
 * assigns nothing but its own locals and calls only such helpers
 * (`float *tensor_data (struct ml *ml, int t) { return ml->host +
 * ml->tensors[t].offset / sizeof (float); }`).  Calling it again at a
 * loop's limit, or leaving its calls out of the loop's writes, changes
 * nothing; a loop that fills what it returns (`tensor_data (&ml, x)[i] =
 * v;`) is then a loop whose writes are all in its text.
 */
typedef struct {
    fe_ctx *cx;
    CXCursor fn;
    int depth;
    bool writes_more;
} local_write_search;

static bool only_writes_locals(fe_ctx *cx, CXCursor decl, int depth);

static bool calls_vulkan(fe_ctx *cx, CXCursor call);

/* A call to such a helper (depth: how many such calls it is inside). */
static bool calls_only_local_writers(fe_ctx *cx, CXCursor call, int depth)
{
    CXCursor decl = fe_callee_decl(call);
    return !clang_Cursor_isNull(decl) && !calls_vulkan(cx, call) &&
           only_writes_locals(cx, decl, depth);
}

static bool calls_vulkan(fe_ctx *cx, CXCursor call)
{
    const char *entry = fe_callee_entry_point(cx, call);
    return entry && strncmp(entry, "vk", 2) == 0;
}

static bool is_own_local(CXCursor target, CXCursor fn)
{
    CXCursor c = fe_strip(target);
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
        return false;
    CXCursor var = clang_getCursorReferenced(c);
    enum CXCursorKind kind = clang_getCursorKind(var);
    return (kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl) &&
           clang_Cursor_hasVarDeclGlobalStorage(var) != 1 &&
           clang_equalCursors(clang_getCursorSemanticParent(var), fn);
}

static enum CXChildVisitResult find_nonlocal_write(CXCursor c, CXCursor parent,
                                                   CXClientData data)
{
    (void)parent;
    local_write_search *s = data;
    fe_cursors ch;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CallExpr:
        s->writes_more = !calls_only_local_writers(s->cx, c, s->depth + 1);
        break;
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_StmtExpr:
    case CXCursor_AsmStmt:
        s->writes_more = true;
        break;
    case CXCursor_UnexposedExpr:
        s->writes_more = fe_is_va_arg(c); /* moves a va_list on, maybe a caller's */
        break;
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
    case CXCursor_UnaryOperator:
        /* An assignment, compound assignment, ++ or -- (a comma writes
           nothing itself): to one of the function's own locals only. */
        if (fe_is_update_expression(c) &&
            !(clang_getCursorKind(c) == CXCursor_BinaryOperator &&
              clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma)) {
            fe_children(NULL, c, &ch);
            s->writes_more = ch.count == 0 || !is_own_local(ch.items[0], s->fn);
        }
        break;
    default:
        break;
    }
    return s->writes_more ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool only_writes_locals(fe_ctx *cx, CXCursor decl, int depth)
{
    CXCursor fn = fe_find_function(cx, decl);
    CXCursor body = clang_Cursor_isNull(fn) ? fn : fe_function_body(fn);
    if (clang_Cursor_isNull(body) || depth > 4)
        return false;
    fe_node_memo *m = fe_node_memo_of(body);
    if (m && m->writes_only_locals != FE_MEMO_UNSET)
        return m->writes_only_locals == FE_MEMO_YES;
    if (m)
        m->writes_only_locals = FE_MEMO_NO; /* while searching: a recursion writes more */
    local_write_search s = {cx, fn, depth, false};
    clang_visitChildren(body, find_nonlocal_write, &s);
    if (m)
        m->writes_only_locals = s.writes_more ? FE_MEMO_NO : FE_MEMO_YES;
    return !s.writes_more;
}


/* Whether a va_list expression is a pointer to the va_list object: the
   decayed array, or a `va_list` parameter, whose array type is adjusted
   to a pointer (C11 6.7.6.3p7; libclang gives the type as written). */
static bool va_list_behind_pointer(CXCursor expr)
{
    if (fe_type_is_pointer(fe_cursor_type(expr)))
        return true;
    CXCursor c = fe_strip(expr);
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
           clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_ParmDecl &&
           fe_type_is_array(fe_cursor_type(c));
}

static enum CXChildVisitResult find_loop_write(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    loop_writes *w = data;
    CXCursor target = clang_getNullCursor();
    fe_cursors ch;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt:
        if (w->returns_allowed)
            break;
        w->refused = true;
        return CXChildVisit_Break;
    case CXCursor_CallExpr:
        if (calls_only_local_writers(w->cx, c, 0))
            break;
        w->refused = true;
        return CXChildVisit_Break;
    case CXCursor_GotoStmt:
    case CXCursor_IndirectGotoStmt: case CXCursor_StmtExpr:
        w->refused = true;
        return CXChildVisit_Break;
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        fe_children(NULL, c, &ch);
        if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign && ch.count == 2)
            target = ch.items[0];
        break;
    }
    case CXCursor_CompoundAssignOperator:
        fe_children(NULL, c, &ch);
        if (ch.count == 2)
            target = ch.items[0];
        break;
    case CXCursor_UnexposedExpr:
        if (!fe_is_va_arg(c))
            break;
        /* va_arg moves its va_list on: a va_list of the function's own is
           the place; one handed on as a parameter is the caller's, behind
           a pointer this does not tell. */
        fe_children(NULL, c, &ch);
        for (unsigned i = 0; i < ch.count && clang_Cursor_isNull(target); i++)
            if (clang_isExpression(clang_getCursorKind(ch.items[i])))
                target = fe_strip(ch.items[i]);
        if (clang_Cursor_isNull(target) || va_list_behind_pointer(target)) {
            w->refused = true;
            return CXChildVisit_Break;
        }
        break;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        fe_children(NULL, c, &ch);
        if ((op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
             op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec) && ch.count == 1)
            target = ch.items[0];
        break;
    }
    default:
        break;
    }
    if (!clang_Cursor_isNull(target))
        VKS_PUSH(w->cx->arena, w->targets, w->count, w->cap, target);
    return CXChildVisit_Recurse;
}

/* What a write to a place may change: the node of a variable, or what a
   pointer points at (forgotten with what it reaches, as `pointee`);
   node NULL when nothing known is there.  refused: a place this cannot
   tell. */
typedef struct {
    fe_val *node;
    bool through_pointer, refused;
    CXType pointee;
} written_place;

static written_place place_written(fe_ctx *cx, CXCursor target)
{
    CXCursor c = fe_strip(target);
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_DeclRefExpr)
            return (written_place){.node = fe_lvalue(cx, c)};
        fe_cursors ch;
        fe_children(NULL, c, &ch);
        CXCursor base = ch.count ? fe_strip(ch.items[0]) : clang_getNullCursor();
        /* an array's element is the array's: its name decays to a pointer */
        bool pointer_base = ch.count && fe_type_is_pointer(fe_cursor_type(ch.items[0])) &&
                            !is_array_type(fe_cursor_type(base));
        bool member_or_element = k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr;
        if (member_or_element && !pointer_base) {
            c = base; /* a member or element of a variable: the variable */
            continue;
        }
        bool deref = k == CXCursor_UnaryOperator &&
                     clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
        bool computed_base = clang_getCursorKind(base) == CXCursor_CallExpr &&
                             calls_only_local_writers(cx, base, 0);
        if (!(member_or_element || deref) || !pointer_base ||
            !(plain_place(base, true) || computed_base))
            return (written_place){.refused = true};
        fe_val *p = fe_eval(cx, base);
        /* Host writes into mapped memory: while no submission the path made
           is still in flight (fe_in_flight), the iterations not run write
           what no device access can race with now, and a later submission
           is ordered after them ("When batches of command buffers are
           submitted to a queue via a queue submission command, it defines a
           memory dependency with prior host operations", Synchronization
           and Cache Control, Host Write Ordering Guarantees); forgetting
           the values they write is all there is.  A staging buffer filled
           byte by byte before it is recorded (4,096 writes) ended the
           analysis incomplete.  With work in flight the limit stays: the
           writes not run are host accesses a rule would check. */
        if (p->mapping && fe_in_flight(cx))
            return (written_place){.refused = true};
        return (written_place){
            .node = p->kind == VAL_PTR ? p->target : fe_zeroed_block(cx, p),
            .through_pointer = true,
            .pointee = clang_getPointeeType(clang_getCanonicalType(fe_cursor_type(base))),
        };
    }
}

bool fe_forget_loop_writes(fe_ctx *cx, const CXCursor *parts, unsigned part_count,
                           bool returns_allowed)
{
    loop_writes w = {.cx = cx, .returns_allowed = returns_allowed};
    for (unsigned i = 0; i < part_count && !w.refused; i++) {
        if (clang_Cursor_isNull(parts[i]))
            continue;
        find_loop_write(parts[i], clang_getNullCursor(), &w);
        if (!w.refused)
            clang_visitChildren(parts[i], find_loop_write, &w);
    }
    if (w.refused)
        return false;
    written_place *places = vks_arena_alloc(cx->arena, sizeof *places * (w.count + 1));
    for (size_t i = 0; i < w.count; i++) {
        places[i] = place_written(cx, w.targets[i]);
        if (places[i].refused)
            return false;
    }
    /* What pointers point at first, with the pointers as they are now;
       then the variables (a pointer the loop advances among them). */
    for (size_t i = 0; i < w.count; i++)
        if (places[i].node && places[i].through_pointer)
            havoc_reachable(cx, places[i].node, places[i].pointee);
    for (size_t i = 0; i < w.count; i++)
        if (places[i].node && !places[i].through_pointer)
            havoc(cx, places[i].node);
    return true;
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
        f->types[f->count] = fe_cursor_type(c);
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

/* Stores an initialiser's value: a nested braced list becomes a nested
   aggregate of the member's type. */
static void init_member(fe_ctx *cx, fe_val *member, CXCursor value, vks_loc loc)
{
    CXCursor stripped = fe_strip(value);
    if (clang_getCursorKind(stripped) == CXCursor_InitListExpr)
        fe_assign(cx, member, eval_init_list(cx, stripped,
                                             fe_cursor_type(stripped), loc));
    else
        fe_assign(cx, member, fe_eval(cx, value));
}

/*
 * GNU C's range designator, `[first ... last] = value`: "To initialize a
 * range of elements to the same value, write '[first ... last] = value'"
 * (GCC manual, "Designated Initializers"), kernel tables' way of giving
 * every entry a default that later designators override.  libclang gives
 * both bounds as the designator's first two children, as it gives the two
 * indices of `[i][j] = value`; the tokens of the first brackets tell them
 * apart.  Read as `[first][last]`, the elements were left zero: a table of
 * consumer stages read as no stage at all.
 */
static bool range_designator_uncached(CXCursor c)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *tokens;
    unsigned ntokens;
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &ntokens);
    bool range = false;
    int depth = 0;
    for (unsigned i = 0; i < ntokens; i++) {
        CXString sp = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(sp);
        bool done = false;
        if (strcmp(t, "[") == 0)
            depth++;
        else if (strcmp(t, "]") == 0)
            done = --depth == 0;
        else if (depth == 1 && strcmp(t, "...") == 0)
            range = done = true;
        clang_disposeString(sp);
        if (done)
            break;
    }
    clang_disposeTokens(tu, tokens, ntokens);
    return range;
}

/* Kept on the node: the element is met again each time its list is
   evaluated, and tokenizing it each time was the whole cost. */
static bool range_designator(CXCursor c)
{
    fe_node_memo *m = fe_node_memo_of(c);
    if (m && m->range_designator != FE_MEMO_UNSET)
        return m->range_designator == FE_MEMO_YES;
    bool range = range_designator_uncached(c);
    if (m)
        m->range_designator = range ? FE_MEMO_YES : FE_MEMO_NO;
    return range;
}

enum { MAX_RANGE_DESIGNATOR = 4096 };

/* `[first ... last] = value` into `agg`: each element of the range holds
   the value (evaluated once: "If the value in it has side-effects, the
   side-effects happen only once, not for each initialized field by the
   range initializer", ibid.).  The position after it (the next
   undesignated initialiser's), or 0 when the bounds are not known and the
   elements were not set. */
static unsigned init_range(fe_ctx *cx, fe_val *agg, const fe_cursors *parts, vks_loc loc)
{
    uint64_t first, last;
    if (parts->count != 3 || !fe_known_int(fe_eval(cx, parts->items[0]), &first) ||
        !fe_known_int(fe_eval(cx, parts->items[1]), &last) || last < first ||
        last > INT32_MAX || last - first >= MAX_RANGE_DESIGNATOR)
        return 0;
    fe_val *head = fe_element(cx, agg, (int64_t)first);
    init_member(cx, head, parts->items[2], loc);
    for (uint64_t i = first + 1; i <= last; i++)
        fe_assign(cx, fe_element(cx, agg, (int64_t)i), fe_copy(cx, head));
    return (unsigned)last + 1;
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

    /* Every initialiser, not just the first FE_SMALL_CHILDREN: a longer
       list (an embedded SPIR-V module) must not read as zeros past 16. */
    fe_cursors ch;
    fe_children(cx->arena, list, &ch);
    unsigned position = 0;
    /* Until a designator names an element, each position is new. */
    bool designated = false;
    for (unsigned i = 0; i < ch.count; i++) {
        CXCursor c = ch.items[i];
        fe_cursors parts;
    fe_children(NULL, c, &parts);
        if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && parts.count >= 2 &&
            (clang_getCursorKind(parts.items[0]) == CXCursor_MemberRef || is_array)) {
            /* A designated initialiser: `.a.b = value`, `[2].a = value`
               (an array designator's child is its index expression). */
            fe_val *member = agg;
            designated = true;
            if (is_array && parts.count >= 3 &&
                clang_getCursorKind(parts.items[0]) != CXCursor_MemberRef &&
                clang_getCursorKind(parts.items[1]) != CXCursor_MemberRef &&
                range_designator(c)) {
                unsigned after = init_range(cx, agg, &parts, loc);
                if (after)
                    position = after;
                else
                    agg->zero_rest = false; /* not followed: what it sets is unknown */
                continue;
            }
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
                const char *name = fe_spelling(cx, parts.items[p]);
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
            member = designated ? fe_element(cx, agg, position) : fe_new_element(cx, agg, position);
            position++;
        } else if (position < fields.count) {
            member_type = fields.types[position];
            member = fe_child(cx, agg, fields.names[position++]);
        } else {
            continue;
        }
        if (is_aggregate_type(member_type) &&
            clang_getCursorKind(fe_strip(c)) != CXCursor_InitListExpr &&
            !clang_equalTypes(clang_getCanonicalType(fe_cursor_type(fe_strip(c))),
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

/* Whether the cast c gives a pointer to the type of the object p's member
   is in (member_address). */
static bool casts_to_container(fe_ctx *cx, CXCursor cast, const fe_val *p)
{
    CXType to = clang_getCanonicalType(fe_cursor_type(cast));
    if (to.kind != CXType_Pointer)
        return false;
    const char *pointee = fe_string(cx, clang_getTypeSpelling(
                                            clang_getCanonicalType(clang_getPointeeType(to))));
    return p->container_type && strcmp(pointee, p->container_type) == 0;
}

/* sizeof *e for a pointer expression e: the step of e + 1. */
static uint64_t pointee_size(CXCursor e)
{
    return fe_type_size(clang_getPointeeType(clang_getCanonicalType(fe_cursor_type(e))));
}

/*
 * The place that holds an lvalue the evaluator cannot name (an element at
 * an unknown index), for forgetting it when a write may go anywhere inside
 * it: the nearest enclosing array or struct it can name.  Through a
 * pointer that is what the pointer points at, never the pointer variable:
 * `&demo->image_acquired_semaphores[demo->frame_index]` forgot the
 * parameter `demo` itself, and with it everything vkcube's demo_draw knew
 * of `*demo` (every later `demo->validate` a new unknown, a new decision).
 * A pointer whose pointee has no node of its own (a parameter's, a
 * member's) is itself forgotten: a new name, so a new pointee.
 */
static fe_val *containing_place(fe_ctx *cx, CXCursor expr)
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
        fe_cursors ch;
        fe_children(NULL, c, &ch);
        if (!ch.count)
            return NULL;
        CXCursor base = ch.items[0];
        if (!fe_type_is_pointer(fe_cursor_type(base))) {
            fe_val *place = fe_lvalue(cx, base);
            return place && !place->mapped_place ? place : containing_place(cx, base);
        }
        fe_val *pointer = fe_eval(cx, base);
        if (pointer->kind == VAL_PTR && pointer->target && !pointer->mapping)
            return pointer->target;
        /* A pointee known only by the pointer's name: the pointer itself
           (a new name, a new pointee), not what holds it. */
        fe_val *held = fe_lvalue(cx, base);
        return held && !held->mapped_place ? held : containing_place(cx, base);
    }
    default:
        return NULL;
    }
}

/* object.member in mapped memory: the member's byte offset from the type. */
static fe_val *host_member(fe_ctx *cx, const fe_val *object, CXCursor member_ref)
{
    CXCursor field = clang_getCursorReferenced(member_ref);
    long long bits = clang_Cursor_getOffsetOfField(field);
    bool known = bits >= 0 && bits % 8 == 0;
    return fe_host_member(cx, object, known, known ? (uint64_t)bits / 8 : 0);
}

/* "Renderer.color" for `r->color` / `r.color`: where a handle is
   kept, the same in every function (objects.c). */
static const char *member_key(fe_ctx *cx, CXCursor base, const char *name)
{
    CXType t = clang_getCanonicalType(fe_cursor_type(base));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_Record)
        return NULL;
    const char *record = fe_string(cx, clang_getTypeSpelling(t));
    if (strncmp(record, "struct ", 7) == 0)
        record += 7;
    if (strncmp(record, "Vk", 2) == 0)
        return NULL; /* a create info's member is not where a handle is kept */
    return fe_intern_printf(cx, "%s.%s", record, name);
}

/*
 * An element the evaluator cannot name (at an unknown index, or in an
 * array it cannot name) is no place of its own: a write there forgets the
 * whole array (containing_place), and a read gives an unknown.  But C code
 * stores and tests at once: `q->frame_deps[q->nb_frame_deps] =
 * av_frame_clone(frame); if (!q->frame_deps[q->nb_frame_deps]) { ...;
 * return AVERROR(ENOMEM); }` (FFmpeg's ff_vk_add_exec_dep, twice per
 * frame).  Read back with nothing written since, anywhere, the same
 * expression designates the same element (C evaluates it to the same
 * place when nothing it reads changed), so it holds what was stored; the
 * expression must only read (no call, assignment or increment in it).
 * Any write in between ends it, and so does a region's way undone
 * (values.c counts both in cx->writes).
 */
static enum CXChildVisitResult find_update(CXCursor c, CXCursor parent, CXClientData found)
{
    (void)parent;
    if (!fe_is_update_expression(c))
        return CXChildVisit_Recurse;
    *(bool *)found = true;
    return CXChildVisit_Break;
}

/* The text of an element expression that only reads, or NULL. */
static const char *element_text(fe_ctx *cx, CXCursor expr)
{
    CXCursor c = fe_strip(expr);
    if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
        return NULL;
    bool updates = false;
    clang_visitChildren(c, find_update, &updates);
    return updates ? NULL : fe_source_text(cx, c);
}

static void remember_store_at_unknown_index(fe_ctx *cx, CXCursor lhs, fe_val *value)
{
    const char *text = element_text(cx, lhs);
    if (!text)
        return;
    cx->path.stored_at_unknown_index.text = text;
    cx->path.stored_at_unknown_index.value = value;
    cx->path.stored_at_unknown_index.writes = cx->writes;
}

static fe_val *stored_at_unknown_index(fe_ctx *cx, CXCursor expr)
{
    if (!cx->path.stored_at_unknown_index.value ||
        cx->path.stored_at_unknown_index.writes != cx->writes)
        return NULL;
    const char *text = element_text(cx, expr);
    return text && strcmp(text, cx->path.stored_at_unknown_index.text) == 0
               ? cx->path.stored_at_unknown_index.value
               : NULL;
}

/* A place the evaluator cannot name because a join lost the pointer or
   index that leads to it (summary.c): a new unknown carrying that join, so
   that a Vulkan call reading it splits the region; NULL otherwise. */
static fe_val *unknown_from(fe_ctx *cx, const fe_val *a, const fe_val *b);

static fe_val *lost_place(fe_ctx *cx, const fe_val *pointer, const fe_val *index)
{
    bool lost = (pointer && pointer->lossy) || (index && index->lossy);
    fe_val *place = lost ? unknown_from(cx, pointer, index) : NULL;
    if (place)
        place->lost_place = true;
    return place;
}

/*
 * Issue 11, cause 5: "Resources are named by what the program wrote ...
 * today a helper-made buffer was named 'the condition'."  A handle created
 * by `buffer_create(&buf_b, n)` through `&b->buffer` is kept in
 * `buf_b.buffer`: objects that have no name of their own (a zeroed struct,
 * a member of one) are named after the variable that holds them, so the
 * create call names the handle by where it is stored (objects.c,
 * created_handle) rather than by the helper's parameter.  Names are for
 * messages only.
 */
static void name_member_after_object(fe_ctx *cx, fe_val *member, const fe_val *object,
                                     const char *name)
{
    if (member->spelling || !object->spelling || member->kind == VAL_SYM)
        return;
    member->spelling = vks_arena_printf(fe_value_arena(cx),
                                        object->via_pointer ? "%s->%s" : "%s.%s",
                                        object->spelling[0] == '*' && object->via_pointer
                                            ? object->spelling + 1
                                            : object->spelling,
                                        name);
}

/* `frames[1]` for element 1 of an array named `frames` (issue 11, causes
   5 and 7: a helper called in a loop over frames[i] keeps each handle in
   its own element, which names it and tells the objects apart). */
static void name_element_after_array(fe_ctx *cx, fe_val *element, const fe_val *base,
                                     int64_t index)
{
    if (element->spelling || element->kind == VAL_SYM || base->kind != VAL_PTR ||
        !base->target || base->single || !base->target->spelling)
        return;
    element->spelling = vks_arena_printf(fe_value_arena(cx), "%s[%lld]",
                                         base->target->spelling,
                                         (long long)(base->index + index));
}

/*
 * Issue 11, cause 5, constructors returning a struct by value:
 * `vkh_buffer staging = vkh_make_buffer(dev, n);` creates the handle in
 * the constructor's local `b`, which names it 'b.buffer'.  The struct is
 * kept in `staging` (`r->staging`, `ring[1]`) once returned: the handles
 * created in it take that name, and an identity of their own (cause 7: a
 * constructor called in a loop filling ring[i] makes one object per
 * element; fe_handle_renamed, objects.c).  Only for a call's result: a
 * copy of another variable keeps its handles.  `made_in`, when set, is
 * the call's location: only handles created inside that call are renamed.
 */
/* Names the handle `node` (when it is one the call made) `name`; whether
   it was a handle.  `returned_by`, when set, is the call that returned a
   struct by value: a handle made before it and only copied into the
   struct (`a.buffer = heap->buffer;`, a suballocator's ranges of one
   VkBuffer) is the object it was, not one of the variable's own. */
static bool rename_handle(fe_ctx *cx, fe_val *node, const char *name, const vks_loc *made_in,
                          const vks_loc *returned_by)
{
    if (node->kind != VAL_SYM || !node->ident)
        return false;
    if (made_in && !fe_created_inside(cx, node, *made_in))
        return true; /* kept there before the call */
    if (returned_by && fe_created_before(cx, node, *returned_by))
        return true;
    /* A handle already kept somewhere before (`=>`) is passed through
       (`VkImageMemoryBarrier b = to_general(small);`), not made here. */
    if (strncmp(node->ident, "created:", 8) == 0 && !strstr(node->ident, "=>")) {
        const char *made_as = node->ident;
        fe_will_write(cx, node);
        node->spelling = name;
        node->ident = vks_arena_printf(cx->arena, "%s=>%s", made_as, name);
        fe_handle_renamed(cx, node, made_as);
    } else if (made_in) {
        /* Named after the allocation it is kept in, which is one object
           per call already: only the name changes. */
        fe_will_write(cx, node);
        node->spelling = name;
        fe_handle_renamed(cx, node, node->ident);
    }
    return true;
}

static void rename_created_handles(fe_ctx *cx, fe_val *v, const char *spelling,
                                   const char *separator, const vks_loc *made_in,
                                   const vks_loc *returned_by, int depth)
{
    for (fe_field *f = v->fields; f && depth < 4; f = f->next) {
        fe_val *child = f->value;
        const char *name = vks_arena_printf(cx->arena, "%s%s%s", spelling,
                                            f->name[0] == '[' ? "" : separator, f->name);
        if (!rename_handle(cx, child, name, made_in, returned_by) && child->fields)
            rename_created_handles(cx, child, name, ".", made_in, returned_by, depth + 1);
    }
}

/*
 * The same for a constructor returning a pointer to what it allocated:
 * `struct gpu_buffer *staging = gpu_buffer_new(dev, n);` after
 * `res = calloc(1, sizeof(*res)); vkCreateBuffer(..., &res->handle)`.
 * The allocation is a call the evaluator cannot see into, so the pointer
 * is a name and what it points at is kept by that name (values.c,
 * pointed_to); its handles were named 'res->handle' and are
 * 'staging->handle' where the program uses them.  A pointer to something
 * that existed before the call (`get_context()` handing out a global) is
 * left alone: only the handles the call itself created are renamed.
 */
static void name_handles_behind_returned_pointer(fe_ctx *cx, const fe_val *v, CXCursor call,
                                                 const char *spelling)
{
    if (v->kind != VAL_SYM || !v->ident)
        return;
    void **slot = fe_name_slot(cx, &cx->path.pointees, v->ident, false);
    fe_val *pointee = slot ? *slot : NULL;
    /* `res->handle` is element 0 of what res points at (fe_deref). */
    fe_field *first = pointee ? pointee->fields : NULL;
    while (first && strcmp(first->name, "[0]") != 0)
        first = first->next;
    if (!first || !first->value->fields)
        return;
    vks_loc at = fe_loc(cx, call);
    rename_created_handles(cx, first->value, spelling, "->", &at, NULL, 0);
}

static void name_returned_handles(fe_ctx *cx, fe_val *v, CXCursor rhs, const char *spelling)
{
    CXCursor call = fe_strip(rhs);
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !spelling)
        return;
    if (fe_type_is_pointer(fe_cursor_type(call))) {
        /* A handle is a pointer too (`VkBuffer staging = make_buffer (g,
           n);`, the helper's local `buffer` created): the variable's. */
        vks_loc at = fe_loc(cx, call);
        if (v->kind == VAL_SYM && v->ident && fe_created_inside(cx, v, at))
            rename_handle(cx, v, spelling, &at, NULL);
        else
            name_handles_behind_returned_pointer(cx, v, call, spelling);
        return;
    }
    if (v->kind == VAL_SYM || !v->fields)
        return;
    v->spelling = spelling;
    vks_loc at = fe_loc(cx, call);
    rename_created_handles(cx, v, spelling, ".", NULL, &at, 0);
}

static void name_after_variable(fe_ctx *cx, fe_val *v, CXCursor decl)
{
    if (v->kind != VAL_SYM && v->kind != VAL_PTR)
        v->spelling = fe_spelling(cx, decl);
}

/* ---- what the evaluator asks of a node on every run, asked once ---- */

enum {
    CAST_UNSET,
    CAST_NOT_AN_EXPRESSION,   /* the operand is not an expression: unknown */
    CAST_ARRAY_TO_POINTER,
    CAST_TO_INTEGER,          /* the value is fitted to memo->shape */
    CAST_KEEP,
    CAST_VA_ARG,              /* not a cast: va_arg (fe_is_va_arg) */
};

/* How a cast (implicit or written) converts its operand; an integer
   target's shape goes to m->shape (the node's type's, as int_of_type's). */
static unsigned char cast_of(CXCursor cast, CXCursor operand, fe_node_memo *m)
{
    if (fe_is_va_arg(cast)) {
        if (fe_type_is_integer(fe_cursor_type(cast))) {
            m->shape = shape_of(fe_cursor_type(cast));
            m->shape_known = true;
        }
        return CAST_VA_ARG;
    }
    if (!clang_isExpression(clang_getCursorKind(operand)))
        return CAST_NOT_AN_EXPRESSION;
    CXType to = fe_cursor_type(cast);
    if (fe_type_is_array(fe_cursor_type(operand)) && fe_type_is_pointer(to))
        return CAST_ARRAY_TO_POINTER;
    if (!fe_type_is_integer(to))
        return CAST_KEEP;
    m->shape = shape_of(to);
    m->shape_known = true;
    return CAST_TO_INTEGER;
}

static CXCursor referenced_declaration(CXCursor c)
{
    fe_node_memo *m = fe_node_memo_of(c);
    if (!m)
        return clang_getCursorReferenced(c);
    if (!m->referenced_known) {
        m->referenced = clang_getCursorReferenced(c);
        m->referenced_known = true;
    }
    return m->referenced;
}

/*
 * A function designator (`upload_pass`, `&upload_pass`) as a value: a
 * name that says which function it is, so that a call through a pointer
 * holding it runs that function (function_behind_pointer).  A render
 * graph that keeps each pass's callback in a struct and calls
 * `pass->execute (cmd, pass->user)` recorded nothing the analysis saw
 * across passes: a fill in one pass and the copy that reads it in the
 * next were checked apart, each pass a recording of its own.
 */
static const char FUNCTION_PREFIX[] = "function:";

static fe_val *function_value(fe_ctx *cx, CXCursor fn)
{
    fe_node_memo *m = fe_node_memo_of(fn);
    const char *ident = m ? m->function_ident : NULL;
    if (!ident) {
        ident = fe_intern_printf(cx, "%s%s", FUNCTION_PREFIX,
                                 fe_string(cx, clang_getCursorUSR(fn)));
        if (m)
            m->function_ident = ident;
    }
    fe_val *v = fe_sym(cx, ident, fe_spelling(cx, fn));
    v->not_null = true; /* a function's address is never null */
    return v;
}

/* The function designator c is (through parentheses, casts and `&`), or a
   null cursor. */
static CXCursor designated_function(CXCursor c)
{
    c = fe_strip(c);
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
        fe_cursors ch;
        fe_children(NULL, c, &ch);
        c = ch.count == 1 ? fe_strip(ch.items[0]) : clang_getNullCursor();
    }
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    CXCursor d = referenced_declaration(c);
    return clang_getCursorKind(d) == CXCursor_FunctionDecl ? d : clang_getNullCursor();
}

static bool member_base_is_pointer(CXCursor member_ref, CXCursor base)
{
    fe_node_memo *m = fe_node_memo_of(member_ref);
    if (m && m->base_is_pointer != FE_MEMO_UNSET)
        return m->base_is_pointer == FE_MEMO_YES;
    bool pointer = fe_type_is_pointer(fe_cursor_type(base));
    if (m)
        m->base_is_pointer = pointer ? FE_MEMO_YES : FE_MEMO_NO;
    return pointer;
}

/*
 * A list head given to container_of: the Linux kernel's list walks
 * (`list_for_each_entry(pos, head, member)`) end when `&pos->member ==
 * head`, where `pos` is `container_of(head, T, member)` - the head moved
 * back by `offsetof(T, member)`, into the object around it, which is no T.
 * Its `member` is the head again: the bytes moved back and forth cancel
 * (`(char *)head - offsetof(T, member) + offsetof(T, member)`).  `p` is a
 * member's pointer moved by moved_in_container; true when the member `c`
 * names through it is that member.
 */
static bool lands_on_moved_member(CXCursor c, CXCursor base, const fe_val *p)
{
    if (p->kind != VAL_PTR || !p->container || !p->single || p->index >= 0 || p->mapping)
        return false;
    CXType record = clang_getCanonicalType(
        clang_getPointeeType(clang_getCanonicalType(fe_cursor_type(base))));
    CXString field = clang_getCursorSpelling(c);
    long long bits = clang_Type_getOffsetOf(record, clang_getCString(field));
    clang_disposeString(field);
    return bits >= 0 && bits % 8 == 0 && bits / 8 == -p->index;
}

/* The place of a member expression `o.f` / `p->f`; *object_out (when
   asked): the object it is a member of, NULL when that is not a place of
   the evaluator's own. */
static fe_val *member_place(fe_ctx *cx, CXCursor c, fe_val **object_out)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    if (object_out)
        *object_out = NULL;
    if (ch.count == 0)
        return NULL;
    const char *name = fe_spelling(cx, c);
    CXCursor base = ch.items[0];
    fe_val *object;
    const fe_val *from = NULL;
    if (member_base_is_pointer(c, base)) {
        fe_val *p = fe_eval(cx, base);
        from = p;
        if (lands_on_moved_member(c, base, p))
            return p->target; /* the head: its address is `head` again */
        object = p->mapping ? fe_host_place(cx, p, NULL, 0) : fe_deref(cx, p, 0);
    } else {
        object = fe_lvalue(cx, base);
    }
    if (!object)
        return lost_place(cx, from, NULL);
    if (object->mapped_place) /* a member of an object in mapped memory */
        return host_member(cx, object, c);
    fe_val *member = fe_union_member(cx, object, c, name);
    if (!member)
        member = fe_child(cx, object, name);
    if (!member->member_key)
        member->member_key = member_key(cx, base, name);
    name_member_after_object(cx, member, object, name);
    if (object_out)
        *object_out = object;
    return member;
}

/*
 * `&o.f` / `&p->f`: a pointer to the member that remembers the object it
 * is in.  COM-style objects (Wine's vkd3d: `*out = &list->ICommandList_iface`)
 * hand out the address of an embedded interface, and each method finds its
 * object again with CONTAINING_RECORD(iface, struct command_list,
 * ICommandList_iface): `(char *)iface - offsetof(...)`.  C11 6.7.2.1p15:
 * "A pointer to a structure object, suitably converted, points to its
 * initial member ..., and vice versa"; a member at offset k is k bytes
 * into the object (offsetof, 7.19).  Without the object, every method
 * read its command buffer from the member's own (empty) fields and each
 * was analysed apart: the fill and the copy were never in one recording.
 */
static fe_val *member_address(fe_ctx *cx, CXCursor member_ref, fe_val **member_out)
{
    fe_val *object = NULL;
    fe_val *member = *member_out = member_place(cx, member_ref, &object);
    if (!member || member->mapped_place)
        return NULL; /* the caller's, as for any place */
    fe_val *p = fe_pointer_to(cx, member, 0, true);
    fe_cursors ch;
    fe_children(NULL, member_ref, &ch);
    if (!object || ch.count == 0)
        return p;
    CXType record = fe_cursor_type(ch.items[0]);
    if (member_base_is_pointer(member_ref, ch.items[0]))
        record = clang_getPointeeType(record);
    record = clang_getCanonicalType(record);
    CXString field = clang_getCursorSpelling(member_ref);
    long long bits = clang_Type_getOffsetOf(record, clang_getCString(field));
    clang_disposeString(field);
    if (bits < 0 || bits % 8)
        return p; /* a bit-field, or a member clang cannot place */
    p->container = object;
    p->container_offset = bits / 8;
    p->container_type = fe_string(cx, clang_getTypeSpelling(record));
    p->container_holds_cmdbuf = fe_type_reaches_cmdbuf(cx, record);
    return p;
}

/* The element `base[index]` designates (fe_lvalue), with the base pointer
   and the index it was found by (index -1 when not known). */
static fe_val *subscript_place(fe_ctx *cx, CXCursor c, fe_val **base_out, int64_t *index_out)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    *base_out = NULL;
    *index_out = -1;
    if (ch.count < 2)
        return NULL;
    uint64_t index;
    fe_val *index_val = fe_eval(cx, ch.items[1]);
    fe_val *base = fe_eval(cx, ch.items[0]);
    *base_out = base;
    if (base->mapping && !base->mapped_place)
        return fe_host_place(cx, base, index_val, fe_type_size(fe_cursor_type(c)));
    if (!fe_known_int(index_val, &index))
        return lost_place(cx, base, index_val);
    fe_val *element = fe_deref(cx, base, (int64_t)index);
    if (element) {
        name_element_after_array(cx, element, base, (int64_t)index);
        *index_out = (int64_t)index;
    }
    return element ? element : lost_place(cx, base, NULL);
}

static enum CXChildVisitResult find_side_effect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    enum CXUnaryOperatorKind u = k == CXCursor_UnaryOperator ? clang_getCursorUnaryOperatorKind(c)
                                                             : CXUnaryOperator_Invalid;
    if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_BinaryOperator &&
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
        u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
        u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* A pointer argument written `&a[i]`, whose value is a pointer to the
   element alone, as `a + i`: a pointer into the array, for a call that
   reaches the elements after it (memmove (&list[i], &list[i + 1], ...)).
   The subscript is evaluated again, so only one without side effects. */
static fe_val *element_pointer_argument(fe_ctx *cx, CXCursor call, unsigned i, fe_val *arg)
{
    CXCursor a = fe_strip(clang_Cursor_getArgument(call, i));
    fe_cursors ch;
    fe_children(NULL, a, &ch);
    if (arg->kind != VAL_PTR || !arg->single || clang_getCursorKind(a) != CXCursor_UnaryOperator ||
        clang_getCursorUnaryOperatorKind(a) != CXUnaryOperator_AddrOf || ch.count != 1)
        return arg;
    CXCursor subscript = fe_strip(ch.items[0]);
    bool effects = false;
    if (clang_getCursorKind(subscript) != CXCursor_ArraySubscriptExpr)
        return arg;
    clang_visitChildren(subscript, find_side_effect, &effects);
    if (effects)
        return arg;
    fe_val *base;
    int64_t index;
    fe_val *element = subscript_place(cx, subscript, &base, &index);
    if (element != arg->target || index < 0 || base->kind != VAL_PTR || !base->target ||
        base->single || base->mapping)
        return arg;
    return fe_pointer_to(cx, base->target, base->index + index, false);
}

fe_val *fe_lvalue(fe_ctx *cx, CXCursor expr)
{
    CXCursor c = fe_strip(expr);
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        CXCursor d = referenced_declaration(c);
        enum CXCursorKind k = clang_getCursorKind(d);
        if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
            return variable(cx, d);
        return NULL;
    }
    case CXCursor_MemberRefExpr:
        return member_place(cx, c, NULL);
    case CXCursor_ArraySubscriptExpr: {
        fe_val *base;
        int64_t index;
        return subscript_place(cx, c, &base, &index);
    }
    case CXCursor_UnaryOperator:
        if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref && ch.count) {
            fe_val *p = fe_eval(cx, ch.items[0]);
            fe_val *target = p->mapping ? fe_host_place(cx, p, NULL, 0) : fe_deref(cx, p, 0);
            return target ? target : lost_place(cx, p, NULL);
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

/* An unknown computed from operands: one a join lost keeps that join's
   number (summary.c), so a Vulkan call it reaches splits the region. */
static fe_val *unknown_from(fe_ctx *cx, const fe_val *a, const fe_val *b)
{
    fe_val *v = fe_unknown(cx);
    v->lossy = a && a->lossy ? a->lossy : b ? b->lossy : 0;
    return v;
}

/*
 * An unknown pointer the path names (a parameter, a member read through
 * one) moved by a known number of bytes: another named pointer, so that
 * what it points to is a place of its own, the same on every path and in
 * every function that moves the same pointer as far.  The containing
 * struct of a member (`CONTAINING_RECORD (iface, struct cmd_list, iface)`,
 * Linux's and Mesa's `container_of`: `(char *)p - offsetof (T, f)`), which
 * every COM-style method of Wine's vkd3d does to reach its command list,
 * was an unknown with no name, its command buffer no handle handed to the
 * method, and the method's recording calls were not analysed.  The name
 * is the pointer's with "/@<bytes>" after it; moving it again adds to the
 * bytes, and moving it back to 0 is the pointer itself.
 */
static fe_val *pointer_moved(fe_ctx *cx, const fe_val *p, int64_t bytes, const char *spelling)
{
    const char *base = p->ident;
    const char *at = strrchr(base, '/');
    char *end = NULL;
    if (at && at[1] == '@') {
        long long before = strtoll(at + 2, &end, 10);
        if (end && *end == '\0' && end != at + 2) {
            bytes += before;
            base = vks_arena_printf(cx->arena, "%.*s", (int)(at - base), base);
        }
    }
    fe_val *moved = fe_sym(cx, bytes ? vks_arena_printf(cx->arena, "%s/@%lld", base,
                                                        (long long)bytes)
                                     : base,
                           spelling);
    moved->not_null = p->not_null;
    return moved;
}

/* A byte pointer to a member (member_address) moved by `bytes`: back by
   the member's offset, it is the object (CONTAINING_RECORD's
   `(char *)p - offsetof(T, f)`); not moved, still the member; elsewhere,
   the element arithmetic any pointer gets. */
static fe_val *moved_in_container(fe_ctx *cx, const fe_val *p, int64_t bytes)
{
    if (bytes == 0)
        return fe_copy(cx, p);
    if (bytes == -p->container_offset)
        return fe_pointer_to(cx, p->container, 0, true);
    fe_val *moved = fe_pointer_to(cx, p->target, p->index + bytes, p->single);
    /* Still the member's pointer, `bytes` off: a list head handed to
       container_of (below, member_place) */
    moved->container = p->container;
    moved->container_offset = p->container_offset;
    moved->container_type = p->container_type;
    return moved;
}

/*
 * `if (open_device (&g) != 0 || make_pipeline (&g) != 0) return 1;`: "the
 * || operator guarantees left-to-right evaluation ... If the first operand
 * compares unequal to 0, the second operand is not evaluated" (C11
 * 6.5.14p4; && the same when it compares equal, 6.5.13p4).  With the left
 * operand unknown, whether the right one runs is a decision of the path:
 * the right operand's calls were never run (make_pipeline's objects were
 * not made, a recording helper there not followed) when the whole was
 * taken as unknown.  Only for a right operand that may reach a Vulkan call
 * the models see (fe_code_records).  The way that evaluates it is tried first (the one an
 * error check goes on by).  Returns the alternative chosen: 0, the left
 * operand lets the right one run; 1, it decides alone.
 */
/* Whether `c` is `cond` or reached from it through `||` operands only: when
   it is true, so is `cond`. */
static bool makes_condition_true(CXCursor cond, CXCursor c, int depth)
{
    cond = fe_strip(cond);
    if (clang_equalCursors(cond, c))
        return true;
    if (depth > 16 || clang_getCursorKind(cond) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(cond) != CXBinaryOperator_LOr)
        return false;
    fe_cursors ch;
    fe_children(NULL, cond, &ch);
    for (size_t i = 0; i < ch.count; i++)
        if (makes_condition_true(ch.items[i], c, depth + 1))
            return true;
    return false;
}

/* A decision of the path on `cond` where C evaluates one operand or another
   by it: the first alternative takes `cond` as `first`; `second_quiet`: the
   other way leaves and adds nothing (quiet_leave.c). */
static unsigned decide_truth(fe_ctx *cx, CXCursor cond, bool first, bool second_quiet)
{
    const vks_smt_expr *sym = fe_symbolic(cx, cond);
    const char *text = fe_source_text(cx, cond);
    fe_fact *facts = vks_arena_alloc(fe_value_arena(cx), 2 * sizeof *facts);
    facts[0] = (fe_fact){.cond = sym, .truth = first};
    facts[1] = (fe_fact){.cond = sym, .truth = !first};
    fe_alternative alts[2] = {
        {.facts = &facts[0], .fact_count = 1,
         .text = fe_intern_printf(cx, "`%s` is %s", text, first ? "true" : "false")},
        {.facts = &facts[1], .fact_count = 1,
         .text = fe_intern_printf(cx, "`%s` is %s", text, first ? "false" : "true"),
         .quiet_leave = second_quiet},
    };
    return fe_choose(cx, fe_loc(cx, cond), alts, 2);
}

static unsigned decide_left_operand(fe_ctx *cx, CXCursor op, CXCursor lhs, bool is_and)
{
    /* Deciding alone, an `||` of an error check's condition takes its
       branch, which leaves and adds nothing: that way is not run once a
       path through the check was kept, as the `if`'s own (quiet_leave.c). */
    CXCursor quiet = cx->eval->quiet_leave_condition;
    return decide_truth(cx, lhs, is_and,
                        !is_and && !clang_Cursor_isNull(quiet) &&
                            makes_condition_true(quiet, op, 0));
}

static bool never_null(const fe_val *v)
{
    return (v->kind == VAL_SYM && v->not_null) || fe_points_at_object(v);
}

static bool is_comparison(enum CXBinaryOperatorKind op)
{
    return op == CXBinaryOperator_LT || op == CXBinaryOperator_GT ||
           op == CXBinaryOperator_LE || op == CXBinaryOperator_GE ||
           op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE;
}

/*
 * Two pointers into the same array, counted in elements of one type: a
 * list walked by pointer (`for (c = list.items; c < list.items +
 * list.count; c++)`, as sokol_gfx-style command lists and many C codebases
 * do).  "If the objects pointed to are members of the same aggregate
 * object, ... pointers to array elements with larger subscript values
 * compare greater" (C11 6.5.8p5), and their difference "is the difference
 * of the subscripts of the two array elements" (6.5.6p9).  A byte pointer
 * into a struct (member_address, `container`) counts bytes, not elements:
 * not compared here.
 */
static bool same_array_pointers(CXCursor lhs, const fe_val *l, CXCursor rhs, const fe_val *r)
{
    if (l->kind != VAL_PTR || r->kind != VAL_PTR || !l->target || l->target != r->target ||
        l->container || r->container || l->mapping || r->mapping)
        return false;
    CXType lt = clang_getCanonicalType(fe_cursor_type(lhs));
    CXType rt = clang_getCanonicalType(fe_cursor_type(rhs));
    if (lt.kind != CXType_Pointer || rt.kind != CXType_Pointer)
        return false;
    CXType lp = clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(lt)));
    CXType rp = clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(rt)));
    return clang_equalTypes(lp, rp) != 0;
}

/* Whether `node` is `in` or one of its members, elements, their members
   ..., no deeper than `depth`; `*budget` nodes at most are visited. */
static bool holds_node(const fe_val *in, const fe_val *node, int depth, unsigned *budget)
{
    if (in == node)
        return true;
    if (depth == 0)
        return false;
    for (const fe_field *f = in->fields; f && *budget > 0; f = f->next) {
        --*budget;
        if (holds_node(f->value, node, depth - 1, budget))
            return true;
    }
    return false;
}

/* `p` points at a member of a struct (member_address); whether `q`'s
   object is inside another member of that struct (0: their addresses
   differ), or not known to be (-1). */
static int in_another_member(const fe_val *p, const fe_val *q)
{
    if (!p->container || !p->container_type || strncmp(p->container_type, "struct ", 7) != 0)
        return -1; /* a union's members share their address */
    unsigned budget = 4096;
    for (const fe_field *f = p->container->fields; f && budget > 0; f = f->next)
        if (holds_node(f->value, q->target, 4, &budget))
            return f->value == p->target ? -1 : 0; /* in p's own member: maybe its start */
    return -1;
}

/* The variable (global, or a local of a frame running) whose object holds
   `node`, or NULL: a pointer parameter's pointee is no variable's. */
static const fe_val *holding_variable(fe_ctx *cx, const fe_val *node, unsigned *budget)
{
    const fe_frame *frame = cx->path.frame;
    for (fe_binding *b = cx->path.globals;; b = frame->locals, frame = frame->caller) {
        for (; b && *budget > 0; b = b->next)
            if (holds_node(b->value, node, 6, budget))
                return b->value;
        if (!frame)
            return NULL;
    }
}

/*
 * `&pos->link != &dev->dirty`: two pointers to members, as a walk of an
 * intrusive list compares them (list_for_each_entry).  C11 6.5.9p6: two
 * pointers compare equal if and only if they point to the same object
 * (or a subobject at its beginning) or one past the same array.  Returns
 * 1 when equal, 0 when not, -1 when not known: the same node at the same
 * index is the same object (the last step of a list walk,
 * `&container_of(head, T, m)->m`: member_place); a pointer to a member of
 * a struct and one to an object inside another of its members (an entry
 * in the struct's array, a head beside it) point at disjoint objects
 * (6.7.2.1p15: the members "have addresses that increase in the order in
 * which they are declared"); objects inside two variables (an entry of
 * one array and the kernel's `static LIST_HEAD(dirty)`) are disjoint, as
 * two variables are.  A union, an object inside the member itself (its
 * first member has its address), an object in no variable (a pointer
 * parameter's pointee may be any): not known.
 */
static int member_pointers_equal(fe_ctx *cx, const fe_val *l, const fe_val *r)
{
    if (l->kind != VAL_PTR || r->kind != VAL_PTR || !l->target || !r->target ||
        l->mapping || r->mapping || !l->single || !r->single)
        return -1;
    if (l->target == r->target)
        return l->index == r->index ? 1 : -1;
    if (l->index != 0 || r->index != 0)
        return -1;
    if (in_another_member(l, r) == 0 || in_another_member(r, l) == 0)
        return 0;
    unsigned budget = 16384;
    const fe_val *in_l = holding_variable(cx, l->target, &budget);
    const fe_val *in_r = in_l ? holding_variable(cx, r->target, &budget) : NULL;
    return in_l && in_r && in_l != in_r ? 0 : -1;
}

static fe_val *eval_binary(fe_ctx *cx, CXCursor c)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
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
        bool a, b;
        fe_val *l = fe_eval(cx, lhs);
        if (!fe_known_truth(l, &a)) {
            /* A right operand that reaches no Vulkan call the models see
               (a computation, a logger) leaves the result unknown, as it
               always has; one that may record, create, submit or wait is
               run where it runs. */
            if (!fe_code_records(cx, rhs)) {
                /* Not run: what it assigns in its own text (`x && (n =
                   count ()) > 0`) may or may not have changed. */
                CXCursor parts[1] = {rhs};
                (void)fe_forget_loop_writes(cx, parts, 1, false);
                return fe_unknown(cx);
            }
            unsigned chosen = decide_left_operand(cx, c, lhs, op == CXBinaryOperator_LAnd);
            if (chosen == UINT32_MAX)
                return fe_unknown(cx);
            a = (chosen == 0) == (op == CXBinaryOperator_LAnd);
        }
        if ((op == CXBinaryOperator_LAnd) != a)
            return fe_int(cx, a);
        fe_val *r = fe_eval(cx, rhs);
        return fe_known_truth(r, &b) ? fe_int(cx, b) : fe_unknown(cx);
    }

    fe_val *target = NULL;
    fe_val *l;
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) {
        target = fe_lvalue(cx, lhs);
        if (!target) {
            /* A write to a place the evaluator cannot name (an unknown index):
               whatever variable holds it may have changed anywhere. */
            fe_val *root = containing_place(cx, lhs);
            fe_val *r = fe_eval(cx, rhs);
            if (root)
                havoc(cx, root);
            if (root && op == CXBinaryOperator_Assign)
                remember_store_at_unknown_index(cx, lhs, r);
            return r;
        }
        if (target->mapped_place) {
            /* A host write to mapped memory (a compound assignment reads
               it first); the value stored is not tracked. */
            fe_val *r = fe_eval(cx, rhs);
            uint64_t size = fe_type_size(fe_cursor_type(lhs));
            if (op != CXBinaryOperator_Assign)
                fe_host_touch(cx, fe_loc(cx, c), target, size, false);
            fe_host_touch(cx, fe_loc(cx, c), target, size, true);
            return op == CXBinaryOperator_Assign ? r : fe_unknown(cx);
        }
        if (op == CXBinaryOperator_Assign) {
            fe_val *r = fe_eval(cx, rhs);
            /* `ring[1]`, `r->vertices`: the place's own name, before the
               store copies the value's over it. */
            const char *where = target->spelling ? target->spelling : fe_source_text(cx, lhs);
            store(cx, target, r, lhs);
            name_returned_handles(cx, target, rhs, where);
            if (target->lost_place)
                remember_store_at_unknown_index(cx, lhs, r);
            return target;
        }
        l = target;
    } else {
        l = fe_eval(cx, lhs);
    }
    fe_val *r = fe_eval(cx, rhs);

    fe_val *result;
    uint64_t a, b, out;
    int equal;
    bool additive = op == CXBinaryOperator_Add || op == CXBinaryOperator_AddAssign ||
                    op == CXBinaryOperator_Sub || op == CXBinaryOperator_SubAssign;
    if (l->mapping && !l->mapped_place && additive && !fe_type_is_pointer(fe_cursor_type(rhs))) {
        result = fe_host_pointer_add(cx, l, r, pointee_size(lhs),
                                     op == CXBinaryOperator_Sub || op == CXBinaryOperator_SubAssign);
    } else if (r->mapping && !r->mapped_place && op == CXBinaryOperator_Add) {
        result = fe_host_pointer_add(cx, r, l, pointee_size(rhs), false);
    } else if (l->kind == VAL_PTR && l->container && l->index == 0 && fe_known_int(r, &b) &&
               additive && pointee_size(lhs) == 1) {
        bool add = op == CXBinaryOperator_Add || op == CXBinaryOperator_AddAssign;
        result = moved_in_container(cx, l, add ? (int64_t)b : -(int64_t)b);
    } else if (l->kind == VAL_PTR && fe_known_int(r, &b) && additive) {
        bool add = op == CXBinaryOperator_Add || op == CXBinaryOperator_AddAssign;
        result = fe_pointer_to(cx, l->target, l->index + (add ? (int64_t)b : -(int64_t)b),
                            l->single);
    } else if (r->kind == VAL_PTR && fe_known_int(l, &a) && op == CXBinaryOperator_Add) {
        result = fe_pointer_to(cx, r->target, r->index + (int64_t)a, r->single);
    } else if (l->kind == VAL_SYM && l->ident && fe_known_int(r, &b) && additive &&
               fe_type_is_pointer(fe_cursor_type(lhs))) {
        bool add = op == CXBinaryOperator_Add || op == CXBinaryOperator_AddAssign;
        int64_t bytes = (int64_t)(b * pointee_size(lhs));
        result = pointer_moved(cx, l, add ? bytes : -bytes, fe_source_text(cx, c));
    } else if (!target && same_array_pointers(lhs, l, rhs, r) &&
               binary_int(op, (uint64_t)l->index, (uint64_t)r->index, true, &out) &&
               (op == CXBinaryOperator_Sub || is_comparison(op))) {
        result = int_of_type(cx, out, c);
    } else if (fe_known_int(l, &a) && fe_known_int(r, &b) &&
               binary_int(op, a, b, fe_type_is_signed(fe_cursor_type(lhs)), &out)) {
        result = int_of_type(cx, out, target ? lhs : c);
    } else if ((op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) &&
               l->kind == VAL_SYM && r->kind == VAL_SYM && l->ident && r->ident &&
               (strcmp(l->ident, r->ident) == 0 || fe_same_creation(cx, l, r))) {
        /* One name is one value: `a->dst == b->dst` where both hold the
           handle the same create call made, also when one of them was
           renamed after the variable a caller kept it in. */
        result = fe_int(cx, op == CXBinaryOperator_EQ);
    } else if ((op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) &&
               (equal = member_pointers_equal(cx, l, r)) >= 0) {
        result = fe_int(cx, (equal == 1) == (op == CXBinaryOperator_EQ));
    } else if ((op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) &&
               fe_distinct_creations(cx, l, r)) {
        /* Two buffers made by two create calls and both alive are two
           handles: `last != p->src` after `last = p->work`. */
        result = fe_int(cx, op == CXBinaryOperator_NE);
    } else if ((op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) &&
               ((never_null(l) && fe_known_int(r, &b) && b == 0) ||
                (never_null(r) && fe_known_int(l, &a) && a == 0))) {
        /* `cmd == VK_NULL_HANDLE` on a handle a create call made; `res ==
           NULL` on a pointer to an object (C11 6.3.2.3p3). */
        result = fe_int(cx, op == CXBinaryOperator_NE);
    } else {
        result = unknown_from(cx, l, r);
    }
    if (target) {
        fe_assign(cx, target, result);
        return target;
    }
    return result;
}

static fe_val *eval_unary(fe_ctx *cx, CXCursor c)
{
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    if (ch.count < 1)
        return fe_unknown(cx);
    CXCursor operand = ch.items[0];
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    uint64_t a;
    switch (op) {
    case CXUnaryOperator_AddrOf: {
        CXCursor fn = designated_function(operand);
        if (!clang_Cursor_isNull(fn))
            return function_value(cx, fn);
        fe_val *target;
        if (clang_getCursorKind(fe_strip(operand)) == CXCursor_MemberRefExpr) {
            fe_val *p = member_address(cx, fe_strip(operand), &target);
            if (p)
                return p;
        } else {
            target = fe_lvalue(cx, operand);
        }
        if (!target) {
            fe_val *root = containing_place(cx, operand);
            if (root)
                havoc(cx, root);
        }
        if (target && target->mapped_place)
            return fe_host_address_of(cx, target);
        return fe_pointer_to(cx, target, 0, true);
    }
    case CXUnaryOperator_Deref: {
        fe_val *p = fe_eval(cx, operand);
        if (p->mapping && !p->mapped_place) {
            fe_val *place = fe_host_place(cx, p, NULL, 0);
            fe_host_touch(cx, fe_loc(cx, c), place, fe_type_size(fe_cursor_type(c)), false);
            return fe_unknown(cx);
        }
        fe_val *v = fe_deref(cx, p, 0);
        return v ? v : fe_unknown(cx);
    }
    case CXUnaryOperator_PostInc: case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc: case CXUnaryOperator_PreDec: {
        fe_val *target = fe_lvalue(cx, operand);
        if (!target) {
            fe_val *root = containing_place(cx, operand);
            if (root)
                havoc(cx, root);
            return fe_unknown(cx);
        }
        int64_t step = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc ? 1 : -1;
        if (target->mapped_place) { /* (*p)++: a host read and write */
            uint64_t size = fe_type_size(fe_cursor_type(operand));
            fe_host_touch(cx, fe_loc(cx, c), target, size, false);
            fe_host_touch(cx, fe_loc(cx, c), target, size, true);
            return fe_unknown(cx);
        }
        fe_val *old = fe_copy(cx, target);
        fe_val *updated;
        if (target->mapping)
            updated = fe_host_pointer_add(cx, target, fe_int(cx, 1), pointee_size(operand),
                                          step < 0);
        else if (target->kind == VAL_PTR)
            updated = fe_pointer_to(cx, target->target, target->index + step, target->single);
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
    bool truth;
    if (op == CXUnaryOperator_LNot && fe_known_truth(v, &truth))
        return fe_int(cx, !truth);
    if (!fe_known_int(v, &a))
        return unknown_from(cx, v, NULL);
    switch (op) {
    case CXUnaryOperator_Plus: return int_of_type(cx, a, c);
    case CXUnaryOperator_Minus: return int_of_type(cx, (uint64_t)0 - a, c);
    case CXUnaryOperator_Not: return int_of_type(cx, ~a, c);
    case CXUnaryOperator_LNot: return fe_int(cx, a == 0);
    default: return fe_unknown(cx);
    }
}

/* A literal or sizeof as libclang evaluates it. */
static fe_val *evaluate_constant(fe_ctx *cx, CXCursor c)
{
    uint64_t value;
    return fe_evaluated_int(c, &value) ? int_of_type(cx, value, c) : fe_unknown(cx);
}

static fe_val *eval_call(fe_ctx *cx, CXCursor call);

/*
 * `cond ? a : b` on an unknown cond, with a and b numbers: one unknown
 * that is a where cond holds and b where it does not (a fact of the path).
 * Unknown without it, `heap = dynamic ? HEAP_HOST : HEAP_DEVICE; goto
 * retry;` (a driver's allocation retried once in a fallback heap) tested
 * the heap it had left as possibly the first one again, and went round
 * until the goto limit (realprog/heap_retry.c).
 */
static fe_val *one_of_two(fe_ctx *cx, const vks_smt_expr *cond, uint64_t a, uint64_t b)
{
    const vks_smt_expr *name = fe_smt_fresh(cx);
    fe_val *v = fe_unknown(cx);
    v->unknown_name = name->name;
    vks_smt_expr *not_cond = fe_smt_new(cx, VKS_SMT_NOT);
    not_cond->lhs = cond;
    const vks_smt_expr *when_a = fe_smt_binary(cx, VKS_SMT_AND, cond, fe_smt_is(cx, name, a));
    const vks_smt_expr *when_b = fe_smt_binary(cx, VKS_SMT_AND, not_cond, fe_smt_is(cx, name, b));
    fe_assume(cx, fe_smt_binary(cx, VKS_SMT_OR, when_a, when_b), true);
    return v;
}

/*
 * Clang's atomic builtins (`__atomic_exchange_n`, `__c11_atomic_load`, what
 * <stdatomic.h> and libraries' atomic macros expand to) are one expression
 * libclang does not expose: its children are the pointer to the atomic
 * object, the memory orders and the operands.  Read as any unexposed
 * expression, it was its last child (a constant), so Mesa's
 * `while (c != 0) c = p_atomic_xchg(&mtx->val, 2);` spin loop was a known
 * condition that never changed and ran to the 256-iteration limit in every
 * lock of a recording function.  Another thread may write an atomic object
 * at any moment (that is why it is atomic): what the operation returns is
 * unknown, and what its pointers point at is forgotten, as for any call the
 * evaluator cannot see into.
 */
static bool is_atomic_builtin(fe_ctx *cx, CXCursor c)
{
    static const char *const prefixes[] = {"__atomic_", "__c11_atomic_", "__opencl_atomic_",
                                           "__hip_atomic_", "__scoped_atomic_"};
    /* The builtin's name is where the expression's spelling starts (in a
       macro's definition when a macro wrote it). */
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
    size_t size = 0;
    const char *text = fe_file_contents(cx, c, file, &size);
    for (size_t i = 0; text && offset < size && i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t n = strlen(prefixes[i]);
        if (size - offset > n && strncmp(text + offset, prefixes[i], n) == 0)
            return true;
    }
    return false;
}

static fe_val *atomic_operation(fe_ctx *cx, const fe_cursors *operands)
{
    for (unsigned i = 0; i < operands->count; i++) {
        CXCursor operand = operands->items[i];
        CXType t = clang_getCanonicalType(fe_cursor_type(operand));
        fe_val *v = fe_eval(cx, operand);
        if (t.kind == CXType_Pointer && v->kind == VAL_PTR && v->target &&
            !clang_isConstQualifiedType(clang_getPointeeType(t)))
            havoc_reachable(cx, v->target, clang_getPointeeType(t));
    }
    return fe_unknown(cx);
}

/* ---- variadic arguments (<stdarg.h>) ---- */

/*
 * A variadic function's arguments past its parameters are kept with its
 * frame, an array of their values (fe_inline_call); `va_start (ap, last)`
 * makes the va_list a pointer to its first element, and each `va_arg (ap,
 * T)` reads the element it points at and moves it on to the next: "Each
 * invocation of the va_arg macro modifies ap so that the values of
 * successive arguments are returned in turn" (C11 7.16.1.1p2).
 * `record_passes (cmd, 3, PASS_A, PASS_B, PASS_C)` walked with va_arg in
 * a loop got the pass ids; va_arg was taken for a conversion of `ap`, and
 * the pass looked up was never known.  A va_list handed on (`va_list ap`
 * as a parameter) is a pointer to the caller's, read the same way;
 * va_copy copies the position.  What the path cannot tell (a va_list of
 * the analysed function's own caller, a va_arg past the last argument:
 * undefined) is unknown.
 */
static fe_val *variadic_arguments(fe_ctx *cx, fe_val **extra, unsigned count, vks_loc loc)
{
    fe_val *array = fe_unknown(cx);
    array->aggregate = true;
    array->loc = loc;
    for (unsigned i = 0; i < count; i++)
        fe_assign(cx, fe_new_element(cx, array, i), extra[i]);
    return array;
}

/* The va_list object an argument of va_start / va_copy / va_arg
   designates: what the decayed array or the `va_list` parameter points
   at, or the struct itself (AArch64). */
static fe_val *va_list_object(fe_ctx *cx, CXCursor expr, fe_val *value)
{
    if (!va_list_behind_pointer(expr))
        return fe_lvalue(cx, expr);
    return value->kind == VAL_PTR || value->kind == VAL_SYM ? fe_deref(cx, value, 0) : NULL;
}

static fe_val *next_variadic_argument(fe_ctx *cx, const fe_cursors *children,
                                      const fe_node_memo *m)
{
    CXCursor list = clang_getNullCursor();
    for (unsigned i = 0; i < children->count && clang_Cursor_isNull(list); i++)
        if (clang_isExpression(clang_getCursorKind(children->items[i])))
            list = children->items[i];
    if (clang_Cursor_isNull(list))
        return fe_unknown(cx);
    fe_val *ap = va_list_object(cx, list, fe_eval(cx, list));
    if (!ap)
        return fe_unknown(cx);
    if (ap->kind != VAL_PTR || !ap->target || ap->single || ap->index < 0) {
        fe_assign(cx, ap, fe_unknown(cx));
        return fe_unknown(cx);
    }
    fe_val *argument = fe_copy(cx, fe_deref(cx, ap, 0));
    fe_val *next = fe_copy(cx, ap);
    next->index++;
    fe_assign(cx, ap, next);
    if (argument->kind == VAL_INT && m->shape_known)
        argument->i = fit(argument->i, m->shape);
    return argument;
}

/* va_start, va_copy and va_end (clang's builtins): the va_list's position
   set, copied or ended.  NULL for any other call. */
static fe_val *stdarg_call(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl) || argc < 1)
        return NULL;
    const char *name = fe_spelling(cx, decl);
    if (strncmp(name, "__builtin_", 10) != 0)
        return NULL;
    name += 10;
    bool start = strcmp(name, "va_start") == 0 || strcmp(name, "c23_va_start") == 0;
    bool copy = strcmp(name, "va_copy") == 0 && argc == 2;
    if (!start && !copy && strcmp(name, "va_end") != 0)
        return NULL;
    fe_val *ap = va_list_object(cx, clang_Cursor_getArgument(call, 0), args[0]);
    if (!ap)
        return fe_unknown(cx);
    const fe_frame *frame = cx->path.frame;
    if (start && frame && frame->varargs)
        fe_assign(cx, ap, fe_pointer_to(cx, frame->varargs, 0, false));
    else if (copy) {
        fe_val *from = va_list_object(cx, clang_Cursor_getArgument(call, 1), args[1]);
        fe_assign(cx, ap, from ? from : fe_unknown(cx));
    } else
        fe_assign(cx, ap, fe_unknown(cx));
    return fe_unknown(cx);
}

/*
 * The compiler's bit-scan builtins and POSIX ffs() on a known integer:
 * Mesa's u_foreach_bit (`(b) = ffs(__dword) - 1`, ffs being
 * __builtin_ffs where the compiler has it) and the hand-written
 * `i = __builtin_ctz(mask); mask &= mask - 1;` walk a mask of resources
 * and record one barrier per set bit; with the index unknown every barrier
 * named an unknown buffer and the copies after them were questions left
 * unknown (tests/styles/programs/bits_*; realprog/dirty_bits_flush.c).
 * The operand is the argument converted to the parameter's type, so it is
 * cut to that width (32 bits for unsigned int and int, 64 for the l and ll
 * forms on the LP64 targets the analysis runs for).  ctz and clz of zero
 * are undefined (GCC's manual), so they stay unknown; ffs(0) is 0 (POSIX).
 * NULL for any other call, and where the operand is not known.
 */
static fe_val *bit_scan_call(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    CXCursor decl = fe_callee_decl(call);
    if (argc != 1 || clang_Cursor_isNull(decl))
        return NULL;
    const char *name = fe_spelling(cx, decl);
    if (strncmp(name, "__builtin_", 10) == 0)
        name += 10;
    else if (!clang_Location_isInSystemHeader(clang_getCursorLocation(decl)) ||
             strncmp(name, "ffs", 3) != 0)
        return NULL; /* a program's own ctz() may compute anything */
    static const char *const ops[] = {"ctz", "clz", "ffs", "popcount", "parity"};
    enum { NO_OP = sizeof ops / sizeof ops[0] };
    size_t op = NO_OP, len = 0;
    for (size_t i = 0; i < NO_OP && op == NO_OP; i++)
        if (strncmp(name, ops[i], strlen(ops[i])) == 0) {
            op = i;
            len = strlen(ops[i]);
        }
    if (op == NO_OP)
        return NULL;
    const char *suffix = name + len;
    unsigned width;
    if (suffix[0] == '\0')
        width = 32;
    else if (strcmp(suffix, "l") == 0 || strcmp(suffix, "ll") == 0)
        width = 64;
    else
        return NULL;
    uint64_t v;
    if (!fe_known_int(args[0], &v))
        return NULL;
    if (width == 32)
        v &= 0xffffffffu;
    if (v == 0 && op <= 1)
        return fe_unknown(cx); /* __builtin_ctz (0), __builtin_clz (0): undefined */
    switch (op) {
    case 0: return fe_int(cx, (uint64_t)__builtin_ctzll(v));
    case 1: return fe_int(cx, (uint64_t)(__builtin_clzll(v) - (64 - (int)width)));
    case 2: return fe_int(cx, v ? (uint64_t)__builtin_ctzll(v) + 1 : 0);
    case 3: return fe_int(cx, (uint64_t)__builtin_popcountll(v));
    default: return fe_int(cx, (uint64_t)__builtin_parityll(v));
    }
}

/* `(*__ctype_b_loc ())[c]`, glibc's expansion of isspace (c) and the
   other <ctype.h> tests (and of tolower / toupper through their tables):
   the table's entry for a known `c` (strings.c fe_ctype_table_entry), an
   unknown for another.  NULL for any other expression. */
static fe_val *ctype_table_read(fe_ctx *cx, CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
        return NULL;
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    if (ch.count != 2)
        return NULL;
    CXCursor deref = fe_strip(ch.items[0]);
    if (clang_getCursorKind(deref) != CXCursor_UnaryOperator ||
        clang_getCursorUnaryOperatorKind(deref) != CXUnaryOperator_Deref)
        return NULL;
    fe_cursors inner;
    fe_children(NULL, deref, &inner);
    if (inner.count != 1)
        return NULL;
    CXCursor call = fe_strip(inner.items[0]);
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return NULL;
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl) ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        return NULL;
    const char *name = fe_spelling(cx, decl);
    if (strncmp(name, "__ctype_", 8) != 0)
        return NULL;
    /* Evaluated once here: the index may be `*p++`. */
    uint64_t index;
    fe_val *entry = fe_known_int(fe_eval(cx, ch.items[1]), &index)
                        ? fe_ctype_table_entry(cx, name, (int64_t)(int32_t)(uint32_t)index)
                        : NULL;
    return entry ? entry : fe_unknown(cx);
}

/* The integer an expression has, when known: floating.c's reader of the
   integer operands of a floating expression. */
static bool known_integer(fe_ctx *cx, CXCursor expr, uint64_t *out)
{
    return fe_known_int(fe_eval(cx, expr), out);
}

bool fe_path_stopped(fe_ctx *cx)
{
    return cx->out_of_steps || cx->sandbox_abort || cx->path.restart || cx->path.dead ||
           cx->path.exited || cx->path.merged || cx->path.pending_goto ||
           (cx->path.ret && cx->path.ret->returned) ||
           (cx->path.loop && (cx->path.loop->broke || cx->path.loop->continued));
}

/*
 * GNU C's statement expression, `({ __typeof__ (a) _a = (a); ...; _a; })`
 * (kernel-style MIN / MAX, a VK_CHECK that yields the call's result): "a
 * compound statement enclosed in parentheses may appear as an expression
 * ... The last thing in the compound statement should be an expression
 * followed by a semicolon; the value of this subexpression serves as the
 * value of the entire construct.  (If you use some other kind of statement
 * last within the braces, the construct has type void, and thus
 * effectively no value.)" (GCC manual, "Statements and Declarations in
 * Expressions").  Its statements run in order, as a block's; it was an
 * unknown value with its statements never run, so a
 * `VK_CHECK (vkBeginCommandBuffer (cmd, &begin))` began no recording and
 * every command after it was "not analysed".  A statement that leaves it
 * (a `return`, `break` or `goto` inside, an exit) leaves no value.
 */
static fe_val *statement_expression(fe_ctx *cx, CXCursor c)
{
    const fe_child_list *ch = fe_children_kept(cx, c);
    if (ch->count != 1 || clang_getCursorKind(ch->items[0]) != CXCursor_CompoundStmt)
        return fe_unknown(cx);
    const fe_child_list *body = fe_children_kept(cx, ch->items[0]);
    if (body->count == 0)
        return fe_unknown(cx);
    for (unsigned i = 0; i + 1 < body->count && !fe_path_stopped(cx); i++)
        cx->eval->run_statement(cx, body->items[i]);
    if (fe_path_stopped(cx))
        return fe_unknown(cx);
    CXCursor last = body->items[body->count - 1];
    if (clang_isExpression(clang_getCursorKind(last)))
        return fe_eval(cx, last);
    cx->eval->run_statement(cx, last);
    return fe_unknown(cx);
}

fe_val *fe_eval(fe_ctx *cx, CXCursor c)
{
    enum CXCursorKind kind = clang_getCursorKind(c);
    switch (kind) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: /* sizeof, _Alignof */
        return evaluate_constant(cx, c);
    case CXCursor_ParenExpr: {
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        return ch.count ? fe_eval(cx, ch.items[ch.count - 1]) : fe_unknown(cx);
    }
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: {
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        if (ch.count == 0)
            return fe_unknown(cx);
        if (ch.count >= 2 && kind == CXCursor_UnexposedExpr && is_atomic_builtin(cx, c))
            return atomic_operation(cx, &ch);
        CXCursor operand = ch.items[ch.count - 1];
        fe_node_memo local = {0};
        fe_node_memo *m = fe_node_memo_of(c);
        if (!m)
            m = &local;
        if (m->cast == CAST_UNSET)
            m->cast = cast_of(c, operand, m);
        if (m->cast == CAST_VA_ARG)
            return next_variadic_argument(cx, &ch, m);
        if (m->cast == CAST_NOT_AN_EXPRESSION) {
            /* `offsetof (T, f)` (__builtin_offsetof: a type and a member,
               no operand), which CONTAINING_RECORD and container_of
               subtract: the constant clang computes. */
            uint64_t k;
            return fe_evaluated_int(c, &k) ? fe_int(cx, k) : fe_unknown(cx);
        }
        if (m->cast == CAST_ARRAY_TO_POINTER) {
            /* An array used as a pointer points at its first element. */
            fe_val *array = fe_lvalue(cx, operand);
            if (array && array->mapped_place)
                return fe_host_address_of(cx, array);
            return fe_pointer_to(cx, array, 0, false);
        }
        uint64_t converted;
        if (m->cast == CAST_TO_INTEGER &&
            fe_floating_to_integer(cx, operand, fe_cursor_type(c), known_integer, &converted))
            return fe_int(cx, fit(converted, m->shape)); /* khash's upper bound */
        fe_val *v = fe_eval(cx, operand);
        if (v->kind == VAL_INT && m->cast == CAST_TO_INTEGER)
            return fe_int(cx, fit(v->i, m->shape));
        if (v->kind == VAL_PTR && v->container && v->index == 0 && v->container_offset == 0 &&
            kind == CXCursor_CStyleCastExpr && casts_to_container(cx, c, v))
            return fe_pointer_to(cx, v->container, 0, true); /* its initial member: C11 6.7.2.1p15 */
        return v;
    }
    case CXCursor_DeclRefExpr: {
        CXCursor d = referenced_declaration(c);
        switch (clang_getCursorKind(d)) {
        case CXCursor_EnumConstantDecl:
            return fe_int(cx, (uint64_t)clang_getEnumConstantDeclValue(d));
        case CXCursor_VarDecl:
        case CXCursor_ParmDecl:
            return variable(cx, d);
        case CXCursor_FunctionDecl:
            return function_value(cx, d);
        default:
            return fe_unknown(cx);
        }
    }
    case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr: {
        fe_val *classified = ctype_table_read(cx, c);
        if (classified)
            return classified;
        fe_val *v = fe_lvalue(cx, c);
        if (!v || v->lost_place) {
            fe_val *stored = stored_at_unknown_index(cx, c);
            if (stored)
                v = stored;
        }
        if (v && v->mapped_place) {
            /* A host read of mapped memory; what it reads is unknown. */
            fe_host_touch(cx, fe_loc(cx, c), v, fe_type_size(fe_cursor_type(c)), false);
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
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        bool cond;
        /* A known truth, a pointer to an object or a non-null name
           included (stb_ds's `arrlen (a)`, `(a) ? header (a)->length : 0`,
           on an array it allocated). */
        if (ch.count == 3 && fe_known_truth(fe_eval(cx, ch.items[0]), &cond))
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
        if (ch.count == 3 &&
            (fe_code_records(cx, ch.items[1]) || fe_code_records(cx, ch.items[2]))) {
            /* `fast ? copy (cmd, a, b) : update (cmd, a)`: "Only one of the
               second and third operands is evaluated" (C11 6.5.15p4).  Both
               run on one path recorded a copy and an update no run of the
               program records together (a false write-after-read). */
            unsigned chosen = decide_truth(cx, ch.items[0], true, false);
            if (chosen == UINT32_MAX)
                return fe_unknown(cx);
            return fe_eval(cx, ch.items[chosen == 0 ? 1 : 2]);
        }
        if (ch.count == 3) {
            uint64_t a, b;
            fe_val *x = fe_eval(cx, ch.items[1]), *y = fe_eval(cx, ch.items[2]);
            if (fe_known_int(x, &a) && fe_known_int(y, &b)) {
                if (a == b)
                    return x;
                return one_of_two(cx, fe_symbolic(cx, ch.items[0]), a, b);
            }
        }
        return fe_unknown(cx);
    }
    case CXCursor_CallExpr: {
        fe_val *result = eval_call(cx, c);
        fe_node_memo *m = fe_node_memo_of(c);
        if (m) {
            m->call_value = result;
            m->call_run = cx->run_serial;
        }
        return result;
    }
    case CXCursor_CompoundLiteralExpr: {
        fe_cursors ch;
    fe_children(NULL, c, &ch);
        for (unsigned i = 0; i < ch.count; i++)
            if (clang_getCursorKind(ch.items[i]) == CXCursor_InitListExpr)
                return eval_init_list(cx, ch.items[i], fe_cursor_type(c),
                                      fe_loc(cx, c));
        return fe_unknown(cx);
    }
    case CXCursor_InitListExpr:
        return eval_init_list(cx, c, fe_cursor_type(c), fe_loc(cx, c));
    case CXCursor_StringLiteral:
        return fe_string_literal(cx, c);
    case CXCursor_StmtExpr:
        return statement_expression(cx, c);
    default:
        return fe_unknown(cx);
    }
}

/*
 * Recursion is unrolled as loops are (eval_stmt.c): a function that
 * records is followed into itself once, and a path that would enter it a
 * third time ends there, as a loop with an unknown condition is not run a
 * third time; what the path recorded and submitted until then is checked
 * (as when a program exits).  glfw's triangle-vulkan draws again after a
 * resize from inside its draw (demo_draw -> demo_resize -> demo_prepare ->
 * demo_draw); followed until the helper depth ran out, every texture
 * upload of the second resize was reported as not analysed.  What comes
 * after the call is analysed on the paths that took another way at a
 * branch inside the second activation (the acquire that succeeds).  When
 * no branch since that activation began had another way (a recursion
 * nothing ends), the call goes on to the helper depth and is reported
 * incomplete there.  A recursive helper that records nothing (an
 * allocator) is any call the evaluator cannot see into, past the depth.
 *
 * A recursion that walks known data is not one that nothing ends: a scene
 * graph's draw_node (cmd, child, node) is called on another node each
 * time, and its tree is finite.  Ended at the third activation because
 * a node's lazily made buffer could have failed (a branch with another
 * way), it left everything the program records after the walk
 * unanalysed, silently (styles corpus rec_lazy_nodes_raw: a readback of
 * the leaves with no barrier, missed).  So a call whose arguments differ,
 * in a known value, from those of every activation of its function still
 * running is followed as any call is, up to the helper depth, where it is
 * reported incomplete (realprog/scene_graph_lazy.c).  A call with the
 * arguments of an activation (demo_draw (demo) again), or ones not known,
 * ends the path as before.
 */
enum { MAX_ACTIVATIONS = 2 };

/* Whether two argument values are known and differ: integers of other
   values, pointers to other elements of one array, or to objects of other
   identities or, where they have none, other names (`nodes[2]`, not
   `nodes[1]`; a value is not its object's only copy, so two copies of one
   object are never taken to differ). */
static bool known_to_differ(const fe_val *a, const fe_arg_key *b)
{
    if (a->kind == VAL_INT && b->kind == VAL_INT)
        return a->i != b->i;
    if (a->kind != VAL_PTR || b->kind != VAL_PTR || !a->target || !b->target)
        return false;
    if (a->target == b->target)
        return a->index != b->index;
    const fe_val *x = a->target, *y = b->target;
    if (x->ident && y->ident)
        return strcmp(x->ident, y->ident) != 0;
    return !x->ident && !y->ident && x->spelling && y->spelling && strcmp(x->spelling, y->spelling) != 0;
}

/* Whether the call's arguments differ in a known value from those of
   activation f. */
static bool moves_on_from(const fe_frame *f, fe_val **args, int argc)
{
    if (!f->entry_args || f->entry_argc != (unsigned)argc)
        return false;
    for (int i = 0; i < argc; i++)
        if (known_to_differ(args[i], &f->entry_args[i]))
            return true;
    return false;
}

/* Whether a branch decided since decision `first` had a way not taken
   here that Z3 did not rule out. */
static bool another_way_since(const fe_ctx *cx, unsigned first)
{
    for (unsigned i = first; i < cx->path.decision_count; i++) {
        const fe_decision *d = &cx->decisions[i];
        unsigned others = d->alternatives > 32 ? 31 : d->alternatives - 1;
        uint32_t ruled_out = d->impossible & ~(d->chosen < 32 ? 1u << d->chosen : 0u);
        if (others > (unsigned)__builtin_popcount(ruled_out))
            return true;
    }
    return false;
}

static bool recursion_ends_path(fe_ctx *cx, CXCursor fn, fe_val **args, int argc)
{
    if (cx->sandbox)
        return false;
    const char *name = fe_spelling(cx, fn);
    unsigned active = 0;
    bool moves_on = true;
    const fe_frame *innermost = NULL;
    for (const fe_frame *f = cx->path.frame; f; f = f->caller)
        if (f->function && strcmp(f->function, name) == 0) {
            active++;
            moves_on = moves_on && moves_on_from(f, args, argc);
            if (!innermost)
                innermost = f;
        }
    if (active < MAX_ACTIVATIONS || moves_on || !fe_function_records(cx, fn) ||
        !another_way_since(cx, innermost->decisions_at_entry))
        return false;
    cx->path.exited = true;
    return true;
}

static bool is_call(CXCursor c, CXCursor call)
{
    return clang_equalCursors(fe_strip(c), call);
}

/* `call`, or `place = call` storing its result in a variable or member
   (FFmpeg's `if ((err = (x)) < 0)`); not in an element, whose index the
   call could change after it was read. */
static bool is_call_or_stored_call(CXCursor c, CXCursor call)
{
    if (is_call(c, call))
        return true;
    c = fe_strip(c);
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    return clang_getCursorKind(c) == CXCursor_BinaryOperator &&
           clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign && ch.count == 2 &&
           plain_place(ch.items[0], false) && is_call(ch.items[1], call);
}

/* `call`, `!call`, or `call OP v` comparing it with a constant or a
   variable, the call's result perhaps stored first: what the condition
   holds while the call runs is nothing. */
static bool condition_is_call(CXCursor cond, CXCursor call)
{
    if (is_call_or_stored_call(cond, call))
        return true;
    cond = fe_strip(cond);
    fe_cursors ch;
    fe_children(NULL, cond, &ch);
    enum CXCursorKind kind = clang_getCursorKind(cond);
    if (kind == CXCursor_UnaryOperator)
        return ch.count == 1 && is_call_or_stored_call(ch.items[0], call);
    if (kind != CXCursor_BinaryOperator || ch.count != 2)
        return false;
    switch (clang_getCursorBinaryOperatorKind(cond)) {
    case CXBinaryOperator_EQ: case CXBinaryOperator_NE: case CXBinaryOperator_LT:
    case CXBinaryOperator_GT: case CXBinaryOperator_LE: case CXBinaryOperator_GE:
        break;
    default:
        return false;
    }
    enum CXCursorKind rhs = clang_getCursorKind(fe_strip(ch.items[1]));
    return is_call_or_stored_call(ch.items[0], call) &&
           (rhs == CXCursor_IntegerLiteral || rhs == CXCursor_DeclRefExpr);
}

/* Whether `call` is the whole of the statement being run, so that its
   caller holds no value while it runs (fe_frame.statement_call). */
static bool called_as_statement(fe_ctx *cx, CXCursor call)
{
    CXCursor stmt = cx->eval->current_statement;
    if (clang_Cursor_isNull(stmt))
        return false;
    enum CXCursorKind kind = clang_getCursorKind(stmt);
    fe_cursors ch;
    fe_children(NULL, stmt, &ch);
    switch (kind) {
    case CXCursor_DeclStmt:
        for (size_t i = 0; i < ch.count; i++) {
            fe_cursors var;
            fe_children(NULL, ch.items[i], &var);
            if (clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl && var.count > 0 &&
                is_call(var.items[var.count - 1], call))
                return true;
        }
        return false;
    case CXCursor_ReturnStmt:
        return ch.count == 1 && is_call(ch.items[0], call);
    case CXCursor_IfStmt: case CXCursor_SwitchStmt: case CXCursor_WhileStmt:
        return ch.count > 0 && condition_is_call(ch.items[0], call);
    default:
        break;
    }
    if (!clang_isExpression(kind))
        return false;
    return is_call_or_stored_call(stmt, call);
}

fe_val *fe_inline_call(fe_ctx *cx, CXCursor fn, CXCursor call, fe_val **args,
                       unsigned argc)
{
    CXCursor body = fe_function_body(fn);
    vks_loc *site = vks_arena_alloc(cx->arena, sizeof *site);
    *site = fe_loc(cx, call);
    fe_frame frame = {.call_site = site,
                      .uses = fe_function_uses_of(cx, fn),
                      .function = fe_spelling(cx, fn),
                      .depth = cx->path.frame ? cx->path.frame->depth + 1 : 1,
                      .caller = cx->path.frame,
                      .decisions_at_entry = cx->path.decision_count,
                      .statement_call = cx->path.frame && cx->path.frame->statement_call &&
                                        called_as_statement(cx, call)};
    /* What the callers run once this call returns (quiet_leave.c). */
    frame.returns_quietly = cx->path.frame && cx->path.frame->returns_quietly &&
                            !cx->sandbox &&
                            fe_quiet_after_call(cx, cx->eval->current_body, call);
    struct fe_call_context context = {call, cx->eval->current_body};
    frame.call_context = &context; /* both live as long as the call */
    int nparams = clang_Cursor_getNumArguments(fn);
    fe_frame *caller = cx->path.frame;
    cx->path.frame = &frame;
    for (int i = 0; i < nparams && (unsigned)i < argc; i++) {
        CXCursor param = clang_Cursor_getArgument(fn, (unsigned)i);
        fe_val *v = fe_copy(cx, args[i]);
        v->loc = fe_loc(cx, param);
        bind(cx, &frame.locals, fe_decl_key(cx, param), v);
    }
    if (nparams >= 0 && argc >= (unsigned)nparams && clang_Cursor_isVariadic(fn))
        frame.varargs = variadic_arguments(cx, args + nparams, argc - (unsigned)nparams, *site);
    frame.entry_args = vks_arena_alloc(fe_value_arena(cx), /* the run's, as the frame */
                                        sizeof *frame.entry_args * (size_t)(argc + 1));
    frame.entry_argc = argc;
    for (unsigned i = 0; i < argc; i++)
        frame.entry_args[i] = (fe_arg_key){args[i]->kind, args[i]->i, args[i]->target, args[i]->index};
    /* Paths that reach a recording function's start in the same state
       are one path from there (merge.c). */
    if (!cx->sandbox && fe_function_records(cx, fn) &&
        fe_merge_point(cx, fe_loc(cx, body))) {
        cx->path.frame = caller;
        return fe_unknown(cx);
    }
    struct fe_return_state ret = {.returned = false, .value = NULL};
    struct fe_return_state *outer = cx->path.ret;
    struct fe_loop_state *outer_loop = cx->path.loop;
    cx->path.ret = &ret;
    cx->path.loop = NULL;
    CXCursor caller_body = cx->eval->current_body;
    cx->eval->current_body = body;
    cx->eval->run_body(cx, body);
    cx->eval->current_body = caller_body;
    cx->path.ret = outer;
    cx->path.loop = outer_loop;
    cx->path.frame = caller;
    if (ret.captured)
        return NULL; /* every way returned into a joined region (summary.c) */
    return ret.value ? ret.value : fe_unknown(cx);
}

/*
 * GCC's cleanup attribute, GLib's g_autoptr / g_auto and systemd's _cleanup_:
 * "The cleanup attribute runs a function when the variable goes out of
 * scope ... The function must take one parameter, a pointer to a type
 * compatible with the variable" (GCC manual, Common Variable Attributes).
 * A wrapper that waits for its submission's fence when it is freed then
 * waits where its scope ends.  libclang gives the attribute without its
 * argument (an UnexposedAttr child of the declaration), so the function's
 * name is read from the declaration as clang prints it, once, and looked
 * up among the program's functions of the variable's translation unit.  A
 * function the program does not define (a library's) is not run, as any
 * call the evaluator cannot see into that is handed a variable going out
 * of scope.
 */
static enum CXChildVisitResult find_unexposed_attr(CXCursor c, CXCursor parent,
                                                   CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_UnexposedAttr)
        return CXChildVisit_Continue;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

static const fe_function *find_cleanup_function(fe_ctx *cx, CXCursor var)
{
    bool attributed = false;
    clang_visitChildren(var, find_unexposed_attr, &attributed);
    if (!attributed)
        return NULL;
    CXString printed = clang_getCursorPrettyPrinted(var, NULL);
    const char *text = clang_getCString(printed);
    const char *at = text ? strstr(text, "cleanup(") : NULL;
    char name[256];
    size_t n = 0;
    if (at)
        for (at += strlen("cleanup("); n + 1 < sizeof name && (isalnum((unsigned char)at[n]) ||
                                                                 at[n] == '_');
             n++)
            name[n] = at[n];
    name[n] = '\0';
    clang_disposeString(printed);
    if (n == 0)
        return NULL;
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(var);
    for (size_t i = 0; i < cx->eval->function_count; i++) {
        const fe_function *f = cx->eval->function_list[i];
        if (clang_Cursor_getTranslationUnit(f->definition) == tu &&
            strcmp(fe_spelling(cx, f->definition), name) == 0)
            return f;
    }
    return NULL;
}

const fe_function *fe_cleanup_function(fe_ctx *cx, CXCursor var)
{
    if (clang_getCursorKind(var) != CXCursor_VarDecl)
        return NULL;
    fe_node_memo *m = fe_node_memo_of(var);
    if (m && m->cleanup != FE_MEMO_UNSET)
        return m->cleanup_function;
    const fe_function *f = find_cleanup_function(cx, var);
    if (m) {
        m->cleanup = f ? FE_MEMO_YES : FE_MEMO_NO;
        m->cleanup_function = f;
    }
    return f;
}

void fe_run_cleanup(fe_ctx *cx, CXCursor var)
{
    const fe_function *f = fe_cleanup_function(cx, var);
    if (!f || clang_Cursor_isNull(fe_function_body(f->definition)))
        return;
    if (cx->path.frame && cx->path.frame->depth >= (int)fe_limit(FE_LIMIT_HELPER_DEPTH)) {
        if (fe_function_records(cx, f->definition) ||
            fe_function_does_more_than_create(cx, f->definition))
            fe_incomplete(cx, var, "the cleanup function of a variable this deep in helper "
                                   "calls is not followed");
        return;
    }
    fe_val *address = fe_pointer_to(cx, variable(cx, var), 0, true);
    fe_inline_call(cx, f->definition, var, &address, 1);
}

/* A Vulkan handle or struct (Vk*), or a pointer to a struct (which may hold
   one): a call through a function pointer handed one may wait for the
   device (`ctx->wait_for_gpu(ctx)`); its parameters' types are not known.
   A va_list is a pointer to the compiler's own struct (__va_list_tag on
   x86-64), which holds where the caller's variadic arguments are. */
static bool type_may_hold_handle(CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    bool vk = strncmp(clang_getCString(s), "Vk", 2) == 0;
    clang_disposeString(s);
    CXType c = clang_getCanonicalType(t);
    if (vk)
        return true;
    if (c.kind != CXType_Pointer)
        return false;
    CXType pointee = clang_getCanonicalType(clang_getPointeeType(c));
    if (pointee.kind != CXType_Record)
        return false;
    CXString record = clang_getCursorSpelling(clang_getTypeDeclaration(pointee));
    bool va_list_tag = strcmp(clang_getCString(record), "__va_list_tag") == 0;
    clang_disposeString(record);
    return !va_list_tag;
}

/*
 * Whether a function is the C library's or the compiler's (declared in a
 * header directly under /usr/include, in its bits/ or sys/ or multiarch
 * directory, or in the compiler's own headers; a __builtin_): it knows
 * nothing of Vulkan, so it never waits for the device, whatever pointer it
 * is handed (vkcube's `vsnprintf(name, ..., argptr)` and `fflush(stdout)`
 * ended every joined region they were in).  A library with a directory of
 * its own under /usr/include (GLFW/, gstreamer-1.0/) may wait.
 */
static bool in_c_library(CXCursor decl, const char *spelling)
{
    if (strncmp(spelling, "__builtin_", 10) == 0)
        return true;
    if (clang_Cursor_isNull(decl) ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        return false;
    CXFile file;
    clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    bool libc = false;
    if (path && strstr(path, "/lib/clang/") && strstr(path, "/include/")) {
        libc = true;
    } else if (path && strncmp(path, "/usr/include/", 13) == 0) {
        const char *rest = path + 13;
        const char *multiarch = strstr(rest, "-linux-gnu/");
        if (multiarch && !memchr(rest, '/', (size_t)(multiarch - rest)))
            rest = multiarch + 11;
        if (strncmp(rest, "bits/", 5) == 0 || strncmp(rest, "sys/", 4) == 0)
            rest = strchr(rest, '/') + 1;
        libc = strchr(rest, '/') == NULL;
    }
    clang_disposeString(name);
    return libc;
}

/*
 * Whether a function formats text: variadic, its last named parameter a
 * `char` pointer (GStreamer's gst_debug_log (..., GObject *object, const
 * gchar *format, ...), FFmpeg's av_log, GLib's g_strdup_printf).  Such a
 * call neither waits for the device nor records into a command buffer,
 * whatever it is handed: GST_DEBUG_OBJECT (swapper, ...) hands it the
 * swapper, which holds the device, and each of GStreamer's 3,272 debug
 * statements on its paths was a host wait the analysis could not see
 * into, after which host accesses were questions left unknown.
 * (fe_formats_text, clang_support.c: quiet_leave.c asks it too.)
 */

/*
 * A function of the program handed to a library as a callback is followed
 * as the library would call it: it can wait for the device only when what
 * the library hands it leads to one, or when it records, submits or waits
 * itself (fe_function_records).  GLib's type registration
 * (`g_type_register_static_simple (..., class_intern_init, ...,
 * instance_init, ...)`, behind every G_DEFINE_TYPE) is handed a class and
 * an instance initialiser that set function pointers: taken as a possible
 * wait, each `GSK_VULKAN_..._PIPELINE (op->pipeline)` cast's type lookup
 * ended the region it was in, and GTK's GSK renderer split there on every
 * render op.  A library's own function handed as the callback
 * (`g_slist_free_full (list, g_object_unref)`) is any library call: it
 * cannot wait when what it is handed leads to no device.  A callback that
 * reaches a device some other way (a global, a library that kept one) is
 * not seen, as for any library (README).
 */
typedef struct {
    fe_ctx *cx;
    int depth;
    bool may;
} wait_search;

static bool body_may_wait(fe_ctx *cx, CXCursor definition, int depth);

/* A call in a callback's body that may wait: through a pointer, or to a
   function without a body that is neither the C library's nor a logger;
   one with a body is looked into (body_may_wait). */
static enum CXChildVisitResult find_possible_wait(CXCursor c, CXCursor parent,
                                                  CXClientData data)
{
    (void)parent;
    wait_search *w = data;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        CXCursor decl = fe_callee_decl(c);
        CXCursor def = clang_Cursor_isNull(decl) ? decl : fe_find_function(w->cx, decl);
        if (clang_Cursor_isNull(decl))
            w->may = true;
        else if (!clang_Cursor_isNull(def) && !clang_Cursor_isNull(fe_function_body(def)))
            w->may = w->depth <= 0 || body_may_wait(w->cx, def, w->depth - 1);
        else
            w->may = !in_c_library(decl, fe_spelling(w->cx, c)) && !fe_formats_text(decl);
    }
    return w->may ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether a function with a body may wait for the device: it records,
   submits or waits itself (fe_function_records), or calls what may
   (find_possible_wait), helpers looked into `depth` deep. */
static bool body_may_wait(fe_ctx *cx, CXCursor definition, int depth)
{
    if (fe_function_records(cx, definition))
        return true;
    wait_search w = {cx, depth, false};
    clang_visitChildren(fe_function_body(definition), find_possible_wait, &w);
    return w.may;
}

enum { CALLBACK_SEARCH_DEPTH = 4 };

static bool callback_without_device(fe_ctx *cx, CXCursor arg)
{
    CXCursor ref = fe_strip(arg);
    if (clang_getCursorKind(ref) != CXCursor_DeclRefExpr)
        return false;
    CXCursor fn = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
        return false;
    CXCursor def = fe_find_function(cx, fn);
    bool has_body = !clang_Cursor_isNull(def) && !clang_Cursor_isNull(fe_function_body(def));
    /* A callback handed what leads to a device (GStreamer's
       `g_ptr_array_find_with_equal_func (image->views, &info,
       (GEqualFunc) find_view_func, &index)`, typed on the view) can wait
       only by what its body does: one that compares fields waits for
       nothing.  Taken as a possible wait after a submission, 27 of the 32
       runs of gst's overlay compositor left the path there. */
    if (fe_parameters_lead_to_device(fn))
        return has_body && !body_may_wait(cx, def, CALLBACK_SEARCH_DEPTH);
    return !has_body || !fe_function_records(cx, def);
}

/* The record the models get (model.h): what only the cursor and the C types
   tell, decided here once.  Argument texts are for Vulkan calls (a created
   handle is named after its out-parameter). */
static fe_call call_record(fe_ctx *cx, CXCursor call, const char *name, fe_val **args,
                           unsigned argc, bool with_text)
{
    fe_arg *facts = vks_arena_alloc(fe_value_arena(cx), sizeof *facts * (argc + 1));
    for (unsigned i = 0; i < argc; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, i);
        CXType t = fe_cursor_type(arg);
        facts[i].text = with_text ? fe_source_text(cx, arg) : NULL;
        facts[i].mutable_pointer = t.kind == CXType_Pointer &&
                                   !clang_isConstQualifiedType(clang_getPointeeType(t));
        facts[i].reaches_cmdbuf = fe_type_reaches_cmdbuf(cx, t);
    }
    CXCursor decl = fe_callee_decl(call);
    /* To wait for the device's work a library needs the device or a queue
       (vkDeviceWaitIdle, vkQueueWaitIdle, vkWaitForFences): what it is
       handed is followed as for a call that might submit (program_end.c).
       An XCB program's `xcb_poll_for_event (connection)`, handed an opaque
       connection, was a wait in every frame of its render loop. */
    fe_node_memo local = {0};
    fe_node_memo *m = fe_node_memo_of(call);
    if (!m)
        m = &local;
    if (!m->device_args_known) {
        /* Followed through struct fields: once per call site (zink's
           context struct is large and its helpers are called often). */
        for (unsigned i = 0; i < argc && i < 64; i++) {
            bool leads = clang_Cursor_isNull(decl)
                             ? type_may_hold_handle(
                                   fe_cursor_type(clang_Cursor_getArgument(call, i)))
                             : fe_argument_leads_to_device(call, decl, i);
            if (leads)
                leads = !callback_without_device(cx, clang_Cursor_getArgument(call, i));
            if (leads)
                m->device_args |= UINT64_C(1) << i;
        }
        m->device_args_known = true;
    }
    for (unsigned i = 0; i < argc; i++)
        facts[i].leads_to_device = i >= 64 || (m->device_args >> i & 1);
    const char *spelling = fe_spelling(cx, call);
    return (fe_call){
        .name = name ? name : spelling,
        .spelling = spelling,
        /* a Vulkan call is where it is written; another function's call
           site is what liveness.c knows */
        .loc = name ? fe_written_loc(cx, call) : fe_loc(cx, call),
        .args = args,
        .arg_facts = facts,
        .argc = argc,
        .entry_point = name != NULL,
        .in_c_library = !name && in_c_library(decl, spelling),
        .formats_text = !name && fe_formats_text(decl),
        .callee_in_system_header =
            !clang_Cursor_isNull(decl) &&
            clang_Location_isInSystemHeader(clang_getCursorLocation(decl)),
    };
}

/*
 * `memset(demo, 0, sizeof(*demo))`, `memset(&info, 0, sizeof info)`: the
 * object the pointer points at is zero - every member, as if initialised
 * with `= {0}` - when the call covers the whole of it.  As any call
 * without a body it was forgotten instead, so every member of vkcube's
 * `struct demo` read afterwards was an unknown (`if (demo->cmd)`, `if
 * (tex_objs->image)`: a decision each).  Returns whether it zeroed.
 */
static bool zero_object(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    CXCursor fn = fe_callee_decl(call);
    if (clang_Cursor_isNull(fn) || argc != 3)
        return false;
    const char *name = fe_spelling(cx, fn);
    uint64_t value, size;
    if ((strcmp(name, "memset") != 0 && strcmp(name, "__builtin_memset") != 0) ||
        !fe_known_int(args[1], &value) || value != 0 || !fe_known_int(args[2], &size))
        return false;
    fe_val *p = args[0];
    if (p->kind != VAL_PTR || !p->target || p->mapping || (!p->single && p->index != 0))
        return false;
    /* The object as the argument names it, before its conversion to void *:
       a struct pointer's pointee, or an array. */
    CXType t = fe_cursor_type(fe_strip(clang_Cursor_getArgument(call, 0)));
    uint64_t object_size = t.kind == CXType_Pointer ? fe_type_size(clang_getPointeeType(t))
                                                    : fe_type_size(t);
    if (object_size == 0 || size < object_size)
        return false;
    fe_val *target = p->target;
    fe_will_write(cx, target);
    target->kind = VAL_INT;
    target->i = 0;
    target->fields = NULL;
    target->zero_rest = true;
    target->aggregate = true;
    target->target = NULL;
    target->lossy = 0;
    target->unknown_name = NULL;
    return true;
}

/*
 * A variable or member whose value is unknown is one unknown until the
 * program writes it (a write replaces the value, and with it this name):
 * vkcube's `if (!demo->validate) return;` at the top of every debug-naming
 * helper, on a struct a library call had forgotten, was a new decision at
 * each call, 2^n paths of which all but two cannot happen.  The name stays
 * on the value when a region that gave it is undone (it names what was
 * there before the region), so it comes from a counter no region resets.
 */
const char *fe_unknown_name(fe_ctx *cx, fe_val *v)
{
    if (!v->unknown_name)
        v->unknown_name = vks_arena_printf(cx->arena, "?r%u", ++cx->read_names);
    return v->unknown_name;
}

/*
 * What a query of a physical device's fixed capabilities (FE_EP_FIXED_QUERY)
 * wrote through its pointer arguments: its answer depends only on the
 * arguments passed by value (the physical device, a format).  vkcube's
 * demo_prepare asks vkGetPhysicalDeviceFormatProperties again on every
 * swapchain rebuild and branches on the answer: with a fresh unknown each
 * time, every rebuild was a new decision, although the device answers as
 * it did the first time.  So what it wrote is named after the query and
 * its by-value arguments (`vkGetPhysicalDeviceFormatProperties(gpu,37)#2`):
 * asking again gives the same unknowns, and a branch on them is the
 * decision the first answer made.  An unknown argument is named as a
 * branch on it would name it (fe_unknown_name); a pointer argument is
 * skipped; any other argument leaves the fresh names havoc gave.
 */
static void name_fixed_query_results(fe_ctx *cx, const char *entry, fe_val **args,
                                     int argc, CXCursor call)
{
    vks_arena *names = fe_value_arena(cx);
    const char *key = vks_arena_printf(names, "%s(", entry);
    for (int i = 0; i < argc; i++) {
        CXType t = clang_getCanonicalType(
            fe_cursor_type(clang_Cursor_getArgument(call, (unsigned)i)));
        if (t.kind == CXType_Pointer)
            continue;
        uint64_t k;
        if (fe_known_int(args[i], &k))
            key = vks_arena_printf(names, "%s%s%" PRIu64, key, i ? "," : "", k);
        else if (args[i]->kind == VAL_SYM && args[i]->ident)
            key = vks_arena_printf(names, "%s%s%s", key, i ? "," : "", args[i]->ident);
        else if (args[i]->kind == VAL_UNKNOWN && !args[i]->mapped_place)
            /* An unknown physical device read from the same place is the
               same device (a root's `demo->gpu`): named as a branch on it
               would name it (fe_smt_of). */
            key = vks_arena_printf(names, "%s%s%s", key, i ? "," : "",
                                   fe_unknown_name(cx, args[i]));
        else
            return;
    }
    for (int i = 0; i < argc; i++) {
        fe_val *p = args[i];
        if (p->kind != VAL_PTR || !p->target || p->mapping || (!p->single && p->index != 0))
            continue;
        fe_val *target = p->target;
        fe_will_write(cx, target);
        bool aggregate = target->aggregate;
        const char *spelling = target->spelling;
        vks_loc loc = target->loc;
        unsigned logged_in = target->logged_in;
        memset(target, 0, sizeof *target);
        target->kind = VAL_SYM;
        target->ident = vks_arena_printf(names, "%s)#%d", key, i);
        target->spelling = spelling;
        target->aggregate = aggregate;
        target->loc = loc;
        target->logged_in = logged_in;
    }
}

static const vks_smt_expr *value_symbol(fe_ctx *cx, fe_val *v);

/*
 * What vkGet*MemoryRequirements wrote is unknown, but not anything: "The
 * alignment member is a power of two." and "The memoryTypeBits member
 * always contains at least one bit set." (Resource Memory Association).
 * GStreamer checks the first after every vkGetBufferMemoryRequirements
 * (`if ((alignment & (alignment - 1)) != 0) { g_set_error (...); goto
 * vk_error; }`): a path of its own, each replaying the function up to
 * there, that no implementation can take.
 */
static void memory_requirements_hold(fe_ctx *cx, const char *entry, fe_val **args, int argc,
                                     CXCursor call)
{
    const fe_entry_point *row = fe_entry_point_find(entry);
    if (!row || row->param >= argc)
        return;
    fe_val *p = args[row->param];
    if (p->kind != VAL_PTR || !p->target || p->mapping || (!p->single && p->index != 0))
        return;
    fe_val *requirements = p->target;
    CXType written = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(
        fe_cursor_type(clang_Cursor_getArgument(call, (unsigned)row->param)))));
    CXString spelling = clang_getTypeSpelling(written);
    bool in_member = strstr(clang_getCString(spelling), "VkMemoryRequirements2") != NULL;
    clang_disposeString(spelling);
    if (in_member)
        requirements = fe_child(cx, requirements, "memoryRequirements");
    const vks_smt_expr *alignment = value_symbol(cx, fe_child(cx, requirements, "alignment"));
    const vks_smt_expr *type_bits =
        value_symbol(cx, fe_child(cx, requirements, "memoryTypeBits"));
    if (alignment->kind != VKS_SMT_VAR || type_bits->kind != VKS_SMT_VAR)
        return; /* a value of its own (a join's): nothing to say of it */
    vks_smt_expr *one = fe_smt_new(cx, VKS_SMT_CONST);
    one->value = 1;
    const vks_smt_expr *below = fe_smt_binary(cx, VKS_SMT_SUB, alignment, one);
    fe_assume(cx, fe_smt_is(cx, alignment, 0), false);
    fe_assume(cx, fe_smt_is(cx, fe_smt_binary(cx, VKS_SMT_BITAND, alignment, below), 0), true);
    fe_assume(cx, fe_smt_is(cx, type_bits, 0), false);
}

/*
 * Whether a call the evaluator cannot see into allocates memory and
 * returns it: malloc, calloc, realloc, strdup, and the functions named
 * like them that libraries wrap them in (av_fast_realloc, g_malloc0_n,
 * rzalloc_array, av_strdup, av_frame_clone, and a new reference:
 * av_buffer_ref, gst_buffer_ref, which fail only when memory runs out).
 * The analysis assumes that allocation succeeds, as it assumes that an
 * assert holds: the result is not NULL, and `if (!p) { ...; return
 * AVERROR(ENOMEM); }` after it is no fork.
 * What a program does once it is out of memory is not the synchronization
 * of its frames, and each such check was a path of its own: FFmpeg's
 * ff_vk_add_exec_dep checks six reallocations per plane of each frame it
 * is handed (its callers ignore the error and submit anyway, so no way
 * could be joined), which alone took a filter past its path limit.  The
 * README states the assumption.
 */
static bool allocates_memory(const fe_call *record, CXCursor call)
{
    const char *name = record->spelling;
    if (!name || strncmp(name, "vk", 2) == 0 ||
        !fe_type_is_pointer(fe_cursor_type(call)))
        return false;
    static const char *const copies[] = {"strdup", "strndup", "memdup", "memdup2", "_clone",
                                         "_ref"};
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof copies / sizeof *copies; i++) {
        size_t k = strlen(copies[i]);
        if (n >= k && strcmp(name + n - k, copies[i]) == 0)
            return true;
    }
    const char *last = NULL;
    for (const char *p = strstr(name, "alloc"); p; p = strstr(p + 1, "alloc"))
        last = p;
    if (!last || (last - name >= 2 && strncmp(last - 2, "de", 2) == 0))
        return false;
    static const char *const endings[] = {"", "z", "0", "_n", "0_n", "_array", "z_array",
                                          "array", "_size", "z_size"};
    for (size_t i = 0; i < sizeof endings / sizeof *endings; i++)
        if (strcmp(last + 5, endings[i]) == 0)
            return true;
    return false;
}

/*
 * What a Vulkan call returns.  Most results are unknown: an acquire can
 * find the swapchain out of date, a fence wait can time out.  A command
 * whose only failures are running out of memory (FE_EP_SUCCEEDS:
 * vkBeginCommandBuffer, vkCreateImageView, ...; their error codes are
 * VK_ERROR_OUT_OF_HOST_MEMORY and VK_ERROR_OUT_OF_DEVICE_MEMORY, and
 * VK_ERROR_UNKNOWN for an implementation's failure) is taken to succeed,
 * as an allocation is (allocates_memory): VK_SUCCESS, so `if (r !=
 * VK_SUCCESS) return AVERROR_EXTERNAL;` after it is no fork.  FFmpeg's
 * ff_vk_start_exec_recording returns an error when vkBeginCommandBuffer
 * fails and its callers go on recording regardless: 127 of a blur's 483
 * runs were that way.
 */
static fe_val *vulkan_result(fe_ctx *cx, const char *entry)
{
    if (fe_entry_point_has(entry, FE_EP_SUCCEEDS))
        return fe_int(cx, 0); /* VK_SUCCESS */
    return fe_unknown(cx);
}

/* An argument that is a `void *` to an object of the path, as written
   (not converted at the call). */
static bool hands_user_data(CXCursor arg, const fe_val *v)
{
    CXType t = clang_getCanonicalType(fe_cursor_type(fe_strip(arg)));
    return t.kind == CXType_Pointer &&
           clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_Void &&
           v->kind == VAL_PTR && v->target && !v->mapping && !v->mapped_place;
}

/* A call through a pointer (`pass->execute (cmd, user)`): the program's
   function the pointer holds on this path (function_value), when it
   records (through its helpers too); else a null cursor, and it is a call
   the evaluator cannot see into, as before: what its pointer arguments
   reach is forgotten, which covers whatever a callback that records
   nothing does there.  Followed, GStreamer's queue chooser
   (`gst_vulkan_device_foreach_queue (device, _choose_queue, &data)`)
   branched on every queue's flags and split the paths of the sink's
   frame by the queue it chose, past its statement limit. */
static CXCursor function_behind_pointer(fe_ctx *cx, CXCursor call, fe_val *const *args,
                                       int argc)
{
    /* Only a call handed a command buffer (or what holds one) is looked
       into: a pass records into the one it is given.  Evaluating every
       callee pointer (zink's `screen->resource_destroy (screen, res)` in
       each reference count's release) cost 6% of zink's time for none.
       A COM method is handed its interface, a member of the object that
       holds the command buffer (member_address): that object is handed.
       So is a callback's `void *data` handed the renderer (`dispctx->draw
       (vk)`, RetroArch's display drivers): the type the argument has before
       its conversion says what it is.  A `void *` that was converted
       earlier says nothing: a callback's user data kept beside it
       (`up->flush (up, up->user)`, an upload context handing its batch to
       the program's function that records it into the frame `user` points
       at) is handed when it points at an object of the path; the function
       behind the pointer decides (it must record). */
    bool handed_cmdbuf = false;
    for (int i = 0; i < argc && !handed_cmdbuf; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        handed_cmdbuf = fe_type_reaches_cmdbuf(cx, fe_cursor_type(arg)) ||
                        fe_type_reaches_cmdbuf(cx, fe_cursor_type(fe_strip(arg))) ||
                        (args[i]->kind == VAL_PTR && args[i]->container &&
                         args[i]->container_holds_cmdbuf) ||
                        hands_user_data(arg, args[i]);
    }
    const fe_child_list *ch = fe_children_kept(cx, call);
    if (!handed_cmdbuf || ch->count == 0)
        return clang_getNullCursor();
    /* `(*next) (cmd)` calls what `next` points to: the function itself. */
    CXCursor callee_expr = fe_strip(ch->items[0]);
    while (clang_getCursorKind(callee_expr) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(callee_expr) == CXUnaryOperator_Deref &&
           fe_children_kept(cx, callee_expr)->count == 1)
        callee_expr = fe_strip(fe_children_kept(cx, callee_expr)->items[0]);
    const fe_val *callee = fe_eval(cx, callee_expr);
    size_t n = sizeof FUNCTION_PREFIX - 1;
    if (callee->kind != VAL_SYM || !callee->ident ||
        strncmp(callee->ident, FUNCTION_PREFIX, n) != 0)
        return clang_getNullCursor();
    const fe_function *f = fe_function_by_usr(cx, callee->ident + n);
    if (!f || !fe_function_records(cx, f->definition))
        return clang_getNullCursor();
    cx->eval->function_list[f->index]->reached_through_pointer = true;
    fe_sites_called_through_pointer(cx, f->index);
    if (fe_debug_paths()) {
        vks_loc at = fe_loc(cx, call);
        fprintf(stderr, "    through a pointer %s:%u: %s\n", at.file, at.line,
                callee->spelling ? callee->spelling : f->usr);
    }
    return f->definition;
}

/* Whether a call is handed a pointer into mapped memory: what a helper
   writes there is a host access the rules check (host.c), so a helper that
   only computes numbers is run after all when it writes them straight
   into a mapped uniform buffer (`mat4x4_mul (ubo->mvp, p, v)`). */
static bool hands_mapped_memory(fe_val *const *args, int argc)
{
    for (int i = 0; i < argc; i++)
        if (args[i]->mapping || args[i]->mapped_place ||
            (args[i]->kind == VAL_PTR && args[i]->target && args[i]->target->mapped_place))
            return true;
    return false;
}

/*
 * qsort (base, nmemb, size, compar) on an array the path knows, with a
 * comparator of the program: render queues sort their passes or draws by
 * a key before recording them (`qsort (passes, n, sizeof *passes,
 * by_order)`), and look resources up by id in a sorted table with bsearch.
 * As calls the evaluator cannot see into, qsort made the array unknown and
 * bsearch's result was unknown: every pass recorded from the array, every
 * buffer looked up, named no buffer.  Here the comparator is run on the
 * elements (pointers to them, as the library hands it; C11 7.22.5).
 * qsort calls it an unspecified number of times, and the order of two
 * elements it finds equal is unspecified: only a comparator that writes
 * nothing but its own locals is run, every result must be known, and a 0
 * between two elements of qsort's array, or two elements equal to
 * bsearch's key, leaves the call unknown as it was.  bsearch's array must
 * be ordered against the key (7.22.5.1p2): the elements less than it,
 * then those equal, then the greater; one that is not is left unknown
 * too.
 */
enum { SORT_MAX_ELEMENTS = 16 };

typedef struct sorted_array {
    fe_val *array;             /* the array node the base points into */
    int64_t first;             /* the base's index in it */
    uint64_t count;
    CXCursor compare;          /* the comparator's definition */
} sorted_array;

/* The arguments of a qsort or bsearch call (base at args[b], then nmemb,
   size and compar), when the array and the comparator are known. */
static bool sort_arguments(fe_ctx *cx, CXCursor call, fe_val **args, int b, sorted_array *out)
{
    uint64_t n, size;
    fe_val *base = args[b], *compar = args[b + 3];
    size_t prefix = sizeof FUNCTION_PREFIX - 1;
    if (base->kind != VAL_PTR || !base->target || base->single || base->mapped_place ||
        !fe_known_int(args[b + 1], &n) || n > SORT_MAX_ELEMENTS ||
        !fe_known_int(args[b + 2], &size) || compar->kind != VAL_SYM || !compar->ident ||
        strncmp(compar->ident, FUNCTION_PREFIX, prefix) != 0)
        return false;
    /* The elements' type, from the array or pointer handed as base. */
    CXType t = clang_getCanonicalType(
        fe_cursor_type(fe_strip(clang_Cursor_getArgument(call, (unsigned)b))));
    CXType element = fe_type_is_array(t) ? clang_getArrayElementType(t)
                     : t.kind == CXType_Pointer ? clang_getPointeeType(t)
                                                : (CXType){CXType_Invalid, {NULL, NULL}};
    if (element.kind == CXType_Invalid || fe_type_size(element) != size)
        return false;
    const fe_function *f = fe_function_by_usr(cx, compar->ident + prefix);
    if (!f || clang_Cursor_isNull(fe_function_body(f->definition)) ||
        fe_function_records(cx, f->definition) || !only_writes_locals(cx, f->definition, 0))
        return false;
    *out = (sorted_array){base->target, base->index, n, f->definition};
    return true;
}

/* compar (a, b)'s sign, a and b the values handed; false when unknown. */
static bool compared(fe_ctx *cx, CXCursor call, const sorted_array *s, fe_val *a, fe_val *b,
                     int *sign)
{
    fe_val *pair[2] = {a, b};
    fe_val *r = fe_inline_call(cx, s->compare, call, pair, 2);
    uint64_t v;
    if (!r || !fe_known_int(r, &v) || cx->path.dead || cx->path.exited)
        return false;
    *sign = (int32_t)v < 0 ? -1 : (int32_t)v > 0;
    return true;
}

static bool is_library_call(fe_ctx *cx, CXCursor call, const char *name)
{
    CXCursor decl = fe_callee_decl(call);
    return !clang_Cursor_isNull(decl) &&
           clang_Location_isInSystemHeader(clang_getCursorLocation(decl)) &&
           strcmp(fe_spelling(cx, decl), name) == 0;
}

static bool sort_with_comparator(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    sorted_array s;
    if (argc != 4 || !is_library_call(cx, call, "qsort") || !sort_arguments(cx, call, args, 0, &s))
        return false;
    /* An insertion sort of the positions; the array is written at the end. */
    int64_t order[SORT_MAX_ELEMENTS];
    for (uint64_t i = 0; i < s.count; i++)
        order[i] = s.first + (int64_t)i;
    for (uint64_t i = 1; i < s.count; i++) {
        for (uint64_t j = i; j > 0; j--) {
            int sign;
            if (!compared(cx, call, &s, fe_pointer_to(cx, s.array, order[j - 1], false),
                          fe_pointer_to(cx, s.array, order[j], false), &sign) ||
                sign == 0)
                return false;
            if (sign < 0)
                break;
            int64_t k = order[j - 1];
            order[j - 1] = order[j];
            order[j] = k;
        }
    }
    fe_val *sorted[SORT_MAX_ELEMENTS];
    for (uint64_t i = 0; i < s.count; i++)
        sorted[i] = fe_copy(cx, fe_element(cx, s.array, order[i]));
    for (uint64_t i = 0; i < s.count; i++)
        fe_assign(cx, fe_element(cx, s.array, s.first + (int64_t)i), sorted[i]);
    return true;
}

/* bsearch's result: the element equal to the key, or a null pointer. */
static fe_val *search_with_comparator(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    sorted_array s;
    if (argc != 5 || !is_library_call(cx, call, "bsearch") || !sort_arguments(cx, call, args, 1, &s))
        return NULL;
    int last = 1; /* the signs must go 1 ... 0 ... -1 */
    int64_t found = -1;
    for (uint64_t i = 0; i < s.count; i++) {
        int sign;
        if (!compared(cx, call, &s, args[0], fe_pointer_to(cx, s.array, s.first + (int64_t)i, false),
                      &sign) ||
            sign > last || (sign == 0 && found >= 0))
            return NULL;
        if (sign == 0)
            found = s.first + (int64_t)i;
        last = sign;
    }
    return found >= 0 ? fe_pointer_to(cx, s.array, found, false) : fe_int(cx, 0);
}

/* pthread_create / thrd_create of a start routine of the program that
   records: the routine run at the creation, handed its argument, and not
   the library's own arguments (threads.c says why).  A thread that records
   nothing (an audio or input thread) stays a call the evaluator cannot see
   into. */
static bool thread_started(fe_ctx *cx, CXCursor call, fe_val **args, int argc)
{
    unsigned routine, arg;
    if (!fe_thread_start_positions(cx, call, &routine, &arg) || (unsigned)argc <= arg)
        return false;
    const fe_function *f = fe_thread_start_routine(cx, call);
    if (!f || clang_Cursor_isNull(fe_function_body(f->definition)) ||
        !fe_function_records(cx, f->definition))
        return false;
    fe_inline_call(cx, f->definition, call, &args[arg], 1);
    return true;
}

/*
 * pthread_exit / thrd_exit in a start routine run where its thread starts
 * (thread_started) ends the thread, not the program: "An implicit call to
 * pthread_exit() is made when a thread other than the thread in which
 * main() was first invoked returns from the start routine" (POSIX,
 * pthread_exit), so in the routine's own frame it is its return.  As a
 * call that does not return it ended the creator's path, and everything
 * the main thread recorded after the pthread_create was not reached.  In
 * a helper of the routine the frames between cannot be left here: the
 * path ends, and says so.  Outside a thread run (in main, or a routine
 * analysed as a root of its own) it is what it was.
 */
static bool thread_exits(fe_ctx *cx, CXCursor call)
{
    if (!is_library_call(cx, call, "pthread_exit") && !is_library_call(cx, call, "thrd_exit"))
        return false;
    for (const fe_frame *f = cx->path.frame; f; f = f->caller) {
        unsigned routine, arg;
        if (!f->call_context ||
            !fe_thread_start_positions(cx, f->call_context->call, &routine, &arg))
            continue;
        if (f != cx->path.frame) {
            fe_incomplete(cx, call, "a thread's exit inside a helper of its start routine is "
                                    "not followed; the path ends here");
            return false;
        }
        if (cx->path.ret)
            cx->path.ret->returned = true;
        return true;
    }
    return false;
}

/*
 * __builtin_expect (exp, c), and __builtin_expect_with_probability: "The
 * return value is the value of exp" (GCC manual, "Other Built-in
 * Functions"), the hint changing nothing the program computes.  Kernel
 * style wraps its tests in likely () / unlikely (); as a call the
 * evaluator could not see into, `if (likely (step > 0))` went both ways
 * with `step` known, and a barrier the loop records on every step but the
 * first was missing on half the paths (the styles corpus's gnu_
 * programs).
 */
static bool is_builtin_expect(fe_ctx *cx, CXCursor call)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl) || clang_Cursor_getNumArguments(call) < 2)
        return false;
    const char *name = fe_spelling(cx, decl);
    return strcmp(name, "__builtin_expect") == 0 ||
           strcmp(name, "__builtin_expect_with_probability") == 0;
}

static fe_val *eval_call(fe_ctx *cx, CXCursor call)
{
    int argc = clang_Cursor_getNumArguments(call);
    if (argc < 0)
        argc = 0;
    fe_val **args = vks_arena_alloc(fe_value_arena(cx), sizeof *args * (size_t)(argc + 1));
    for (int i = 0; i < argc; i++)
        args[i] = fe_eval(cx, clang_Cursor_getArgument(call, (unsigned)i));
    fe_val *stdarg = stdarg_call(cx, call, args, argc);
    if (stdarg)
        return stdarg;
    fe_val *scanned = bit_scan_call(cx, call, args, argc);
    if (scanned)
        return scanned;
    if (is_builtin_expect(cx, call))
        return args[0];

    const char *entry = fe_callee_entry_point(cx, call);
    if (entry && strncmp(entry, "vk", 2) == 0) {
        fe_call record = call_record(cx, call, entry, args, (unsigned)argc, true);
        cx->model_result = NULL;
        if (fe_vulkan_call(cx, &record)) {
            fe_val *result = cx->model_result;
            cx->model_result = NULL;
            return result ? result : vulkan_result(cx, entry);
        }
    }

    CXCursor fn = fe_callee_decl(call);
    if (!clang_Cursor_isNull(fn) && fe_call_breaks_precondition(cx, call)) {
        /* g_return_if_fail's failing way (program_end.c), reached in a
           way of a joined region or through a known condition: no way
           the program runs. */
        cx->path.dead = true;
        return fe_unknown(cx);
    }
    if (!clang_Cursor_isNull(fn) && thread_exits(cx, call))
        return fe_unknown(cx);
    if (!clang_Cursor_isNull(fn) && fe_call_ends_path(cx, call)) {
        /* exit(), abort(), a fatal-error helper: the program ends here, so
           this path records nothing more and submits nothing it began
           (a helper that submits before exiting is run instead). */
        cx->path.exited = true;
        return fe_unknown(cx);
    }
    if (clang_Cursor_isNull(fn))
        fn = function_behind_pointer(cx, call, args, argc);
    else if (fe_call_is_arithmetic(cx, call) && !hands_mapped_memory(args, argc))
        fn = clang_getNullCursor(); /* a matrix product: its numbers unknown */
    else
        fn = fe_find_function(cx, fn);
    if (!clang_Cursor_isNull(fn) && !clang_Cursor_isNull(fe_function_body(fn))) {
        fe_val *joined;
        if (recursion_ends_path(cx, fn, args, argc))
            return fe_unknown(cx);
        unsigned max_depth = fe_limit(FE_LIMIT_HELPER_DEPTH);
        if (!cx->path.frame || cx->path.frame->depth < (int)max_depth) {
            if (fe_run_call_every_way(cx, fn, call, args, (unsigned)argc, &joined,
                                      fe_inline_call))
                return joined;
            return fe_inline_call(cx, fn, call, args, (unsigned)argc);
        }
        /* Too deep (an allocator's recursion): a helper that records nothing
           is any call the evaluator cannot see into (what it writes is
           forgotten below); one that records is not analysed, and says so.
           One that only makes objects records nothing either: the objects
           it makes are unknown handles, and what is recorded on them a
           question no check answers (counted as left unknown). */
        if (fe_function_records(cx, fn) && fe_function_does_more_than_create(cx, fn))
            fe_incomplete(cx, call, vks_arena_printf(
                cx->arena, "helper calls nested more than %u deep are not followed; "
                "what this call records is not analysed", max_depth));
    }

    if (thread_started(cx, call, args, argc))
        return fe_unknown(cx); /* the creation may fail (EAGAIN) */
    if (sort_with_comparator(cx, call, args, argc))
        return fe_unknown(cx); /* qsort returns nothing */
    fe_val *found = search_with_comparator(cx, call, args, argc);
    if (found)
        return found;
    if (argc == 3 && fe_is_object_copy(cx, call)) {
        fe_val *ends[3] = {element_pointer_argument(cx, call, 0, args[0]),
                           element_pointer_argument(cx, call, 1, args[1]), args[2]};
        if (fe_object_copy_call(cx, call, ends, argc))
            return args[0]; /* memcpy and memmove return their destination */
    }
    /* strcpy, strchr, strtok, strtoul on known text: before the
       destination is forgotten, since strtok writes into the text it
       reads (strings.c). */
    fe_val *text_result = fe_text_call(cx, call, args, (unsigned)argc);
    if (text_result)
        return text_result;
    /* A function the evaluator cannot see into: whatever its non-const
       pointer arguments point at may have changed. */
    bool zeroed = zero_object(cx, call, args, argc);
    for (int i = zeroed ? 1 : 0; i < argc; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        CXType t = fe_cursor_type(arg);
        /* A string literal is never modified (C11 6.4.5p7), even passed
           as `char *` (a variadic argument). */
        if (args[i]->kind == VAL_PTR && args[i]->target &&
            !clang_isConstQualifiedType(clang_getPointeeType(t)) &&
            clang_getCursorKind(fe_strip(arg)) != CXCursor_StringLiteral)
            havoc_reachable(cx, args[i]->target, clang_getPointeeType(t));
        /* A calloc'ed block reads as zero, not as unknown: what the call
           may write there is forgotten as any place's. */
        fe_val *zeroed = clang_isConstQualifiedType(clang_getPointeeType(t))
                             ? NULL
                             : fe_zeroed_block(cx, args[i]);
        if (zeroed)
            havoc_reachable(cx, zeroed, clang_getPointeeType(t));
    }
    /* A Vulkan entry point no model handled keeps its name (host.c tells
       the ones that wait for the device from the rest). */
    const char *vulkan_name = entry && strncmp(entry, "vk", 2) == 0 ? entry : NULL;
    if (vulkan_name && fe_entry_point_has(vulkan_name, FE_EP_FIXED_QUERY))
        name_fixed_query_results(cx, vulkan_name, args, argc, call);
    if (vulkan_name && fe_entry_point_has(vulkan_name, FE_EP_MEMORY_REQUIREMENTS))
        memory_requirements_hold(cx, vulkan_name, args, argc, call);
    if (vulkan_name && fe_entry_point_has(vulkan_name, FE_EP_QUERY_POOL))
        fe_note_query_pool(cx, args, (unsigned)argc);
    fe_call record = call_record(cx, call, vulkan_name, args, (unsigned)argc, false);
    fe_val *string_result = fe_string_call(cx, &record);
    if (string_result)
        return string_result;
    fe_opaque_call(cx, &record);
    fe_host_libc_call(cx, &record);
    fe_note_free(cx, &record);
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(call), &file, NULL, NULL,
                              &offset);
    if (vulkan_name && fe_entry_point_has(vulkan_name, FE_EP_SUCCEEDS))
        return vulkan_result(cx, vulkan_name);
    fe_val *result = fe_sym(cx, vks_arena_printf(cx->arena, "call:%u#%u", offset,
                                                 ++cx->path.havoc_generation),
                            record.spelling);
    result->not_null = allocates_memory(&record, call);
    /* "The calloc function allocates space for an array of nmemb objects
       ... The space is initialized to all bits zero" (C11 7.22.3.2p2); a
       pointer kept there is null on every platform a Vulkan driver runs
       on: a list built of calloc'ed nodes ends at the last one's `next`. */
    result->points_to_zeroed = record.callee_in_system_header && record.spelling &&
                               strcmp(record.spelling, "calloc") == 0;
    fe_link_unknown_call(cx, &record, result);
    return result;
}

/* ---- conditions as SMT expressions ---- */

static bool smt_op_of(enum CXBinaryOperatorKind k, vks_smt_op *op)
{
    switch (k) {
    case CXBinaryOperator_Add: *op = VKS_SMT_ADD; return true;
    case CXBinaryOperator_Sub: *op = VKS_SMT_SUB; return true;
    case CXBinaryOperator_Mul: *op = VKS_SMT_MUL; return true;
    case CXBinaryOperator_And: *op = VKS_SMT_BITAND; return true;
    case CXBinaryOperator_Or: *op = VKS_SMT_BITOR; return true;
    case CXBinaryOperator_Xor: *op = VKS_SMT_BITXOR; return true;
    case CXBinaryOperator_EQ: *op = VKS_SMT_EQ; return true;
    case CXBinaryOperator_NE: *op = VKS_SMT_NE; return true;
    case CXBinaryOperator_LT: *op = VKS_SMT_LT; return true;
    case CXBinaryOperator_LE: *op = VKS_SMT_LE; return true;
    case CXBinaryOperator_GT: *op = VKS_SMT_GT; return true;
    case CXBinaryOperator_GE: *op = VKS_SMT_GE; return true;
    case CXBinaryOperator_LAnd: *op = VKS_SMT_AND; return true;
    case CXBinaryOperator_LOr: *op = VKS_SMT_OR; return true;
    default: return false;
    }
}


/*
 * Only side-effect-free operators are followed (the condition itself was
 * already evaluated once, with its side effects); leaves are variables and
 * members, whose symbol names tie two tests of the same value together.
 */
static const vks_smt_expr *value_symbol(fe_ctx *cx, fe_val *v);

const vks_smt_expr *fe_symbolic(fe_ctx *cx, CXCursor cond)
{
    CXCursor c = fe_strip(cond);
    fe_cursors ch;
    fe_children(NULL, c, &ch);
    switch (clang_getCursorKind(c)) {
    case CXCursor_BinaryOperator: {
        vks_smt_op op;
        /* `if ((err = init(...)) < 0) goto fail;` (FFmpeg's RET): the test
           has run, so the assignment's value is what its target holds now.
           A fresh name instead left the test unrelated to `err`, and the
           callers that test the code again took their own ways on it. */
        if (ch.count == 2 && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
            return fe_symbolic(cx, ch.items[0]);
        if (ch.count != 2 || !smt_op_of(clang_getCursorBinaryOperatorKind(c), &op))
            return fe_smt_fresh(cx);
        vks_smt_expr *e = (vks_smt_expr *)fe_smt_binary(
            cx, op, fe_symbolic(cx, ch.items[0]), fe_symbolic(cx, ch.items[1]));
        e->is_signed = fe_type_is_signed(fe_cursor_type(fe_strip(ch.items[0]))) &&
                       fe_type_is_signed(fe_cursor_type(fe_strip(ch.items[1])));
        return e;
    }
    case CXCursor_UnaryOperator: {
        if (ch.count != 1)
            return fe_smt_fresh(cx);
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_LNot || op == CXUnaryOperator_Not) {
            vks_smt_expr *e = fe_smt_new(cx, op == CXUnaryOperator_LNot ? VKS_SMT_NOT
                                                                       : VKS_SMT_NEG);
            e->lhs = fe_symbolic(cx, ch.items[0]);
            return e;
        }
        if (op == CXUnaryOperator_Minus) {
            vks_smt_expr *zero = fe_smt_new(cx, VKS_SMT_CONST);
            return fe_smt_binary(cx, VKS_SMT_SUB, zero, fe_symbolic(cx, ch.items[0]));
        }
        if (op != CXUnaryOperator_Deref)
            return fe_smt_fresh(cx);
        break;
    }
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral:
    case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr:
        break;
    case CXCursor_CallExpr: {
        /* `if (make_buffer (...) != VK_SUCCESS)`: the value the call gave
           when the condition ran (not run again), so that the test and
           the helper's own `if (r != VK_SUCCESS) return r;` are about one
           value - a fresh name let a path fail inside the helper and
           succeed in its caller. */
        if (is_builtin_expect(cx, c)) /* likely (r == VK_SUCCESS): the test itself */
            return fe_symbolic(cx, clang_Cursor_getArgument(c, 0));
        fe_node_memo *m = fe_node_memo_of(c);
        if (m && m->call_value && m->call_run == cx->run_serial)
            return value_symbol(cx, (fe_val *)m->call_value);
        return fe_smt_fresh(cx);
    }
    default:
        return fe_smt_fresh(cx);
    }
    return value_symbol(cx, fe_eval(cx, c));
}

/* A value as an SMT term: a constant, its symbol's name, or the name given
   to an unknown; a fresh variable otherwise. */
static const vks_smt_expr *value_symbol(fe_ctx *cx, fe_val *v)
{
    uint64_t k;
    if (fe_known_int(v, &k)) {
        vks_smt_expr *e = fe_smt_new(cx, VKS_SMT_CONST);
        e->value = k;
        return e;
    }
    if (v->kind == VAL_SYM && v->ident) {
        vks_smt_expr *e = fe_smt_new(cx, VKS_SMT_VAR);
        e->name = v->ident;
        return e;
    }
    if (v->kind == VAL_UNKNOWN && !v->mapped_place)
        fe_unknown_name(cx, v);
    if (v->kind == VAL_UNKNOWN && v->unknown_name) {
        vks_smt_expr *e = fe_smt_new(cx, VKS_SMT_VAR);
        e->name = v->unknown_name;
        return e;
    }
    return fe_smt_fresh(cx);
}


/* ---- declarations ---- */

void fe_declare(fe_ctx *cx, CXCursor decl)
{
    if (is_static_local(decl)) {
        /* Initialised once, before the program started: the declaration
           running again changes nothing. */
        (void)variable(cx, decl);
        return;
    }
    const char *key = fe_decl_key(cx, decl);
    fe_val *v = fe_unknown(cx);
    v->loc = fe_loc(cx, decl);
    CXType type = fe_cursor_type(decl);
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    if (!clang_Cursor_isNull(init)) {
        CXCursor stripped = fe_strip(init);
        if (clang_getCursorKind(stripped) == CXCursor_InitListExpr)
            fe_assign(cx, v, eval_init_list(cx, stripped, type, v->loc));
        else
            fe_assign(cx, v, fe_eval(cx, init));
        if (v->kind == VAL_SYM && v->ident && strncmp(v->ident, "call:", 5) == 0) {
            v->ident = vks_arena_printf(cx->arena, "var:%s=%s", v->ident, key);
            v->spelling = fe_spelling(cx, decl);
        }
        name_after_variable(cx, v, decl);
        name_returned_handles(cx, v, init, fe_spelling(cx, decl));
    } else {
        /* Uninitialised: unknown contents, but a name of its own. */
        v->kind = VAL_SYM;
        v->ident = vks_arena_printf(cx->arena, "%s#%u", key, ++cx->path.havoc_generation);
        v->spelling = fe_spelling(cx, decl);
        v->aggregate = fe_type_is_array(type) ||
                       clang_getCanonicalType(type).kind == CXType_Record;
    }
    /* A declaration run again (the next iteration of the loop whose body
       holds it) starts a new object in the same binding: the old one's
       lifetime ended with the block ("its lifetime ... ends when execution
       of that block ends", C11 6.2.4p6).  A new binding each time made the
       frame's list as long as the iterations run, and every read of a
       variable declared before the loop walked it: a 128 x 128 terrain
       grid filled in two loops took 8 s, a 256 x 256 one minutes. */
    fe_binding **scope = scope_of(cx, decl);
    for (fe_binding *b = *scope; b; b = b->next)
        if (b->key == key) {
            b->value = v;
            return;
        }
    bind(cx, scope, key, v);
}

