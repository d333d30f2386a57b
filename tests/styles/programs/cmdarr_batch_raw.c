// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 46
// An array of command buffers recorded in a loop and submitted together in
// one vkQueueSubmit: each of the first CHUNKS command buffers copies its own
// slice of the upload into `gathered` (disjoint, no barrier needed), the last
// one reads all of `gathered` back, but nobody put a barrier at its start.
#include "lite.h"

#define CHUNKS 4
#define CHUNK 1024
#define SIZE (CHUNKS * CHUNK)

int main(void)
{
    struct lite l;
    if (lite_init(&l) != 0)
        return 1;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer upload, gathered, readback;
    VkDeviceMemory upload_mem, gathered_mem, readback_mem;
    lite_buffer(&l, SIZE, usage, &upload, &upload_mem);
    lite_buffer(&l, SIZE, usage, &gathered, &gathered_mem);
    lite_buffer(&l, SIZE, usage, &readback, &readback_mem);

    unsigned char *host;
    vkMapMemory(l.device, upload_mem, 0, SIZE, 0, (void **)&host);
    for (int i = 0; i < SIZE; i++)
        host[i] = (unsigned char)(i * 7);
    vkUnmapMemory(l.device, upload_mem);

    VkCommandBuffer cmds[CHUNKS + 1];
    lite_alloc(&l, CHUNKS + 1, cmds);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    for (uint32_t i = 0; i < CHUNKS; i++) {
        vkBeginCommandBuffer(cmds[i], &begin);
        VkBufferCopy slice = {
            .srcOffset = (VkDeviceSize)i * CHUNK,
            .dstOffset = (VkDeviceSize)(CHUNKS - 1 - i) * CHUNK,
            .size = CHUNK,
        };
        vkCmdCopyBuffer(cmds[i], upload, gathered, 1, &slice);
        vkEndCommandBuffer(cmds[i]);
    }
    vkBeginCommandBuffer(cmds[CHUNKS], &begin);
    VkBufferCopy all = {.size = SIZE};
    vkCmdCopyBuffer(cmds[CHUNKS], gathered, readback, 1, &all);
    vkEndCommandBuffer(cmds[CHUNKS]);

    lite_submit(&l, CHUNKS + 1, cmds);
    return 0;
}
