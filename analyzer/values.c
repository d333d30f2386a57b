/*
 * values.c - the abstract values of the front end's evaluator (see
 * frontend_internal.h): known integers, named unknowns (symbols), pointers,
 * and aggregates as trees of named children.
 *
 * The rule everything here follows (docs/design.md, "unknown is never
 * guessed"): a value that
 * cannot be computed stays unknown; it is never replaced by a guess.  An
 * aggregate is zero beyond its initialiser only because C says so (C11
 * 6.7.9p21: members not explicitly initialised are initialised like static
 * objects, i.e. to zero).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static fe_val *new_val(fe_ctx *cx, fe_val_kind kind)
{
    fe_val *v = vks_arena_alloc(fe_value_arena(cx), sizeof *v);
    v->kind = kind;
    return v;
}

fe_val *fe_int(fe_ctx *cx, uint64_t i)
{
    fe_val *v = new_val(cx, VAL_INT);
    v->i = i;
    return v;
}

fe_val *fe_unknown(fe_ctx *cx)
{
    return new_val(cx, VAL_UNKNOWN);
}

fe_val *fe_sym(fe_ctx *cx, const char *ident, const char *spelling)
{
    fe_val *v = new_val(cx, VAL_SYM);
    v->ident = ident;
    v->spelling = spelling;
    return v;
}

static fe_field *copy_fields(fe_ctx *cx, const fe_field *f)
{
    fe_field *head = NULL, **tail = &head;
    for (; f; f = f->next) {
        fe_field *n = vks_arena_alloc(fe_value_arena(cx), sizeof *n);
        n->name = f->name;
        n->name_hash = f->name_hash;
        n->value = fe_copy(cx, f->value);
        *tail = n;
        tail = &n->next;
    }
    return head;
}

fe_val *fe_copy(fe_ctx *cx, const fe_val *v)
{
    fe_val *c = new_val(cx, VAL_UNKNOWN);
    if (v) {
        *c = *v;
        c->logged_in = 0; /* a new value: nothing of it is on the trail */
        c->kept = false;  /* the copy is the path's */
        c->fields = copy_fields(cx, v->fields);
        c->field_index = NULL;
    }
    return c;
}

/* fe_keep: each pointer target copied once, so that two pointers to one
   array still point to one array in the copy. */
typedef struct kept_target {
    const fe_val *from;
    fe_val *to;
    struct kept_target *next;
} kept_target;

/* Struct members nest far less deep than this; a deeper chain is taken as
   a cycle and cut (unknown). */
enum { MAX_KEPT_NESTING = 64 };

static fe_val *keep(fe_ctx *cx, const fe_val *v, int depth, unsigned nesting,
                    kept_target **targets)
{
    fe_val *c = vks_arena_alloc(cx->arena, sizeof *c);
    if (nesting > MAX_KEPT_NESTING)
        return c; /* VAL_UNKNOWN */
    *c = *v;
    c->logged_in = 0;
    c->kept = true;
    c->fields = NULL;
    c->field_index = NULL;
    c->container = NULL; /* the path's object: not kept */
    c->container_type = NULL;
    c->ident = fe_persist(cx, v->ident);
    c->spelling = fe_persist(cx, v->spelling);
    c->member_key = fe_persist(cx, v->member_key);
    c->unknown_name = fe_persist(cx, v->unknown_name);
    fe_field **tail = &c->fields;
    for (const fe_field *f = v->fields; f; f = f->next) {
        fe_field *n = vks_arena_alloc(cx->arena, sizeof *n);
        n->name = fe_persist(cx, f->name);
        n->name_hash = f->name_hash;
        n->value = keep(cx, f->value, depth, nesting + 1, targets);
        *tail = n;
        tail = &n->next;
    }
    if (v->kind == VAL_PTR && v->target) {
        if (depth <= 0) {
            c->kind = VAL_UNKNOWN;
            c->target = NULL;
            return c;
        }
        for (const kept_target *t = *targets; t; t = t->next)
            if (t->from == v->target) {
                c->target = t->to;
                return c;
            }
        kept_target *t = vks_arena_alloc(fe_value_arena(cx), sizeof *t);
        t->from = v->target;
        t->next = *targets;
        *targets = t;
        t->to = keep(cx, v->target, depth - 1, nesting + 1, targets);
        c->target = t->to;
    }
    return c;
}

const char *fe_persist(fe_ctx *cx, const char *name)
{
    return name && cx->values ? vks_arena_strdup(cx->arena, name) : name;
}

fe_val *fe_keep(fe_ctx *cx, const fe_val *v, int depth)
{
    kept_target *targets = NULL;
    return v ? keep(cx, v, depth, 0, &targets) : NULL;
}

/* The context whose models are reading values now (fe_watch_lossy_reads):
   a read of a value a join lost asks for that region to be split.  One
   analysis runs on one thread; the pointer is per thread all the same. */
static _Thread_local fe_ctx *lossy_reader;

void fe_watch_lossy_reads(fe_ctx *cx)
{
    lossy_reader = cx;
}

/* A model reads v: when a join made it unknown (and that region is not
   split already), the path is to be run again with the region split.  Not
   when that makes more than FE_MAX_SPLIT_WAYS paths - a join of many
   ways, or of a region joined many times in the run (a helper called
   from everywhere, a loop's body): split, each way is a path from there
   on, once per time the region runs (ways ^ times).  GTK's GSK renderer
   joined a 19-way `switch (op->type)` per render op that computes a
   descriptor set index, vkCmdBindDescriptorSets read the index, and the
   split switch made 19 x 19 ways of the loop around it, past every limit
   (4 GB of memory in two runs); then G_DEFINE_TYPE's `*_get_type ()`, joined at every
   `GSK_VULKAN_..._PIPELINE (p)` cast, lost the private offset that
   vkCmdBindPipeline's pipeline handle is read through, and split doubled
   the paths at every cast.  The value stays unknown, which no check
   turns into a finding. */
static void read_by_model(const fe_val *v)
{
    fe_ctx *cx = lossy_reader;
    if (!cx || !v || !v->lossy || cx->path.restart || v->lossy > cx->join_count)
        return;
    const fe_join *join = &cx->joins[v->lossy - 1];
    if (join->split)
        return;
    unsigned times = join->region_joins->run_serial == cx->run_serial
                         ? join->region_joins->joins
                         : 1;
    uint64_t paths = 1;
    for (unsigned i = 0; i < times && paths <= FE_MAX_SPLIT_WAYS; i++)
        paths *= join->ways;
    if (paths > FE_MAX_SPLIT_WAYS)
        return;
    cx->path.restart = v->lossy;
    if (fe_debug_paths())
        fprintf(stderr, "  a model read `%s`, which join %u lost\n",
                v->spelling ? v->spelling : "?", v->lossy);
}

void fe_will_write(fe_ctx *cx, fe_val *v)
{
    cx->writes++;
    if (!cx->sandbox || !v || v->logged_in == cx->trail_epoch)
        return;
    fe_trail_entry e = {v, *v};
    VKS_PUSH(cx->arena, cx->trail, cx->trail_count, cx->trail_cap, e);
    v->logged_in = cx->trail_epoch;
}

void fe_trail_rollback(fe_ctx *cx, size_t mark)
{
    cx->writes++;
    while (cx->trail_count > mark) {
        fe_trail_entry *e = &cx->trail[--cx->trail_count];
        *e->node = e->before;
    }
}

void fe_trail_forget(fe_ctx *cx, size_t mark)
{
    while (cx->trail_count > mark)
        cx->trail[--cx->trail_count].node->logged_in = 0;
}

bool fe_sandboxed_effect(fe_ctx *cx)
{
    if (!cx->sandbox) {
        cx->path.effects++;
        return false;
    }
    cx->sandbox_abort = true;
    return true;
}

bool fe_sandboxed_inert_effect(fe_ctx *cx)
{
    if (fe_sandboxed_effect(cx))
        return true;
    cx->path.inert_effects++;
    return false;
}

void fe_assign(fe_ctx *cx, fe_val *dst, const fe_val *src)
{
    fe_will_write(cx, dst);
    fe_val *copy = fe_copy(cx, src);
    vks_loc keep = dst->loc;
    unsigned logged_in = dst->logged_in;
    *dst = *copy;
    dst->logged_in = logged_in;
    if (!src || !src->aggregate || !src->loc.file)
        dst->loc = keep;
}

/*
 * A value's members are a list, newest first.  An array a program fills
 * element by element on the host (a 256 x 256 terrain grid, a colour
 * table) has one member per element, and each write looked its element up
 * along the list: 95% of the time of a 65,536-vertex grid, 22 s.  Past
 * INDEX_FROM members a hash index covers the list from one member (`head`)
 * to its end.  Members are only ever put in front of a list, and a node's
 * `next` never changes, so the index stays true of that part of it: a
 * lookup walks the members added since (in front of `head`), adds them to
 * the index, and probes it.  A value whose list does not reach `head` (a
 * copy, a state restored when a region's way is undone, a list replaced)
 * gets an index of its own.
 */
typedef struct fe_field_index {
    const fe_field *head;
    size_t count;          /* members from head to the end */
    size_t mask;           /* slots - 1, a power of two minus one */
    fe_field **slots;
} fe_field_index;

enum { INDEX_FROM = 48 };

static fe_field **index_slot(const fe_field_index *ix, const fe_field *f)
{
    for (size_t i = f->name_hash & ix->mask;; i = (i + 1) & ix->mask)
        if (!ix->slots[i] || (ix->slots[i]->name_hash == f->name_hash &&
                              strcmp(ix->slots[i]->name, f->name) == 0))
            return &ix->slots[i];
}

/* Puts f in the index; a member nearer the list's head is added later and
   takes the name, as find_field's first match does. */
static void index_add(vks_arena *arena, fe_field_index *ix, fe_field *f)
{
    if (!ix->slots || 2 * (ix->count + 1) > ix->mask + 1) {
        fe_field **old = ix->slots;
        size_t old_size = old ? ix->mask + 1 : 0;
        ix->mask = old_size ? 2 * old_size - 1 : 127; /* 128 slots: past INDEX_FROM * 2 */
        ix->slots = vks_arena_alloc(arena, sizeof *ix->slots * (ix->mask + 1));
        memset(ix->slots, 0, sizeof *ix->slots * (ix->mask + 1));
        for (size_t i = 0; i < old_size; i++)
            if (old[i])
                *index_slot(ix, old[i]) = old[i];
    }
    *index_slot(ix, f) = f;
    ix->count++;
}

/* Indexes the members in front of the index's head (`added` of them, the
   list's first), farthest from the head first. */
static void index_front(vks_arena *arena, fe_field_index *ix, fe_field *front, size_t added)
{
    fe_field **order = vks_arena_alloc(arena, sizeof *order * (added + 1));
    size_t n = 0;
    for (fe_field *f = front; n < added; f = f->next)
        order[n++] = f;
    while (n > 0)
        index_add(arena, ix, order[--n]);
    ix->head = front;
}

static fe_field *find_field(fe_ctx *cx, fe_val *v, const char *name)
{
    uint32_t hash = fe_field_hash(name);
    fe_field_index *ix = v->field_index;
    size_t in_front = 0;
    fe_field *f = v->fields;
    for (; f && (!ix || f != ix->head); f = f->next, in_front++)
        if (f->name_hash == hash && strcmp(f->name, name) == 0)
            return f;
    bool indexed = ix && f == ix->head && f;
    if (!indexed && in_front < INDEX_FROM)
        return NULL; /* the whole list walked: a short one */
    vks_arena *arena = v->kept ? cx->arena : fe_value_arena(cx);
    if (!indexed) {
        /* No index, or another list's: one of this list's own. */
        ix = vks_arena_alloc(arena, sizeof *ix);
        *ix = (fe_field_index){0};
        v->field_index = ix;
        index_front(arena, ix, v->fields, in_front);
        return NULL; /* walked to the end above */
    }
    if (in_front)
        index_front(arena, ix, v->fields, in_front);
    fe_field probe = {.name = name, .name_hash = hash};
    return *index_slot(ix, &probe);
}

const fe_val *fe_peek(fe_ctx *cx, const fe_val *v, const char *name)
{
    if (!v)
        return NULL;
    fe_field *f = find_field(cx, (fe_val *)v, name);
    if (f)
        return f->value;
    read_by_model(v);
    if (v->zero_rest) {
        fe_val *zero = fe_int(cx, 0);
        zero->zero_rest = true;
        return zero;
    }
    return NULL;
}

const char *fe_decimal(char *buf, uint64_t v)
{
    char *p = buf + 23;
    *p = '\0';
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return p;
}

const char *fe_joined(vks_arena *a, const char *const *parts, size_t count)
{
    enum { KEPT_LENGTHS = 8 };
    size_t lengths[KEPT_LENGTHS], total = 0;
    for (size_t i = 0; i < count; i++) {
        size_t n = strlen(parts[i]);
        if (i < KEPT_LENGTHS)
            lengths[i] = n;
        total += n;
    }
    char *out = vks_arena_alloc(a, total + 1), *p = out;
    for (size_t i = 0; i < count; i++) {
        size_t n = i < KEPT_LENGTHS ? lengths[i] : strlen(parts[i]);
        memcpy(p, parts[i], n);
        p += n;
    }
    *p = '\0';
    return out;
}

/* "base[i]", "base->m" or "base.m": how a message names a member. */
static const char *member_spelling(vks_arena *names, const fe_val *v, const char *name)
{
    const char *base = v->spelling ? v->spelling : "?";
    if (name[0] == '[')
        return FE_JOINED(names, base, name);
    if (v->via_pointer)
        return FE_JOINED(names, base[0] == '*' ? base + 1 : base, "->", name);
    return FE_JOINED(names, base, ".", name);
}

/* Element `name` ("[k]") of a global array read an element at a time
   (fe_val.initialiser_elements): its initialiser's value, or NULL. */
static fe_val *initialiser_element(fe_ctx *cx, const fe_val *array, const char *name)
{
    char *end;
    long long k = name[0] == '[' ? strtoll(name + 1, &end, 10) : -1;
    if (k < 0 || *end != ']' || !cx->initialiser_element)
        return NULL;
    return cx->initialiser_element(cx, array, k);
}

fe_val *fe_default_child(fe_ctx *cx, const fe_val *v, const char *name)
{
    fe_val *child;
    /* The path's names die with it (fe_persist keeps one). */
    vks_arena *names = fe_value_arena(cx);
    fe_val *initial = v->initialiser_elements ? initialiser_element(cx, v, name) : NULL;
    if (initial) {
        child = initial;
        if (v->spelling)
            child->spelling = member_spelling(names, v, name);
    } else if (v->zero_rest) {
        child = fe_int(cx, 0);
        child->zero_rest = true;
        /* A handle kept there later is named after its place in messages
           (`g.staging`, not '?'). */
        if (v->spelling)
            child->spelling = member_spelling(names, v, name);
    } else if (v->ident) {
        child = fe_sym(cx, FE_JOINED(names, v->ident, "/", name),
                       member_spelling(names, v, name));
    } else {
        child = fe_unknown(cx);
    }
    child->loc = v->loc;
    return child;
}

/*
 * Adds member `name` to v with the value reading it unwritten gives.  A
 * kept value (an object's create info, fe_keep) is read again by every
 * later path: the member goes into the program's arena with it.  In the
 * path's arena it was freed when the path ended, and the next path's
 * vkCmdBeginRenderPass walked the subpass description's members into
 * freed memory (a subpass that leaves pResolveAttachments out, made by a
 * set-up function and begun on two paths: tests/unit/realprog/postfx_pass.c).
 */
static fe_val *add_default_member(fe_ctx *cx, fe_val *v, const char *name)
{
    fe_val *child = fe_default_child(cx, v, name);
    vks_arena *arena = fe_value_arena(cx);
    if (v->kept) {
        child = fe_keep(cx, child, 0);
        name = fe_persist(cx, name);
        arena = cx->arena;
    }
    fe_field *f = vks_arena_alloc(arena, sizeof *f);
    f->name = name;
    f->name_hash = fe_field_hash(name);
    f->value = child;
    f->next = v->fields;
    v->fields = f;
    return child;
}

fe_val *fe_child(fe_ctx *cx, fe_val *v, const char *name)
{
    fe_field *f = find_field(cx, v, name);
    if (f)
        return f->value;
    /* Not a write: the member was there, unknown (or zero), before it was
       read, so a region that reads it first does not take it away when it
       is undone (summary.c) - the next read finds the same member, and the
       name a test gave its unknown (fe_symbolic). */
    return add_default_member(cx, v, name);
}

/* The first element names from a table made once (every run names the
   same elements again, and formatting each was a seventieth of
   vkcube-xcb's instructions), the others in the path's arena. */
enum { NAMED_ELEMENTS = 256 };
const char *fe_element_name(fe_ctx *cx, int64_t index)
{
    char digits[24];
    const char *sign = index < 0 ? "-" : "";
    uint64_t magnitude = index < 0 ? 0 - (uint64_t)index : (uint64_t)index;
    if (index < 0 || index >= NAMED_ELEMENTS)
        return FE_JOINED(fe_value_arena(cx), "[", sign, fe_decimal(digits, magnitude), "]");
    if (!cx->element_names)
        cx->element_names = vks_arena_alloc(cx->arena, sizeof *cx->element_names *
                                                           NAMED_ELEMENTS);
    const char **name = &cx->element_names[index];
    if (!*name)
        *name = FE_JOINED(cx->arena, "[", fe_decimal(digits, magnitude), "]");
    return *name;
}

fe_val *fe_element(fe_ctx *cx, fe_val *array, int64_t index)
{
    return fe_child(cx, array, fe_element_name(cx, index));
}

fe_val *fe_new_element(fe_ctx *cx, fe_val *array, int64_t index)
{
    return add_default_member(cx, array, fe_element_name(cx, index));
}

bool fe_known_elements(fe_ctx *cx, fe_val *p, uint64_t count, uint64_t *out)
{
    if (!p || p->kind != VAL_PTR || !p->target || p->single || p->index < 0)
        return false;
    read_by_model(p);
    bool *seen = vks_arena_alloc(fe_value_arena(cx), count ? count : 1);
    memset(seen, 0, count);
    uint64_t found = 0;
    for (const fe_field *f = p->target->fields; f; f = f->next) {
        char *end;
        if (f->name[0] != '[')
            continue;
        long long k = strtoll(f->name + 1, &end, 10);
        if (*end != ']' || k < p->index || (uint64_t)(k - p->index) >= count ||
            seen[k - p->index])
            continue;
        seen[k - p->index] = true;
        if (!fe_known_int(f->value, &out[k - p->index]))
            return false;
        found++;
    }
    for (uint64_t i = 0; found < count && i < count; i++)
        if (!seen[i] && !fe_known_int(fe_deref(cx, p, (int64_t)i), &out[i]))
            return false; /* not written: what reading it gives */
    return true;
}

/* fe_name_slot's table: chained buckets of names, in the path's arena. */
typedef struct fe_name_entry {
    const char *name;
    void *value;
    struct fe_name_entry *next;
} fe_name_entry;

enum { NAME_BUCKETS = 256 };

struct fe_name_table {
    fe_name_entry *buckets[NAME_BUCKETS];
};

void **fe_name_slot(fe_ctx *cx, fe_name_table **table, const char *name, bool add)
{
    vks_arena *arena = fe_value_arena(cx);
    if (!*table) {
        if (!add)
            return NULL;
        *table = vks_arena_alloc(arena, sizeof **table);
        memset(*table, 0, sizeof **table);
    }
    fe_name_entry **bucket = &(*table)->buckets[fe_hash_text(FE_HASH_SEED, name) % NAME_BUCKETS];
    for (fe_name_entry *e = *bucket; e; e = e->next)
        if (strcmp(e->name, name) == 0)
            return &e->value;
    if (!add)
        return NULL;
    fe_name_entry *e = vks_arena_alloc(arena, sizeof *e);
    *e = (fe_name_entry){vks_arena_strdup(arena, name), NULL, *bucket};
    *bucket = e;
    return &e->value;
}

/*
 * An unknown pointer's pointee, shared by every copy of the pointer.  It
 * was kept among the pointer value's own members, and a value is copied
 * with its members (fe_copy): `demo_prepare(demo)` got a `*demo` of its
 * own, and what it wrote there was gone when it returned, so vkcube's
 * `demo_draw` read `demo->is_minimized` as it was before the resize that
 * set it.  Two pointers with one name are one value (the same unknown), so
 * they point to one object: it is found by the name, in a table the path
 * owns.  A pointer that already holds its elements (a value kept from an
 * earlier path, an uninitialised array) keeps them.
 */
static bool holds_elements(const fe_val *p)
{
    for (const fe_field *f = p->fields; f; f = f->next)
        if (f->name[0] == '[')
            return true;
    return false;
}

static fe_val *pointed_to(fe_ctx *cx, fe_val *p)
{
    if (!p->ident || p->aggregate || holds_elements(p))
        return p;
    void **slot = fe_name_slot(cx, &cx->path.pointees, p->ident, true);
    if (!*slot) {
        /* Named as the pointer is, so its members are named as they were. */
        fe_val *elements = fe_sym(cx, p->ident, p->spelling);
        elements->via_pointer = p->via_pointer;
        elements->loc = p->loc;
        if (p->points_to_zeroed) {
            elements->aggregate = true;
            elements->zero_rest = true;
        }
        *slot = elements;
    }
    return *slot;
}

fe_val *fe_zeroed_block(fe_ctx *cx, fe_val *p)
{
    if (p->kind != VAL_SYM || !p->ident || !p->points_to_zeroed)
        return NULL;
    fe_val *block = pointed_to(cx, p);
    return block != p ? block : NULL;
}

/* Element `at` of a string literal's array (strings.c) - `for (p = name;
   *p; p++)`, a hash of a resource's name - made the first time it is
   reached with the character it holds, so that a read finds the character
   and a write (to a `char text[] = "a b";` copy) replaces it; NULL when
   the element is no character of a known literal. */
static fe_val *literal_element(fe_ctx *cx, fe_val *literal, int64_t at)
{
    if (!literal->string_literal || !literal->string || at < 0 ||
        (uint64_t)at > strlen(literal->string))
        return NULL;
    if (find_field(cx, literal, fe_element_name(cx, at)))
        return NULL; /* made before: fe_element finds it */
    fe_val *element = fe_element(cx, literal, at);
    /* The terminating null character is part of the array (C11 6.4.5p6). */
    element->kind = VAL_INT;
    element->i = (unsigned char)literal->string[at];
    return element;
}

fe_val *fe_deref(fe_ctx *cx, fe_val *p, int64_t extra_index)
{
    if (!p)
        return NULL;
    read_by_model(p);
    if (p->kind == VAL_PTR && p->target) {
        int64_t at = p->index + extra_index;
        if (p->single)
            return at == 0 ? p->target : NULL;
        fe_val *character = literal_element(cx, p->target, at);
        if (character)
            return character;
        return at >= 0 ? fe_element(cx, p->target, at) : NULL;
    }
    if (p->kind == VAL_SYM) {
        /* A pointer parameter: name its pointee after it, so `ctx->staging`
           is the same object on every read. */
        fe_val *pointee = fe_element(cx, pointed_to(cx, p), extra_index);
        if (extra_index == 0 && !pointee->fields && pointee->kind == VAL_SYM) {
            fe_will_write(cx, pointee);
            pointee->spelling = vks_arena_printf(pointee->kept ? cx->arena : fe_value_arena(cx),
                                                 "*%s", p->spelling ? p->spelling : "?");
            pointee->via_pointer = true;
        }
        return pointee;
    }
    return NULL;
}

bool fe_known_int(const fe_val *v, uint64_t *out)
{
    read_by_model(v);
    if (!v || v->kind != VAL_INT)
        return false;
    *out = v->i;
    return true;
}

bool fe_known_truth(const fe_val *v, bool *truth)
{
    uint64_t i;
    if (fe_known_int(v, &i)) {
        *truth = i != 0;
        return true;
    }
    if (v && v->kind == VAL_SYM && v->not_null) {
        *truth = true;
        return true;
    }
    /* "a null pointer ... is guaranteed to compare unequal to a pointer to
       any object or function" (C11 6.3.2.3p3): `&pool->items[i]` returned
       by a lookup, tested `if (!res)`. */
    if (fe_points_at_object(v)) {
        *truth = true;
        return true;
    }
    return false;
}

bool fe_points_at_object(const fe_val *v)
{
    return v && v->kind == VAL_PTR && v->target;
}

vks_mask fe_mask(const fe_val *v)
{
    uint64_t bits;
    return fe_known_int(v, &bits) ? VKS_MASK(bits) : VKS_MASK_UNKNOWN;
}

/* The text an array holds: its string (a literal's, snprintf's) with the
   elements the program wrote since (`char pass[] = "blur_h"; pass[5] =
   'v';`), or NULL when one of those is unknown. */
static const char *array_chars(fe_ctx *cx, const fe_val *array, size_t *length);

static const char *array_text(fe_ctx *cx, const fe_val *array)
{
    size_t n;
    return array_chars(cx, array, &n);
}

static const char *element_chars(fe_ctx *cx, const fe_val *array, size_t *length);

/* The same, as the characters of the array up to its string's original
   terminator (*length of them): a null character written inside it ends
   the text, and what follows it is still there (strtok, `*next++ =
   '\0'`). */
static const char *array_chars(fe_ctx *cx, const fe_val *array, size_t *length)
{
    const char *text = array->string;
    if (!text)
        return element_chars(cx, array, length);
    size_t n = strlen(text);
    *length = n;
    char *edited = NULL;
    for (const fe_field *f = array->fields; f; f = f->next) {
        char *end;
        if (f->name[0] != '[')
            return NULL;
        long long k = strtoll(f->name + 1, &end, 10);
        uint64_t c;
        if (*end != ']' || k < 0 || (uint64_t)k > n || !fe_known_int(f->value, &c) || c > 255)
            return NULL;
        if (c == (unsigned char)text[k])
            continue;
        if ((uint64_t)k == n)
            return NULL; /* the terminator overwritten: what follows is unknown */
        if (!edited) {
            edited = vks_arena_alloc(fe_value_arena(cx), n + 1);
            memcpy(edited, text, n + 1);
        }
        edited[k] = (char)c; /* one member per element: writes replace its value */
    }
    return edited ? edited : text;
}

/*
 * A char array with no string of its own, written an element at a time up
 * to a null character, as a hand-written scanner fills its token buffer
 * (`while (isalnum (*p)) word[n++] = *p++; word[n] = '\0';`) before
 * strcmp'ing it with the keywords (tests/styles: json_*): the text when
 * every element up to the first null one is a known character (an element
 * never written of a zero-initialised array is one).  NULL otherwise.
 */
enum { ELEMENT_TEXT_MAX = 4096 };

static const char *element_chars(fe_ctx *cx, const fe_val *array, size_t *length)
{
    /* An array read from its initialiser (initialiser_elements) is
       compared a character at a time (strings.c), never made into text:
       its first null character can be far (58,800 bytes into vkcube's
       image), and each element read is made from the initialiser. */
    if (!array->fields || array->initialiser_elements)
        return NULL;
    char *text = NULL;
    for (size_t k = 0; k < ELEMENT_TEXT_MAX; k++) {
        const fe_field *f = find_field(cx, (fe_val *)array, fe_element_name(cx, (int64_t)k));
        uint64_t c;
        if (f ? !fe_known_int(f->value, &c) || c > 255 : !array->zero_rest)
            return NULL;
        if (!f)
            c = 0;
        if (!text)
            text = vks_arena_alloc(fe_value_arena(cx), ELEMENT_TEXT_MAX + 1);
        text[k] = (char)c;
        if (c == 0) {
            *length = k;
            return text;
        }
    }
    return NULL;
}

bool fe_known_char(fe_ctx *cx, const fe_val *p, uint64_t k, unsigned char *c)
{
    if (!p || p->kind != VAL_PTR || !p->target || p->single || p->index < 0 ||
        k > INT64_MAX - (uint64_t)p->index)
        return false;
    fe_val *array = p->target;
    const char *name = fe_element_name(cx, p->index + (int64_t)k);
    const fe_field *f = find_field(cx, array, name);
    const fe_val *element = f ? f->value : NULL;
    if (!element && array->initialiser_elements)
        element = initialiser_element(cx, array, name);
    uint64_t v;
    if (element) {
        if (!fe_known_int(element, &v) || v > 255)
            return false;
    } else if (array->zero_rest) {
        v = 0;
    } else {
        return false;
    }
    *c = (unsigned char)v;
    return true;
}

const char *fe_known_string(fe_ctx *cx, const fe_val *v)
{
    if (!v)
        return NULL;
    if (v->string)
        return array_text(cx, v);
    fe_val *array;
    int64_t at;
    return fe_known_text_at(cx, v, &array, &at); /* a pointer into the array */
}

fe_val *fe_pointer_to(fe_ctx *cx, fe_val *target, int64_t index, bool single)
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

const char *fe_known_text_at(fe_ctx *cx, const fe_val *p, fe_val **array, int64_t *at)
{
    if (!p || p->kind != VAL_PTR || !p->target || p->single || p->index < 0)
        return NULL;
    size_t n;
    const char *text = array_chars(cx, p->target, &n);
    if (!text || (uint64_t)p->index > n)
        return NULL;
    *array = p->target;
    *at = p->index;
    return text + p->index;
}

const char *fe_ident(const fe_val *v)
{
    read_by_model(v);
    return v && v->kind == VAL_SYM && v->ident ? v->ident : NULL;
}

const char *fe_object_ident(const fe_val *v)
{
    /* A handle straight from an unseen call could be any object. */
    const char *ident = fe_ident(v);
    return ident && strncmp(ident, "call:", 5) != 0 ? ident : NULL;
}

uint32_t fe_u32_or(const fe_val *v, uint32_t otherwise)
{
    uint64_t x;
    return fe_known_int(v, &x) ? (uint32_t)x : otherwise;
}
