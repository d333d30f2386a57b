/*
 * vktrace.h - an in-app call tracer, as profilers and home-grown "debug
 * layers" put one around every Vulkan call: a ring buffer of trace records
 * (function name, caller, line, a timestamp), and two ways of getting the
 * records written:
 *
 *  - VKT(fn, args...): a comma expression around the call,
 *        VKT(vkCmdCopyBuffer, cmd, src, dst, 1, &region);
 *    for calls whose result is not wanted; VKT_R(r, fn, args...) keeps it
 *    (`VKT_R(r, vkQueueSubmit, q, 1, &si, fence)` is `r = vkQueueSubmit(...)`
 *    between the begin and end records);
 *  - TRACE_WRAP(ret, fn, params, args): a `static inline` forwarding wrapper
 *    `t_fn` per entry point, generated where the program wants one
 *        TRACE_WRAP(void, vkCmdFillBuffer,
 *                   (VkCommandBuffer c, VkBuffer b, VkDeviceSize o, VkDeviceSize s, uint32_t d),
 *                   (c, b, o, s, d))
 *    (`TRACE_WRAP_V` for entry points that return void; the programs write
 *    each on one line, so that the wrapper's calls are on the line where
 *    it is generated whatever the compiler's __LINE__ in a macro call that
 *    spans lines).
 *
 * With TRACE_SERIALIZE defined the tracer also makes every traced command
 * wait for the one before (VKT_CMD records a full memory barrier after the
 * command), so that a GPU fault is blamed on the right call; without it,
 * VKT_CMD is VKT.  trace_dump() prints the last records.
 */
#ifndef VKTRACE_H
#define VKTRACE_H

#include <time.h>

#include "lite.h"

#define TRACE_RING 64 /* a power of two */

struct trace_record {
    const char *fn;
    const char *caller;
    int line;
    long ns; /* begin; the end record's duration */
};

static struct {
    struct trace_record ring[TRACE_RING];
    unsigned head;  /* next record */
    unsigned depth; /* begins without their end */
    unsigned long calls;
} trace_log;

static inline long trace_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static inline void trace_begin(const char *fn, const char *caller, int line)
{
    struct trace_record *r = &trace_log.ring[trace_log.head++ & (TRACE_RING - 1)];
    r->fn = fn;
    r->caller = caller;
    r->line = line;
    r->ns = trace_now();
    trace_log.depth++;
    trace_log.calls++;
}

static inline void trace_end(void)
{
    struct trace_record *r = &trace_log.ring[(trace_log.head - 1) & (TRACE_RING - 1)];
    r->ns = trace_now() - r->ns;
    trace_log.depth--;
}

static inline void trace_dump(FILE *out, unsigned last)
{
    unsigned n = trace_log.head < last ? trace_log.head : last;
    for (unsigned i = trace_log.head - n; i != trace_log.head; i++) {
        const struct trace_record *r = &trace_log.ring[i & (TRACE_RING - 1)];
        fprintf(out, "  %-24s %s:%d %ldns\n", r->fn, r->caller, r->line, r->ns);
    }
}

#define VKT(fn, ...) (trace_begin(#fn, __func__, __LINE__), fn(__VA_ARGS__), trace_end())
#define VKT_R(r, fn, ...) (trace_begin(#fn, __func__, __LINE__), (r) = fn(__VA_ARGS__), trace_end())

#ifdef TRACE_SERIALIZE
static inline void trace_serialize(VkCommandBuffer cmd)
{
    VkMemoryBarrier all = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &all,
                         0, NULL, 0, NULL);
}
#define VKT_CMD(fn, cmd, ...) (VKT(fn, cmd, __VA_ARGS__), trace_serialize(cmd))
#else
#define VKT_CMD(fn, cmd, ...) VKT(fn, cmd, __VA_ARGS__)
#endif

#define TRACE_WRAP(ret, fn, params, args)                                                                              \
    static inline ret t_##fn params                                                                                    \
    {                                                                                                                  \
        trace_begin(#fn, __func__, __LINE__);                                                                          \
        ret r_ = fn args;                                                                                              \
        trace_end();                                                                                                   \
        return r_;                                                                                                     \
    }
#define TRACE_WRAP_V(fn, params, args)                                                                                 \
    static inline void t_##fn params                                                                                   \
    {                                                                                                                  \
        trace_begin(#fn, __func__, __LINE__);                                                                          \
        fn args;                                                                                                       \
        trace_end();                                                                                                   \
    }

/* Setup the programs share, traced like the rest. */
static inline VkResult trace_fence(struct lite *l, int signaled, VkFence *fence)
{
    VkFenceCreateInfo fci = {
        .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
        .flags = signaled ? VK_FENCE_CREATE_SIGNALED_BIT : 0,
    };
    VkResult r;
    VKT_R(r, vkCreateFence, l->device, &fci, NULL, fence);
    return r;
}

/* A command buffer re-recorded each time it comes round: its own pool,
   whose buffers may be reset by vkBeginCommandBuffer. */
static inline VkResult trace_command_buffer(struct lite *l, VkCommandPool *pool, VkCommandBuffer *cmd)
{
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = l->family,
    };
    VkResult r;
    VKT_R(r, vkCreateCommandPool, l->device, &pci, NULL, pool);
    if (r != VK_SUCCESS)
        return r;
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = *pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VKT_R(r, vkAllocateCommandBuffers, l->device, &cai, cmd);
    return r;
}

static inline VkResult trace_submit(struct lite *l, VkCommandBuffer cmd, VkFence fence)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    VkResult r;
    VKT_R(r, vkQueueSubmit, l->queue, 1, &si, fence);
    return r;
}

#endif
