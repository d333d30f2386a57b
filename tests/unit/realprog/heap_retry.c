/* A driver-style resource constructor: the heap is picked from the usage
   by a chain of ifs, the allocation is retried once in a fallback heap
   with `goto retry` (the fallback chosen by an if/else in one constructor
   and by a conditional expression in the other), and failures unwind
   through `fail` labels.  The caller uploads into a staging resource and
   copies it into a device resource. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

enum heap_kind { HEAP_DEVICE, HEAP_DEVICE_VISIBLE, HEAP_HOST, HEAP_HOST_CACHED };

struct block {
    VkDeviceMemory memory;
    enum heap_kind heap;
};

struct resource {
    VkBuffer buffer;
    struct block *block;
    VkDeviceSize size;
};

struct screen {
    VkDevice dev;
    bool has_rebar;
};

/* The allocator: an opaque library call that may fail. */
extern struct block *heap_alloc(struct screen *screen, enum heap_kind heap, VkDeviceSize size);
extern void heap_free(struct screen *screen, struct block *block);

static enum heap_kind heap_for(const struct screen *screen, bool staging, bool dynamic)
{
    enum heap_kind heap;
    if (staging)
        heap = HEAP_HOST_CACHED;
    else if (dynamic && screen->has_rebar)
        heap = HEAP_DEVICE_VISIBLE;
    else if (dynamic)
        heap = HEAP_HOST;
    else
        heap = HEAP_DEVICE;
    return heap;
}

static struct resource *resource_create(struct screen *screen, VkDeviceSize size,
                                        bool staging, bool dynamic)
{
    struct resource *res = calloc(1, sizeof(*res));
    if (!res)
        return NULL;
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    if (vkCreateBuffer(screen->dev, &info, NULL, &res->buffer) != VK_SUCCESS)
        goto fail_res;

    enum heap_kind heap = heap_for(screen, staging, dynamic);
retry:
    res->block = heap_alloc(screen, heap, size);
    if (!res->block) {
        /* out of the small visible heap: once more where it is large */
        if (heap == HEAP_DEVICE_VISIBLE) {
            if (dynamic)
                heap = HEAP_HOST;
            else
                heap = HEAP_DEVICE;
            goto retry;
        }
        goto fail_buffer;
    }
    if (vkBindBufferMemory(screen->dev, res->buffer, res->block->memory, 0) != VK_SUCCESS)
        goto fail_block;
    res->size = size;
    return res;

fail_block:
    heap_free(screen, res->block);
fail_buffer:
    vkDestroyBuffer(screen->dev, res->buffer, NULL);
fail_res:
    free(res);
    return NULL;
}

static struct resource *staging_create(struct screen *screen, VkDeviceSize size, bool cached)
{
    struct resource *res = calloc(1, sizeof(*res));
    if (!res)
        return NULL;
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
    };
    if (vkCreateBuffer(screen->dev, &info, NULL, &res->buffer) != VK_SUCCESS)
        goto fail_res;
    enum heap_kind heap = HEAP_DEVICE_VISIBLE;
retry:
    res->block = heap_alloc(screen, heap, size);
    if (!res->block) {
        if (heap == HEAP_DEVICE_VISIBLE) {
            heap = cached ? HEAP_HOST_CACHED : HEAP_HOST;
            goto retry;
        }
        goto fail_buffer;
    }
    vkBindBufferMemory(screen->dev, res->buffer, res->block->memory, 0);
    res->size = size;
    return res;

fail_buffer:
    vkDestroyBuffer(screen->dev, res->buffer, NULL);
fail_res:
    free(res);
    return NULL;
}

void upload(struct screen *screen, VkCommandBuffer cmd, bool dynamic, bool cached)
{
    struct resource *staging = staging_create(screen, 4096, cached);
    struct resource *target = resource_create(screen, 4096, false, dynamic);
    if (!staging || !target)
        return;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging->buffer, 0, 4096, 0x3f800000u);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = staging->buffer,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &filled, 0, NULL);
#endif
    VkBufferCopy region = {.size = 4096};
    vkCmdCopyBuffer(cmd, staging->buffer, target->buffer, 1, &region);
    vkEndCommandBuffer(cmd);
}
