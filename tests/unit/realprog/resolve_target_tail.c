/* A frame recorder that uploads the frame's vertices and, when the window
   asked for multisampling since the last frame, makes the frame's resolve
   target before it returns (the render pass that uses it is the next
   frame's).  Without -DWITH_BARRIER the copy out of the staging buffer is
   not ordered after the fill that wrote it. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct frame_renderer {
    VkDevice device;
    VkBuffer staging, vertices;
    VkImage resolve_target[3];
    uint32_t frame, width, height;
    int samples_changed;
};

void record_upload(struct frame_renderer *r, VkCommandBuffer cmd)
{
    vkCmdFillBuffer(cmd, r->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 4096};
    vkCmdCopyBuffer(cmd, r->staging, r->vertices, 1, &region);
    if (r->samples_changed) {
        VkImageCreateInfo info = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
            .imageType = VK_IMAGE_TYPE_2D,
            .format = VK_FORMAT_B8G8R8A8_UNORM,
            .extent = {r->width, r->height, 1},
            .mipLevels = 1,
            .arrayLayers = 1,
            .samples = VK_SAMPLE_COUNT_1_BIT,
            .tiling = VK_IMAGE_TILING_OPTIMAL,
            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
        };
        vkCreateImage(r->device, &info, NULL, &r->resolve_target[r->frame % 3]);
        r->samples_changed = 0;
    }
}
