// EXPECT: clean
// A state machine: a `switch` inside a loop steps through the upload's
// stages, each case records one step and names the next state.  Staging
// fill, image transition, upload, transition to TRANSFER_SRC, readback.
#include "lite.h"

#define W 16
#define H 16
#define BYTES (W * H * 4)

enum upload_state {
    UPLOAD_FILL,
    UPLOAD_TO_DST,
    UPLOAD_COPY,
    UPLOAD_TO_SRC,
    UPLOAD_READBACK,
    UPLOAD_DONE,
};

static VkImageMemoryBarrier layout_change(VkImage image, VkAccessFlags src, VkAccessFlags dst,
                                          VkImageLayout from, VkImageLayout to)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src,
        .dstAccessMask = dst,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    return b;
}

int main(void)
{
    struct lite l;
    if (lite_init(&l) != 0)
        return 1;
    VkBuffer staging, readback;
    VkDeviceMemory staging_mem, readback_mem, image_mem;
    VkImage image;
    lite_buffer(&l, BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                &staging, &staging_mem);
    lite_buffer(&l, BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_mem);
    lite_image(&l, W, H, VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
               &image, &image_mem);

    VkCommandBuffer cmd;
    lite_alloc(&l, 1, &cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {W, H, 1},
    };
    VkImageMemoryBarrier ib;
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    enum upload_state state = UPLOAD_FILL;
    int steps = 0;
    while (state != UPLOAD_DONE) {
        switch (state) {
        case UPLOAD_FILL:
            vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0x80808080u);
            state = UPLOAD_TO_DST;
            break;
        case UPLOAD_TO_DST:
            mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
            mb.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
            ib = layout_change(image, 0, VK_ACCESS_TRANSFER_WRITE_BIT,
                               VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
            vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 1, &ib);
            state = UPLOAD_COPY;
            break;
        case UPLOAD_COPY:
            vkCmdCopyBufferToImage(cmd, staging, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                   1, &region);
            state = UPLOAD_TO_SRC;
            break;
        case UPLOAD_TO_SRC:
            ib = layout_change(image, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
            vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &ib);
            state = UPLOAD_READBACK;
            break;
        case UPLOAD_READBACK:
            vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback,
                                   1, &region);
            state = UPLOAD_DONE;
            break;
        case UPLOAD_DONE:
            break;
        }
        steps++;
    }
    vkEndCommandBuffer(cmd);
    lite_submit(&l, 1, &cmd);
    printf("%d steps\n", steps);
    return 0;
}
