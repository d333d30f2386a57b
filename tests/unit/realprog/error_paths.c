/* A video filter's frame function in the style of a media library: every
   call goes through RET(), which jumps to the cleanup on a negative error
   code, and every helper checks its allocations and returns ENOMEM.  The
   frame clears a scratch plane and copies it into the output plane. */
#include <errno.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

#define RET(x)                                                                 \
    do {                                                                       \
        if ((err = (x)) < 0)                                                   \
            goto fail;                                                         \
    } while (0)

typedef struct Frame {
    VkBuffer plane;
    void *opaque;
} Frame;

typedef struct FilterContext {
    VkCommandBuffer cmd;
    VkBuffer scratch;
    int *deps;
    int nb_deps, cap_deps;
    void *pool;
} FilterContext;

Frame *frame_alloc(void);
void frame_free(Frame **f);
void *pool_get(void *pool);

static int add_dep(FilterContext *s, int dep)
{
    if (s->nb_deps == s->cap_deps) {
        int *grown = realloc(s->deps, (size_t)(s->cap_deps * 2 + 1) * sizeof *grown);
        if (!grown)
            return -ENOMEM;
        s->deps = grown;
        s->cap_deps = s->cap_deps * 2 + 1;
    }
    s->deps[s->nb_deps++] = dep;
    return 0;
}

static int start_exec(FilterContext *s)
{
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    if (vkBeginCommandBuffer(s->cmd, &bi) != VK_SUCCESS)
        return -EINVAL;
    return 0;
}

static int get_buffer(FilterContext *s, Frame *out)
{
    out->opaque = pool_get(s->pool);
    if (!out->opaque)
        return -ENOMEM;
    return 0;
}

static int process(FilterContext *s, Frame *out)
{
    int err;
    RET(start_exec(s));
    RET(add_dep(s, 1));
    vkCmdFillBuffer(s->cmd, s->scratch, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(s->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    RET(add_dep(s, 2));
    RET(add_dep(s, 3));
    VkBufferCopy plane = {.size = 65536};
    vkCmdCopyBuffer(s->cmd, s->scratch, out->plane, 1, &plane);
    if (vkEndCommandBuffer(s->cmd) != VK_SUCCESS)
        return -EINVAL;
    return 0;
fail:
    return err;
}

int filter_frame(FilterContext *s, Frame *in)
{
    int err;
    Frame *out = frame_alloc();
    if (!out) {
        err = -ENOMEM;
        goto fail;
    }
    RET(add_dep(s, 0));
    RET(get_buffer(s, out));
    RET(add_dep(s, 4));
    RET(add_dep(s, 5));
    RET(process(s, out));
    frame_free(&in);
    return 0;
fail:
    frame_free(&in);
    frame_free(&out);
    return err;
}
