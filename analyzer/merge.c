/*
 * merge.c - paths that reach a device-wide host wait in the same state are
 * one path from there on.
 *
 * Depth-first enumeration (path_state.c) runs every combination of the
 * decisions before a wait with every combination after it.  A render loop
 * that rebuilds its swapchain (vkcube: an acquire or present result of
 * OUT_OF_DATE runs `demo_resize`, which waits with vkDeviceWaitIdle and
 * records everything again) multiplies the ways of each rebuild with the
 * ways of everything before it, and was cut off by the limits.
 *
 * After a wait that the submission model treats as waiting for every queue
 * (submit.c host_wait), nothing submitted before it can race with anything
 * after it: "vkDeviceWaitIdle is equivalent to calling vkQueueWaitIdle for
 * all queues owned by device" and vkQueueWaitIdle "is equivalent to having
 * submitted a valid fence to every previously executed queue submission
 * command ... then waiting for all of those fences to signal"
 * ("Synchronization and Cache Control" chapter, "Wait Idle Operations").
 * What happens after it depends only on the C state there (values, the
 * call stack, loop progress, the command buffers recorded and not yet
 * submitted).  So the first path to reach such a wait leaves its state
 * there as the wait's representative, and a later path that reaches the
 * same wait:
 *
 * - in a state the representative covers (every value equal, or unknown
 *   in the representative) ends there: what it does after the wait was
 *   analysed from the representative, for every way the decisions after it
 *   can go;
 * - in another state, widens: every value on which the two disagree
 *   becomes unknown in the representative (values that differ become
 *   unknown, never guessed), and the path is parked there (park): when
 *   every other path has run, the last path parked is run to the wait
 *   again and goes on from the widened state, once for all the paths
 *   parked there.  A handle the program created or recorded on is never
 *   widened (is_object): a path holding another object there goes on by
 *   itself.
 *
 * The start of a function that records, reached with no recording open,
 * is such a place too (fe_merge_point is called at both): the commands
 * still in flight there, submitted since the last wait for their queue
 * (submit.c fe_in_flight), are part of where the path is (the site's key
 * holds them).  vkcube's demo_draw reaches demo_resize from the acquire
 * loop's iterations and after the present in states that differ in what
 * the iterations before left; demo_prepare then records the same ways
 * from each.
 *
 * A value's facts (what the path's decisions assumed of it) are part of
 * what is compared, so a path that took the other side of an earlier test
 * of it is never covered by one that did not.  Only a path whose own new
 * decisions come before the wait ends there; a path that replays the
 * decisions up to the wait and diverges after it goes on (it is how the
 * representative's later ways are run).  What is not compared, and so is
 * taken from the representative for the paths it covers: the image layouts
 * its submissions left (the engine tracks them along the queue stream, and
 * a covered path's stream ends at the wait), how often each handle was
 * created before and through which calls its create call was reached
 * (they only name objects: states are compared up to renaming, the
 * commands in flight included, identity_form), and which command
 * buffers were begun (a vkCmd* on one with no recording open is then not
 * analysed as a handed recording).  VKSYNC_DEBUG_MERGE=1 prints each arrival and each
 * value that differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "model.h"

#define SEP '\x1f' /* between the components of a location's path */

enum {
    MAX_LINES = 200000,       /* a state larger than this is not compared */
};

/* One location of the state: its path from a root (a global or a local of
   a frame, then members, elements and "*" for what a pointer points to)
   and what it holds. */
typedef struct {
    const char *path;
    const char *repr;       /* kind and value, then its facts */
    const char *var;        /* the SMT name of its value, or NULL */
    const char *memory;     /* a mapped pointer's memory identity, or NULL */
    fe_val *node;
    const char *closed_ident; /* a closed recording's line: its handle */
    bool is_default;        /* what reading it unwritten gives */
    size_t seq;
} state_line;

/* The lines a wait's first path left there, widened since: a repr of "W"
   is any value. */
typedef struct representative {
    state_line *lines;
    size_t count;
    /* One more each time the lines change (set, completed, widened): an
       arrival replayed against the version it met before meets the same
       lines (arrival_memo). */
    unsigned version;
} representative;

/* A loop around a wait, as far as it has got (fe_loop_progress): part of
   the site's key, and compared by covered_in_an_earlier_iteration. */
typedef struct {
    unsigned line, col, iteration, assumed, before;
    bool decided;
    uint64_t last_inputs;
} loop_mark;

typedef struct merge_site {
    uint64_t key;
    /* The key without the loops' progress, and that progress, innermost
       loop first (covered_in_an_earlier_iteration). */
    uint64_t loose_key;
    loop_mark *loops;
    unsigned loop_count;
    vks_loc at;             /* the wait (the key adds the stack and loops) */
    representative rep;     /* the state paths are compared with here */
    /* The decisions of the last path parked here, and whether a path was
       parked here since the wait was last resumed from. */
    fe_decision *parked;
    unsigned parked_count;
    bool pending;
    /* The states of the paths that went on from here by themselves (no
       widening makes them the representative's: another object), each as
       it was: a later path in one of them ends here too. */
    representative *alone;
    size_t alone_count, alone_cap;
    struct merge_site *next;
} merge_site;

struct fe_merge_state {
    merge_site *sites;      /* the newest first */
    /* (state key, way) of every decision a path took in a keyed state
       (fe_decision_state_key): open addressing, taken_mask + 1 slots, at
       most half used; 0 is an empty slot. */
    uint64_t *taken;
    size_t taken_mask, taken_count;
    /* Each keyed decision state (fe_decision_state_key) by its key, and
       the first of those with the same key but for the loops' progress
       by that loose key (decision_site): open addressing, as taken. */
    struct decision_site **by_key, **by_loose;
    size_t sites_mask, sites_count, loose_mask, loose_count;
    bool parking;           /* a recording function's paths (fe_merge_begin) */
    merge_site *resuming;   /* the wait the current paths were resumed at */
    /* What each arrival did, by where it was in its run (arrival_key):
       open addressing, arrivals_mask + 1 slots, at most half used. */
    struct arrival_memo *arrivals;
    size_t arrivals_mask, arrivals_count;
    size_t arrivals_skipped;    /* replayed arrivals not compared again */
};

typedef struct {
    fe_ctx *cx;
    state_line *lines;
    size_t count, cap;
    /* nodes already walked -> the path first reaching them: open
       addressing on the node's address (seen_mask + 1 slots, a power of
       two; at most half used) */
    const fe_val **seen_nodes;
    const char **seen_paths;
    size_t seen_mask, seen_count;
    bool too_large;
} walker;

static void add_closed_recordings(fe_ctx *cx, walker *w);

/* path SEP component, in the path's arena: a state walk makes one per node
   it visits, and formatting them with printf was most of its time. */
static const char *subpath(vks_arena *a, const char *path, const char *component)
{
    size_t n = strlen(path), m = strlen(component);
    char *out = vks_arena_alloc(a, n + m + 2);
    memcpy(out, path, n);
    out[n] = SEP;
    memcpy(out + n + 1, component, m + 1);
    return out;
}

static size_t seen_slot(const walker *w, const fe_val *v)
{
    size_t i = (size_t)(((uintptr_t)v >> 4) * 0x9e3779b97f4a7c15ull) & w->seen_mask;
    while (w->seen_nodes[i] && w->seen_nodes[i] != v)
        i = (i + 1) & w->seen_mask;
    return i;
}

/* The path that first reached v, or NULL; records path for it then.  (The
   address was printed and looked up as a name: with the state lines'
   own printing, a quarter of SDL's testvulkan analysis.) */
static const char *seen_at(walker *w, const fe_val *v, const char *path)
{
    vks_arena *a = fe_value_arena(w->cx);
    if (2 * (w->seen_count + 1) > w->seen_mask + 1) {
        const fe_val **nodes = w->seen_nodes;
        const char **paths = w->seen_paths;
        size_t old_size = nodes ? w->seen_mask + 1 : 0;
        w->seen_mask = old_size ? 2 * old_size - 1 : 255;
        w->seen_nodes = vks_arena_alloc(a, sizeof *w->seen_nodes * (w->seen_mask + 1));
        w->seen_paths = vks_arena_alloc(a, sizeof *w->seen_paths * (w->seen_mask + 1));
        memset(w->seen_nodes, 0, sizeof *w->seen_nodes * (w->seen_mask + 1));
        for (size_t i = 0; i < old_size; i++)
            if (nodes[i]) {
                size_t k = seen_slot(w, nodes[i]);
                w->seen_nodes[k] = nodes[i];
                w->seen_paths[k] = paths[i];
            }
    }
    size_t k = seen_slot(w, v);
    if (w->seen_nodes[k])
        return w->seen_paths[k];
    w->seen_nodes[k] = v;
    w->seen_paths[k] = path;
    w->seen_count++;
    return NULL;
}

static void add_line(walker *w, const char *path, const char *repr, const char *var,
                     const char *memory, fe_val *node, bool is_default)
{
    if (w->count >= MAX_LINES) {
        w->too_large = true;
        return;
    }
    state_line l = {path, repr, var, memory, node, NULL, is_default, w->count};
    VKS_PUSH(fe_value_arena(w->cx), w->lines, w->count, w->cap, l);
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const fe_field *const *)a)->name, (*(const fe_field *const *)b)->name);
}

static void walk(walker *w, const char *path, fe_val *v, const fe_val *parent,
                 const char *member);

static void walk_fields(walker *w, const char *path, fe_val *v)
{
    size_t n = 0;
    for (fe_field *f = v->fields; f; f = f->next)
        n++;
    if (!n)
        return;
    fe_field **sorted = vks_arena_alloc(fe_value_arena(w->cx), sizeof *sorted * n);
    n = 0;
    for (fe_field *f = v->fields; f; f = f->next)
        sorted[n++] = f;
    qsort(sorted, n, sizeof *sorted, by_name);
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && strcmp(sorted[i]->name, sorted[i - 1]->name) == 0)
            continue; /* shadowed: the first in the list is the member */
        walk(w, subpath(fe_value_arena(w->cx), path, sorted[i]->name),
             sorted[i]->value, v, sorted[i]->name);
    }
}

/* Whether v is what reading `member` of parent unwritten gives
   (fe_default_child): no information beyond the parent's. */
static bool is_default_child(fe_ctx *cx, const fe_val *v, const fe_val *parent,
                             const char *member)
{
    if (!parent || !member || v->fields)
        return false;
    if (parent->initialiser_elements) {
        /* Read from the initialiser: what any path reads there. */
        const fe_val *initial = fe_default_child(cx, parent, member);
        if (initial->kind == VAL_INT && !initial->ident)
            return v->kind == VAL_INT && !v->ident && v->i == initial->i;
    }
    if (parent->zero_rest)
        return v->kind == VAL_INT && v->i == 0 && v->zero_rest;
    if (parent->ident && v->kind == VAL_SYM && v->ident) {
        size_t n = strlen(parent->ident);
        return strncmp(v->ident, parent->ident, n) == 0 && v->ident[n] == '/' &&
               strcmp(v->ident + n + 1, member) == 0;
    }
    return !parent->ident && v->kind == VAL_UNKNOWN && !v->unknown_name;
}

static void walk(walker *w, const char *path, fe_val *v, const fe_val *parent,
                 const char *member)
{
    if (!v || w->too_large)
        return;
    vks_arena *a = fe_value_arena(w->cx);
    char digits[24];
    const char *first = seen_at(w, v, path);
    if (first) {
        add_line(w, path, FE_JOINED(a, "=", first), NULL, NULL, NULL, false);
        return;
    }
    const char *repr = "?";
    const char *var = NULL;
    switch (v->kind) {
    case VAL_INT:
        repr = FE_JOINED(a, "i", fe_decimal(digits, v->i));
        break;
    case VAL_SYM:
        /* 'S': an object the program created or recorded a command on
           and has not destroyed (fe_has_ended): never widened. */
        repr = fe_is_recorded_object(w->cx, v->ident) && !fe_has_ended(w->cx, v->ident)
                   ? (v->not_null ? "S!" : "S")
                   : (v->not_null ? "s!" : "s");
        var = v->ident;
        break;
    case VAL_UNKNOWN:
        repr = "u";
        var = v->unknown_name;
        break;
    case VAL_PTR:
        repr = FE_JOINED(a, "p", v->index < 0 ? "-" : "",
                      fe_decimal(digits, v->index < 0 ? 0 - (uint64_t)v->index : (uint64_t)v->index),
                      v->single ? "s" : "");
        break;
    }
    if (v->aggregate || v->zero_rest || v->string) /* most nodes have none */
        repr = FE_JOINED(a, repr, v->aggregate ? "A" : "", v->zero_rest ? "Z" : "",
                      v->initialiser_elements ? "I" : "", v->string ? "\"" : "",
                      v->string ? v->string : "");
    const char *memory = NULL;
    if (v->mapping) {
        memory = fe_mapping_memory(v->mapping);
        repr = vks_arena_printf(a, "%sM+%llu%s", repr,
                                v->map_offset_known ? (unsigned long long)v->map_offset
                                                    : ~0ull,
                                v->mapped_place ? "P" : "");
    }
    add_line(w, path, repr, var, memory, v, is_default_child(w->cx, v, parent, member));
    if (v->kind == VAL_PTR && v->target)
        walk(w, subpath(a, path, "*"), v->target, NULL, NULL);
    walk_fields(w, path, v);
    /* What an unknown pointer points to is kept by its name (values.c
       pointed_to): it is part of the state where the pointer is. */
    if (v->kind == VAL_SYM && v->ident && !fe_has_ended(w->cx, v->ident)) {
        void **pointee = fe_name_slot(w->cx, &w->cx->path.pointees, v->ident, false);
        if (pointee && *pointee)
            walk(w, subpath(a, path, "*"), *pointee, NULL, NULL);
    }
}

/* ---- the roots of the state ---- */

typedef struct {
    const char *path;
    fe_val *value;
    size_t seq;
} root_value;

static int by_root_path(const void *a, const void *b)
{
    const root_value *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

typedef struct {
    fe_ctx *cx;
    root_value *roots;
    size_t count, cap;
} root_list;

static void add_root(root_list *r, const char *path, fe_val *value)
{
    root_value v = {path, value, r->count};
    VKS_PUSH(fe_value_arena(r->cx), r->roots, r->count, r->cap, v);
}

/* Where the caller of frame f goes on when f returns: its call site, or,
   for a call that ends a branch of an `if`, the end of the `if` chain
   (liveness.c).  Calls to one function from several branches of a chain
   are then one place to merge at. */
static vks_loc resume_point(const fe_frame *f)
{
    vks_loc at = *f->call_site;
    const fe_function_uses *uses = f->caller ? f->caller->uses : NULL;
    for (size_t i = 0; uses && i < uses->tail_count; i++)
        if (uses->tails[i].call_line == at.line && uses->tails[i].call_col == at.col) {
            at.line = uses->tails[i].resume_line;
            at.col = uses->tails[i].resume_col;
            break;
        }
    return at;
}

/* Whether the function of a frame that is at (line, col) may read the
   local `key` again (liveness.c). */
static bool may_be_read(const fe_function_uses *uses, const char *key, unsigned line,
                        unsigned col)
{
    if (!uses || uses->every_local_live)
        return true;
    for (size_t i = 0; i < uses->count; i++)
        if (strcmp(uses->locals[i].key, key) == 0)
            return line < uses->locals[i].until_line ||
                   (line == uses->locals[i].until_line && col < uses->locals[i].until_col);
    return false; /* never read at all */
}

/* Bindings as roots; a frame's (at != NULL: where its function is) only
   those it may read again. */
static void add_bindings(root_list *r, const char *prefix, fe_binding *b,
                         const fe_function_uses *uses, const vks_loc *at)
{
    for (; b; b = b->next)
        if (!b->read_only && (!at || may_be_read(uses, b->key, at->line, at->col)))
            add_root(r, subpath(fe_value_arena(r->cx), prefix, b->key),
                     b->value);
}

static int by_line_path(const void *a, const void *b)
{
    const state_line *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

/* ---- facts, printed with the state's unknowns renamed canonically ---- */

typedef struct {
    fe_name_table *canonical;  /* unknown name -> "u<n>" */
    fe_name_table *facts;      /* state variable -> its facts, joined */
} fact_index;

/* A fact's text, built in one buffer: printing each token after the whole
   text so far (one arena string per token) made a state's facts cost the
   square of their length at every wait a path reached. */
typedef struct {
    vks_arena *arena;
    char *text;
    size_t length, cap;
} fact_text;

static void append_n(fact_text *t, const char *s, size_t n)
{
    if (t->length + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 64;
        while (cap < t->length + n + 1)
            cap *= 2;
        char *grown = vks_arena_alloc(t->arena, cap);
        if (t->length)
            memcpy(grown, t->text, t->length);
        t->text = grown;
        t->cap = cap;
    }
    memcpy(t->text + t->length, s, n);
    t->length += n;
    t->text[t->length] = '\0';
}

static void append(fact_text *t, const char *s)
{
    append_n(t, s, strlen(s));
}

static void print_expr(fe_ctx *cx, fact_index *fx, const vks_smt_expr *e, fact_text *out)
{
    char token[48];
    if (!e) {
        append(out, "-");
        return;
    }
    switch (e->kind) {
    case VKS_SMT_CONST:
        append(out, fe_decimal(token, e->value));
        return;
    case VKS_SMT_VAR: {
        void **c = fe_name_slot(cx, &fx->canonical, e->name, false);
        append(out, c && *c ? (const char *)*c : "_");
        return;
    }
    case VKS_SMT_NOT: case VKS_SMT_NEG:
        append(out, e->kind == VKS_SMT_NOT ? "!(" : "~(");
        print_expr(cx, fx, e->lhs, out);
        append(out, ")");
        return;
    case VKS_SMT_BINARY: {
        /* "(" op "u " in one piece: most of a state's text is these heads */
        const char *op = fe_decimal(token, (uint64_t)e->op); /* (an enum: never negative) */
        char head[32];
        size_t n = 0, digits = strlen(op);
        head[n++] = '(';
        memcpy(head + n, op, digits);
        n += digits;
        head[n++] = e->is_signed ? 's' : 'u';
        head[n++] = ' ';
        append_n(out, head, n);
        print_expr(cx, fx, e->lhs, out);
        append_n(out, " ", 1);
        print_expr(cx, fx, e->rhs, out);
        append_n(out, ")", 1);
        return;
    }
    }
}

/* The facts a state variable is in, ';'-separated in the order of the
   path's facts.  Appended in place: formatting the list again for each
   fact ("%s;%s") was quadratic, a sixth of vkcube-xcb's time with a
   variable in hundreds of facts. */
typedef struct {
    char *text;
    size_t len, cap;
    /* The fact appended last: a variable a fact names several times
       (`x == 0 || x == 1 || x == 0`, widening's work) gets it once. */
    const char *last;
} fact_list;

static void fact_list_append(vks_arena *a, fact_list *l, const char *text)
{
    size_t n = strlen(text), need = l->len + (l->len ? 1 : 0) + n + 1;
    if (need > l->cap) {
        size_t cap = l->cap ? l->cap : 64;
        while (cap < need)
            cap *= 2;
        char *grown = vks_arena_alloc(a, cap);
        if (l->len)
            memcpy(grown, l->text, l->len);
        l->text = grown;
        l->cap = cap;
    }
    if (l->len)
        l->text[l->len++] = ';';
    memcpy(l->text + l->len, text, n + 1);
    l->len += n;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A variable's facts as a set: sorted, each once.  They are a conjunction,
   so neither their order nor a repetition says anything, but both grew
   with the path: vkcube-xcb's render loop tests `demo->force_errors` and
   `demo->validate` again in each frame (and a joined region repeats what
   its ways assumed), and the states after its first and its second
   swapchain rebuild, the same in every value, differed in how often the
   same facts were listed - no later path ever ended at a wait it had
   reached before. */
static const char *fact_set(vks_arena *a, const fact_list *l)
{
    size_t n = 1;
    for (size_t i = 0; i < l->len; i++)
        n += l->text[i] == ';';
    if (n == 1)
        return l->text;
    char *copy = vks_arena_alloc(a, l->len + 1);
    memcpy(copy, l->text, l->len + 1);
    char **items = vks_arena_alloc(a, sizeof *items * n);
    size_t count = 0;
    for (char *p = copy, *end; p; p = end) {
        end = strchr(p, ';');
        if (end)
            *end++ = '\0';
        items[count++] = p;
    }
    qsort(items, count, sizeof *items, by_text);
    char *out = vks_arena_alloc(a, l->len + 1);
    size_t o = 0;
    for (size_t i = 0; i < count; i++) {
        if (i > 0 && strcmp(items[i], items[i - 1]) == 0)
            continue;
        size_t k = strlen(items[i]);
        if (o)
            out[o++] = ';';
        memcpy(out + o, items[i], k);
        o += k;
    }
    out[o] = '\0';
    return out;
}

static void attach_fact(fe_ctx *cx, fact_index *fx, const vks_smt_expr *e, const char *text)
{
    if (!e)
        return;
    if (e->kind == VKS_SMT_VAR) {
        void **slot = fe_name_slot(cx, &fx->facts, e->name, false);
        if (slot) {
            vks_arena *a = fe_value_arena(cx);
            if (!*slot) {
                fact_list *l = vks_arena_alloc(a, sizeof *l);
                *l = (fact_list){NULL, 0, 0, NULL};
                *slot = l;
            }
            fact_list *l = *slot;
            if (l->last != text)
                fact_list_append(a, l, text);
            l->last = text;
        }
        return;
    }
    attach_fact(cx, fx, e->lhs, text);
    attach_fact(cx, fx, e->rhs, text);
}

/* Whether e names a variable that has a line in the state (attach_fact
   would attach it somewhere). */
static bool names_a_state_variable(fe_ctx *cx, fact_index *fx, const vks_smt_expr *e)
{
    if (!e)
        return false;
    if (e->kind == VKS_SMT_VAR)
        return fe_name_slot(cx, &fx->facts, e->name, false) != NULL;
    return names_a_state_variable(cx, fx, e->lhs) || names_a_state_variable(cx, fx, e->rhs);
}

/* name with what only counts how it came to be taken out: the digits after
   each '#' (and the '#'s repeated after them), a leading "?"/"?r"/"?j"
   and the site of a "?w<site>:", which creation of an object it is
   ("#created-N") and the calls that reached its create call */
static const char *identity_form(fe_ctx *cx, const char *name)
{
    size_t n = strlen(name);
    char *out = vks_arena_alloc(fe_value_arena(cx), n + 1);
    size_t o = 0;
    const char *p = name;
    if (p[0] == '?' && p[1] == 'w' && strlen(p) > 19 && p[18] == ':') {
        /* "?w<site>:<location>": widened at a wait.  The same location
           widened at another wait (demo_resize's, reached from another
           call) is the same kind of unknown. */
        memcpy(out, "?w:", 3);
        o = 3;
        p += 19;
    } else if (p[0] == '?') {
        out[o++] = *p++;
        if ((*p == 'r' || *p == 'j') && p[1] >= '0' && p[1] <= '9')
            out[o++] = *p++; /* an unknown read, a region's join */
        while (*p >= '0' && *p <= '9')
            p++;
    }
    bool created = strncmp(p, "created:", 8) == 0;
    while (*p) {
        char c = *p++;
        out[o++] = c;
        if (c == ']' && created && *p == '@') {
            /* "created:SITE[i]@CALLER@CALLER=kept": the calls that reached
               the create call (objects.c creation_ident) are left out; the
               site, the element and where it is kept stay.  Two objects
               the same create call made on different ways there differ
               only by their number (the order of first occurrence), as
               two made by it in different iterations already do. */
            while (*p && *p != '=' && *p != '#')
                p++;
            created = false;
            continue;
        }
        if (c != '#')
            continue;
        if (strncmp(p, "created-", 8) == 0) {
            /* "IDENT#created-2": the second object made under one identity
               on the path (a swapchain rebuilt).  Which creation it is
               says nothing about the object beyond its number, and two
               held at once still get two numbers. */
            o--;
            p += 8;
            while (*p >= '0' && *p <= '9')
                p++;
            continue;
        }
        /* "x#3#9": x forgotten twice.  Each '#' made a fresh name; how
           often it was forgotten says nothing about what it is now (a
           presented semaphore's handle is forgotten once per frame). */
        while ((*p >= '0' && *p <= '9') || (*p == '#' && p[1] >= '0' && p[1] <= '9'))
            p++;
    }
    out[o] = '\0';
    return out;
}

typedef struct {
    fe_ctx *cx;
    fe_name_table *canonical;
} canonical_names;

/* An object's name in the state: its canonical name where the state holds
   it, else its identity without counters (identity_form). */
static const char *canonical_name(void *data, const char *ident)
{
    canonical_names *names = data;
    void **c = fe_name_slot(names->cx, &names->canonical, ident, false);
    return c && *c ? (const char *)*c : identity_form(names->cx, ident);
}

/* One more occurrence of a name (count_uses). */
static void count_name(fe_ctx *cx, fe_name_table **uses, const char *name)
{
    void **n = fe_name_slot(cx, uses, name, true);
    *n = (void *)((uintptr_t)*n + 1);
}

/*
 * How often each name occurs in the state's lines (and once more for an
 * untested submission's result).  An unknown whose name occurs once - held
 * in one place, and no fact says anything of it (fe_path_facts_mention),
 * nor is it an untested submission's result - is an unknown like any
 * other: its name tells it from nothing, and it is compared as one without
 * a name.  vkcube-xcb's flags read once from the command line were named
 * when a frame first tested them, and a path from before that test never
 * matched one after it.  The facts are not walked here: the path keeps the
 * names they mention as it adds them (walking every fact at every state
 * was 1.6% of vkcube-xcb's instructions).
 */
static fe_name_table *count_uses(fe_ctx *cx, const state_line *lines, size_t count)
{
    fe_name_table *uses = NULL;
    for (size_t i = 0; i < count; i++) {
        if (lines[i].var)
            count_name(cx, &uses, lines[i].var);
        if (lines[i].memory)
            count_name(cx, &uses, lines[i].memory);
    }
    /* A submission's result a later test can still take it back by is
       named for that, like one a fact is about. */
    const char *untested = fe_untested_submission_result(cx);
    if (untested)
        count_name(cx, &uses, untested);
    return uses;
}

/* The path's state as sorted lines, and what it has in flight with the
   same names (*in_flight); NULL when it is too large to compare. */
static state_line *state_lines(fe_ctx *cx, vks_loc at, size_t *count, uint64_t *in_flight)
{
    vks_arena *a = fe_value_arena(cx);
    root_list roots = {cx, NULL, 0, 0};
    add_bindings(&roots, "G", cx->path.globals, NULL, NULL);
    unsigned depth = 0;
    for (const fe_frame *f = cx->path.frame; f; f = f->caller)
        depth++;
    /* Each frame is at the call of the frame inside it; the innermost at
       the wait.  What it will not read again cannot make the rest of the
       program differ. */
    vks_loc where = at;
    for (const fe_frame *f = cx->path.frame; f; f = f->caller) {
        add_bindings(&roots, vks_arena_printf(a, "F%u", --depth), f->locals, f->uses, &where);
        if (f->call_site)
            where = resume_point(f);
    }
    if (roots.count > 0) /* qsort wants a non-null array even for none */
        qsort(roots.roots, roots.count, sizeof *roots.roots, by_root_path);
    walker w = {.cx = cx};
    for (size_t i = 0; i < roots.count; i++) {
        if (i > 0 && strcmp(roots.roots[i].path, roots.roots[i - 1].path) == 0)
            continue; /* an outer binding the inner one hides */
        size_t first_line = w.count;
        walk(&w, roots.roots[i].path, roots.roots[i].value, NULL, NULL);
        /* A global as it reads before any write (a symbol named after it)
           is what a path that never read it has too. */
        const fe_val *v = roots.roots[i].value;
        const char *key = strchr(roots.roots[i].path, SEP);
        if (roots.roots[i].path[0] == 'G' && first_line < w.count && v &&
            v->kind == VAL_SYM && v->ident && key && strcmp(v->ident, key + 1) == 0)
            w.lines[first_line].is_default = true;
    }
    add_closed_recordings(cx, &w);
    if (w.too_large)
        return NULL;
    if (w.count > 0)
        qsort(w.lines, w.count, sizeof *w.lines, by_line_path);

    /* Names are compared up to renaming: each gets the name it has with
       its counters taken out (the havoc generation after '#', the number
       of an unknown read) and the order it first occurs in.  Names made at
       different places stay different; the same place's names on two paths
       that counted differently before compare equal.  Each state variable
       gets the facts that mention it. */
    fact_index fx = {NULL, NULL};
    char digits[24];
    fe_name_table *seen_forms = NULL;
    fe_name_table *uses = count_uses(cx, w.lines, w.count);
    for (size_t i = 0; i < w.count; i++) {
        const char *names[2] = {w.lines[i].var, w.lines[i].memory};
        for (int k = 0; k < 2; k++) {
            if (!names[k])
                continue;
            if (k == 0 && w.lines[i].repr[0] == 'u' &&
                (uintptr_t)*fe_name_slot(cx, &uses, names[k], true) == 1 &&
                !fe_path_facts_mention(cx, names[k]))
                continue; /* an unknown like any other (count_uses) */
            void **c = fe_name_slot(cx, &fx.canonical, names[k], true);
            if (*c)
                continue;
            const char *form = identity_form(cx, names[k]);
            void **n = fe_name_slot(cx, &seen_forms, form, true);
            uintptr_t index = (uintptr_t)*n;
            *n = (void *)(index + 1);
            *c = (void *)FE_JOINED(a, form, "~", fe_decimal(digits, (unsigned)index));
            fe_name_slot(cx, &fx.facts, names[k], true);
        }
    }
    canonical_names names = {cx, fx.canonical};
    *in_flight = fe_in_flight_renamed(cx, canonical_name, &names);
    for (size_t i = 0; i < cx->path.fact_count; i++) {
        /* A fact that names no variable of the state is no line's: not
           printed (most of a long path's facts, each printed in full). */
        if (!names_a_state_variable(cx, &fx, cx->path.facts[i].cond))
            continue;
        fact_text text = {.arena = a};
        append(&text, cx->path.facts[i].truth ? "" : "!");
        print_expr(cx, &fx, cx->path.facts[i].cond, &text);
        attach_fact(cx, &fx, cx->path.facts[i].cond, text.text);
    }
    size_t kept = 0;
    for (size_t i = 0; i < w.count; i++) {
        state_line l = w.lines[i];
        const char *facts = NULL;
        void **c = l.var ? fe_name_slot(cx, &fx.canonical, l.var, false) : NULL;
        if (c && *c) {
            void **f = fe_name_slot(cx, &fx.facts, l.var, false);
            facts = f && *f ? fact_set(a, *f) : NULL;
            l.repr = FE_JOINED(a, l.repr, (const char *)*c);
        }
        if (l.memory) {
            void **c = fe_name_slot(cx, &fx.canonical, l.memory, false);
            l.repr = FE_JOINED(a, l.repr, "@", (const char *)*c);
        }
        if (facts)
            l.repr = FE_JOINED(a, l.repr, "{", facts, "}");
        else if (l.is_default)
            continue; /* as it would read unwritten: no line, both sides */
        w.lines[kept++] = l;
    }
    *count = kept;
    /* No line at all (every local dead, no global read) is a state too. */
    return w.lines ? w.lines : vks_arena_alloc(a, sizeof *w.lines);
}

/* ---- where the wait is: the site's key ---- */

static uint64_t site_key(fe_ctx *cx, vks_loc at)
{
    uint64_t h = fe_hash_text(FE_HASH_SEED, at.file ? at.file : "");
    h = fe_hash_bytes(h, &at.line, sizeof at.line);
    h = fe_hash_bytes(h, &at.col, sizeof at.col);
    for (const fe_frame *f = cx->path.frame; f; f = f->caller) {
        h = fe_hash_text(h, f->function ? f->function : "");
        if (f->call_site) {
            vks_loc resume = resume_point(f);
            h = fe_hash_bytes(h, &resume.line, sizeof resume.line);
            h = fe_hash_bytes(h, &resume.col, sizeof resume.col);
        }
    }
    bool context[2] = {cx->recording_ways != NULL, cx->counting_statements > 0};
    h = fe_hash_bytes(h, context, sizeof context);
    return h;
}

static loop_mark mark_of(const fe_ctx *cx, const fe_loop_progress *l)
{
    return (loop_mark){.line = l->at.line, .col = l->at.col, .iteration = l->iteration,
                       .assumed = l->assumed_iterations,
                       .before = l->iterations_before_assumed,
                       .decided = cx->path.decision_count > l->decisions_at_last_test,
                       .last_inputs = l->last_inputs};
}

/* The loops around the path now, innermost first, kept for the run. */
static loop_mark *loops_now(fe_ctx *cx, unsigned *count)
{
    *count = 0;
    for (const fe_loop_progress *l = cx->loop_progress; l; l = l->outer)
        ++*count;
    loop_mark *marks = vks_arena_alloc(cx->arena, sizeof *marks * (*count + 1));
    unsigned i = 0;
    for (const fe_loop_progress *l = cx->loop_progress; l; l = l->outer)
        marks[i++] = mark_of(cx, l);
    return marks;
}

static uint64_t loops_key(fe_ctx *cx, uint64_t h)
{
    for (const fe_loop_progress *l = cx->loop_progress; l; l = l->outer) {
        loop_mark m = mark_of(cx, l);
        unsigned progress[4] = {m.line, m.iteration, m.assumed, m.before};
        h = fe_hash_bytes(h, progress, sizeof progress);
        h = fe_hash_bytes(h, &m.decided, sizeof m.decided);
        h = fe_hash_bytes(h, &m.last_inputs, sizeof m.last_inputs);
    }
    return h;
}

/* The command buffers recorded and not yet submitted are part of what
   comes after the wait (a later submit runs them): a line each, by the
   handle's identity, holding its commands.  Widened, the path forgets the
   recording, and a later submit of it is an unmodelled command that
   orders everything (submit.c): nothing is reported across it. */
static void add_closed_recordings(fe_ctx *cx, walker *w)
{
    const char **idents = NULL;
    uint32_t *cmdbufs = NULL;
    size_t n = fe_closed_recordings(cx, &idents, &cmdbufs);
    vks_arena *a = fe_value_arena(cx);
    for (size_t i = 0; i < n; i++) {
        bool newest = true; /* newest first: an older one was recorded over */
        for (size_t k = 0; k < i && newest; k++)
            newest = strcmp(idents[k], idents[i]) != 0;
        if (!newest)
            continue;
        uint64_t c = FE_HASH_SEED;
        if (cmdbufs[i] < cx->program->cmdbuf_count) {
            const vks_cmdbuf *cb = &cx->program->cmdbufs[cmdbufs[i]];
            for (size_t k = 0; k < cb->cmd_count; k++) {
                const vks_cmd *cmd = &cb->cmds[k];
                unsigned sig[5] = {(unsigned)cmd->kind, cmd->loc.line, cmd->loc.col,
                                   (unsigned)cmd->access_count,
                                   (unsigned)cmd->barrier_count};
                c = fe_hash_bytes(c, sig, sizeof sig);
            }
        }
        add_line(w, vks_arena_printf(a, "C%c%s", SEP, identity_form(cx, idents[i])),
                 vks_arena_printf(a, "k%016llx", (unsigned long long)c), NULL, NULL, NULL,
                 false);
        if (w->count)
            w->lines[w->count - 1].closed_ident = idents[i];
    }
}

/* ---- widening ---- */

static const state_line *find_line(const state_line *lines, size_t count, const char *path)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(lines[mid].path, path);
        if (c == 0)
            return &lines[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The node at path in the path's state, made if it was only ever read as
   a default; NULL where there is none to make (a local not declared). */
static fe_val *node_at(fe_ctx *cx, const state_line *lines, size_t count, const char *path)
{
    const state_line *l = find_line(lines, count, path);
    if (l)
        return l->node;
    const char *last = strrchr(path, SEP);
    if (!last || last == path)
        return NULL;
    const char *parent_path = vks_arena_printf(fe_value_arena(cx), "%.*s",
                                               (int)(last - path), path);
    /* a root path (G/F and one name) has no node to make it from */
    if (!strchr(parent_path, SEP))
        return NULL;
    fe_val *parent = node_at(cx, lines, count, parent_path);
    if (!parent)
        return NULL;
    const char *name = last + 1;
    if (strcmp(name, "*") == 0)
        return parent->kind == VAL_PTR ? parent->target : NULL;
    return fe_child(cx, parent, vks_arena_strdup(fe_value_arena(cx), name));
}

static void widen_node(fe_ctx *cx, fe_val *v, uint64_t site, const char *path)
{
    /* The same name for the same location on every path widened here, so
       a later path's state compares equal to the widened one. */
    const char *name = vks_arena_printf(cx->arena, "?w%016llx:%s", (unsigned long long)site,
                                        path);
    for (char *p = (char *)name; *p; p++)
        if (*p == SEP)
            *p = '/';
    fe_will_write(cx, v);
    v->kind = VAL_UNKNOWN;
    v->i = 0;
    v->ident = NULL;
    v->target = NULL;
    v->index = 0;
    v->single = false;
    v->zero_rest = false;
    v->initialiser_elements = false;
    v->mapping = NULL;
    v->mapped_place = false;
    v->string = NULL;
    v->not_null = false;
    v->unknown_name = name;
}

static fe_merge_state *merge_state(fe_ctx *cx)
{
    if (!cx->merge)
        cx->merge = vks_arena_alloc(cx->arena, sizeof *cx->merge);
    return cx->merge;
}

static merge_site *site_for(fe_ctx *cx, uint64_t loose_key, vks_loc at)
{
    fe_merge_state *m = merge_state(cx);
    uint64_t key = loops_key(cx, loose_key);
    for (merge_site *s = m->sites; s; s = s->next)
        if (s->key == key)
            return s;
    merge_site *s = vks_arena_alloc(cx->arena, sizeof *s);
    s->key = key;
    s->loose_key = loose_key;
    s->loops = loops_now(cx, &s->loop_count);
    s->at = (vks_loc){.file = at.file, .line = at.line, .col = at.col};
    s->next = m->sites;
    m->sites = s;
    return s;
}

/* Makes r hold a copy of lines that outlives the path (paths and reprs
   only: the nodes are the path's). */
static void set_representative(fe_ctx *cx, representative *r, const state_line *lines,
                               size_t count)
{
    r->lines = vks_arena_alloc(cx->arena, sizeof *r->lines * (count + 1));
    for (size_t i = 0; i < count; i++)
        r->lines[i] = (state_line){
            .path = vks_arena_strdup(cx->arena, lines[i].path),
            .repr = strcmp(lines[i].repr, "W") == 0 ? "W"
                                                     : vks_arena_strdup(cx->arena, lines[i].repr),
        };
    r->count = count;
    r->version++;
}

/*
 * Whether a line holds an object's identity: a handle the program created,
 * or a buffer or image a command accessed (on any path so far: a path that
 * went on from a wait has used what it holds there before a later path
 * arrives).  Two paths that reach a wait with different
 * objects in one place are not one path: made unknown, the handle would
 * name no resource, and the commands recorded on it later would be checked
 * on neither (a streaming frame's upload into the staging buffer on one
 * way and into a scratch buffer on the other: the copy out of the staging
 * buffer after it reads what the first way wrote).  "Values that differ
 * become unknown" holds for the values the program computes, not for which
 * object it records on.
 */
static bool is_object(const char *repr)
{
    return repr[0] == 'S';
}

/*
 * A global that a path never read holds its initial value, which a path
 * that read it may hold too: the two states are the same there, but one
 * has a line the other lacks, and a path lacking it could not be widened
 * to the other's (no node to widen).  vkcube-xcb's paths that had not run
 * loadTexture yet never read the embedded image's globals, and none of
 * them ever merged with one that had.  So before its state is compared at
 * a wait, the path reads every global that the paths there before it
 * read (fe_ctx.read_global) - what it would read as its first read.
 * Returns whether it read any (its lines are to be made again).
 */
static bool has_root(const state_line *lines, size_t count, const char *path);

/* The key of the global whose own line (not a member's) `path` is, or
   NULL. */
static const char *global_key(const char *path)
{
    return path[0] == 'G' && path[1] == SEP && !strchr(path + 2, SEP) ? path + 2 : NULL;
}

/*
 * The other way round: a representative made by a path that never read a
 * global the arriving path holds.  That path's global held its initial
 * value, so that is what the representative holds there: its lines are
 * added to it, made from the global as a first read gives it (read into
 * an empty list of globals, which the path's own is put back over).  Only
 * a value of plain numbers, texts and pointers: one with an unknown or an
 * object in it stays apart (compared as not read, it differs).  In a
 * small windowed viewer the queue handle, zero and never written, was
 * read first by a path that had presented; at every wait a path that had
 * not reached first, the queue was widened, and the widened queue kept
 * every later path from every representative that had it as zero.
 */
static void complete_representative(fe_ctx *cx, representative *r, const state_line *lines,
                                    size_t count)
{
    if (!cx->read_global || !r->lines)
        return;
    state_line *added = NULL;
    size_t added_count = 0, added_cap = 0;
    for (size_t i = 0; i < count; i++) {
        const char *path = lines[i].path;
        if (!global_key(path) || has_root(r->lines, r->count, path))
            continue;
        fe_binding *own = cx->path.globals;
        cx->path.globals = NULL;
        walker w = {.cx = cx};
        if (cx->read_global(cx, global_key(path)))
            for (fe_binding *b = cx->path.globals; b; b = b->next)
                if (strcmp(b->key, global_key(path)) == 0) {
                    walk(&w, path, b->value, NULL, NULL);
                    break;
                }
        cx->path.globals = own;
        bool plain = w.count > 0 && !w.too_large;
        for (size_t k = 0; k < w.count && plain; k++)
            plain = !w.lines[k].var && !w.lines[k].memory && w.lines[k].repr[0] != '=';
        for (size_t k = 0; k < w.count && plain; k++) {
            if (w.lines[k].is_default)
                continue; /* no line on either side (state_lines) */
            state_line l = {.path = vks_arena_strdup(cx->arena, w.lines[k].path),
                            .repr = vks_arena_strdup(cx->arena, w.lines[k].repr)};
            VKS_PUSH(cx->arena, added, added_count, added_cap, l);
        }
    }
    if (!added_count)
        return;
    state_line *all = vks_arena_alloc(cx->arena, sizeof *all * (r->count + added_count + 1));
    memcpy(all, r->lines, sizeof *all * r->count);
    memcpy(all + r->count, added, sizeof *all * added_count);
    r->count += added_count;
    qsort(all, r->count, sizeof *all, by_line_path);
    r->lines = all;
    r->version++;
}

static bool read_globals_others_read(fe_ctx *cx, vks_loc at, const state_line *lines,
                                     size_t count)
{
    if (!cx->read_global)
        return false;
    bool read = false;
    for (const merge_site *s = merge_state(cx)->sites; s; s = s->next) {
        if (!s->rep.lines || !vks_loc_equal(&s->at, &at))
            continue;
        for (size_t i = 0; i < s->rep.count; i++) {
            const char *path = s->rep.lines[i].path;
            if (!global_key(path) || has_root(lines, count, path))
                continue;
            read |= cx->read_global(cx, global_key(path));
        }
    }
    return read;
}

/*
 * Which objects the state holds, and where (added to the site's key).  A
 * path holding other objects than the representative is never widened
 * into it (is_object), so one representative per wait kept every path
 * with other objects from merging with any but its exact twin: vkcube-xcb
 * reaches demo_resize with a swapchain made, or minimised before one was
 * (no render pass, no command pool), and the first of the two to arrive
 * was the representative for ever - each of the hundreds of paths in the
 * other state went on alone, unless an earlier one matched it in every
 * value.  Each set of objects is a site of its own now, with a
 * representative it widens.
 */
static uint64_t objects_held(uint64_t key, const state_line *lines, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (is_object(lines[i].repr)) {
            key = fe_hash_text(key, lines[i].path);
            key = fe_hash_text(key, lines[i].repr);
        }
    return key;
}

/*
 * The same wait reached with another call stack or in another iteration
 * (vkcube's demo_resize, called from four places of demo_draw, each
 * running demo_prepare to its vkWaitForFences): what varied among the
 * paths that reached it there varies here too.  A first arrival that
 * waited on the first paths to differ there went on past the wait once per
 * value that differed, each time with one more of them unknown, and every
 * one of those paths ran all of demo_prepare's ways again.  So the values
 * already widened at the same wait elsewhere are widened at once: each is
 * marked "W" in the new representative (returns how many).
 */
static unsigned learn_from_siblings(fe_ctx *cx, merge_site *site)
{
    unsigned marked = 0;
    representative *r = &site->rep;
    for (const merge_site *s = merge_state(cx)->sites; s; s = s->next) {
        if (s == site || !s->rep.lines || !vks_loc_equal(&s->at, &site->at))
            continue;
        for (size_t i = 0; i < r->count; i++) {
            if (strcmp(r->lines[i].repr, "W") == 0)
                continue;
            const state_line *other = find_line(s->rep.lines, s->rep.count, r->lines[i].path);
            if (other && strcmp(other->repr, "W") == 0 && !is_object(r->lines[i].repr)) {
                r->lines[i].repr = "W";
                marked++;
            }
        }
    }
    if (marked)
        r->version++;
    return marked;
}

/* The root of a line's path: "G" or "F<depth>" and one name. */
static size_t root_length(const char *path)
{
    const char *sep = strchr(path, SEP);
    const char *next = sep ? strchr(sep + 1, SEP) : NULL;
    return next ? (size_t)(next - path) : strlen(path);
}

/* Whether lines have path's root (a root's own line is always there: a
   root is never left out as a default). */
static bool has_root(const state_line *lines, size_t count, const char *path)
{
    char *root = strndup(path, root_length(path));
    bool found = root && find_line(lines, count, root) != NULL;
    free(root);
    return found;
}

static bool debug_merge(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("VKSYNC_DEBUG_MERGE") != NULL;
    return on;
}


/*
 * A path's state (lines) against a representative: the union of both
 * sides' lines, each with the representative's repr after this arrival
 * (plan), and for each whether the path's value there is to become
 * unknown (widen); whether the representative covers the state, and
 * whether the path could be widened to it.
 */
typedef struct {
    state_line *plan;
    bool *widen;
    size_t planned;
    bool covered, can_widen;
} comparison;

static comparison compare(fe_ctx *cx, const representative *r, const state_line *lines,
                          size_t count, vks_loc at)
{
    vks_arena *a = fe_value_arena(cx);
    comparison out = {.covered = true, .can_widen = true};
    size_t plan_cap = 0, widen_count = 0, widen_cap = 0;
    for (size_t i = 0, j = 0; i < r->count || j < count;) {
        int c = i == r->count ? 1 : j == count ? -1 : strcmp(r->lines[i].path, lines[j].path);
        const state_line *rep_line = c <= 0 ? &r->lines[i++] : NULL;
        const state_line *cur_line = c >= 0 ? &lines[j++] : NULL;
        state_line l = rep_line ? *rep_line : (state_line){.path = cur_line->path, .repr = "D"};
        const char *cur = cur_line ? cur_line->repr : "D"; /* D: as read unwritten */
        bool w = strcmp(l.repr, "W") == 0;
        /* A local one side declared and the other did not is in a block
           only that side ran, before the wait: nothing after the wait in
           this frame can name it.  The representative keeps its lines. */
        if (l.path[0] == 'F' && c != 0 &&
            !(rep_line ? has_root(lines, count, l.path) : has_root(r->lines, r->count, l.path))) {
            if (rep_line) {
                VKS_PUSH(a, out.plan, out.planned, plan_cap, l);
                VKS_PUSH(a, out.widen, widen_count, widen_cap, false);
            }
            continue;
        }
        const char *keeps_apart = NULL, *rep_repr = l.repr;
        if (!cur_line && l.path[0] == 'G' && !w && !has_root(lines, count, l.path))
            keeps_apart = "a global this path never read"; /* no node to widen */
        if (!w && strcmp(l.repr, cur) != 0 && (is_object(l.repr) || is_object(cur)))
            keeps_apart = "another object"; /* what is recorded on it */
        if (!w && strcmp(l.repr, cur) != 0) {
            if (debug_merge())
                fprintf(stderr, "    differs %s:%u %s: %s | %s\n", at.file, at.line, l.path,
                        l.repr, cur);
            out.covered = false;
            l.repr = "W";
            w = true;
        }
        if (w && cur_line && !cur_line->node && !cur_line->closed_ident)
            keeps_apart = "an alias"; /* the two share differently */
        if (keeps_apart) {
            out.can_widen = false;
            if (debug_merge())
                fprintf(stderr, "    apart %s:%u %s (%s): %s | %s\n", at.file, at.line,
                        l.path, keeps_apart, rep_repr, cur);
        }
        VKS_PUSH(a, out.plan, out.planned, plan_cap, l);
        VKS_PUSH(a, out.widen, widen_count, widen_cap, w);
    }
    return out;
}

/*
 * A path that cannot be widened to the representative - it holds other
 * objects there (is_object) - goes on by itself, and so does every later
 * path in its state: the representative was the first path's, and only a
 * path the representative covers ends.  vkcube-xcb's render loop reaches
 * `demo_resize` and the fence wait of its second frame from dozens of
 * first frames; the first to arrive had been minimised (no command pool,
 * no swapchain images), and the hundreds after it, which hold the objects
 * of a resized swapchain, each ran every way of the rest of the frame
 * again.  So each state that went on by itself is kept as it was, and a
 * later path in the same state ends here: everything after the wait was
 * analysed from that path's state, every way its later decisions go (the
 * runs that replay it diverge after the wait).  Returns whether the path
 * ends (cx->path.merged); otherwise its state is kept, up to MAX_ALONE per
 * wait.
 */
/* Whether every function on the path's stack was called as a statement of
   its own (fe_frame.statement_call), so that no caller holds a value
   outside the state while the path is here: `mode = probe_tier () +
   probe_variant (fast)` holds probe_tier's answer while probe_variant
   runs, and two paths at probe_variant's start in one state may still
   add up to different modes (tests/unit/realprog/held_sum_probe.c: the
   way that records was merged away and its hazard missed). */
static bool called_as_statements(const fe_ctx *cx)
{
    for (const fe_frame *f = cx->path.frame; f; f = f->caller)
        if (!f->statement_call)
            return false;
    return true;
}

enum { MAX_ALONE = 64 };

static bool went_on_before(fe_ctx *cx, merge_site *s, const state_line *lines, size_t count,
                           vks_loc at)
{
    for (size_t k = 0; k < s->alone_count; k++)
        if (compare(cx, &s->alone[k], lines, count, at).covered) {
            cx->path.merged = true;
            if (fe_debug_paths())
                fprintf(stderr, "  merged at %s:%u (a state that went on before)\n", at.file,
                        at.line);
            return true;
        }
    if (s->alone_count < MAX_ALONE) {
        representative kept;
        set_representative(cx, &kept, lines, count);
        VKS_PUSH(cx->arena, s->alone, s->alone_count, s->alone_cap, kept);
    }
    return false;
}

/*
 * Whether the loops around a wait had got no further on site `earlier`
 * than on `site`, so that from the same state everything the loops can
 * still do on `site` they could still do on `earlier`: on each loop, no
 * more iterations run, none more of them on an assumed condition (two in
 * all, eval_stmt.c exec_loop), and a test that would repeat the last one
 * on `site`'s path (the same inputs after a decision) repeats it on
 * `earlier`'s too, or that path made no decision since its test.
 */
static bool no_further(const loop_mark *earlier, unsigned earlier_count,
                       const loop_mark *later, unsigned count)
{
    if (earlier_count != count)
        return false;
    for (unsigned i = 0; i < count; i++) {
        const loop_mark *e = &earlier[i], *l = &later[i];
        if (e->line != l->line || e->col != l->col || e->iteration > l->iteration ||
            e->assumed > l->assumed)
            return false;
        if (e->assumed > 0 && e->before + e->assumed > l->before + l->assumed)
            return false;
        if (e->decided && (!l->decided || e->last_inputs != l->last_inputs))
            return false;
    }
    return true;
}

/*
 * A path at a wait in a state that the representative of the same wait
 * in an earlier iteration of the loops around it covers ends there: what
 * it could still do, the path that arrived there could, every way
 * (no_further), and it was analysed from there.  vkcube-xcb rebuilds its
 * swapchain from the acquire loop's first and second iteration, the event
 * loop's, and the first and second frame; with the iterations in the
 * site's key, each of them ran every way of demo_prepare again from the
 * same state.
 */
static bool covered_in_an_earlier_iteration(fe_ctx *cx, const merge_site *site,
                                            const state_line *lines, size_t count, vks_loc at)
{
    if (site->loop_count == 0)
        return false;
    for (merge_site *s = merge_state(cx)->sites; s; s = s->next) {
        if (s == site || s->loose_key != site->loose_key || !s->rep.lines ||
            !no_further(s->loops, s->loop_count, site->loops, site->loop_count))
            continue;
        complete_representative(cx, &s->rep, lines, count);
        if (compare(cx, &s->rep, lines, count, at).covered) {
            cx->path.merged = true;
            if (fe_debug_paths())
                fprintf(stderr, "  merged at %s:%u (an earlier iteration)\n", at.file,
                        at.line);
            return true;
        }
    }
    return false;
}

/*
 * A path that reaches a wait in a state the representative does not cover
 * stops there (parked): the values on which the two disagree are widened in
 * the representative, and the path's decisions are kept.  When every other
 * path has been run (fe_merge_resume), the last path parked at the wait is
 * run again to it and goes on from there with every widened value unknown:
 * one state covering the first path's and every path parked there, its
 * ways after the wait run once.  Letting each such path go on at once
 * (each widening one more value) ran every way after the wait once per
 * value that differed: vkcube's demo_draw reaches demo_resize's
 * vkDeviceWaitIdle from 18 ways of demo_prepare, and went on past it once
 * per value they disagreed on, each time running every way of
 * demo_prepare again.
 */
static void park(fe_ctx *cx, merge_site *s, const state_line *plan, size_t planned)
{
    set_representative(cx, &s->rep, plan, planned);
    unsigned n = cx->path.decision_count;
    s->parked = vks_arena_alloc(cx->arena, sizeof *s->parked * (n ? n : 1));
    memcpy(s->parked, cx->decisions, sizeof *s->parked * n);
    s->parked_count = n;
    s->pending = true;
    cx->path.merged = true;
    cx->path.parked = true;
    if (fe_debug_paths())
        fprintf(stderr, "  parked at %s:%u\n", s->at.file, s->at.line);
}

void fe_merge_begin(fe_ctx *cx)
{
    cx->merge = vks_arena_alloc(cx->arena, sizeof *cx->merge);
    cx->merge->parking = true;
    cx->decision_floor = 0;
}

size_t fe_merge_arrivals_skipped(const fe_ctx *cx)
{
    return cx->merge ? cx->merge->arrivals_skipped : 0;
}

bool fe_merge_has_parked(const fe_ctx *cx)
{
    if (!cx->merge)
        return false;
    if (cx->merge->resuming)
        return true;
    for (const merge_site *s = cx->merge->sites; s; s = s->next)
        if (s->pending)
            return true;
    return false;
}

bool fe_merge_resume(fe_ctx *cx)
{
    if (!cx->merge)
        return false;
    /* The wait reached after the fewest decisions (of those, the first
       reached; the list is newest first): a wait reached after more is
       usually reached again from its resumed path, and is better resumed
       once, after it. */
    merge_site *next = NULL;
    for (merge_site *s = cx->merge->sites; s; s = s->next)
        if (s->pending && (!next || s->parked_count <= next->parked_count))
            next = s;
    if (!next)
        return false;
    next->pending = false;
    unsigned n = next->parked_count;
    if (n > cx->decision_cap) {
        fe_decision *grown = vks_arena_alloc(cx->arena, sizeof *grown * n);
        cx->decisions = grown;
        cx->decision_cap = n;
    }
    memcpy(cx->decisions, next->parked, sizeof *cx->decisions * n);
    /* The parked path went past each of them (analyse_function). */
    for (unsigned i = 0; i < n; i++)
        cx->decisions[i].prefix_checked = true;
    cx->forced_count = cx->decision_floor = n;
    cx->merge->resuming = next;
    if (fe_debug_paths())
        fprintf(stderr, "resume at %s:%u (%u decisions)\n", next->at.file, next->at.line,
                n);
    return true;
}

/* What one arrival did to its site's representative and to the path. */
typedef struct {
    merge_site *site;           /* NULL: the state was not compared */
    unsigned version_before;    /* of the site's representative, as met */
    bool changed_path;          /* widened the path's values */
} arrival_outcome;

static bool arrive(fe_ctx *cx, vks_loc at, arrival_outcome *out)
{
    size_t count = 0;
    /* Paths with other commands in flight go on differently: another
       site (at a wait for every queue, none are). */
    uint64_t in_flight = 0;
    state_line *lines = state_lines(cx, at, &count, &in_flight);
    if (!lines)
        return false;
    if (read_globals_others_read(cx, at, lines, count))
        lines = state_lines(cx, at, &count, &in_flight);
    if (!lines)
        return false;
    uint64_t loose_key = fe_hash_bytes(site_key(cx, at), &in_flight, sizeof in_flight);
    loose_key = objects_held(loose_key, lines, count);
    merge_site *s = site_for(cx, loose_key, at);
    uint64_t key = s->key;
    representative *r = &s->rep;
    fe_merge_state *m = merge_state(cx);
    out->site = s;
    out->version_before = r->version;
    /* The path resumed from this wait's parked paths, arriving: it goes
       on from the joined state (widened below), like a path that replays
       the decisions before the wait. */
    bool resumed = m->resuming == s && cx->path.decision_count == cx->decision_floor;
    /* Before it, the path replays the parked path's way there, through
       waits where other paths were parked or merged. */
    bool replaying = m->resuming && !cx->path.resumed;
    if (resumed)
        cx->path.resumed = true;
    bool fresh = cx->path.decision_count >= cx->forced_count && !resumed && !replaying;
    if (fresh && covered_in_an_earlier_iteration(cx, s, lines, count, at))
        return true;
    bool first = !r->lines;
    if (first) {
        set_representative(cx, r, lines, count);
        if (!learn_from_siblings(cx, s))
            return false;
        /* Compared below with its own state, some of it marked W: the
           path widens those values and goes on. */
    }
    complete_representative(cx, r, lines, count);
    comparison cmp = compare(cx, r, lines, count, at);
    const state_line *plan = cmp.plan;
    size_t planned = cmp.planned;
    bool covered = cmp.covered;
    if (debug_merge())
        fprintf(stderr, "    arrival %s:%u site %016llx lines %zu/%zu covered %d can_widen %d "
                "fresh %d loose %016llx\n", at.file, at.line, (unsigned long long)key, r->count,
                count, covered, cmp.can_widen, fresh, (unsigned long long)s->loose_key);
    if (covered && fresh && !first) {
        /* Everything after the wait was analysed from the representative. */
        cx->path.merged = true;
        if (fe_debug_paths())
            fprintf(stderr, "  merged at %s:%u\n", at.file, at.line);
        return true;
    }
    if (!cmp.can_widen)
        return fresh && !first && went_on_before(cx, s, lines, count, at);
    if (fresh && !first && m->parking) {
        park(cx, s, plan, planned);
        return true;
    }
    unsigned widened = 0;
    for (size_t k = 0; k < planned; k++) {
        if (!cmp.widen[k])
            continue;
        if (plan[k].path[0] == 'C') {
            const state_line *l = find_line(lines, count, plan[k].path);
            if (l && l->closed_ident) {
                fe_forget_closed_recording(cx, l->closed_ident);
                widened++;
            }
            continue;
        }
        fe_val *node = node_at(cx, lines, count, plan[k].path);
        if (node && !(node->kind == VAL_UNKNOWN && node->unknown_name &&
                      strncmp(node->unknown_name, "?w", 2) == 0)) {
            widen_node(cx, node, key, plan[k].path);
            widened++;
        }
    }
    out->changed_path = widened > 0;
    if (!covered)
        set_representative(cx, r, plan, planned);
    if (fe_debug_paths() && widened)
        fprintf(stderr, "  widened %u values at %s:%u (%s)\n", widened, at.file, at.line,
                covered ? "as before" : "new");
    return false;
}

/*
 * Replayed arrivals.  Every run replays its function from the start, and a
 * replay arrives at each wait its prefix passes in the state the run it
 * replays had there: comparing that state again (its lines built, then
 * compared with the representative's) was a fifth of vkcube-xcb's
 * instructions, and nearly every such comparison finds what it found
 * before.  An arrival is known by where it is in its run - the place, the
 * statements the run has executed, and the ways of every decision before
 * it - and what it did last is kept under that key.  A replayed arrival
 * (its path's own decisions come after the wait: it cannot end there) is
 * not compared again when, the last time, it widened nothing and changed
 * no representative, the site's representative has not changed since, and
 * the arrivals before it in this run did what the arrivals before it did
 * then: the state is then the one compared before, and comparing it again
 * would do nothing again.  What the arrivals of a run did so far is a hash
 * chain (fe_path.arrival_chain: each arrival's site, and the version of
 * the representative that widened the path's values, when one did); each
 * entry keeps the chain it came in with.  Anything else - no entry,
 * another chain, another version, an arrival that widens - is compared as
 * before.
 */
typedef struct arrival_memo {
    uint64_t key;               /* 0: an empty slot */
    uint64_t chain;             /* fe_path.arrival_chain as it came */
    merge_site *site;
    unsigned version_before, version_after;
    bool changed_path;
} arrival_memo;

/* The chain after an arrival at `site` that widened the path's values
   (after the version `version` of its representative) or not. */
static uint64_t chain_after(uint64_t chain, const merge_site *site, bool changed_path,
                            unsigned version)
{
    chain = fe_hash_bytes(chain, &site, sizeof site);
    if (changed_path)
        chain = fe_hash_bytes(chain, &version, sizeof version);
    return chain ? chain : 1;
}

static uint64_t arrival_key(const fe_ctx *cx, vks_loc at)
{
    uint64_t h = fe_hash_bytes(FE_HASH_SEED, &at.line, sizeof at.line);
    h = fe_hash_bytes(h, &at.col, sizeof at.col);
    size_t steps = cx->steps - cx->path.first_step;
    h = fe_hash_bytes(h, &steps, sizeof steps);
    for (unsigned i = 0; i < cx->path.decision_count; i++)
        h = fe_hash_bytes(h, &cx->decisions[i].chosen, sizeof cx->decisions[i].chosen);
    h = fe_hash_bytes(h, &cx->path.decision_count, sizeof cx->path.decision_count);
    return h ? h : 1;
}

/* The slot of `key`: its entry, or the empty slot to fill. */
static arrival_memo *arrival_slot(fe_ctx *cx, fe_merge_state *m, uint64_t key)
{
    if (2 * (m->arrivals_count + 1) > m->arrivals_mask + 1) {
        size_t slots = m->arrivals ? 2 * (m->arrivals_mask + 1) : 1024;
        arrival_memo *grown = vks_arena_alloc(cx->arena, sizeof *grown * slots);
        memset(grown, 0, sizeof *grown * slots);
        for (size_t i = 0; m->arrivals && i <= m->arrivals_mask; i++) {
            if (!m->arrivals[i].key)
                continue;
            size_t k = (size_t)(m->arrivals[i].key >> 20) & (slots - 1);
            while (grown[k].key)
                k = (k + 1) & (slots - 1);
            grown[k] = m->arrivals[i];
        }
        m->arrivals = grown;
        m->arrivals_mask = slots - 1;
    }
    size_t k = (size_t)(key >> 20) & m->arrivals_mask;
    while (m->arrivals[k].key && m->arrivals[k].key != key)
        k = (k + 1) & m->arrivals_mask;
    return &m->arrivals[k];
}

/* VKSYNC_MERGE_REPLAYS=1: every replayed arrival is compared again (to
   measure what not comparing them saves, and to check it changes
   nothing). */
static bool compare_every_replay(void)
{
    const char *v = getenv("VKSYNC_MERGE_REPLAYS");
    return v && strcmp(v, "1") == 0;
}

bool fe_merge_point(fe_ctx *cx, vks_loc at)
{
    if (cx->sandbox || cx->path.recordings || cx->path.decisions_capped ||
        cx->path.pending_goto || cx->path.dead || cx->path.exited || fe_merging_off() ||
        !called_as_statements(cx))
        return false;
    fe_merge_state *m = merge_state(cx);
    bool replay = cx->path.decision_count < cx->forced_count;
    /* The arrival a resumed path goes on from the joined state at is
       always compared (it marks the path resumed). */
    bool may_resume = m->resuming && !cx->path.resumed &&
                      cx->path.decision_count == cx->decision_floor;
    uint64_t key = arrival_key(cx, at);
    arrival_memo *memo = arrival_slot(cx, m, key);
    uint64_t chain = cx->path.arrival_chain;
    if (replay && !may_resume && memo->key && memo->chain == chain && !memo->changed_path &&
        memo->version_before == memo->version_after &&
        (!memo->site || memo->site->rep.version == memo->version_after) &&
        !compare_every_replay()) {
        m->arrivals_skipped++;
        cx->path.arrival_chain = chain_after(chain, memo->site, false, 0);
        return false;
    }
    arrival_outcome out = {0};
    bool ended = arrive(cx, at, &out);
    unsigned version_after = out.site ? out.site->rep.version : 0;
    cx->path.arrival_chain =
        chain_after(chain, out.site, out.changed_path, out.version_before);
    memo = arrival_slot(cx, m, key); /* in case comparing grew the table */
    if (!memo->key)
        m->arrivals_count++;
    *memo = (arrival_memo){key, chain, out.site, out.version_before, version_after,
                           out.changed_path};
    return ended;
}

/*
 * Merging at decisions.  Two paths at the same decision (the same place,
 * the same calls and loop iterations around it) in the same state, as the
 * merge at waits compares states (only what the rest of the program can
 * read, names up to renaming, the commands in flight), go on the same way
 * from there: each way of the decision needs to be run from one of them
 * only.  A run that replays the path before it up to a decision and takes
 * another way there is skipped when that way was taken before from the
 * same state (fe_next_path); a path that takes a way taken before from
 * the same state ends there (fe_choose).  Every run replays its function
 * from the start, and in vkcube-xcb 95% of the statements were that
 * replay (docs/realworld.md, session 16): a run skipped before it starts
 * costs nothing.
 *
 * A decision is keyed only where no value is held outside the state: at
 * the condition of an `if` or `switch` statement, in a function every
 * caller of which called it as a statement of its own (fe_frame
 * .statement_call: in `x = a + f ()`, `a` is held while f runs, and two
 * paths in f with the same state could go on to different sums).
 */
/* VKSYNC_MERGE_AT_DECISIONS=0: paths are merged at waits only (to
   measure what merging at decisions does). */
static bool decision_merging_off(void)
{
    const char *v = getenv("VKSYNC_MERGE_AT_DECISIONS");
    return v && strcmp(v, "0") == 0;
}

static uint64_t taken_entry(uint64_t key, unsigned way)
{
    uint64_t e = fe_hash_bytes(key, &way, sizeof way);
    return e ? e : 1;
}

/*
 * A keyed decision state: its key, its key but for the loops' progress,
 * that progress, and the ways taken from it.  A way taken from the same
 * state in an earlier iteration of the loops around the decision (on each
 * loop no further: no_further) was run with at least as many iterations
 * left as the path at the decision now has, and everything the path could
 * do from there was done from there: the path does not take it again (a
 * way taken in a later iteration is never enough).
 */
typedef struct decision_site {
    uint64_t key, loose;
    loop_mark *loops;
    unsigned loop_count;
    uint32_t ways;              /* way i taken from this state: bit i */
    struct decision_site *next_loose;
} decision_site;

/* The slot of `key` in an open-addressing table of sites (mask + 1 slots,
   a power of two), by the site's key or loose key. */
static decision_site **site_slot(decision_site **table, size_t mask, uint64_t key, bool loose)
{
    size_t k = (size_t)(key >> 20) & mask;
    for (; table[k]; k = (k + 1) & mask)
        if ((loose ? table[k]->loose : table[k]->key) == key)
            break;
    return &table[k];
}

static void grow_sites(fe_ctx *cx, decision_site ***table, size_t *mask, size_t count,
                       bool loose)
{
    if (*table && 2 * (count + 1) <= *mask + 1)
        return;
    size_t slots = *table ? 2 * (*mask + 1) : 256;
    decision_site **grown = vks_arena_alloc(cx->arena, sizeof *grown * slots);
    memset(grown, 0, sizeof *grown * slots);
    for (size_t i = 0; *table && i <= *mask; i++)
        if ((*table)[i])
            *site_slot(grown, slots - 1, loose ? (*table)[i]->loose : (*table)[i]->key,
                       loose) = (*table)[i];
    *table = grown;
    *mask = slots - 1;
}

static void remember_decision_site(fe_ctx *cx, uint64_t key, uint64_t loose)
{
    fe_merge_state *m = merge_state(cx);
    grow_sites(cx, &m->by_key, &m->sites_mask, m->sites_count, false);
    decision_site **slot = site_slot(m->by_key, m->sites_mask, key, false);
    if (*slot)
        return;
    decision_site *d = vks_arena_alloc(cx->arena, sizeof *d);
    *d = (decision_site){.key = key, .loose = loose};
    d->loops = loops_now(cx, &d->loop_count);
    *slot = d;
    m->sites_count++;
    grow_sites(cx, &m->by_loose, &m->loose_mask, m->loose_count, true);
    decision_site **first = site_slot(m->by_loose, m->loose_mask, loose, true);
    if (!*first)
        m->loose_count++;
    else
        d->next_loose = *first;
    *first = d;
}

/* Whether `way` was taken from the state of `key` in an earlier iteration
   of its loops (decision_site); marks it taken from this one. */
static bool taken_in_an_earlier_iteration(fe_ctx *cx, uint64_t key, unsigned way)
{
    fe_merge_state *m = merge_state(cx);
    if (way >= 32 || !m->by_key)
        return false;
    decision_site *d = *site_slot(m->by_key, m->sites_mask, key, false);
    if (!d)
        return false;
    bool earlier = false;
    if (d->loop_count > 0)
        for (const decision_site *o = *site_slot(m->by_loose, m->loose_mask, d->loose, true);
             o && !earlier; o = o->next_loose)
            earlier = o != d && (o->ways >> way & 1) &&
                      no_further(o->loops, o->loop_count, d->loops, d->loop_count);
    d->ways |= 1u << way;
    return earlier;
}

bool fe_decision_state_key(fe_ctx *cx, vks_loc at, uint64_t *key)
{
    if (cx->sandbox || cx->path.recordings || cx->path.decisions_capped ||
        cx->path.pending_goto || cx->path.dead || cx->path.exited || cx->path.merged ||
        fe_merging_off() || decision_merging_off())
        return false;
    if (!called_as_statements(cx))
        return false;
    /* The lines are made in an arena of their own, freed here: a path
       keys every decision it makes afresh, and kept in the path's arena
       their text took zink 280 MB more at its peak.  Making them reads
       the path's values and writes none. */
    fe_path_fact_names_update(cx); /* in the path's arena (fe_path_facts_mention) */
    vks_arena *path_values = cx->values;
    cx->values = vks_arena_new();
    size_t count = 0;
    uint64_t in_flight = 0;
    state_line *lines = state_lines(cx, at, &count, &in_flight);
    uint64_t loose = fe_hash_bytes(site_key(cx, at), &in_flight, sizeof in_flight);
    for (size_t i = 0; lines && i < count; i++) {
        loose = fe_hash_text(loose, lines[i].path);
        loose = fe_hash_text(loose, lines[i].repr);
    }
    vks_arena_free(cx->values);
    cx->values = path_values;
    *key = loops_key(cx, loose);
    if (lines)
        remember_decision_site(cx, *key, loose);
    return lines != NULL;
}

bool fe_way_taken_before(fe_ctx *cx, uint64_t key, unsigned way)
{
    fe_merge_state *m = merge_state(cx);
    uint64_t e = taken_entry(key, way);
    if (2 * (m->taken_count + 1) > m->taken_mask + 1) {
        size_t slots = m->taken_mask ? 2 * (m->taken_mask + 1) : 256;
        uint64_t *grown = vks_arena_alloc(cx->arena, sizeof *grown * slots);
        memset(grown, 0, sizeof *grown * slots);
        for (size_t i = 0; m->taken && i <= m->taken_mask; i++) {
            if (!m->taken[i])
                continue;
            size_t k = (size_t)(m->taken[i] >> 20) & (slots - 1);
            while (grown[k])
                k = (k + 1) & (slots - 1);
            grown[k] = m->taken[i];
        }
        m->taken = grown;
        m->taken_mask = slots - 1;
    }
    size_t k = (size_t)(e >> 20) & m->taken_mask;
    for (; m->taken[k]; k = (k + 1) & m->taken_mask)
        if (m->taken[k] == e)
            return true;
    if (taken_in_an_earlier_iteration(cx, key, way))
        return true;
    m->taken[k] = e;
    m->taken_count++;
    return false;
}

bool fe_merging_off(void)
{
    const char *v = getenv("VKSYNC_MERGE_AT_WAITS");
    return v && strcmp(v, "0") == 0;
}
