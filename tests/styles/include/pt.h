/*
 * pt.h - protothreads (Adam Dunkels' lc-switch.h / pt.h, reduced): a
 * stackless coroutine is a function with a `struct pt` whose local
 * continuation is the source line it last yielded at, resumed through a
 * switch - Duff's device:
 *
 *     static int task(struct pt *pt, ...)
 *     {
 *         PT_BEGIN(pt);
 *         ... record some commands ...
 *         PT_YIELD(pt);                  // back next frame, after this line
 *         ...
 *         PT_END(pt);
 *     }
 *
 * Locals do not survive a yield: what a task needs across frames lives in
 * its own struct.  The frame loop steps every task once per frame with the
 * frame's command buffer.  Two frames are in flight (pt_frames): each frame
 * waits only for its own fence, so a frame's commands may still run while
 * the next one is recorded and submitted.
 */
#ifndef PT_H
#define PT_H

#include "lite.h"

struct pt {
    unsigned short lc;
};

#define PT_WAITING 0
#define PT_YIELDED 1
#define PT_EXITED 2
#define PT_ENDED 3

/* Storing the continuation falls into its case label, which is the
   point: said so to GCC's -Wimplicit-fallthrough. */
#if defined(__GNUC__) && __GNUC__ >= 7
#define PT_FALLTHROUGH __attribute__((fallthrough))
#else
#define PT_FALLTHROUGH
#endif

#define PT_INIT(pt) ((pt)->lc = 0)
#define PT_BEGIN(pt)            \
    {                           \
        char pt_yield_flag = 1; \
        (void)pt_yield_flag;    \
        switch ((pt)->lc) {     \
        case 0:
#define PT_YIELD(pt)                  \
    do {                              \
        pt_yield_flag = 0;            \
        (pt)->lc = __LINE__;          \
        PT_FALLTHROUGH;               \
        case __LINE__:                \
            if (pt_yield_flag == 0)   \
                return PT_YIELDED;    \
    } while (0)
#define PT_WAIT_UNTIL(pt, cond)       \
    do {                              \
        (pt)->lc = __LINE__;          \
        PT_FALLTHROUGH;               \
        case __LINE__:                \
            if (!(cond))              \
                return PT_WAITING;    \
    } while (0)
#define PT_EXIT(pt)          \
    do {                     \
        PT_INIT(pt);         \
        return PT_EXITED;    \
    } while (0)
#define PT_END(pt)      \
        }               \
        pt_yield_flag = 0; \
        PT_INIT(pt);    \
        return PT_ENDED; \
    }
#define PT_SCHEDULE(f) ((f) < PT_EXITED)

#define PT_FRAMES 2

/* Frames in flight: a command buffer and a fence each, from a pool whose
   command buffers are begun again every other frame. */
struct pt_frames {
    VkCommandPool pool;
    VkCommandBuffer cmd[PT_FRAMES];
    VkFence fence[PT_FRAMES];
    uint32_t number;
};

static inline int pt_frames_init(struct lite *l, struct pt_frames *f)
{
    f->number = 0;
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = l->family,
    };
    if (vkCreateCommandPool(l->device, &pci, NULL, &f->pool) != VK_SUCCESS)
        return -1;
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = f->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = PT_FRAMES,
    };
    if (vkAllocateCommandBuffers(l->device, &cai, f->cmd) != VK_SUCCESS)
        return -1;
    VkFenceCreateInfo fci = {
        .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
        .flags = VK_FENCE_CREATE_SIGNALED_BIT,
    };
    for (int i = 0; i < PT_FRAMES; i++)
        if (vkCreateFence(l->device, &fci, NULL, &f->fence[i]) != VK_SUCCESS)
            return -1;
    return 0;
}

/* Waits for the frame that last used this slot, and begins its command
   buffer. */
static inline VkCommandBuffer pt_frame_begin(struct lite *l, struct pt_frames *f)
{
    uint32_t i = f->number % PT_FRAMES;
    vkWaitForFences(l->device, 1, &f->fence[i], VK_TRUE, UINT64_MAX);
    vkResetFences(l->device, 1, &f->fence[i]);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(f->cmd[i], &begin);
    return f->cmd[i];
}

/* Ends and submits the frame with its fence; does not wait. */
static inline int pt_frame_submit(struct lite *l, struct pt_frames *f)
{
    uint32_t i = f->number % PT_FRAMES;
    vkEndCommandBuffer(f->cmd[i]);
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &f->cmd[i],
    };
    if (vkQueueSubmit(l->queue, 1, &si, f->fence[i]) != VK_SUCCESS)
        return -1;
    f->number++;
    return 0;
}

#endif
