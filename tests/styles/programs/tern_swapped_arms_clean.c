// EXPECT: clean
// Dense C (terse.h): a chain of operations on two buffers - a fill, a copy
// out, a fill again - in an array of op codes; before each operation but
// the first, barrier_for() derives the barrier from the previous op and
// this one with nested conditional expressions (the previous op's stage
// and access, the next op's) and records it by BARRIER_IF, unless both are
// reads.  The access the previous op is to make available is written
// `writes(prev) ? VK_ACCESS_TRANSFER_WRITE_BIT : 0`: a fill's write is
// made available to the copy, and the second fill waits for the copy.
#include "terse.h"

#define BYTES 4096

enum op { FILL_A, COPY_A_TO_B, FILL_A_AGAIN, N_OPS };

static const enum op chain[] = {FILL_A, COPY_A_TO_B, FILL_A_AGAIN};

#define writes(o) ((o) == FILL_A || (o) == FILL_A_AGAIN)
#define reads(o) ((o) == COPY_A_TO_B)

static void barrier_for(VkCommandBuffer cmd, enum op prev, enum op next)
{
    VkAccessFlags src = writes(prev) ? VK_ACCESS_TRANSFER_WRITE_BIT : 0;
    VkAccessFlags dst = writes(next) ? VK_ACCESS_TRANSFER_WRITE_BIT
                      : reads(next) ? VK_ACCESS_TRANSFER_READ_BIT : 0;

    BARRIER_IF(cmd, !(reads(prev) && reads(next)), VK_PIPELINE_STAGE_TRANSFER_BIT,
               VK_PIPELINE_STAGE_TRANSFER_BIT, src, dst);
}

static void record(VkCommandBuffer cmd, const VkBuffer *a, const VkBuffer *b)
{
    const enum op *o;

    for (o = chain; o < chain + countof(chain); o++) {
        if (o != chain)
            barrier_for(cmd, o[-1], *o);
        switch (*o) {
        case FILL_A:
        case FILL_A_AGAIN:
            vkCmdFillBuffer(cmd, *a, 0, VK_WHOLE_SIZE, *o == FILL_A ? 0u : ~0u);
            break;
        case COPY_A_TO_B:
            vkCmdCopyBuffer(cmd, *a, *b, 1, &(VkBufferCopy){.size = BYTES});
            break;
        default:
            break;
        }
    }
}

int main(void)
{
    struct lite vk;
    VkBuffer bufs[2];
    VkDeviceMemory mem[2];
    VkCommandBuffer cmd;
    VkResult r;
    int i;

    if (lite_init(&vk))
        return 1;
    for (i = 0; i < 2; i++)
        TRY(r, lite_buffer(&vk, BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                           VK_BUFFER_USAGE_TRANSFER_DST_BIT, bufs + i, mem + i), fail);
    TRY(r, lite_alloc(&vk, 1, &cmd), fail);
    BEGIN(r, cmd, fail);
    record(cmd, bufs, bufs + 1);
    TRY(r, vkEndCommandBuffer(cmd), fail);
    if ((r = lite_submit(&vk, 1, &cmd)) != VK_SUCCESS)
        return fprintf(stderr, "submit: %d\n", r), 1;
    return 0;
fail:
    return 1;
}
