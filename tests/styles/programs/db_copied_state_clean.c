// EXPECT: clean
// db_copied_state_war fixed: the frame restores its own scratch buffer
// after the copy too, so each frame in flight clears only its own.
#include "lite.h"

#define FRAMES 3
#define BYTES 256

struct frame_sync {
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
};

struct frame_state {
    struct frame_sync sync;
    VkBuffer scratch, output;
    VkDeviceMemory memory[2];
    uint32_t clear_value;
    unsigned frame;
};

static struct frame_state states[2];

static void begin_state(struct frame_state *cur, const struct frame_state *prev, unsigned n)
{
    struct frame_sync sync = cur->sync;
    VkBuffer output = cur->output, scratch = cur->scratch;
    memcpy(cur, prev, sizeof *cur); /* settings carry forward */
    cur->sync = sync;
    cur->output = output;
    cur->scratch = scratch;
    cur->frame = n;
    cur->clear_value = prev->clear_value + 1;
}

static void record(struct lite *ctx, struct frame_state *s)
{
    VkBufferCopy whole = {0, 0, BYTES};
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkResetCommandPool(ctx->device, s->sync.pool, 0);
    vkBeginCommandBuffer(s->sync.cmd, &begin);
    vkCmdFillBuffer(s->sync.cmd, s->scratch, 0, BYTES, s->clear_value);
    vkCmdPipelineBarrier(s->sync.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                         NULL, 0, NULL);
    vkCmdCopyBuffer(s->sync.cmd, s->scratch, s->output, 1, &whole);
    vkEndCommandBuffer(s->sync.cmd);
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
                                       .queueFamilyIndex = ctx.family};
        if (vkCreateFence(ctx.device, &fci, NULL, &s->sync.fence) != VK_SUCCESS ||
            vkCreateCommandPool(ctx.device, &pci, NULL, &s->sync.pool) != VK_SUCCESS ||
            vkAllocateCommandBuffers(ctx.device, &(VkCommandBufferAllocateInfo){
                                         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = s->sync.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1}, &s->sync.cmd) != VK_SUCCESS ||
            lite_buffer(&ctx, BYTES, usage, &s->scratch, &s->memory[0]) != VK_SUCCESS ||
            lite_buffer(&ctx, BYTES, usage, &s->output, &s->memory[1]) != VK_SUCCESS)
            return 1;
    }
    for (unsigned n = 0; n < FRAMES; n++) {
        struct frame_state *cur = &states[n & 1];
        const struct frame_state *prev = &states[(n + 1) & 1];
        vkWaitForFences(ctx.device, 1, &cur->sync.fence, VK_TRUE, UINT64_MAX);
        vkResetFences(ctx.device, 1, &cur->sync.fence);
        begin_state(cur, prev, n);
        record(&ctx, cur);
        VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                           .pCommandBuffers = &cur->sync.cmd};
        vkQueueSubmit(ctx.queue, 1, &si, cur->sync.fence);
    }
    vkDeviceWaitIdle(ctx.device);
    printf("last clear value %u\n", states[(FRAMES - 1) & 1].clear_value);
    return 0;
}
