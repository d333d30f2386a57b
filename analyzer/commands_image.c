/*
 * commands_image.c - the transfer commands on images: clears, image copies,
 * blits, resolves, and copies between buffers and images (sync1 and the
 * `2`/`2KHR` forms), as accesses with the subresources and the layout each
 * command names.
 *
 * Stages and accesses ("Pipeline Stages", "Access Types"):
 * "VK_PIPELINE_STAGE_2_CLEAR_BIT specifies the execution of clear commands,
 * with the exception of vkCmdClearAttachments"; COPY for vkCmdCopy*, BLIT
 * for vkCmdBlitImage*, RESOLVE for vkCmdResolveImage*; reads are
 * VK_ACCESS_2_TRANSFER_READ_BIT and writes VK_ACCESS_2_TRANSFER_WRITE_BIT.
 */
#include <vulkan/vulkan_core.h>

#include "model.h"

enum { MAX_REGIONS = 1024 };

static void add_image_access(fe_ctx *cx, vks_cmd *cmd, vks_region region,
                             const fe_val *layout, uint64_t stage, uint64_t access)
{
    if (region.res == VKS_RES_UNKNOWN) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    vks_access a = vks_known_access(region, stage, access);
    a.layout = fe_u32_or(layout, VKS_LAYOUT_UNKNOWN);
    vks_cmd_add_access(cx->program, cmd, a);
}

static vks_res_id image_of(fe_ctx *cx, vks_cmd *cmd, const fe_val *handle)
{
    return fe_resource(cx, handle, VKS_RES_IMAGE, cmd->loc);
}

/* The number of regions to follow, or false when it is unknown: then the
   command's images are accessed at unknown subresources. */
static bool region_count(const fe_val *count, uint64_t *n)
{
    return fe_known_int(count, n) && *n <= MAX_REGIONS;
}

/* ---- clears ---- */

/* vkCmdClearColorImage / vkCmdClearDepthStencilImage(cmd, image,
   imageLayout, pValue, rangeCount, pRanges) */
void fe_model_clear_image(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    vks_res_id res = image_of(cx, cmd, args[1]);
    uint64_t n;
    if (!region_count(args[4], &n)) {
        add_image_access(cx, cmd, (vks_region){.res = res}, args[2],
                         VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
        return;
    }
    for (uint64_t i = 0; i < n; i++)
        add_image_access(cx, cmd,
                         fe_subresource_range(cx, res, fe_deref(cx, args[5], (int64_t)i)),
                         args[2], VK_PIPELINE_STAGE_2_CLEAR_BIT,
                         VK_ACCESS_2_TRANSFER_WRITE_BIT);
}

/* ---- image to image ---- */

typedef struct {
    const fe_val *src, *src_layout, *dst, *dst_layout, *count;
    fe_val *regions;
} image_pair;

/* Copies, blits and resolves read srcSubresource of the source and write
   dstSubresource of the destination, each in the layout the command names. */
static void image_pair_accesses(fe_ctx *cx, vks_cmd *cmd, image_pair op,
                                uint64_t stage)
{
    vks_res_id src = image_of(cx, cmd, op.src), dst = image_of(cx, cmd, op.dst);
    uint64_t n;
    if (!region_count(op.count, &n)) {
        add_image_access(cx, cmd, (vks_region){.res = src}, op.src_layout, stage,
                         VK_ACCESS_2_TRANSFER_READ_BIT);
        add_image_access(cx, cmd, (vks_region){.res = dst}, op.dst_layout, stage,
                         VK_ACCESS_2_TRANSFER_WRITE_BIT);
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        const fe_val *r = fe_deref(cx, op.regions, (int64_t)i);
        add_image_access(cx, cmd,
                         fe_subresource_layers(cx, src, fe_peek(cx, r, "srcSubresource")),
                         op.src_layout, stage, VK_ACCESS_2_TRANSFER_READ_BIT);
        add_image_access(cx, cmd,
                         fe_subresource_layers(cx, dst, fe_peek(cx, r, "dstSubresource")),
                         op.dst_layout, stage, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    }
}

/* vkCmdCopyImage / BlitImage / ResolveImage(cmd, srcImage, srcImageLayout,
   dstImage, dstImageLayout, regionCount, pRegions, ...) */
static image_pair pair_from_args(fe_val **args)
{
    return (image_pair){args[1], args[2], args[3], args[4], args[5], args[6]};
}

/* The `2` forms: the same members in a Vk*ImageInfo2. */
static bool pair_from_info(fe_ctx *cx, vks_cmd *cmd, fe_val *p, image_pair *out)
{
    fe_val *info = fe_deref(cx, p, 0);
    if (!info) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return false;
    }
    *out = (image_pair){fe_peek(cx, info, "srcImage"), fe_peek(cx, info, "srcImageLayout"),
                        fe_peek(cx, info, "dstImage"), fe_peek(cx, info, "dstImageLayout"),
                        fe_peek(cx, info, "regionCount"), fe_child(cx, info, "pRegions")};
    return true;
}

void fe_model_copy_image(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    image_pair_accesses(cx, cmd, pair_from_args(args), VK_PIPELINE_STAGE_2_COPY_BIT);
}

void fe_model_copy_image2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    image_pair op;
    if (pair_from_info(cx, cmd, args[1], &op))
        image_pair_accesses(cx, cmd, op, VK_PIPELINE_STAGE_2_COPY_BIT);
}

void fe_model_blit_image(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    image_pair_accesses(cx, cmd, pair_from_args(args), VK_PIPELINE_STAGE_2_BLIT_BIT);
}

void fe_model_blit_image2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    image_pair op;
    if (pair_from_info(cx, cmd, args[1], &op))
        image_pair_accesses(cx, cmd, op, VK_PIPELINE_STAGE_2_BLIT_BIT);
}

void fe_model_resolve_image(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    image_pair_accesses(cx, cmd, pair_from_args(args), VK_PIPELINE_STAGE_2_RESOLVE_BIT);
}

void fe_model_resolve_image2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    image_pair op;
    if (pair_from_info(cx, cmd, args[1], &op))
        image_pair_accesses(cx, cmd, op, VK_PIPELINE_STAGE_2_RESOLVE_BIT);
}

/* ---- between buffers and images ---- */

/*
 * Bytes per texel block of the formats whose copies are laid out simply
 * ("Copying Data Between Buffers and Images": depth/stencil aspects are
 * copied separately, D24 depth as 4 bytes, stencil as 1).  0: not in this
 * table (compressed, multi-planar...): the buffer range stays unknown.
 */
static uint64_t texel_block_size(uint32_t format, uint32_t aspect)
{
    if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
        return format >= VK_FORMAT_S8_UINT && format <= VK_FORMAT_D32_SFLOAT_S8_UINT ? 1 : 0;
    static const struct {
        uint32_t first, last, bytes;
    } sizes[] = {
        {VK_FORMAT_R4G4_UNORM_PACK8, VK_FORMAT_R4G4_UNORM_PACK8, 1},
        {VK_FORMAT_R4G4B4A4_UNORM_PACK16, VK_FORMAT_A1R5G5B5_UNORM_PACK16, 2},
        {VK_FORMAT_R8_UNORM, VK_FORMAT_R8_SRGB, 1},
        {VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8_SRGB, 2},
        {VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_B8G8R8_SRGB, 3},
        {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_A2B10G10R10_SINT_PACK32, 4},
        {VK_FORMAT_R16_UNORM, VK_FORMAT_R16_SFLOAT, 2},
        {VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16_SFLOAT, 4},
        {VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16_SFLOAT, 6},
        {VK_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT, 8},
        {VK_FORMAT_R32_UINT, VK_FORMAT_R32_SFLOAT, 4},
        {VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_SFLOAT, 8},
        {VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32_SFLOAT, 12},
        {VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_SFLOAT, 16},
        {VK_FORMAT_R64_UINT, VK_FORMAT_R64_SFLOAT, 8},
        {VK_FORMAT_R64G64_UINT, VK_FORMAT_R64G64_SFLOAT, 16},
        {VK_FORMAT_R64G64B64_UINT, VK_FORMAT_R64G64B64_SFLOAT, 24},
        {VK_FORMAT_R64G64B64A64_UINT, VK_FORMAT_R64G64B64A64_SFLOAT, 32},
        {VK_FORMAT_B10G11R11_UFLOAT_PACK32, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4},
        {VK_FORMAT_D16_UNORM, VK_FORMAT_D16_UNORM, 2},
        {VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT, 4},
        {VK_FORMAT_D16_UNORM_S8_UINT, VK_FORMAT_D16_UNORM_S8_UINT, 2},
        {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, 4},
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (format >= sizes[i].first && format <= sizes[i].last)
            return sizes[i].bytes;
    return 0;
}

/*
 * The bytes of the buffer a VkBufferImageCopy(2) region touches.  The spec
 * addresses texel (x, y, z) of layer l at
 *   bufferOffset + (((l * depth + z) * imageHeight + y) * rowLength + x) * blockSize
 * with rowLength = bufferRowLength or the extent's width when 0, and
 * imageHeight likewise, so the region ends after the last row's last texel.
 * Any unknown member (or a format not in the table) leaves the range
 * unknown rather than guessed.
 */
static vks_region buffer_side(fe_ctx *cx, vks_res_id buffer, const fe_val *region,
                              uint32_t format)
{
    vks_region unknown = {.res = buffer, .range_known = false};
    const fe_val *extent = fe_peek(cx, region, "imageExtent");
    const fe_val *layers = fe_peek(cx, region, "imageSubresource");
    uint64_t offset, row_length, image_height, w, h, d, aspect, count;
    if (buffer == VKS_RES_UNKNOWN || !extent || !layers ||
        !fe_known_int(fe_peek(cx, region, "bufferOffset"), &offset) ||
        !fe_known_int(fe_peek(cx, region, "bufferRowLength"), &row_length) ||
        !fe_known_int(fe_peek(cx, region, "bufferImageHeight"), &image_height) ||
        !fe_known_int(fe_peek(cx, extent, "width"), &w) ||
        !fe_known_int(fe_peek(cx, extent, "height"), &h) ||
        !fe_known_int(fe_peek(cx, extent, "depth"), &d) ||
        !fe_known_int(fe_peek(cx, layers, "aspectMask"), &aspect) ||
        !fe_known_int(fe_peek(cx, layers, "layerCount"), &count) ||
        count == VK_REMAINING_ARRAY_LAYERS)
        return unknown;
    uint64_t block = texel_block_size(format, (uint32_t)aspect);
    if (!block || !w || !h || !d || !count || w > UINT32_MAX || h > UINT32_MAX ||
        d > UINT32_MAX || count > UINT32_MAX)
        return unknown;
    if (!row_length)
        row_length = w;
    if (!image_height)
        image_height = h;
    uint64_t slices = count * d;
    uint64_t texels = ((slices - 1) * image_height + (h - 1)) * row_length + w;
    return vks_buffer_region(buffer, offset, texels * block);
}

typedef struct {
    const fe_val *buffer, *image, *layout, *count;
    fe_val *regions;
    bool to_image;
} buffer_image_copy;

static void buffer_image_accesses(fe_ctx *cx, vks_cmd *cmd, buffer_image_copy op)
{
    vks_res_id buffer = fe_resource(cx, op.buffer, VKS_RES_BUFFER, cmd->loc);
    vks_res_id image = image_of(cx, cmd, op.image);
    uint32_t format = fe_image_format(cx, op.image);
    uint64_t buffer_access = op.to_image ? VK_ACCESS_2_TRANSFER_READ_BIT
                                         : VK_ACCESS_2_TRANSFER_WRITE_BIT;
    uint64_t image_access = op.to_image ? VK_ACCESS_2_TRANSFER_WRITE_BIT
                                        : VK_ACCESS_2_TRANSFER_READ_BIT;
    uint64_t n;
    bool known = region_count(op.count, &n);
    for (uint64_t i = 0; i < (known ? n : 1); i++) {
        const fe_val *r = known ? fe_deref(cx, op.regions, (int64_t)i) : NULL;
        vks_region b = r ? buffer_side(cx, buffer, r, format)
                         : (vks_region){.res = buffer};
        vks_region img = r ? fe_subresource_layers(cx, image,
                                                   fe_peek(cx, r, "imageSubresource"))
                           : (vks_region){.res = image};
        /* The read comes first so that a copy's own write never looks
           like it precedes its read. */
        if (op.to_image) {
            vks_cmd_add_access(cx->program, cmd,
                               buffer == VKS_RES_UNKNOWN
                                   ? vks_unknown_access()
                                   : vks_known_access(b, VK_PIPELINE_STAGE_2_COPY_BIT,
                                                      buffer_access));
            add_image_access(cx, cmd, img, op.layout, VK_PIPELINE_STAGE_2_COPY_BIT,
                             image_access);
        } else {
            add_image_access(cx, cmd, img, op.layout, VK_PIPELINE_STAGE_2_COPY_BIT,
                             image_access);
            vks_cmd_add_access(cx->program, cmd,
                               buffer == VKS_RES_UNKNOWN
                                   ? vks_unknown_access()
                                   : vks_known_access(b, VK_PIPELINE_STAGE_2_COPY_BIT,
                                                      buffer_access));
        }
    }
}

/* vkCmdCopyBufferToImage(cmd, srcBuffer, dstImage, dstImageLayout,
   regionCount, pRegions) */
void fe_model_copy_buffer_to_image(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    buffer_image_accesses(cx, cmd, (buffer_image_copy){args[1], args[2], args[3],
                                                       args[4], args[5], true});
}

void fe_model_copy_buffer_to_image2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_val *info = fe_deref(cx, args[1], 0);
    if (!info) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    buffer_image_accesses(cx, cmd, (buffer_image_copy){
        fe_peek(cx, info, "srcBuffer"), fe_peek(cx, info, "dstImage"),
        fe_peek(cx, info, "dstImageLayout"), fe_peek(cx, info, "regionCount"),
        fe_child(cx, info, "pRegions"), true});
}

/* vkCmdCopyImageToBuffer(cmd, srcImage, srcImageLayout, dstBuffer,
   regionCount, pRegions) */
void fe_model_copy_image_to_buffer(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    buffer_image_accesses(cx, cmd, (buffer_image_copy){args[3], args[1], args[2],
                                                       args[4], args[5], false});
}

void fe_model_copy_image_to_buffer2(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    fe_val **args = call->args;
    fe_val *info = fe_deref(cx, args[1], 0);
    if (!info) {
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
        return;
    }
    buffer_image_accesses(cx, cmd, (buffer_image_copy){
        fe_peek(cx, info, "dstBuffer"), fe_peek(cx, info, "srcImage"),
        fe_peek(cx, info, "srcImageLayout"), fe_peek(cx, info, "regionCount"),
        fe_child(cx, info, "pRegions"), false});
}
