// EXPECT: clean
// bl_recycled_slot_raw fixed: the scratch buffer is resized at start-up
// (the old handle released, its slot taken again by the bigger buffer
// with the next generation), and the pass description is given the new
// handle, so barrier_on() resolves it and the copy out of the scratch
// buffer waits for the copy into it.
#include "bindless.h"

#define SMALL 256
#define BYTES 1024

struct blur_pass {
    res_handle input, scratch, output;
};

static void barrier_on(VkCommandBuffer cmd, res_handle h)
{
    struct res_slot *s = RES(h);
    if (!s)
        return; /* stale handle: nothing to protect */
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = s->buffer,
        .offset = 0,
        .size = s->size,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static void copy_whole(VkCommandBuffer cmd, res_handle from, res_handle to)
{
    VkBufferCopy region = {0, 0, RES(from)->size < RES(to)->size ? RES(from)->size : RES(to)->size};
    vkCmdCopyBuffer(cmd, RES(from)->buffer, RES(to)->buffer, 1, &region);
}

int main(void)
{
    struct lite ctx;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    res_table_init(&res_table);
    struct blur_pass pass;
    pass.input = res_buffer(&ctx, BYTES, usage);
    pass.scratch = res_buffer(&ctx, SMALL, usage);
    pass.output = res_buffer(&ctx, BYTES, usage);
    if (!pass.input || !pass.scratch || !pass.output)
        return 1;

    /* the scratch buffer is too small: replace it */
    res_handle bigger;
    res_release(&ctx, pass.scratch);
    bigger = res_buffer(&ctx, BYTES, usage);
    if (!bigger)
        return 1;
    printf("scratch slot %u gen %u -> slot %u gen %u\n", RES_INDEX(pass.scratch), RES_GEN(pass.scratch),
           RES_INDEX(bigger), RES_GEN(bigger));
    pass.scratch = bigger;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, RES(pass.input)->buffer, 0, VK_WHOLE_SIZE, 3);
    barrier_on(cmd, pass.input);
    copy_whole(cmd, pass.input, bigger);
    barrier_on(cmd, pass.scratch);
    copy_whole(cmd, bigger, pass.output);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("table holds %u buffers\n", res_table.used);
    return 0;
}
