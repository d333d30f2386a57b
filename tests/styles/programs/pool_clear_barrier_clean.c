// EXPECT: clean
// A sokol_gfx-like front end (gfx.h): an image handle from the global image
// pool is cleared and read back through a deferred command list, which the
// application's backend, gfx_commit(), turns into Vulkan commands at the
// end of the frame.  Each barrier entry names the image's usage before and
// after it, and the backend looks both up in its usage table (stage, access
// mask, layout).  The entry that prepares the readback names the clear's
// usage, GFX_USAGE_COPY_DST, as the image's previous one, so the layout
// transition waits for the clear's write.
#include "gfx.h"

#define WIDTH 32
#define HEIGHT 32

static const VkImageSubresourceRange color_range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};

static void emit_barrier(VkCommandBuffer cmd, const struct gfx_cmd *c)
{
    const enum gfx_usage before = c->u.barrier.before, after = c->u.barrier.after;
    struct gfx_image_res *img = pool_lookup(&pools.images, c->u.barrier.image.id);
    struct gfx_buffer_res *buf = pool_lookup(&pools.buffers, c->u.barrier.buffer.id);

    if (img) {
        VkImageMemoryBarrier barrier = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
            .srcAccessMask = gfx_usage_info[before].access,
            .dstAccessMask = gfx_usage_info[after].access,
            .oldLayout = gfx_usage_info[before].layout,
            .newLayout = gfx_usage_info[after].layout,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .image = img->image,
            .subresourceRange = color_range,
        };
        vkCmdPipelineBarrier(cmd, gfx_usage_info[before].stage, gfx_usage_info[after].stage, 0, 0, NULL, 0, NULL, 1, &barrier);
    } else if (buf) {
        VkBufferMemoryBarrier barrier = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = gfx_usage_info[before].access,
            .dstAccessMask = gfx_usage_info[after].access,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = buf->buffer,
            .offset = 0,
            .size = VK_WHOLE_SIZE,
        };
        vkCmdPipelineBarrier(cmd, gfx_usage_info[before].stage, gfx_usage_info[after].stage, 0, 0, NULL, 1, &barrier, 0, NULL);
    }
}

/* The backend: one pass over the command list. */
static void gfx_commit(void)
{
    VkCommandBuffer cmd = gfx_begin_commands();
    gfx_foreach(c) {
        switch (c->type) {
        case GFX_CMD_CLEAR_IMAGE: {
            struct gfx_image_res *img = pool_lookup(&pools.images, c->u.clear.image.id);
            if (!img)
                break;
            VkClearColorValue color;
            memcpy(color.float32, c->u.clear.rgba, sizeof(color.float32));
            vkCmdClearColorImage(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &color, 1, &color_range);
            break;
        }
        case GFX_CMD_COPY_IMAGE_TO_BUFFER: {
            struct gfx_image_res *src = pool_lookup(&pools.images, c->u.readback.src.id);
            struct gfx_buffer_res *dst = pool_lookup(&pools.buffers, c->u.readback.dst.id);
            if (!src || !dst)
                break;
            VkBufferImageCopy region = {
                .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                .imageExtent = {src->width, src->height, 1},
            };
            vkCmdCopyImageToBuffer(cmd, src->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst->buffer, 1, &region);
            break;
        }
        case GFX_CMD_BARRIER:
            emit_barrier(cmd, c);
            break;
        default:
            fprintf(stderr, "gfx_commit: command %d not supported\n", (int)c->type);
            break;
        }
    }
    gfx_submit_commands();
}

int main(void)
{
    gfx_setup();
    gfx_image target = gfx_make_image(&(gfx_image_desc){
        .width = WIDTH,
        .height = HEIGHT,
        .label = "target",
    });
    gfx_buffer pixels = gfx_make_buffer(&(gfx_buffer_desc){
        .size = WIDTH * HEIGHT * 4,
        .label = "pixels",
    });

    gfx_barrier_image(target, GFX_USAGE_UNDEFINED, GFX_USAGE_COPY_DST);
    gfx_clear_image(target, 0.25f, 0.5f, 0.75f, 1.0f);
    gfx_barrier_image(target, GFX_USAGE_COPY_DST, GFX_USAGE_COPY_SRC);
    gfx_copy_image_to_buffer(target, pixels);
    gfx_barrier_buffer(pixels, GFX_USAGE_COPY_DST, GFX_USAGE_HOST_READ);
    gfx_commit();

    const uint32_t *texels = gfx_buffer_data(pixels);
    printf("texel 0: 0x%08x\n", texels[0]);
    return 0;
}
