/*
 * commands_events.c - vkCmdSetEvent(2), vkCmdResetEvent(2) and
 * vkCmdWaitEvents(2): the event each names and the stage masks and
 * barriers that make its dependency (the synchronization chapter's
 * "Events").
 */
#include <vulkan/vulkan_core.h>

#include "model.h"

enum { MAX_EVENTS = 64 };

/* ---- events ---- */

static uint32_t event_of(fe_ctx *cx, const fe_val *handle)
{
    const char *name = handle && handle->kind == VAL_SYM && handle->spelling
                           ? handle->spelling
                           : "?";
    return vks_add_event(cx->program, name);
}

/* The first synchronization scope of a sync1 vkCmdSetEvent /
   vkCmdResetEvent(2): "the first synchronization scope includes all
   commands that occur earlier in submission order ... limited to the
   pipeline stages specified by stageMask"; no memory access (sync1 set has
   none of its own: the wait's barriers carry them). */
static void add_stage_scope(fe_ctx *cx, vks_cmd *cmd, const fe_val *stage_mask)
{
    vks_cmd_add_barrier(cx->program, cmd,
                        vks_global_barrier(fe_mask(stage_mask), VKS_MASK(0),
                                           VKS_MASK(0), VKS_MASK(0), cmd->loc));
}

/* vkCmdSetEvent(cmd, event, stageMask) */
void fe_model_set_event(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    vks_cmd_add_event(cx->program, cmd, event_of(cx, args[1]));
    add_stage_scope(cx, cmd, args[2]);
}

/* vkCmdSetEvent2(cmd, event, pDependencyInfo): "the first synchronization
   scope and access scope are defined by the union of all the memory
   dependencies defined by pDependencyInfo". */
void fe_model_set_event2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    vks_cmd_add_event(cx->program, cmd, event_of(cx, args[1]));
    fe_add_dependency_info(cx, cmd, fe_deref(cx, args[2], 0));
}

/* vkCmdResetEvent(2)(cmd, event, stageMask) */
void fe_model_reset_event(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    vks_cmd_add_event(cx->program, cmd, event_of(cx, args[1]));
    add_stage_scope(cx, cmd, args[2]);
}

/* The events a wait names; false when their number is unknown. */
static bool add_events(fe_ctx *cx, vks_cmd *cmd, const fe_val *count, fe_val *events,
                       uint64_t *n)
{
    if (!fe_known_int(count, n) || *n > MAX_EVENTS)
        return false;
    for (uint64_t i = 0; i < *n; i++)
        vks_cmd_add_event(cx->program, cmd,
                          event_of(cx, fe_deref(cx, events, (int64_t)i)));
    return true;
}

/* vkCmdWaitEvents(cmd, eventCount, pEvents, srcStageMask, dstStageMask,
   then the barrier arrays as vkCmdPipelineBarrier's). */
void fe_model_wait_events(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    uint64_t n;
    add_events(cx, cmd, args[1], args[2], &n);
    vks_mask stages[2] = {fe_mask(args[3]), fe_mask(args[4])};
    fe_add_sync1_barriers(cx, cmd, stages, args + 5);
}

/* vkCmdWaitEvents2(cmd, eventCount, pEvents, pDependencyInfos): one
   dependency info per event, the same as its vkCmdSetEvent2's. */
void fe_model_wait_events2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    uint64_t n;
    if (!add_events(cx, cmd, args[1], args[2], &n)) {
        fe_add_dependency_info(cx, cmd, NULL);
        return;
    }
    for (uint64_t i = 0; i < n; i++)
        fe_add_dependency_info(cx, cmd, fe_deref(cx, args[3], (int64_t)i));
}

