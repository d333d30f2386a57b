/* Buffers looked up by asset id in a table sorted by id, with bsearch and
   the program's comparator.  The frame clears the mesh (id 9) and copies
   it into the readback buffer (id 17); the fixed frame has a barrier
   between them. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct entry {
    unsigned id;
    VkBuffer buffer;
};

extern int gpu_open(VkCommandBuffer *cb, VkBuffer buffers[3]);

static int by_id(const void *key, const void *elem)
{
    unsigned k = *(const unsigned *)key;
    const struct entry *e = elem;
    return k < e->id ? -1 : k > e->id ? 1 : 0;
}

static VkBuffer lookup(const struct entry *table, size_t n, unsigned id)
{
    const struct entry *e = bsearch(&id, table, n, sizeof *table, by_id);
    return e ? e->buffer : VK_NULL_HANDLE;
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer b[3];
    if (gpu_open(&cb, b))
        return 1;
    const struct entry table[3] = {{4, b[0]}, {9, b[1]}, {17, b[2]}};
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, lookup(table, 3, 9), 0, 64, 1);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
#endif
    VkBufferCopy r = {0, 0, 64};
    vkCmdCopyBuffer(cb, lookup(table, 3, 9), lookup(table, 3, 17), 1, &r);
    vkEndCommandBuffer(cb);
    return 0;
}
