/* A loop macro that takes its body as an argument, as klib's
   kh_foreach_value and many list libraries do: the frame copies each
   target into the capture buffer, then clears every target in a second
   walk.  The clears are written inside the macro's argument, on their own
   line; the fixed frame waits for the copies first. */
#include <vulkan/vulkan.h>

#define FOR_EACH_TARGET(list, count, var, code)      \
    for (unsigned i_ = 0; i_ < (count); i_++) {      \
        VkBuffer var = (list)[i_];                   \
        code;                                        \
    }

extern int gpu_open(VkCommandBuffer *cb, VkBuffer targets[2], VkBuffer *capture);

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer targets[2], capture;
    if (gpu_open(&cb, targets, &capture))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    VkBufferCopy region = {0, 0, 64};
    FOR_EACH_TARGET(targets, 2, t, {
        vkCmdCopyBuffer(cb, t, capture, 1, &region);
        region.dstOffset += 64;
    });
#ifdef WITH_BARRIER
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                         NULL, 0, NULL, 0, NULL);
#endif
    FOR_EACH_TARGET(targets, 2, t, {
        vkCmdFillBuffer(cb, t, 0, 64, 0);
    });
    vkEndCommandBuffer(cb);
    return 0;
}
