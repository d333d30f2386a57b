/* GNU C as kernel-style C writes it: a statement-expression VK_CHECK
   around every call (the recording begins inside one), likely() over
   __builtin_expect, a table of consumer stages and accesses given by
   range designators with a per-entry override, and the steps classified
   by a switch with a case range.  A fill, a chain of copies and a copy
   out, a barrier before each step from the table.  Without WITH_BARRIER
   the table still overrides step 3 with a compute shader's stage and
   read (the step is a copy now): the copy in step 3 reads what step 2
   wrote outside the barrier's second scope. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkQueue *queue, VkCommandBuffer *cb, VkBuffer *chain);

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define VK_CHECK(call)                                                                             \
    ({                                                                                             \
        __auto_type _r = (call);                                                                   \
        if (unlikely(_r != VK_SUCCESS))                                                            \
            abort();                                                                               \
        _r;                                                                                        \
    })

#define STEPS 5

static const VkPipelineStageFlags consumer_stage[STEPS] = {
    [1 ... STEPS - 1] = VK_PIPELINE_STAGE_TRANSFER_BIT,
#ifndef WITH_BARRIER
    [3] = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
#endif
};
static const VkAccessFlags consumer_access[STEPS] = {
    [1 ... STEPS - 1] = VK_ACCESS_TRANSFER_READ_BIT,
#ifndef WITH_BARRIER
    [3] = VK_ACCESS_SHADER_READ_BIT,
#endif
};

enum kind { UPLOAD, CHAIN, READBACK };

static enum kind kind_of(unsigned step)
{
    switch (step) {
    case 0:
        return UPLOAD;
    case 1 ... STEPS - 2:
        return CHAIN;
    default:
        return READBACK;
    }
}

int main(void)
{
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cb;
    VkBuffer chain[STEPS + 1];
    if (gpu_open(&device, &queue, &cb, chain))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cb, &bi));
    VkBufferCopy r = {0, 0, 256};
    for (unsigned step = 0; step < STEPS; step++) {
        if (likely(step > 0)) {
            VkBufferMemoryBarrier b = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
                                       VK_ACCESS_TRANSFER_WRITE_BIT, consumer_access[step],
                                       VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                                       chain[step - 1], 0, VK_WHOLE_SIZE};
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, consumer_stage[step], 0, 0,
                                 NULL, 1, &b, 0, NULL);
        }
        switch (kind_of(step)) {
        case UPLOAD:
            vkCmdFillBuffer(cb, chain[0], 0, 256, 7);
            break;
        case CHAIN:
            vkCmdCopyBuffer(cb, chain[step - 1], chain[step], 1, &r);
            break;
        case READBACK:
            vkCmdCopyBuffer(cb, chain[step - 1], chain[STEPS], 1, &r);
            break;
        }
    }
    VK_CHECK(vkEndCommandBuffer(cb));
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &cb};
    VK_CHECK(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE));
    return 0;
}
