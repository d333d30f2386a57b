/* A histogram pass whose two steps are chosen at compile time through
   constant function pointers, and called the old K&R way, `(*step) (...)`:

       static record_step const clear_step = clear_histogram;

   Neither the pointer's constant value nor the `*` in front of it was
   seen through: both steps were recordings of their own, and the copy
   that reads the cleared histogram was never checked against the clear. */
#include <stddef.h>
#include <vulkan/vulkan.h>

enum { HISTOGRAM_BYTES = 256 * sizeof(unsigned) };

struct histogram_targets {
    VkBuffer bins;
    VkBuffer readback;
};

typedef void (*record_step)(VkCommandBuffer cmd, const struct histogram_targets *targets);

static void clear_histogram(VkCommandBuffer cmd, const struct histogram_targets *targets)
{
    vkCmdFillBuffer(cmd, targets->bins, 0, HISTOGRAM_BYTES, 0);
}

static void read_back_histogram(VkCommandBuffer cmd, const struct histogram_targets *targets)
{
    VkBufferCopy whole = {0, 0, HISTOGRAM_BYTES};
    vkCmdCopyBuffer(cmd, targets->bins, targets->readback, 1, &whole);
}

static record_step const clear_step = clear_histogram;
static record_step const read_back_step = &read_back_histogram;

void record_histogram(VkCommandBuffer cmd, const struct histogram_targets *targets)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    (*clear_step)(cmd, targets);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier to_copy = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = targets->bins,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &to_copy, 0, NULL);
#endif
    (*read_back_step)(cmd, targets);
    vkEndCommandBuffer(cmd);
}
