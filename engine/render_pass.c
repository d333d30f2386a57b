/*
 * render_pass.c - render pass instances turned into the scopes and accesses
 * the engine applies (hazard.c): attachment load and store operations,
 * initial and final layout transitions, subpass dependencies including
 * VK_SUBPASS_EXTERNAL and the implicit ones, rasterization order between
 * draws.
 */
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

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
        vks_stats_unknown(w->stats, VKS_UNKNOWN_OUTSIDE);
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
        vks_stats_unknown(w->stats, VKS_UNKNOWN_OUTSIDE);
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
