/*
 * bad_conditional_reset.c fixed: the path that clears the counters also
 * makes the clear visible to the copy.  The path without the clear needs
 * no barrier, and gets none.
 */
#include <stdbool.h>
#include <vulkan/vulkan.h>

#define STATS_BYTES 2048

void record_stats_readback(VkCommandBuffer cmd, VkBuffer stats,
                           VkBuffer readback, bool reset)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    if (reset) {
        vkCmdFillBuffer(cmd, stats, 0, STATS_BYTES, 0);
        VkMemoryBarrier cleared = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        };
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0,
                             NULL, 0, NULL);
    }

    VkBufferCopy region = {.size = STATS_BYTES};
    vkCmdCopyBuffer(cmd, stats, readback, 1, &region);

    vkEndCommandBuffer(cmd);
}
