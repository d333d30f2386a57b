/*
 * hotreload.h - hot reload of a GPU resource in the middle of a frame loop,
 * as tools and engines with asset watching do: a file watcher (simulated:
 * watch_poll() calls the program's on_change callback when the "file"
 * changes, at a frame fixed in advance) sets a flag, and the frame loop
 * re-creates or re-fills the resource and carries on recording; or the
 * loop asks watch_changed() each frame, as an inotify read loop would.
 *
 * The resource - a colour lookup table, LUT_BYTES in a buffer - lives in
 * one of two slots; `app->active` points at the one the frames use, and a
 * reload that re-creates the table builds the other slot and swaps it in
 * (`app->active = &app->slots[app->index ^= 1]`), the old one kept until
 * the next reload.  Frames: FRAMES in flight, each with its command pool,
 * command buffer, fence and output buffer; reload_frame_begin() waits for
 * the frame's own fence and begins its command buffer,
 * reload_frame_submit() ends and submits it with that fence.
 */
#ifndef HOTRELOAD_H
#define HOTRELOAD_H

#include "lite.h"

#define FRAMES 2
#define LUT_BYTES 1024

struct watch {
    const char *path;
    unsigned fires_at; /* the frame the file changes in */
    void (*on_change)(void *user, const char *path);
    void *user;
};

struct slot {
    VkBuffer buffer;
    VkDeviceMemory memory;
    unsigned version;
};

struct frame {
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkBuffer out;
    VkDeviceMemory out_memory;
};

struct app {
    struct lite vk;
    struct slot slots[2];
    struct slot *active;
    unsigned index;
    VkBuffer staging; /* host-visible, mapped: what a (re)load writes */
    VkDeviceMemory staging_memory;
    uint32_t *staging_words;
    struct frame frames[FRAMES];
    int reload_pending;
    struct watch watch;
};

static inline void watch_poll(struct watch *w, unsigned frame)
{
    if (frame == w->fires_at && w->on_change)
        w->on_change(w->user, w->path);
}

/* The polling form (an inotify read loop): whether the file changed by
   this frame; no callback. */
static inline int watch_changed(const struct watch *w, unsigned frame)
{
    return frame == w->fires_at;
}

#define RELOAD_USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

static inline int reload_slot_create(struct app *a, struct slot *s, unsigned version)
{
    s->version = version;
    return lite_buffer(&a->vk, LUT_BYTES, RELOAD_USAGE, &s->buffer, &s->memory) == VK_SUCCESS ? 0 : -1;
}

static inline void reload_slot_destroy(struct app *a, struct slot *s)
{
    if (s->buffer == VK_NULL_HANDLE)
        return;
    vkDestroyBuffer(a->vk.device, s->buffer, NULL);
    vkFreeMemory(a->vk.device, s->memory, NULL);
    s->buffer = VK_NULL_HANDLE;
    s->memory = VK_NULL_HANDLE;
}

/* The table's contents for a version, written into the staging buffer. */
static inline void reload_load_table(struct app *a, unsigned version)
{
    for (uint32_t i = 0; i < LUT_BYTES / 4; i++)
        a->staging_words[i] = version << 24 | i;
}

static inline int reload_init(struct app *a)
{
    memset(a, 0, sizeof *a);
    if (lite_init(&a->vk) != 0 ||
        lite_buffer(&a->vk, LUT_BYTES, RELOAD_USAGE, &a->staging, &a->staging_memory) != VK_SUCCESS ||
        vkMapMemory(a->vk.device, a->staging_memory, 0, VK_WHOLE_SIZE, 0, (void **)&a->staging_words) != VK_SUCCESS)
        return -1;
    for (int i = 0; i < FRAMES; i++) {
        struct frame *f = &a->frames[i];
        VkCommandPoolCreateInfo pci = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
            .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
            .queueFamilyIndex = a->vk.family,
        };
        VkFenceCreateInfo fci = {
            .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            .flags = VK_FENCE_CREATE_SIGNALED_BIT,
        };
        if (vkCreateCommandPool(a->vk.device, &pci, NULL, &f->pool) != VK_SUCCESS ||
            vkCreateFence(a->vk.device, &fci, NULL, &f->fence) != VK_SUCCESS ||
            lite_buffer(&a->vk, LUT_BYTES, RELOAD_USAGE, &f->out, &f->out_memory) != VK_SUCCESS)
            return -1;
        VkCommandBufferAllocateInfo cai = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            .commandPool = f->pool,
            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            .commandBufferCount = 1,
        };
        if (vkAllocateCommandBuffers(a->vk.device, &cai, &f->cmd) != VK_SUCCESS)
            return -1;
    }
    return 0;
}

static inline struct frame *reload_frame_begin(struct app *a, unsigned n)
{
    struct frame *f = &a->frames[n % FRAMES];
    vkWaitForFences(a->vk.device, 1, &f->fence, VK_TRUE, UINT64_MAX);
    vkResetFences(a->vk.device, 1, &f->fence);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(f->cmd, &begin);
    return f;
}

static inline int reload_frame_submit(struct app *a, struct frame *f)
{
    if (vkEndCommandBuffer(f->cmd) != VK_SUCCESS)
        return -1;
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &f->cmd,
    };
    return vkQueueSubmit(a->vk.queue, 1, &si, f->fence) == VK_SUCCESS ? 0 : -1;
}

#endif
