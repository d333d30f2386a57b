/* A post-processing chain whose passes are switched on by options read at
   start-up: each enabled pass copies the last output into its own buffer
   and becomes the last output.  The final copy reads the last output; the
   fixed program puts a barrier before it whenever a pass wrote what it
   reads, `if (last != src)`, comparing the handles of two buffers it
   created. */
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkCommandBuffer *cb);
extern int option_enabled(const char *name);

static VkBuffer make_buffer(VkDevice device)
{
    VkBufferCreateInfo ci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, 1024,
                             VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VkBuffer b = VK_NULL_HANDLE;
    vkCreateBuffer(device, &ci, NULL, &b);
    return b;
}

static void transfer_barrier(VkCommandBuffer cb)
{
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
}

int main(void)
{
    VkDevice device;
    VkCommandBuffer cb;
    if (gpu_open(&device, &cb))
        return 1;
    VkBuffer src = make_buffer(device);
    VkBuffer blurred = make_buffer(device);
    VkBuffer out = make_buffer(device);
    VkBuffer last = src;
    VkBufferCopy whole = {0, 0, 1024};

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, src, 0, 1024, 7);
    transfer_barrier(cb);
    if (option_enabled("blur")) {
        vkCmdCopyBuffer(cb, last, blurred, 1, &whole);
        last = blurred;
    }
#ifdef WITH_BARRIER
    if (last != src)
        transfer_barrier(cb);
#endif
    vkCmdCopyBuffer(cb, last, out, 1, &whole);
    vkEndCommandBuffer(cb);
    return 0;
}
