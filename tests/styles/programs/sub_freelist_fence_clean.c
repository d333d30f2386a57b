// EXPECT: clean
// Suballocation (suballoc.h): the heap's free list with deferred frees, as
// VMA users are told to do it.  A scratch range is cleared and read back
// in the first command buffer; it is put on a "retire" list with the
// fence of that submission and handed back to the allocator only once
// the fence has signalled.  The next allocation then reuses its bytes in
// a second command buffer: the fence wait orders the first submission's
// copy before everything submitted after it.
#include "suballoc.h"

struct retired {
    struct suballoc range;
    VkFence fence;
};

static uint32_t table[96];

static void collect(struct lite *vk, struct suballoc_heap *heap, struct retired *list,
                    unsigned *count)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < *count; i++) {
        if (vkGetFenceStatus(vk->device, list[i].fence) == VK_SUCCESS)
            suballoc_free(heap, list[i].range);
        else
            list[kept++] = list[i];
    }
    *count = kept;
}

int main(void)
{
    struct lite vk;
    struct suballoc_heap heap;
    VkBuffer readback;
    VkDeviceMemory readback_mem;
    VkCommandBuffer cmd[2];
    VkFence fence;
    struct retired retire[4];
    unsigned retire_count = 0;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &heap, 4096,
                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_mem));
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VK_CHECK(vkCreateFence(vk.device, &fci, NULL, &fence));
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        table[i] = i * i;

    struct suballoc scratch = suballoc_alloc(&heap, 512, 256);

    VK_CHECK(lite_alloc(&vk, 2, cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd[0], &bi));
    vkCmdFillBuffer(cmd[0], scratch.buffer, scratch.offset, scratch.size, 0xdeadbeef);
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd[0], VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &cleared, 0, NULL, 0, NULL);
    VkBufferCopy save = {scratch.offset, 0, scratch.size};
    vkCmdCopyBuffer(cmd[0], scratch.buffer, readback, 1, &save);
    VK_CHECK(vkEndCommandBuffer(cmd[0]));

    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd[0],
    };
    VK_CHECK(vkQueueSubmit(vk.queue, 1, &si, fence));
    retire[retire_count].range = scratch;
    retire[retire_count].fence = fence;
    retire_count++;

    VK_CHECK(vkWaitForFences(vk.device, 1, &fence, VK_TRUE, UINT64_MAX));
    collect(&vk, &heap, retire, &retire_count);

    struct suballoc lut = suballoc_alloc(&heap, sizeof table, 64);
    if (lut.buffer == VK_NULL_HANDLE)
        return 1;
    VK_CHECK(vkBeginCommandBuffer(cmd[1], &bi));
    vkCmdUpdateBuffer(cmd[1], lut.buffer, lut.offset, lut.size, table);
    VkBufferMemoryBarrier lut_ready = {
        VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
        VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
        VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
        lut.buffer, lut.offset, lut.size,
    };
    vkCmdPipelineBarrier(cmd[1], VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &lut_ready, 0, NULL);
    VkBufferCopy check = {lut.offset, 2048, lut.size};
    vkCmdCopyBuffer(cmd[1], lut.buffer, readback, 1, &check);
    VK_CHECK(vkEndCommandBuffer(cmd[1]));
    VK_CHECK(lite_submit(&vk, 1, &cmd[1]));
    printf("lut at %llu (scratch was at %llu)\n", (unsigned long long)lut.offset,
           (unsigned long long)scratch.offset);
    return 0;
}
