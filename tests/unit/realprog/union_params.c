/* Per-pass parameters in a union whose structs all begin with the buffer
   the pass writes, read as `u.out.target` by the code that puts a barrier
   after each pass (C11 6.5.2.3p6).  The copy's struct was declared source
   first, so its barrier covers the buffer it read, not the one it wrote,
   and the next copy reads that one unordered; the fixed struct begins
   with the target.  The passes run in two frames: the second reads the
   copy's members again after the union was read as `out`. */
#include <vulkan/vulkan.h>

enum kind { FILL, COPY };

struct pass {
    enum kind kind;
    union {
        struct { VkBuffer target; } out;
        struct { VkBuffer target; VkDeviceSize size; } fill;
#ifdef WITH_BARRIER
        struct { VkBuffer target, source; VkDeviceSize size; } copy;
#else
        struct { VkBuffer source, target; VkDeviceSize size; } copy;
#endif
    } u;
};

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *a, VkBuffer *b, VkBuffer *c);

static void after(VkCommandBuffer cb, const struct pass *p)
{
    VkBufferMemoryBarrier bb = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
                                VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                                p->u.out.target, 0, VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &bb, 0, NULL);
}

static void run(VkCommandBuffer cb, const struct pass *passes, int n)
{
    for (int i = 0; i < n; i++) {
        const struct pass *p = &passes[i];
        if (p->kind == FILL) {
            vkCmdFillBuffer(cb, p->u.fill.target, 0, p->u.fill.size, 0);
        } else {
            VkBufferCopy r = {0, 0, p->u.copy.size};
            vkCmdCopyBuffer(cb, p->u.copy.source, p->u.copy.target, 1, &r);
        }
        after(cb, p);
    }
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer a, b, c;
    if (gpu_open(&cb, &a, &b, &c))
        return 1;
    struct pass passes[3] = {
        {FILL, .u.fill = {.target = a, .size = 256}},
        {COPY, .u.copy = {.source = a, .target = b, .size = 256}},
        {COPY, .u.copy = {.source = b, .target = c, .size = 256}},
    };
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    for (int frame = 0; frame < 2; frame++) {
        VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                              VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                              VK_ACCESS_TRANSFER_WRITE_BIT};
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             0, 1, &mb, 0, NULL, 0, NULL);
        run(cb, passes, 3);
    }
    vkEndCommandBuffer(cb);
    return 0;
}
