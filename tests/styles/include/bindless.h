/*
 * bindless.h - a "bindless" resource table as engines write one: buffers
 * live in one array of slots and the program holds 32-bit handles that
 * pack the slot's index (low 16 bits) and the slot's generation (high 16
 * bits).  A freed slot goes on a free list and its generation is bumped,
 * so a handle kept past its free no longer resolves:
 *
 *     res_handle h = res_buffer(&ctx, 1024, usage);   // 0 on failure
 *     vkCmdFillBuffer(cmd, RES(h)->buffer, 0, RES(h)->size, 0);
 *     res_release(&ctx, h);                           // slot back on the list
 *     if (!RES_LIVE(h)) ...                           // stale now
 *
 * The table is a file-scope global (`res_table`), looked up through the
 * RES() accessor macro; res_get() returns NULL for a stale or bad handle.
 */
#ifndef BINDLESS_H
#define BINDLESS_H

#include "lite.h"

typedef uint32_t res_handle;

#define RES_MAX 16u
#define RES_NONE 0xffffu
#define RES_INDEX(h) ((uint32_t)(h) & 0xffffu)
#define RES_GEN(h) ((uint32_t)(h) >> 16)
#define RES_MAKE(idx, gen) (((uint32_t)(gen) << 16) | ((uint32_t)(idx) & 0xffffu))

struct res_slot {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    uint16_t gen;
    uint16_t next_free;
    unsigned live : 1;
};

struct res_table {
    struct res_slot slots[RES_MAX];
    uint16_t free_head;
    unsigned used;
};

static struct res_table res_table;

#define RES(h) (res_get(&res_table, (h)))
#define RES_LIVE(h) (res_get(&res_table, (h)) != NULL)

static inline void res_table_init(struct res_table *t)
{
    memset(t, 0, sizeof *t);
    for (uint32_t i = 0; i < RES_MAX; i++) {
        t->slots[i].gen = 1;
        t->slots[i].next_free = (uint16_t)(i + 1 < RES_MAX ? i + 1 : RES_NONE);
    }
    t->free_head = 0;
}

static inline struct res_slot *res_get(struct res_table *t, res_handle h)
{
    uint32_t idx = RES_INDEX(h);
    if (idx >= RES_MAX)
        return NULL;
    struct res_slot *s = &t->slots[idx];
    if (!s->live || s->gen != RES_GEN(h))
        return NULL;
    return s;
}

static inline res_handle res_alloc_slot(struct res_table *t)
{
    uint16_t idx = t->free_head;
    if (idx == RES_NONE)
        return 0;
    struct res_slot *s = &t->slots[idx];
    t->free_head = s->next_free;
    s->next_free = RES_NONE;
    s->live = 1;
    t->used++;
    return RES_MAKE(idx, s->gen);
}

static inline void res_free_slot(struct res_table *t, res_handle h)
{
    struct res_slot *s = res_get(t, h);
    if (!s)
        return;
    s->live = 0;
    s->gen++;
    s->buffer = VK_NULL_HANDLE;
    s->memory = VK_NULL_HANDLE;
    s->next_free = t->free_head;
    t->free_head = (uint16_t)RES_INDEX(h);
    t->used--;
}

/* A buffer in a fresh slot; 0 (never a live handle: generations start at
   1) when the table is full or creation fails. */
static inline res_handle res_buffer(struct lite *l, VkDeviceSize size, VkBufferUsageFlags usage)
{
    res_handle h = res_alloc_slot(&res_table);
    if (!h)
        return 0;
    struct res_slot *s = RES(h);
    if (lite_buffer(l, size, usage, &s->buffer, &s->memory) != VK_SUCCESS) {
        res_free_slot(&res_table, h);
        return 0;
    }
    s->size = size;
    return h;
}

/* Destroys the buffer now (the caller has waited for the GPU) and puts
   the slot back on the free list. */
static inline void res_release(struct lite *l, res_handle h)
{
    struct res_slot *s = RES(h);
    if (!s)
        return;
    vkDestroyBuffer(l->device, s->buffer, NULL);
    vkFreeMemory(l->device, s->memory, NULL);
    res_free_slot(&res_table, h);
}

#endif
