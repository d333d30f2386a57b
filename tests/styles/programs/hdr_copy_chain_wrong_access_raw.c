// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 41
// a -> b -> c.  The second barrier makes b's write visible to transfer
// writes only (dstAccessMask WRITE instead of READ), not to the copy that
// reads b.
#include "vkh.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "copy-chain-wrong-access-raw");

    VkBuffer a, b, c;
    VkDeviceMemory a_mem, b_mem, c_mem;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    vkh_create_buffer(&ctx, 1024, usage, &a, &a_mem);
    vkh_create_buffer(&ctx, 1024, usage, &b, &b_mem);
    vkh_create_buffer(&ctx, 1024, usage, &c, &c_mem);

    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    vkh_begin(cmd);
    vkCmdFillBuffer(cmd, a, 0, 1024, 7);
    VkMemoryBarrier to_read = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &to_read, 0, NULL, 0, NULL);
    VkBufferCopy whole = {0, 0, 1024};
    vkCmdCopyBuffer(cmd, a, b, 1, &whole);
    VkMemoryBarrier b_written = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &b_written, 0, NULL, 0, NULL);
    vkCmdCopyBuffer(cmd, b, c, 1, &whole);
    vkh_end(cmd);
    vkh_submit_and_wait(&ctx, cmd);

    vkh_destroy_buffer(&ctx, c, c_mem);
    vkh_destroy_buffer(&ctx, b, b_mem);
    vkh_destroy_buffer(&ctx, a, a_mem);
    vkh_shutdown(&ctx);
    return 0;
}
