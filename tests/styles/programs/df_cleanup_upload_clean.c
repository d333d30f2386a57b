// EXPECT: clean
// df_cleanup_upload_raw fixed: a barrier between the upload and the copy
// into the history slot.
#include "defer.h"

#define BYTES 512
#define FRAMES 2

struct app {
    struct lite ctx;
    struct defer_stack cleanup;
    struct owned_buffer staging, vertices, history;
    VkCommandBuffer cmd[FRAMES];
};

static int make_buffer(struct app *app, struct owned_buffer *o, VkDeviceSize size)
{
    o->device = app->ctx.device;
    if (lite_buffer(&app->ctx, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &o->buffer,
                    &o->memory) != VK_SUCCESS)
        return -1;
    return defer_push(&app->cleanup, destroy_owned_buffer, o);
}

static int fail(struct app *app, const char *what)
{
    fprintf(stderr, "%s failed\n", what);
    defer_run(&app->cleanup);
    return 1;
}

static void record_frame(struct app *app, unsigned frame)
{
    VkCommandBuffer cmd = app->cmd[frame];
    VkBufferCopy upload = {0, 0, BYTES};
    VkBufferCopy keep = {0, (VkDeviceSize)frame * BYTES, BYTES};
    vkCmdCopyBuffer(cmd, app->staging.buffer, app->vertices.buffer, 1, &upload);
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
    vkCmdCopyBuffer(cmd, app->vertices.buffer, app->history.buffer, 1, &keep);
}

int main(void)
{
    static struct app app;

    if (lite_init(&app.ctx) != 0)
        return 1;
    if (make_buffer(&app, &app.staging, BYTES))
        return fail(&app, "staging buffer");
    if (make_buffer(&app, &app.vertices, BYTES))
        return fail(&app, "vertex buffer");
    if (make_buffer(&app, &app.history, BYTES * FRAMES))
        return fail(&app, "history buffer");
    if (lite_alloc(&app.ctx, FRAMES, app.cmd) != VK_SUCCESS)
        return fail(&app, "command buffers");
    defer_push(&app.cleanup, wait_device_idle, &app.ctx.device);

    void *mapped;
    if (vkMapMemory(app.ctx.device, app.staging.memory, 0, BYTES, 0, &mapped) != VK_SUCCESS)
        return fail(&app, "map");
    memset(mapped, 0x42, BYTES);
    vkUnmapMemory(app.ctx.device, app.staging.memory);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    for (unsigned frame = 0; frame < FRAMES; frame++) {
        vkBeginCommandBuffer(app.cmd[frame], &begin);
        record_frame(&app, frame);
        vkEndCommandBuffer(app.cmd[frame]);
        if (lite_submit(&app.ctx, 1, &app.cmd[frame]) != VK_SUCCESS)
            return fail(&app, "submit");
    }
    defer_run(&app.cleanup);
    printf("%d frames\n", FRAMES);
    return 0;
}
