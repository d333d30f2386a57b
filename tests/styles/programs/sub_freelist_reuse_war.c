// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 69
// Suballocation (suballoc.h): the heap's free list.  A scratch range is
// cleared, read back by a copy, and freed straight after the copy is
// recorded, as if recording it were running it.  The next allocation
// takes the first fit on the free list - the scratch range, at the same
// offset - and vkCmdUpdateBuffer writes it in the same command buffer
// while the copy may still read it: a write-after-read on the reused
// bytes.  The allocator knows nothing of the GPU timeline.
#include "suballoc.h"

static uint32_t table[96];

int main(void)
{
    struct lite vk;
    struct suballoc_heap heap;
    VkBuffer readback;
    VkDeviceMemory readback_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &heap, 4096,
                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_mem));
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        table[i] = i * i;

    struct suballoc scratch = suballoc_alloc(&heap, 512, 256);
    struct suballoc histogram = suballoc_alloc(&heap, 256, 256);

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));

    vkCmdFillBuffer(cmd, scratch.buffer, scratch.offset, scratch.size, 0xdeadbeef);
    vkCmdFillBuffer(cmd, histogram.buffer, histogram.offset, histogram.size, 0);
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &cleared, 0, NULL, 0, NULL);
    VkBufferCopy save[2] = {
        {scratch.offset, 0, scratch.size},
        {histogram.offset, 1024, histogram.size},
    };
    vkCmdCopyBuffer(cmd, scratch.buffer, readback, 1, &save[0]);
    vkCmdCopyBuffer(cmd, histogram.buffer, readback, 1, &save[1]);

    /* done with the scratch range */
    suballoc_free(&heap, scratch);

    struct suballoc lut = suballoc_alloc(&heap, sizeof table, 64);
    if (lut.buffer == VK_NULL_HANDLE)
        return 1;
    if (lut.offset != scratch.offset)
        fprintf(stderr, "free list not reused (%llu)\n", (unsigned long long)lut.offset);

    VkBufferMemoryBarrier lut_ready = {
        VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
        VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
        VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
        lut.buffer, lut.offset, lut.size,
    };
    vkCmdUpdateBuffer(cmd, lut.buffer, lut.offset, lut.size, table);
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &lut_ready, 0, NULL);
    VkBufferCopy check = {lut.offset, 2048, lut.size};
    vkCmdCopyBuffer(cmd, lut.buffer, readback, 1, &check);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));
    return 0;
}
