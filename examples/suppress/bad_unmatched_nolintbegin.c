/*
 * A suppression block that is opened below and never closed.  The author
 * meant to suppress the write-after-write between the two clears, but an
 * unmatched block comment suppresses nothing (as in clang-tidy): the comment
 * itself is reported as vksync-nolint-unmatched, and the hazard is still
 * reported.  The fix, with the suppression narrowed to the one line and
 * justified, is in fixed_unmatched_nolintbegin.c.  (The directive words are
 * recognised anywhere in a line, comments like this one included, so this
 * text does not spell them.)
 */
#include <vulkan/vulkan.h>

#define COUNTER_BYTES 4096

void record_counter_reset(VkCommandBuffer cmd, VkBuffer counters)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    /* NOLINTBEGIN(hazard-write-after-write) */
    vkCmdFillBuffer(cmd, counters, 0, COUNTER_BYTES, 0);
    vkCmdFillBuffer(cmd, counters, 0, COUNTER_BYTES, 0);

    vkEndCommandBuffer(cmd);
}
