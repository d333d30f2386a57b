/*
 * bad_clear_then_write_header.c fixed: a memory barrier from the clear's
 * TRANSFER_WRITE to the update's TRANSFER_WRITE orders the two writes and
 * makes the first available before the second ("write-after-write hazards
 * need appropriate memory dependencies").
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

    VkBufferMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = histogram,
        .offset = 0,
        .size = sizeof(HistogramHeader),
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                         &cleared, 0, NULL);

    vkCmdUpdateBuffer(cmd, histogram, 0, sizeof(HistogramHeader), header);

    vkEndCommandBuffer(cmd);
}
