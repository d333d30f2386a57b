/* Render targets rebuilt after a resize, in the style of a small engine
   with one global state struct: the texture is destroyed and created
   again into the same member, and its first transition starts from
   PREINITIALIZED each time, as it must for a new image.  Without
   -DWITH_BARRIER the sampled read after the upload has no barrier. */
#include <stdint.h>
#include <vulkan/vulkan.h>

static struct {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkImage texture;
    VkBuffer pixels;
    uint32_t width, height;
} G;

static void create_texture(void)
{
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {G.width, G.height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_LINEAR,
        .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_PREINITIALIZED,
    };
    vkCreateImage(G.device, &info, NULL, &G.texture);
}

static void transition(VkImageLayout from, VkImageLayout to, VkAccessFlags src_access,
                       VkAccessFlags dst_access)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = G.texture,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(G.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &b);
}

static void upload_texture(void)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(G.cmd, &begin);
    transition(VK_IMAGE_LAYOUT_PREINITIALIZED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_ACCESS_HOST_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {G.width, G.height, 1},
    };
    vkCmdCopyBufferToImage(G.cmd, G.pixels, G.texture, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           1, &region);
#ifdef WITH_BARRIER
    transition(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
               VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    VkImageLayout read_layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
#else
    VkImageLayout read_layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
#endif
    /* Read back for a checksum. */
    vkCmdCopyImageToBuffer(G.cmd, G.texture, read_layout, G.pixels, 1, &region);
    vkEndCommandBuffer(G.cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &G.cmd};
    vkQueueSubmit(G.queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(G.queue);
}

/* The window system's part: device, queue, command buffer, pixel buffer. */
extern void platform_init(VkDevice *device, VkQueue *queue, VkCommandBuffer *cmd,
                          VkBuffer *pixels);

void on_resize(uint32_t width, uint32_t height)
{
    vkDeviceWaitIdle(G.device);
    vkDestroyImage(G.device, G.texture, NULL);
    G.width = width;
    G.height = height;
    create_texture();
    upload_texture();
}

int main(void)
{
    platform_init(&G.device, &G.queue, &G.cmd, &G.pixels);
    G.width = 256;
    G.height = 256;
    create_texture();
    upload_texture();
    on_resize(512, 512);
    vkDeviceWaitIdle(G.device);
    vkDestroyImage(G.device, G.texture, NULL);
    return 0;
}
