// EXPECT: clean
// VKSYNC-ONLY: path-not-taken SYNC-HAZARD-READ-AFTER-WRITE at line 57 with --sharpen
// A post-processing chain configured by bit flags (ppcfg.h), its passes
// in a table of {flag, target, name} walked in order: a pass whose flag
// is clear is skipped, and one whose flag is in PP_READS_PREVIOUS gets a
// barrier first.  The mask was written before the sharpen pass existed
// and lacks PP_SHARPEN: with the default flags (blur, readback) the run
// is race-free, with --sharpen the sharpen copy reads what the blur copy
// wrote with no barrier.
#include "ppcfg.h"

#define BYTES 1024
#define PP_READS_PREVIOUS (PP_BLUR | PP_TONEMAP | PP_READBACK)

enum target { T_SRC, T_WORK, T_OUT, T_TONEMAPPED, T_READBACK, T_COUNT };

struct pass {
    unsigned flag;
    enum target target;
    const char *name;
};

static const struct pass chain[] = {
    {PP_BLUR, T_WORK, "blur"},
    {PP_SHARPEN, T_OUT, "sharpen"},
    {PP_TONEMAP, T_TONEMAPPED, "tonemap"},
    {PP_READBACK, T_READBACK, "readback"},
};

static VkBuffer buffers[T_COUNT];
static VkDeviceMemory memory[T_COUNT];

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

static unsigned record(VkCommandBuffer cmd, const struct pp_config *cfg)
{
    const VkBufferCopy whole = {0, 0, BYTES};
    enum target last = T_SRC;
    unsigned recorded = 0;

    vkCmdFillBuffer(cmd, buffers[T_SRC], 0, BYTES, 0x80808080u);
    for (size_t i = 0; i < sizeof chain / sizeof chain[0]; i++) {
        const struct pass *p = &chain[i];
        if (!(cfg->flags & p->flag))
            continue;
        if (p->flag & PP_READS_PREVIOUS)
            transfer_barrier(cmd);
        if (cfg->flags & PP_VERBOSE)
            printf("%s: %d -> %d\n", p->name, (int)last, (int)p->target);
        vkCmdCopyBuffer(cmd, buffers[last], buffers[p->target], 1, &whole);
        last = p->target;
        recorded++;
    }
    return recorded;
}

int main(int argc, char **argv)
{
    struct pp_config cfg = pp_parse(argc, argv);
    struct lite ctx;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (cfg.flags & PP_VERBOSE)
        pp_print(&cfg);
    if (lite_init(&ctx) != 0)
        return 1;
    for (int t = 0; t < T_COUNT; t++)
        if (lite_buffer(&ctx, BYTES, usage, &buffers[t], &memory[t]) != VK_SUCCESS)
            return 1;
    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    unsigned n = record(cmd, &cfg);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u passes recorded\n", n);
    return 0;
}
