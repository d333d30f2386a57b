/*
 * Reads back last frame's GPU timings: copies the results buffer into a
 * host-visible readback buffer, then clears the results for the next frame.
 * Nothing orders the clear after the copy, so the fill may overwrite the
 * results while the copy is still reading them: write-after-read (syncval:
 * SYNC-HAZARD-WRITE-AFTER-READ).  The fix is in fixed_copy_then_fill.c.
 */
#include <vulkan/vulkan.h>

#define TIMING_BYTES 1024

void record_timing_readback(VkCommandBuffer cmd, VkBuffer gpu_timings,
                            VkBuffer readback)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    VkBufferCopy region = {.size = TIMING_BYTES};
    vkCmdCopyBuffer(cmd, gpu_timings, readback, 1, &region);

    vkCmdFillBuffer(cmd, gpu_timings, 0, TIMING_BYTES, 0);

    vkEndCommandBuffer(cmd);
}
