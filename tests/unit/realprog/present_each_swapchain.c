/* A window-system layer in the manner of Mesa's WSI: each swapchain of a
   present is handled in one iteration of a loop, and every error check in
   the body jumps to a label at the body's end, where the result is stored
   and the next swapchain comes.  The blit of a swapchain whose fence wait
   failed skips the barrier (without -DWITH_BARRIER the barrier is before
   the label, so that way copies what the clear just wrote). */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct blit_swapchain {
    VkFence fence;
    VkBuffer staging;
    VkBuffer linear;
};

struct present_info {
    uint32_t count;
    struct blit_swapchain *swapchains;
    VkResult *results;
};

static void blit_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &cleared, 0, NULL, 0, NULL);
}

void wsi_record_blits(VkDevice device, VkCommandBuffer cmd, const struct present_info *info)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    for (uint32_t i = 0; i < info->count; i++) {
        struct blit_swapchain *sc = &info->swapchains[i];
        VkResult result;
        vkCmdFillBuffer(cmd, sc->staging, 0, 4096, 0);
        result = vkWaitForFences(device, 1, &sc->fence, VK_TRUE, UINT64_MAX);
        if (result != VK_SUCCESS)
            goto next_swapchain;
        result = vkResetFences(device, 1, &sc->fence);
        if (result != VK_SUCCESS)
            goto next_swapchain;
#ifndef WITH_BARRIER
        blit_barrier(cmd);
#endif
    next_swapchain:
#ifdef WITH_BARRIER
        blit_barrier(cmd);
#endif
        if (info->results)
            info->results[i] = result;
        VkBufferCopy region = {.size = 4096};
        vkCmdCopyBuffer(cmd, sc->staging, sc->linear, 1, &region);
        blit_barrier(cmd);
    }
    vkEndCommandBuffer(cmd);
}
