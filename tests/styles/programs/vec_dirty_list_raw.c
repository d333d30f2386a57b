// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 81
// rxi-style vec_t dynamic arrays (vec.h): the frame's copies are a
// vec_t(struct copy_job), and each recorded copy pushes the buffer it
// dirtied on a vec_t(VkBuffer); before the readback pass, vec_foreach
// walks the dirty list and records one buffer barrier each.  The copy
// pushes its source instead of its destination, so the barriers cover the
// staging buffers and the readback reads the atlas with no barrier on it.
#include "lite.h"
#include "vec.h"

#define BYTES 512

struct copy_job {
    VkBuffer src, dst;
    VkDeviceSize dst_offset, size;
};

typedef vec_t(struct copy_job) vec_job_t;
typedef vec_t(VkBuffer) vec_buffer_t;

static void record_copies(VkCommandBuffer cmd, vec_job_t *jobs, vec_buffer_t *dirty)
{
    struct copy_job *job;
    int i;
    vec_foreach_ptr(jobs, job, i) {
        VkBufferCopy region = {0, job->dst_offset, job->size};
        vkCmdCopyBuffer(cmd, job->src, job->dst, 1, &region);
        vec_push(dirty, job->src);
    }
}

static void flush_dirty(VkCommandBuffer cmd, vec_buffer_t *dirty)
{
    VkBuffer b;
    int i;
    vec_foreach(dirty, b, i) {
        VkBufferMemoryBarrier bb = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                    .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                    .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                                    .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                    .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                    .buffer = b,
                                    .offset = 0,
                                    .size = VK_WHOLE_SIZE};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                             &bb, 0, NULL);
    }
    vec_clear(dirty);
}

int main(void)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct lite ctx;
    VkBuffer staging[2], atlas, readback;
    VkDeviceMemory memory[4];

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &staging[0], &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &staging[1], &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, 2 * BYTES, usage, &atlas, &memory[2]) != VK_SUCCESS ||
        lite_buffer(&ctx, 2 * BYTES, usage, &readback, &memory[3]) != VK_SUCCESS)
        return 1;

    vec_job_t jobs;
    vec_buffer_t dirty;
    vec_init(&jobs);
    vec_init(&dirty);
    vec_push(&jobs, ((struct copy_job){staging[0], atlas, 0, BYTES}));
    vec_push(&jobs, ((struct copy_job){staging[1], atlas, BYTES, BYTES}));

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    record_copies(cmd, &jobs, &dirty);
    flush_dirty(cmd, &dirty);
    VkBufferCopy whole = {0, 0, 2 * BYTES};
    vkCmdCopyBuffer(cmd, atlas, readback, 1, &whole);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%d jobs\n", jobs.length);
    vec_deinit(&jobs);
    vec_deinit(&dirty);
    return 0;
}
