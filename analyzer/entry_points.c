/*
 * entry_points.c - the table of every Vulkan entry point the front end
 * understands (entry_points.def) and the dispatch of a call record to its
 * model: a lookup, as sparse and smatch find their checks in a table.
 *
 * Recording is tracked per command buffer handle: vkBeginCommandBuffer(h)
 * opens a vks_cmdbuf, vkEndCommandBuffer(h) closes it, and vkCmd*(h, ...)
 * appends to the open one with the same handle.  A vkCmd* that is not in the
 * table becomes VKS_CMD_UNKNOWN with one unknown access, so nothing is
 * guessed about it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

static const fe_entry_point table[] = {
#define FE_COMMAND(name, kind, model, min_args, flags) \
    {name, kind, model, NULL, min_args, flags, 0},
#define FE_CALL(name, model, min_args, flags, param) \
    {name, VKS_CMD_UNKNOWN, NULL, model, min_args, flags, param},
#include "entry_points.def"
#undef FE_COMMAND
#undef FE_CALL
};

enum { TABLE_SIZE = sizeof table / sizeof table[0] };

/* The rows by name, sorted once, for a binary search per call. */
static const fe_entry_point *by_name[TABLE_SIZE];
static pthread_once_t by_name_once = PTHREAD_ONCE_INIT;

static int compare_rows(const void *a, const void *b)
{
    const fe_entry_point *x = *(const fe_entry_point *const *)a;
    const fe_entry_point *y = *(const fe_entry_point *const *)b;
    return strcmp(x->name, y->name);
}

static void sort_rows(void)
{
    for (size_t i = 0; i < TABLE_SIZE; i++)
        by_name[i] = &table[i];
    qsort(by_name, TABLE_SIZE, sizeof by_name[0], compare_rows);
}

const fe_entry_point *fe_entry_point_find(const char *name)
{
    pthread_once(&by_name_once, sort_rows);
    size_t lo = 0, hi = TABLE_SIZE;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, by_name[mid]->name);
        if (c == 0)
            return by_name[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

bool fe_entry_point_has(const char *name, unsigned flag)
{
    const fe_entry_point *row = name ? fe_entry_point_find(name) : NULL;
    return row && (row->flags & flag);
}

/* ---- recordings ---- */

static const char *recording_ident(const fe_val *handle)
{
    const char *ident = fe_ident(handle);
    return ident ? ident : "?";
}

fe_recording **fe_find_recording(fe_ctx *cx, const fe_val *handle)
{
    const char *ident = recording_ident(handle);
    for (fe_recording **r = &cx->path.recordings; *r; r = &(*r)->next)
        if (strcmp((*r)->ident, ident) == 0)
            return r;
    return NULL;
}

static vks_cmd *add_cmd(fe_ctx *cx, fe_recording *r, vks_cmd_kind kind,
                        const char *name, vks_loc loc)
{
    size_t seq = ++cx->seq;
    VKS_PUSH(cx->arena, r->cmd_seq, r->cmd_seq_count, r->cmd_seq_cap, seq);
    return vks_add_cmd(cx->program, r->cmdbuf, kind, name, loc);
}

/*
 * A command buffer handed to a root that begins command buffers of its own
 * is recorded the same way (open_handed_recording, below): wlroots'
 * vulkan_end begins its staging command buffer, then ends the render pass
 * in `renderer->cb`, which vulkan_begin (another root, called by the
 * compositor) began - two of its recording calls were never analysed.  Handed means reached through one
 * of the root's parameters and never begun on this path (a command buffer
 * the path began and ended is not open again without a begin: that call
 * is reported as not reached).
 */
static bool handed_to_root(fe_ctx *cx, const char *ident)
{
    if (fe_name_slot(cx, &cx->path.begun, ident, false))
        return false;
    for (unsigned i = 0; i < cx->root_parameter_count; i++) {
        size_t n = strlen(cx->root_parameters[i]);
        if (strncmp(ident, cx->root_parameters[i], n) == 0 &&
            (ident[n] == '\0' || ident[n] == '/'))
            return true;
    }
    return false;
}

/*
 * Issue 11, cause 6: a function that records into a command buffer handed
 * to it and never begins one is "a recording too: analyse it with what
 * came before unknown (no hazard against the unknown prefix, every hazard
 * inside it)".  In such a root (cx->handed_recording, roots.c) the first
 * vkCmd* on a handle with no open recording opens one at that command.
 * The engine checks a command buffer that is not submitted on its own,
 * from a state where nothing is known (layouts included), which is that
 * unknown prefix.  A handle with no identity (a call's result) opens
 * nothing: two such handles could be two command buffers.  In any other
 * root, a command buffer it was handed opens one too (handed_to_root).
 */
static fe_recording **open_handed_recording(fe_ctx *cx, const fe_val *h, vks_loc first)
{
    const char *ident = fe_object_ident(h);
    if (!ident || !(cx->handed_recording || handed_to_root(cx, ident)))
        return NULL;
    fe_recording *r = vks_arena_alloc(cx->arena, sizeof *r);
    r->ident = h->ident;
    r->cmdbuf = vks_begin_cmdbuf(cx->program, h->spelling ? h->spelling : "?",
                                 cx->root_function, first);
    r->state = fe_recording_started(cx, h, r->cmdbuf, first);
    r->next = cx->path.recordings;
    cx->path.recordings = r;
    return &cx->path.recordings;
}

bool fe_model_begin_command_buffer(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    const fe_val *h = call->args[0];
    fe_recording *r = vks_arena_alloc(cx->arena, sizeof *r);
    r->ident = recording_ident(h);
    if (r->ident)
        *fe_name_slot(cx, &cx->path.begun, r->ident, true) = r;
    r->cmdbuf = vks_begin_cmdbuf(cx->program, h->spelling ? h->spelling : "?",
                                 cx->root_function, call->loc);
    r->state = fe_recording_started(cx, h, r->cmdbuf, call->loc);
    r->next = cx->path.recordings;
    cx->path.recordings = r;
    return true;
}

bool fe_model_end_command_buffer(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    fe_recording **r = fe_find_recording(cx, call->args[0]);
    if (r) {
        vks_end_cmdbuf(cx->program, (*r)->cmdbuf, call->loc);
        fe_attach_path_steps(cx, *r);
        fe_recording_closed(cx, (*r)->ident, (*r)->cmdbuf);
        *r = (*r)->next;
    }
    return true;
}

/* Known to the table (vkQueuePresentKHR hands work to the presentation
   engine: program_end.c needs to know) but not modelled: the call is any
   call the evaluator cannot see into. */
bool fe_model_not_modelled(fe_ctx *cx, const fe_call *call, int param)
{
    (void)cx, (void)call, (void)param;
    return false;
}

/*
 * A call the front end cannot see into (no body in the analysed files) that
 * is handed a command buffer may record anything into it, barriers
 * included.  Each recording it may reach gets an unmodelled command, which
 * the engine treats as "orders everything, accesses something unknown": a
 * hazard across such a call is never reported (unknown values never produce
 * a finding) and one is counted as left unknown.
 */
void fe_opaque_call(fe_ctx *cx, const fe_call *call)
{
    /* A Vulkan command no model handled is not a vkCmd* (those all are):
       it records nothing into a command buffer (vkDestroySemaphore). */
    if (!cx->path.recordings || call->entry_point || call->formats_text ||
        fe_name_frees_memory(call->spelling))
        return; /* a logger or a free records nothing, whatever it is handed */
    /* By identity only for a value that has one: a command buffer begun
       through a handle the evaluator could not name is the recording "?",
       which every unnamed argument (`av_mallocz(sizeof(*iv))`'s size)
       matched, so each library call on FFmpeg's frame path was an
       unmodelled command in it.  Such a command buffer handed on is a
       VkCommandBuffer by its type (reaches_cmdbuf). */
    bool reaches_any = false;
    for (unsigned i = 0; i < call->argc && !reaches_any; i++)
        reaches_any = (fe_ident(call->args[i]) && fe_find_recording(cx, call->args[i])) ||
                      call->arg_facts[i].reaches_cmdbuf;
    if (!reaches_any || fe_sandboxed_effect(cx))
        return;
    const char *name = vks_arena_printf(cx->arena, "%s (not analysed)", call->spelling);
    for (fe_recording *r = cx->path.recordings; r; r = r->next) {
        vks_cmd *cmd = add_cmd(cx, r, VKS_CMD_UNKNOWN, name, call->loc);
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
    }
}

/*
 * A value a join of a region's ways made unknown, read by a model (what it
 * records or creates depends on it): the path is run again with that
 * region split (fe_watch_lossy_reads), so the model sees each way's value
 * instead of an unknown that would hide what the program records.  A value
 * nobody reads (vkCmdSetViewport's, which records no access) splits
 * nothing.
 */
/* VKSYNC_DEBUG_PATHS: the call whose model asked for a region split. */
static void trace_restart(const fe_ctx *cx, const fe_call *call)
{
    if (cx->path.restart && fe_debug_paths())
        fprintf(stderr, "  %s at %s:%u read a value join %u lost\n", call->name,
                call->loc.file, call->loc.line, cx->path.restart);
}

static bool call_model(fe_ctx *cx, const fe_call *call, const fe_entry_point *row)
{
    fe_watch_lossy_reads(cx);
    bool handled = row->handler(cx, call, row->param);
    fe_watch_lossy_reads(NULL);
    trace_restart(cx, call);
    return handled;
}

/* A vkCmd* that accesses no memory and orders nothing (a debug label,
   dynamic state, a query): the engine checks nothing about it. */
static bool accesses_nothing(const fe_entry_point *row)
{
    return row && row->command == fe_model_no_access;
}

/* A descriptor set's allocation or update when no shader reads what it
   holds (pipeline_link.c, fe_descriptor_sets_matter): any call. */
static bool descriptors_unread(const fe_ctx *cx, const fe_entry_point *row)
{
    return row &&
           (row->handler == fe_model_update_descriptor_sets ||
            row->handler == fe_model_allocate_descriptor_sets) &&
           !fe_descriptor_sets_matter(cx);
}

bool fe_entry_point_matters(const fe_ctx *cx, const char *name)
{
    const fe_entry_point *row = fe_entry_point_find(name);
    return (row || strncmp(name, "vkCmd", 5) == 0) && !accesses_nothing(row) &&
           !(row && (row->flags & (FE_EP_NO_EFFECT | FE_EP_FORGETS))) &&
           !descriptors_unread(cx, row);
}

bool fe_vulkan_call(fe_ctx *cx, const fe_call *call)
{
    const fe_entry_point *row = fe_entry_point_find(call->name);
    if (row && (row->flags & FE_EP_ENDS) && call->argc > (unsigned)row->param)
        fe_end_object(cx, call->args[row->param]);
    if (row && (row->flags & FE_EP_NO_EFFECT))
        return false; /* any call the evaluator cannot see into */
    if (descriptors_unread(cx, row))
        return false; /* no shader given: any call (pipeline_link.c) */
    /* An acquire with no fence changes nothing a check reads (a way of a
       joined region, as before it had a model); one with a fence is an
       inert effect on what a later wait waits for (below). */
    bool acquire = row && row->handler == fe_model_acquire_next_image;
    if (acquire && !fe_acquire_fence(cx, call, row->param))
        return false;
    if (cx->sandbox && row && (row->flags & FE_EP_FORGETS))
        return true; /* the closed recording stays: merge.c compares more */
    if (cx->sandbox && accesses_nothing(row)) {
        /* In a region run every way (vkcube's `demo_push_cb_label`: `if
           (!demo->validate) return;` before a label) it is left out of the
           recording: what it would add is nothing the engine checks, and
           the region is joined instead of splitting the path. */
        if (cx->site_executed)
            cx->site_executed(cx, call->loc, true);
        return true;
    }
    bool modelled_name = row || strncmp(call->name, "vkCmd", 5) == 0;
    bool inert = row && ((row->flags & FE_EP_CREATES) || row->handler == fe_model_host_wait ||
                         row->handler == fe_model_create_fence || acquire);
    if (modelled_name && (inert ? fe_sandboxed_inert_effect(cx) : fe_sandboxed_effect(cx)))
        return true;
    if (strncmp(call->name, "vkCmd", 5) != 0) {
        if (row && (row->flags & FE_EP_SITE) && cx->site_executed)
            cx->site_executed(cx, call->loc, true);
        if (!(row && row->handler && call->argc >= row->min_args))
            return false;
        bool handled = call_model(cx, call, row);
        /* After a wait for every queue nothing before it can race with
           anything after it: a path that gets here in a state an earlier
           one did is that path from here on (merge.c).  After a fence
           wait, what is still in flight is part of the state compared
           (submit.c, fe_in_flight). */
        if (handled && row->handler == fe_model_host_wait &&
            row->param != FE_WAIT_ONE_QUEUE)
            fe_merge_point(cx, call->loc);
        return handled;
    }
    fe_watch_lossy_reads(cx);
    fe_recording **r = call->argc >= 1 ? fe_find_recording(cx, call->args[0]) : NULL;
    if (!r && call->argc >= 1)
        r = open_handed_recording(cx, call->args[0], call->loc);
    if (cx->site_executed)
        cx->site_executed(cx, call->loc, r != NULL);
    if (!r) {
        fe_watch_lossy_reads(NULL);
        return true; /* recorded outside a vkBegin/vkEnd pair the front end saw */
    }
    bool modelled = row && row->command && call->argc >= row->min_args;
    vks_cmd *cmd = add_cmd(cx, *r, row ? row->kind : VKS_CMD_UNKNOWN, call->name,
                           call->loc);
    cx->path.current = *r;
    if (modelled)
        row->command(cx, cmd, call);
    else
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
    cx->path.current = NULL;
    fe_watch_lossy_reads(NULL);
    trace_restart(cx, call);
    return true;
}
