// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 45
// Code from token-pasting generators (tok.h): DEFINE_POOL(staging,
// VkBuffer) makes a pool of small staging buffers (staging_pool_get hands
// out the buffer put back last, or makes one), and BARRIER_FN rows make
// the barrier helpers.  Each upload job takes a staging buffer from the
// pool, writes its words into it with vkCmdUpdateBuffer, makes them
// visible to the copy and copies them into its slot of the vertex buffer.
// The job puts its staging buffer back as soon as the copy is recorded:
// the next job gets the same buffer and overwrites it while the copy
// recorded before may still be reading it.
#include "tok.h"

#define JOB_WORDS 64
#define JOB_BYTES (JOB_WORDS * 4)
#define JOBS 3

#define ST(x) VK_PIPELINE_STAGE_##x##_BIT
#define AC(x) VK_ACCESS_##x##_BIT

static VkResult staging_create(struct lite *vk, VkBuffer *buf, VkDeviceMemory *memory)
{
    return lite_buffer(vk, JOB_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       buf, memory);
}

DEFINE_POOL(staging, VkBuffer)

/*         name             first stage   second stage  first access        second access */
BARRIER_FN(update_to_copy,  ST(TRANSFER), ST(TRANSFER), AC(TRANSFER_WRITE), AC(TRANSFER_READ))
BARRIER_FN(copy_to_host,    ST(TRANSFER), ST(HOST),     AC(TRANSFER_WRITE), AC(HOST_READ))

struct job {
    uint32_t words[JOB_WORDS];
    VkDeviceSize slot;
};

static struct lite vk;
static struct staging_pool pool;

static void run_job(VkCommandBuffer cmd, const struct job *job, VkBuffer vertices)
{
    VkBuffer staging = staging_pool_get(&pool);
    VkBufferCopy region = {0, job->slot * JOB_BYTES, JOB_BYTES};

    vkCmdUpdateBuffer(cmd, staging, 0, JOB_BYTES, job->words);
    barrier_update_to_copy(cmd, staging);
    vkCmdCopyBuffer(cmd, staging, vertices, 1, &region);
    staging_pool_put(&pool, staging);
}

int main(void)
{
    static struct job jobs[JOBS];
    VkBuffer vertices;
    VkDeviceMemory vertex_memory;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    staging_pool_init(&pool, &vk);
    if (lite_buffer(&vk, JOBS * JOB_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &vertices, &vertex_memory) !=
            VK_SUCCESS ||
        lite_alloc(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    for (int j = 0; j < JOBS; j++) {
        jobs[j].slot = JOBS - 1 - j;
        for (int i = 0; i < JOB_WORDS; i++)
            jobs[j].words[i] = (uint32_t)(j * 1000 + i);
    }

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    for (int j = 0; j < JOBS; j++)
        run_job(cmd, &jobs[j], vertices);
    barrier_copy_to_host(cmd, vertices);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%d jobs, %u staging buffer(s)\n", JOBS, pool.count);
    return 0;
}
