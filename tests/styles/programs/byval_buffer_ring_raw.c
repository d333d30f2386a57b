// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 14
// A ring of buffers made in a loop by make_buffer(), copied along the ring:
// buffer i into buffer i + 1.  Each copy reads what the copy before it
// wrote, with no barrier.
#include "gpu.h"

#define RING 8
#define CHUNK 256

static void record_copies(VkCommandBuffer cmd, const buffer *ring)
{
    VkBufferCopy region = {.size = CHUNK};
    for (int i = 0; i < RING - 1; i++)
        vkCmdCopyBuffer(cmd, ring[i].handle, ring[i + 1].handle, 1, &region);
}

int main(void)
{
    context gpu = make_context();
    buffer ring[RING];
    for (int i = 0; i < RING; i++)
        ring[i] = make_buffer(&gpu, CHUNK, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                           VK_BUFFER_USAGE_TRANSFER_DST_BIT);

    VkCommandBuffer cmd = make_command_buffer(&gpu);
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    record_copies(cmd, ring);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    submit_and_wait(&gpu, cmd);

    for (int i = 0; i < RING; i++)
        destroy_buffer(&gpu, ring[i]);
    vkFreeCommandBuffers(gpu.device, gpu.pool, 1, &cmd);
    destroy_context(gpu);
    return 0;
}
