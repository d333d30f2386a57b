// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 26
// Everything goes through the loader's table.  The fill and the copy that
// reads what it wrote have no barrier between them.
#include "vkload.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    struct vkl_gpu gpu;
    vkl_bootstrap(&gpu);

    VkDeviceMemory src_memory, dst_memory;
    VkBuffer src = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                              VK_BUFFER_USAGE_TRANSFER_DST_BIT, &src_memory);
    VkBuffer dst = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst_memory);

    VkCommandBuffer cmd = vkl_command_buffer(&gpu);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vk.BeginCommandBuffer(cmd, &begin);
    vk.CmdFillBuffer(cmd, src, 0, 4096, 0x01010101);
    VkBufferCopy region = {0, 0, 4096};
    vk.CmdCopyBuffer(cmd, src, dst, 1, &region);
    vk.EndCommandBuffer(cmd);
    vkl_submit_wait(&gpu, cmd);
    return 0;
}
