// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 64
// C11 threads (thrd_create / thrd_join) recording the two stages of an
// upload into secondary command buffers, a command pool each, executed by
// the main thread in one vkCmdExecuteCommands, producer first.  The
// release barrier went into the wrong secondary: the stage test names the
// consumer, so the barrier comes after the consumer's copy, and nothing
// orders the producer's write of the intermediate buffer before the
// consumer's read of it (thr_c11_release_barrier_clean has it in the
// producer).
#include <threads.h>

#include "lite.h"

#define BYTES 512

enum stage { PRODUCE, CONSUME, STAGES };

struct stage_job {
    enum stage stage;
    struct lite *ctx;
    VkBuffer src, dst;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    int ok;
};

static void release_to_transfer(VkCommandBuffer cmd)
{
    VkMemoryBarrier release = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &release, 0, NULL, 0, NULL);
}

static int record_stage(void *arg)
{
    struct stage_job *job = arg;
    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = job->ctx->family,
    };
    if (vkCreateCommandPool(job->ctx->device, &pool_info, NULL, &job->pool) != VK_SUCCESS)
        return thrd_error;
    VkCommandBufferAllocateInfo alloc_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = job->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
        .commandBufferCount = 1,
    };
    if (vkAllocateCommandBuffers(job->ctx->device, &alloc_info, &job->cmd) != VK_SUCCESS)
        return thrd_error;
    VkCommandBufferInheritanceInfo inheritance = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
    };
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .pInheritanceInfo = &inheritance,
    };
    vkBeginCommandBuffer(job->cmd, &begin);
    VkBufferCopy region = {.size = BYTES};
    vkCmdCopyBuffer(job->cmd, job->src, job->dst, 1, &region);
    if (job->stage == CONSUME)
        release_to_transfer(job->cmd);
    if (vkEndCommandBuffer(job->cmd) != VK_SUCCESS)
        return thrd_error;
    job->ok = 1;
    return thrd_success;
}

int main(void)
{
    struct lite ctx;
    VkBuffer staging, intermediate, target;
    VkDeviceMemory memory[3];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &intermediate, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &target, &memory[2]) != VK_SUCCESS)
        return 1;

    struct stage_job jobs[STAGES] = {
        {.stage = PRODUCE, .ctx = &ctx, .src = staging, .dst = intermediate},
        {.stage = CONSUME, .ctx = &ctx, .src = intermediate, .dst = target},
    };
    thrd_t threads[STAGES];
    for (int i = 0; i < STAGES; i++)
        if (thrd_create(&threads[i], record_stage, &jobs[i]) != thrd_success)
            return 1;
    VkCommandBuffer secondaries[STAGES];
    for (int i = 0; i < STAGES; i++) {
        int result;
        thrd_join(threads[i], &result);
        if (result != thrd_success || !jobs[i].ok)
            return 1;
        secondaries[i] = jobs[i].cmd;
    }

    VkCommandBuffer primary;
    if (lite_alloc(&ctx, 1, &primary) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(primary, &begin);
    vkCmdExecuteCommands(primary, STAGES, secondaries);
    vkEndCommandBuffer(primary);
    if (lite_submit(&ctx, 1, &primary) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < STAGES; i++)
        vkDestroyCommandPool(ctx.device, jobs[i].pool, NULL);
    return 0;
}
