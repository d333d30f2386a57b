/* A free-list pool of staging buffers: pool_get hands out a buffer put
   back before, or makes one into the pool's array and returns a copy of
   the handle; pool_put finds the handle in the array (`p->items[i] ==
   b`) and puts its slot on the free list.  Each upload job puts its
   staging buffer back as soon as its copy is recorded, so the next job
   refills the same buffer; the fixed program orders the refill after the
   copy. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct pool {
    VkDevice dev;
    VkBuffer items[8];
    uint32_t count;
    uint32_t free[8];
    uint32_t free_count;
};

static VkBuffer pool_get(struct pool *p)
{
    if (p->free_count > 0)
        return p->items[p->free[--p->free_count]];
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 256,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(p->dev, &bi, NULL, &p->items[p->count]);
    return p->items[p->count++];
}

static void pool_put(struct pool *p, VkBuffer b)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (p->items[i] == b) {
            p->free[p->free_count++] = i;
            return;
        }
}

static struct pool pool;

static void barrier(VkCommandBuffer cmd, VkAccessFlags src, VkAccessFlags dst)
{
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, src, dst};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                         NULL, 0, NULL);
}

static void upload(VkCommandBuffer cmd, VkBuffer dst, uint32_t slot, const uint32_t *words)
{
    VkBuffer staging = pool_get(&pool);
#ifdef WITH_BARRIER
    barrier(cmd, VK_ACCESS_TRANSFER_READ_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
#endif
    vkCmdUpdateBuffer(cmd, staging, 0, 256, words);
    barrier(cmd, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferCopy r = {0, slot * 256u, 256};
    vkCmdCopyBuffer(cmd, staging, dst, 1, &r);
    pool_put(&pool, staging);
}

int main(void)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkBuffer vertices;
    static uint32_t words[64];
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 1024,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(pool.dev, &bi, NULL, &vertices);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    for (uint32_t j = 0; j < 3; j++)
        upload(cmd, vertices, j, words);
    vkEndCommandBuffer(cmd);
    return 0;
}
