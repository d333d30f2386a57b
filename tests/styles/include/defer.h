/*
 * defer.h - a "defer" stack, goto-free cleanup as some C code bases write
 * it: each resource, once made, pushes the function that undoes it and
 * its argument; defer_run() pops and calls them in reverse order, on an
 * error path and at the end alike.  A scope's stack can also hold work
 * that must happen when the scope closes (a pass's closing barrier, its
 * readback), run in the same reverse order.
 *
 *     struct defer_stack cleanup = {0};
 *     if (lite_buffer(&ctx, ..., &buf, &mem) != VK_SUCCESS) {
 *         defer_run(&cleanup);
 *         return 1;
 *     }
 *     defer_push(&cleanup, free_memory, &owned[0]);
 *     ...
 *     defer_run(&cleanup);
 */
#ifndef DEFER_H
#define DEFER_H

#include "lite.h"

#define DEFER_MAX 32

typedef void (*defer_fn)(void *arg);

struct defer_entry {
    defer_fn fn;
    void *arg;
};

struct defer_stack {
    struct defer_entry items[DEFER_MAX];
    unsigned count;
};

static inline int defer_push(struct defer_stack *s, defer_fn fn, void *arg)
{
    if (s->count == DEFER_MAX) {
        fn(arg); /* no room: undo it now rather than leak it */
        return -1;
    }
    s->items[s->count].fn = fn;
    s->items[s->count].arg = arg;
    s->count++;
    return 0;
}

static inline void defer_run(struct defer_stack *s)
{
    while (s->count > 0) {
        struct defer_entry e = s->items[--s->count];
        e.fn(e.arg);
    }
}

/* Owned Vulkan objects, with the device they belong to, for the stack's
   void * arguments. */
struct owned_buffer {
    VkDevice device;
    VkBuffer buffer;
    VkDeviceMemory memory;
};

static void destroy_owned_buffer(void *arg)
{
    struct owned_buffer *o = arg;
    vkDestroyBuffer(o->device, o->buffer, NULL);
    vkFreeMemory(o->device, o->memory, NULL);
}

static void wait_device_idle(void *arg)
{
    vkDeviceWaitIdle(*(VkDevice *)arg);
}

#endif
