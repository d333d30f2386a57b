/* Passes queued in any order with a sort key and sorted with qsort and
   the program's comparator before they are recorded, as render queues
   sort by layer or material.  Sorted, the first pass writes the buffer
   the second reads; the fixed loop puts a barrier between passes. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct pass {
    int order;
    VkBuffer src, dst;
};

extern int gpu_open(VkCommandBuffer *cb, VkBuffer buffers[3]);

static int by_order(const void *a, const void *b)
{
    const struct pass *x = a, *y = b;
    return x->order - y->order;
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer b[3];
    if (gpu_open(&cb, b))
        return 1;
    struct pass passes[3] = {{30, b[2], b[0]}, {20, b[1], b[2]}, {10, b[0], b[1]}};
    qsort(passes, 3, sizeof passes[0], by_order);

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    VkBufferCopy r = {0, 0, 64};
    for (int i = 0; i < 2; i++) {
#ifdef WITH_BARRIER
        if (i > 0) {
            VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                                  VK_ACCESS_TRANSFER_READ_BIT};
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                                 &mb, 0, NULL, 0, NULL);
        }
#endif
        vkCmdCopyBuffer(cb, passes[i].src, passes[i].dst, 1, &r);
    }
    vkEndCommandBuffer(cb);
    return 0;
}
