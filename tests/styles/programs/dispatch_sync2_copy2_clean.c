// EXPECT: clean
// synchronization2 through the table: a buffer barrier from the COPY stage
// to the COPY stage orders the first copy before vkCmdCopyBuffer2.
#include "vkload.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    struct vkl_gpu gpu;
    vkl_bootstrap(&gpu);

    VkDeviceMemory upload_memory, src_memory, dst_memory;
    VkBuffer upload = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &upload_memory);
    VkBuffer src = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                              VK_BUFFER_USAGE_TRANSFER_DST_BIT, &src_memory);
    VkBuffer dst = vkl_buffer(&gpu, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst_memory);

    VkCommandBuffer cmd = vkl_command_buffer(&gpu);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vk.BeginCommandBuffer(cmd, &begin);
    vk.CmdCopyBuffer(cmd, upload, src, 1, &(VkBufferCopy){.size = 4096});
    VkBufferMemoryBarrier2 copied = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = src,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &copied,
    };
    vk.CmdPipelineBarrier2(cmd, &dependency);
    VkBufferCopy2 region = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_COPY_2,
        .size = 4096,
    };
    VkCopyBufferInfo2 copy = {
        .sType = VK_STRUCTURE_TYPE_COPY_BUFFER_INFO_2,
        .srcBuffer = src,
        .dstBuffer = dst,
        .regionCount = 1,
        .pRegions = &region,
    };
    vk.CmdCopyBuffer2(cmd, &copy);
    vk.EndCommandBuffer(cmd);
    vkl_submit_wait(&gpu, cmd);
    return 0;
}
