// EXPECT: clean
// A frame as a linked list of passes (passlist.h): pass_add() appends a
// malloc'ed struct pass with its record callback at start-up, and each
// frame walks the list into its own command buffer; two frames are in
// flight.  "clear" transitions the shared render target for the clear and
// clears it; "capture" transitions it for reading and copies it into the
// frame's own readback buffer.  The target remembers the layout the last
// recorded pass left it in, and the clear pass transitions from that
// layout, waiting for the transfer stage once the image has been used
// (the fix for a clear pass that always transitioned from UNDEFINED).
#include "passlist.h"

#define SIZE 32
#define FRAMES 2

struct target {
    VkImage image;
    VkBuffer readback[FRAMES];
    unsigned frame;
    VkImageLayout layout;  /* as the last recorded pass left it */
};

static void transition(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
                       VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                       VkAccessFlags dst_access)
{
    VkImageMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, src_stage, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL,
                         1, &barrier);
}

static void record_clear(struct pass *pass, VkCommandBuffer cmd)
{
    struct target *t = pass->user;
    const VkClearColorValue black = {.float32 = {0.0f, 0.0f, 0.0f, 1.0f}};
    const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};

    transition(cmd, t->image, t->layout, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               t->layout == VK_IMAGE_LAYOUT_UNDEFINED ? VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT
                                                      : VK_PIPELINE_STAGE_TRANSFER_BIT,
               0, VK_ACCESS_TRANSFER_WRITE_BIT);
    t->layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    vkCmdClearColorImage(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &range);
}

static void record_capture(struct pass *pass, VkCommandBuffer cmd)
{
    struct target *t = pass->user;
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {SIZE, SIZE, 1},
    };

    transition(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT,
               VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    t->layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    vkCmdCopyImageToBuffer(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           t->readback[t->frame], 1, &region);
}

int main(void)
{
    struct lite ctx;
    struct target target = {.layout = VK_IMAGE_LAYOUT_UNDEFINED};
    struct pass_list passes = {0};
    VkDeviceMemory image_memory, readback_memory[FRAMES];
    VkCommandBuffer cmd[FRAMES];
    VkFence fence[FRAMES];

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_image(&ctx, SIZE, SIZE, VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                   &target.image, &image_memory) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < FRAMES; i++) {
        VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        if (lite_buffer(&ctx, SIZE * SIZE * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &target.readback[i],
                        &readback_memory[i]) != VK_SUCCESS ||
            vkCreateFence(ctx.device, &fci, NULL, &fence[i]) != VK_SUCCESS)
            return 1;
    }
    if (lite_alloc(&ctx, FRAMES, cmd) != VK_SUCCESS)
        return 1;

    pass_add(&passes, "clear", record_clear, &target);
    pass_add(&passes, "capture", record_capture, &target);

    for (unsigned frame = 0; frame < FRAMES; frame++) {
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        VkSubmitInfo submit = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &cmd[frame],
        };

        target.frame = frame;
        vkBeginCommandBuffer(cmd[frame], &begin);
        pass_list_record(&passes, cmd[frame]);
        vkEndCommandBuffer(cmd[frame]);
        if (vkQueueSubmit(ctx.queue, 1, &submit, fence[frame]) != VK_SUCCESS)
            return 1;
    }
    if (vkWaitForFences(ctx.device, FRAMES, fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS)
        return 1;
    printf("%u frames of %u passes\n", FRAMES, passes.count);
    pass_list_free(&passes);
    return 0;
}
