/* A batch streamer in an engine's upload thread: the pending batches are
   a linked list the loader fills; each call records the next batch's copy
   into the one staging buffer and says whether there was a batch ready,
   and the loop walks the list until one is not.  Without -DWITH_BARRIER
   the copies follow one another with nothing between them. */
#include <stdbool.h>
#include <stddef.h>
#include <vulkan/vulkan.h>

struct batch {
    struct batch *next;
    VkBuffer source;
};
bool batch_is_ready(const struct batch *b); /* a library's: unknown */

static bool upload_batch(VkCommandBuffer cmd, const struct batch *b, VkBuffer staging)
{
    if (!b || !batch_is_ready(b))
        return false;
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 1024};
    vkCmdCopyBuffer(cmd, b->source, staging, 1, &region);
#ifdef WITH_BARRIER
    VkMemoryBarrier written = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &written, 0, NULL, 0, NULL);
#endif
    return true;
}

void stream_batches(VkCommandBuffer cmd, const struct batch *first, VkBuffer staging)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    const struct batch *b = first;
    while (upload_batch(cmd, b, staging))
        b = b->next;
    vkEndCommandBuffer(cmd);
}
