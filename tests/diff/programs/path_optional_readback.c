// EXPECT: clean
// VKSYNC-ONLY: path-not-taken SYNC-HAZARD-READ-AFTER-WRITE at line 22 with --read-back
// A debug read-back copy, recorded only when `read_back` is set, reads
// `staging` right after the fill with no barrier.  The default run skips
// it; with --read-back the layer sees the hazard.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target, bool read_back)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 2);
    if (read_back) {
        VkBufferCopy region = {
            .srcOffset = 0,
            .dstOffset = 0,
            .size = 256,
        };
        vkCmdCopyBuffer(cmd, staging, target, 1, &region);
    }
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, 256);
    VkBuffer target = vkrt_buffer(rt, 256);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target, vkrt_switch(rt, "--read-back"));
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
