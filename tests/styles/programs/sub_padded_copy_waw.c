// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 21
// Suballocation (suballoc.h): two small sub-buffers packed at 16-byte
// alignment, uploaded by a helper that copies whole 256-byte blocks
// ("the staging buffer is laid out in blocks").  The first copy's padding
// runs past its 300-byte allocation into the second one at offset 304,
// which the second copy then writes again with no barrier between them:
// a write-after-write on the bytes both cover.
#include "suballoc.h"

#define BLOCK 256
#define ROUND_UP(n, m) ((((n) + (m) - 1) / (m)) * (m))

static void upload(VkCommandBuffer cmd, VkBuffer staging, VkDeviceSize block,
                   const struct suballoc *dst)
{
    VkBufferCopy region = {
        .srcOffset = block * BLOCK,
        .dstOffset = dst->offset,
        .size = ROUND_UP(dst->size, BLOCK),
    };
    vkCmdCopyBuffer(cmd, staging, dst->buffer, 1, &region);
}

int main(void)
{
    struct lite vk;
    struct suballoc_heap heap;
    VkBuffer staging;
    VkDeviceMemory staging_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &heap, 4096,
                           VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, 4 * BLOCK, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging, &staging_mem));

    struct suballoc material = suballoc_alloc(&heap, 300, 16);
    struct suballoc transform = suballoc_alloc(&heap, 100, 16);

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
    upload(cmd, staging, 0, &material);
    upload(cmd, staging, 2, &transform);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));
    return 0;
}
