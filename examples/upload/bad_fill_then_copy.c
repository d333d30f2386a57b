/*
 * Clears a staging buffer, then copies it into the vertex buffer - with no
 * barrier between the two.  The copy may start before the fill's writes are
 * available: a read-after-write hazard (syncval: SYNC-HAZARD-READ-AFTER-WRITE).
 * The fix is in fixed_fill_then_copy.c.
 */
#include <vulkan/vulkan.h>

#define MESH_BYTES 65536

void record_mesh_reset(VkCommandBuffer cmd, VkBuffer staging,
                       VkBuffer vertex_buffer)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdFillBuffer(cmd, staging, 0, MESH_BYTES, 0);

    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = MESH_BYTES};
    vkCmdCopyBuffer(cmd, staging, vertex_buffer, 1, &region);

    vkEndCommandBuffer(cmd);
}
