// EXPECT: clean
// setjmp/longjmp error handling (sj.h), libpng style: capture() arms
// app->on_error before it records and the helpers longjmp() back to it
// when a VkResult is not VK_SUCCESS.  The frame clears a render target and
// reads it back into a host buffer; transition() derives each barrier's
// stages and access masks from the two layouts.  The transition after the
// clear names the layout the clear left the target in,
// TRANSFER_DST_OPTIMAL, so it waits for the clear's write
// (sj_readback_layout_waw names UNDEFINED).
#include "sj.h"

#define WIDTH 64
#define HEIGHT 64

static void layout_scope(VkImageLayout layout, VkPipelineStageFlags *stage,
                         VkAccessFlags *access)
{
    switch (layout) {
    case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL:
        *stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        *access = VK_ACCESS_TRANSFER_WRITE_BIT;
        break;
    case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL:
        *stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        *access = VK_ACCESS_TRANSFER_READ_BIT;
        break;
    default:                    /* UNDEFINED: nothing to wait for */
        *stage = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;
        *access = 0;
        break;
    }
}

static void transition(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
{
    VkImageMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VkPipelineStageFlags src, dst;

    layout_scope(from, &src, &barrier.srcAccessMask);
    layout_scope(to, &dst, &barrier.dstAccessMask);
    vkCmdPipelineBarrier(cmd, src, dst, 0, 0, NULL, 0, NULL, 1, &barrier);
}

static int capture(struct sj_app *app, VkImage target, VkBuffer readback)
{
    if (setjmp(app->on_error)) {
        fprintf(stderr, "capture: %s failed (%d)\n", app->failed, app->result);
        sj_release(app);
        return -1;
    }

    VkClearColorValue sky = {.float32 = {0.25f, 0.5f, 1.0f, 1.0f}};
    VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {WIDTH, HEIGHT, 1},
    };
    VkCommandBuffer cmd = sj_begin(app);

    transition(cmd, target, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdClearColorImage(cmd, target, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &sky, 1, &all);
    transition(cmd, target, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vkCmdCopyImageToBuffer(cmd, target, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1,
                           &region);
    sj_transfer_to_host(cmd);
    sj_submit(app);
    return 0;
}

int main(void)
{
    struct sj_app app;
    const uint8_t *pixels;

    if (setjmp(app.on_error)) {
        fprintf(stderr, "setup: %s failed (%d)\n", app.failed, app.result);
        return 1;
    }
    sj_init(&app);
    VkImage target = sj_image(&app, WIDTH, HEIGHT, VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                                   VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    VkBuffer readback = sj_buffer(&app, WIDTH * HEIGHT * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                  (void **)&pixels);

    if (capture(&app, target, readback) != 0)
        return 1;
    printf("pixel 0: %u %u %u %u\n", pixels[0], pixels[1], pixels[2], pixels[3]);
    return 0;
}
