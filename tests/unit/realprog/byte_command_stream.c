/* A command stream as a threaded driver writes one: each command's opcode
   and operands memcpy'd into a byte batch, 8-byte aligned, and replayed
   by a switch on the opcode memcpy'd back out.  A fill and a copy of the
   filled buffer after a barrier command that orders the batch after the
   previous one; the fixed program writes a second between them. */
#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkCommandBuffer *cb, VkBuffer *a, VkBuffer *b);

enum { OP_FILL = 1, OP_COPY, OP_BARRIER };

struct op_fill { VkBuffer dst; VkDeviceSize size; };
struct op_copy { VkBuffer src, dst; VkDeviceSize size; };

struct batch {
    uint8_t bytes[512];
    size_t used;
};

static void put(struct batch *b, uint32_t op, const void *args, size_t size)
{
    memcpy(b->bytes + b->used, &op, sizeof op);
    b->used += 8;
    if (size)
        memcpy(b->bytes + b->used, args, size);
    b->used += (size + 7) & ~(size_t)7;
}

static void put_fill(struct batch *b, VkBuffer dst, VkDeviceSize size)
{
    struct op_fill f = {dst, size};
    memcpy(b->bytes + b->used + 8, &f, sizeof f);
    put(b, OP_FILL, NULL, 0);
    b->used += sizeof f;
}

static void put_copy(struct batch *b, VkBuffer src, VkBuffer dst, VkDeviceSize size)
{
    struct op_copy c = {src, dst, size};
    memcpy(b->bytes + b->used + 8, &c, sizeof c);
    put(b, OP_COPY, NULL, 0);
    b->used += sizeof c;
}

static void replay(const struct batch *b, VkCommandBuffer cb)
{
    for (size_t at = 0; at < b->used;) {
        uint32_t op;
        memcpy(&op, b->bytes + at, sizeof op);
        at += 8;
        if (op == OP_FILL) {
            struct op_fill f;
            memcpy(&f, b->bytes + at, sizeof f);
            at += sizeof f;
            vkCmdFillBuffer(cb, f.dst, 0, f.size, 0);
        } else if (op == OP_COPY) {
            struct op_copy c;
            memcpy(&c, b->bytes + at, sizeof c);
            at += sizeof c;
            VkBufferCopy region = {0, 0, c.size};
            vkCmdCopyBuffer(cb, c.src, c.dst, 1, &region);
        } else if (op == OP_BARRIER) {
            VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT};
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        }
    }
}

int main(void)
{
    VkDevice device;
    VkCommandBuffer cb;
    VkBuffer a, b;
    struct batch batch = {.used = 0};
    if (gpu_open(&device, &cb, &a, &b))
        return 1;
    put(&batch, OP_BARRIER, NULL, 0); /* after the last batch's work */
    put_fill(&batch, a, 256);
#ifdef WITH_BARRIER
    put(&batch, OP_BARRIER, NULL, 0);
#endif
    put_copy(&batch, a, b, 256);

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    replay(&batch, cb);
    vkEndCommandBuffer(cb);
    return 0;
}
