/*
 * dep.h - a builder for synchronization2 barriers: dep_begin() starts an
 * empty VkDependencyInfo, dep_memory() / dep_buffer() / dep_image() add a
 * barrier to its fixed arrays, and dep_emit() records them all in one
 * vkCmdPipelineBarrier2.  A barrier added to a full array is dropped with a
 * warning on stderr (the arrays live on the caller's stack; no allocation).
 *
 *     struct dep_builder b;
 *     dep_begin(&b);
 *     dep_buffer(&b, buf, 0, VK_WHOLE_SIZE, DEP_COPY_WRITE, DEP_COPY_READ);
 *     dep_image(&b, img, DEP_NONE, DEP_COPY_WRITE,
 *               VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
 *     dep_emit(&b, cmd);
 */
#ifndef DEP_H
#define DEP_H

#include <stdio.h>

#include <vulkan/vulkan.h>

#define DEP_MAX_MEMORY 2
#define DEP_MAX_BUFFERS 4
#define DEP_MAX_IMAGES 4

/* One side of a barrier: a stage and the accesses in it. */
struct dep_scope {
    VkPipelineStageFlags2 stage;
    VkAccessFlags2 access;
};

#define DEP_NONE ((struct dep_scope){VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE})
#define DEP_COPY_READ ((struct dep_scope){VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT})
#define DEP_COPY_WRITE ((struct dep_scope){VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT})
#define DEP_HOST_READ ((struct dep_scope){VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT})

struct dep_builder {
    VkMemoryBarrier2 memory[DEP_MAX_MEMORY];
    VkBufferMemoryBarrier2 buffers[DEP_MAX_BUFFERS];
    VkImageMemoryBarrier2 images[DEP_MAX_IMAGES];
    uint32_t memory_count, buffer_count, image_count;
    uint32_t dropped;
    VkDependencyFlags flags;
};

static inline void dep_begin(struct dep_builder *b)
{
    b->memory_count = 0;
    b->buffer_count = 0;
    b->image_count = 0;
    b->dropped = 0;
    b->flags = 0;
}

static inline void dep_memory(struct dep_builder *b, struct dep_scope src, struct dep_scope dst)
{
    if (b->memory_count == DEP_MAX_MEMORY) {
        b->dropped++;
        return;
    }
    b->memory[b->memory_count++] = (VkMemoryBarrier2){
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = src.stage,
        .srcAccessMask = src.access,
        .dstStageMask = dst.stage,
        .dstAccessMask = dst.access,
    };
}

static inline void dep_buffer(struct dep_builder *b, VkBuffer buffer, VkDeviceSize offset,
                              VkDeviceSize size, struct dep_scope src, struct dep_scope dst)
{
    if (b->buffer_count == DEP_MAX_BUFFERS) {
        b->dropped++;
        return;
    }
    b->buffers[b->buffer_count++] = (VkBufferMemoryBarrier2){
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = src.stage,
        .srcAccessMask = src.access,
        .dstStageMask = dst.stage,
        .dstAccessMask = dst.access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .offset = offset,
        .size = size,
    };
}

static inline void dep_image(struct dep_builder *b, VkImage image, struct dep_scope src,
                             struct dep_scope dst, VkImageLayout from, VkImageLayout to)
{
    if (b->image_count == DEP_MAX_IMAGES) {
        b->dropped++;
        return;
    }
    b->images[b->image_count++] = (VkImageMemoryBarrier2){
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
}

/* Records the accumulated barriers; an empty builder records nothing. */
static inline void dep_emit(struct dep_builder *b, VkCommandBuffer cmd)
{
    if (b->dropped)
        fprintf(stderr, "dep: %u barrier(s) did not fit and were dropped\n", b->dropped);
    if (b->memory_count + b->buffer_count + b->image_count == 0)
        return;
    VkDependencyInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .dependencyFlags = b->flags,
        .memoryBarrierCount = b->memory_count,
        .pMemoryBarriers = b->memory,
        .bufferMemoryBarrierCount = b->buffer_count,
        .pBufferMemoryBarriers = b->buffers,
        .imageMemoryBarrierCount = b->image_count,
        .pImageMemoryBarriers = b->images,
    };
    vkCmdPipelineBarrier2(cmd, &info);
}

#endif
