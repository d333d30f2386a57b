// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 53
// Two transient buffers whose lifetimes overlap are packed one after the
// other in one memory block (transient.h).  The packer advances by the
// light count times the size of a light's position, 16 bytes, but a light
// is 32 bytes (position and colour): `clusters` is bound halfway into
// `lights`.  Both are cleared in the same pass; the second clear writes
// the last 512 bytes of the lights too, with nothing ordering the two
// writes: a write-after-write.
#include "transient.h"

#define LIGHT_COUNT 32
#define LIGHT_BYTES (LIGHT_COUNT * 32)     /* vec4 position, vec4 colour */
#define CLUSTER_BYTES 2048

struct light_position { float x, y, z, radius; };

int main(void)
{
    struct lite ctx;
    struct transient_heap heap;
    VkBuffer lights, clusters, out;
    VkDeviceMemory out_memory;
    VkCommandBuffer cmd;
    VkDeviceSize offset = 0, lights_at, clusters_at;
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    lights = transient_buffer(&ctx, LIGHT_BYTES, usage);
    clusters = transient_buffer(&ctx, CLUSTER_BYTES, usage);

    transient_begin(&heap);
    lights_at = offset;
    transient_require(&heap, &ctx, lights, lights_at);
    offset += LIGHT_COUNT * sizeof(struct light_position);  /* should be LIGHT_BYTES */
    clusters_at = offset;
    transient_require(&heap, &ctx, clusters, clusters_at);
    if (transient_allocate(&heap, &ctx) != VK_SUCCESS)
        return 1;
    vkBindBufferMemory(ctx.device, lights, heap.memory, lights_at);
    vkBindBufferMemory(ctx.device, clusters, heap.memory, clusters_at);
    if (lite_buffer(&ctx, LIGHT_BYTES + CLUSTER_BYTES, usage, &out, &out_memory) != VK_SUCCESS)
        return 1;

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    /* light culling pass: clear the light list ... */
    vkCmdFillBuffer(cmd, lights, 0, LIGHT_BYTES, 0);
    /* ... and the cluster counters */
    vkCmdFillBuffer(cmd, clusters, 0, CLUSTER_BYTES, 0);
    VkMemoryBarrier visible = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &visible, 0, NULL, 0, NULL);
    VkBufferCopy regions[2] = {{0, 0, CLUSTER_BYTES}, {0, CLUSTER_BYTES, 512}};
    vkCmdCopyBuffer(cmd, clusters, out, 1, &regions[0]);
    vkCmdCopyBuffer(cmd, lights, out, 1, &regions[1]);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("clusters at %llu\n", (unsigned long long)clusters_at);
    return 0;
}
