// EXPECT: clean
// The staging buffer is refilled for the next upload after an execution
// barrier that waits for the copy into the texture to finish reading it.
#include "vkcheck.h"

#define WIDTH 64
#define HEIGHT 64
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct layout_access {
    VkImageLayout layout;
    VkPipelineStageFlags stage;
    VkAccessFlags access;
};

static const struct layout_access layout_table[] = {
    {VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0},
    {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT},
    {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT},
    {VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_TRANSFER_BIT,
     VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT},
};

static const struct layout_access *layout_info(VkImageLayout layout)
{
    for (size_t i = 0; i < ARRAY_SIZE(layout_table); i++)
        if (layout_table[i].layout == layout)
            return &layout_table[i];
    fprintf(stderr, "no table entry for layout %d\n", (int)layout);
    abort();
}

static void image_barrier(VkCommandBuffer cmd, VkImage image,
                          VkImageLayout old_layout, VkImageLayout new_layout)
{
    const struct layout_access *src = layout_info(old_layout);
    const struct layout_access *dst = layout_info(new_layout);
    VkImageMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src->access,
        .dstAccessMask = dst->access,
        .oldLayout = old_layout,
        .newLayout = new_layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, src->stage, dst->stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}

int main(void)
{
    App app;
    app_init(&app);

    VkBuffer staging, readback;
    VkDeviceMemory staging_memory, readback_memory;
    app_create_buffer(&app, WIDTH * HEIGHT * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &staging, &staging_memory);
    app_create_buffer(&app, WIDTH * HEIGHT * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      &readback, &readback_memory);
    VkImage texture;
    VkDeviceMemory texture_memory;
    app_create_image(&app, WIDTH, HEIGHT, VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                     VK_IMAGE_USAGE_TRANSFER_DST_BIT, &texture, &texture_memory);

    VkCommandBufferAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = app.command_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd;
    VK_CHECK(vkAllocateCommandBuffers(app.device, &alloc, &cmd));
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &begin));

    vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0xff00ff00u);
    VkBufferMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = staging,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &filled, 0, NULL);
    image_barrier(cmd, texture, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {WIDTH, HEIGHT, 1},
    };
    vkCmdCopyBufferToImage(cmd, staging, texture, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 0, NULL, 0, NULL);
    vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0x0000ffffu);
    image_barrier(cmd, texture, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vkCmdCopyImageToBuffer(cmd, texture, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &region);

    VK_CHECK(vkEndCommandBuffer(cmd));
    app_one_shot(&app, cmd);
    VK_CHECK(vkDeviceWaitIdle(app.device));
    return 0;
}
