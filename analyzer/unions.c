/*
 * unions.c - the members of a union are one object.
 *
 * C11 6.7.2.1p16: "The size of a union is sufficient to contain the
 * largest of its members.  The value of at most one of the members can be
 * stored in a union object at any time."  Reading another member than the
 * one stored reinterprets its bytes (6.5.2.3p3, footnote 95), and two
 * structs of a union that begin alike may be read through either
 * (6.5.2.3p6, a common initial sequence):
 *
 *     union { struct { VkBuffer target; } out;
 *             struct { VkBuffer target; VkDeviceSize size; } fill;
 *             struct { VkBuffer source, target; VkDeviceSize size; } copy; } u;
 *     VkBuffer written = pass->u.out.target;   // copy.source, for a copy
 *
 * A value's members are named nodes, so each member of a union was an
 * object of its own: u.out.target, never written, read as 0 in an
 * initialised struct (a barrier on VK_NULL_HANDLE) or as a name of its own
 * (another buffer than the one the copy named).  Here a union holds the
 * member last used, its "view": using another member converts it, by byte
 * offset, from the one held.  A scalar at the same offset and of the same
 * size keeps its value (a VkBuffer read as the VkBuffer, or the uint64_t,
 * stored there); a scalar the held member does not reach is zero when it
 * was initialised as an aggregate (C11 6.7.9p21) and unknown otherwise;
 * one that overlaps a stored scalar in part is unknown.  Bytes past the
 * end of the member now held keep what was stored there: the scalars the
 * old member had past the new one's end are kept on the side (members of
 * the object named "@U:OFFSET:SIZE", no C name), and come back when a
 * longer member is used again.  What is not told (a bit-field, more than
 * MAX_UNION_LEAVES scalars, a member of unknown size) is unknown.
 *
 * Not followed: a pointer kept to a member before another member was used
 * (`float *f = u.f; ... u.i[0] = 1;`) still points at the old member's node.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

enum { MAX_UNION_LEAVES = 256 };

/* A scalar stored at [offset, offset + size) of the member, or (value
   NULL) bytes whose value nothing says: an aggregate not initialised as
   one, what its own scalars do not cover. */
typedef struct {
    uint64_t offset, size;
    fe_val *value;
} union_leaf;

typedef struct {
    fe_ctx *cx;
    union_leaf *items;
    size_t count, cap;
    bool overflow;
} leaf_list;

static void add_leaf(leaf_list *l, uint64_t offset, uint64_t size, fe_val *value)
{
    if (l->count == MAX_UNION_LEAVES) {
        l->overflow = true;
        return;
    }
    union_leaf leaf = {offset, size, value};
    VKS_PUSH(fe_value_arena(l->cx), l->items, l->count, l->cap, leaf);
}

/* The node of member `name` of v, if v has one (newest first). */
static fe_val *held_member(const fe_val *v, const char *name)
{
    for (const fe_field *f = v->fields; f; f = f->next)
        if (strcmp(f->name, name) == 0)
            return f->value;
    return NULL;
}

static void collect_leaves(leaf_list *l, const fe_val *v, CXType t, uint64_t base);

typedef struct {
    leaf_list *l;
    const fe_val *v;
    uint64_t base;
} field_walk;

static enum CXVisitorResult collect_field(CXCursor field, CXClientData data)
{
    field_walk *w = data;
    long long bits = clang_Cursor_getOffsetOfField(field);
    if (bits < 0 || bits % 8 || clang_Cursor_isBitField(field)) {
        w->l->overflow = true;
        return CXVisit_Break;
    }
    const fe_val *member = held_member(w->v, fe_spelling(w->l->cx, field));
    if (member)
        collect_leaves(w->l, member, clang_getCursorType(field), w->base + (uint64_t)bits / 8);
    return w->l->overflow ? CXVisit_Break : CXVisit_Continue;
}

/* The scalars node v (of type t, at byte `base`) holds. */
static void collect_leaves(leaf_list *l, const fe_val *v, CXType t, uint64_t base)
{
    t = clang_getCanonicalType(t);
    long long size = clang_Type_getSizeOf(t);
    if (size <= 0) {
        l->overflow = true;
        return;
    }
    if (t.kind != CXType_Record && t.kind != CXType_ConstantArray) {
        add_leaf(l, base, (uint64_t)size, (fe_val *)v);
        return;
    }
    bool aside = false; /* a union inside keeps scalars aside: not read here */
    for (const fe_field *f = v->fields; f && !aside; f = f->next)
        aside = f->name[0] == '@';
    if (!v->zero_rest || aside)
        add_leaf(l, base, (uint64_t)size, NULL);
    if (t.kind == CXType_Record) {
        field_walk w = {l, v, base};
        clang_Type_visitFields(t, collect_field, &w);
        return;
    }
    CXType element = clang_getArrayElementType(t);
    long long step = clang_Type_getSizeOf(element);
    long long n = clang_getArraySize(t);
    for (const fe_field *f = v->fields; f && !l->overflow; f = f->next) {
        char *end;
        if (f->name[0] != '[' || step <= 0)
            continue;
        long long k = strtoll(f->name + 1, &end, 10);
        if (*end == ']' && k >= 0 && k < n)
            collect_leaves(l, f->value, element, base + (uint64_t)(k * step));
    }
}

/* What the bytes [offset, offset + size) read as from a member's leaves:
   the scalar stored there exactly, zero where nothing was stored in an
   aggregate initialised as one, NULL (unknown) otherwise. */
static fe_val *read_leaf(fe_ctx *cx, const leaf_list *l, uint64_t offset, uint64_t size)
{
    fe_val *exact = NULL;
    bool partial = false, untold = false;
    for (size_t i = 0; i < l->count; i++) {
        const union_leaf *leaf = &l->items[i];
        if (leaf->offset >= offset + size || offset >= leaf->offset + leaf->size)
            continue;
        if (!leaf->value)
            untold = true;
        else if (leaf->offset == offset && leaf->size == size && !exact)
            exact = leaf->value;
        else
            partial = true;
    }
    if (exact && !partial)
        return fe_copy(cx, exact);
    return partial || untold ? NULL : fe_int(cx, 0);
}

/* A scalar of the member being made: its place (member names from the
   member's node down) and bytes. */
typedef struct {
    const char *path[16];
    unsigned depth;
    uint64_t offset, size;
} target_leaf;

typedef struct {
    fe_ctx *cx;
    target_leaf *items;
    size_t count, cap;
    bool overflow;
    target_leaf at; /* the place being walked */
} target_list;

static void collect_targets(target_list *l, CXType t);

static enum CXVisitorResult target_field(CXCursor field, CXClientData data)
{
    target_list *l = data;
    long long bits = clang_Cursor_getOffsetOfField(field);
    if (bits < 0 || bits % 8 || clang_Cursor_isBitField(field) || l->at.depth == 16) {
        l->overflow = true;
        return CXVisit_Break;
    }
    target_leaf saved = l->at;
    l->at.path[l->at.depth++] = fe_spelling(l->cx, field);
    l->at.offset += (uint64_t)bits / 8;
    collect_targets(l, clang_getCursorType(field));
    l->at = saved;
    return l->overflow ? CXVisit_Break : CXVisit_Continue;
}

static void collect_targets(target_list *l, CXType t)
{
    t = clang_getCanonicalType(t);
    long long size = clang_Type_getSizeOf(t);
    if (size <= 0) {
        l->overflow = true;
        return;
    }
    if (t.kind == CXType_Record) {
        clang_Type_visitFields(t, target_field, l);
        return;
    }
    if (t.kind == CXType_ConstantArray) {
        CXType element = clang_getArrayElementType(t);
        long long step = clang_Type_getSizeOf(element);
        long long n = clang_getArraySize(t);
        if (step <= 0 || n < 0 || l->at.depth == 16) {
            l->overflow = true;
            return;
        }
        for (long long k = 0; k < n && !l->overflow; k++) {
            target_leaf saved = l->at;
            l->at.path[l->at.depth++] = fe_element_name(l->cx, k);
            l->at.offset += (uint64_t)(k * step);
            collect_targets(l, element);
            l->at = saved;
        }
        return;
    }
    if (l->count == MAX_UNION_LEAVES) {
        l->overflow = true;
        return;
    }
    target_leaf leaf = l->at;
    leaf.size = (uint64_t)size;
    VKS_PUSH(fe_value_arena(l->cx), l->items, l->count, l->cap, leaf);
}

/* The union's members, by name and type. */
typedef struct {
    fe_ctx *cx;
    const char *names[64];
    CXType types[64];
    unsigned count;
} union_members;

static enum CXVisitorResult list_member(CXCursor field, CXClientData data)
{
    union_members *m = data;
    if (m->count == 64)
        return CXVisit_Break;
    m->types[m->count] = clang_getCursorType(field);
    m->names[m->count++] = fe_spelling(m->cx, field);
    return CXVisit_Continue;
}

static int member_index(const union_members *m, const char *name)
{
    for (unsigned i = 0; i < m->count; i++)
        if (strcmp(m->names[i], name) == 0)
            return (int)i;
    return -1;
}

/* "@U:" for the scalars a union whose first member is U keeps aside. */
static const char *aside_prefix(fe_ctx *cx, const union_members *m)
{
    return vks_arena_printf(fe_value_arena(cx), "@%s:", m->names[0]);
}

static bool is_union_field(CXCursor member_ref, CXCursor *record)
{
    CXCursor field = clang_getCursorReferenced(member_ref);
    if (clang_getCursorKind(field) != CXCursor_FieldDecl)
        return false;
    *record = clang_getCursorSemanticParent(field);
    return clang_getCursorKind(*record) == CXCursor_UnionDecl;
}

fe_val *fe_union_member(fe_ctx *cx, fe_val *object, CXCursor member_ref, const char *name)
{
    fe_node_memo *memo = fe_node_memo_of(member_ref);
    if (memo && memo->union_member == FE_MEMO_NO)
        return NULL;
    CXCursor record;
    bool is_union = is_union_field(member_ref, &record);
    if (memo)
        memo->union_member = is_union ? FE_MEMO_YES : FE_MEMO_NO;
    if (!is_union || object->kept)
        return NULL;
    union_members members = {.cx = cx};
    clang_Type_visitFields(clang_getCursorType(record), list_member, &members);
    int wanted = member_index(&members, name);
    if (wanted < 0 || members.count == 64)
        return NULL;
    /* The member held: the newest of the union's members among v's. */
    const char *held = NULL;
    fe_val *held_node = NULL;
    for (const fe_field *f = object->fields; f && !held; f = f->next)
        if (member_index(&members, f->name) >= 0) {
            held = f->name;
            held_node = f->value;
        }
    if (!held || strcmp(held, name) == 0)
        return NULL; /* none yet, or this one: the member as it is */

    const char *prefix = aside_prefix(cx, &members);
    size_t prefix_len = strlen(prefix);
    CXType held_type = members.types[member_index(&members, held)];
    CXType wanted_type = members.types[wanted];
    long long held_extent = clang_Type_getSizeOf(clang_getCanonicalType(held_type));
    long long wanted_extent = clang_Type_getSizeOf(clang_getCanonicalType(wanted_type));

    leaf_list stored = {.cx = cx};
    if (held_extent > 0)
        collect_leaves(&stored, held_node, held_type, 0);
    else
        stored.overflow = true;
    /* The scalars kept aside, past the held member's end. */
    leaf_list aside = {.cx = cx};
    for (const fe_field *f = object->fields; f; f = f->next) {
        uint64_t offset, size;
        if (strncmp(f->name, prefix, prefix_len) == 0 &&
            sscanf(f->name + prefix_len, "%" SCNu64 ":%" SCNu64, &offset, &size) == 2)
            add_leaf(&aside, offset, size, f->value);
    }

    fe_val *view = fe_unknown(cx);
    view->aggregate = true;
    view->loc = held_node->loc;
    target_list targets = {.cx = cx};
    if (wanted_extent > 0 && !stored.overflow)
        collect_targets(&targets, wanted_type);
    if (!targets.overflow && wanted_extent > 0 && !stored.overflow) {
        for (size_t i = 0; i < targets.count; i++) {
            const target_leaf *t = &targets.items[i];
            fe_val *value = NULL;
            if (t->offset + t->size <= (uint64_t)held_extent)
                value = read_leaf(cx, &stored, t->offset, t->size);
            else if (t->offset >= (uint64_t)held_extent)
                for (size_t k = 0; k < aside.count && !value; k++)
                    if (aside.items[k].offset == t->offset && aside.items[k].size == t->size)
                        value = fe_copy(cx, aside.items[k].value);
            if (!value)
                continue; /* unknown: what the member's node reads unwritten */
            fe_val *place = view;
            for (unsigned d = 0; d < t->depth; d++)
                place = fe_child(cx, place, t->path[d]);
            fe_assign(cx, place, value);
        }
    }

    /* The object's members again: the new member first, then what is kept
       aside (past its end), then the rest without the union's. */
    fe_field *list = NULL, **tail = &list;
    vks_arena *arena = fe_value_arena(cx);
    fe_field *first = vks_arena_alloc(arena, sizeof *first);
    first->name = members.names[wanted];
    first->name_hash = fe_field_hash(first->name);
    first->value = view;
    *tail = first;
    tail = &first->next;
    uint64_t end = wanted_extent > 0 ? (uint64_t)wanted_extent : UINT64_MAX;
    leaf_list *sources[2] = {&stored, &aside};
    for (unsigned s = 0; s < 2; s++) {
        if (sources[s]->overflow)
            continue;
        for (size_t i = 0; i < sources[s]->count; i++) {
            const union_leaf *leaf = &sources[s]->items[i];
            bool past_held = s == 0 || leaf->offset >= (uint64_t)held_extent;
            if (!leaf->value || leaf->offset < end || !past_held)
                continue;
            fe_field *f = vks_arena_alloc(arena, sizeof *f);
            f->name = vks_arena_printf(arena, "%s%" PRIu64 ":%" PRIu64, prefix, leaf->offset,
                                       leaf->size);
            f->name_hash = fe_field_hash(f->name);
            f->value = fe_copy(cx, leaf->value);
            *tail = f;
            tail = &f->next;
        }
    }
    for (const fe_field *f = object->fields; f; f = f->next) {
        if (member_index(&members, f->name) >= 0 || strncmp(f->name, prefix, prefix_len) == 0)
            continue;
        fe_field *copy = vks_arena_alloc(arena, sizeof *copy);
        *copy = *f;
        *tail = copy;
        tail = &copy->next;
    }
    *tail = NULL;
    fe_will_write(cx, object);
    object->fields = list;
    object->field_index = NULL;
    return view;
}
