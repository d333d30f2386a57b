/* Passes named in a variadic call, as a renderer's `record (cb, n, ...)`
   takes them: the two buffers and then the pass ids, read with va_arg -
   the buffers by the variadic function, the ids by the helper it hands
   its va_list to (vfprintf's way).  The fill must be made visible to the
   copy that reads it: the SYNC pass between them, not after the copy. */
#include <stdarg.h>
#include <vulkan/vulkan.h>

enum pass { PASS_FILL, PASS_SYNC, PASS_COPY };

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *staging, VkBuffer *table);

static void record_one(VkCommandBuffer cb, int pass, VkBuffer src, VkBuffer dst)
{
    switch (pass) {
    case PASS_FILL:
        vkCmdFillBuffer(cb, src, 0, 256, 7);
        break;
    case PASS_SYNC: {
        VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                              VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             0, 1, &mb, 0, NULL, 0, NULL);
        break;
    }
    case PASS_COPY: {
        VkBufferCopy r = {0, 0, 256};
        vkCmdCopyBuffer(cb, src, dst, 1, &r);
        break;
    }
    }
}

static void record_list(VkCommandBuffer cb, VkBuffer src, VkBuffer dst, int count, va_list ap)
{
    for (int i = 0; i < count; i++)
        record_one(cb, va_arg(ap, int), src, dst);
}

static void record(VkCommandBuffer cb, int count, ...)
{
    va_list ap;
    va_start(ap, count);
    VkBuffer src = va_arg(ap, VkBuffer);
    VkBuffer dst = va_arg(ap, VkBuffer);
    record_list(cb, src, dst, count, ap);
    va_end(ap);
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer staging, table;
    if (gpu_open(&cb, &staging, &table))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
#ifdef WITH_BARRIER
    record(cb, 3, staging, table, PASS_FILL, PASS_SYNC, PASS_COPY);
#else
    record(cb, 3, staging, table, PASS_FILL, PASS_COPY, PASS_SYNC);
#endif
    vkEndCommandBuffer(cb);
    return 0;
}
