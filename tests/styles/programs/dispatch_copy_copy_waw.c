// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 25
// Two sources are copied into the same destination range with no barrier:
// the second copy's write races the first's.
#include "vkload.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    struct vkl_gpu gpu;
    vkl_bootstrap(&gpu);

    VkDeviceMemory src_memory, other_memory, dst_memory;
    VkBuffer src = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &src_memory);
    VkBuffer other = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &other_memory);
    VkBuffer dst = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst_memory);

    VkCommandBuffer cmd = vkl_command_buffer(&gpu);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vk.BeginCommandBuffer(cmd, &begin);
    vk.CmdCopyBuffer(cmd, src, dst, 1, &(VkBufferCopy){0, 0, 4096});
    vk.CmdCopyBuffer(cmd, other, dst, 1, &(VkBufferCopy){0, 1024, 1024});
    vk.EndCommandBuffer(cmd);
    vkl_submit_wait(&gpu, cmd);
    return 0;
}
