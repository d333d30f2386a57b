// EXPECT: clean
// Suballocation (suballoc.h): a counter block and a parameter block carved
// out of one storage VkBuffer, written with vkCmdUpdateBuffer and
// vkCmdFillBuffer at their own offsets and sizes with no barrier between
// the two writes: they write disjoint bytes.  One global barrier before
// the readback of the used part of the heap.
#include "suballoc.h"

struct params {
    uint32_t width, height, frame, flags;
    float exposure, gamma, pad[2];
};

int main(void)
{
    struct lite vk;
    struct suballoc_heap storage;
    VkBuffer readback;
    VkDeviceMemory readback_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &storage, 8192,
                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_TRANSFER_SRC_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, 8192, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_mem));

    struct suballoc counters = suballoc_alloc(&storage, 64 * sizeof(uint32_t), 64);
    struct suballoc params = suballoc_alloc(&storage, sizeof(struct params), 64);
    if (!counters.buffer || !params.buffer)
        return 1;

    const struct params p = {
        .width = 640, .height = 480, .frame = 1, .flags = 0, .exposure = 1.0f, .gamma = 2.2f,
    };

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));

    vkCmdUpdateBuffer(cmd, params.buffer, params.offset, sizeof p, &p);
    /* reset the atomic counters */
    vkCmdFillBuffer(cmd, counters.buffer, counters.offset, counters.size, 0);

    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
    VkBufferCopy out = {.srcOffset = 0, .dstOffset = 0, .size = storage.head};
    vkCmdCopyBuffer(cmd, storage.buffer, readback, 1, &out);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));
    return 0;
}
