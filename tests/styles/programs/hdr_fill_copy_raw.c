// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 26
// Clears a staging buffer on the GPU and copies it to the destination in the
// same command buffer, with no barrier between the fill and the copy.
#include "vkh.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "fill-copy-raw");

    VkBuffer staging, dst;
    VkDeviceMemory staging_mem, dst_mem;
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_mem);
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst, &dst_mem);

    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    vkh_begin(cmd);
    vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0);
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
