// EXPECT: clean
// fill; set; an unrelated copy; wait; copy reading the fill.  The event's
// dependency covers the fill; the copy between touches other buffers.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target, VkEvent uploaded, VkBuffer spare_a, VkBuffer spare_b)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 4);
    vkCmdSetEvent(cmd, uploaded, VK_PIPELINE_STAGE_TRANSFER_BIT);
    VkBufferCopy spare_region = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 64,
    };
    vkCmdCopyBuffer(cmd, spare_a, spare_b, 1, &spare_region);
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdWaitEvents(cmd, 1, &uploaded, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_PIPELINE_STAGE_TRANSFER_BIT, 1, &barrier, 0, NULL, 0, NULL);
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
    VkBuffer spare_a = vkrt_buffer(rt, 64);
    VkBuffer spare_b = vkrt_buffer(rt, 64);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target, uploaded, spare_a, spare_b);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
