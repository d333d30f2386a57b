// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 49
// Double-buffered frame state swapped by pointer: frame n uses
// states[n & 1] as `cur` and the other as `prev`, two frames in flight,
// each waiting only for the fence of the frame two before it.  A frame
// writes its parameters and result into `cur` and copies the previous
// frame's result into its history.  The frame's barrier comes after the
// parameter update, where the result copy needs it, but the history copy
// before it reads `prev->result`, which the previous frame - still in
// flight - wrote: nothing orders them.
#include "lite.h"

#define FRAMES 4
#define BYTES 256

struct frame_state {
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkBuffer params, result, history;
    VkDeviceMemory memory[3];
    unsigned frame;
};

static struct frame_state states[2];

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

static void record_frame(struct lite *ctx, unsigned n)
{
    struct frame_state *cur = &states[n & 1];
    const struct frame_state *prev = &states[(n + 1) & 1];
    uint32_t params[BYTES / 4];
    VkBufferCopy whole = {0, 0, BYTES};

    vkWaitForFences(ctx->device, 1, &cur->fence, VK_TRUE, UINT64_MAX);
    vkResetFences(ctx->device, 1, &cur->fence);
    vkResetCommandBuffer(cur->cmd, 0);
    cur->frame = n;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cur->cmd, &begin);
    if (n > 0)
        vkCmdCopyBuffer(cur->cmd, prev->result, cur->history, 1, &whole);
    for (unsigned i = 0; i < BYTES / 4; i++)
        params[i] = n + i;
    vkCmdUpdateBuffer(cur->cmd, cur->params, 0, BYTES, params);
    transfer_barrier(cur->cmd);
    vkCmdCopyBuffer(cur->cmd, cur->params, cur->result, 1, &whole);
    vkEndCommandBuffer(cur->cmd);
    VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                       .pCommandBuffers = &cur->cmd};
    vkQueueSubmit(ctx->queue, 1, &si, cur->fence);
}

int main(void)
{
    struct lite ctx;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    for (unsigned i = 0; i < 2; i++) {
        struct frame_state *s = &states[i];
        VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                                 .flags = VK_FENCE_CREATE_SIGNALED_BIT};
        VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                       .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                       .queueFamilyIndex = ctx.family};
        if (vkCreateFence(ctx.device, &fci, NULL, &s->fence) != VK_SUCCESS ||
            vkCreateCommandPool(ctx.device, &pci, NULL, &s->pool) != VK_SUCCESS ||
            vkAllocateCommandBuffers(ctx.device, &(VkCommandBufferAllocateInfo){
                                         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = s->pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1}, &s->cmd) != VK_SUCCESS ||
            lite_buffer(&ctx, BYTES, usage, &s->params, &s->memory[0]) != VK_SUCCESS ||
            lite_buffer(&ctx, BYTES, usage, &s->result, &s->memory[1]) != VK_SUCCESS ||
            lite_buffer(&ctx, BYTES, usage, &s->history, &s->memory[2]) != VK_SUCCESS)
            return 1;
    }
    for (unsigned n = 0; n < FRAMES; n++)
        record_frame(&ctx, n);
    vkDeviceWaitIdle(ctx.device);
    printf("last frame %u\n", states[(FRAMES - 1) & 1].frame);
    return 0;
}
