// EXPECT: clean
// Two transient buffers in one memory block (transient.h) whose
// lifetimes overlap, so the engine places them apart: `lights` at offset
// 0, `tiles` at the first aligned offset past its end.  Both are cleared
// and copied out in the same pass with no barrier between them: they share
// the memory object, not a byte.
#include "transient.h"

#define LIGHT_BYTES 3000
#define TILE_BYTES 2048

static VkDeviceSize align_up(VkDeviceSize value, VkDeviceSize alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

int main(void)
{
    struct lite ctx;
    struct transient_heap heap;
    VkBuffer lights, tiles, out;
    VkDeviceMemory out_memory;
    VkMemoryRequirements lights_req;
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    lights = transient_buffer(&ctx, LIGHT_BYTES, usage);
    tiles = transient_buffer(&ctx, TILE_BYTES, usage);

    vkGetBufferMemoryRequirements(ctx.device, lights, &lights_req);
    VkDeviceSize tiles_offset = align_up(lights_req.size, 256);

    transient_begin(&heap);
    transient_require(&heap, &ctx, lights, 0);
    transient_require(&heap, &ctx, tiles, tiles_offset);
    if (transient_allocate(&heap, &ctx) != VK_SUCCESS)
        return 1;
    vkBindBufferMemory(ctx.device, lights, heap.memory, 0);
    vkBindBufferMemory(ctx.device, tiles, heap.memory, tiles_offset);
    if (lite_buffer(&ctx, LIGHT_BYTES + TILE_BYTES, usage, &out, &out_memory) != VK_SUCCESS)
        return 1;

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, lights, 0, VK_WHOLE_SIZE, 1);
    vkCmdFillBuffer(cmd, tiles, 0, VK_WHOLE_SIZE, 2);
    VkMemoryBarrier visible = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &visible, 0, NULL, 0, NULL);
    VkBufferCopy light_region = {0, 0, 2048};
    VkBufferCopy tile_region = {0, LIGHT_BYTES, TILE_BYTES};
    vkCmdCopyBuffer(cmd, lights, out, 1, &light_region);
    vkCmdCopyBuffer(cmd, tiles, out, 1, &tile_region);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("tiles at %llu of %llu bytes\n", (unsigned long long)tiles_offset,
           (unsigned long long)heap.size);
    return 0;
}
