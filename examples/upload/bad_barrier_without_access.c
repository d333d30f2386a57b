/*
 * Uploads a uniform block with vkCmdUpdateBuffer and copies it into the
 * per-frame ring.  The barrier between them orders the two commands but its
 * access masks are 0: an execution dependency only.  Nothing makes the
 * update's writes available or visible to the copy, so the copy may read
 * stale data - read-after-write.  (spec: "read-after-write and
 * write-after-write hazards need appropriate memory dependencies".)
 * The fix is in fixed_barrier_without_access.c.
 */
#include <vulkan/vulkan.h>

typedef struct {
    float view_projection[16];
    float light_direction[4];
} FrameUniforms;

void record_uniform_upload(VkCommandBuffer cmd, VkBuffer uniform_staging,
                           VkBuffer uniform_ring, const FrameUniforms *frame)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdUpdateBuffer(cmd, uniform_staging, 0, sizeof(FrameUniforms), frame);

    VkMemoryBarrier order_only = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = 0,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &order_only, 0,
                         NULL, 0, NULL);

    VkBufferCopy region = {.size = sizeof(FrameUniforms)};
    vkCmdCopyBuffer(cmd, uniform_staging, uniform_ring, 1, &region);

    vkEndCommandBuffer(cmd);
}
