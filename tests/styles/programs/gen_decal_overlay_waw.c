// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 41
// C11 _Generic dispatch on two handles: copy(cmd, src, dst, w, h) picks
// one of four copy functions by the types of its source and destination
// (a _Generic on the source whose every association is a _Generic on the
// destination), with barrier() from gen.h.  The atlas is uploaded from
// the staging buffer, and the decal, uploaded to an image of its own, is
// copied over the atlas's corner; the decal's transition is there, but
// nothing orders the overlay's write to the atlas after the upload's.
#include "gen.h"

#define DECAL 8

static void copy_buffer_buffer(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst, uint32_t w, uint32_t h)
{
    VkBufferCopy region = {0, 0, (VkDeviceSize)w * h * 4};
    vkCmdCopyBuffer(cmd, src, dst, 1, &region);
}

static void copy_buffer_image(VkCommandBuffer cmd, VkBuffer src, VkImage dst, uint32_t w, uint32_t h)
{
    VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                .imageExtent = {w, h, 1}};
    vkCmdCopyBufferToImage(cmd, src, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
}

static void copy_image_buffer(VkCommandBuffer cmd, VkImage src, VkBuffer dst, uint32_t w, uint32_t h)
{
    VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                .imageExtent = {w, h, 1}};
    vkCmdCopyImageToBuffer(cmd, src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst, 1, &region);
}

static void copy_image_image(VkCommandBuffer cmd, VkImage src, VkImage dst, uint32_t w, uint32_t h)
{
    VkImageCopy region = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .extent = {w, h, 1},
    };
    const VkImageLayout from = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    vkCmdCopyImage(cmd, src, from, dst, to, 1, &region);
}

#define copy(cmd, src, dst, w, h)                                                                        \
    _Generic((src),                                                                                      \
        VkBuffer: _Generic((dst), VkBuffer: copy_buffer_buffer, VkImage: copy_buffer_image),             \
        VkImage: _Generic((dst), VkBuffer: copy_image_buffer, VkImage: copy_image_image))(cmd, src, dst, w, h)

int main(void)
{
    struct lite ctx;
    if (lite_init(&ctx) != 0)
        return 1;

    const VkBufferUsageFlags busage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    const VkImageUsageFlags iusage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    VkBuffer staging, readback;
    VkImage atlas, decal;
    VkDeviceMemory memory[4];
    vk_check(lite_buffer(&ctx, GEN_IMAGE_BYTES, busage, &staging, &memory[0]));
    vk_check(lite_buffer(&ctx, GEN_IMAGE_BYTES, busage, &readback, &memory[1]));
    vk_check(lite_image(&ctx, GEN_EXTENT, GEN_EXTENT, iusage, &atlas, &memory[2]));
    vk_check(lite_image(&ctx, DECAL, DECAL, iusage, &decal, &memory[3]));

    uint32_t *texels;
    vk_check(vkMapMemory(ctx.device, memory[0], 0, VK_WHOLE_SIZE, 0, (void **)&texels));
    for (int i = 0; i < GEN_EXTENT * GEN_EXTENT; i++)
        texels[i] = 0xff000000u | (uint32_t)i;

    VkCommandBuffer cmd;
    vk_check(lite_alloc(&ctx, 1, &cmd));
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vk_check(vkBeginCommandBuffer(cmd, &begin));
    barrier(cmd, atlas, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    copy(cmd, staging, atlas, GEN_EXTENT, GEN_EXTENT);
    barrier(cmd, decal, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    copy(cmd, staging, decal, DECAL, DECAL);
    barrier(cmd, decal, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    copy(cmd, decal, atlas, DECAL, DECAL);
    barrier(cmd, atlas, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    copy(cmd, atlas, readback, GEN_EXTENT, GEN_EXTENT);
    vk_check(vkEndCommandBuffer(cmd));
    vk_check(lite_submit(&ctx, 1, &cmd));

    destroy(ctx.device, decal);
    destroy(ctx.device, atlas);
    destroy(ctx.device, readback);
    destroy(ctx.device, staging);
    for (int i = 0; i < 4; i++)
        destroy(ctx.device, memory[i]);
    return 0;
}
