/*
 * gpu_helpers.c - helpers the passes in this folder call; analysed together
 * with them (the .args files list both), so the front end inlines each
 * helper at its call site with the caller's arguments: `buffer` in
 * buffer_barrier is the caller's `scene->vertices`.
 */
#include "gpu_helpers.h"

void upload_vertices(VkCommandBuffer cmd, const Scene *scene, VkDeviceSize bytes)
{
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = bytes};
    vkCmdCopyBuffer(cmd, scene->staging, scene->vertices, 1, &region);
}

void buffer_barrier(VkCommandBuffer cmd, VkBuffer buffer,
                    VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                    VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access)
{
    VkBufferMemoryBarrier2 barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = src_stage,
        .srcAccessMask = src_access,
        .dstStageMask = dst_stage,
        .dstAccessMask = dst_access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &barrier,
    };
    vkCmdPipelineBarrier2(cmd, &dependency);
}

void reset_indirect(VkCommandBuffer cmd, const Scene *scene)
{
    vkCmdFillBuffer(cmd, scene->indirect, 0, VK_WHOLE_SIZE, 0);
}
