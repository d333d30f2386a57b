/*
 * suballoc.h - buffer suballocation as VulkanMemoryAllocator users and
 * engines do it: one large VkBuffer bound to one VkDeviceMemory, carved
 * into many sub-buffers that are (buffer, offset, size) triples.
 *
 *     struct suballoc_heap heap;
 *     suballoc_heap_init(&ctx, &heap, 64 * 1024, usage);
 *     struct suballoc vbo = suballoc_alloc(&heap, sizeof verts, 64);
 *     struct suballoc ibo = suballoc_alloc(&heap, sizeof idx, 256);
 *     ... vkCmdCopyBuffer(cmd, staging, vbo.buffer, 1,
 *                         &(VkBufferCopy){0, vbo.offset, vbo.size}); ...
 *     suballoc_free(&heap, vbo);        // the range goes on the free list
 *
 * Three allocators over the same kind of block:
 *  - a linear (bump) allocator: offsets aligned up with
 *    `(off + align - 1) & ~(align - 1)`, never reused;
 *  - a free list in front of it: suballoc_free() returns a range, and the
 *    next suballoc_alloc() that fits takes it first (first fit, the rest of
 *    the range stays on the list);
 *  - a ring (suballoc_ring_alloc): the head wraps to offset 0 when the
 *    request does not fit before the end, reusing what was at the front.
 *
 * The allocator knows nothing about the GPU: it is the caller's job not
 * to reuse a range a command may still be reading.
 */
#ifndef SUBALLOC_H
#define SUBALLOC_H

#include "lite.h"

#define SUBALLOC_MAX_FREE 16

/* Every call the programs make past device creation is checked this way. */
#define VK_CHECK(x)                                                         \
    do {                                                                    \
        VkResult res_ = (x);                                                \
        if (res_ != VK_SUCCESS) {                                           \
            fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__,  \
                    #x, res_);                                              \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

struct suballoc {
    VkBuffer buffer;
    VkDeviceSize offset, size;
};

struct suballoc_range {
    VkDeviceSize offset, size;
};

struct suballoc_heap {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize capacity;
    VkDeviceSize head;                         /* bump pointer */
    struct suballoc_range free_list[SUBALLOC_MAX_FREE];
    uint32_t free_count;
    uint32_t live;                             /* statistics */
};

struct suballoc_ring {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize capacity;
    VkDeviceSize head;
    uint32_t wraps;
};

static inline VkDeviceSize suballoc_align(VkDeviceSize off, VkDeviceSize align)
{
    return (off + align - 1) & ~(align - 1);
}

static inline int suballoc_heap_init(struct lite *l, struct suballoc_heap *heap,
                                     VkDeviceSize capacity, VkBufferUsageFlags usage)
{
    memset(heap, 0, sizeof *heap);
    if (lite_buffer(l, capacity, usage, &heap->buffer, &heap->memory) != VK_SUCCESS)
        return -1;
    heap->capacity = capacity;
    return 0;
}

static inline void suballoc_heap_destroy(struct lite *l, struct suballoc_heap *heap)
{
    vkDestroyBuffer(l->device, heap->buffer, NULL);
    vkFreeMemory(l->device, heap->memory, NULL);
    memset(heap, 0, sizeof *heap);
}

/* First fit on the free list, else bump.  A failed allocation has a null
 * buffer. */
static inline struct suballoc suballoc_alloc(struct suballoc_heap *heap, VkDeviceSize size,
                                             VkDeviceSize alignment)
{
    struct suballoc a = {VK_NULL_HANDLE, 0, 0};

    for (uint32_t i = 0; i < heap->free_count; i++) {
        struct suballoc_range *r = &heap->free_list[i];
        VkDeviceSize off = suballoc_align(r->offset, alignment);
        VkDeviceSize end = r->offset + r->size;
        if (off + size > end)
            continue;
        a.buffer = heap->buffer;
        a.offset = off;
        a.size = size;
        if (off + size == end) {
            heap->free_list[i] = heap->free_list[--heap->free_count];
        } else {
            r->size = end - (off + size);
            r->offset = off + size;
        }
        heap->live++;
        return a;
    }

    VkDeviceSize off = suballoc_align(heap->head, alignment);
    if (off + size > heap->capacity) {
        fprintf(stderr, "suballoc: out of memory (%llu bytes)\n", (unsigned long long)size);
        return a;
    }
    heap->head = off + size;
    a.buffer = heap->buffer;
    a.offset = off;
    a.size = size;
    heap->live++;
    return a;
}

static inline void suballoc_free(struct suballoc_heap *heap, struct suballoc a)
{
    if (a.buffer == VK_NULL_HANDLE)
        return;
    if (heap->free_count == SUBALLOC_MAX_FREE) {
        fprintf(stderr, "suballoc: free list full, %llu bytes leaked\n",
                (unsigned long long)a.size);
        return;
    }
    heap->free_list[heap->free_count].offset = a.offset;
    heap->free_list[heap->free_count].size = a.size;
    heap->free_count++;
    heap->live--;
}

static inline int suballoc_ring_init(struct lite *l, struct suballoc_ring *ring,
                                     VkDeviceSize capacity, VkBufferUsageFlags usage)
{
    memset(ring, 0, sizeof *ring);
    if (lite_buffer(l, capacity, usage, &ring->buffer, &ring->memory) != VK_SUCCESS)
        return -1;
    ring->capacity = capacity;
    return 0;
}

static inline void suballoc_ring_destroy(struct lite *l, struct suballoc_ring *ring)
{
    vkDestroyBuffer(l->device, ring->buffer, NULL);
    vkFreeMemory(l->device, ring->memory, NULL);
}

/* The next aligned range; a request that does not fit before the end
 * starts again at offset 0. */
static inline struct suballoc suballoc_ring_alloc(struct suballoc_ring *ring, VkDeviceSize size,
                                                  VkDeviceSize alignment)
{
    struct suballoc a;
    VkDeviceSize off = suballoc_align(ring->head, alignment);

    if (off + size > ring->capacity) {
        off = 0;
        ring->wraps++;
    }
    ring->head = off + size;
    a.buffer = ring->buffer;
    a.offset = off;
    a.size = size;
    return a;
}

#endif
