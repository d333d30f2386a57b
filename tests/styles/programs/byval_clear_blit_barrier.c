// EXPECT: clean
// A procedural texture: clear the source image, then blit it into the
// destination at twice the size, with an image barrier between them.
#include "gpu.h"

static VkImageMemoryBarrier to_general(image img)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = img.handle,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    return b;
}

int main(void)
{
    context gpu = make_context();
    const VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    image small = make_image(&gpu, 16, 16, usage);
    image large = make_image(&gpu, 32, 32, usage);

    VkCommandBuffer cmd = make_command_buffer(&gpu);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    VkImageMemoryBarrier init[2] = {to_general(small), to_general(large)};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 2, init);
    VkClearColorValue blue = {.float32 = {0.0f, 0.0f, 1.0f, 1.0f}};
    VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(cmd, small.handle, VK_IMAGE_LAYOUT_GENERAL, &blue, 1, &range);
    VkImageMemoryBarrier cleared = to_general(small);
    cleared.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    cleared.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    cleared.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &cleared);
    VkImageBlit blit = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .srcOffsets = {{0, 0, 0}, {16, 16, 1}},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstOffsets = {{0, 0, 0}, {32, 32, 1}},
    };
    vkCmdBlitImage(cmd, small.handle, VK_IMAGE_LAYOUT_GENERAL, large.handle, VK_IMAGE_LAYOUT_GENERAL,
                   1, &blit, VK_FILTER_LINEAR);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    submit_and_wait(&gpu, cmd);

    vkFreeCommandBuffers(gpu.device, gpu.pool, 1, &cmd);
    destroy_image(&gpu, large);
    destroy_image(&gpu, small);
    destroy_context(gpu);
    return 0;
}
