// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 22
// The event gives an execution dependency only (no memory barrier in
// vkCmdWaitEvents): the fill's write is not made visible to the copy.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target, VkEvent uploaded)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 4);
    vkCmdSetEvent(cmd, uploaded, VK_PIPELINE_STAGE_TRANSFER_BIT);
    vkCmdWaitEvents(cmd, 1, &uploaded, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_PIPELINE_STAGE_TRANSFER_BIT, 0, NULL, 0, NULL, 0, NULL);
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
    VkEvent uploaded = vkrt_event(rt);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target, uploaded);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
