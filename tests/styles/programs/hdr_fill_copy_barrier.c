// EXPECT: clean
// The fill is made visible to the copy by a global memory barrier.
#include "vkh.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "fill-copy-barrier");

    VkBuffer staging, dst;
    VkDeviceMemory staging_mem, dst_mem;
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_mem);
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst, &dst_mem);

    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    vkh_begin(cmd);
    vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0);
    VkMemoryBarrier fill_done = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &fill_done, 0, NULL, 0, NULL);
    VkBufferCopy region = {
        .srcOffset = 0, .dstOffset = 0,
        .size = 65536,
    };
    vkCmdCopyBuffer(cmd, staging, dst, 1, &region);
    vkh_end(cmd);
    vkh_submit_and_wait(&ctx, cmd);

    vkh_destroy_buffer(&ctx, dst, dst_mem);
    vkh_destroy_buffer(&ctx, staging, staging_mem);
    vkh_shutdown(&ctx);
    return 0;
}
