/* A windowed sample's frame, written the way the SDK tutorials write it:
   every result is checked against the codes the specification lists for
   the call (out of date, suboptimal, anything else an error), the
   swapchain is rebuilt on the ways that ask for it, and the frame uploads
   its vertices and reads them back for a debug overlay.  Without
   -DWITH_BARRIER the readback copy follows the upload with nothing
   between them. */
#include <stdint.h>
#include <stdio.h>
#include <vulkan/vulkan.h>

struct app {
    VkDevice device;
    VkQueue queue;
    VkSwapchainKHR swapchain;
    VkCommandBuffer cmd;
    VkBuffer staging, vertices, overlay;
    VkSemaphore acquired, rendered;
    VkFence frame_done;
    uint32_t image;
    unsigned rebuilds, errors;
};

void rebuild_swapchain(struct app *a); /* elsewhere: window-system code */

static void report(struct app *a, const char *what, VkResult err)
{
    fprintf(stderr, "%s failed: %d\n", what, (int)err);
    a->errors++;
}

static void record_frame(struct app *a)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(a->cmd, &begin);
    VkBufferCopy all = {0, 0, 4096};
    vkCmdCopyBuffer(a->cmd, a->staging, a->vertices, 1, &all);
#ifdef WITH_BARRIER
    VkMemoryBarrier written = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(a->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &written, 0, NULL, 0, NULL);
#endif
    vkCmdCopyBuffer(a->cmd, a->vertices, a->overlay, 1, &all);
    vkEndCommandBuffer(a->cmd);
}

void draw_frame(struct app *a)
{
    VkResult err = vkAcquireNextImageKHR(a->device, a->swapchain, UINT64_MAX, a->acquired,
                                         VK_NULL_HANDLE, &a->image);
    if (err == VK_ERROR_OUT_OF_DATE_KHR) {
        rebuild_swapchain(a);
        return;
    }
    if (err != VK_SUCCESS && err != VK_SUBOPTIMAL_KHR) {
        report(a, "vkAcquireNextImageKHR", err);
        return;
    }
    record_frame(a);
    VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &a->acquired,
        .pWaitDstStageMask = &wait_stage,
        .commandBufferCount = 1,
        .pCommandBuffers = &a->cmd,
        .signalSemaphoreCount = 1,
        .pSignalSemaphores = &a->rendered,
    };
    err = vkQueueSubmit(a->queue, 1, &submit, a->frame_done);
    if (err != VK_SUCCESS) {
        report(a, "vkQueueSubmit", err);
        return;
    }
    VkPresentInfoKHR present = {
        .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &a->rendered,
        .swapchainCount = 1,
        .pSwapchains = &a->swapchain,
        .pImageIndices = &a->image,
    };
    err = vkQueuePresentKHR(a->queue, &present);
    if (err == VK_ERROR_OUT_OF_DATE_KHR || err == VK_SUBOPTIMAL_KHR)
        rebuild_swapchain(a);
    else if (err != VK_SUCCESS)
        report(a, "vkQueuePresentKHR", err);
    vkWaitForFences(a->device, 1, &a->frame_done, VK_TRUE, UINT64_MAX);
    vkResetFences(a->device, 1, &a->frame_done);
}
