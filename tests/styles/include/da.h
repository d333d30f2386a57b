/*
 * da.h - stb_ds-style dynamic arrays, and an uploader built on them.
 *
 * An array is a plain element pointer, NULL when empty; its length and
 * capacity live in a header just before the first element:
 *
 *     struct upload_job *jobs = NULL;
 *     arrpush(jobs, job);                 // grows with realloc
 *     for (size_t i = 0; i < arrlen(jobs); i++) ... jobs[i] ...
 *     arrsetlen(jobs, 0);                 // keeps the storage
 *     arrfree(jobs);
 *
 * The uploader copies the caller's bytes into one persistently mapped
 * staging buffer and pushes an upload job (destination buffer, offset,
 * size, where the bytes are in staging) for the program's flush to record.
 */
#ifndef DA_H
#define DA_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lite.h"

struct da_header {
    size_t length;
    size_t capacity;
};

#define da__hdr(a) ((struct da_header *)(a) - 1)
#define arrlen(a) ((a) ? da__hdr(a)->length : 0)
#define arrcap(a) ((a) ? da__hdr(a)->capacity : 0)
#define arrmaybegrow(a, n) \
    ((arrlen(a) + (n) > arrcap(a)) ? (*(void **)&(a) = da__grow((a), sizeof *(a), (n)), 0) : 0)
#define arrpush(a, v) (arrmaybegrow(a, 1), (a)[da__hdr(a)->length++] = (v))
#define arrlast(a) ((a)[da__hdr(a)->length - 1])
#define arrsetlen(a, n) ((a) ? (void)(da__hdr(a)->length = (n)) : (void)0)
#define arrfree(a) ((a) ? free(da__hdr(a)) : (void)0, (a) = NULL)

static void *da__grow(void *a, size_t elem_size, size_t add)
{
    size_t length = arrlen(a);
    size_t capacity = arrcap(a);
    size_t want = length + add;

    if (capacity < 4)
        capacity = 4;
    while (capacity < want)
        capacity *= 2;
    struct da_header *h = realloc(a ? da__hdr(a) : NULL,
                                  sizeof *h + capacity * elem_size);
    if (!h) {
        fprintf(stderr, "da: out of memory\n");
        abort();
    }
    if (!a)
        h->length = 0;
    h->capacity = capacity;
    return h + 1;
}

struct upload_job {
    VkBuffer dst;
    VkDeviceSize offset;      /* in dst */
    VkDeviceSize size;
    VkDeviceSize src_offset;  /* in the staging buffer */
    VkPipelineStageFlags wait_stage;  /* set by upload_wait(): who reads it next */
    VkAccessFlags wait_access;
};

struct uploader {
    VkBuffer staging;
    VkDeviceMemory staging_memory;
    uint8_t *mapped;
    VkDeviceSize capacity;
    VkDeviceSize used;
    struct upload_job *jobs;  /* a dynamic array */
};

static int uploader_init(struct lite *ctx, struct uploader *up, VkDeviceSize capacity)
{
    memset(up, 0, sizeof *up);
    up->capacity = capacity;
    if (lite_buffer(ctx, capacity, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &up->staging,
                    &up->staging_memory) != VK_SUCCESS)
        return -1;
    if (vkMapMemory(ctx->device, up->staging_memory, 0, VK_WHOLE_SIZE, 0,
                    (void **)&up->mapped) != VK_SUCCESS)
        return -1;
    return 0;
}

/* Stages `size` bytes for dst at offset; returns the job's index. */
static size_t upload(struct uploader *up, VkBuffer dst, VkDeviceSize offset,
                     const void *data, VkDeviceSize size)
{
    struct upload_job job = {dst, offset, size, up->used, 0, 0};

    if (up->used + size > up->capacity) {
        fprintf(stderr, "upload: staging buffer full\n");
        abort();
    }
    memcpy(up->mapped + up->used, data, size);
    up->used += (size + 15) & ~(VkDeviceSize)15;
    arrpush(up->jobs, job);
    return arrlen(up->jobs) - 1;
}

/* The job's destination is read next by `stage` with `access`: the flush
 * records a barrier for it. */
static void upload_wait(struct uploader *up, size_t job, VkPipelineStageFlags stage,
                        VkAccessFlags access)
{
    up->jobs[job].wait_stage = stage;
    up->jobs[job].wait_access = access;
}

static void uploader_reset(struct uploader *up)
{
    arrsetlen(up->jobs, 0);
    up->used = 0;
}

static void buffer_barrier(VkCommandBuffer cmd, VkBuffer buffer, VkDeviceSize offset,
                           VkDeviceSize size, VkPipelineStageFlags src_stage,
                           VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                           VkAccessFlags dst_access)
{
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .offset = offset,
        .size = size,
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 1, &barrier, 0, NULL);
}

#endif
