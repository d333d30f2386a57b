// EXPECT: clean
// Mesa-style state tracking (bits.h), as bits_pending_writes_raw.c, with
// the small-update path fixed: vkCmdUpdateBuffer is a GPU write like the
// staging copy, so it sets the buffer's bit in pending_writes too, and
// flush_reads() records the barrier for buffer 5 as for the others.
#include "bits.h"

struct tracker {
    VkBuffer buf[BITS_MAX_RES];
    struct bits_res_state state[BITS_MAX_RES];
    uint32_t pending_writes; /* written by the GPU, no barrier yet */
    uint32_t dirty;          /* contents changed this frame */
};

static void upload_slot(struct tracker *t, VkCommandBuffer cmd, VkBuffer staging, unsigned i)
{
    VkBufferCopy region = {(VkDeviceSize)i * BITS_SLOT, 0, BITS_SLOT};
    vkCmdCopyBuffer(cmd, staging, t->buf[i], 1, &region);
    t->state[i].written = 1;
    t->state[i].uploaded = 1;
    t->pending_writes |= BITFIELD_BIT(i);
    t->dirty |= BITFIELD_BIT(i);
}

static void update_slot(struct tracker *t, VkCommandBuffer cmd, unsigned i, const uint32_t *words,
                        unsigned count)
{
    vkCmdUpdateBuffer(cmd, t->buf[i], 0, count * sizeof(uint32_t), words);
    t->state[i].written = 1;
    t->state[i].uploaded = 1;
    t->pending_writes |= BITFIELD_BIT(i);
    t->dirty |= BITFIELD_BIT(i);
}

static void flush_reads(struct tracker *t, VkCommandBuffer cmd, uint32_t reads)
{
    uint32_t mask = t->pending_writes & reads;
    while (mask) {
        int i = __builtin_ctz(mask);
        mask &= mask - 1;
        bits_buffer_barrier(cmd, t->buf[i]);
        t->state[i].written = 0;
    }
    t->pending_writes &= ~reads;
}

int main(void)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct lite ctx;
    struct tracker t = {0};
    VkBuffer staging, readback;
    VkDeviceMemory mem[BITS_MAX_RES + 2];

    if (lite_init(&ctx) != 0)
        return 1;
    for (unsigned i = 0; i < BITS_MAX_RES; i++)
        if (lite_buffer(&ctx, BITS_SLOT, usage, &t.buf[i], &mem[i]) != VK_SUCCESS)
            return 1;
    if (lite_buffer(&ctx, BITS_MAX_RES * BITS_SLOT, usage, &staging, &mem[BITS_MAX_RES]) != VK_SUCCESS ||
        lite_buffer(&ctx, BITS_MAX_RES * BITS_SLOT, usage, &readback, &mem[BITS_MAX_RES + 1]) != VK_SUCCESS)
        return 1;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    static const uint32_t light_params[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    upload_slot(&t, cmd, staging, 1);
    upload_slot(&t, cmd, staging, 2);
    update_slot(&t, cmd, 5, light_params, 16);
    upload_slot(&t, cmd, staging, 6);

    /* readback pass: reads every buffer that has contents */
    uint32_t reads = BITFIELD_BIT(1) | BITFIELD_BIT(2) | BITFIELD_BIT(5) | BITFIELD_BIT(6);
    flush_reads(&t, cmd, reads);
    u_foreach_bit(i, reads) {
        VkBufferCopy region = {0, (VkDeviceSize)i * BITS_SLOT, BITS_SLOT};
        vkCmdCopyBuffer(cmd, t.buf[i], readback, 1, &region);
    }
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("dirty 0x%02x pending 0x%02x\n", t.dirty, t.pending_writes);
    return 0;
}
