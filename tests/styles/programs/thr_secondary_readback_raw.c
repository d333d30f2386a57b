// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 107
// Worker threads (pthread_create), each with its own command pool, record
// a secondary command buffer that uploads one slice of the vertex buffer;
// the main thread joins them and executes the secondaries in one primary,
// then copies the whole vertex buffer to the readback buffer.  The workers'
// copies are disjoint, but nothing orders the readback copy after them:
// the barrier that thr_secondary_slices_clean records after
// vkCmdExecuteCommands is missing.
#include <pthread.h>

#include "lite.h"

#define WORKERS 4
#define SLICE_BYTES 256

struct worker {
    pthread_t thread;
    int index;
    struct lite *ctx;
    VkBuffer staging;
    VkBuffer vertices;
    VkCommandPool pool;
    VkCommandBuffer secondary;
    VkResult result;
};

static void *record_slice(void *arg)
{
    struct worker *w = arg;
    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
        .queueFamilyIndex = w->ctx->family,
    };
    w->result = vkCreateCommandPool(w->ctx->device, &pool_info, NULL, &w->pool);
    if (w->result != VK_SUCCESS)
        return NULL;
    VkCommandBufferAllocateInfo alloc_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = w->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
        .commandBufferCount = 1,
    };
    w->result = vkAllocateCommandBuffers(w->ctx->device, &alloc_info, &w->secondary);
    if (w->result != VK_SUCCESS)
        return NULL;

    VkCommandBufferInheritanceInfo inheritance = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
    };
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        .pInheritanceInfo = &inheritance,
    };
    vkBeginCommandBuffer(w->secondary, &begin);
    VkBufferCopy region = {
        .srcOffset = (VkDeviceSize)w->index * SLICE_BYTES,
        .dstOffset = (VkDeviceSize)w->index * SLICE_BYTES,
        .size = SLICE_BYTES,
    };
    vkCmdCopyBuffer(w->secondary, w->staging, w->vertices, 1, &region);
    w->result = vkEndCommandBuffer(w->secondary);
    return NULL;
}

int main(void)
{
    struct lite ctx;
    VkBuffer staging, vertices, readback;
    VkDeviceMemory memory[3];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, WORKERS * SLICE_BYTES, usage, &staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, WORKERS * SLICE_BYTES, usage, &vertices, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, WORKERS * SLICE_BYTES, usage, &readback, &memory[2]) != VK_SUCCESS)
        return 1;

    struct worker workers[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        workers[i] = (struct worker){.index = i, .ctx = &ctx, .staging = staging, .vertices = vertices};
        if (pthread_create(&workers[i].thread, NULL, record_slice, &workers[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    VkCommandBuffer secondaries[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        pthread_join(workers[i].thread, NULL);
        if (workers[i].result != VK_SUCCESS)
            return 1;
        secondaries[i] = workers[i].secondary;
    }

    VkCommandBuffer primary;
    if (lite_alloc(&ctx, 1, &primary) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(primary, &begin);
    vkCmdExecuteCommands(primary, WORKERS, secondaries);
    VkBufferCopy whole = {.size = WORKERS * SLICE_BYTES};
    vkCmdCopyBuffer(primary, vertices, readback, 1, &whole);
    vkEndCommandBuffer(primary);
    if (lite_submit(&ctx, 1, &primary) != VK_SUCCESS)
        return 1;

    for (int i = 0; i < WORKERS; i++)
        vkDestroyCommandPool(ctx.device, workers[i].pool, NULL);
    printf("%d slices recorded on %d threads\n", WORKERS, WORKERS);
    return 0;
}
