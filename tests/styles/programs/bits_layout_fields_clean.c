// EXPECT: clean
// Mesa-style state tracking (bits.h) for images: each image's current
// layout is a 4-bit field of its state (enum bits_layout, looked up in
// bits_layouts[] for the Vulkan layout, stage and access), the images a
// pass uses are a mask, and transition_mask() walks it with u_foreach_bit
// to record a barrier for each image whose layout changes.  Three targets
// are cleared and copied out, then two of them cleared again with
// different colours and copied out once more.
#include "bits.h"

#define TARGETS 3

struct targets {
    VkImage image[TARGETS];
    struct bits_res_state state[TARGETS];
    uint32_t dirty;
};

static void transition_mask(struct targets *t, VkCommandBuffer cmd, uint32_t mask, enum bits_layout to)
{
    u_foreach_bit(i, mask) {
        if (t->state[i].layout == to)
            continue;
        bits_image_barrier(cmd, t->image[i], t->state[i].layout, to);
        t->state[i].layout = to;
    }
}

static void clear_mask(struct targets *t, VkCommandBuffer cmd, uint32_t mask, float shade)
{
    static const VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    transition_mask(t, cmd, mask, BITS_LAYOUT_TRANSFER_DST);
    uint32_t m = mask;
    while (m) {
        int i = __builtin_ctz(m);
        m &= m - 1;
        VkClearColorValue colour = {.float32 = {shade * (float)i, shade, 0.0f, 1.0f}};
        vkCmdClearColorImage(cmd, t->image[i], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &colour, 1, &all);
        t->state[i].written = 1;
    }
    t->dirty |= mask;
}

static void copy_out(struct targets *t, VkCommandBuffer cmd, uint32_t mask, VkBuffer readback)
{
    transition_mask(t, cmd, mask, BITS_LAYOUT_TRANSFER_SRC);
    u_foreach_bit(i, mask) {
        VkBufferImageCopy region = {.bufferOffset = (VkDeviceSize)i * BITS_EXTENT * BITS_EXTENT * 4,
                                    .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                    .imageExtent = {BITS_EXTENT, BITS_EXTENT, 1}};
        vkCmdCopyImageToBuffer(cmd, t->image[i], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &region);
        t->state[i].written = 0;
    }
    t->dirty &= ~mask;
}

int main(void)
{
    struct lite ctx;
    struct targets t;
    VkDeviceMemory mem[TARGETS + 2];
    VkBuffer readback[2];

    if (lite_init(&ctx) != 0)
        return 1;
    memset(&t, 0, sizeof t);
    for (unsigned i = 0; i < TARGETS; i++) {
        if (lite_image(&ctx, BITS_EXTENT, BITS_EXTENT,
                       VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &t.image[i],
                       &mem[i]) != VK_SUCCESS)
            return 1;
        t.state[i].layout = BITS_LAYOUT_UNDEFINED;
    }
    for (unsigned i = 0; i < 2; i++)
        if (lite_buffer(&ctx, TARGETS * BITS_EXTENT * BITS_EXTENT * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                        &readback[i], &mem[TARGETS + i]) != VK_SUCCESS)
            return 1;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    const uint32_t all = BITFIELD_MASK(TARGETS);
    clear_mask(&t, cmd, all, 0.25f);
    copy_out(&t, cmd, all, readback[0]);
    clear_mask(&t, cmd, BITFIELD_BIT(0) | BITFIELD_BIT(2), 0.75f);
    copy_out(&t, cmd, BITFIELD_BIT(0) | BITFIELD_BIT(2), readback[1]);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("dirty 0x%x\n", t.dirty);
    return 0;
}
