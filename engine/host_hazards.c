/*
 * host_hazards.c - host accesses of mapped memory against submitted device work
 * (rules host-access-before-wait and host-read-not-visible).
 *
 * The front end puts every host read or write of a mapped buffer into the
 * queue streams of its path (analyzer/host.c, analyzer/submit.c), between
 * the submissions and host waits that came before and after it on the host.
 * hazard.c checks such an access against the device accesses of the stream
 * before it:
 *
 * - Device work is ordered before a host access only by a host wait: "An
 *   execution dependency is defined by waiting for a fence to become
 *   signaled ... The second synchronization scope includes the host
 *   operations of vkWaitForFences or vkGetFenceStatus indicating that the
 *   fence has become signaled" (Vulkan spec, "Synchronization and Cache
 *   Control" chapter, "Fences");
 *   vkQueueWaitIdle and vkDeviceWaitIdle "Wait for a queue [a device] to
 *   become idle" (Wait Idle Operations).  Without one the host access
 *   races the device access (host-access-before-wait).
 * - A wait is not enough for a host read: "Signaling a fence and waiting on
 *   the host does not guarantee that the results of memory accesses will be
 *   visible to the host, as the access scope of a memory dependency defined
 *   by a fence only includes device access.  A memory barrier or other
 *   memory dependency must be used to guarantee this" (Fences): the write
 *   must be made visible to HOST / HOST_READ by a barrier in the submitted
 *   work (host-read-not-visible).
 * - Host writes before a submission are ordered before its device accesses
 *   by "Host Write Ordering Guarantees" (a barrier the front end adds at the
 *   vkQueueSubmit), so a device access never conflicts with an earlier host
 *   access in a stream.
 */
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

/* The last known host wait strictly between the two commands of the
   stream that waits for `earlier` (a fence wait only for the commands
   before its first_scope_end), or UINT32_MAX; *may_wait says whether a
   call the front end could not see into (a wait without barriers,
   analyzer/submit.c) stands there. */
static uint32_t last_wait(const vks_walker *w, uint32_t earlier, uint32_t later,
                          bool *may_wait)
{
    uint32_t at = UINT32_MAX;
    *may_wait = false;
    for (uint32_t i = earlier + 1; i < later && i < w->cb->cmd_count; i++) {
        const vks_cmd *cmd = &w->cb->cmds[i];
        if (!cmd->host_wait)
            continue;
        if (cmd->barrier_count) {
            if (vks_barrier_scope_reaches(&cmd->barriers[0], earlier))
                at = i;
        } else
            *may_wait = true;
    }
    return at;
}

vks_host_order vks_host_waited(const vks_walker *w, uint32_t earlier, uint32_t later)
{
    bool may_wait;
    if (last_wait(w, earlier, later, &may_wait) != UINT32_MAX)
        return VKS_HOST_ORDER_WAITED;
    return may_wait ? VKS_HOST_ORDER_UNKNOWN : VKS_HOST_ORDER_NONE;
}

static const char *hazard_name(bool later_writes, bool earlier_writes)
{
    if (!later_writes)
        return "HOST_READ_AFTER_WRITE";
    return earlier_writes ? "HOST_WRITE_AFTER_WRITE" : "HOST_WRITE_AFTER_READ";
}

void vks_add_host_conflict_finding(vks_walker *w, const vks_later *later,
                                   const vks_conflict *c)
{
    vks_arena *arena = w->out->arena;
    const vks_resource *res = &w->program->resources[later->region.res];
    const vks_cmd *device = &w->cb->cmds[c->earlier.cmd];
    bool host_writes = vks_access_is_write(later->rec.access);
    const char *sa = vks_arena_printf(arena, "(%s:%s)", vks_stage_name(c->earlier.stage),
                                      vks_access_name(c->earlier.access));
    const char *device_sa = vks_arena_printf(arena, "%s %s", device->name, sa);
    const char *message;
    if (c->rule == VKS_RULE_HOST_ACCESS_BEFORE_WAIT)
        message = vks_arena_printf(
            arena,
            "the host %s mapped '%s' while %s%s may still be %s it: no host wait "
            "for that submission (vkWaitForFences, vkQueueWaitIdle, vkDeviceWaitIdle) "
            "comes before",
            host_writes ? "writes" : "reads", res->name, device_sa,
            device->submitted_by ? ", submitted earlier," : "",
            c->earlier_is_write ? "writing" : "reading");
    else
        message = vks_arena_printf(
            arena,
            "the host reads mapped '%s' after waiting for %s, but no memory "
            "dependency with dstStageMask HOST and dstAccessMask HOST_READ made "
            "the write visible to the host (a fence wait makes device writes "
            "available, not visible)",
            res->name, device_sa);
    vks_finding *f = vks_finding_add(w->out, c->rule,
                                     hazard_name(host_writes, c->earlier_is_write),
                                     later->loc, message);
    size_t step = 0;
    vks_step_filter keep = {w->cb, c->earlier.cmd, later->cmd};
    vks_note_path_steps(w->cb, w->out, f, &step, c->earlier.cmd, &keep);
    vks_finding_note(w->out, f, VKS_NOTE_EARLIER_ACCESS, device->loc,
                     vks_arena_printf(arena, "%s %s '%s' here %s", device->name,
                                      c->earlier_is_write ? "writes" : "reads",
                                      res->name, sa));
    if (device->submitted_by)
        vks_finding_note(w->out, f, VKS_NOTE_SYNC, *device->submitted_by,
                         "submitted to the queue here");
    vks_note_path_steps(w->cb, w->out, f, &step, later->cmd, &keep);
    /* Fence waits between the two that wait for an earlier submission
       only: named, so the user sees which fence to wait for. */
    for (uint32_t i = c->earlier.cmd + 1;
         c->rule == VKS_RULE_HOST_ACCESS_BEFORE_WAIT && i < later->cmd; i++) {
        const vks_cmd *cmd = &w->cb->cmds[i];
        if (cmd->host_wait && cmd->barrier_count &&
            !vks_barrier_scope_reaches(&cmd->barriers[0], c->earlier.cmd))
            vks_finding_note(w->out, f, VKS_NOTE_SYNC, cmd->loc,
                             vks_arena_printf(arena,
                                              "%s here waits for a fence that does "
                                              "not wait for the submission that %s "
                                              "'%s' (signalled earlier, or created "
                                              "signalled)",
                                              cmd->name,
                                              c->earlier_is_write ? "writes" : "reads",
                                              res->name));
    }
    bool may_wait;
    uint32_t wait = last_wait(w, c->earlier.cmd, later->cmd, &may_wait);
    if (c->rule == VKS_RULE_HOST_READ_NOT_VISIBLE && wait != UINT32_MAX)
        vks_finding_note(w->out, f, VKS_NOTE_SYNC, w->cb->cmds[wait].loc,
                         vks_arena_printf(arena,
                                          "%s waits for the work here: an execution "
                                          "dependency, the write is not made visible "
                                          "to the host",
                                          w->cb->cmds[wait].name));
}
