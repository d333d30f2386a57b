// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 29
// A table of record functions indexed by a pass enum, and a second table
// saying which passes need a barrier before them.  The scatter pass writes
// the same bytes the clear pass wrote, but its entry in needs_barrier[] was
// left false.
#include "lite.h"

#define SIZE 4096

enum pass { PASS_CLEAR, PASS_SCATTER, PASS_RESOLVE, PASS_COUNT };

struct targets {
    VkBuffer source;
    VkBuffer work;
    VkBuffer result;
};

static void record_clear(VkCommandBuffer cmd, const struct targets *t)
{
    vkCmdFillBuffer(cmd, t->work, 0, SIZE, 0);
}

static void record_scatter(VkCommandBuffer cmd, const struct targets *t)
{
    VkBufferCopy halves[2] = {
        {.srcOffset = 0, .dstOffset = SIZE / 2, .size = SIZE / 2},
        {.srcOffset = SIZE / 2, .dstOffset = 0, .size = SIZE / 2},
    };
    vkCmdCopyBuffer(cmd, t->source, t->work, 2, halves);
}

static void record_resolve(VkCommandBuffer cmd, const struct targets *t)
{
    VkBufferCopy all = {.size = SIZE};
    vkCmdCopyBuffer(cmd, t->work, t->result, 1, &all);
}

typedef void (*record_fn)(VkCommandBuffer, const struct targets *);

static const record_fn record_pass[PASS_COUNT] = {
    [PASS_CLEAR] = record_clear,
    [PASS_SCATTER] = record_scatter,
    [PASS_RESOLVE] = record_resolve,
};

static const int needs_barrier[PASS_COUNT] = {
    [PASS_CLEAR] = 0,
    [PASS_SCATTER] = 0,
    [PASS_RESOLVE] = 1,
};

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
}

int main(void)
{
    struct lite l;
    if (lite_init(&l) != 0)
        return 1;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct targets t;
    VkDeviceMemory mem[3];
    lite_buffer(&l, SIZE, usage, &t.source, &mem[0]);
    lite_buffer(&l, SIZE, usage, &t.work, &mem[1]);
    lite_buffer(&l, SIZE, usage, &t.result, &mem[2]);

    void *host;
    vkMapMemory(l.device, mem[0], 0, SIZE, 0, &host);
    memset(host, 0x3c, SIZE);
    vkUnmapMemory(l.device, mem[0]);

    VkCommandBuffer cmd;
    lite_alloc(&l, 1, &cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    for (int p = 0; p < PASS_COUNT; p++) {
        if (needs_barrier[p])
            transfer_barrier(cmd);
        record_pass[p](cmd, &t);
    }
    vkEndCommandBuffer(cmd);
    lite_submit(&l, 1, &cmd);
    return 0;
}
