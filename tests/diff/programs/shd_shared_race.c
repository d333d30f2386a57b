// EXPECT: clean
// VKSYNC-ONLY: shader-internal shader-* at shared_race.comp:12
// The commands are ordered (one dispatch, then a barrier, then a copy), but
// shared_race.comp reads another invocation's shared-memory slot without a
// barrier(): a race inside the workgroup that the layer cannot see.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer output, VkBuffer readback, const vkrt_pipeline *neighbours)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, neighbours->pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, neighbours->layout, 0, 1,
                            &neighbours->set, 0, NULL);
    vkCmdDispatch(cmd, 1, 1, 1);
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &barrier, 0, NULL, 0, NULL);
    VkBufferCopy region = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 64,
    };
    vkCmdCopyBuffer(cmd, output, readback, 1, &region);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer output = vkrt_buffer(rt, 64);
    VkDescriptorType types[] = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
    vkrt_pipeline neighbours = vkrt_compute_pipeline(rt, "shared_race.comp", 1, types);
    vkrt_bind_buffer(rt, &neighbours, 0, output);
    VkBuffer readback = vkrt_buffer(rt, 64);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, output, readback, &neighbours);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
