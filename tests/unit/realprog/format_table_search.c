/* A driver's format lookup in Mesa's style: a table with an entry per
   pipe format (300 here), searched for the one the caller asks for, then
   the format's block size picks the buffer an upload's staging copy goes
   to.

   The loop's condition is known, so it ran as C does, iteration by
   iteration, each a branch on the unknown format: past 256 iterations it
   was cut (vksync-incomplete, "loop runs more than 256 times"), and below
   that each iteration was run again on every path. */
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#define FORMAT_COUNT 300

struct format_desc {
    unsigned pipe_format;
    VkFormat vk_format;
    unsigned block_size;
};

extern const struct format_desc format_table[FORMAT_COUNT];

static const struct format_desc *find_format(unsigned pipe_format)
{
    for (unsigned i = 0; i < FORMAT_COUNT; i++) {
        if (format_table[i].pipe_format == pipe_format)
            return &format_table[i];
    }
    return NULL;
}

struct upload_ctx {
    VkCommandBuffer cmdbuf;
    VkBuffer staging, dst, wide_dst;
};

void upload_texture(struct upload_ctx *ctx, unsigned pipe_format)
{
    const struct format_desc *desc = find_format(pipe_format);
    VkBuffer dst = desc && desc->block_size > 4 ? ctx->wide_dst : ctx->dst;

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(ctx->cmdbuf, &begin);
    vkCmdFillBuffer(ctx->cmdbuf, ctx->staging, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(ctx->cmdbuf, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 65536};
    vkCmdCopyBuffer(ctx->cmdbuf, ctx->staging, dst, 1, &region);
    vkEndCommandBuffer(ctx->cmdbuf);
}
