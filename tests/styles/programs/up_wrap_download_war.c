// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 36
// An immediate-mode upload context (upload.h): one mapped staging buffer,
// bump-allocated with aligned offsets, copies batched and handed to the
// program's flush callback.  The frame uploads three mesh parts, then
// downloads last frame's results through the same staging buffer.  The
// download does not fit after the uploads, so the allocator wraps to
// offset 0 and the download's copy writes the staging bytes the uploads'
// copies read, in the same command buffer; the flush records the batches
// back to back with nothing between them.
#include "upload.h"

#define STAGING_BYTES 1024
#define PART_BYTES 256
#define RESULT_BYTES 512

struct frame {
    VkCommandBuffer cmd;
    unsigned copies;
};

static void flush_copies(struct upload_ctx *up, void *user)
{
    struct frame *f = user;

    for (unsigned i = 0; i < up->count; i++) {
        const struct staged_copy *c = &up->batch[i];
        VkBufferCopy region;

        switch (c->direction) {
        case TO_DEVICE:
            region = (VkBufferCopy){c->staging_offset, c->buffer_offset, c->size};
            vkCmdCopyBuffer(f->cmd, up->staging, c->buffer, 1, &region);
            break;
        case TO_STAGING:
            region = (VkBufferCopy){c->buffer_offset, c->staging_offset, c->size};
            vkCmdCopyBuffer(f->cmd, c->buffer, up->staging, 1, &region);
            break;
        }
        f->copies++;
    }
}

int main(void)
{
    struct lite ctx;
    struct upload_ctx up;
    struct frame frame = {0};
    VkBuffer mesh, results;
    VkDeviceMemory mesh_memory, results_memory;
    VkCommandBuffer setup;
    static uint8_t parts[3][PART_BYTES];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};

    if (lite_init(&ctx) != 0 || upload_init(&ctx, &up, STAGING_BYTES, flush_copies, &frame) != 0)
        return 1;
    if (lite_buffer(&ctx, 3 * PART_BYTES, usage, &mesh, &mesh_memory) != VK_SUCCESS ||
        lite_buffer(&ctx, RESULT_BYTES, usage, &results, &results_memory) != VK_SUCCESS)
        return 1;
    if (lite_alloc(&ctx, 1, &setup) != VK_SUCCESS || lite_alloc(&ctx, 1, &frame.cmd) != VK_SUCCESS)
        return 1;

    /* last frame's results, finished before this frame starts */
    vkBeginCommandBuffer(setup, &begin);
    vkCmdFillBuffer(setup, results, 0, RESULT_BYTES, 0x11223344);
    vkEndCommandBuffer(setup);
    if (lite_submit(&ctx, 1, &setup) != VK_SUCCESS)
        return 1;

    for (int p = 0; p < 3; p++)
        memset(parts[p], p + 1, PART_BYTES);
    vkBeginCommandBuffer(frame.cmd, &begin);
    for (int p = 0; p < 3; p++)
        upload(&up, mesh, (VkDeviceSize)p * PART_BYTES, parts[p], PART_BYTES, 256);
    VkDeviceSize results_at;
    download(&up, results, 0, RESULT_BYTES, 256, &results_at);
    upload_flush(&up);
    VkMemoryBarrier to_host = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(frame.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host,
                         0, NULL, 0, NULL);
    vkEndCommandBuffer(frame.cmd);
    if (lite_submit(&ctx, 1, &frame.cmd) != VK_SUCCESS)
        return 1;
    printf("%u copies in %u batches, %u wraps, first result byte %u\n", frame.copies, up.flushes, up.wraps,
           up.map[results_at]);
    return 0;
}
