// EXPECT: clean
// Suballocation (suballoc.h): per-frame constants streamed through a ring
// in one VkBuffer that holds two frames' worth, two frames in flight.
// Frame 2 wraps onto frame 0's range after waiting for the fence of its
// slot - frame 0's - so frame 0's copy out of the range has completed:
// "Fence signal operations ... define a memory dependency" (Synchronization,
// Fences), and the wait orders it before the host records and submits the
// frame that reuses the range.
#include "suballoc.h"

#define FRAMES 4
#define IN_FLIGHT 2
#define CONSTANTS 512

static uint32_t constants[FRAMES][CONSTANTS / 4];

int main(void)
{
    struct lite vk;
    struct suballoc_ring ring;
    VkBuffer gpu_constants;
    VkDeviceMemory gpu_constants_mem;
    VkCommandBuffer cmd[FRAMES];
    VkFence fence[IN_FLIGHT];

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_ring_init(&vk, &ring, 2 * CONSTANTS,
                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, FRAMES * CONSTANTS,
                         VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                         &gpu_constants, &gpu_constants_mem));
    VK_CHECK(lite_alloc(&vk, FRAMES, cmd));
    for (int i = 0; i < IN_FLIGHT; i++) {
        VkFenceCreateInfo fci = {
            .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            .flags = VK_FENCE_CREATE_SIGNALED_BIT,
        };
        VK_CHECK(vkCreateFence(vk.device, &fci, NULL, &fence[i]));
    }

    VkMemoryBarrier written = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    for (uint32_t frame = 0; frame < FRAMES; frame++) {
        uint32_t slot = frame % IN_FLIGHT;

        VK_CHECK(vkWaitForFences(vk.device, 1, &fence[slot], VK_TRUE, UINT64_MAX));
        VK_CHECK(vkResetFences(vk.device, 1, &fence[slot]));

        for (uint32_t w = 0; w < CONSTANTS / 4; w++)
            constants[frame][w] = frame * 100 + w;
        struct suballoc range = suballoc_ring_alloc(&ring, CONSTANTS, 256);

        VkCommandBufferBeginInfo bi = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        VK_CHECK(vkBeginCommandBuffer(cmd[frame], &bi));
        vkCmdUpdateBuffer(cmd[frame], range.buffer, range.offset, range.size, constants[frame]);
        vkCmdPipelineBarrier(cmd[frame], VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &written, 0, NULL, 0, NULL);
        VkBufferCopy region = {range.offset, (VkDeviceSize)frame * CONSTANTS, range.size};
        vkCmdCopyBuffer(cmd[frame], range.buffer, gpu_constants, 1, &region);
        VK_CHECK(vkEndCommandBuffer(cmd[frame]));

        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &cmd[frame],
        };
        VK_CHECK(vkQueueSubmit(vk.queue, 1, &si, fence[slot]));
    }
    VK_CHECK(vkQueueWaitIdle(vk.queue));
    printf("ring wrapped %u time(s)\n", ring.wraps);
    return 0;
}
