// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 35
// The barrier after the update makes it visible to shader reads, but the
// next command is a copy (transfer read).
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
    uint32_t header[4] = {1, 2, 3, 4};
    vk.CmdUpdateBuffer(cmd, src, 0, sizeof header, header);
    VkMemoryBarrier updated = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
    };
    vk.CmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                          VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0,
                          1, &updated, 0, NULL, 0, NULL);
    VkBufferCopy region = {0, 0, sizeof header};
    vk.CmdCopyBuffer(cmd, src, dst, 1, &region);
    vk.EndCommandBuffer(cmd);
    vkl_submit_wait(&gpu, cmd);
    return 0;
}
