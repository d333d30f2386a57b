/*
 * bad_helpers_clear_then_readback.c fixed: read_back_counters first makes the
 * counters' last transfer writes (the clear) visible to its copy, with a
 * buffer memory barrier in a helper of its own.
 */
#include <vulkan/vulkan.h>

#define COUNTER_BYTES 512

static void reset_counters(VkCommandBuffer cmd, VkBuffer counters)
{
    vkCmdFillBuffer(cmd, counters, 0, COUNTER_BYTES, 0);
}

static void transfer_write_to_read(VkCommandBuffer cmd, VkBuffer buffer)
{
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &barrier,
                         0, NULL);
}

static void read_back_counters(VkCommandBuffer cmd, VkBuffer counters,
                               VkBuffer readback)
{
    transfer_write_to_read(cmd, counters);
    VkBufferCopy region = {.size = COUNTER_BYTES};
    vkCmdCopyBuffer(cmd, counters, readback, 1, &region);
}

void record_frame(VkCommandBuffer cmd, VkBuffer counters, VkBuffer readback)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    reset_counters(cmd, counters);
    /* ... the frame's draws and dispatches ... */
    read_back_counters(cmd, counters, readback);

    vkEndCommandBuffer(cmd);
}
