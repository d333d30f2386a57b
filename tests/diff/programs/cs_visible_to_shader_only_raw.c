// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 32
// The fill's write is made visible to compute-shader reads only.  The
// dispatch reads `input` correctly; the copy then reads it in the transfer
// stage, to which the write was never made visible.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer input, VkBuffer output, const vkrt_pipeline *copy, VkBuffer readback)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, input, 0, 64, 1);
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0,
                         1, &barrier, 0, NULL, 0, NULL);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, copy->pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, copy->layout, 0, 1,
                            &copy->set, 0, NULL);
    vkCmdDispatch(cmd, 1, 1, 1);
    VkBufferCopy region = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 64,
    };
    vkCmdCopyBuffer(cmd, input, readback, 1, &region);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer input = vkrt_buffer(rt, 64);
    VkBuffer output = vkrt_buffer(rt, 64);
    VkDescriptorType types[] = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
    vkrt_pipeline copy = vkrt_compute_pipeline(rt, "copy.comp", 2, types);
    vkrt_bind_buffer(rt, &copy, 0, input);
    vkrt_bind_buffer(rt, &copy, 1, output);
    VkBuffer readback = vkrt_buffer(rt, 64);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, input, output, &copy, readback);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
