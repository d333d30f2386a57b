// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 43
// Work serialised into command packets with a flexible array member
// (packet.h: `struct packet { uint32_t op, n; uint64_t args[]; }`, one
// malloc'ed block each, handles stored as 64-bit words) and decoded by the
// program into one command buffer; a barrier packet becomes a C99
// variable-length array of VkBufferMemoryBarrier sized by its operand
// count.  Each mesh's source buffer is filled, then copied into its
// destination; the barrier before the copies is built from the copy
// packets, and takes each copy's operand 1 - the destination - where the
// copy reads operand 0, its source.  The fills are not made available to
// the copies that read them.
#include "packet.h"

#define MESHES 3
#define MESH_BYTES 256

/* The barrier that makes what the copies read ready for them. */
static struct packet *barrier_before(struct packet *const *copies, uint32_t count)
{
    struct packet *b = pk_new(PK_BARRIER, PK_BARRIER_HEAD + count);

    b->args[0] = VK_PIPELINE_STAGE_TRANSFER_BIT;
    b->args[1] = VK_PIPELINE_STAGE_TRANSFER_BIT;
    b->args[2] = VK_ACCESS_TRANSFER_WRITE_BIT;
    b->args[3] = VK_ACCESS_TRANSFER_READ_BIT;
    for (uint32_t i = 0; i < count; i++)
        b->args[PK_BARRIER_HEAD + i] = copies[i]->args[1];
    return b;
}

static void decode(VkCommandBuffer cmd, const struct packet *p)
{
    switch (p->op) {
    case PK_FILL:
        vkCmdFillBuffer(cmd, pk_buffer(p->args[0]), p->args[1], p->args[2], (uint32_t)p->args[3]);
        break;
    case PK_COPY: {
        VkBufferCopy region = {
            .srcOffset = p->args[2],
            .dstOffset = p->args[3],
            .size = p->args[4],
        };
        vkCmdCopyBuffer(cmd, pk_buffer(p->args[0]), pk_buffer(p->args[1]), 1, &region);
        break;
    }
    case PK_BARRIER: {
        uint32_t count = p->n - PK_BARRIER_HEAD;
        VkBufferMemoryBarrier barriers[count];

        for (uint32_t i = 0; i < count; i++)
            barriers[i] = (VkBufferMemoryBarrier){
                .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                .srcAccessMask = (VkAccessFlags)p->args[2],
                .dstAccessMask = (VkAccessFlags)p->args[3],
                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .buffer = pk_buffer(p->args[PK_BARRIER_HEAD + i]),
                .offset = 0,
                .size = VK_WHOLE_SIZE,
            };
        vkCmdPipelineBarrier(cmd, (VkPipelineStageFlags)p->args[0], (VkPipelineStageFlags)p->args[1], 0, 0,
                             NULL, count, barriers, 0, NULL);
        break;
    }
    }
}

int main(void)
{
    struct lite ctx;
    VkBuffer src[MESHES], dst[MESHES];
    VkDeviceMemory src_memory[MESHES], dst_memory[MESHES];
    struct packet *copies[MESHES];
    struct pk_stream stream = {.count = 0};
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    for (uint32_t i = 0; i < MESHES; i++)
        if (lite_buffer(&ctx, MESH_BYTES, usage, &src[i], &src_memory[i]) != VK_SUCCESS ||
            lite_buffer(&ctx, MESH_BYTES, usage, &dst[i], &dst_memory[i]) != VK_SUCCESS)
            return 1;

    for (uint32_t i = 0; i < MESHES; i++)
        pk_push(&stream, pk_fill(src[i], 0, MESH_BYTES, 0x01010101u * (i + 1)));
    for (uint32_t i = 0; i < MESHES; i++)
        copies[i] = pk_copy(src[i], dst[i], 0, 0, MESH_BYTES);
    pk_push(&stream, barrier_before(copies, MESHES));
    for (uint32_t i = 0; i < MESHES; i++)
        pk_push(&stream, copies[i]);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    for (uint32_t i = 0; i < stream.count; i++)
        decode(cmd, stream.items[i]);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u packets decoded\n", stream.count);
    pk_release(&stream);
    return 0;
}
