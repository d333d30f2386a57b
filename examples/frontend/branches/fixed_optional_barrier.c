/*
 * Fixed twin of bad_optional_barrier.c: the barrier after the particle
 * clear is recorded on every path.  The `frame_index` pair is still
 * infeasible together, so every path is silent.
 */
#include <vulkan/vulkan.h>

typedef struct {
    int validate;
    int quality; /* 0 low, 1 medium, 2 high */
} Settings;

typedef struct {
    VkBuffer particles, particles_readback;
    VkBuffer history, history_readback;
} Buffers;

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL,
                         0, NULL);
}

void record_particles(VkCommandBuffer cmd, const Settings *settings,
                      const Buffers *b, unsigned frame_index)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    vkCmdFillBuffer(cmd, b->particles, 0, VK_WHOLE_SIZE, 0);
    transfer_barrier(cmd);

    VkDeviceSize bytes;
    switch (settings->quality) {
    case 0:
        bytes = 1024;
        break;
    case 1:
        bytes = 4096;
        break;
    default:
        bytes = 16384;
        break;
    }
    VkBufferCopy region = {.size = bytes};
    vkCmdCopyBuffer(cmd, b->particles, b->particles_readback, 1, &region);

    if (frame_index > 3)
        vkCmdFillBuffer(cmd, b->history, 0, VK_WHOLE_SIZE, 0);
    if (frame_index < 2)
        vkCmdCopyBuffer(cmd, b->history, b->history_readback, 1, &region);

    vkEndCommandBuffer(cmd);
}
