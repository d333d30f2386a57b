/*
 * Two frames in flight, each with its own command buffer and fence, and one
 * mapped staging buffer for both.  Before refilling the staging buffer a
 * frame waits for its own fence, which the frame two back signalled: the
 * frame just before is still in flight, and its copy may still be reading
 * the bytes the memcpy overwrites (host-access-before-wait,
 * HOST_WRITE_AFTER_READ).  "Fence signal operations that are defined by
 * vkQueueSubmit additionally include in the first synchronization scope
 * all commands that occur earlier in submission order" ("Fences"): a fence
 * waits for its own submission and the earlier ones, never a later one.
 * The fix, one staging buffer per frame, is in fixed_frames_wrong_fence.c.
 */
#include <string.h>
#include <vulkan/vulkan.h>

#define FRAMES_IN_FLIGHT 2
#define BYTES 4096

struct frame {
    VkCommandBuffer cmd;
    VkFence in_flight;
};

void stream_frames(VkDevice device, VkQueue queue, struct frame frames[FRAMES_IN_FLIGHT],
                   VkBuffer staging, VkDeviceMemory memory, VkBuffer target,
                   const uint8_t data[4][BYTES])
{
    vkBindBufferMemory(device, staging, memory, 0);
    void *mapped;
    vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, &mapped);
    VkFenceCreateInfo signalled = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                                   .flags = VK_FENCE_CREATE_SIGNALED_BIT};
    for (int i = 0; i < FRAMES_IN_FLIGHT; i++)
        vkCreateFence(device, &signalled, NULL, &frames[i].in_flight);

    for (int n = 0; n < 4; n++) {
        struct frame *f = &frames[n % FRAMES_IN_FLIGHT];
        vkWaitForFences(device, 1, &f->in_flight, VK_TRUE, UINT64_MAX);
        vkResetFences(device, 1, &f->in_flight);
        memcpy(mapped, data[n], BYTES);

        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(f->cmd, &begin);
        VkBufferCopy region = {.size = BYTES};
        vkCmdCopyBuffer(f->cmd, staging, target, 1, &region);
        VkMemoryBarrier copied = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                  .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT};
        vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &copied, 0, NULL, 0, NULL);
        vkEndCommandBuffer(f->cmd);
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                               .commandBufferCount = 1,
                               .pCommandBuffers = &f->cmd};
        vkQueueSubmit(queue, 1, &submit, f->in_flight);
    }
    vkDeviceWaitIdle(device);
}
