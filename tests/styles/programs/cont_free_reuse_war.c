// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 63
// Intrusive lists (ilist.h): a pool of scratch buffers, each a `struct
// scratch` linked through its `node` into one of the pool's lists - free,
// in use, or retired (waiting for the GPU).  A job takes a scratch buffer
// from the head of the free list, fills it, copies it into its slice of
// the output and gives it back.  put_scratch() gives it straight back to
// the head of the free list (LIFO, the warmest buffer first) instead of
// the retired list: the second job of the frame gets the same buffer and
// fills it while the first job's copy may still read it.
#include "lite.h"
#include "ilist.h"

#define N_SCRATCH 4
#define SCRATCH_BYTES 1024
#define N_JOBS 2

struct scratch {
    VkBuffer buffer;
    VkDeviceMemory memory;
    unsigned uses;
    struct list_head node;
};

struct pool {
    struct scratch slots[N_SCRATCH];
    struct list_head free, used, retired;
};

static struct scratch *get_scratch(struct pool *p)
{
    struct scratch *s;

    if (list_empty(&p->free))
        return NULL;
    s = list_first_entry(&p->free, struct scratch, node);
    list_move_tail(&s->node, &p->used);
    s->uses++;
    return s;
}

static void put_scratch(struct pool *p, struct scratch *s)
{
    list_del(&s->node);
    list_add(&s->node, &p->free);
}

/* After the frame's fence: everything retired is free again. */
static void recycle(struct pool *p)
{
    struct scratch *s, *tmp;

    list_for_each_entry_safe(s, tmp, &p->retired, node)
        list_move_tail(&s->node, &p->free);
}

static int run_job(struct pool *p, VkCommandBuffer cmd, VkBuffer out, unsigned job)
{
    struct scratch *s = get_scratch(p);
    VkBufferCopy slice = {0, (VkDeviceSize)job * SCRATCH_BYTES, SCRATCH_BYTES};

    if (!s)
        return -1;
    vkCmdFillBuffer(cmd, s->buffer, 0, SCRATCH_BYTES, 0x01010101u * (job + 1));
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
    vkCmdCopyBuffer(cmd, s->buffer, out, 1, &slice);
    put_scratch(p, s);
    return 0;
}

int main(void)
{
    struct lite vk;
    struct pool pool;
    VkBuffer out;
    VkDeviceMemory out_memory;
    VkCommandBuffer cmds[2];
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&vk) != 0)
        return 1;
    INIT_LIST_HEAD(&pool.free);
    INIT_LIST_HEAD(&pool.used);
    INIT_LIST_HEAD(&pool.retired);
    for (int i = 0; i < N_SCRATCH; i++) {
        struct scratch *s = &pool.slots[i];
        s->uses = 0;
        if (lite_buffer(&vk, SCRATCH_BYTES, usage, &s->buffer, &s->memory) != VK_SUCCESS)
            return 1;
        list_add_tail(&s->node, &pool.free);
    }
    if (lite_buffer(&vk, N_JOBS * SCRATCH_BYTES, usage, &out, &out_memory) != VK_SUCCESS ||
        lite_alloc(&vk, 2, cmds) != VK_SUCCESS)
        return 1;

    for (int frame = 0; frame < 2; frame++) {
        VkCommandBuffer cmd = cmds[frame];
        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        if (vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS)
            return 1;
        for (unsigned job = 0; job < N_JOBS; job++)
            if (run_job(&pool, cmd, out, job) != 0)
                return 1;
        if (vkEndCommandBuffer(cmd) != VK_SUCCESS || lite_submit(&vk, 1, &cmd) != VK_SUCCESS)
            return 1;
        recycle(&pool);
    }
    printf("slot 0 used %u times\n", pool.slots[0].uses);
    return 0;
}
