/*
 * refobj.h - reference-counted objects, GObject/COM-lite style: every
 * object begins with a `struct obj` (its class and its count), a class
 * struct holds the destructor, obj_ref() returns the object it was given
 * and obj_unref() destroys the object through its class when the last
 * reference goes:
 *
 *     struct gbuf *b = gbuf_new(&ctx, 1024, usage);   // one reference
 *     struct gbuf *keep = GBUF(obj_ref(&b->base));    // two
 *     obj_unref(&b->base);                            // one
 *     obj_unref(&keep->base);                         // destroyed
 *
 * A frame holds a reference to every buffer it records with
 * (frame_use()), dropped by frame_release() once its fence has signalled,
 * so a buffer the program lets go of stays alive while a frame in flight
 * still uses it.
 */
#ifndef REFOBJ_H
#define REFOBJ_H

#include "lite.h"

struct obj;

struct obj_class {
    const char *name;
    void (*destroy)(struct obj *o);
};

struct obj {
    const struct obj_class *klass;
    int refs;
};

static inline struct obj *obj_ref(struct obj *o)
{
    if (o)
        o->refs++;
    return o;
}

static inline void obj_unref(struct obj *o)
{
    if (!o)
        return;
    if (--o->refs == 0)
        o->klass->destroy(o);
}

/* A buffer object: `base` first, so a struct obj * converts back. */
struct gbuf {
    struct obj base;
    struct lite *ctx;
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
};

#define GBUF(o) ((struct gbuf *)(o))

static void gbuf_destroy(struct obj *o)
{
    struct gbuf *b = GBUF(o);
    vkDestroyBuffer(b->ctx->device, b->buffer, NULL);
    vkFreeMemory(b->ctx->device, b->memory, NULL);
    free(b);
}

static const struct obj_class gbuf_class = {"gbuf", gbuf_destroy};

static inline struct gbuf *gbuf_new(struct lite *l, VkDeviceSize size, VkBufferUsageFlags usage)
{
    struct gbuf *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->base.klass = &gbuf_class;
    b->base.refs = 1;
    b->ctx = l;
    b->size = size;
    if (lite_buffer(l, size, usage, &b->buffer, &b->memory) != VK_SUCCESS) {
        free(b);
        return NULL;
    }
    return b;
}

#define FRAME_MAX_REFS 8

struct rc_frame {
    VkCommandPool pool; /* the frame's own, reset when the frame begins */
    VkCommandBuffer cmd;
    VkFence fence;
    struct obj *refs[FRAME_MAX_REFS];
    unsigned nrefs;
};

/* The buffer, kept alive for the frame. */
static inline struct gbuf *frame_use(struct rc_frame *f, struct gbuf *b)
{
    if (f->nrefs < FRAME_MAX_REFS)
        f->refs[f->nrefs++] = obj_ref(&b->base);
    return b;
}

static inline void frame_release(struct rc_frame *f)
{
    while (f->nrefs > 0)
        obj_unref(f->refs[--f->nrefs]);
}

static inline VkResult frame_init(struct lite *l, struct rc_frame *f)
{
    memset(f, 0, sizeof *f);
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                             .flags = VK_FENCE_CREATE_SIGNALED_BIT};
    VkResult r = vkCreateFence(l->device, &fci, NULL, &f->fence);
    if (r != VK_SUCCESS)
        return r;
    VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                   .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
                                   .queueFamilyIndex = l->family};
    r = vkCreateCommandPool(l->device, &pci, NULL, &f->pool);
    if (r != VK_SUCCESS)
        return r;
    VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                       .commandPool = f->pool,
                                       .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                       .commandBufferCount = 1};
    return vkAllocateCommandBuffers(l->device, &cai, &f->cmd);
}

/* Waits for the frame's previous submission, drops what it held and
   begins its command buffer. */
static inline void frame_begin(struct lite *l, struct rc_frame *f)
{
    vkWaitForFences(l->device, 1, &f->fence, VK_TRUE, UINT64_MAX);
    vkResetFences(l->device, 1, &f->fence);
    frame_release(f);
    vkResetCommandPool(l->device, f->pool, 0);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(f->cmd, &begin);
}

static inline VkResult frame_submit(struct lite *l, struct rc_frame *f)
{
    vkEndCommandBuffer(f->cmd);
    VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                       .pCommandBuffers = &f->cmd};
    return vkQueueSubmit(l->queue, 1, &si, f->fence);
}

#endif
