/*
 * events.c - vkCmdSetEvent(2) / vkCmdResetEvent(2) / vkCmdWaitEvents(2)
 * turned into the scopes the engine applies (hazard.c), and the check that a
 * wait's source stages are those of the matching set
 * (event-wait-scope-mismatch).  Vulkan spec, "Synchronization and Cache
 * Control" chapter, "Events"; the formal execution-dependency rules
 * (docs/design.md, "Sources").
 *
 * "A pair of vkCmdSetEvent and vkCmdWaitEvents is very similar to a
 * vkCmdPipelineBarrier split in half" (formal text): the set's first scope
 * is "all action commands and barrier commands preceding setEvent"
 * in its stage mask, and the wait's second scope follows the wait.  The set
 * is applied as a barrier whose second scope is a private stage bit, the
 * event's channel (VKS_EVENT_CHANNEL_BIT); the wait is applied as barriers
 * whose first scope is that bit.  So an access between the set and the wait
 * is not ordered by them, and chains into the set's stage mask work as for
 * barriers.  Eight channels are reused round robin; a wait on an event whose
 * channel was reused, or that was not set in this command buffer (set by the
 * host or another command buffer), is unknown and taken as a pipeline
 * barrier, which cannot produce a finding.
 */
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

static uint32_t event_at(const vks_cmd *cmd, size_t i)
{
    return cmd->event_count ? cmd->events[i] : cmd->event;
}

static size_t events_of(const vks_cmd *cmd)
{
    return cmd->event_count ? cmd->event_count : 1;
}

void vks_walk_set_event(vks_walker *w, uint32_t index)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    uint32_t e = event_at(cmd, 0);
    if (e >= w->program->event_count) {
        vks_stats_unknown(w->stats, VKS_UNKNOWN_OUTSIDE);
        return;
    }
    uint32_t channel = w->next_channel++ % VKS_EVENT_CHANNELS;
    uint32_t previous = w->channel_event[channel];
    if (previous != UINT32_MAX && previous != e)
        w->events[previous].lost = true;
    w->channel_event[channel] = e;

    uint64_t bit = VKS_EVENT_CHANNEL_BIT(channel);
    size_t n = 0;
    vks_scope *scopes = vks_arena_alloc(w->map.arena, (2 * cmd->barrier_count + 1) *
                                                          sizeof *scopes);
    uint64_t src_stages = 0;
    for (size_t b = 0; b < cmd->barrier_count; b++) {
        const vks_barrier *bar = &cmd->barriers[b];
        src_stages |= bar->src_stages.known ? bar->src_stages.bits
                                            : VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
        n += vks_scopes_for_barrier(w, bar, &scopes[n]);
    }
    if (n == 0) {
        /* No stage mask recorded: everything before the set. */
        vks_stats_unknown(w->stats, VKS_UNKNOWN_BARRIER_MASK);
        scopes[n++] = vks_scope_everything();
        src_stages = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    }
    for (size_t k = 0; k < n; k++) {
        /* The set's second half is the wait's: no visibility here, and no
           layout transition (it is performed by the wait). */
        scopes[k].second = bit;
        scopes[k].dst_explicit = scopes[k].dst_access = 0;
        scopes[k].kill = bit;
        scopes[k].event_set = true;
        scopes[k].transition = false;
        scopes[k].old_layout = scopes[k].new_layout;
    }
    w->events[e] = (vks_event_state){.set_cmd = index, .channel = channel,
                                     .src_stages = src_stages};
    vks_walk_scopes(w, index, scopes, n);
}

void vks_walk_reset_event(vks_walker *w, uint32_t index)
{
    uint32_t e = event_at(&w->cb->cmds[index], 0);
    if (e >= w->program->event_count) {
        vks_stats_unknown(w->stats, VKS_UNKNOWN_OUTSIDE);
        return;
    }
    if (w->events[e].set_cmd != UINT32_MAX &&
        w->channel_event[w->events[e].channel] == e)
        w->channel_event[w->events[e].channel] = UINT32_MAX;
    w->events[e].set_cmd = UINT32_MAX;
}

/* "srcStageMask must be the bitwise OR of the stageMask parameter used in
   previous calls to vkCmdSetEvent with any of the elements of pEvents"
   (VUID-vkCmdWaitEvents-srcStageMask-01158): a wait that assumes stages the
   set did not wait for is reported. */
static void check_wait_scope(vks_walker *w, uint32_t index, uint64_t set_stages)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    uint64_t wait_stages = 0;
    for (size_t b = 0; b < cmd->barrier_count; b++) {
        if (!cmd->barriers[b].src_stages.known) {
            vks_stats_unknown(w->stats, VKS_UNKNOWN_BARRIER_MASK);
            return;
        }
        wait_stages |= cmd->barriers[b].src_stages.bits;
    }
    uint64_t missing = vks_expand_stages(wait_stages) & ~vks_expand_stages(set_stages) &
                       ~VK_PIPELINE_STAGE_2_HOST_BIT;
    if (!missing)
        return;
    char have[512], lack[512];
    vks_stage_mask_str(set_stages, have, sizeof have);
    vks_stage_mask_str(missing, lack, sizeof lack);
    vks_finding *f = vks_finding_add(
        w->out, VKS_RULE_EVENT_WAIT_SCOPE_MISMATCH, NULL, cmd->loc,
        vks_arena_printf(w->out->arena,
                         "%s waits with srcStageMask including %s, but the "
                         "event was set with stageMask %s: the wait does not "
                         "wait for those stages",
                         cmd->name, lack, have));
    size_t step = 0;
    vks_note_path_steps(w->cb, w->out, f, &step, index, NULL);
    for (size_t i = 0; i < events_of(cmd); i++) {
        const vks_event_state *ev = &w->events[event_at(cmd, i)];
        const vks_cmd *set = &w->cb->cmds[ev->set_cmd];
        vks_stage_mask_str(ev->src_stages, have, sizeof have);
        vks_finding_note(w->out, f, VKS_NOTE_SYNC, set->loc,
                         vks_arena_printf(w->out->arena,
                                          "%s sets '%s' here with stageMask %s",
                                          set->name,
                                          w->program->event_names[event_at(cmd, i)],
                                          have));
    }
}

void vks_walk_wait_events(vks_walker *w, uint32_t index)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    uint64_t channels = 0, set_stages = 0;
    bool known = true;
    for (size_t i = 0; i < events_of(cmd); i++) {
        uint32_t e = event_at(cmd, i);
        if (e >= w->program->event_count || w->events[e].set_cmd == UINT32_MAX ||
            w->events[e].lost) {
            known = false;
            break;
        }
        channels |= VKS_EVENT_CHANNEL_BIT(w->events[e].channel);
        set_stages |= w->events[e].src_stages;
    }
    vks_scope *scopes = vks_arena_alloc(w->map.arena, (2 * cmd->barrier_count + 1) *
                                                          sizeof *scopes);
    size_t n = 0;
    for (size_t b = 0; b < cmd->barrier_count; b++)
        n += vks_scopes_for_barrier(w, &cmd->barriers[b], &scopes[n]);
    if (!known) {
        /* Set elsewhere: taken as a pipeline barrier (more ordering than
           the event gives, so no finding comes from it). */
        vks_stats_unknown(w->stats, VKS_UNKNOWN_OUTSIDE);
        vks_walk_scopes(w, index, scopes, n);
        return;
    }
    check_wait_scope(w, index, set_stages);
    /* The wait's first synchronization scope is the set operations of its
       events; its first access scope stays its own srcStageMask /
       srcAccessMask (sync1: availability happens at the wait). */
    for (size_t k = 0; k < n; k++) {
        scopes[k].first = channels;
        scopes[k].event_wait = true;
    }
    vks_walk_scopes(w, index, scopes, n);
}
