// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 46
// Two frames in flight share one staging buffer.  Each frame waits only for
// its own fence (the frame two frames back), then refills the staging buffer
// while the previous frame's copy may still be reading it.
#include "vkh.h"

#define FRAMES_IN_FLIGHT 2
#define FRAME_COUNT 4
#define UPLOAD_SIZE 256

struct frame {
    VkCommandBuffer cmd;
    VkFence in_flight;
    VkBuffer target;
    VkDeviceMemory target_memory;
};

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    vkh_context ctx;
    vkh_init(&ctx, "frames");

    VkBuffer staging;
    VkDeviceMemory staging_memory;
    vkh_create_buffer(&ctx, UPLOAD_SIZE, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_memory);

    struct frame frames[FRAMES_IN_FLIGHT];
    for (int i = 0; i < FRAMES_IN_FLIGHT; i++) {
        frames[i].cmd = vkh_command_buffer(&ctx);
        frames[i].in_flight = vkh_fence(&ctx, 1);
        vkh_create_buffer(&ctx, UPLOAD_SIZE, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                          &frames[i].target, &frames[i].target_memory);
    }

    uint32_t uniforms[UPLOAD_SIZE / 4];
    for (uint32_t n = 0; n < FRAME_COUNT; n++) {
        struct frame *f = &frames[n % FRAMES_IN_FLIGHT];
        vkWaitForFences(ctx.device, 1, &f->in_flight, VK_TRUE, UINT64_MAX);
        vkResetFences(ctx.device, 1, &f->in_flight);
        for (uint32_t i = 0; i < UPLOAD_SIZE / 4; i++)
            uniforms[i] = n * 1000 + i;
        vkh_begin(f->cmd);
        vkCmdUpdateBuffer(f->cmd, staging, 0, sizeof uniforms, uniforms);
        VkMemoryBarrier upload = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        };
        vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &upload, 0, NULL, 0, NULL);
        VkBufferCopy region = {.size = UPLOAD_SIZE};
        vkCmdCopyBuffer(f->cmd, staging, f->target, 1, &region);
        vkh_end(f->cmd);
        vkh_submit(&ctx, f->cmd, f->in_flight);
    }
    vkDeviceWaitIdle(ctx.device);

    for (int i = 0; i < FRAMES_IN_FLIGHT; i++) {
        vkDestroyFence(ctx.device, frames[i].in_flight, NULL);
        vkh_destroy_buffer(&ctx, frames[i].target, frames[i].target_memory);
    }
    vkh_destroy_buffer(&ctx, staging, staging_memory);
    vkh_shutdown(&ctx);
    return 0;
}
