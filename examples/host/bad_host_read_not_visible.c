/*
 * Waits for the fence, then reads the readback buffer, but no barrier to
 * HOST / HOST_READ made the copy's write visible to the host: "Signaling a
 * fence and waiting on the host does not guarantee that the results of
 * memory accesses will be visible to the host" (host-read-not-visible).
 * The fix is in fixed_host_readback.c.
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
