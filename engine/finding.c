/*
 * finding.c - the rule table (include/vksync/rules.def) and finding records.
 */
#include "vksync/finding.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const vks_rule_info rule_table[VKS_RULE_COUNT] = {
#define RULE(e, id, level, syncval, summary) [VKS_RULE_##e] = {id, level, syncval, summary},
#include "vksync/rules.def"
#undef RULE
};

const vks_rule_info *vks_rule_get(vks_rule rule)
{
    return &rule_table[rule];
}

vks_finding *vks_finding_add(vks_findings *f, vks_rule rule, const char *hazard,
                             vks_loc loc, const char *message)
{
    vks_finding item = {.rule = rule,
                        .hazard = hazard,
                        .loc = loc,
                        .message = vks_arena_strdup(f->arena, message)};
    VKS_PUSH(f->arena, f->items, f->count, f->cap, item);
    return &f->items[f->count - 1];
}

void vks_finding_note(vks_findings *f, vks_finding *finding, vks_note_kind kind,
                      vks_loc loc, const char *message)
{
    vks_note note = {.kind = kind, .loc = loc,
                     .message = vks_arena_strdup(f->arena, message)};
    VKS_PUSH(f->arena, finding->notes, finding->note_count, finding->note_cap,
             note);
}

static int strcmp_null(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "");
}

static int compare_findings(const void *pa, const void *pb)
{
    const vks_finding *a = pa, *b = pb;
    int c = strcmp_null(a->loc.file, b->loc.file);
    if (c)
        return c;
    if (a->loc.line != b->loc.line)
        return a->loc.line < b->loc.line ? -1 : 1;
    if (a->loc.col != b->loc.col)
        return a->loc.col < b->loc.col ? -1 : 1;
    if (a->rule != b->rule)
        return a->rule < b->rule ? -1 : 1;
    c = strcmp_null(a->message, b->message);
    if (c)
        return c;
    /* Same place and message: order by the first note so that output is
       byte-identical however the findings were produced. */
    if (a->note_count && b->note_count) {
        if (a->notes[0].loc.line != b->notes[0].loc.line)
            return a->notes[0].loc.line < b->notes[0].loc.line ? -1 : 1;
        return strcmp_null(a->notes[0].message, b->notes[0].message);
    }
    return (a->note_count > b->note_count) - (a->note_count < b->note_count);
}

static bool same_loc(const vks_loc *a, const vks_loc *b)
{
    return a->line == b->line && a->col == b->col && strcmp_null(a->file, b->file) == 0;
}

/* Whether two texts are the same once a member reached through a
   pointer (`demo->textures[0].image`) and the same member of the struct
   itself (`demo.textures[0].image`) are read alike. */
static bool same_text(const char *a, const char *b)
{
    a = a ? a : "";
    b = b ? b : "";
    while (*a && *b) {
        if (a[0] == '-' && a[1] == '>' && b[0] == '.') {
            a += 2, b++;
        } else if (b[0] == '-' && b[1] == '>' && a[0] == '.') {
            a++, b += 2;
        } else if (*a++ != *b++) {
            return false;
        }
    }
    return *a == *b;
}

/* The same hazard told the same way: rule, place, message and every note
   but the path's steps.  A loop analysed for two iterations records the
   same command buffer twice, and each recording had its own copy of the
   finding, differing only in the iteration its steps name.  Two root
   functions that reach the same code tell the same hazard but for how
   they reach the resource: glfw's triangle-vulkan uploads its texture
   from `main`, whose `demo` is a struct (`demo.textures[0].image`), and
   from the refresh callback, handed a pointer to it
   (`demo->textures[0].image`).  The two texture objects are each root's
   own, but the missing barrier is one place in the code: one finding.
   The barriers named may differ too: a frame loop's first iteration has
   no fence wait between the two accesses, a later one waits for the
   wrong frame's fence (submit.c); the same two accesses are one finding,
   told with the most of what did not order them (vks_findings_sort). */
static bool told_apart(vks_note_kind kind)
{
    return kind != VKS_NOTE_PATH && kind != VKS_NOTE_SYNC;
}

static size_t sync_notes(const vks_finding *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->note_count; i++)
        n += f->notes[i].kind == VKS_NOTE_SYNC;
    return n;
}

static bool same_report(const vks_finding *a, const vks_finding *b)
{
    if (a->rule != b->rule || !same_loc(&a->loc, &b->loc) ||
        strcmp_null(a->hazard, b->hazard) != 0 || !same_text(a->message, b->message))
        return false;
    size_t i = 0, j = 0;
    for (;;) {
        while (i < a->note_count && !told_apart(a->notes[i].kind))
            i++;
        while (j < b->note_count && !told_apart(b->notes[j].kind))
            j++;
        if (i == a->note_count || j == b->note_count)
            return i == a->note_count && j == b->note_count;
        if (a->notes[i].kind != b->notes[j].kind || !same_loc(&a->notes[i].loc, &b->notes[j].loc) ||
            !same_text(a->notes[i].message, b->notes[j].message))
            return false;
        i++, j++;
    }
}

void vks_findings_sort(vks_findings *f)
{
    if (f->count < 2)
        return;
    qsort(f->items, f->count, sizeof *f->items, compare_findings);
    size_t out = 1;
    for (size_t i = 1; i < f->count; i++) {
        bool repeated = false;
        for (size_t k = out; k-- > 0 && !repeated;) {
            if (f->items[k].rule != f->items[i].rule ||
                !same_loc(&f->items[k].loc, &f->items[i].loc))
                break; /* sorted: equal ones are next to each other's place */
            repeated = same_report(&f->items[k], &f->items[i]);
            if (repeated && sync_notes(&f->items[i]) > sync_notes(&f->items[k]))
                f->items[k] = f->items[i];
        }
        if (!repeated)
            f->items[out++] = f->items[i];
    }
    f->count = out;
}

static const struct {
    const char *key;
    const char *one, *many;
} unknown_reasons[VKS_UNKNOWN_REASON_COUNT] = {
    [VKS_UNKNOWN_BARRIER_MASK] = {"barrierMask", "unknown barrier mask", "unknown barrier masks"},
    [VKS_UNKNOWN_BARRIER_RANGE] = {"barrierRange", "unknown barrier range",
                                   "unknown barrier ranges"},
    [VKS_UNKNOWN_ACCESS] = {"access", "unknown access", "unknown accesses"},
    [VKS_UNKNOWN_ASSUMED_ORDER] = {"assumedOrder", "order only an unknown value gave",
                                   "orders only unknown values gave"},
    [VKS_UNKNOWN_HOST_ORDER] = {"hostOrder", "unknown host wait", "unknown host waits"},
    [VKS_UNKNOWN_UNMODELLED] = {"unmodelledCommand", "command not modelled",
                                "commands not modelled"},
    [VKS_UNKNOWN_UNSEEN_RECORDING] = {"unseenRecording",
                                      "submitted command buffer the path cannot name",
                                      "submitted command buffers the path cannot name"},
    [VKS_UNKNOWN_OUTSIDE] = {"beganElsewhere", "event or render pass begun elsewhere",
                             "events or render passes begun elsewhere"},
};

void vks_stats_unknown(vks_stats *stats, vks_unknown_reason why)
{
    if (!stats)
        return;
    stats->unknown_questions++;
    stats->unknown_by_reason[why]++;
}

const char *vks_unknown_reason_key(vks_unknown_reason why)
{
    return unknown_reasons[why].key;
}

const char *vks_unknown_reason_text(vks_unknown_reason why, size_t count)
{
    return count == 1 ? unknown_reasons[why].one : unknown_reasons[why].many;
}
