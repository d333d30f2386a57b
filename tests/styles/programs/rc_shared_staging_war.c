// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 34
// Reference-counted buffers (refobj.h): each frame in flight holds a
// reference to every buffer it records with, dropped when its fence has
// signalled, and a buffer is destroyed through its class when the last
// reference goes.  The staging buffer is made once and shared: frame 1
// refills it while frame 0's copy out of it may still run (two frames in
// flight, each waiting only for its own fence).
#include "refobj.h"

#define FRAMES 3
#define BYTES 256

struct renderer {
    struct lite ctx;
    struct rc_frame frames[2];
    struct gbuf *staging;
    struct gbuf *targets[2];
};

static struct gbuf *staging_for_frame(struct renderer *r, struct rc_frame *f)
{
    return frame_use(f, r->staging);
}

static void draw_frame(struct renderer *r, unsigned n)
{
    struct rc_frame *f = &r->frames[n % 2];
    uint32_t words[BYTES / 4];

    frame_begin(&r->ctx, f);
    for (unsigned i = 0; i < BYTES / 4; i++)
        words[i] = n * 1000u + i;
    struct gbuf *staging = staging_for_frame(r, f);
    vkCmdUpdateBuffer(f->cmd, staging->buffer, 0, BYTES, words);
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                         NULL, 0, NULL);
    struct gbuf *target = frame_use(f, r->targets[n % 2]);
    VkBufferCopy region = {0, 0, BYTES};
    vkCmdCopyBuffer(f->cmd, staging->buffer, target->buffer, 1, &region);
    frame_submit(&r->ctx, f);
}

int main(void)
{
    static struct renderer r;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&r.ctx) != 0)
        return 1;
    for (unsigned i = 0; i < 2; i++) {
        if (frame_init(&r.ctx, &r.frames[i]) != VK_SUCCESS)
            return 1;
        r.targets[i] = gbuf_new(&r.ctx, BYTES, usage);
        if (!r.targets[i])
            return 1;
    }
    r.staging = gbuf_new(&r.ctx, BYTES, usage);
    if (!r.staging)
        return 1;

    for (unsigned n = 0; n < FRAMES; n++)
        draw_frame(&r, n);

    vkDeviceWaitIdle(r.ctx.device);
    for (unsigned i = 0; i < 2; i++) {
        frame_release(&r.frames[i]);
        obj_unref(&r.targets[i]->base);
    }
    obj_unref(&r.staging->base);
    printf("%d frames\n", FRAMES);
    return 0;
}
