// EXPECT: clean
// Hot reload in the middle of the frame loop (hotreload.h), polled: each
// frame asks watch_changed() whether the colour table's file changed.  On
// a change the loop waits for the device, and reload_table() re-creates
// the table in the other slot, records its upload into the frame's command
// buffer and swaps the slot in (app.active); the upload barrier after it
// is on the table app.active points at once the reload has swapped it in,
// the one the grading pass reads.
#include "hotreload.h"

#define FRAME_COUNT 6

/* The device is idle: the slot the previous reload left behind is free. */
static int reload_table(struct app *a, VkCommandBuffer cmd, unsigned version)
{
    struct slot *next = &a->slots[a->index ^ 1];
    VkBufferCopy all = {.size = LUT_BYTES};

    reload_slot_destroy(a, next);
    if (reload_slot_create(a, next, version) != 0)
        return -1;
    reload_load_table(a, version);
    vkCmdCopyBuffer(cmd, a->staging, next->buffer, 1, &all);
    a->active = &a->slots[a->index ^= 1];
    return 0;
}

static void upload_barrier(VkCommandBuffer cmd, VkBuffer table)
{
    VkBufferMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = table,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                         &uploaded, 0, NULL);
}

/* The grading pass: the frame's output from the active table. */
static void grade_pass(const struct app *a, struct frame *f)
{
    VkBufferCopy all = {.size = LUT_BYTES};
    vkCmdCopyBuffer(f->cmd, a->active->buffer, f->out, 1, &all);
}

int main(void)
{
    static struct app app;
    unsigned version = 1;

    if (reload_init(&app) != 0)
        return 1;
    app.watch = (struct watch){.path = "grade.lut", .fires_at = 3};

    for (unsigned n = 0; n < FRAME_COUNT; n++) {
        int changed = n == 0 || watch_changed(&app.watch, n);
        if (changed)
            vkDeviceWaitIdle(app.vk.device);
        struct frame *f = reload_frame_begin(&app, n);
        if (changed) {
            if (reload_table(&app, f->cmd, version++) != 0)
                return 1;
            upload_barrier(f->cmd, app.active->buffer);
        }
        grade_pass(&app, f);
        if (reload_frame_submit(&app, f) != 0)
            return 1;
    }
    vkDeviceWaitIdle(app.vk.device);
    printf("table version %u\n", app.active->version);
    return 0;
}
