/* A batch tool in the style of a compute library's context object: one
   context struct handed around by pointer, every handle kept in it.  When
   the library says its cache is cold or was resized, a warm-up makes a
   scratch buffer of the size it needs and a host-side table, clears the
   scratch on the GPU, waits for it, and throws both away again (the
   handles stay in the struct, stale).  Then every batch records the same
   commands: the input is cleared and copied into the output, with no
   barrier between the clear's write and the copy's read, and the history
   buffer is cleared when the caller keeps one. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct batch_ctx {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer input, output;
    VkBuffer scratch;
    VkDeviceMemory scratch_memory;
    unsigned *scratch_table;
    VkBuffer history;
    int keep_history;
};

enum cache_state { CACHE_WARM, CACHE_COLD, CACHE_RESIZED };
extern enum cache_state cache_state(const struct batch_ctx *ctx);

static void submit_and_wait(struct batch_ctx *ctx)
{
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &ctx->cmd};
    vkQueueSubmit(ctx->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(ctx->queue);
}

static void warm_up(struct batch_ctx *ctx, VkDeviceSize bytes)
{
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                               .size = bytes,
                               .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VkBuffer scratch;
    VkDeviceMemory memory;
    vkCreateBuffer(ctx->device, &info, NULL, &scratch);
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                  .allocationSize = bytes};
    vkAllocateMemory(ctx->device, &alloc, NULL, &memory);
    vkBindBufferMemory(ctx->device, scratch, memory, 0);
    ctx->scratch = scratch;
    ctx->scratch_memory = memory;
    ctx->scratch_table = malloc(4096);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(ctx->cmd, &begin);
    vkCmdFillBuffer(ctx->cmd, ctx->scratch, 0, bytes, 0);
    vkEndCommandBuffer(ctx->cmd);
    submit_and_wait(ctx);

    free(ctx->scratch_table);
    vkDestroyBuffer(ctx->device, ctx->scratch, NULL);
    vkFreeMemory(ctx->device, ctx->scratch_memory, NULL);
}

static void record_batch(struct batch_ctx *ctx)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(ctx->cmd, &begin);
    vkCmdFillBuffer(ctx->cmd, ctx->input, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier cleared = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                     .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                     .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                                     .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                     .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                     .buffer = ctx->input,
                                     .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(ctx->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &cleared, 0, NULL);
#endif
    VkBufferCopy whole = {.size = 65536};
    vkCmdCopyBuffer(ctx->cmd, ctx->input, ctx->output, 1, &whole);
    if (ctx->keep_history)
        vkCmdFillBuffer(ctx->cmd, ctx->history, 0, 65536, 0);
    vkEndCommandBuffer(ctx->cmd);
    submit_and_wait(ctx);
}

void run_batch(struct batch_ctx *ctx)
{
    switch (cache_state(ctx)) {
    case CACHE_COLD:
        warm_up(ctx, 1 << 20);
        break;
    case CACHE_RESIZED:
        warm_up(ctx, 4 << 20);
        break;
    default:
        break;
    }
    record_batch(ctx);
}
