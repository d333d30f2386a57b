// EXPECT: clean
// bl_pass_table_waw fixed: needs_barrier() compares the pass's handles
// with the previous pass's for a write after write too, so the atlas
// patch's copy waits for the atlas upload's.
#include "bindless.h"

#define BYTES 4096
#define KB 1024

struct copy_pass {
    const char *name;
    res_handle src, dst;
    VkDeviceSize src_offset, dst_offset, size;
};

static int needs_barrier(const struct copy_pass *prev, const struct copy_pass *p)
{
    if (!prev)
        return 0;
    return p->src == prev->dst || p->dst == prev->dst; /* read or write after write */
}

static void record_pass(VkCommandBuffer cmd, const struct copy_pass *prev, const struct copy_pass *p)
{
    if (needs_barrier(prev, p)) {
        VkMemoryBarrier mb = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
        };
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                             NULL, 0, NULL);
    }
    VkBufferCopy region = {p->src_offset, p->dst_offset, p->size};
    vkCmdCopyBuffer(cmd, RES(p->src)->buffer, RES(p->dst)->buffer, 1, &region);
}

int main(void)
{
    struct lite ctx;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    res_table_init(&res_table);
    res_handle staging = res_buffer(&ctx, BYTES, usage);
    res_handle patch = res_buffer(&ctx, KB, usage);
    res_handle atlas = res_buffer(&ctx, BYTES, usage);
    res_handle readback = res_buffer(&ctx, BYTES, usage);
    if (!staging || !patch || !atlas || !readback)
        return 1;

    void *p;
    if (vkMapMemory(ctx.device, RES(staging)->memory, 0, BYTES, 0, &p) != VK_SUCCESS)
        return 1;
    memset(p, 0x11, BYTES);
    vkUnmapMemory(ctx.device, RES(staging)->memory);
    if (vkMapMemory(ctx.device, RES(patch)->memory, 0, KB, 0, &p) != VK_SUCCESS)
        return 1;
    memset(p, 0x22, KB);
    vkUnmapMemory(ctx.device, RES(patch)->memory);

    const struct copy_pass passes[] = {
        {"atlas.upload", staging, atlas, 0, 0, BYTES},
        {"atlas.patch", patch, atlas, 0, 0, KB},
        {"atlas.readback", atlas, readback, 0, 0, BYTES},
    };
    const unsigned count = sizeof passes / sizeof passes[0];

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    const struct copy_pass *prev = NULL;
    for (unsigned i = 0; i < count; i++) {
        record_pass(cmd, prev, &passes[i]);
        prev = &passes[i];
    }
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u passes, %u buffers\n", count, res_table.used);
    return 0;
}
