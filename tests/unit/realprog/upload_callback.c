/* An upload context that hands its batch to the program's flush callback
   with the user data it was given (`up->flush (up, up->user)`, a `void *`
   stored in the context at start-up): the program's function records the
   batch's copies into the frame's command buffer.  Both copies write the
   first 64 bytes of the destination; the fixed flush puts a barrier
   between them.  The frame clears the destination after the batch. */
#include <vulkan/vulkan.h>

struct uploader {
    VkBuffer staging;
    VkDeviceSize offsets[4];
    unsigned count;
    void (*flush)(struct uploader *up, void *user);
    void *user;
};

struct frame {
    VkCommandBuffer cb;
    VkBuffer dst;
};

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *staging, VkBuffer *dst);

static void flush_copies(struct uploader *up, void *user)
{
    struct frame *f = user;
    for (unsigned i = 0; i < up->count; i++) {
#ifdef WITH_BARRIER
        if (i > 0) {
            VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
            vkCmdPipelineBarrier(f->cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        }
#endif
        VkBufferCopy r = {up->offsets[i], 0, 64};
        vkCmdCopyBuffer(f->cb, up->staging, f->dst, 1, &r);
    }
}

static void uploader_flush(struct uploader *up)
{
    if (up->count) {
        up->flush(up, up->user);
        up->count = 0;
    }
}

int main(void)
{
    struct frame frame;
    struct uploader up = {.flush = flush_copies, .user = &frame};
    if (gpu_open(&frame.cb, &up.staging, &frame.dst))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(frame.cb, &bi);
    up.offsets[up.count++] = 0;
    up.offsets[up.count++] = 64;
    uploader_flush(&up);
    VkMemoryBarrier done = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                            VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(frame.cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &done, 0, NULL, 0, NULL);
    vkCmdFillBuffer(frame.cb, frame.dst, 0, 64, 0);
    vkEndCommandBuffer(frame.cb);
    return 0;
}
