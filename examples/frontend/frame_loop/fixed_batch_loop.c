/*
 * Fixed twin of bad_batch_loop.c: each iteration ends with an execution
 * dependency from the copy to the next iteration's clear (COPY -> CLEAR;
 * a write-after-read needs no access masks).  Silent.
 */
#include <vulkan/vulkan.h>

typedef struct {
    VkBuffer scratch;
    VkBuffer results;
    uint32_t batch_count;
} Batches;

static void clear_visible_to_copy(VkCommandBuffer cmd, VkBuffer scratch)
{
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = scratch,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &barrier,
                         0, NULL);
}

void record_batches(VkCommandBuffer cmd, const Batches *batches)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    for (uint32_t i = 0; i < batches->batch_count; i++) {
        vkCmdFillBuffer(cmd, batches->scratch, 0, 1024, 0);
        clear_visible_to_copy(cmd, batches->scratch);
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = i * 1024, .size = 1024};
        vkCmdCopyBuffer(cmd, batches->scratch, batches->results, 1, &region);
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL,
                             0, NULL);
    }

    vkEndCommandBuffer(cmd);
}
