// EXPECT: clean
// Hot reload in the middle of the frame loop (hotreload.h): a file watcher
// calls the program's on_change() when the colour table's file changes,
// which sets a flag; the loop sees it before the next frame, writes the new
// table into the staging buffer and uploads it with a one-time command
// buffer.  A reload waits for the device first (vkDeviceWaitIdle), frees
// the slot the reload before left behind, creates the new table there,
// uploads it and swaps the slot in through app.active.
#include "hotreload.h"

#define FRAME_COUNT 6

static void on_change(void *user, const char *path)
{
    struct app *a = user;
    printf("%s changed, reloading\n", path);
    a->reload_pending = 1;
}

/* Copies the staging buffer into the table with a command buffer of its
   own, and waits for it (lite_submit waits for the queue). */
static int upload_now(struct app *a, VkBuffer table)
{
    VkCommandBuffer cmd;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VkBufferCopy all = {.size = LUT_BYTES};
    VkMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    if (lite_alloc(&a->vk, 1, &cmd) != VK_SUCCESS || vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS)
        return -1;
    vkCmdCopyBuffer(cmd, a->staging, table, 1, &all);
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &uploaded, 0,
                         NULL, 0, NULL);
    if (vkEndCommandBuffer(cmd) != VK_SUCCESS || lite_submit(&a->vk, 1, &cmd) != VK_SUCCESS)
        return -1;
    vkFreeCommandBuffers(a->vk.device, a->vk.pool, 1, &cmd);
    return 0;
}

int main(void)
{
    static struct app app;
    unsigned version = 1;

    if (reload_init(&app) != 0 || reload_slot_create(&app, &app.slots[0], version) != 0)
        return 1;
    app.active = &app.slots[app.index];
    app.watch = (struct watch){.path = "grade.lut", .fires_at = 3, .on_change = on_change, .user = &app};
    reload_load_table(&app, version);
    if (upload_now(&app, app.active->buffer) != 0)
        return 1;

    for (unsigned n = 0; n < FRAME_COUNT; n++) {
        watch_poll(&app.watch, n);
        if (app.reload_pending) {
            app.reload_pending = 0;
            vkDeviceWaitIdle(app.vk.device);
            struct slot *next = &app.slots[app.index ^ 1];
            reload_slot_destroy(&app, next);
            if (reload_slot_create(&app, next, ++version) != 0)
                return 1;
            reload_load_table(&app, version);
            if (upload_now(&app, next->buffer) != 0)
                return 1;
            app.active = &app.slots[app.index ^= 1];
        }
        struct frame *f = reload_frame_begin(&app, n);
        VkBufferCopy all = {.size = LUT_BYTES};
        vkCmdCopyBuffer(f->cmd, app.active->buffer, f->out, 1, &all);
        if (reload_frame_submit(&app, f) != 0)
            return 1;
    }
    vkDeviceWaitIdle(app.vk.device);
    printf("table version %u\n", app.active->version);
    return 0;
}
