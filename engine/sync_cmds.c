/*
 * sync_cmds.c - the synchronization commands other than pipeline barriers,
 * turned into the scopes and accesses the engine applies (hazard.c):
 *
 *   events          vkCmdSetEvent(2) / vkCmdResetEvent(2) / vkCmdWaitEvents(2)
 *                   ("Events"; spec/execution-dependencies-formal.txt);
 *   render passes   attachment load and store operations, initial and final
 *                   layout transitions, subpass dependencies including
 *                   VK_SUBPASS_EXTERNAL and the implicit ones, rasterization
 *                   order between draws;
 *   queue family ownership transfers: release / acquire pairs.
 *
 * Events.  "A pair of vkCmdSetEvent and vkCmdWaitEvents is very similar to a
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
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

/* ---- events ---- */

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
        w->stats->unknown_questions++;
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
        w->stats->unknown_questions++;
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
        w->stats->unknown_questions++;
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
            w->stats->unknown_questions++;
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
    vks_note_path_steps(w->cb, w->out, f, &step, index);
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
        w->stats->unknown_questions++;
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

/* ---- render passes ---- */

/* Framebuffer-space stages: where draws access attachments. */
static const uint64_t fragment_stages =
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
    VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT |
    VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
static const uint64_t attachment_access =
    VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
    VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT;

/* "Load operations for attachments with a depth/stencil format execute in
   the VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT pipeline stage. Load
   operations for attachments with a color format execute in the
   VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT pipeline stage"; store
   operations in LATE_FRAGMENT_TESTS / COLOR_ATTACHMENT_OUTPUT.  LOAD reads,
   CLEAR and DONT_CARE write, NONE does not access. */
static bool load_access(const vks_attachment *a, vks_access *out)
{
    if (a->load_op == VKS_LOAD_OP_NONE)
        return false;
    bool reads = a->load_op == VKS_LOAD_OP_LOAD;
    uint64_t stage = a->depth_stencil ? VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT
                                      : VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    uint64_t access = a->depth_stencil
                          ? (reads ? VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT
                                   : VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT)
                          : (reads ? VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT
                                   : VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
    *out = vks_known_access(a->region, stage, access);
    out->layout = a->layout;
    return true;
}

static bool store_access(const vks_attachment *a, vks_access *out)
{
    if (a->store_op == VKS_STORE_OP_NONE)
        return false;
    uint64_t stage = a->depth_stencil ? VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT
                                      : VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    uint64_t access = a->depth_stencil ? VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT
                                       : VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
    *out = vks_known_access(a->region, stage, access);
    out->layout = a->layout;
    return true;
}

/* The load (or store) operations of a render pass instance as accesses. */
typedef struct {
    vks_access *accesses;
    vks_rec_kind *kinds;
    uint32_t *details; /* attachment indices */
    size_t count;
} attachment_ops;

static attachment_ops attachment_ops_of(vks_walker *w, const vks_cmd *rp,
                                        vks_rec_kind kind)
{
    size_t n = rp->attachment_count + 1;
    attachment_ops ops = {
        .accesses = vks_arena_alloc(w->map.arena, n * sizeof *ops.accesses),
        .kinds = vks_arena_alloc(w->map.arena, n * sizeof *ops.kinds),
        .details = vks_arena_alloc(w->map.arena, n * sizeof *ops.details)};
    for (size_t a = 0; a < rp->attachment_count; a++) {
        bool accesses = kind == VKS_REC_LOAD_OP
                            ? load_access(&rp->attachments[a], &ops.accesses[ops.count])
                            : store_access(&rp->attachments[a], &ops.accesses[ops.count]);
        if (accesses) {
            ops.kinds[ops.count] = kind;
            ops.details[ops.count++] = (uint32_t)a;
        }
    }
    return ops;
}

static vks_barrier *synthetic_barrier(vks_walker *w, vks_barrier b)
{
    vks_barrier *copy = vks_arena_alloc(w->map.arena, sizeof *copy);
    *copy = b;
    return copy;
}

/* An ordering guarantee the spec states for attachments (not a barrier the
   user wrote): limited to the attachment, never named in notes. */
static vks_scope implicit_scope(vks_walker *w, const vks_attachment *a,
                                uint64_t src, uint64_t src_access, uint64_t dst,
                                uint64_t dst_access)
{
    vks_barrier *b = synthetic_barrier(
        w, vks_image_barrier(VKS_MASK(src), VKS_MASK(src_access), VKS_MASK(dst),
                             VKS_MASK(dst_access), a->region, VKS_LAYOUT_UNKNOWN,
                             VKS_LAYOUT_UNKNOWN, a->loc));
    vks_scope s = vks_scope_from_barrier(b, NULL);
    s.implicit = true;
    s.global = a->region.res == VKS_RES_UNKNOWN ||
               a->region.res >= w->program->resource_count;
    return s;
}

/* The union of the masks of the subpass dependencies into (into_external
   false: from VK_SUBPASS_EXTERNAL) or out of the render pass. */
static bool external_masks(const vks_cmd *rp, bool out_of, vks_barrier *sum)
{
    bool any = false;
    for (size_t b = 0; b < rp->barrier_count; b++) {
        const vks_barrier *d = &rp->barriers[b];
        bool external = out_of ? d->dst_subpass == VKS_SUBPASS_EXTERNAL
                               : d->src_subpass == VKS_SUBPASS_EXTERNAL;
        if (!external || d->src_subpass == d->dst_subpass)
            continue;
        if (!any) {
            *sum = *d;
            any = true;
            continue;
        }
        vks_mask *dst_masks[4] = {&sum->src_stages, &sum->src_access,
                                  &sum->dst_stages, &sum->dst_access};
        const vks_mask src_masks[4] = {d->src_stages, d->src_access, d->dst_stages,
                                       d->dst_access};
        for (int i = 0; i < 4; i++) {
            dst_masks[i]->known = dst_masks[i]->known && src_masks[i].known;
            dst_masks[i]->bits |= src_masks[i].bits;
        }
    }
    return any;
}

/*
 * The layout transitions of a render pass instance, with the external
 * dependencies they are part of.  With no dependency from (to)
 * VK_SUBPASS_EXTERNAL, the implicit one: "srcStageMask = NONE, dstStageMask
 * = ALL_COMMANDS, srcAccessMask = 0, dstAccessMask = COLOR_ATTACHMENT_READ |
 * COLOR_ATTACHMENT_WRITE | DEPTH_STENCIL_ATTACHMENT_READ |
 * DEPTH_STENCIL_ATTACHMENT_WRITE" in, and "srcStageMask = ALL_COMMANDS,
 * dstStageMask = NONE, srcAccessMask = COLOR_ATTACHMENT_WRITE |
 * DEPTH_STENCIL_ATTACHMENT_WRITE, dstAccessMask = 0" out ("Render Pass
 * Creation").
 */
static size_t rp_transitions(vks_walker *w, const vks_cmd *rp, bool final,
                             vks_scope *out)
{
    vks_barrier sum;
    bool explicit_dep = external_masks(rp, final, &sum);
    if (!explicit_dep) {
        const uint64_t writes = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
                                VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
        sum = final ? vks_global_barrier(VKS_MASK(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT),
                                         VKS_MASK(writes), VKS_MASK(0), VKS_MASK(0),
                                         rp->loc)
                    : vks_global_barrier(VKS_MASK(0), VKS_MASK(0),
                                         VKS_MASK(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT),
                                         VKS_MASK(attachment_access & ~VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT),
                                         rp->loc);
    }
    size_t n = 0;
    for (size_t a = 0; a < rp->attachment_count; a++) {
        const vks_attachment *att = &rp->attachments[a];
        uint32_t from = final ? att->layout : att->initial_layout;
        uint32_t to = final ? att->final_layout : att->layout;
        if (to == VKS_LAYOUT_UNKNOWN && from == VKS_LAYOUT_UNKNOWN)
            continue;
        bool transition = from != to;
        vks_barrier b = transition || explicit_dep
                            ? sum
                            : vks_global_barrier(VKS_MASK(0), VKS_MASK(0), VKS_MASK(0),
                                                 VKS_MASK(0), rp->loc);
        b.kind = VKS_BARRIER_IMAGE;
        b.region = att->region;
        b.old_layout = from;
        b.new_layout = to;
        b.loc = att->loc.file ? att->loc : rp->loc;
        vks_scope s = vks_scope_from_barrier(synthetic_barrier(w, b), w->stats);
        if (att->region.res == VKS_RES_UNKNOWN ||
            att->region.res >= w->program->resource_count)
            continue;
        s.attachment = (uint32_t)a;
        /* Without a dependency the implicit one only exists for a
           transition; with no transition the layout is only checked.  Notes
           name the subpass dependency itself, not this copy of its masks
           (explain.c names a transition's own scope when it is the later
           access). */
        if (!transition) {
            s.first = s.second = s.src_explicit = s.dst_explicit = 0;
            s.src_access = s.dst_access = 0;
        }
        s.implicit = true;
        out[n++] = s;
    }
    return n;
}

/* The subpass dependencies that take effect at this point, as barriers. */
static size_t rp_dependencies(vks_walker *w, const vks_cmd *rp, bool begin,
                              bool end, uint32_t subpass, vks_scope *out)
{
    size_t n = 0;
    for (size_t b = 0; b < rp->barrier_count; b++) {
        const vks_barrier *d = &rp->barriers[b];
        if (d->src_subpass == d->dst_subpass)
            continue; /* self-dependencies: the barriers inside the subpass */
        bool applies = begin ? d->src_subpass == VKS_SUBPASS_EXTERNAL
                     : end   ? d->dst_subpass == VKS_SUBPASS_EXTERNAL
                             : d->src_subpass != VKS_SUBPASS_EXTERNAL &&
                                   d->dst_subpass == subpass;
        if (applies)
            n += vks_scopes_for_barrier(w, d, &out[n]);
    }
    return n;
}

static vks_scope *scope_array(vks_walker *w, const vks_cmd *rp)
{
    return vks_arena_alloc(w->map.arena, (2 * rp->barrier_count +
                                          4 * rp->attachment_count + 1) *
                                             sizeof(vks_scope));
}

void vks_walk_begin_render_pass(vks_walker *w, uint32_t index)
{
    const vks_cmd *rp = &w->cb->cmds[index];
    w->render_pass = rp;
    w->render_pass_cmd = index;
    w->subpass = 0;

    /* External dependencies and initial layout transitions. */
    vks_scope *scopes = scope_array(w, rp);
    size_t n = rp_dependencies(w, rp, true, false, 0, scopes);
    n += rp_transitions(w, rp, false, &scopes[n]);
    vks_walk_scopes(w, index, scopes, n);

    /* Load operations... */
    attachment_ops ops = attachment_ops_of(w, rp, VKS_REC_LOAD_OP);
    vks_access *loads = ops.accesses;
    uint32_t *details = ops.details;
    size_t count = ops.count;
    vks_walk_accesses(w, index, loads, ops.kinds, details, count);

    /* ...which "happen-before any recorded command which accesses the
       sample in the first subpass where the attachment is used". */
    vks_scope *after = scope_array(w, rp);
    size_t m = 0;
    for (size_t k = 0; k < count; k++)
        after[m++] = implicit_scope(w, &rp->attachments[details[k]], loads[k].stage,
                                    loads[k].access, fragment_stages,
                                    attachment_access);
    if (m)
        vks_walk_scopes(w, index, after, m);
}

void vks_walk_draw_done(vks_walker *w, uint32_t index)
{
    /* Rasterization order: attachment accesses of the draws of a subpass
       are ordered for each sample ("The order of primitives passing through
       the graphics pipeline ... provide additional guarantees based on
       submission order", Implicit Synchronization Guarantees). */
    const vks_cmd *rp = w->render_pass;
    if (!rp->attachment_count)
        return;
    vks_scope *scopes = scope_array(w, rp);
    size_t n = 0;
    /* Input attachment reads are not in it: rasterization order covers
       attachment reads and writes in the fixed-function stages, while an
       input attachment is read by the fragment shader, which needs a
       subpass dependency (or a by-region self-dependency) to see an
       earlier write - and the ordering must not carry over to the reads of
       a later subpass. */
    for (size_t a = 0; a < rp->attachment_count; a++)
        scopes[n++] = implicit_scope(w, &rp->attachments[a], fragment_stages,
                                     attachment_access, fragment_stages,
                                     attachment_access &
                                         ~VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT);
    vks_walk_scopes(w, index, scopes, n);
}

void vks_walk_next_subpass(vks_walker *w, uint32_t index)
{
    if (!w->render_pass) {
        w->stats->unknown_questions++;
        return;
    }
    w->subpass++;
    vks_scope *scopes = scope_array(w, w->render_pass);
    size_t n = rp_dependencies(w, w->render_pass, false, false, w->subpass, scopes);
    if (n)
        vks_walk_scopes(w, index, scopes, n);
}

void vks_walk_end_render_pass(vks_walker *w, uint32_t index)
{
    const vks_cmd *rp = w->render_pass;
    if (!rp) {
        /* Begun in another command buffer: nothing known about it. */
        w->stats->unknown_questions++;
        vks_scope all = vks_scope_everything();
        vks_walk_scopes(w, index, &all, 1);
        return;
    }
    /* "The store operation for each sample in an attachment happens-after
       any recorded command which accesses the sample in the last subpass
       where the attachment is used." */
    attachment_ops ops = attachment_ops_of(w, rp, VKS_REC_STORE_OP);
    vks_access *stores = ops.accesses;
    vks_rec_kind *kinds = ops.kinds;
    uint32_t *details = ops.details;
    size_t count = ops.count;
    vks_scope *before = scope_array(w, rp);
    for (size_t k = 0; k < count; k++)
        before[k] = implicit_scope(w, &rp->attachments[details[k]], fragment_stages,
                                   attachment_access, stores[k].stage,
                                   stores[k].access);
    if (count)
        vks_walk_scopes(w, index, before, count);
    vks_walk_accesses(w, index, stores, kinds, details, count);

    /* External dependencies out and final layout transitions. */
    vks_scope *scopes = scope_array(w, rp);
    size_t n = rp_dependencies(w, rp, false, true, 0, scopes);
    n += rp_transitions(w, rp, true, &scopes[n]);
    if (n)
        vks_walk_scopes(w, index, scopes, n);
    w->render_pass = NULL;
}

/* ---- queue family ownership transfers ---- */

static bool is_transfer(const vks_barrier *b)
{
    /* "If the values of srcQueueFamilyIndex and dstQueueFamilyIndex are
       equal, no ownership transfer is performed"; VK_QUEUE_FAMILY_EXTERNAL
       and FOREIGN transfers have their other half outside the program. */
    return b->kind != VKS_BARRIER_GLOBAL &&
           b->src_queue_family != b->dst_queue_family &&
           b->src_queue_family < VK_QUEUE_FAMILY_FOREIGN_EXT &&
           b->dst_queue_family < VK_QUEUE_FAMILY_FOREIGN_EXT;
}

vks_qfot_role vks_qfot_role_of(const vks_walker *w, const vks_barrier *b)
{
    if (!is_transfer(b))
        return VKS_QFOT_NONE;
    uint32_t family = w->cb->queue_family;
    if (family == b->src_queue_family)
        return VKS_QFOT_RELEASE;
    if (family == b->dst_queue_family)
        return VKS_QFOT_ACQUIRE;
    return VKS_QFOT_UNKNOWN_SIDE;
}

typedef struct {
    const vks_cmdbuf *cb;
    const vks_cmd *cmd;
    const vks_barrier *b;
    vks_qfot_role role;
} transfer_half;

/*
 * The same resource: the same IR resource, or, for halves recorded by two
 * different functions (each analysed on its own, so each has its own
 * resource for what a pointer parameter points to), a handle read from the
 * same struct member: `release(r)` and `acquire(r)` both naming
 * `r->vertices`.  Two different structs of one type would be taken for one
 * here; that only ever pairs halves (silence), never reports.
 */
static bool same_resource(const vks_program *p, const transfer_half *h,
                          const transfer_half *other)
{
    vks_res_id a = h->b->region.res, b = other->b->region.res;
    if (a == b)
        return true;
    const char *ka = p->resources[a].kept_in, *kb = p->resources[b].kept_in;
    return ka && kb && strcmp(ka, kb) == 0 && h->cb->function && other->cb->function &&
           strcmp(h->cb->function, other->cb->function) != 0;
}

static bool same_range(const vks_region *a, const vks_region *b)
{
    return a->range_known && b->range_known &&
           a->offset == b->offset && a->size == b->size &&
           a->aspect_mask == b->aspect_mask && a->base_mip == b->base_mip &&
           a->mip_count == b->mip_count && a->base_layer == b->base_layer &&
           a->layer_count == b->layer_count;
}

/* Whether `other` can be the other half of `h`: "The buffer range or image
   subresource range specified in an acquire operation must match exactly
   that of a previous release operation", same families, and "the values of
   oldLayout and newLayout in the release operation's memory barrier must be
   equal to values of oldLayout and newLayout in the acquire operation's". */
static bool halves_match(const vks_program *p, const transfer_half *h,
                         const transfer_half *other)
{
    if (h == other || !same_resource(p, h, other) ||
        h->b->src_queue_family != other->b->src_queue_family ||
        h->b->dst_queue_family != other->b->dst_queue_family ||
        !same_range(&h->b->region, &other->b->region))
        return false;
    if (h->b->kind == VKS_BARRIER_IMAGE &&
        (h->b->old_layout != other->b->old_layout ||
         h->b->new_layout != other->b->new_layout))
        return false;
    if (h->role == VKS_QFOT_RELEASE)
        return other->role != VKS_QFOT_RELEASE;
    if (h->role == VKS_QFOT_ACQUIRE)
        return other->role != VKS_QFOT_ACQUIRE;
    return true;
}

void vks_check_qfot(const vks_program *p, vks_findings *out, vks_stats *stats)
{
    vks_arena *scratch = vks_arena_new();
    transfer_half *halves = NULL;
    size_t count = 0, cap = 0;
    for (size_t c = 0; c < p->cmdbuf_count; c++) {
        const vks_cmdbuf *cb = &p->cmdbufs[c];
        vks_walker side = {.cb = cb};
        for (size_t i = 0; i < cb->cmd_count; i++) {
            const vks_cmd *cmd = &cb->cmds[i];
            if (cmd->kind != VKS_CMD_BARRIER)
                continue;
            for (size_t b = 0; b < cmd->barrier_count; b++) {
                const vks_barrier *bar = &cmd->barriers[b];
                if (!is_transfer(bar))
                    continue;
                if (!bar->region.range_known || bar->region.res == VKS_RES_UNKNOWN) {
                    stats->unknown_questions++;
                    continue;
                }
                transfer_half h = {cb, cmd, bar, vks_qfot_role_of(&side, bar)};
                VKS_PUSH(scratch, halves, count, cap, h);
            }
        }
    }
    for (size_t i = 0; i < count; i++) {
        const transfer_half *h = &halves[i];
        bool matched = false;
        for (size_t j = 0; j < count && !matched; j++)
            matched = halves_match(p, h, &halves[j]);
        if (matched) {
            stats->pairs_proved_ordered++;
            continue;
        }
        const char *what = h->role == VKS_QFOT_RELEASE   ? "release"
                           : h->role == VKS_QFOT_ACQUIRE ? "acquire"
                                                         : "ownership transfer";
        const char *missing = h->role == VKS_QFOT_RELEASE   ? "no matching acquire"
                              : h->role == VKS_QFOT_ACQUIRE ? "no matching release"
                                                            : "no matching release or acquire";
        /* DESIGN.md section 3: the finding is at the vkCmd* statement; the
           barrier struct of the transfer is a note. */
        vks_finding *f = vks_finding_add(
            out, VKS_RULE_SUBMIT_QFOT_UNMATCHED, NULL, h->cmd->loc,
            vks_arena_printf(out->arena,
                             "queue family %s of '%s' (family %u -> %u) in %s has "
                             "%s (same range%s and queue families) in the "
                             "analysed code",
                             what, p->resources[h->b->region.res].name,
                             h->b->src_queue_family, h->b->dst_queue_family,
                             h->cmd->name, missing,
                             h->b->kind == VKS_BARRIER_IMAGE ? ", layouts" : ""));
        size_t step = 0;
        vks_note_path_steps(h->cb, out, f, &step, (uint32_t)(h->cmd - h->cb->cmds));
        if (h->b->loc.file)
            vks_finding_note(out, f, VKS_NOTE_SYNC, h->b->loc,
                             vks_arena_printf(out->arena, "%s: the queue family %s "
                                              "is declared here", h->cmd->name, what));
    }
    vks_arena_free(scratch);
}
