/*
 * A frame recorded through small helpers, as real renderers do: the query
 * counters are cleared at the start of the frame and copied to a readback
 * buffer at its end.  Neither helper knows what the other did, and no
 * barrier sits between them: the copy reads the counters before the
 * clear's writes are visible - read-after-write, reported at the copy with
 * the call chain through the helpers.  The fix is in
 * fixed_helpers_clear_then_readback.c.
 */
#include <vulkan/vulkan.h>

#define COUNTER_BYTES 512

static void reset_counters(VkCommandBuffer cmd, VkBuffer counters)
{
    vkCmdFillBuffer(cmd, counters, 0, COUNTER_BYTES, 0);
}

static void read_back_counters(VkCommandBuffer cmd, VkBuffer counters,
                               VkBuffer readback)
{
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
