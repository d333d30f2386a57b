// EXPECT: clean
// Synchronization2: fill, a VkMemoryBarrier2 from the clear and copy stages'
// writes to the copy stage's reads, then vkCmdCopyBuffer2.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 9);
    VkMemoryBarrier2 barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT | VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &barrier,
    };
    vkCmdPipelineBarrier2(cmd, &dependency);
    VkBufferCopy2 region = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_COPY_2,
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 256,
    };
    VkCopyBufferInfo2 copy = {
        .sType = VK_STRUCTURE_TYPE_COPY_BUFFER_INFO_2,
        .srcBuffer = staging,
        .dstBuffer = target,
        .regionCount = 1,
        .pRegions = &region,
    };
    vkCmdCopyBuffer2(cmd, &copy);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, 256);
    VkBuffer target = vkrt_buffer(rt, 256);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
