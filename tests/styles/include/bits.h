/*
 * bits.h - resource state tracking with bitmasks, in Mesa's manner: a
 * fixed array of resources, one bit of a uint32_t per resource in the
 * masks of what is dirty or has a write pending, the per-resource state in
 * bit-fields, and u_foreach_bit() (util/bitscan.h) to walk a mask:
 *
 *     u_foreach_bit(i, t->pending_writes & reads) { ... i ... }
 *
 * The buffers are BITS_SLOT bytes each; the images 16x16 RGBA8.
 */
#ifndef BITS_H
#define BITS_H

#include "lite.h"

/* util/bitscan.h, where the compiler has it (HAVE___BUILTIN_FFS) */
#ifndef ffs
#define ffs __builtin_ffs
#endif

#define BITFIELD_BIT(b) (1u << (b))
#define BITFIELD_MASK(n) ((n) >= 32 ? ~0u : BITFIELD_BIT(n) - 1)

/* util/bitscan.h */
#define u_foreach_bit(b, dword)                  \
    for (uint32_t __dword = (dword), b;          \
         ((b) = ffs(__dword) - 1, __dword);      \
         __dword &= ~(1u << (b)))

#define BITS_MAX_RES 8
#define BITS_SLOT 256
#define BITS_EXTENT 16

enum bits_layout {
    BITS_LAYOUT_UNDEFINED,
    BITS_LAYOUT_TRANSFER_DST,
    BITS_LAYOUT_TRANSFER_SRC,
    BITS_LAYOUT_GENERAL,
};

static const struct {
    VkImageLayout layout;
    VkPipelineStageFlags stage;
    VkAccessFlags access;
} bits_layouts[] = {
    [BITS_LAYOUT_UNDEFINED] = {VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0},
    [BITS_LAYOUT_TRANSFER_DST] = {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                  VK_ACCESS_TRANSFER_WRITE_BIT},
    [BITS_LAYOUT_TRANSFER_SRC] = {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                  VK_ACCESS_TRANSFER_READ_BIT},
    [BITS_LAYOUT_GENERAL] = {VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT},
};

struct bits_res_state {
    unsigned written : 1;   /* written since the last barrier */
    unsigned uploaded : 1;  /* has contents at all */
    unsigned layout : 4;    /* enum bits_layout, images only */
};

static inline void bits_buffer_barrier(VkCommandBuffer cmd, VkBuffer buf)
{
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buf,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL,
                         1, &b, 0, NULL);
}

static inline void bits_image_barrier(VkCommandBuffer cmd, VkImage img, unsigned from, unsigned to)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = bits_layouts[from].access,
        .dstAccessMask = bits_layouts[to].access,
        .oldLayout = bits_layouts[from].layout,
        .newLayout = bits_layouts[to].layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = img,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, bits_layouts[from].stage, bits_layouts[to].stage, 0, 0, NULL, 0, NULL, 1, &b);
}

#endif
