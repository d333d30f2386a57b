/*
 * bad_fill_then_copy.c fixed: a buffer memory barrier makes the fill's
 * TRANSFER_WRITE available and visible to the copy's TRANSFER_READ.
 * (VK_PIPELINE_STAGE_TRANSFER_BIT covers both the copy and the clear
 * stage, where the specification puts vkCmdFillBuffer.)
 */
#include <vulkan/vulkan.h>

#define MESH_BYTES 65536

void record_mesh_reset(VkCommandBuffer cmd, VkBuffer staging,
                       VkBuffer vertex_buffer)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdFillBuffer(cmd, staging, 0, MESH_BYTES, 0);

    VkBufferMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = staging,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &filled,
                         0, NULL);

    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = MESH_BYTES};
    vkCmdCopyBuffer(cmd, staging, vertex_buffer, 1, &region);

    vkEndCommandBuffer(cmd);
}
