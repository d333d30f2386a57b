// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 48
// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 50
// VKSYNC-ONLY: host-access host-read-not-visible* at line 72
// Barrier states packed into integers (packsync.h: stage, access and
// layout indices in bits 0-7, 8-15 and 16-23 of a uint32_t, looked up in
// arrays of the real masks).  A copy chain - a cleared buffer copied into
// a second, that one into a third, read back on the host - takes each
// barrier from the step table's packed states.  The program's own
// unpacking macro for the access index shifts by 16, the layout's field:
// buffers carry layout index 0, so both access masks of every barrier are
// pack_access[0], nothing, and neither write is made available to the
// copy after it.
#include "packsync.h"

#define BYTES 1024
#define STAGE_OF(e) pack_stages[(e) & PACK_FIELD]
#define ACCESS_OF(e) pack_access[(e) >> 16 & PACK_FIELD]

enum { AFTER_CLEAR, AFTER_COPY, BEFORE_HOST, STEPS };

static const uint32_t steps[STEPS][2] = {
    [AFTER_CLEAR] = {PACK(PS_TRANSFER, PA_TRANSFER_WRITE, 0), PACK(PS_TRANSFER, PA_TRANSFER_READ, 0)},
    [AFTER_COPY] = {PACK(PS_TRANSFER, PA_TRANSFER_WRITE, 0), PACK(PS_TRANSFER, PA_TRANSFER_READ, 0)},
    [BEFORE_HOST] = {PACK(PS_TRANSFER, PA_TRANSFER_WRITE, 0), PACK(PS_HOST, PA_HOST_READ, 0)},
};

static void step_barrier(VkCommandBuffer cmd, VkBuffer buffer, int step)
{
    const uint32_t from = steps[step][0], to = steps[step][1];
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = ACCESS_OF(from),
        .dstAccessMask = ACCESS_OF(to),
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, STAGE_OF(from), STAGE_OF(to), 0, 0, NULL, 1, &b, 0, NULL);
}

static void record_chain(VkCommandBuffer cmd, const VkBuffer *buf)
{
    const VkBufferCopy whole = {.size = BYTES};

    vkCmdFillBuffer(cmd, buf[0], 0, BYTES, 0x5a5a5a5a);
    step_barrier(cmd, buf[0], AFTER_CLEAR);
    vkCmdCopyBuffer(cmd, buf[0], buf[1], 1, &whole);
    step_barrier(cmd, buf[1], AFTER_COPY);
    vkCmdCopyBuffer(cmd, buf[1], buf[2], 1, &whole);
    step_barrier(cmd, buf[2], BEFORE_HOST);
}

int main(void)
{
    struct pack_ctx c;
    VkBuffer buf[3];
    VkDeviceMemory mem[3];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (pack_init(&c) != 0)
        return 1;
    for (int i = 0; i < 3; i++)
        if (lite_buffer(&c.vk, BYTES, usage, &buf[i], &mem[i]) != VK_SUCCESS)
            return 1;
    record_chain(c.cmd, buf);
    if (pack_finish(&c) != 0)
        return 1;
    uint32_t *out;
    if (vkMapMemory(c.vk.device, mem[2], 0, VK_WHOLE_SIZE, 0, (void **)&out) != VK_SUCCESS)
        return 1;
    printf("%08x\n", out[BYTES / 4 - 1]);
    return 0;
}
