/*
 * gen.h - C11 _Generic helpers over Vulkan handles, as a C programmer who
 * misses overloading writes them: one spelling for buffers and images,
 * picked by the handle's type (VkBuffer and VkImage are distinct pointer
 * types on 64-bit targets).
 *
 *     vk_check(vkCreateBuffer(...));            // VkResult or a pointer
 *     barrier(cmd, buf, src_stage, src_access, dst_stage, dst_access);
 *     barrier(cmd, img, old_layout, new_layout);
 *     upload(cmd, staging, dst, bytes);         // buffer copy, or the image path
 *     destroy(dev, x);                          // vkDestroyBuffer / vkDestroyImage / vkFreeMemory
 *
 * Images are 16x16 RGBA8 (GEN_EXTENT), so an image's bytes are 1024.
 */
#ifndef GEN_H
#define GEN_H

#include "lite.h"

#define GEN_EXTENT 16
#define GEN_IMAGE_BYTES (GEN_EXTENT * GEN_EXTENT * 4)

static inline void vk_check_result(VkResult r, const char *what, int line)
{
    if (r != VK_SUCCESS) {
        fprintf(stderr, "%s failed (%d) at line %d\n", what, (int)r, line);
        exit(1);
    }
}

static inline void vk_check_pointer(void *p, const char *what, int line)
{
    if (p == NULL) {
        fprintf(stderr, "%s returned NULL at line %d\n", what, line);
        exit(1);
    }
}

#define vk_check(x) _Generic((x), VkResult: vk_check_result, default: vk_check_pointer)((x), #x, __LINE__)

static inline void gen_buffer_barrier(VkCommandBuffer cmd, VkBuffer buf,
                                      VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                                      VkPipelineStageFlags dst_stage, VkAccessFlags dst_access)
{
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buf,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 1, &b, 0, NULL);
}

/* The stage and access of the work that leaves / finds an image in a layout. */
static inline void gen_layout_scope(VkImageLayout layout, VkPipelineStageFlags *stage,
                                    VkAccessFlags *access)
{
    switch (layout) {
    case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL:
        *stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        *access = VK_ACCESS_TRANSFER_WRITE_BIT;
        break;
    case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL:
        *stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        *access = VK_ACCESS_TRANSFER_READ_BIT;
        break;
    case VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL:
        *stage = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
        *access = VK_ACCESS_SHADER_READ_BIT;
        break;
    default:
        *stage = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;
        *access = 0;
        break;
    }
}

static inline void gen_image_barrier(VkCommandBuffer cmd, VkImage img,
                                     VkImageLayout old_layout, VkImageLayout new_layout)
{
    VkPipelineStageFlags src_stage, dst_stage;
    VkAccessFlags src_access, dst_access;
    gen_layout_scope(old_layout, &src_stage, &src_access);
    gen_layout_scope(new_layout, &dst_stage, &dst_access);
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .oldLayout = old_layout,
        .newLayout = new_layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = img,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &b);
}

#define barrier(cmd, x, ...) \
    _Generic((x), VkBuffer: gen_buffer_barrier, VkImage: gen_image_barrier)(cmd, x, __VA_ARGS__)

/* A buffer upload is one copy; the caller orders what reads it. */
static inline void gen_upload_buffer(VkCommandBuffer cmd, VkBuffer staging, VkBuffer dst,
                                     VkDeviceSize bytes)
{
    VkBufferCopy region = {0, 0, bytes};
    vkCmdCopyBuffer(cmd, staging, dst, 1, &region);
}

/* An image upload leaves the image ready for sampling (and copying from:
 * SHADER_READ_ONLY_OPTIMAL is a valid source layout of no copy, so the
 * readers here transition it once more). */
static inline void gen_upload_image(VkCommandBuffer cmd, VkBuffer staging, VkImage dst,
                                    VkDeviceSize bytes)
{
    (void)bytes;
    gen_image_barrier(cmd, dst, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {GEN_EXTENT, GEN_EXTENT, 1},
    };
    vkCmdCopyBufferToImage(cmd, staging, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    gen_image_barrier(cmd, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
}

#define upload(cmd, staging, dst, bytes) \
    _Generic((dst), VkBuffer: gen_upload_buffer, VkImage: gen_upload_image)(cmd, staging, dst, bytes)

static inline void gen_destroy_buffer(VkDevice dev, VkBuffer b) { vkDestroyBuffer(dev, b, NULL); }
static inline void gen_destroy_image(VkDevice dev, VkImage i) { vkDestroyImage(dev, i, NULL); }
static inline void gen_free_memory(VkDevice dev, VkDeviceMemory m) { vkFreeMemory(dev, m, NULL); }

#define destroy(dev, x) \
    _Generic((x), VkBuffer: gen_destroy_buffer, VkImage: gen_destroy_image, \
             VkDeviceMemory: gen_free_memory)(dev, x)

#endif
