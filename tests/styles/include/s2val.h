/*
 * s2val.h - synchronization2 barriers built by `static inline` helpers that
 * return the struct by value, and a one-call wrapper that records a
 * VkDependencyInfo around them:
 *
 *     VkBufferMemoryBarrier2 b = s2_buffer(buf, S2_COPY_WRITE, S2_COPY_READ);
 *     s2_barrier(cmd, 1, &b, 0, NULL);
 */
#ifndef S2VAL_H
#define S2VAL_H

#include <vulkan/vulkan.h>

typedef struct s2_scope {
    VkPipelineStageFlags2 stage;
    VkAccessFlags2 access;
} s2_scope;

#define S2_NONE ((s2_scope){VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE})
#define S2_COPY_WRITE ((s2_scope){VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT})
#define S2_COPY_READ ((s2_scope){VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT})
#define S2_BLIT_READ ((s2_scope){VK_PIPELINE_STAGE_2_BLIT_BIT, VK_ACCESS_2_TRANSFER_READ_BIT})

static inline VkBufferMemoryBarrier2 s2_buffer(VkBuffer buffer, s2_scope src, s2_scope dst)
{
    VkBufferMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = src.stage,
        .srcAccessMask = src.access,
        .dstStageMask = dst.stage,
        .dstAccessMask = dst.access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    return b;
}

static inline VkImageMemoryBarrier2 s2_image(VkImage image, s2_scope src, s2_scope dst,
                                             VkImageLayout from, VkImageLayout to)
{
    VkImageMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = src.stage,
        .srcAccessMask = src.access,
        .dstStageMask = dst.stage,
        .dstAccessMask = dst.access,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    return b;
}

static inline void s2_barrier(VkCommandBuffer cmd,
                              uint32_t nbuf, const VkBufferMemoryBarrier2 *bufs,
                              uint32_t nimg, const VkImageMemoryBarrier2 *imgs)
{
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = nbuf,
        .pBufferMemoryBarriers = bufs,
        .imageMemoryBarrierCount = nimg,
        .pImageMemoryBarriers = imgs,
    };
    vkCmdPipelineBarrier2(cmd, &dep);
}

#endif
