/*
 * bad_copy_then_fill.c fixed.  A write-after-read hazard needs only an
 * execution dependency (spec: "Write-after-read hazards can be solved with
 * just an execution dependency"), so a pipeline barrier with no memory
 * barriers at all is enough: the fill waits for the copy to finish reading.
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

    /* Execution dependency only: TRANSFER (the copy) before TRANSFER (the fill). */
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 0,
                         NULL);

    vkCmdFillBuffer(cmd, gpu_timings, 0, TIMING_BYTES, 0);

    vkEndCommandBuffer(cmd);
}
