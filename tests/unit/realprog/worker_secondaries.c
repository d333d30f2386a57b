/* Worker threads record one secondary command buffer each, from a command
   pool of their own, copying their slice of the staging buffer into the
   vertex buffer, and end with pthread_exit; the main thread joins them,
   executes the secondaries in its primary and copies the whole vertex
   buffer out.  The fixed program has a barrier before that copy. */
#include <pthread.h>
#include <vulkan/vulkan.h>

#define WORKERS 3
#define SLICE 256

struct worker {
    pthread_t thread;
    VkDevice device;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer src, dst;
    VkDeviceSize offset;
};

extern int gpu_open(VkDevice *device, VkCommandPool pools[WORKERS], VkCommandBuffer *primary,
                    VkBuffer buffers[3]);

static void *record_slice(void *arg)
{
    struct worker *w = arg;
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, w->pool,
                                      VK_COMMAND_BUFFER_LEVEL_SECONDARY, 1};
    if (vkAllocateCommandBuffers(w->device, &ai, &w->cmd) != VK_SUCCESS)
        return NULL;
    VkCommandBufferInheritanceInfo ii = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL, 0, &ii};
    vkBeginCommandBuffer(w->cmd, &bi);
    VkBufferCopy r = {w->offset, w->offset, SLICE};
    vkCmdCopyBuffer(w->cmd, w->src, w->dst, 1, &r);
    vkEndCommandBuffer(w->cmd);
    pthread_exit(NULL);
}

int main(void)
{
    VkDevice device;
    VkCommandPool pools[WORKERS];
    VkCommandBuffer cb;
    VkBuffer b[3];
    if (gpu_open(&device, pools, &cb, b))
        return 1;

    struct worker workers[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        workers[i] = (struct worker){.device = device, .pool = pools[i], .src = b[0], .dst = b[1],
                                     .offset = (VkDeviceSize)i * SLICE};
        pthread_create(&workers[i].thread, NULL, record_slice, &workers[i]);
    }
    VkCommandBuffer secondaries[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        pthread_join(workers[i].thread, NULL);
        secondaries[i] = workers[i].cmd;
    }

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdExecuteCommands(cb, WORKERS, secondaries);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
#endif
    VkBufferCopy whole = {0, 0, WORKERS * SLICE};
    vkCmdCopyBuffer(cb, b[1], b[2], 1, &whole);
    vkEndCommandBuffer(cb);
    return 0;
}
