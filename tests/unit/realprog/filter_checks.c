/* A video filter in a media framework's idiom: negative error codes, a
   statement macro that jumps to `fail`, an execution context with its own
   start and submit helpers, each Vulkan call's result checked and logged.
   Eight options each add a pass to the recording, so there are 256 ways
   to record a frame; the submit helper checks four results after the
   recording ends.  The frame fills the source and copies it out: the copy
   reads what the fill wrote. */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define FILTER_ERROR_EXTERNAL (-542398533)
#define RET(x)                          \
    do {                                \
        if ((err = (x)) < 0)            \
            goto fail;                  \
    } while (0)

enum {
    OPT_CLEAR_LUT = 1 << 0, OPT_CLEAR_HIST = 1 << 1, OPT_DITHER = 1 << 2,
    OPT_DEBAND = 1 << 3, OPT_SHARPEN = 1 << 4, OPT_GRAIN = 1 << 5,
    OPT_STATS = 1 << 6, OPT_ALPHA = 1 << 7,
};

typedef struct ExecContext {
    VkCommandBuffer buf;
    VkQueue queue;
    VkFence fence;
} ExecContext;

typedef struct FilterContext {
    VkDevice device;
    ExecContext exec;
    VkBuffer source, dest, lut, histogram, noise, scratch;
    unsigned options;
} FilterContext;

void filter_log(void *avcl, int level, const char *fmt, ...);

static int exec_start(FilterContext *s, ExecContext *e)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VkResult ret = vkBeginCommandBuffer(e->buf, &begin);
    if (ret != VK_SUCCESS) {
        filter_log(s, 16, "Unable to begin the command buffer: %d\n", ret);
        return FILTER_ERROR_EXTERNAL;
    }
    return 0;
}

static int exec_submit(FilterContext *s, ExecContext *e)
{
    VkResult ret = vkEndCommandBuffer(e->buf);
    if (ret != VK_SUCCESS) {
        filter_log(s, 16, "Unable to finish the command buffer: %d\n", ret);
        return FILTER_ERROR_EXTERNAL;
    }
    VkSubmitInfo info = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &e->buf,
    };
    ret = vkQueueSubmit(e->queue, 1, &info, e->fence);
    if (ret != VK_SUCCESS) {
        filter_log(s, 16, "Unable to submit: %d\n", ret);
        return FILTER_ERROR_EXTERNAL;
    }
    ret = vkWaitForFences(s->device, 1, &e->fence, VK_TRUE, UINT64_MAX);
    if (ret != VK_SUCCESS) {
        filter_log(s, 16, "Unable to wait: %d\n", ret);
        return FILTER_ERROR_EXTERNAL;
    }
    ret = vkResetFences(s->device, 1, &e->fence);
    if (ret != VK_SUCCESS) {
        filter_log(s, 16, "Unable to reset the fence: %d\n", ret);
        return FILTER_ERROR_EXTERNAL;
    }
    return 0;
}

static int record_passes(FilterContext *s, VkCommandBuffer cmd)
{
    if (s->options & OPT_CLEAR_LUT)
        vkCmdFillBuffer(cmd, s->lut, 0, 1024, 0);
    if (s->options & OPT_CLEAR_HIST)
        vkCmdFillBuffer(cmd, s->histogram, 0, 4096, 0);
    if (s->options & OPT_DITHER)
        vkCmdFillBuffer(cmd, s->noise, 0, 256, 0x3f);
    if (s->options & OPT_DEBAND)
        vkCmdFillBuffer(cmd, s->scratch, 0, 512, 0);
    if (s->options & OPT_SHARPEN)
        vkCmdFillBuffer(cmd, s->scratch, 512, 512, 0);
    if (s->options & OPT_GRAIN)
        vkCmdFillBuffer(cmd, s->noise, 256, 256, 0x7f);
    if (s->options & OPT_STATS)
        vkCmdFillBuffer(cmd, s->histogram, 4096, 64, 0);
    if (s->options & OPT_ALPHA)
        vkCmdFillBuffer(cmd, s->lut, 1024, 256, 0xff);

    vkCmdFillBuffer(cmd, s->source, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 65536};
    vkCmdCopyBuffer(cmd, s->source, s->dest, 1, &region);
    return 0;
}

int filter_frame(FilterContext *s)
{
    int err;
    RET(exec_start(s, &s->exec));
    RET(record_passes(s, s->exec.buf));
    RET(exec_submit(s, &s->exec));
    return 0;
fail:
    filter_log(s, 16, "Filtering failed: %d\n", err);
    return err;
}
