/* A compute filter in FFmpeg's style: every call in RET(), the error code
   passed up through two helpers.  The kernel helper flushes the mapped
   weights and fails when the flush does; only when it succeeds does it
   mark the kernel ready.  The frame clears the scratch buffer only with a
   ready kernel and then copies it out.

   `if ((err = (x)) < 0)` was tested as a fresh unknown, unrelated to the
   `err` the helper returned, and the helper's two ways were joined with
   the member made unknown on its own: the path on which no error came
   back still went both ways on `kernel_ready`, and the way without the
   clear (which cannot run: no error means the kernel is ready) was a
   second path. */
#include <stddef.h>
#include <vulkan/vulkan.h>

#define AVERROR(e) (-(e))
#define EIO 5
#define RET(x)                                                                 \
    do {                                                                       \
        if ((err = (x)) < 0)                                                   \
            goto fail;                                                         \
    } while (0)

void log_error(void *ctx, const char *message);

typedef struct {
    VkDevice dev;
    VkCommandBuffer cmd;
    VkDeviceMemory weights_mem;
    VkBuffer scratch, output;
    int kernel_ready;
} ComputeFilter;

static int flush_weights(ComputeFilter *s)
{
    VkMappedMemoryRange range = {
        .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
        .memory = s->weights_mem,
        .size = VK_WHOLE_SIZE,
    };
    VkResult ret = vkFlushMappedMemoryRanges(s->dev, 1, &range);
    if (ret != VK_SUCCESS) {
        log_error(s, "cannot flush the kernel weights");
        return AVERROR(EIO);
    }
    return 0;
}

static int prepare_kernel(ComputeFilter *s)
{
    int err = 0;
    RET(flush_weights(s));
    s->kernel_ready = 1;
fail:
    return err;
}

int filter_frame(ComputeFilter *s)
{
    int err;
    RET(prepare_kernel(s));

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(s->cmd, &begin);
    if (s->kernel_ready)
        vkCmdFillBuffer(s->cmd, s->scratch, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(s->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 65536};
    vkCmdCopyBuffer(s->cmd, s->scratch, s->output, 1, &region);
    vkEndCommandBuffer(s->cmd);
    return 0;

fail:
    log_error(s, "frame not filtered");
    return err;
}
