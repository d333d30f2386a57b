/* A header-only helper library, as many small Vulkan projects keep one:
   static inline wrappers, a constructor returning a struct by value and an
   error-check macro.  Never named on the command line (issue 11, cause 2). */
#ifndef VKHELPERS_H
#define VKHELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

#define VK_CHECK(x)                                                       \
    do {                                                                  \
        VkResult err_ = (x);                                              \
        if (err_ != VK_SUCCESS) {                                         \
            fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #x); \
            abort();                                                      \
        }                                                                 \
    } while (0)

typedef struct {
    VkBuffer buffer;
    VkDeviceSize size;
} vkh_buffer;

static inline vkh_buffer vkh_make_buffer(VkDevice dev, VkDeviceSize size)
{
    vkh_buffer b = {.size = size};
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = size,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VK_CHECK(vkCreateBuffer(dev, &ci, NULL, &b.buffer));
    return b;
}

static inline void vkh_begin(VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
}

static inline void vkh_end(VkCommandBuffer cmd)
{
    VK_CHECK(vkEndCommandBuffer(cmd));
}

static inline void vkh_transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

/* Clears a buffer and copies it into another: the upload every sample
   starts with. */
static inline void vkh_clear_and_copy(VkCommandBuffer cmd, vkh_buffer src,
                                      vkh_buffer dst, int with_barrier)
{
    vkCmdFillBuffer(cmd, src.buffer, 0, src.size, 0);
    if (with_barrier)
        vkh_transfer_barrier(cmd);
    VkBufferCopy region = {0, 0, src.size};
    vkCmdCopyBuffer(cmd, src.buffer, dst.buffer, 1, &region);
}

#endif
