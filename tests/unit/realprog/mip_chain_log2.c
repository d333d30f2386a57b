/* A mip chain generated as vulkan-tutorial does it, its level count
   computed through <math.h>: floor(log2(max(width, height))) + 1.  Each
   level i is blitted from level i - 1 after a barrier on level i - 1; the
   last level (5 for 32x32) is then copied out, which the fixed program
   precedes with a barrier on that level. */
#include <math.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkCommandBuffer *cb);

#define TEX_W 32
#define TEX_H 32

static void level_barrier(VkCommandBuffer cb, VkImage image, uint32_t level)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_GENERAL,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &b);
}

int main(void)
{
    VkDevice device;
    VkCommandBuffer cb;
    VkImage image;
    VkBuffer staging, out;
    if (gpu_open(&device, &cb))
        return 1;
    uint32_t mipLevels = (uint32_t)floor(log2(TEX_W > TEX_H ? TEX_W : TEX_H)) + 1;
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {TEX_W, TEX_H, 1},
        .mipLevels = mipLevels,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
    };
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = TEX_W * TEX_H * 4,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    if (vkCreateImage(device, &ici, NULL, &image) != VK_SUCCESS ||
        vkCreateBuffer(device, &bci, NULL, &staging) != VK_SUCCESS ||
        vkCreateBuffer(device, &bci, NULL, &out) != VK_SUCCESS)
        return 1;

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    VkBufferImageCopy up = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {TEX_W, TEX_H, 1},
    };
    vkCmdCopyBufferToImage(cb, staging, image, VK_IMAGE_LAYOUT_GENERAL, 1, &up);
    int32_t w = TEX_W, h = TEX_H;
    for (uint32_t i = 1; i < mipLevels; i++) {
        level_barrier(cb, image, i - 1);
        VkImageBlit blit = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, i - 1, 0, 1},
            .srcOffsets = {{0, 0, 0}, {w, h, 1}},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, i, 0, 1},
            .dstOffsets = {{0, 0, 0}, {w > 1 ? w / 2 : 1, h > 1 ? h / 2 : 1, 1}},
        };
        vkCmdBlitImage(cb, image, VK_IMAGE_LAYOUT_GENERAL, image, VK_IMAGE_LAYOUT_GENERAL, 1,
                       &blit, VK_FILTER_LINEAR);
        if (w > 1)
            w /= 2;
        if (h > 1)
            h /= 2;
    }
#ifdef WITH_BARRIER
    level_barrier(cb, image, mipLevels - 1);
#endif
    VkBufferImageCopy down = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mipLevels - 1, 0, 1},
        .imageExtent = {1, 1, 1},
    };
    vkCmdCopyImageToBuffer(cb, image, VK_IMAGE_LAYOUT_GENERAL, out, 1, &down);
    vkEndCommandBuffer(cb);
    return 0;
}
