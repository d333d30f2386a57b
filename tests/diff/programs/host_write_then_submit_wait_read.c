// EXPECT: clean
// The host writes `staging` before the submission (vkQueueSubmit makes
// host writes to coherent memory visible), waits for the queue, then reads
// `target`: every host access is ordered with the device's.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
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
    uint32_t *upload = vkrt_buffer_map(rt, staging);
    uint32_t *result = vkrt_buffer_map(rt, target);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    upload[0] = 42;
    vkQueueSubmit(rt->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(rt->queue);
    uint32_t first = result[0];
    return first == 0xdeadbeef ? 1 : vkrt_finish(rt);
}
