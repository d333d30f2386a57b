/*
 * Statistics readback whose counters are reset only on some frames.  On the
 * path where `reset` is true the fill is followed by the copy with no
 * barrier - read-after-write; on the other path there is nothing to order.
 * vksync-lint explores both paths and names the one the hazard needs in
 * its notes.  The fix is in fixed_conditional_reset.c.
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

    if (reset)
        vkCmdFillBuffer(cmd, stats, 0, STATS_BYTES, 0);

    VkBufferCopy region = {.size = STATS_BYTES};
    vkCmdCopyBuffer(cmd, stats, readback, 1, &region);

    vkEndCommandBuffer(cmd);
}
