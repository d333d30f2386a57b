// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 27
// Two vkCmdUpdateBuffer calls write the same 64 bytes of a uniform buffer
// with nothing between them.
#include "vkh.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "update-update-waw");

    VkBuffer staging, dst;
    VkDeviceMemory staging_mem, dst_mem;
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_mem);
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst, &dst_mem);

    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    uint32_t first[16], second[16];
    for (int i = 0; i < 16; i++) {
        first[i] = (uint32_t)i;
        second[i] = (uint32_t)(i * i);
    }
    vkh_begin(cmd);
    vkCmdUpdateBuffer(cmd, dst, 0, sizeof first, first);
    vkCmdUpdateBuffer(cmd, dst, 0, sizeof second, second);
    vkh_end(cmd);
    vkh_submit_and_wait(&ctx, cmd);

    vkh_destroy_buffer(&ctx, dst, dst_mem);
    vkh_destroy_buffer(&ctx, staging, staging_mem);
    vkh_shutdown(&ctx);
    return 0;
}
