/*
 * Uploads a lookup table into an image, then copies it back into a buffer
 * for a checksum.  The barrier between the two copies was copied from the
 * initialisation path and keeps oldLayout = UNDEFINED, which tells the
 * driver it may throw the freshly copied texels away.  Vulkan
 * spec, "Image Layout Transitions": "If the old layout is
 * VK_IMAGE_LAYOUT_UNDEFINED, the contents of that range may be discarded."
 * The read-back then sees undefined values.  The fix is in
 * fixed_layout_discard.c.
 */
#include <vulkan/vulkan.h>

#define LUT_SIZE 64

static void image_barrier(VkCommandBuffer cmd, VkImage image, VkAccessFlags src_access,
                          VkAccessFlags dst_access, VkImageLayout from, VkImageLayout to,
                          VkPipelineStageFlags src_stage, VkPipelineStageFlags dst_stage)
{
    VkImageMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}

void record_lut_roundtrip(VkCommandBuffer cmd, VkBuffer staging, VkImage lut,
                          VkBuffer checksum_input)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    image_barrier(cmd, lut, 0, VK_ACCESS_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                  VK_PIPELINE_STAGE_TRANSFER_BIT);

    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {LUT_SIZE, LUT_SIZE, 1},
    };
    vkCmdCopyBufferToImage(cmd, staging, lut, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &region);

    /* Same old layout as the barrier above: discards what was just copied. */
    image_barrier(cmd, lut, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                  VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);

    vkCmdCopyImageToBuffer(cmd, lut, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, checksum_input, 1,
                           &region);

    vkEndCommandBuffer(cmd);
}
