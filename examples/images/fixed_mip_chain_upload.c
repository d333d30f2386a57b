/*
 * Uploads a texture and generates its mip chain on the GPU, the way most
 * renderers do: copy the pixels into level 0, then blit each level from the
 * one above it.  Before each blit, a barrier makes the level just written
 * available and visible to the blit's read and moves it from
 * TRANSFER_DST_OPTIMAL to TRANSFER_SRC_OPTIMAL; at the end every level goes
 * to SHADER_READ_ONLY_OPTIMAL for sampling.  Race-free: compare
 * bad_mip_chain_upload.c.
 */
#include <vulkan/vulkan.h>

#define TEXTURE_SIZE 256
#define MIP_LEVELS 4 /* 256, 128, 64, 32: the renderer never samples smaller */

typedef struct {
    VkDevice device;
    VkImage texture;
    VkBuffer staging;
} Texture;

void create_texture(Texture *t)
{
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_SRGB,
        .extent = {TEXTURE_SIZE, TEXTURE_SIZE, 1},
        .mipLevels = MIP_LEVELS,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                 VK_IMAGE_USAGE_SAMPLED_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    vkCreateImage(t->device, &info, NULL, &t->texture);
}

static void level_barrier(VkCommandBuffer cmd, VkImage image, uint32_t level,
                          VkAccessFlags src_access, VkAccessFlags dst_access,
                          VkImageLayout from, VkImageLayout to,
                          VkPipelineStageFlags dst_stage)
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
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, dst_stage, 0, 0, NULL, 0,
                         NULL, 1, &barrier);
}

void record_texture_upload(Texture *t, VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    /* Every level: UNDEFINED -> TRANSFER_DST_OPTIMAL (contents discarded). */
    VkImageMemoryBarrier to_dst = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = t->texture,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &to_dst);

    VkBufferImageCopy pixels = {
        .bufferOffset = 0,
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {TEXTURE_SIZE, TEXTURE_SIZE, 1},
    };
    vkCmdCopyBufferToImage(cmd, t->staging, t->texture,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &pixels);

    int32_t size = TEXTURE_SIZE;
    for (uint32_t level = 1; level < MIP_LEVELS; level++) {
        /* The level above was just written (by the copy or the previous
           blit): make it visible to this blit's read. */
        level_barrier(cmd, t->texture, level - 1, VK_ACCESS_TRANSFER_WRITE_BIT,
                      VK_ACCESS_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                      VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT);
        VkImageBlit blit = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level - 1, 0, 1},
            .srcOffsets = {{0, 0, 0}, {size, size, 1}},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1},
            .dstOffsets = {{0, 0, 0}, {size / 2, size / 2, 1}},
        };
        vkCmdBlitImage(cmd, t->texture, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t->texture,
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
        size /= 2;
    }

    /* The levels the blits read, and the last one they wrote, for sampling. */
    for (uint32_t level = 0; level + 1 < MIP_LEVELS; level++)
        level_barrier(cmd, t->texture, level, 0, VK_ACCESS_SHADER_READ_BIT,
                      VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                      VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
    level_barrier(cmd, t->texture, MIP_LEVELS - 1, VK_ACCESS_TRANSFER_WRITE_BIT,
                  VK_ACCESS_SHADER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                  VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);

    vkEndCommandBuffer(cmd);
}
