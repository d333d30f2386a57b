// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 21
// An execution dependency alone does not make the fill's write visible:
// read-after-write needs a memory barrier.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 3);
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 0, NULL);
    VkBufferCopy region = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 256,
    };
    vkCmdCopyBuffer(cmd, staging, target, 1, &region);
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
