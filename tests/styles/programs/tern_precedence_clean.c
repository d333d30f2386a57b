// EXPECT: clean
// Dense C (terse.h): a frame is a table of steps, each a set of flag bits;
// one loop with comma operators walks the table and the buffers by pointer
// arithmetic, a conditional expression picks the fill or the copy, and the
// barrier before a step is recorded by BARRIER_IF (a do/while(0) that
// leaves early with `break`).  The barrier bit is tested with its
// parentheses, `(p->flags & F_BARRIER) != 0`: each copy waits for the step
// before it.
#include "terse.h"

#define N_BUFS 3
#define BYTES 1024

enum { F_FILL = 1 << 0, F_BARRIER = 1 << 1, F_COPY = 1 << 2 };

static const struct step {
    unsigned flags;
    int src, dst;
    uint32_t value;
} steps[] = {
    {F_FILL, -1, 0, 0x5a5a5a5a},
    {F_BARRIER | F_COPY, 0, 1, 0},
    {F_BARRIER | F_COPY, 1, 2, 0},
};

static void record(VkCommandBuffer cmd, const VkBuffer *bufs)
{
    const struct step *p, *end;
    int n;

    for (p = steps, end = steps + countof(steps), n = 0; p != end; ++p, ++n) {
        BARRIER_IF(cmd, (p->flags & F_BARRIER) != 0, VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
        p->flags & F_FILL
            ? vkCmdFillBuffer(cmd, *(bufs + p->dst), 0, BYTES, p->value)
            : vkCmdCopyBuffer(cmd, *(bufs + p->src), *(bufs + p->dst), 1,
                              &(VkBufferCopy){0, 0, BYTES});
    }
    fprintf(stderr, "%d steps\n", n);
}

int main(void)
{
    struct lite vk;
    VkBuffer bufs[N_BUFS], *b;
    VkDeviceMemory mem[N_BUFS];
    VkCommandBuffer cmd;
    VkResult r;

    if (lite_init(&vk))
        return 1;
    for (b = bufs; b != bufs + N_BUFS; ++b)
        TRY(r, lite_buffer(&vk, BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                           VK_BUFFER_USAGE_TRANSFER_DST_BIT, b, mem + (b - bufs)), fail);
    TRY(r, lite_alloc(&vk, 1, &cmd), fail);
    BEGIN(r, cmd, fail);
    record(cmd, bufs);
    TRY(r, vkEndCommandBuffer(cmd), fail);
    TRY(r, lite_submit(&vk, 1, &cmd), fail);
    return 0;
fail:
    return 1;
}
