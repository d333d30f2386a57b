// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 53
// The transition to TRANSFER_SRC waits for the COPY stage, but the image was
// written by vkCmdClearColorImage, which is in the CLEAR stage.
#include "vkh.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "image-sync2-copy-stage-waw");

    VkBuffer dst;
    VkDeviceMemory dst_mem;
    vkh_create_buffer(&ctx, 32 * 32 * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst, &dst_mem);
    VkImage target;
    VkDeviceMemory target_mem;
    vkh_create_image(&ctx, 32, 32, VK_FORMAT_R8G8B8A8_UNORM,
                     VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                     &target, &target_mem);

    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    vkh_begin(cmd);
    VkImageMemoryBarrier2 to_clear = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_NONE,
        .dstStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = target,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .imageMemoryBarrierCount = 1,
        .pImageMemoryBarriers = &to_clear,
    };
    vkCmdPipelineBarrier2(cmd, &dep);
    VkClearColorValue red = {.float32 = {1, 0, 0, 1}};
    vkCmdClearColorImage(cmd, target, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &red, 1,
                         &to_clear.subresourceRange);
    VkImageMemoryBarrier2 to_read = to_clear;
    to_read.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
    to_read.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    to_read.dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
    to_read.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
    to_read.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    to_read.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    dep.pImageMemoryBarriers = &to_read;
    vkCmdPipelineBarrier2(cmd, &dep);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {32, 32, 1},
    };
    vkCmdCopyImageToBuffer(cmd, target, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst, 1, &region);
    vkh_end(cmd);
    vkh_submit_and_wait(&ctx, cmd);

    vkh_destroy_image(&ctx, target, target_mem);
    vkh_destroy_buffer(&ctx, dst, dst_mem);
    vkh_shutdown(&ctx);
    return 0;
}
