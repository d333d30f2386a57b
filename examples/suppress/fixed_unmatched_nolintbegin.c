/*
 * The twin of bad_unmatched_nolintbegin.c: the suppression is one
 * next-line comment naming the one rule, above the one line it covers, with
 * the reason beside it.  A suppression is a claim the analyzer cannot check, so
 * it says why it holds.
 */
#include <vulkan/vulkan.h>

#define COUNTER_BYTES 4096

void record_counter_reset(VkCommandBuffer cmd, VkBuffer counters)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdFillBuffer(cmd, counters, 0, COUNTER_BYTES, 0);
    /* Both clears write the same value (0) to the same bytes, and nothing in
       this command buffer reads the counters: whichever write lands last,
       the buffer holds zeros.  The second clear stays because the first is
       recorded by a helper in the real program. */
    // NOLINTNEXTLINE(hazard-write-after-write)
    vkCmdFillBuffer(cmd, counters, 0, COUNTER_BYTES, 0);

    vkEndCommandBuffer(cmd);
}
