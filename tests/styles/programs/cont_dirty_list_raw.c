// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 84
// Intrusive lists (ilist.h, the kernel's list.h): every GPU buffer is
// embedded in a `struct gpu_buffer` that sits on exactly one of the
// renderer's lists, `clean` or `dirty`, through its `state` link.  A write
// moves the buffer to the dirty list (mark_dirty); before the readback
// pass, flush_barriers() walks the dirty list with
// list_for_each_entry_safe, emits one buffer barrier per entry and moves it
// back to the clean list.  The clear of the particle buffer was added later
// as a fill of its own, and it never calls mark_dirty: the readback copies
// it with no barrier after the fill.
#include "lite.h"
#include "ilist.h"

#define BYTES 1024

struct gpu_buffer {
    const char *name;
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    struct list_head state;
};

enum { RES_VERTS, RES_INDICES, RES_PARTICLES, RES_COUNT };

struct renderer {
    struct lite vk;
    struct gpu_buffer staging, readback;
    struct gpu_buffer res[RES_COUNT];
    struct list_head clean, dirty;
};

static void mark_dirty(struct renderer *r, struct gpu_buffer *b)
{
    list_move_tail(&b->state, &r->dirty);
}

static void upload(struct renderer *r, VkCommandBuffer cmd, struct gpu_buffer *dst,
                   VkDeviceSize from)
{
    VkBufferCopy region = {.srcOffset = from, .dstOffset = 0, .size = dst->size};
    vkCmdCopyBuffer(cmd, r->staging.buffer, dst->buffer, 1, &region);
    mark_dirty(r, dst);
}

static void clear(struct renderer *r, VkCommandBuffer cmd, struct gpu_buffer *dst)
{
    (void)r;
    vkCmdFillBuffer(cmd, dst->buffer, 0, dst->size, 0);
}

static void flush_barriers(struct renderer *r, VkCommandBuffer cmd)
{
    VkBufferMemoryBarrier barriers[RES_COUNT];
    struct gpu_buffer *b, *tmp;
    uint32_t n = 0;

    list_for_each_entry_safe(b, tmp, &r->dirty, state) {
        barriers[n++] = (VkBufferMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = b->buffer,
            .offset = 0,
            .size = VK_WHOLE_SIZE,
        };
        list_move_tail(&b->state, &r->clean);
    }
    if (n > 0)
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, n, barriers,
                             0, NULL);
}

static void read_back(struct renderer *r, VkCommandBuffer cmd)
{
    VkDeviceSize offset = 0;

    for (int i = 0; i < RES_COUNT; i++) {
        struct gpu_buffer *b = &r->res[i];
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = offset, .size = b->size};
        vkCmdCopyBuffer(cmd, b->buffer, r->readback.buffer, 1, &region);
        offset += b->size;
    }
}

static int make(struct renderer *r, struct gpu_buffer *b, const char *name, VkDeviceSize size)
{
    b->name = name;
    b->size = size;
    if (lite_buffer(&r->vk, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                    VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b->buffer, &b->memory) != VK_SUCCESS)
        return -1;
    list_add_tail(&b->state, &r->clean);
    return 0;
}

int main(void)
{
    static const char *names[RES_COUNT] = {"verts", "indices", "particles"};
    struct renderer r;
    VkCommandBuffer cmd;

    if (lite_init(&r.vk) != 0)
        return 1;
    INIT_LIST_HEAD(&r.clean);
    INIT_LIST_HEAD(&r.dirty);
    if (make(&r, &r.staging, "staging", 2 * BYTES) != 0 ||
        make(&r, &r.readback, "readback", RES_COUNT * BYTES) != 0)
        return 1;
    for (int i = 0; i < RES_COUNT; i++)
        if (make(&r, &r.res[i], names[i], BYTES) != 0)
            return 1;

    if (lite_alloc(&r.vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS)
        return 1;
    upload(&r, cmd, &r.res[RES_VERTS], 0);
    upload(&r, cmd, &r.res[RES_INDICES], BYTES);
    clear(&r, cmd, &r.res[RES_PARTICLES]);
    flush_barriers(&r, cmd);
    read_back(&r, cmd);
    if (vkEndCommandBuffer(cmd) != VK_SUCCESS || lite_submit(&r.vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    int dirty = 0;
    struct gpu_buffer *b;
    list_for_each_entry(b, &r.dirty, state)
        dirty++;
    printf("%d buffers left dirty\n", dirty);
    return 0;
}
