// EXPECT: clean
// A small job system as engines write one: a fixed pool of worker threads
// sleeping on a condition variable, a mutex-protected ring of jobs, each
// worker with its own VkCommandPool (created on the worker thread: a pool
// is externally synchronized).  A job is a record callback; the worker that
// pops it records it into a fresh secondary command buffer.  The main
// thread pushes an upload job (staging -> device) and a resolve job
// (device -> readback), waits on `all_done`, executes the secondaries in
// job order in one primary and submits it.  The resolve job starts with the
// barrier that makes the upload's writes visible to its copy: executed
// secondaries run in submission order, so a barrier in the second
// secondary orders the first one's copy before the second one's.
#include <pthread.h>

#include "lite.h"

#define THREADS 2
#define MAX_JOBS 8
#define BYTES 1024

struct job {
    void (*record)(const struct job *job, VkCommandBuffer cmd);
    VkBuffer src, dst;
    VkDeviceSize size;
    VkCommandBuffer secondary;
    VkResult result;
};

struct job_pool {
    pthread_mutex_t lock;
    pthread_cond_t has_work;
    pthread_cond_t all_done;
    struct job *ring[MAX_JOBS];
    unsigned head, tail, pending;
    int quit;
    struct lite *ctx;
    unsigned started;
    VkCommandPool cmd_pools[THREADS];
    pthread_t threads[THREADS];
};

static void record_upload(const struct job *job, VkCommandBuffer cmd)
{
    VkBufferCopy region = {.size = job->size};
    vkCmdCopyBuffer(cmd, job->src, job->dst, 1, &region);
}

static void record_resolve(const struct job *job, VkCommandBuffer cmd)
{
    VkMemoryBarrier acquire = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &acquire, 0, NULL, 0, NULL);
    VkBufferCopy region = {.size = job->size};
    vkCmdCopyBuffer(cmd, job->src, job->dst, 1, &region);
}

static void run_job(struct job_pool *pool, VkCommandPool cmd_pool, struct job *job)
{
    VkCommandBufferAllocateInfo alloc_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = cmd_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
        .commandBufferCount = 1,
    };
    job->result = vkAllocateCommandBuffers(pool->ctx->device, &alloc_info, &job->secondary);
    if (job->result != VK_SUCCESS)
        return;
    VkCommandBufferInheritanceInfo inheritance = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
    };
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        .pInheritanceInfo = &inheritance,
    };
    vkBeginCommandBuffer(job->secondary, &begin);
    job->record(job, job->secondary);
    job->result = vkEndCommandBuffer(job->secondary);
}

static void *worker_main(void *arg)
{
    struct job_pool *pool = arg;
    VkCommandPool cmd_pool;
    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
        .queueFamilyIndex = pool->ctx->family,
    };
    if (vkCreateCommandPool(pool->ctx->device, &pool_info, NULL, &cmd_pool) != VK_SUCCESS)
        abort();

    pthread_mutex_lock(&pool->lock);
    pool->cmd_pools[pool->started++] = cmd_pool;
    for (;;) {
        while (pool->head == pool->tail && !pool->quit)
            pthread_cond_wait(&pool->has_work, &pool->lock);
        if (pool->head == pool->tail)
            break;
        struct job *job = pool->ring[pool->head++ % MAX_JOBS];
        pthread_mutex_unlock(&pool->lock);
        run_job(pool, cmd_pool, job);
        pthread_mutex_lock(&pool->lock);
        if (--pool->pending == 0)
            pthread_cond_signal(&pool->all_done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void pool_start(struct job_pool *pool, struct lite *ctx)
{
    memset(pool, 0, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->has_work, NULL);
    pthread_cond_init(&pool->all_done, NULL);
    pool->ctx = ctx;
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&pool->threads[i], NULL, worker_main, pool) != 0)
            abort();
}

static void pool_push(struct job_pool *pool, struct job *job)
{
    pthread_mutex_lock(&pool->lock);
    pool->ring[pool->tail++ % MAX_JOBS] = job;
    pool->pending++;
    pthread_cond_signal(&pool->has_work);
    pthread_mutex_unlock(&pool->lock);
}

static void pool_wait(struct job_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    while (pool->pending != 0)
        pthread_cond_wait(&pool->all_done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}

static void pool_stop(struct job_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    pool->quit = 1;
    pthread_cond_broadcast(&pool->has_work);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < THREADS; i++)
        pthread_join(pool->threads[i], NULL);
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

    static struct job_pool pool;
    pool_start(&pool, &ctx);
    struct job jobs[2] = {
        {.record = record_upload, .src = staging, .dst = device, .size = BYTES},
        {.record = record_resolve, .src = device, .dst = readback, .size = BYTES},
    };
    for (int i = 0; i < 2; i++)
        pool_push(&pool, &jobs[i]);
    pool_wait(&pool);
    pool_stop(&pool);

    VkCommandBuffer secondaries[2];
    for (int i = 0; i < 2; i++) {
        if (jobs[i].result != VK_SUCCESS)
            return 1;
        secondaries[i] = jobs[i].secondary;
    }
    VkCommandBuffer primary;
    if (lite_alloc(&ctx, 1, &primary) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(primary, &begin);
    vkCmdExecuteCommands(primary, 2, secondaries);
    vkEndCommandBuffer(primary);
    if (lite_submit(&ctx, 1, &primary) != VK_SUCCESS)
        return 1;

    for (unsigned i = 0; i < pool.started; i++)
        vkDestroyCommandPool(ctx.device, pool.cmd_pools[i], NULL);
    printf("2 jobs recorded by a pool of %d threads\n", THREADS);
    return 0;
}
