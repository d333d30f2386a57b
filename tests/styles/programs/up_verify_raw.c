// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 37
// An immediate-mode upload context (upload.h): one mapped staging buffer,
// bump-allocated with aligned offsets, copies batched and handed to the
// program's flush callback, which records them.  The tool uploads a
// lookup table and, to check it, downloads it back through the same
// staging buffer.  Both copies land in one batch, and the flush records
// them in order with nothing between: the download reads the table while
// the upload may still be writing it.
#include "upload.h"

#define STAGING_BYTES 4096
#define TABLE_ENTRIES 192

struct checker {
    VkCommandBuffer cmd;
    unsigned recorded;
};

static void record_batch(struct upload_ctx *up, void *user)
{
    struct checker *k = user;
    const struct staged_copy *c = up->batch;
    const struct staged_copy *end = up->batch + up->count;

    for (; c < end; c++) {
        VkBufferCopy region;

        if (c->direction == TO_DEVICE) {
            region.srcOffset = c->staging_offset;
            region.dstOffset = c->buffer_offset;
            region.size = c->size;
            vkCmdCopyBuffer(k->cmd, up->staging, c->buffer, 1, &region);
        } else {
            region.srcOffset = c->buffer_offset;
            region.dstOffset = c->staging_offset;
            region.size = c->size;
            vkCmdCopyBuffer(k->cmd, c->buffer, up->staging, 1, &region);
        }
        k->recorded++;
    }
}

int main(void)
{
    struct lite ctx;
    struct upload_ctx up;
    struct checker checker = {0};
    VkBuffer table;
    VkDeviceMemory table_memory;
    uint32_t entries[TABLE_ENTRIES];
    VkDeviceSize check_at;

    if (lite_init(&ctx) != 0 || upload_init(&ctx, &up, STAGING_BYTES, record_batch, &checker) != 0)
        return 1;
    if (lite_buffer(&ctx, sizeof entries, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    &table, &table_memory) != VK_SUCCESS ||
        lite_alloc(&ctx, 1, &checker.cmd) != VK_SUCCESS)
        return 1;
    for (uint32_t i = 0; i < TABLE_ENTRIES; i++)
        entries[i] = i * 2654435761u;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(checker.cmd, &begin);
    upload(&up, table, 0, entries, sizeof entries, 64);
    download(&up, table, 0, sizeof entries, 64, &check_at);
    upload_flush(&up);
    VkMemoryBarrier to_host = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(checker.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host,
                         0, NULL, 0, NULL);
    vkEndCommandBuffer(checker.cmd);
    if (lite_submit(&ctx, 1, &checker.cmd) != VK_SUCCESS)
        return 1;
    printf("%u copies, table %s\n", checker.recorded,
           memcmp(up.map + check_at, entries, sizeof entries) == 0 ? "ok" : "differs");
    return 0;
}
