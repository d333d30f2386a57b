// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 44
// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 77
// Double-buffered state swapped by pointer: an iterative filter reads
// `front` and writes `back`, then swaps the two pointers for the next
// iteration.  Each iteration ends with a buffer barrier meant for what it
// wrote, but it is recorded after the swap on `back` - now the buffer the
// iteration read - so the next iteration's read of what was written has
// no barrier on it, nor has the readback copy after the last iteration.
#include "lite.h"

#define BYTES 1024
#define ITERATIONS 3

struct pingpong {
    VkBuffer buffers[2];
    VkDeviceMemory memory[2];
    VkBuffer *front, *back;
};

static void swap(struct pingpong *pp)
{
    VkBuffer *t = pp->front;
    pp->front = pp->back;
    pp->back = t;
}

static void buffer_barrier(VkCommandBuffer cmd, VkBuffer buffer)
{
    VkBufferMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                               .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .buffer = buffer, .offset = 0, .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b, 0,
                         NULL);
}

static void filter(VkCommandBuffer cmd, struct pingpong *pp)
{
    /* a stand-in for a blur: shift by 16 bytes */
    VkBufferCopy regions[2] = {{16, 0, BYTES - 16}, {0, BYTES - 16, 16}};
    for (unsigned i = 0; i < ITERATIONS; i++) {
        vkCmdCopyBuffer(cmd, *pp->front, *pp->back, 2, regions);
        swap(pp);
        buffer_barrier(cmd, *pp->back);
    }
}

int main(void)
{
    struct lite ctx;
    struct pingpong pp;
    VkBuffer readback;
    VkDeviceMemory readback_memory;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    for (unsigned i = 0; i < 2; i++)
        if (lite_buffer(&ctx, BYTES, usage, &pp.buffers[i], &pp.memory[i]) != VK_SUCCESS)
            return 1;
    if (lite_buffer(&ctx, BYTES, usage, &readback, &readback_memory) != VK_SUCCESS)
        return 1;
    pp.front = &pp.buffers[0];
    pp.back = &pp.buffers[1];

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, *pp.front, 0, VK_WHOLE_SIZE, 0x01020304);
    buffer_barrier(cmd, *pp.front);
    filter(cmd, &pp);
    VkBufferCopy whole = {0, 0, BYTES};
    vkCmdCopyBuffer(cmd, *pp.front, readback, 1, &whole);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("result in buffer %d\n", (int)(pp.front - pp.buffers));
    return 0;
}
