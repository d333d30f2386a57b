/* A video filter in FFmpeg's style: kernel weights written through a
   mapped pointer, an execution context whose fence is created the first
   time a frame starts (`if (!e->fence) vkCreateFence(...)`), one image
   view per plane wrapped in a reference-counted buffer that the frame
   keeps as a dependency, and every call in RET() (a negative code jumps to
   `fail`, which drops the dependencies).  When wrapping a view fails, the
   helper destroys the view and returns AVERROR(ENOMEM), which adds
   nothing: no command, no submission.  But the frame had mapped memory and
   created its fence, and a created fence was taken for something
   submitted, so each such failure was run (replayed from the frame's
   start) to find that it recorded nothing new. */
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#define AVERROR(e) (-(e))
#define ENOMEM 12
#define EIO 5
#define RET(x)                                                                 \
    do {                                                                       \
        if ((err = (x)) < 0)                                                   \
            goto fail;                                                         \
    } while (0)

/* The media library's reference-counted buffers (no body here). */
typedef struct RefBuffer RefBuffer;
RefBuffer *ref_wrap(uint8_t *data, size_t size, void (*release)(void *, uint8_t *),
                    void *opaque);
void ref_drop(RefBuffer **ref);
void *mem_zalloc(size_t size);
void mem_free(void *ptr);

typedef struct {
    VkDevice dev;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkFence fence;
    VkImage planes[2];
    VkImageView views[2];
    int nb_planes;
    VkBuffer staging, output;
    VkDeviceMemory kernel_mem;
    RefBuffer *deps[8];
    int nb_deps;
} BlurContext;

static void release_view(void *opaque, uint8_t *data)
{
    BlurContext *s = opaque;
    VkImageView *view = (VkImageView *)data;
    vkDestroyImageView(s->dev, *view, NULL);
    mem_free(view);
}

static int plane_view(BlurContext *s, int i)
{
    VkImageView *view = mem_zalloc(sizeof(*view));
    VkImageViewCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = s->planes[i],
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = VK_FORMAT_R8_UNORM,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCreateImageView(s->dev, &info, NULL, view);

    RefBuffer *ref = ref_wrap((uint8_t *)view, sizeof(*view), release_view, s);
    if (!ref) {
        release_view(s, (uint8_t *)view);
        return AVERROR(ENOMEM);
    }
    s->deps[s->nb_deps++] = ref;
    s->views[i] = *view;
    return 0;
}

static int start_frame(BlurContext *s)
{
    if (!s->fence) {
        VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        vkCreateFence(s->dev, &fence_info, NULL, &s->fence);
    }
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(s->cmd, &begin);
    return 0;
}

static void drop_deps(BlurContext *s)
{
    for (int j = 0; j < s->nb_deps; j++)
        ref_drop(&s->deps[j]);
    s->nb_deps = 0;
}

int blur_frame(BlurContext *s)
{
    int err = 0;
    float *kernel;

    vkMapMemory(s->dev, s->kernel_mem, 0, VK_WHOLE_SIZE, 0, (void **)&kernel);
    for (int k = 0; k < 4; k++)
        kernel[k] = 0.25f;
    vkUnmapMemory(s->dev, s->kernel_mem);

    RET(start_frame(s));
    for (int i = 0; i < s->nb_planes; i++)
        RET(plane_view(s, i));

    vkCmdFillBuffer(s->cmd, s->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(s->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 4096};
    vkCmdCopyBuffer(s->cmd, s->staging, s->output, 1, &region);
    vkEndCommandBuffer(s->cmd);

    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &s->cmd,
    };
    if (vkQueueSubmit(s->queue, 1, &submit, s->fence) != VK_SUCCESS) {
        err = AVERROR(EIO);
        goto fail;
    }
    return 0;

fail:
    drop_deps(s);
    return err;
}
