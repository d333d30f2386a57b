/*
 * upload.h - an immediate-mode upload context, as small engines write one:
 * one persistently mapped staging buffer, bump-allocated front to back
 * (each request's offset aligned up with `(off + align - 1) & ~(align -
 * 1)`), and the copies it needs batched until the batch is full or the
 * staging buffer has no room left, then handed to the program's flush
 * callback, which records them:
 *
 *     struct upload_ctx up;
 *     upload_init(&ctx, &up, 4096, flush_copies, &frame);
 *     upload(&up, vertices, 0, data, sizeof data, 16);     // host -> dst
 *     download(&up, results, 0, 256, 16, &offset);        // src -> staging
 *     upload_flush(&up);                                  // what is left
 *
 * A request that does not fit in what is left of the staging buffer
 * flushes the batch and starts again at offset 0 (`wraps` counts it):
 * what the staging buffer held before is reused.
 */
#ifndef UPLOAD_H
#define UPLOAD_H

#include "lite.h"

#define UPLOAD_ALIGN(off, align) (((off) + (align) - 1) & ~((VkDeviceSize)(align) - 1))
#define UPLOAD_BATCH 4

enum copy_direction { TO_DEVICE, TO_STAGING };

struct staged_copy {
    enum copy_direction direction;
    VkBuffer buffer;           /* the device buffer */
    VkDeviceSize staging_offset, buffer_offset, size;
};

struct upload_ctx;
typedef void (*upload_flush_fn)(struct upload_ctx *up, void *user);

struct upload_ctx {
    VkBuffer staging;
    VkDeviceMemory memory;
    uint8_t *map;
    VkDeviceSize capacity, head;
    struct staged_copy batch[UPLOAD_BATCH];
    unsigned count;
    unsigned flushes, wraps;
    upload_flush_fn flush;
    void *user;
};

static inline int upload_init(struct lite *l, struct upload_ctx *up, VkDeviceSize capacity,
                              upload_flush_fn flush, void *user)
{
    memset(up, 0, sizeof *up);
    if (lite_buffer(l, capacity, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    &up->staging, &up->memory) != VK_SUCCESS)
        return -1;
    if (vkMapMemory(l->device, up->memory, 0, VK_WHOLE_SIZE, 0, (void **)&up->map) != VK_SUCCESS)
        return -1;
    up->capacity = capacity;
    up->flush = flush;
    up->user = user;
    return 0;
}

static inline void upload_flush(struct upload_ctx *up)
{
    if (up->count == 0)
        return;
    up->flush(up, up->user);
    up->count = 0;
    up->flushes++;
}

/* Room for `size` bytes at the next aligned offset, wrapping to 0. */
static inline VkDeviceSize upload_reserve(struct upload_ctx *up, VkDeviceSize size, VkDeviceSize align)
{
    VkDeviceSize offset = UPLOAD_ALIGN(up->head, align);
    if (offset + size > up->capacity) {
        upload_flush(up);
        offset = 0;
        up->wraps++;
    }
    up->head = offset + size;
    return offset;
}

static inline void upload_queue(struct upload_ctx *up, struct staged_copy copy)
{
    up->batch[up->count++] = copy;
    if (up->count == UPLOAD_BATCH)
        upload_flush(up);
}

static inline void upload(struct upload_ctx *up, VkBuffer dst, VkDeviceSize dst_offset,
                          const void *data, VkDeviceSize size, VkDeviceSize align)
{
    VkDeviceSize offset = upload_reserve(up, size, align);
    memcpy(up->map + offset, data, size);
    upload_queue(up, (struct staged_copy){TO_DEVICE, dst, offset, dst_offset, size});
}

/* Queues a copy of src's bytes into the staging buffer; *offset is where
   they will be once the work has run. */
static inline void download(struct upload_ctx *up, VkBuffer src, VkDeviceSize src_offset,
                            VkDeviceSize size, VkDeviceSize align, VkDeviceSize *offset)
{
    *offset = upload_reserve(up, size, align);
    upload_queue(up, (struct staged_copy){TO_STAGING, src, *offset, src_offset, size});
}

#endif
