/*
 * A batch loop inside one recording: every batch clears the shared scratch
 * buffer, makes the clear visible to the copy, and copies the scratch
 * buffer out.  The loop count is only known at run time, so the analyzer
 * unrolls the loop twice - enough to see one iteration against the next.
 *
 * Inside an iteration the fill -> copy order is right.  Across iterations
 * it is not: batch 2's clear writes the scratch buffer while batch 1's copy
 * may still be reading it (nothing orders the copy before the next clear) -
 * write-after-read at the clear, with the loop iterations in the notes.
 * The fix, in fixed_batch_loop.c, adds the COPY -> CLEAR execution
 * dependency at the end of each iteration.
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
    }

    vkEndCommandBuffer(cmd);
}
