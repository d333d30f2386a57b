/* A renderer front end that defers its work, the way small engines and
   sokol-style libraries do: the frame appends operations to a fixed array,
   resources are handles (index + generation) into a typed table, and the
   backend walks the array with a pointer at the end of the frame, looking
   each handle up through one _Generic macro.  The frame clears two
   buffers and copies one out; with the barrier operation on the other
   buffer, the copy reads what the clear wrote. */
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef struct { uint16_t index, generation; } buf_handle;
typedef struct { uint16_t index, generation; } img_handle;

struct buf_entry { VkBuffer vk; uint16_t generation; };
struct img_entry { VkImage vk; uint16_t generation; };
struct buf_table { struct buf_entry entries[8]; uint16_t used; };
struct img_table { struct img_entry entries[8]; uint16_t used; };

static struct buf_table buffers;
static struct img_table images;

static struct buf_entry *buf_lookup(struct buf_table *t, buf_handle h)
{
    struct buf_entry *e = &t->entries[h.index];
    return e->generation == h.generation ? e : NULL;
}

static struct img_entry *img_lookup(struct img_table *t, img_handle h)
{
    struct img_entry *e = &t->entries[h.index];
    return e->generation == h.generation ? e : NULL;
}

#define LOOKUP(table, h) _Generic((table), \
    struct buf_table *: buf_lookup, struct img_table *: img_lookup)((table), (h))

enum op_kind { OP_FILL, OP_COPY, OP_BARRIER };
struct op {
    enum op_kind kind;
    buf_handle a, b;
};
static struct {
    struct op list[16];
    size_t n;
} ops;

extern VkBuffer make_vk_buffer(VkDeviceSize size);
extern int open_gpu(VkCommandBuffer *cb, VkQueue *q);

static buf_handle new_buffer(VkDeviceSize size)
{
    uint16_t i = ++buffers.used;
    buffers.entries[i].vk = make_vk_buffer(size);
    buffers.entries[i].generation++;
    return (buf_handle){i, buffers.entries[i].generation};
}

static void push(enum op_kind kind, buf_handle a, buf_handle b)
{
    ops.list[ops.n++] = (struct op){kind, a, b};
}

static void execute(VkCommandBuffer cb)
{
    for (const struct op *o = ops.list; o != ops.list + ops.n; ++o) {
        struct buf_entry *a = LOOKUP(&buffers, o->a);
        if (!a)
            continue;
        if (o->kind == OP_FILL) {
            vkCmdFillBuffer(cb, a->vk, 0, VK_WHOLE_SIZE, 0);
        } else if (o->kind == OP_COPY) {
            struct buf_entry *b = LOOKUP(&buffers, o->b);
            if (b == NULL)
                continue;
            VkBufferCopy r = {0, 0, 256};
            vkCmdCopyBuffer(cb, a->vk, b->vk, 1, &r);
        } else {
            VkBufferMemoryBarrier bmb = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
            bmb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
            bmb.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
            bmb.srcQueueFamilyIndex = bmb.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
            bmb.buffer = a->vk;
            bmb.size = VK_WHOLE_SIZE;
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &bmb, 0, NULL);
        }
    }
    ops.n = 0;
}

static void frame(VkCommandBuffer cb, VkQueue q)
{
    buf_handle scratch = new_buffer(256), result = new_buffer(256), spare = new_buffer(256);
    push(OP_FILL, spare, spare);
    push(OP_FILL, scratch, scratch);
#ifdef WITH_BARRIER
    push(OP_BARRIER, scratch, scratch);
#else
    push(OP_BARRIER, spare, spare);
#endif
    push(OP_COPY, scratch, result);

    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &begin);
    execute(cb);
    vkEndCommandBuffer(cb);
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    vkQueueSubmit(q, 1, &si, VK_NULL_HANDLE);
}

int main(void)
{
    VkCommandBuffer cb;
    VkQueue q;
    if (open_gpu(&cb, &q) != 0)
        return 1;
    frame(cb, q);
    return 0;
}
