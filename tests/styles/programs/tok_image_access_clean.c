// EXPECT: clean
// Code from token-pasting generators (tok.h): IMAGE_BARRIER_FN rows make
// the program's layout transitions, pasting the layouts' names onto
// VK_IMAGE_LAYOUT_ (transition_for_clear, transition_clear_to_copy), and a
// BARRIER_FN row the host readback barrier.  The frame clears a colour
// image, moves it to TRANSFER_SRC_OPTIMAL and copies it into a buffer for
// the host; the clear_to_copy row makes the clear and the transition
// visible to the copy's read.  (In tok_image_access_raw its second access
// is TRANSFER_WRITE.)
#include "tok.h"

#define W 64
#define H 64

#define ST(x) VK_PIPELINE_STAGE_##x##_BIT
#define AC(x) VK_ACCESS_##x##_BIT

/*               name           from                  to                    first stage       second stage  first access        second access */
IMAGE_BARRIER_FN(for_clear,     UNDEFINED,            TRANSFER_DST_OPTIMAL, ST(TOP_OF_PIPE),  ST(TRANSFER), 0,                  AC(TRANSFER_WRITE))
IMAGE_BARRIER_FN(clear_to_copy, TRANSFER_DST_OPTIMAL, TRANSFER_SRC_OPTIMAL, ST(TRANSFER),     ST(TRANSFER), AC(TRANSFER_WRITE), AC(TRANSFER_READ))
BARRIER_FN(copy_to_host, ST(TRANSFER), ST(HOST), AC(TRANSFER_WRITE), AC(HOST_READ))

static struct lite vk;

int main(void)
{
    VkImage image;
    VkBuffer pixels;
    VkDeviceMemory memory[2];
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    if (lite_image(&vk, W, H, VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &image,
                   &memory[0]) != VK_SUCCESS ||
        lite_buffer(&vk, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels, &memory[1]) != VK_SUCCESS ||
        lite_alloc(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    transition_for_clear(cmd, image);
    VkClearColorValue teal = {.float32 = {0.0f, 0.5f, 0.5f, 1.0f}};
    VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &teal, 1, &all);
    transition_clear_to_copy(cmd, image);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {W, H, 1},
    };
    vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, pixels, 1, &region);
    barrier_copy_to_host(cmd, pixels);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    uint8_t *p;
    if (vkMapMemory(vk.device, memory[1], 0, W * H * 4, 0, (void **)&p) != VK_SUCCESS)
        return 1;
    printf("%u %u %u %u\n", p[0], p[1], p[2], p[3]);
    return 0;
}
