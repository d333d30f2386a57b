/*
 * Prepares a histogram for readback: clears the whole buffer, then writes a
 * 16-byte header over its start with vkCmdUpdateBuffer.  Both commands
 * write the first 16 bytes and nothing orders them: the clear may land after
 * the header - write-after-write (syncval: SYNC-HAZARD-WRITE-AFTER-WRITE).
 * The fix is in fixed_clear_then_write_header.c.
 */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define HISTOGRAM_BYTES 4096

typedef struct {
    uint32_t magic, version, bin_count, reserved;
} HistogramHeader;

void record_histogram_reset(VkCommandBuffer cmd, VkBuffer histogram,
                            const HistogramHeader *header)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdFillBuffer(cmd, histogram, 0, HISTOGRAM_BYTES, 0);
    vkCmdUpdateBuffer(cmd, histogram, 0, sizeof(HistogramHeader), header);

    vkEndCommandBuffer(cmd);
}
