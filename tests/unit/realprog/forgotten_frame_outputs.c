/* Two frames in flight, each with its fence, command buffer and output
   buffer made by one helper called in a loop (`&f->out`: two objects,
   kept in frames[0].out and frames[1].out).  A file watcher's callback,
   called through a pointer with the application as its `void *` user
   data, records nothing and is not followed, so the application struct
   is forgotten after it: the frames' handles are new unknowns.  Looked up
   by the struct member that keeps them, every forgotten `out` was the
   output buffer made last, and a frame's copy "wrote" the other frame's
   buffer across a fence wait that does not cover it: a false WAW.  The
   setup's fill and copy have no barrier between them without
   WITH_BARRIER (the one RAW). */
#include <stdint.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkQueue *queue, VkCommandPool *pool, VkBuffer *table,
                    VkBuffer *scratch);

struct watch {
    void (*on_change)(void *user);
    void *user;
    unsigned fires_at;
};

struct frame {
    VkCommandBuffer cb;
    VkFence fence;
    VkBuffer out;
};

struct app {
    VkDevice device;
    VkQueue queue;
    VkBuffer table;
    struct frame frames[2];
    struct watch watch;
    int reload;
};

static void on_change(void *user)
{
    struct app *a = user;
    a->reload = 1;
}

static void make_frame(struct app *a, VkCommandPool pool, struct frame *f)
{
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, 256,
                              VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(a->device, &bci, NULL, &f->out);
    VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, NULL,
                             VK_FENCE_CREATE_SIGNALED_BIT};
    vkCreateFence(a->device, &fci, NULL, &f->fence);
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    vkAllocateCommandBuffers(a->device, &ai, &f->cb);
}

int main(void)
{
    static struct app app;
    VkCommandPool pool;
    VkBuffer scratch;
    if (gpu_open(&app.device, &app.queue, &pool, &app.table, &scratch))
        return 1;
    for (unsigned i = 0; i < 2; i++)
        make_frame(&app, pool, &app.frames[i]);
    app.watch = (struct watch){on_change, &app, 2};

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkBufferCopy r = {0, 0, 256};
    VkCommandBuffer setup;
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    vkAllocateCommandBuffers(app.device, &ai, &setup);
    vkBeginCommandBuffer(setup, &bi);
    vkCmdFillBuffer(setup, app.table, 0, 256, 1);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(setup, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
#endif
    vkCmdCopyBuffer(setup, app.table, scratch, 1, &r);
    vkEndCommandBuffer(setup);
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &setup};
    vkQueueSubmit(app.queue, 1, &si, VK_NULL_HANDLE);
    vkQueueWaitIdle(app.queue);

    for (unsigned n = 0; n < 5; n++) {
        if (n == app.watch.fires_at)
            app.watch.on_change(app.watch.user);
        if (app.reload) {
            vkDeviceWaitIdle(app.device);
            app.reload = 0;
        }
        struct frame *f = &app.frames[n % 2];
        vkWaitForFences(app.device, 1, &f->fence, VK_TRUE, UINT64_MAX);
        vkResetFences(app.device, 1, &f->fence);
        vkBeginCommandBuffer(f->cb, &bi);
        vkCmdCopyBuffer(f->cb, app.table, f->out, 1, &r);
        vkEndCommandBuffer(f->cb);
        VkSubmitInfo fsi = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &f->cb};
        vkQueueSubmit(app.queue, 1, &fsi, f->fence);
    }
    return 0;
}
