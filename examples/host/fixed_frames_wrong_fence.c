/*
 * bad_frames_wrong_fence.c fixed the usual way: each frame in flight has
 * its own staging buffer, so the fence a frame waits for (the frame two
 * back, the last one that used the same slot) is the submission that read
 * the bytes it is about to overwrite.
 */
#include <string.h>
#include <vulkan/vulkan.h>

#define FRAMES_IN_FLIGHT 2
#define BYTES 4096

struct frame {
    VkCommandBuffer cmd;
    VkFence in_flight;
    VkBuffer staging;
    VkDeviceMemory memory;
    void *mapped;
};

void stream_frames(VkDevice device, VkQueue queue, struct frame frames[FRAMES_IN_FLIGHT],
                   VkBuffer target, const uint8_t data[4][BYTES])
{
    VkFenceCreateInfo signalled = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                                   .flags = VK_FENCE_CREATE_SIGNALED_BIT};
    for (int i = 0; i < FRAMES_IN_FLIGHT; i++) {
        vkCreateFence(device, &signalled, NULL, &frames[i].in_flight);
        vkBindBufferMemory(device, frames[i].staging, frames[i].memory, 0);
        vkMapMemory(device, frames[i].memory, 0, VK_WHOLE_SIZE, 0, &frames[i].mapped);
    }

    for (int n = 0; n < 4; n++) {
        struct frame *f = &frames[n % FRAMES_IN_FLIGHT];
        vkWaitForFences(device, 1, &f->in_flight, VK_TRUE, UINT64_MAX);
        vkResetFences(device, 1, &f->in_flight);
        memcpy(f->mapped, data[n], BYTES);

        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(f->cmd, &begin);
        VkBufferCopy region = {.size = BYTES};
        vkCmdCopyBuffer(f->cmd, f->staging, target, 1, &region);
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
