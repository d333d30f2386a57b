/* A submission wrapper freed by GCC's cleanup attribute, as GLib's
   g_autoptr frees: freeing a submitted wrapper waits for its fence.  Each
   chunk is written into one staging buffer by vkCmdUpdateBuffer and copied
   out, one submission a chunk.  The fixed program declares the wrapper
   `AUTO(submission)` inside the loop body, so its cleanup waits for the
   chunk's copy before the next update; without it the wrapper is never
   freed and the next update overwrites what the copy may still read. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkQueue *queue, VkCommandPool *pool, VkBuffer *staging,
                    VkBuffer *mesh);

struct submission {
    VkDevice device;
    VkCommandBuffer cb;
    VkFence fence;
    int submitted;
};

static void submission_free(struct submission *s)
{
    if (s->submitted)
        vkWaitForFences(s->device, 1, &s->fence, VK_TRUE, UINT64_MAX);
    vkDestroyFence(s->device, s->fence, NULL);
    free(s);
}

static void submission_cleanup(struct submission **p)
{
    if (*p)
        submission_free(*p);
}

#ifdef WITH_BARRIER
#define AUTO(type) __attribute__((cleanup(type##_cleanup))) struct type *
#else
#define AUTO(type) struct type *
#endif

static struct submission *submission_begin(VkDevice device, VkCommandPool pool)
{
    struct submission *s = calloc(1, sizeof *s);
    s->device = device;
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    vkAllocateCommandBuffers(device, &ai, &s->cb);
    VkFenceCreateInfo fi = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    vkCreateFence(device, &fi, NULL, &s->fence);
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(s->cb, &bi);
    return s;
}

int main(void)
{
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkBuffer staging, mesh;
    if (gpu_open(&device, &queue, &pool, &staging, &mesh))
        return 1;
    for (unsigned i = 0; i < 2; i++) {
        AUTO(submission) chunk = submission_begin(device, pool);
        unsigned words[64] = {i};
        vkCmdUpdateBuffer(chunk->cb, staging, 0, sizeof words, words);
        VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                              VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(chunk->cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        VkBufferCopy r = {0, i * sizeof words, sizeof words};
        vkCmdCopyBuffer(chunk->cb, staging, mesh, 1, &r);
        vkEndCommandBuffer(chunk->cb);
        VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &chunk->cb};
        vkQueueSubmit(queue, 1, &si, chunk->fence);
        chunk->submitted = 1;
    }
    return 0;
}
