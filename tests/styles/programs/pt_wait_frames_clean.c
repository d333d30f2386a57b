// EXPECT: clean
// Protothreads (pt.h, Duff's device): the mesh upload is a task stepped
// once a frame by the main loop with that frame's command buffer; it
// copies one chunk of the staging buffer into the mesh and yields, then,
// with every chunk copied, waits with PT_WAIT_UNTIL before it reads the
// mesh back to check it.  Two frames are in flight, and the task waits
// until PT_FRAMES frames have begun since the one that copied the last
// chunk: that frame's fence has been waited for by then.
// (pt_wait_submitted_raw waits for one frame only.)
#include "pt.h"

#define CHUNK_BYTES 512
#define CHUNKS 3
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

struct upload_task {
    struct pt pt;
    VkBuffer staging, mesh, readback;
    uint32_t chunk;
    uint32_t last_copy_frame;
};

static int upload_task(struct upload_task *t, VkCommandBuffer cmd, const struct pt_frames *frames)
{
    PT_BEGIN(&t->pt);

    for (t->chunk = 0; t->chunk < CHUNKS; t->chunk++) {
        VkBufferCopy region = {
            .srcOffset = t->chunk * CHUNK_BYTES,
            .dstOffset = t->chunk * CHUNK_BYTES,
            .size = CHUNK_BYTES,
        };
        vkCmdCopyBuffer(cmd, t->staging, t->mesh, 1, &region);
        t->last_copy_frame = frames->number;
        PT_YIELD(&t->pt);
    }

    /* the last chunk's frame has been waited for */
    PT_WAIT_UNTIL(&t->pt, frames->number >= t->last_copy_frame + PT_FRAMES);

    VkBufferCopy all = {.size = CHUNKS * CHUNK_BYTES};
    vkCmdCopyBuffer(cmd, t->mesh, t->readback, 1, &all);

    PT_END(&t->pt);
}

int main(void)
{
    static struct lite vk;
    static struct pt_frames frames;
    static struct upload_task task;
    VkDeviceMemory memory[3];

    if (lite_init(&vk) != 0 || pt_frames_init(&vk, &frames) != 0)
        return 1;
    if (lite_buffer(&vk, CHUNKS * CHUNK_BYTES, USAGE, &task.staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&vk, CHUNKS * CHUNK_BYTES, USAGE, &task.mesh, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&vk, CHUNKS * CHUNK_BYTES, USAGE, &task.readback, &memory[2]) != VK_SUCCESS)
        return 1;
    PT_INIT(&task.pt);

    int running = 1;
    while (running) {
        VkCommandBuffer cmd = pt_frame_begin(&vk, &frames);
        running = PT_SCHEDULE(upload_task(&task, cmd, &frames));
        if (pt_frame_submit(&vk, &frames) != 0)
            return 1;
    }
    vkDeviceWaitIdle(vk.device);
    printf("%u frames\n", frames.number);
    return 0;
}
