// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 58
// Transient placement by lifetime (transient.h): the upload staging
// buffer `stage` is dead once its copy into the vertex buffer is recorded,
// so the engine places the next pass's scratch buffer at the same offset
// of the same memory.  The scratch pass starts with a clear - which may
// overwrite the bytes while the copy is still reading them through
// `stage`: a write-after-read, since nothing orders the clear after the
// copy (an execution dependency would do).
#include "transient.h"

#define STAGE_BYTES 4096
#define SCRATCH_BYTES 4096

static void upload_pass(VkCommandBuffer cmd, VkBuffer stage, VkBuffer vertices)
{
    VkBufferCopy region = {0, 0, STAGE_BYTES};
    vkCmdCopyBuffer(cmd, stage, vertices, 1, &region);
}

int main(void)
{
    struct lite ctx;
    struct transient_heap heap;
    VkBuffer stage, scratch, vertices;
    VkDeviceMemory vertex_memory;
    VkCommandBuffer cmd;
    void *mapped;
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    stage = transient_buffer(&ctx, STAGE_BYTES, usage);
    scratch = transient_buffer(&ctx, SCRATCH_BYTES, usage);
    transient_begin(&heap);
    transient_require(&heap, &ctx, stage, 0);
    transient_require(&heap, &ctx, scratch, 0);
    if (transient_allocate(&heap, &ctx) != VK_SUCCESS)
        return 1;
    if (vkBindBufferMemory(ctx.device, stage, heap.memory, 0) != VK_SUCCESS ||
        vkBindBufferMemory(ctx.device, scratch, heap.memory, 0) != VK_SUCCESS)
        return 1;
    if (lite_buffer(&ctx, STAGE_BYTES, usage, &vertices, &vertex_memory) != VK_SUCCESS)
        return 1;

    /* the host fills the staging bytes before anything is recorded */
    if (vkMapMemory(ctx.device, heap.memory, 0, VK_WHOLE_SIZE, 0, &mapped) != VK_SUCCESS)
        return 1;
    memset(mapped, 0x3f, STAGE_BYTES);
    vkUnmapMemory(ctx.device, heap.memory);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    upload_pass(cmd, stage, vertices);
    /* stage is dead: scratch takes its bytes */
    vkCmdFillBuffer(cmd, scratch, 0, SCRATCH_BYTES, 0);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    puts("uploaded");
    return 0;
}
