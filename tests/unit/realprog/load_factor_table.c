/* Buffers kept in a small hash map keyed by asset id, open addressing with
   linear probing, grown and rehashed by a load factor as klib's khash is
   (`upper_bound = (khint_t)(n_buckets * __ac_HASH_UPPER + 0.5)`): each
   insertion first tests whether the map is full enough to grow, against a
   bound computed through a double.  The frame uploads the staging buffer
   (asset 5) into the mesh (asset 17), then clears the mesh through the
   handle it was registered with; the fixed frame has a barrier between
   the copy and the clear. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

static const double LOAD_FACTOR = 0.75;

struct map {
    unsigned buckets, size, upper_bound;
    unsigned char *used;
    unsigned *keys;
    VkBuffer *vals;
};

extern int gpu_open(VkCommandBuffer *cb, VkBuffer buffers[4]);

static unsigned slot_of(const struct map *m, unsigned key)
{
    unsigned i = key & (m->buckets - 1);
    while (m->used[i] && m->keys[i] != key)
        i = (i + 1) & (m->buckets - 1);
    return i;
}

static int grow(struct map *m)
{
    struct map bigger = {m->buckets ? m->buckets * 2 : 4, 0, 0, NULL, NULL, NULL};
    bigger.used = calloc(bigger.buckets, 1);
    bigger.keys = malloc(bigger.buckets * sizeof *bigger.keys);
    bigger.vals = malloc(bigger.buckets * sizeof *bigger.vals);
    if (!bigger.used || !bigger.keys || !bigger.vals)
        return -1;
    for (unsigned j = 0; j < m->buckets; j++) {
        if (!m->used[j])
            continue;
        unsigned i = slot_of(&bigger, m->keys[j]);
        bigger.used[i] = 1;
        bigger.keys[i] = m->keys[j];
        bigger.vals[i] = m->vals[j];
    }
    bigger.size = m->size;
    bigger.upper_bound = (unsigned)(bigger.buckets * LOAD_FACTOR + 0.5);
    free(m->used);
    free(m->keys);
    free(m->vals);
    *m = bigger;
    return 0;
}

static int put(struct map *m, unsigned key, VkBuffer b)
{
    if (m->size >= m->upper_bound && grow(m) < 0)
        return -1;
    unsigned i = slot_of(m, key);
    if (!m->used[i]) {
        m->used[i] = 1;
        m->keys[i] = key;
        m->size++;
    }
    m->vals[i] = b;
    return 0;
}

static VkBuffer get(const struct map *m, unsigned key)
{
    unsigned i = slot_of(m, key);
    return m->used[i] ? m->vals[i] : VK_NULL_HANDLE;
}

int main(void)
{
    static const unsigned ids[4] = {5, 9, 12, 17};
    VkCommandBuffer cb;
    VkBuffer buffers[4];
    struct map assets = {0, 0, 0, NULL, NULL, NULL};
    if (gpu_open(&cb, buffers))
        return 1;
    for (int i = 0; i < 4; i++)
        if (put(&assets, ids[i], buffers[i]) < 0)
            return 1;

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, get(&assets, 5), 0, 256, 1);
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
    VkBufferCopy r = {0, 0, 256};
    vkCmdCopyBuffer(cb, get(&assets, 5), get(&assets, 17), 1, &r);
#ifdef WITH_BARRIER
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
#endif
    vkCmdFillBuffer(cb, buffers[3], 0, 256, 0);
    vkEndCommandBuffer(cb);
    return 0;
}
