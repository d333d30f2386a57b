// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 14
// Two vkCmdUpdateBuffer calls overlapping in bytes 32..63.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    uint32_t words[16] = {1, 2, 3, 4};
    vkCmdUpdateBuffer(cmd, staging, 0, sizeof words, words);
    vkCmdUpdateBuffer(cmd, staging, 32, sizeof words, words);
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
