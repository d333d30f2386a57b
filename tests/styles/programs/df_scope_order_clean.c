// EXPECT: clean
// df_scope_order_raw fixed: the pass pushes its readback first and its
// closing barrier last, so the stack, run in reverse, records the barrier
// before the readback's copy.
#include "defer.h"

#define BYTES 2048

struct scene {
    struct owned_buffer target, readback;
    VkCommandBuffer cmd;
};

struct barrier_arg {
    VkCommandBuffer cmd;
    VkBuffer buffer;
};

struct copy_arg {
    VkCommandBuffer cmd;
    VkBuffer from, to;
    VkDeviceSize size;
};

static void close_barrier(void *p)
{
    const struct barrier_arg *a = p;
    VkBufferMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                               .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .buffer = a->buffer,
                               .offset = 0,
                               .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(a->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static void record_readback(void *p)
{
    const struct copy_arg *a = p;
    VkBufferCopy region = {0, 0, a->size};
    vkCmdCopyBuffer(a->cmd, a->from, a->to, 1, &region);
}

static void draw_pass(struct scene *s)
{
    struct defer_stack scope = {0};
    struct barrier_arg closing = {s->cmd, s->target.buffer};
    struct copy_arg readback = {s->cmd, s->target.buffer, s->readback.buffer, BYTES};

    defer_push(&scope, record_readback, &readback);
    defer_push(&scope, close_barrier, &closing);
    vkCmdFillBuffer(s->cmd, s->target.buffer, 0, BYTES, 0x33333333u);
    defer_run(&scope);
}

int main(void)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct defer_stack cleanup = {0};
    struct lite ctx;
    struct scene scene;

    if (lite_init(&ctx) != 0)
        return 1;
    scene.target.device = scene.readback.device = ctx.device;
    if (lite_buffer(&ctx, BYTES, usage, &scene.target.buffer, &scene.target.memory) != VK_SUCCESS) {
        defer_run(&cleanup);
        return 1;
    }
    defer_push(&cleanup, destroy_owned_buffer, &scene.target);
    if (lite_buffer(&ctx, BYTES, usage, &scene.readback.buffer, &scene.readback.memory) != VK_SUCCESS) {
        defer_run(&cleanup);
        return 1;
    }
    defer_push(&cleanup, destroy_owned_buffer, &scene.readback);
    defer_push(&cleanup, wait_device_idle, &ctx.device);
    if (lite_alloc(&ctx, 1, &scene.cmd) != VK_SUCCESS) {
        defer_run(&cleanup);
        return 1;
    }

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(scene.cmd, &begin);
    draw_pass(&scene);
    vkEndCommandBuffer(scene.cmd);
    int status = lite_submit(&ctx, 1, &scene.cmd) == VK_SUCCESS ? 0 : 1;
    defer_run(&cleanup);
    printf("done: %d\n", status);
    return status;
}
