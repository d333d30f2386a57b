/* A media library's execution context, in FFmpeg's style: the command
   buffer is picked from a per-queue array by an index the analysis cannot
   know (`e->bufs[e->cur_queue]`), and between the commands the frame
   function calls into the library - logging, allocating, reference
   counting - with arguments that have nothing to do with the command
   buffer.  Those calls record nothing into it: the fill and the copy after
   it are a read-after-write on `staging`, not a question left unknown
   behind an "unmodelled command".  And a run of its own for the way where
   the clone stored in `e->deps[e->nb_deps]` reads back as NULL is not
   needed: it reads back as what was stored. */
#include <stdint.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

typedef struct ExecContext {
    VkCommandBuffer *bufs;
    int cur_queue;
    void **deps;
    int nb_deps;
} ExecContext;

typedef struct FilterContext {
    ExecContext *exec;
    VkBuffer staging, output;
} FilterContext;

void lib_log(void *avcl, int level, const char *fmt, ...);
void *lib_mallocz(size_t size);
void *lib_frame_clone(const void *frame);
int lib_frame_copy_props(void *dst, const void *src);

static VkCommandBuffer exec_buf(ExecContext *e)
{
    return e->bufs[e->cur_queue];
}

/* Stored and tested at once, at an index the analysis cannot know: the
   element holds what was just stored (a clone: taken to succeed). */
static int add_dep(ExecContext *e, void *dep)
{
    e->deps[e->nb_deps] = lib_frame_clone(dep);
    if (!e->deps[e->nb_deps]) {
        lib_log(NULL, 16, "out of memory\n");
        return -12;
    }
    e->nb_deps++;
    return 0;
}

int process_frame(FilterContext *s, void *out, const void *in)
{
    ExecContext *e = s->exec;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(exec_buf(e), &begin);
    vkCmdFillBuffer(exec_buf(e), s->staging, 0, 65536, 0);
    lib_log(NULL, 48, "filled %d bytes\n", 65536);
    void *scratch = lib_mallocz(256);
    /* As FFmpeg's callers, it goes on when the dependency could not be
       added (here clearing the output, so that such a way would be a path
       of its own). */
    if (add_dep(e, scratch) < 0)
        vkCmdFillBuffer(exec_buf(e), s->output, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(exec_buf(e), VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 65536};
    vkCmdCopyBuffer(exec_buf(e), s->staging, s->output, 1, &region);
    vkEndCommandBuffer(exec_buf(e));
    return lib_frame_copy_props(out, in);
}
