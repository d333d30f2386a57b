// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 82
// stb_ds-style dynamic arrays (da.h): the frame stages its uploads with
// upload(), which pushes a job (destination, offset, size) onto the
// uploader's array with arrpush(), and marks the jobs something reads
// afterwards with upload_wait(); flush() walks the array recording the
// copies, then a barrier for each marked job.  The jobs are marked by a
// fixed enum of slots written when the frame uploaded vertices, indices
// and uniforms in that order; the uniforms were later moved before the
// indices and the enum was not updated: JOB_UNIFORMS now names the index
// job, and the bake pass copies the uniforms with no barrier after their
// upload.
#include "da.h"

#define VERTEX_COUNT 64
#define INDEX_COUNT 96

enum { JOB_VERTICES, JOB_INDICES, JOB_UNIFORMS };

struct vertex {
    float x, y, z, w;
};

struct uniforms {
    float mvp[16];
    float tint[4];
};

static void flush(struct uploader *up, VkCommandBuffer cmd)
{
    for (size_t i = 0; i < arrlen(up->jobs); i++) {
        const struct upload_job *job = &up->jobs[i];
        VkBufferCopy region = {job->src_offset, job->offset, job->size};

        vkCmdCopyBuffer(cmd, up->staging, job->dst, 1, &region);
    }
    for (size_t i = 0; i < arrlen(up->jobs); i++) {
        const struct upload_job *job = &up->jobs[i];

        if (job->wait_stage)
            buffer_barrier(cmd, job->dst, job->offset, job->size,
                           VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                           job->wait_stage, job->wait_access);
    }
}

int main(void)
{
    struct lite ctx;
    struct uploader up;
    VkBuffer mesh, params, baked;
    VkDeviceMemory mesh_memory, params_memory, baked_memory;
    VkCommandBuffer cmd;
    static struct vertex vertices[VERTEX_COUNT];
    static uint16_t indices[INDEX_COUNT];
    struct uniforms u = {.tint = {1.0f, 0.5f, 0.25f, 1.0f}};
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0 || uploader_init(&ctx, &up, 4096) != 0)
        return 1;
    if (lite_buffer(&ctx, sizeof vertices + sizeof indices, usage, &mesh, &mesh_memory) != VK_SUCCESS ||
        lite_buffer(&ctx, sizeof u, usage, &params, &params_memory) != VK_SUCCESS ||
        lite_buffer(&ctx, sizeof vertices + sizeof u, usage, &baked, &baked_memory) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < VERTEX_COUNT; i++)
        vertices[i] = (struct vertex){(float)i, (float)(i % 8), 0.0f, 1.0f};
    for (int i = 0; i < 16; i++)
        u.mvp[i] = (i % 5 == 0) ? 1.0f : 0.0f;

    upload(&up, mesh, 0, vertices, sizeof vertices);
    upload(&up, params, 0, &u, sizeof u);
    upload(&up, mesh, sizeof vertices, indices, sizeof indices);
    upload_wait(&up, JOB_VERTICES, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    upload_wait(&up, JOB_UNIFORMS, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    flush(&up, cmd);
    VkBufferCopy bake[2] = {{0, 0, sizeof vertices}, {0, sizeof vertices, sizeof u}};
    vkCmdCopyBuffer(cmd, mesh, baked, 1, &bake[0]);
    vkCmdCopyBuffer(cmd, params, baked, 1, &bake[1]);
    buffer_barrier(cmd, baked, 0, VK_WHOLE_SIZE, VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    uploader_reset(&up);
    arrfree(up.jobs);
    printf("%zu jobs left, staging %llu bytes\n", arrlen(up.jobs), (unsigned long long)up.used);
    return 0;
}
