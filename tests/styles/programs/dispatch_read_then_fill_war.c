// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 25
// The source is copied out, then cleared for reuse at once: the clear can
// overwrite it before the copy has read it.
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
    vk.CmdCopyBuffer(cmd, src, dst, 1, &(VkBufferCopy){0, 0, 4096});
    vk.CmdFillBuffer(cmd, src, 0, VK_WHOLE_SIZE, 0);
    vk.EndCommandBuffer(cmd);
    vkl_submit_wait(&gpu, cmd);
    return 0;
}
