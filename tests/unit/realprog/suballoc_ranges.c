/* Two sub-buffers carved out of one VkBuffer by a suballocator that
   returns { buffer, offset, size } by value, VMA users' way: the buffer
   is the heap's, created once, and copied into each range it hands out.
   Both ranges are filled, then one of them is copied out; the fixed
   program puts a barrier on the heap's buffer, whole size, before it. */
#include <string.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkCommandBuffer *cb);

struct heap {
    VkBuffer buffer;
    VkDeviceSize capacity, head;
};

struct range {
    VkBuffer buffer;
    VkDeviceSize offset, size;
};

static int heap_init(VkDevice device, struct heap *h, VkDeviceSize capacity)
{
    VkBufferCreateInfo ci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, capacity,
                             VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    memset(h, 0, sizeof *h);
    h->capacity = capacity;
    return vkCreateBuffer(device, &ci, NULL, &h->buffer) == VK_SUCCESS ? 0 : -1;
}

static struct range heap_alloc(struct heap *h, VkDeviceSize size, VkDeviceSize align)
{
    struct range r = {VK_NULL_HANDLE, 0, 0};
    VkDeviceSize off = (h->head + align - 1) & ~(align - 1);
    if (off + size > h->capacity)
        return r;
    h->head = off + size;
    r.buffer = h->buffer;
    r.offset = off;
    r.size = size;
    return r;
}

int main(void)
{
    VkDevice device;
    VkCommandBuffer cb;
    struct heap heap;
    if (gpu_open(&device, &cb) || heap_init(device, &heap, 4096))
        return 1;
    struct range a = heap_alloc(&heap, 100, 64);
    struct range b = heap_alloc(&heap, 200, 256);
    VkBuffer out = heap.buffer;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};

    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, a.buffer, a.offset, a.size, 1);
    vkCmdFillBuffer(cb, b.buffer, b.offset, b.size, 2);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier bmb = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
                                 VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                 VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                                 heap.buffer, 0, VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                         NULL, 1, &bmb, 0, NULL);
#endif
    VkBufferCopy region = {b.offset, 2048, b.size};
    vkCmdCopyBuffer(cb, b.buffer, out, 1, &region);
    vkEndCommandBuffer(cb);
    return 0;
}
