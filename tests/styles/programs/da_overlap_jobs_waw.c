// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 37
// stb_ds-style dynamic arrays (da.h): the frame stages its uploads with
// upload(), which pushes a job (destination, offset, size) onto the
// uploader's array with arrpush(); flush() walks the array and records
// one copy a job, then one barrier for all of them before the readback.
// The material editor re-uploads a material's tint after the frame has
// already staged the whole material table: two jobs write the same bytes
// of the table, and flush() records their copies back to back with no
// barrier between them.
#include "da.h"

#define MATERIALS 8

struct material {
    float albedo[4];
    float tint[4];
    float roughness, metallic, pad[2];
};

static void flush(struct uploader *up, VkCommandBuffer cmd)
{
    VkMemoryBarrier done = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };

    for (size_t i = 0; i < arrlen(up->jobs); i++) {
        const struct upload_job *job = &up->jobs[i];
        VkBufferCopy region = {
            .srcOffset = job->src_offset,
            .dstOffset = job->offset,
            .size = job->size,
        };

        /* The order of the jobs is the order of the writes. */
        vkCmdCopyBuffer(cmd, up->staging, job->dst, 1, &region);
    }
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &done, 0, NULL, 0, NULL);
}

int main(void)
{
    struct lite ctx;
    struct uploader up;
    VkBuffer table, readback;
    VkDeviceMemory table_memory, readback_memory;
    VkCommandBuffer cmd;
    struct material materials[MATERIALS];
    const float selected_tint[4] = {1.0f, 0.2f, 0.2f, 1.0f};
    const int selected = 3;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0 || uploader_init(&ctx, &up, 4096) != 0)
        return 1;
    if (lite_buffer(&ctx, sizeof materials, usage, &table, &table_memory) != VK_SUCCESS ||
        lite_buffer(&ctx, sizeof materials, usage, &readback, &readback_memory) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < MATERIALS; i++)
        materials[i] = (struct material){
            .albedo = {0.5f, 0.5f, 0.5f, 1.0f},
            .tint = {1.0f, 1.0f, 1.0f, 1.0f},
            .roughness = 0.1f * (float)i,
        };

    /* The frame stages the table; the editor then pushes its change. */
    upload(&up, table, 0, materials, sizeof materials);
    upload(&up, table, selected * sizeof(struct material) + offsetof(struct material, tint),
           selected_tint, sizeof selected_tint);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    flush(&up, cmd);
    VkBufferCopy all = {0, 0, sizeof materials};
    vkCmdCopyBuffer(cmd, table, readback, 1, &all);
    buffer_barrier(cmd, readback, 0, VK_WHOLE_SIZE, VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%zu uploads flushed\n", arrlen(up.jobs));
    uploader_reset(&up);
    arrfree(up.jobs);
    return 0;
}
