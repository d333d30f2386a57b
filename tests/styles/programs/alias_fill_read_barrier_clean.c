// EXPECT: clean
// Two transient buffers share one memory block (transient.h): `histogram`
// lives during the first pass, `blur_temp` during the second, so both are
// placed at offset 0.  The first pass clears the histogram; the second
// reads blur_temp's first bytes back into a debug buffer.  Between the
// passes the frame places a global memory barrier, as an engine does at a
// transient heap's lifetime boundary: it covers every buffer bound there.
#include "transient.h"

#define HISTOGRAM_BYTES 1024
#define BLUR_BYTES 2048

int main(void)
{
    struct lite ctx;
    struct transient_heap heap;
    VkBuffer histogram, blur_temp, readback;
    VkDeviceMemory readback_memory;
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    histogram = transient_buffer(&ctx, HISTOGRAM_BYTES, usage);
    blur_temp = transient_buffer(&ctx, BLUR_BYTES, usage);

    /* the two lifetimes do not overlap: one placement at offset 0 */
    transient_begin(&heap);
    transient_require(&heap, &ctx, histogram, 0);
    transient_require(&heap, &ctx, blur_temp, 0);
    if (transient_allocate(&heap, &ctx) != VK_SUCCESS)
        return 1;
    vkBindBufferMemory(ctx.device, histogram, heap.memory, 0);
    vkBindBufferMemory(ctx.device, blur_temp, heap.memory, 0);

    if (lite_buffer(&ctx, BLUR_BYTES, usage, &readback, &readback_memory) != VK_SUCCESS)
        return 1;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    /* pass 1: histogram */
    vkCmdFillBuffer(cmd, histogram, 0, HISTOGRAM_BYTES, 0);
    /* lifetime boundary: the heap's next tenant sees the last one's writes */
    VkMemoryBarrier handoff = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &handoff, 0, NULL, 0, NULL);
    /* pass 2: blur, its temp in the histogram's bytes */
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 512};
    vkCmdCopyBuffer(cmd, blur_temp, readback, 1, &region);
    vkEndCommandBuffer(cmd);

    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    vkDestroyBuffer(ctx.device, histogram, NULL);
    vkDestroyBuffer(ctx.device, blur_temp, NULL);
    printf("transient heap: %llu bytes\n", (unsigned long long)heap.size);
    return 0;
}
