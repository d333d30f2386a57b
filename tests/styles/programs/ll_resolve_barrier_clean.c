// EXPECT: clean
// A frame as a linked list of passes (passlist.h): pass_add() appends a
// malloc'ed struct pass with its record callback at start-up, and the
// frame walks the list.  Each pass records the barrier it needs before
// its own work.  The passes build a sprite atlas: "clear" fills it,
// "splat" copies the sprites into it, "resolve" copies the atlas into the
// buffer the host reads, after a barrier on what the splat pass wrote
// (the fix for a resolve pass that started copying at once).
#include "passlist.h"

#define ATLAS_BYTES 4096
#define SPRITE_BYTES 512
#define SPRITES 4

struct atlas {
    VkBuffer atlas;
    VkBuffer sprites;
    VkBuffer output;
};

static void transfer_barrier(VkCommandBuffer cmd, VkAccessFlags dst_access)
{
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = dst_access,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         dst_access == VK_ACCESS_HOST_READ_BIT ? VK_PIPELINE_STAGE_HOST_BIT
                                                               : VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &barrier, 0, NULL, 0, NULL);
}

static void record_clear(struct pass *pass, VkCommandBuffer cmd)
{
    struct atlas *a = pass->user;
    vkCmdFillBuffer(cmd, a->atlas, 0, ATLAS_BYTES, 0);
}

static void record_splat(struct pass *pass, VkCommandBuffer cmd)
{
    struct atlas *a = pass->user;
    VkBufferCopy regions[SPRITES];

    for (int i = 0; i < SPRITES; i++)
        regions[i] = (VkBufferCopy){i * SPRITE_BYTES, i * 2 * SPRITE_BYTES, SPRITE_BYTES};
    transfer_barrier(cmd, VK_ACCESS_TRANSFER_WRITE_BIT);
    vkCmdCopyBuffer(cmd, a->sprites, a->atlas, SPRITES, regions);
}

static void record_resolve(struct pass *pass, VkCommandBuffer cmd)
{
    struct atlas *a = pass->user;
    VkBufferCopy all = {0, 0, ATLAS_BYTES};
    transfer_barrier(cmd, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(cmd, a->atlas, a->output, 1, &all);
    transfer_barrier(cmd, VK_ACCESS_HOST_READ_BIT);
}

int main(void)
{
    struct lite ctx;
    struct atlas atlas;
    struct pass_list passes = {0};
    VkDeviceMemory memory[3];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, ATLAS_BYTES, usage, &atlas.atlas, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, SPRITES * SPRITE_BYTES, usage, &atlas.sprites, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, ATLAS_BYTES, usage, &atlas.output, &memory[2]) != VK_SUCCESS)
        return 1;

    pass_add(&passes, "clear", record_clear, &atlas);
    pass_add(&passes, "splat", record_splat, &atlas);
    pass_add(&passes, "resolve", record_resolve, &atlas);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    pass_list_record(&passes, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u passes recorded\n", passes.count);
    pass_list_free(&passes);
    return 0;
}
