// EXPECT: clean
// Two threads record two primary command buffers, each from its own
// command pool: the readback thread copies last frame's results out of the
// device buffer, the upload thread copies this frame's data into it.  The
// main thread joins both and submits them together in one vkQueueSubmit,
// readback first.  "Submission order ... within a VkSubmitInfo ... the
// order in which command buffers appear in pCommandBuffers" (Vulkan spec,
// Synchronization and Cache Control, "Implicit Synchronization
// Guarantees") orders the recordings only for barriers, so the upload's
// primary begins with an execution barrier: TRANSFER before TRANSFER, which
// is enough for a write after a read.
#include <pthread.h>

#include "lite.h"

#define BYTES 2048

enum { READBACK, UPLOAD, THREADS };

struct recorder {
    pthread_t thread;
    struct lite *ctx;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer src, dst;
    int wait_for_readers;
    VkResult result;
};

static void *record_copy(void *arg)
{
    struct recorder *r = arg;
    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = r->ctx->family,
    };
    r->result = vkCreateCommandPool(r->ctx->device, &pool_info, NULL, &r->pool);
    if (r->result != VK_SUCCESS)
        return NULL;
    VkCommandBufferAllocateInfo alloc_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = r->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    r->result = vkAllocateCommandBuffers(r->ctx->device, &alloc_info, &r->cmd);
    if (r->result != VK_SUCCESS)
        return NULL;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(r->cmd, &begin);
    if (r->wait_for_readers)
        vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             0, 0, NULL, 0, NULL, 0, NULL);
    VkBufferCopy region = {.size = BYTES};
    vkCmdCopyBuffer(r->cmd, r->src, r->dst, 1, &region);
    r->result = vkEndCommandBuffer(r->cmd);
    return NULL;
}

int main(void)
{
    struct lite ctx;
    VkBuffer staging, device, readback;
    VkDeviceMemory memory[3];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &device, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &readback, &memory[2]) != VK_SUCCESS)
        return 1;

    struct recorder recorders[THREADS] = {
        [READBACK] = {.ctx = &ctx, .src = device, .dst = readback},
        [UPLOAD] = {.ctx = &ctx, .src = staging, .dst = device, .wait_for_readers = 1},
    };
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&recorders[i].thread, NULL, record_copy, &recorders[i]) != 0)
            return 1;
    VkCommandBuffer cmds[THREADS];
    for (int i = 0; i < THREADS; i++) {
        pthread_join(recorders[i].thread, NULL);
        if (recorders[i].result != VK_SUCCESS)
            return 1;
        cmds[i] = recorders[i].cmd;
    }
    if (lite_submit(&ctx, THREADS, cmds) != VK_SUCCESS)
        return 1;

    for (int i = 0; i < THREADS; i++)
        vkDestroyCommandPool(ctx.device, recorders[i].pool, NULL);
    printf("%d primaries recorded on %d threads, one submission\n", THREADS, THREADS);
    return 0;
}
