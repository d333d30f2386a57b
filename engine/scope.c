/*
 * scope.c - barriers as the engine applies them (vks_scope: synchronization
 * and access scopes, expanded from the masks), and what a command's barriers
 * do to one segment of a resource: execution dependency chains,
 * availability and visibility.  The walk that calls them is hazard.c's.
 *
 * The rules are those of the Vulkan spec's "Synchronization and Cache
 * Control" chapter, "Execution and Memory Dependencies" and "Pipeline
 * Stages".
 *
 * Availability is a state, as in the spec ("Any available value remains
 * available until a subsequent write to the same memory location occurs"):
 * a barrier whose first synchronization scope happens-after the availability
 * operation makes every available write visible to its second access scope.
 * This is more permissive than syncval, which requires the visibility
 * operation to chain to the barrier that made the write available; e.g.
 * B1{COPY:TRANSFER_WRITE -> COPY:0} then B2{COPY:0 -> FRAGMENT:SHADER_READ}
 * is accepted here.
 */
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

/* ---- barriers in the form the engine applies them ---- */

/* Meta stages and accesses meaning "everything": what an unknown mask is
   taken to be, so that an unknown never produces a finding (ir.h). */
static const uint64_t every_stage = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
static const uint64_t every_access =
    VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;

static uint64_t known_or(vks_mask m, uint64_t fallback, vks_stats *stats)
{
    if (m.known)
        return m.bits;
    vks_stats_unknown(stats, VKS_UNKNOWN_BARRIER_MASK); /* NULL: not counted */
    return fallback;
}

vks_scope vks_scope_from_barrier(const vks_barrier *b, vks_stats *stats)
{
    bool assumed = !b->src_stages.known || !b->dst_stages.known ||
                   !b->src_access.known || !b->dst_access.known;
    uint64_t src = known_or(b->src_stages, every_stage, stats);
    uint64_t dst = known_or(b->dst_stages, every_stage, stats);
    vks_scope s = {
        .first = vks_first_scope_stages(src),
        .second = vks_second_scope_stages(dst),
        /* "Its first access scope only includes memory accesses performed
           by pipeline stages explicitly specified in the source stage mask"
           (Pipeline Stages); meta flags stand for the stages they name. */
        .src_explicit = vks_expand_stages(src),
        .dst_explicit = vks_expand_stages(dst),
        .src_access = vks_expand_access(known_or(b->src_access, every_access, stats)),
        .dst_access = vks_expand_access(known_or(b->dst_access, every_access, stats)),
        .barrier = b,
        .global = b->kind == VKS_BARRIER_GLOBAL || b->region.res == VKS_RES_UNKNOWN,
        .old_layout = b->old_layout,
        .new_layout = b->new_layout,
        .attachment = UINT32_MAX,
        .assumed = assumed,
    };
    /* "Image subresources can be transitioned from one layout to another as
       part of a memory dependency": old != new.  An unknown layout is no
       transition (nothing to check), but the layout afterwards is unknown. */
    s.transition = b->kind == VKS_BARRIER_IMAGE && !s.global &&
                   b->old_layout != VKS_LAYOUT_UNKNOWN &&
                   b->new_layout != VKS_LAYOUT_UNKNOWN &&
                   b->old_layout != b->new_layout;
    return s;
}

vks_scope vks_scope_everything(void)
{
    static const vks_barrier all = {
        .kind = VKS_BARRIER_GLOBAL,
        .src_stages = {VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, true},
        .src_access = {VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT, true},
        .dst_stages = {VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, true},
        .dst_access = {VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT, true},
        .region = {.res = VKS_RES_UNKNOWN},
        .old_layout = VKS_LAYOUT_UNKNOWN,
        .new_layout = VKS_LAYOUT_UNKNOWN,
        .src_queue_family = VKS_QUEUE_FAMILY_IGNORED,
        .dst_queue_family = VKS_QUEUE_FAMILY_IGNORED,
        .src_subpass = VKS_SUBPASS_EXTERNAL,
        .dst_subpass = VKS_SUBPASS_EXTERNAL,
    };
    vks_scope s = vks_scope_from_barrier(&all, NULL);
    s.implicit = true;
    s.assumed = true;
    return s;
}

size_t vks_scopes_for_barrier(vks_walker *w, const vks_barrier *b,
                              vks_scope out[2])
{
    vks_scope s = vks_scope_from_barrier(b, w->stats);
    if (!s.global && b->region.res >= w->program->resource_count)
        s.global = true;
    if (!s.global && !b->region.range_known)
        vks_stats_unknown(w->stats, VKS_UNKNOWN_BARRIER_RANGE);
    s.qfot = vks_qfot_role_of(w, b);
    if (s.qfot == VKS_QFOT_RELEASE) {
        /* "dstAccessMask is ignored for such a barrier, such that no
           visibility operation is executed ... dstStageMask is also
           ignored" (Queue Family Ownership Transfer). */
        s.second = s.dst_explicit = s.dst_access = 0;
    } else if (s.qfot == VKS_QFOT_ACQUIRE) {
        /* "As the first synchronization scope for an acquire operation is
           empty there is no happens-before dependency"; the transition was
           executed by the release. */
        s.first = s.src_explicit = s.src_access = 0;
        s.transition = false;
    }
    out[0] = s;
    if (s.global)
        return 1;
    /* A buffer or image barrier limits the access scopes ("a memory
       dependency formed from a buffer memory barrier is scoped to access via
       the specified buffer range"), not the synchronization scopes: its
       execution dependency orders every resource. */
    vks_scope exec = s;
    exec.global = true;
    exec.src_explicit = exec.dst_explicit = exec.src_access = exec.dst_access = 0;
    exec.transition = false;
    exec.exec_only_copy = true;
    out[1] = exec;
    return 2;
}

/* ---- applying barriers to one segment ---- */

bool vks_in_first_sync_scope(const vks_access_rec *a, const vks_scope *s)
{
    /* A fence wait: "The first synchronization scope includes every batch
       submitted in the same queue submission command. Fence signal
       operations that are defined by vkQueueSubmit additionally include in
       the first synchronization scope all commands that occur earlier in
       submission order" ("Synchronization and Cache Control" chapter,
       "Fences").  Work submitted after the signalling submission is not in
       it, not even through a chain: the signal does not wait for it. */
    if (!vks_barrier_scope_reaches(s->barrier, a->cmd))
        return false;
    /* Directly (its stage is in the first scope), or through an execution
       dependency chain: "a chain exists if the intersection of Scope2nd in
       the first dependency and Scope1st in the second dependency is not an
       empty set".  Never through the HOST stage: "VK_PIPELINE_STAGE_2_HOST_BIT
       specifies a pseudo-stage indicating execution on the host of
       reads/writes of device memory. This stage is not invoked by any
       commands recorded in a command buffer" (Pipeline Stages), so a
       barrier's second scope holds no host operation - HOST there only
       makes writes available to the host, for a host wait to order.  A
       frame's readback barrier (TRANSFER -> HOST) chained with the next
       submission's ordering of earlier host writes (from HOST, submit.c)
       and ordered the whole previous frame before it with no host wait in
       between (the styles corpus's drv_shared_texture_war: the layer's
       cross-frame write-after-read was missed). */
    return (a->stage & s->first) ||
           (a->exec_after & s->first & ~(uint64_t)VK_PIPELINE_STAGE_2_HOST_BIT);
}

void vks_segment_add_visible(vks_segment *seg, uint64_t stages,
                             uint64_t access)
{
    if (!stages || !access)
        return;
    for (unsigned i = 0; i < seg->vis_count; i++) {
        if (seg->vis_stages[i] == stages) {
            seg->vis_access[i] |= access;
            return;
        }
        if ((stages & ~seg->vis_stages[i]) == 0 &&
            (access & ~seg->vis_access[i]) == 0)
            return;
    }
    if (seg->vis_count < VKS_VIS_MAX) {
        seg->vis_stages[seg->vis_count] = stages;
        seg->vis_access[seg->vis_count++] = access;
        return;
    }
    /* Out of slots: merge into the last pair.  This over-approximates
       visibility, which can only hide a hazard, never invent one. */
    seg->vis_stages[VKS_VIS_MAX - 1] |= stages;
    seg->vis_access[VKS_VIS_MAX - 1] |= access;
}

bool vks_segment_visible(const vks_segment *seg, uint64_t stage,
                         uint64_t access)
{
    for (unsigned i = 0; i < seg->vis_count; i++)
        if ((seg->vis_stages[i] & stage) && (seg->vis_access[i] & access))
            return true;
    return false;
}

bool vks_scopes_make_available(const vks_access_rec *write,
                               const vks_scope *const *scopes, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (vks_in_first_sync_scope(write, scopes[i]) &&
            (write->stage & scopes[i]->src_explicit) &&
            (write->access & scopes[i]->src_access))
            return true;
    return false;
}

/*
 * Applies the barriers of one command to a segment.
 *
 * Execution: the barriers of one command are separate dependencies executed
 * at the same point, so none of them chains with another: every execution
 * effect is computed from the state before the command.
 *
 * Memory: within one command, every availability operation happens-before
 * every visibility operation.  For vkCmdPipelineBarrier this is the formal
 * model of the formal execution-dependency rules (docs/design.md,
 * "Sources": "(barrier, SRC) <
 * (FLUSH, ...) < (barrier, PRE_TRANS) < (barrier, POST_TRANS) <
 * (INVALIDATE, ...) < (barrier, DST)", its example flushes through an image
 * barrier and invalidates through a global one); sync1 barriers reach the
 * engine as separate sync2 barriers with the command's masks (ir.h), so the
 * rule is applied to every command.  For vkCmdPipelineBarrier2 it is the
 * permissive reading: an unknown never makes a finding.
 */
void vks_segment_apply(vks_segment *seg, const vks_scope *const *scopes,
                       size_t count)
{
    /* An event channel being reused forgets what it carried before. */
    uint64_t kill = 0;
    for (size_t i = 0; i < count; i++)
        kill |= scopes[i]->kill;
    if (kill) {
        seg->write.exec_after &= ~kill;
        seg->avail_after &= ~kill;
        for (uint32_t r = 0; r < seg->read_count; r++)
            seg->reads[r].exec_after &= ~kill;
    }
    if (seg->has_write) {
        const vks_access_rec before = seg->write;
        const uint64_t avail_before = seg->avail_after;
        /* Availability: the write is in the first synchronization scope
           and its (stage, access) in the first access scope. */
        bool available_now = vks_scopes_make_available(&before, scopes, count);
        uint64_t exec_add = 0, avail_add = 0;
        for (size_t i = 0; i < count; i++) {
            const vks_scope *s = scopes[i];
            bool in_first = vks_in_first_sync_scope(&before, s);
            if (in_first)
                exec_add |= s->second;
            if (in_first && s->assumed)
                seg->write.assumed = true;
            if (in_first && (before.stage & s->src_explicit) &&
                (before.access & s->src_access))
                avail_add |= s->second;
            /* Visibility: the barrier happens-after an availability
               operation covering the write ("Available memory writes,
               including those from ScopedMemOps1, are made visible to
               ScopedMemOps2").  A fence wait's scope ends at its
               submission: a write submitted after it was made available,
               if at all, by nothing the fence waited for. */
            bool chained = (avail_before & s->first) &&
                           vks_barrier_scope_reaches(s->barrier, before.cmd);
            if (available_now || chained) {
                avail_add |= s->second;
                if (s->assumed)
                    seg->write.assumed = true;
                vks_segment_add_visible(seg, s->dst_explicit, s->dst_access);
            }
        }
        seg->write.exec_after |= exec_add;
        seg->avail_after |= avail_add;
    }
    for (uint32_t r = 0; r < seg->read_count; r++) {
        vks_access_rec *read = &seg->reads[r];
        const vks_access_rec before = *read;
        uint64_t add = 0;
        for (size_t i = 0; i < count; i++)
            if (vks_in_first_sync_scope(&before, scopes[i])) {
                add |= scopes[i]->second;
                read->assumed |= scopes[i]->assumed;
            }
        read->exec_after |= add;
    }
}
