/*
 * Fixed bad_host_write_during_copy.c: the next frame's data is written only
 * after vkWaitForFences says the copy that reads the staging buffer is done.
 */
#include <string.h>
#include <vulkan/vulkan.h>

#define BYTES 4096

static void record_upload(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = BYTES};
    vkCmdCopyBuffer(cmd, staging, target, 1, &region);
    vkEndCommandBuffer(cmd);
}

void upload_two_frames(VkDevice device, VkQueue queue, VkCommandBuffer cmd,
                       VkFence fence, VkBuffer staging, VkBuffer target,
                       VkDeviceMemory memory, const uint8_t frames[2][BYTES])
{
    vkBindBufferMemory(device, staging, memory, 0);
    void *mapped;
    vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, &mapped);
    record_upload(cmd, staging, target);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    /* Frame 0: written before the submission, which orders it before the
       copy ("Host Write Ordering Guarantees"). */
    memcpy(mapped, frames[0], BYTES);
    vkQueueSubmit(queue, 1, &submit, fence);
    vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkResetFences(device, 1, &fence);
    memcpy(mapped, frames[1], BYTES);
    vkQueueSubmit(queue, 1, &submit, fence);
    vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkUnmapMemory(device, memory);
}
