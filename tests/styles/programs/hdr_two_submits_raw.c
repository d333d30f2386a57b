// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 28
// The upload is submitted on its own and not waited for; the next
// submission copies from the staging buffer it writes.  Submission order is
// not a memory dependency.
#include "vkh.h"

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "two-submits-raw");

    VkBuffer staging, dst;
    VkDeviceMemory staging_mem, dst_mem;
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_mem);
    vkh_create_buffer(&ctx, 65536, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst, &dst_mem);

    VkCommandBuffer cmd = vkh_command_buffer(&ctx);
    VkCommandBuffer upload = vkh_command_buffer(&ctx);
    vkh_begin(upload);
    vkCmdFillBuffer(upload, staging, 0, VK_WHOLE_SIZE, 0x3f800000);
    vkh_end(upload);
    vkh_submit(&ctx, upload, VK_NULL_HANDLE);
    vkh_begin(cmd);
    VkBufferCopy region = {.size = 65536};
    vkCmdCopyBuffer(cmd, staging, dst, 1, &region);
    vkh_end(cmd);
    vkh_submit_and_wait(&ctx, cmd);

    vkh_destroy_buffer(&ctx, dst, dst_mem);
    vkh_destroy_buffer(&ctx, staging, staging_mem);
    vkh_shutdown(&ctx);
    return 0;
}
