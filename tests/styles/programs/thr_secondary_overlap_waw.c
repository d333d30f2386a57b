// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 70
// Worker threads each upload a range of vertices into the vertex buffer
// from a secondary command buffer of their own pool; the main thread
// executes the secondaries in one primary.  Each worker's destination
// offset is computed in floats instead of vertices (first_vertex *
// sizeof(float), the size in whole vertices of four floats), so the ranges
// overlap and the second secondary's copy writes bytes the first one wrote,
// with nothing between them: executed secondaries are ordered only by
// submission order, like commands of the primary itself.
#include <pthread.h>

#include "lite.h"

#define WORKERS 4
#define VERTICES_PER_WORKER 16
#define SLICE_BYTES (VERTICES_PER_WORKER * sizeof(struct vertex))

struct vertex {
    float position[3];
    float uv;
};

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
    uint32_t first_vertex = (uint32_t)w->index * VERTICES_PER_WORKER;
    VkBufferCopy region = {
        .srcOffset = first_vertex * sizeof(struct vertex),
        .dstOffset = first_vertex * sizeof(float),
        .size = VERTICES_PER_WORKER * sizeof(struct vertex),
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
    VkMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(primary, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &uploaded, 0, NULL, 0, NULL);
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
