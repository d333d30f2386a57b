// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 44
// A render queue sorted before it is recorded: passes are submitted in any
// order with a sort key, qsort() orders them with the program's comparator,
// and the recording loop records each pass after the barrier it asks for.
// The comparator compares the keys the wrong way round, so the queue runs
// backwards: the fill of the source is recorded last, after the copy that
// reads it, and nothing orders the fill after that read.
#include "lite.h"

#define BYTES 1024

enum pass_kind { PASS_FILL, PASS_COPY };

struct queued_pass {
    unsigned key;
    enum pass_kind kind;
    int barrier_before;
    VkBuffer src, dst;
};

static int by_key(const void *a, const void *b)
{
    const struct queued_pass *x = a, *y = b;
    return (int)y->key - (int)x->key;
}

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

static void record_queue(VkCommandBuffer cmd, struct queued_pass *queue, size_t count)
{
    qsort(queue, count, sizeof *queue, by_key);
    for (size_t i = 0; i < count; i++) {
        const struct queued_pass *p = &queue[i];
        if (p->barrier_before)
            transfer_barrier(cmd);
        if (p->kind == PASS_FILL) {
            vkCmdFillBuffer(cmd, p->dst, 0, BYTES, p->key);
        } else {
            VkBufferCopy region = {0, 0, BYTES};
            vkCmdCopyBuffer(cmd, p->src, p->dst, 1, &region);
        }
    }
}

int main(void)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct lite ctx;
    VkBuffer source, blurred, result;
    VkDeviceMemory memory[3];

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &source, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &blurred, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &result, &memory[2]) != VK_SUCCESS)
        return 1;

    struct queued_pass queue[] = {
        {20, PASS_COPY, 1, source, blurred},
        {10, PASS_FILL, 0, VK_NULL_HANDLE, source},
        {30, PASS_COPY, 1, blurred, result},
    };

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    record_queue(cmd, queue, sizeof queue / sizeof queue[0]);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("first pass key %u\n", queue[0].key);
    return 0;
}
