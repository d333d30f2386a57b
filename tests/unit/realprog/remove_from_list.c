/* The frame's targets in an array; one target is dropped at start-up by
   shifting the ones after it down with memmove, as dynamic arrays remove
   an element (`memmove (&v[i], &v[i + 1], (n - i - 1) * sizeof *v)`).
   The frame clears the last remaining target - the one that was last
   before the removal - and copies that one out; the fixed frame has a
   barrier between the clear and the copy. */
#include <string.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkCommandBuffer *cb, VkBuffer buffers[4], VkBuffer *readback);

static unsigned remove_at(VkBuffer *list, unsigned count, unsigned i)
{
    memmove(&list[i], &list[i + 1], (count - i - 1) * sizeof *list);
    return count - 1;
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer targets[4], readback;
    if (gpu_open(&cb, targets, &readback))
        return 1;
    VkBuffer last = targets[3];
    unsigned count = remove_at(targets, 4, 1);

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, targets[count - 1], 0, 64, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
#endif
    VkBufferCopy r = {0, 0, 64};
    vkCmdCopyBuffer(cb, last, readback, 1, &r);
    vkEndCommandBuffer(cb);
    return 0;
}
