// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 47
// A post-processing chain configured by bit flags (ppcfg.h): defaults,
// then PP_FLAGS from the environment, then the command line.  Each pass
// is recorded when its flag is set and copies the last pass's output into
// its own buffer.  The readback pass records its barrier only when the
// sharpen pass ran (it was written and tested with --sharpen): with the
// default flags, blur and readback, the readback copy reads what the blur
// copy wrote with no barrier.
#include "ppcfg.h"

#define BYTES 1024

struct post {
    VkBuffer src, work, out, readback;
    VkDeviceMemory memory[4];
};

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

static void record(VkCommandBuffer cmd, const struct pp_config *cfg, const struct post *p)
{
    const VkBufferCopy whole = {0, 0, BYTES};
    VkBuffer last = p->src;

    vkCmdFillBuffer(cmd, p->src, 0, BYTES, 0x80808080u);
    transfer_barrier(cmd);
    if (cfg->flags & PP_BLUR) {
        vkCmdCopyBuffer(cmd, last, p->work, 1, &whole);
        last = p->work;
    }
    if (cfg->flags & PP_SHARPEN) {
        if (last != p->src)
            transfer_barrier(cmd);
        vkCmdCopyBuffer(cmd, last, p->out, 1, &whole);
        last = p->out;
    }
    if (cfg->flags & PP_READBACK) {
        if (cfg->flags & PP_SHARPEN)
            transfer_barrier(cmd);
        vkCmdCopyBuffer(cmd, last, p->readback, 1, &whole);
    }
}

int main(int argc, char **argv)
{
    struct pp_config cfg = pp_parse(argc, argv);
    struct lite ctx;
    struct post post;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (cfg.flags & PP_VERBOSE)
        pp_print(&cfg);
    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &post.src, &post.memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &post.work, &post.memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &post.out, &post.memory[2]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &post.readback, &post.memory[3]) != VK_SUCCESS)
        return 1;
    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    record(cmd, &cfg, &post);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("flags 0x%x\n", cfg.flags);
    return 0;
}
