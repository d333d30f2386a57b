/*
 * transient.h - transient buffers that alias one memory block, as engines
 * place short-lived resources: the buffers are created first, their
 * requirements are merged (the largest size, the strictest alignment, the
 * memory types they all accept), one VkDeviceMemory is allocated for the
 * lot and each buffer is bound at the offset its lifetime allows - the
 * same offset for two buffers that are never live at once.
 *
 *     struct transient_heap heap;
 *     VkBuffer a = transient_buffer(&ctx, 4096, usage);
 *     VkBuffer b = transient_buffer(&ctx, 4096, usage);
 *     transient_begin(&heap);
 *     transient_require(&heap, &ctx, a, 0);  // aliased: both at offset 0
 *     transient_require(&heap, &ctx, b, 0);
 *     transient_allocate(&heap, &ctx);
 *     vkBindBufferMemory(ctx.device, a, heap.memory, 0);
 *     vkBindBufferMemory(ctx.device, b, heap.memory, 0);
 *
 * Reusing the bytes of a buffer whose lifetime has ended through another
 * buffer is an access to the same memory: the commands that use the two
 * aliases need a memory dependency between them as if they were one.
 */
#ifndef TRANSIENT_H
#define TRANSIENT_H

#include "lite.h"

struct transient_heap {
    VkDeviceMemory memory;
    VkDeviceSize size;       /* bytes the aliased placements need */
    VkDeviceSize alignment;
    uint32_t type_bits;      /* memory types every buffer accepts */
};

static inline VkBuffer transient_buffer(struct lite *l, VkDeviceSize size,
                                        VkBufferUsageFlags usage)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkBuffer buffer = VK_NULL_HANDLE;

    if (vkCreateBuffer(l->device, &bci, NULL, &buffer) != VK_SUCCESS) {
        fprintf(stderr, "transient: vkCreateBuffer failed\n");
        exit(1);
    }
    return buffer;
}

static inline void transient_begin(struct transient_heap *heap)
{
    heap->memory = VK_NULL_HANDLE;
    heap->size = 0;
    heap->alignment = 1;
    heap->type_bits = ~0u;
}

/* Merges a buffer's requirements into the heap's, for a placement at
   `offset`: the heap must reach the buffer's end. */
static inline void transient_require(struct transient_heap *heap, struct lite *l,
                                     VkBuffer buffer, VkDeviceSize offset)
{
    VkMemoryRequirements req;

    vkGetBufferMemoryRequirements(l->device, buffer, &req);
    if (req.alignment > heap->alignment)
        heap->alignment = req.alignment;
    if (offset + req.size > heap->size)
        heap->size = offset + req.size;
    heap->type_bits &= req.memoryTypeBits;
}

static inline VkResult transient_allocate(struct transient_heap *heap, struct lite *l)
{
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = heap->size,
        .memoryTypeIndex = lite_memory_type(l, heap->type_bits,
                                            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
    };

    if (heap->type_bits == 0) {
        fprintf(stderr, "transient: no memory type fits every buffer\n");
        return VK_ERROR_FEATURE_NOT_PRESENT;
    }
    return vkAllocateMemory(l->device, &mai, NULL, &heap->memory);
}

#endif
