/*
 * Clears a histogram buffer with vkCmdFillBuffer, signals an event from the
 * transfer stage, records unrelated work, then waits on the event before a
 * compute pass reads the histogram.  The wait's srcStageMask was written
 * for an older version where a compute pass also fed the histogram: it
 * names TRANSFER | COMPUTE_SHADER while vkCmdSetEvent only set the event
 * from TRANSFER.  The Vulkan specification (vkCmdWaitEvents): "srcStageMask
 * must be the bitwise OR of the stageMask parameter used in previous calls
 * to vkCmdSetEvent with any of the elements of pEvents" - the extra stage
 * suggests an ordering the event does not give.  The fix is in
 * fixed_event_wait_scope_mismatch.c.
 */
#include <vulkan/vulkan.h>

typedef struct {
    VkBuffer histogram;
    VkBuffer vertices;
    VkBuffer vertex_staging;
    VkEvent histogram_cleared;
    VkPipeline reduce;
} Frame;

void record_histogram_pass(Frame *f, VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdFillBuffer(cmd, f->histogram, 0, VK_WHOLE_SIZE, 0);
    vkCmdSetEvent(cmd, f->histogram_cleared, VK_PIPELINE_STAGE_TRANSFER_BIT);

    /* Unrelated upload that can overlap the wait. */
    VkBufferCopy verts = {.size = 65536};
    vkCmdCopyBuffer(cmd, f->vertex_staging, f->vertices, 1, &verts);

    VkBufferMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = f->histogram,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdWaitEvents(cmd, 1, &f->histogram_cleared,
                    VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, NULL, 1, &cleared, 0, NULL);

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, f->reduce);
    vkCmdDispatch(cmd, 16, 1, 1);

    vkEndCommandBuffer(cmd);
}
