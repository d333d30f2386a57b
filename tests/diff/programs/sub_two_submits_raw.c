// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 30
// Two command buffers in two vkQueueSubmit calls on one queue: the first
// fills `staging`, the second copies from it.  Submission order alone is no
// memory dependency.
#include "vkrt.h"

static void record_upload(VkCommandBuffer cmd, VkBuffer staging)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 6);
    vkEndCommandBuffer(cmd);
}

static void record_readback(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
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
    VkCommandBuffer upload = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    VkCommandBuffer readback = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_upload(upload, staging);
    record_readback(readback, staging, target);
    VkSubmitInfo first = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &upload,
    };
    vkQueueSubmit(rt->queue, 1, &first, VK_NULL_HANDLE);
    VkSubmitInfo second = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &readback,
    };
    vkQueueSubmit(rt->queue, 1, &second, VK_NULL_HANDLE);
    return vkrt_finish(rt);
}
