// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 43
// Function-local static state: the scratch buffer is made the first time
// scratch_buffer() is asked for it and handed out ever after; the frame
// number is a static counter in draw_frame().  repack() stages a block
// through the scratch buffer (copy in, barrier, copy out).  The frame
// repacks two blocks, and the second repack's copy into the scratch buffer
// overwrites it while the first repack's copy out may still read it:
// nothing orders the second use of the shared buffer after the first.
#include "lite.h"

#define BLOCK 512
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

static struct lite ctx;

static VkBuffer scratch_buffer(void)
{
    static VkBuffer scratch;
    static VkDeviceMemory scratch_memory;
    if (scratch == VK_NULL_HANDLE) {
        if (lite_buffer(&ctx, BLOCK, USAGE, &scratch, &scratch_memory) != VK_SUCCESS) {
            fprintf(stderr, "scratch buffer\n");
            abort();
        }
    }
    return scratch;
}

static void transfer_barrier(VkCommandBuffer cmd, VkBuffer buf, VkAccessFlags src, VkAccessFlags dst)
{
    VkBufferMemoryBarrier b = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL, src, dst,
                               VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED, buf, 0, VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static void repack(VkCommandBuffer cmd, VkBuffer src, VkDeviceSize offset, VkBuffer dst)
{
    VkBuffer scratch = scratch_buffer();
    VkBufferCopy in = {offset, 0, BLOCK};
    VkBufferCopy out = {0, offset, BLOCK};

    vkCmdCopyBuffer(cmd, src, scratch, 1, &in);
    transfer_barrier(cmd, scratch, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(cmd, scratch, dst, 1, &out);
}

static int draw_frame(VkCommandBuffer cmd, VkBuffer atlas, VkBuffer packed)
{
    static int frame;
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL,
                                      VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, NULL};
    vkBeginCommandBuffer(cmd, &begin);
    repack(cmd, atlas, 0, packed);
    repack(cmd, atlas, BLOCK, packed);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return -1;
    return ++frame;
}

int main(void)
{
    VkBuffer atlas, packed;
    VkDeviceMemory memory[2];
    VkCommandBuffer cmd;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, 2 * BLOCK, USAGE, &atlas, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, 2 * BLOCK, USAGE, &packed, &memory[1]) != VK_SUCCESS)
        return 1;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    int frames = draw_frame(cmd, atlas, packed);
    if (frames < 0)
        return 1;
    printf("%d frame(s)\n", frames);
    return 0;
}
