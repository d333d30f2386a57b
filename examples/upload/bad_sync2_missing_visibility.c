/*
 * Synchronization2 variant: fills an indirect-argument buffer, then copies
 * it with vkCmdCopyBuffer2.  The VkBufferMemoryBarrier2 makes the fill's
 * write available (srcAccessMask) but its dstAccessMask is 0, so the write
 * is never made visible to the copy's TRANSFER_READ: read-after-write.
 * The fix is in fixed_sync2_missing_visibility.c.
 */
#include <vulkan/vulkan.h>

#define ARGS_BYTES 256

void record_indirect_reset(VkCommandBuffer cmd, VkBuffer draw_args,
                           VkBuffer draw_args_copy)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdFillBuffer(cmd, draw_args, 0, ARGS_BYTES, 0);

    VkBufferMemoryBarrier2 cleared = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = 0,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = draw_args,
        .offset = 0,
        .size = ARGS_BYTES,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &cleared,
    };
    vkCmdPipelineBarrier2(cmd, &dependency);

    VkBufferCopy2 region = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_COPY_2,
        .srcOffset = 0,
        .dstOffset = 0,
        .size = ARGS_BYTES,
    };
    VkCopyBufferInfo2 copy = {
        .sType = VK_STRUCTURE_TYPE_COPY_BUFFER_INFO_2,
        .srcBuffer = draw_args,
        .dstBuffer = draw_args_copy,
        .regionCount = 1,
        .pRegions = &region,
    };
    vkCmdCopyBuffer2(cmd, &copy);

    vkEndCommandBuffer(cmd);
}
