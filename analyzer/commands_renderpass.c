/*
 * commands_renderpass.c - render pass instances: vkCmdBeginRenderPass(2)
 * with the render pass and framebuffer the program created (objects.c),
 * vkCmdNextSubpass(2), vkCmdEndRenderPass(2); dynamic rendering
 * (vkCmdBeginRendering); vkCmdClearAttachments; and the attachment
 * accesses of draws.
 *
 * BEGIN_RENDER_PASS carries the attachments (image subresources through
 * the framebuffer's image views, load/store operations, layouts) and the
 * subpass dependencies, explicit and implicit; the engine applies them.
 * Inside a subpass, a draw accesses the attachments the subpass declares
 * (Render Pass chapter, "Subpass Description"): color attachments are
 * written in COLOR_ATTACHMENT_OUTPUT, input attachments read by the
 * fragment shader (INPUT_ATTACHMENT_READ), the depth/stencil attachment
 * read by the early fragment tests and, in a writable layout, written by
 * the late ones.  The front end does not read pipeline state, so a draw is
 * taken to do what its subpass declares.
 */
#include <vulkan/vulkan_core.h>

#include "model.h"

enum { MAX_ATTACHMENTS = 64, MAX_SUBPASSES = 32, MAX_DEPENDENCIES = 256 };

static fe_cmdbuf_state *state_of(fe_ctx *cx)
{
    return cx->path.current ? cx->path.current->state : NULL;
}

static bool count_of(const fe_val *v, uint64_t limit, uint64_t *n)
{
    return fe_known_int(v, n) && *n <= limit;
}

/* ---- formats, operations, layouts ---- */

static uint32_t format_aspects(uint32_t format)
{
    switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
        return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_S8_UINT:
        return VK_IMAGE_ASPECT_STENCIL_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default:
        return VK_IMAGE_ASPECT_COLOR_BIT;
    }
}

/* An unknown operation is taken as NONE: no access, so nothing is reported
   about it. */
static vks_load_op load_op(const fe_val *v)
{
    switch (fe_u32_or(v, UINT32_MAX)) {
    case VK_ATTACHMENT_LOAD_OP_LOAD: return VKS_LOAD_OP_LOAD;
    case VK_ATTACHMENT_LOAD_OP_CLEAR: return VKS_LOAD_OP_CLEAR;
    case VK_ATTACHMENT_LOAD_OP_DONT_CARE: return VKS_LOAD_OP_DONT_CARE;
    default: return VKS_LOAD_OP_NONE;
    }
}

static vks_store_op store_op(const fe_val *v)
{
    switch (fe_u32_or(v, UINT32_MAX)) {
    case VK_ATTACHMENT_STORE_OP_STORE: return VKS_STORE_OP_STORE;
    case VK_ATTACHMENT_STORE_OP_DONT_CARE: return VKS_STORE_OP_DONT_CARE;
    default: return VKS_STORE_OP_NONE;
    }
}

/* Layouts in which the depth/stencil attachment can be written. */
static bool depth_writable(uint32_t layout)
{
    switch (layout) {
    case VK_IMAGE_LAYOUT_GENERAL:
    case VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL:
    case VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL:
    case VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL:
    case VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL:
    case VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL:
    case VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL:
    case VKS_LAYOUT_UNKNOWN:
        return true;
    default:
        return false;
    }
}

static vks_region with_aspect(vks_region r, uint32_t aspect)
{
    if (r.range_known)
        r.aspect_mask = aspect;
    return r;
}

/* The structure of type `type` in s's pNext chain, or NULL; *unknown is
   set when the chain holds something the evaluator cannot see. */
static fe_val *chained(fe_ctx *cx, const fe_val *s, uint32_t type, bool *unknown)
{
    *unknown = false;
    for (int depth = 0; s && depth < 8; depth++) {
        const fe_val *next = fe_peek(cx, s, "pNext");
        uint64_t null_ptr;
        if (!next || (fe_known_int(next, &null_ptr) && null_ptr == 0))
            return NULL;
        fe_val *n = fe_deref(cx, (fe_val *)next, 0);
        uint64_t stype;
        if (!n || !fe_known_int(fe_peek(cx, n, "sType"), &stype)) {
            *unknown = true;
            return NULL;
        }
        if (stype == type)
            return n;
        s = n;
    }
    return NULL;
}

/* ---- subpasses ---- */

/* One VkAttachmentReference(2) of the current subpass; false when it is
   VK_ATTACHMENT_UNUSED or not a framebuffer attachment. */
static bool reference(fe_ctx *cx, fe_cmdbuf_state *st, const fe_val *ref,
                      fe_attachment_use *use)
{
    uint64_t a;
    if (!ref || !fe_known_int(fe_peek(cx, ref, "attachment"), &a) ||
        a == VK_ATTACHMENT_UNUSED || a >= st->attachment_count)
        return false;
    use->region = st->attachment_regions[a];
    use->layout = fe_u32_or(fe_peek(cx, ref, "layout"), VKS_LAYOUT_UNKNOWN);
    return true;
}

static const fe_val *subpass_description(fe_ctx *cx, fe_val *rp, uint32_t subpass)
{
    uint64_t n;
    if (!rp || !count_of(fe_peek(cx, rp, "subpassCount"), MAX_SUBPASSES, &n) ||
        subpass >= n)
        return NULL;
    return fe_deref(cx, fe_child(cx, rp, "pSubpasses"), subpass);
}

/* Loads what subpass `subpass` of the current render pass uses. */
static void enter_subpass(fe_ctx *cx, fe_cmdbuf_state *st, uint32_t subpass)
{
    st->subpass = subpass;
    st->color_count = st->input_count = st->resolve_count = 0;
    st->has_depth = false;
    st->subpass_known = false;
    fe_val *desc = (fe_val *)subpass_description(cx, st->render_pass_info, subpass);
    uint64_t colors, inputs;
    if (!desc ||
        !count_of(fe_peek(cx, desc, "colorAttachmentCount"), FE_MAX_SUBPASS_ATTACHMENTS,
                  &colors) ||
        !count_of(fe_peek(cx, desc, "inputAttachmentCount"), FE_MAX_SUBPASS_ATTACHMENTS,
                  &inputs))
        return;
    fe_val *resolves = fe_child(cx, desc, "pResolveAttachments");
    st->color_count = (uint32_t)colors;
    for (uint64_t i = 0; i < colors; i++) {
        st->color[i].used = reference(
            cx, st, fe_deref(cx, fe_child(cx, desc, "pColorAttachments"), (int64_t)i),
            &st->color[i]);
        /* "If pResolveAttachments is not NULL, each of its elements
           corresponds to a color attachment" */
        if (st->color[i].used &&
            reference(cx, st, fe_deref(cx, resolves, (int64_t)i),
                      &st->resolve_dst[st->resolve_count]))
            st->resolve_src[st->resolve_count++] = st->color[i];
    }
    for (uint64_t i = 0; i < inputs; i++)
        if (reference(cx, st, fe_deref(cx, fe_child(cx, desc, "pInputAttachments"),
                                       (int64_t)i),
                      &st->input[st->input_count]))
            st->input_count++;
    st->has_depth = reference(cx, st,
                              fe_deref(cx, fe_child(cx, desc, "pDepthStencilAttachment"), 0),
                              &st->depth);
    st->subpass_known = true;
}

static void add_attachment_access(fe_ctx *cx, vks_cmd *cmd, const fe_attachment_use *use,
                                  uint64_t stage, uint64_t access)
{
    if (use->region.res == VKS_RES_UNKNOWN) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    vks_access a = vks_known_access(use->region, stage, access);
    a.layout = use->layout;
    vks_cmd_add_access(cx->program, cmd, a);
}

void fe_add_attachment_accesses(fe_ctx *cx, vks_cmd *cmd)
{
    fe_add_subpass_accesses(cx, cmd, state_of(cx));
}

void fe_add_subpass_accesses(fe_ctx *cx, vks_cmd *cmd, const fe_cmdbuf_state *st)
{
    if (!st || !st->in_render_pass)
        return;
    if (!st->subpass_known) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    for (uint32_t i = 0; i < st->input_count; i++)
        add_attachment_access(cx, cmd, &st->input[i],
                              VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                              VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT);
    if (st->has_depth) {
        add_attachment_access(cx, cmd, &st->depth,
                              VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
                              VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT);
        if (depth_writable(st->depth.layout))
            add_attachment_access(cx, cmd, &st->depth,
                                  VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
    }
    for (uint32_t i = 0; i < st->color_count; i++)
        if (st->color[i].used)
            add_attachment_access(cx, cmd, &st->color[i],
                                  VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                  VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
}

/* ---- vkCmdBeginRenderPass ---- */

/* The first subpass that uses attachment a (VKS_SUBPASS_EXTERNAL: none),
   and the layout it uses it in. */
static uint32_t first_use(fe_ctx *cx, fe_val *rp, uint64_t subpasses, uint64_t a,
                          uint32_t *layout, bool last)
{
    static const char *const lists[][2] = {
        {"colorAttachmentCount", "pColorAttachments"},
        {"inputAttachmentCount", "pInputAttachments"},
        {"colorAttachmentCount", "pResolveAttachments"},
    };
    uint32_t found = VKS_SUBPASS_EXTERNAL;
    for (uint64_t s = 0; s < subpasses; s++) {
        fe_val *desc = (fe_val *)subpass_description(cx, rp, (uint32_t)s);
        if (!desc)
            continue;
        for (size_t l = 0; l < 4; l++) {
            uint64_t n = 1, at;
            fe_val *refs;
            if (l < 3) {
                refs = fe_child(cx, desc, lists[l][1]);
                if (!count_of(fe_peek(cx, desc, lists[l][0]), MAX_ATTACHMENTS, &n))
                    continue;
            } else {
                refs = fe_child(cx, desc, "pDepthStencilAttachment");
            }
            for (uint64_t i = 0; i < n; i++) {
                const fe_val *ref = fe_deref(cx, refs, (int64_t)i);
                if (ref && fe_known_int(fe_peek(cx, ref, "attachment"), &at) && at == a) {
                    if (found == VKS_SUBPASS_EXTERNAL)
                        *layout = fe_u32_or(fe_peek(cx, ref, "layout"), VKS_LAYOUT_UNKNOWN);
                    if (found == VKS_SUBPASS_EXTERNAL || last)
                        found = (uint32_t)s;
                }
            }
        }
    }
    return found;
}

static void add_attachment(fe_ctx *cx, vks_cmd *cmd, vks_region region, bool depth_stencil,
                           const fe_val *load, const fe_val *store, uint32_t initial,
                           uint32_t layout, uint32_t final, vks_loc loc)
{
    vks_cmd_add_attachment(cx->program, cmd,
                           (vks_attachment){.region = region,
                                            .depth_stencil = depth_stencil,
                                            .load_op = load_op(load),
                                            .store_op = store_op(store),
                                            .initial_layout = initial,
                                            .layout = layout,
                                            .final_layout = final,
                                            .loc = loc});
}

static bool has_dependency(const vks_cmd *cmd, uint32_t src, uint32_t dst)
{
    for (size_t i = 0; i < cmd->barrier_count; i++)
        if (cmd->barriers[i].src_subpass == src && cmd->barriers[i].dst_subpass == dst)
            return true;
    return false;
}

/*
 * The implicit dependencies (Render Pass chapter, "Subpass Dependencies"):
 * "If there is no subpass dependency from VK_SUBPASS_EXTERNAL to the first
 * subpass that uses an attachment, then an implicit subpass dependency
 * exists from VK_SUBPASS_EXTERNAL to the first subpass it is used in" with
 * srcStageMask NONE, dstStageMask ALL_COMMANDS and dstAccessMask the
 * attachment reads and writes; and likewise from the last subpass that
 * uses it to VK_SUBPASS_EXTERNAL with srcStageMask ALL_COMMANDS,
 * srcAccessMask the attachment writes, dstStageMask NONE.
 */
static void add_implicit_dependencies(fe_ctx *cx, vks_cmd *cmd, uint32_t first,
                                      uint32_t last, vks_loc loc)
{
    const uint64_t attachment_access =
        VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT |
        VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
        VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
        VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
    if (first != VKS_SUBPASS_EXTERNAL && !has_dependency(cmd, VKS_SUBPASS_EXTERNAL, first))
        vks_cmd_add_barrier(cx->program, cmd,
                            vks_subpass_dependency(VKS_SUBPASS_EXTERNAL, first,
                                                   VKS_MASK(0), VKS_MASK(0),
                                                   VKS_MASK(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT),
                                                   VKS_MASK(attachment_access), loc));
    if (last != VKS_SUBPASS_EXTERNAL && !has_dependency(cmd, last, VKS_SUBPASS_EXTERNAL))
        vks_cmd_add_barrier(cx->program, cmd,
                            vks_subpass_dependency(last, VKS_SUBPASS_EXTERNAL,
                                                   VKS_MASK(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT),
                                                   VKS_MASK(VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
                                                            VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT),
                                                   VKS_MASK(0), VKS_MASK(0), loc));
}

/* The VkSubpassDependency(2) array.  When it cannot be read, every pair of
   subpasses gets a dependency with unknown masks, which the engine takes as
   "everything" (no finding from what is unknown). */
static void add_dependencies(fe_ctx *cx, vks_cmd *cmd, fe_val *rp, uint64_t subpasses,
                             vks_loc loc)
{
    uint64_t n;
    fe_val *deps = fe_child(cx, rp, "pDependencies");
    if (!count_of(fe_peek(cx, rp, "dependencyCount"), MAX_DEPENDENCIES, &n)) {
        for (uint64_t s = 0; s <= subpasses; s++)
            for (uint64_t d = 0; d <= subpasses; d++) {
                uint32_t src = s == 0 ? VKS_SUBPASS_EXTERNAL : (uint32_t)s - 1;
                uint32_t dst = d == subpasses ? VKS_SUBPASS_EXTERNAL : (uint32_t)d;
                if (src == VKS_SUBPASS_EXTERNAL || dst == VKS_SUBPASS_EXTERNAL || src < dst)
                    vks_cmd_add_barrier(cx->program, cmd,
                                        vks_subpass_dependency(src, dst, VKS_MASK_UNKNOWN,
                                                               VKS_MASK_UNKNOWN,
                                                               VKS_MASK_UNKNOWN,
                                                               VKS_MASK_UNKNOWN, loc));
            }
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        const fe_val *d = fe_deref(cx, deps, (int64_t)i);
        vks_loc at = d && d->loc.file ? d->loc : loc;
        vks_barrier b = vks_subpass_dependency(
            fe_u32_or(fe_peek(cx, d, "srcSubpass"), VKS_SUBPASS_EXTERNAL),
            fe_u32_or(fe_peek(cx, d, "dstSubpass"), VKS_SUBPASS_EXTERNAL),
            fe_mask(fe_peek(cx, d, "srcStageMask")), fe_mask(fe_peek(cx, d, "srcAccessMask")),
            fe_mask(fe_peek(cx, d, "dstStageMask")), fe_mask(fe_peek(cx, d, "dstAccessMask")),
            at);
        /* VkSubpassDependency2: "If a VkMemoryBarrier2 is included in the
           pNext chain, srcStageMask, dstStageMask, srcAccessMask, and
           dstAccessMask parameters are ignored." */
        bool unknown_chain;
        const fe_val *sync2 = chained(cx, d, VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                                      &unknown_chain);
        if (sync2) {
            b.src_stages = fe_mask(fe_peek(cx, sync2, "srcStageMask"));
            b.src_access = fe_mask(fe_peek(cx, sync2, "srcAccessMask"));
            b.dst_stages = fe_mask(fe_peek(cx, sync2, "dstStageMask"));
            b.dst_access = fe_mask(fe_peek(cx, sync2, "dstAccessMask"));
        }
        if (!d || unknown_chain)
            b.src_stages = b.dst_stages = b.src_access = b.dst_access = VKS_MASK_UNKNOWN;
        vks_cmd_add_barrier(cx->program, cmd, b);
    }
}

/* The render pass's attachments, with the image views (views: the
   framebuffer's pAttachments, or the begin info's for an imageless
   framebuffer; NULL when unknown). */
static void add_render_pass_attachments(fe_ctx *cx, vks_cmd *cmd, fe_cmdbuf_state *st,
                                        fe_val *rp, uint64_t subpasses, fe_val *views,
                                        vks_loc rp_loc)
{
    uint64_t n;
    if (!count_of(fe_peek(cx, rp, "attachmentCount"), MAX_ATTACHMENTS, &n))
        return;
    st->attachment_count = (uint32_t)n;
    st->attachment_regions = vks_arena_alloc(cx->arena, sizeof(vks_region) * (n + 1));
    for (uint64_t a = 0; a < n; a++) {
        const fe_val *desc = fe_deref(cx, fe_child(cx, rp, "pAttachments"), (int64_t)a);
        vks_region region = views ? fe_view_region(cx, fe_deref(cx, views, (int64_t)a), NULL)
                                  : (vks_region){.res = VKS_RES_UNKNOWN};
        st->attachment_regions[a] = region;
        uint32_t first_layout = VKS_LAYOUT_UNKNOWN, ignored;
        uint32_t first = first_use(cx, rp, subpasses, a, &first_layout, false);
        uint32_t last = first_use(cx, rp, subpasses, a, &ignored, true);
        add_implicit_dependencies(cx, cmd, first, last, rp_loc);
        if (!desc || region.res == VKS_RES_UNKNOWN)
            continue; /* its load and store are not known: nothing checked */
        vks_loc loc = desc->loc.file ? desc->loc : rp_loc;
        uint32_t initial = fe_u32_or(fe_peek(cx, desc, "initialLayout"), VKS_LAYOUT_UNKNOWN);
        uint32_t final = fe_u32_or(fe_peek(cx, desc, "finalLayout"), VKS_LAYOUT_UNKNOWN);
        /* The aspects the attachment has are the view's: "aspectMask must
           only include bits for aspects of the image's format" (Resource
           Creation, VkImageSubresourceRange), and a framebuffer attachment
           is the view's subresources.  The description's format is asked
           only when the view's aspects are not known: vkcube's swapchain
           format comes out of a joined search of the surface formats, and
           reading it split that search into one path per format. */
        uint32_t aspects = region.range_known && region.aspect_mask
                               ? region.aspect_mask
                               : format_aspects(fe_u32_or(fe_peek(cx, desc, "format"),
                                                          VK_FORMAT_UNDEFINED));
        /* "loadOp and storeOp ... for the color and depth components";
           "stencilLoadOp and stencilStoreOp ... for the stencil component". */
        if (aspects & VK_IMAGE_ASPECT_COLOR_BIT)
            add_attachment(cx, cmd, region, false, fe_peek(cx, desc, "loadOp"),
                           fe_peek(cx, desc, "storeOp"), initial, first_layout, final, loc);
        if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
            add_attachment(cx, cmd, with_aspect(region, VK_IMAGE_ASPECT_DEPTH_BIT), true,
                           fe_peek(cx, desc, "loadOp"), fe_peek(cx, desc, "storeOp"),
                           initial, first_layout, final, loc);
        if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
            add_attachment(cx, cmd, with_aspect(region, VK_IMAGE_ASPECT_STENCIL_BIT), true,
                           fe_peek(cx, desc, "stencilLoadOp"),
                           fe_peek(cx, desc, "stencilStoreOp"), initial, first_layout,
                           final, loc);
    }
}

/* vkCmdBeginRenderPass(cmd, pRenderPassBegin, contents) and
   vkCmdBeginRenderPass2(cmd, pRenderPassBegin, pSubpassBeginInfo). */
void fe_model_begin_render_pass(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_cmdbuf_state *st = state_of(cx);
    if (!st)
        return;
    st->in_render_pass = true;
    st->render_pass_info = NULL;
    st->attachment_count = 0;
    st->subpass_known = false;
    fe_val *begin = fe_deref(cx, args[1], 0);
    const fe_object *rp_obj =
        begin ? fe_find_object(cx, FE_OBJ_RENDER_PASS, fe_peek(cx, begin, "renderPass"))
              : NULL;
    const fe_object *fb_obj =
        begin ? fe_find_object(cx, FE_OBJ_FRAMEBUFFER, fe_peek(cx, begin, "framebuffer"))
              : NULL;
    fe_val *rp = rp_obj ? fe_object_info(rp_obj) : NULL;
    uint64_t subpasses;
    if (!rp || !count_of(fe_peek(cx, rp, "subpassCount"), MAX_SUBPASSES, &subpasses)) {
        /* An unknown render pass: its dependencies are unknown (taken as
           everything), its draws access unknown attachments. */
        vks_cmd_add_barrier(cx->program, cmd,
                            vks_subpass_dependency(VKS_SUBPASS_EXTERNAL, 0, VKS_MASK_UNKNOWN,
                                                   VKS_MASK_UNKNOWN, VKS_MASK_UNKNOWN,
                                                   VKS_MASK_UNKNOWN, cmd->loc));
        return;
    }
    st->render_pass_info = rp;
    vks_loc rp_loc = fe_object_loc(rp_obj);
    add_dependencies(cx, cmd, rp, subpasses, rp_loc);
    /* An imageless framebuffer takes its views from
       VkRenderPassAttachmentBeginInfo. */
    bool unknown_chain;
    fe_val *imageless = chained(cx, begin, VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO,
                                &unknown_chain);
    fe_val *fb = fb_obj ? fe_object_info(fb_obj) : NULL;
    fe_val *views = imageless ? fe_child(cx, imageless, "pAttachments")
                    : fb && !unknown_chain ? fe_child(cx, fb, "pAttachments")
                                           : NULL;
    add_render_pass_attachments(cx, cmd, st, rp, subpasses, views, rp_loc);
    enter_subpass(cx, st, 0);
}

/*
 * The multisample resolves at the end of a subpass (or of a dynamic
 * rendering instance), as an action command just before `cmd`:
 * "Multisample resolve operations for attachments execute in the
 * VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT pipeline stage ... Reads
 * from the multisample attachment can be synchronized with
 * VK_ACCESS_COLOR_ATTACHMENT_READ_BIT.  Access to the single sample
 * attachment can be synchronized with VK_ACCESS_COLOR_ATTACHMENT_READ_BIT
 * and VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT.  These pipeline stage and
 * access types are used whether the attachments are color or
 * depth/stencil attachments."  Returns the command that ends the subpass
 * (moved after the resolve when there is one).
 */
static vks_cmd *add_resolves(fe_ctx *cx, vks_cmd *cmd, fe_cmdbuf_state *st)
{
    if (!st->resolve_count || !cx->path.current)
        return cmd;
    vks_cmd end = *cmd;
    cmd->kind = VKS_CMD_ACTION;
    for (uint32_t i = 0; i < st->resolve_count; i++) {
        add_attachment_access(cx, cmd, &st->resolve_src[i],
                              VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                              VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
        add_attachment_access(cx, cmd, &st->resolve_dst[i],
                              VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                              VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
    }
    st->resolve_count = 0;
    vks_cmd *moved = vks_add_cmd(cx->program, cx->path.current->cmdbuf, end.kind, end.name,
                                 end.loc);
    *moved = end;
    return moved;
}

/* vkCmdNextSubpass(2): the resolves of the subpass that ends; the draws
   that follow use the next subpass's attachments. */
void fe_model_next_subpass(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_cmdbuf_state *st = state_of(cx);
    if (st && st->in_render_pass && st->render_pass_info) {
        add_resolves(cx, cmd, st);
        enter_subpass(cx, st, st->subpass + 1);
    }
}

/* vkCmdEndRenderPass(2) / vkCmdEndRendering */
void fe_model_end_render_pass(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_cmdbuf_state *st = state_of(cx);
    if (st) {
        if (st->in_render_pass)
            add_resolves(cx, cmd, st);
        st->in_render_pass = false;
        st->render_pass_info = NULL;
    }
}

/* ---- dynamic rendering ---- */

/* One VkRenderingAttachmentInfo: the view in imageLayout for the whole
   instance (no transitions); RESUMING skips the load, SUSPENDING the store
   ("the load/store operations are not performed" when a suspended instance
   resumes). */
static bool rendering_attachment(fe_ctx *cx, vks_cmd *cmd, const fe_val *info,
                                 uint32_t aspect, uint64_t flags, fe_attachment_use *use)
{
    uint64_t null_view;
    const fe_val *view = info ? fe_peek(cx, info, "imageView") : NULL;
    if (!info || (fe_known_int(view, &null_view) && null_view == 0))
        return false;
    uint32_t format;
    vks_region region = fe_view_region(cx, view, &format);
    if (aspect != VK_IMAGE_ASPECT_COLOR_BIT)
        region = with_aspect(region, aspect);
    uint32_t layout = fe_u32_or(fe_peek(cx, info, "imageLayout"), VKS_LAYOUT_UNKNOWN);
    use->region = region;
    use->layout = layout;
    if (region.res == VKS_RES_UNKNOWN)
        return true;
    /* A resolve (resolveMode not NONE) writes resolveImageView in
       resolveImageLayout at the end of the instance (not when suspending). */
    uint64_t mode;
    const fe_val *resolve_view = fe_peek(cx, info, "resolveImageView");
    if (fe_known_int(fe_peek(cx, info, "resolveMode"), &mode) &&
        mode != VK_RESOLVE_MODE_NONE && !(flags & VK_RENDERING_SUSPENDING_BIT) &&
        cx->path.current && cx->path.current->state->resolve_count < FE_MAX_SUBPASS_ATTACHMENTS) {
        fe_cmdbuf_state *st = cx->path.current->state;
        uint32_t resolve_format;
        st->resolve_src[st->resolve_count] = *use;
        st->resolve_dst[st->resolve_count] = (fe_attachment_use){
            .region = fe_view_region(cx, resolve_view, &resolve_format),
            .layout = fe_u32_or(fe_peek(cx, info, "resolveImageLayout"),
                                VKS_LAYOUT_UNKNOWN)};
        if (aspect != VK_IMAGE_ASPECT_COLOR_BIT)
            st->resolve_dst[st->resolve_count].region =
                with_aspect(st->resolve_dst[st->resolve_count].region, aspect);
        st->resolve_count++;
    }
    fe_val *none = fe_int(cx, VK_ATTACHMENT_LOAD_OP_NONE_EXT);
    add_attachment(cx, cmd, region, aspect != VK_IMAGE_ASPECT_COLOR_BIT,
                   flags & VK_RENDERING_RESUMING_BIT ? none : fe_peek(cx, info, "loadOp"),
                   flags & VK_RENDERING_SUSPENDING_BIT ? none : fe_peek(cx, info, "storeOp"),
                   layout, layout, layout, info->loc.file ? info->loc : cmd->loc);
    return true;
}

/* vkCmdBeginRendering(cmd, pRenderingInfo) */
void fe_model_begin_rendering(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_cmdbuf_state *st = state_of(cx);
    if (!st)
        return;
    st->in_render_pass = true;
    st->render_pass_info = NULL;
    st->color_count = st->input_count = st->resolve_count = 0;
    st->has_depth = false;
    st->subpass_known = false;
    fe_val *info = fe_deref(cx, args[1], 0);
    uint64_t colors, flags;
    if (!info || !count_of(fe_peek(cx, info, "colorAttachmentCount"),
                           FE_MAX_SUBPASS_ATTACHMENTS, &colors))
        return;
    if (!fe_known_int(fe_peek(cx, info, "flags"), &flags))
        flags = 0;
    st->color_count = (uint32_t)colors;
    for (uint64_t i = 0; i < colors; i++)
        st->color[i].used = rendering_attachment(
            cx, cmd, fe_deref(cx, fe_child(cx, info, "pColorAttachments"), (int64_t)i),
            VK_IMAGE_ASPECT_COLOR_BIT, flags, &st->color[i]);
    st->has_depth = rendering_attachment(
        cx, cmd, fe_deref(cx, fe_child(cx, info, "pDepthAttachment"), 0),
        VK_IMAGE_ASPECT_DEPTH_BIT, flags, &st->depth);
    fe_attachment_use stencil;
    if (rendering_attachment(cx, cmd,
                             fe_deref(cx, fe_child(cx, info, "pStencilAttachment"), 0),
                             VK_IMAGE_ASPECT_STENCIL_BIT, flags, &stencil) &&
        !st->has_depth) {
        st->depth = stencil;
        st->has_depth = true;
    }
    st->subpass_known = true;
}

/* ---- vkCmdClearAttachments ---- */

/*
 * vkCmdClearAttachments(cmd, attachmentCount, pAttachments, rectCount,
 * pRects): clears of attachments of the current subpass, which the spec
 * orders as attachment writes ("treated as color attachment writes in the
 * VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT stage, and depth/stencil
 * attachment writes in the EARLY_ and LATE_FRAGMENT_TESTS stages").
 */
void fe_model_clear_attachments(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_cmdbuf_state *st = state_of(cx);
    uint64_t n;
    if (!st || !st->in_render_pass || !st->subpass_known ||
        !count_of(args[1], FE_MAX_SUBPASS_ATTACHMENTS, &n)) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        const fe_val *clear = fe_deref(cx, args[2], (int64_t)i);
        uint64_t aspect, index;
        if (!clear || !fe_known_int(fe_peek(cx, clear, "aspectMask"), &aspect)) {
            vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
            continue;
        }
        if (aspect & VK_IMAGE_ASPECT_COLOR_BIT) {
            /* "If colorAttachment is VK_ATTACHMENT_UNUSED then the clear
               has no effect." */
            if (!fe_known_int(fe_peek(cx, clear, "colorAttachment"), &index) ||
                index >= st->color_count)
                vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
            else if (st->color[index].used)
                add_attachment_access(cx, cmd, &st->color[index],
                                      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
        }
        if (aspect & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT) &&
            st->has_depth) {
            fe_attachment_use use = st->depth;
            use.region = with_aspect(use.region, (uint32_t)aspect &
                                                     (VK_IMAGE_ASPECT_DEPTH_BIT |
                                                      VK_IMAGE_ASPECT_STENCIL_BIT));
            add_attachment_access(cx, cmd, &use, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
                                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
            add_attachment_access(cx, cmd, &use, VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
        }
    }
}
