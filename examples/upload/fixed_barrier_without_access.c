/*
 * bad_barrier_without_access.c fixed: the same barrier with the access
 * masks filled in turns the execution dependency into a memory dependency
 * (TRANSFER_WRITE made available, then visible to TRANSFER_READ).
 */
#include <vulkan/vulkan.h>

typedef struct {
    float view_projection[16];
    float light_direction[4];
} FrameUniforms;

void record_uniform_upload(VkCommandBuffer cmd, VkBuffer uniform_staging,
                           VkBuffer uniform_ring, const FrameUniforms *frame)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdUpdateBuffer(cmd, uniform_staging, 0, sizeof(FrameUniforms), frame);

    VkMemoryBarrier updated = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &updated, 0,
                         NULL, 0, NULL);

    VkBufferCopy region = {.size = sizeof(FrameUniforms)};
    vkCmdCopyBuffer(cmd, uniform_staging, uniform_ring, 1, &region);

    vkEndCommandBuffer(cmd);
}
