/* Render targets found by name, as a data-driven renderer does when its
   passes come from a description ("shadow.depth", "hdr.color"): targets
   live in hash buckets chosen by a djb2 hash of the name and are found by
   strcmp along the bucket.  The shadow pass clears its target and the
   resolve pass reads it back; the barrier between them names the target
   again - in this version the wrong one, "hdr.color", so the read of
   "shadow.depth" is not ordered after the clear. */
#include <string.h>
#include <vulkan/vulkan.h>

#define BUCKETS 4
#define PER_BUCKET 4

struct target {
    const char *name;
    VkBuffer buffer;
};

static struct target buckets[BUCKETS][PER_BUCKET];

static unsigned djb2(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

static struct target *target_find(const char *name)
{
    struct target *bucket = buckets[djb2(name) % BUCKETS];
    for (int i = 0; i < PER_BUCKET; i++) {
        if (!bucket[i].name)
            return NULL;
        if (!strcmp(bucket[i].name, name))
            return &bucket[i];
    }
    return NULL;
}

static void target_add(const char *name, VkBuffer buffer)
{
    struct target *bucket = buckets[djb2(name) % BUCKETS];
    for (int i = 0; i < PER_BUCKET; i++)
        if (!bucket[i].name) {
            bucket[i].name = name;
            bucket[i].buffer = buffer;
            return;
        }
}

extern VkBuffer gpu_buffer(VkDeviceSize size);
extern int gpu_open(VkCommandBuffer *cb, VkQueue *queue);

static void transfer_barrier(VkCommandBuffer cb, const char *name)
{
    struct target *t = target_find(name);
    if (!t)
        return;
    VkBufferMemoryBarrier b = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    b.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.buffer = t->buffer;
    b.size = VK_WHOLE_SIZE;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &b, 0, NULL);
}

int main(void)
{
    VkCommandBuffer cb;
    VkQueue queue;
    if (gpu_open(&cb, &queue))
        return 1;
    target_add("shadow.depth", gpu_buffer(1 << 20));
    target_add("hdr.color", gpu_buffer(1 << 22));
    target_add("resolve.out", gpu_buffer(1 << 22));

    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &begin);
    vkCmdFillBuffer(cb, target_find("shadow.depth")->buffer, 0, VK_WHOLE_SIZE, 0);
#ifdef WITH_BARRIER
    transfer_barrier(cb, "shadow.depth");
#else
    transfer_barrier(cb, "hdr.color");
#endif
    VkBufferCopy all = {0, 0, 1 << 20};
    vkCmdCopyBuffer(cb, target_find("shadow.depth")->buffer, target_find("resolve.out")->buffer,
                    1, &all);
    vkEndCommandBuffer(cb);
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    return vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE) != VK_SUCCESS;
}
