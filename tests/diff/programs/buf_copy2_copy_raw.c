// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 31
// vkCmdCopyBuffer2 writes `target`; a vkCmdCopyBuffer then reads it.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target, VkBuffer readback)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
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
    VkBufferCopy back = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 256,
    };
    vkCmdCopyBuffer(cmd, target, readback, 1, &back);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, 256);
    VkBuffer target = vkrt_buffer(rt, 256);
    VkBuffer readback = vkrt_buffer(rt, 256);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target, readback);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
