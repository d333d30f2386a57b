// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 30
// The secondary fills `staging`; the primary fills it again after executing
// the secondary, with no barrier.
#include "vkrt.h"

static void record_fill(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferInheritanceInfo inheritance = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
    };
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        .pInheritanceInfo = &inheritance,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 8);
    vkEndCommandBuffer(cmd);
}

static void record_primary(VkCommandBuffer cmd, VkCommandBuffer secondary,
                           VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdExecuteCommands(cmd, 1, &secondary);
    vkCmdFillBuffer(cmd, staging, 0, 256, 8);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, 256);
    VkBuffer target = vkrt_buffer(rt, 256);
    VkCommandBuffer primary = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    VkCommandBuffer secondary = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_SECONDARY);
    record_fill(secondary, staging, target);
    record_primary(primary, secondary, staging, target);
    vkrt_submit_wait(rt, primary);
    return vkrt_finish(rt);
}
