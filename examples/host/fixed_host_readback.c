/*
 * Fixed bad_host_read_before_wait.c and bad_host_read_not_visible.c: a
 * barrier from the copy's write to HOST / HOST_READ, then the fence wait,
 * then the host read.
 */
#include <string.h>
#include <vulkan/vulkan.h>

#define BYTES 4096

/* Copies `source` into `readback` (host-visible memory bound at offset 0 of
   `memory`), submits, and returns the first word the host reads back. */
uint32_t read_back(VkDevice device, VkQueue queue, VkCommandBuffer cmd,
                   VkFence fence, VkBuffer source, VkBuffer readback,
                   VkDeviceMemory memory)
{
    vkBindBufferMemory(device, readback, memory, 0);
    const uint32_t *result;
    vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, (void **)&result);

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = BYTES};
    vkCmdCopyBuffer(cmd, source, readback, 1, &region);
    /* The copy's write made visible to host reads ("A memory barrier or
       other memory dependency must be used to guarantee this"). */
    VkMemoryBarrier2 to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
        .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &to_host,
    };
    vkCmdPipelineBarrier2(cmd, &dependency);
    vkEndCommandBuffer(cmd);

    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    vkQueueSubmit(queue, 1, &submit, fence);
    vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
    uint32_t first = result[0];
    vkUnmapMemory(device, memory);
    return first;
}
