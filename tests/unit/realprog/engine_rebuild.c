/* A small engine's frame, in the style of a hobby engine's renderer module:
   typedef'd state, a frame function the main loop calls, error checks
   that return early.  The frame picks the scene command buffer with or
   without the debug overlay (an input poll the engine cannot see),
   submits it and presents; a present that fails for any reason rebuilds
   the swapchain resources, which waits for the device, refills the
   vertex staging buffer and copies it into the vertex buffer: the copy
   reads what the fill wrote. */
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef struct {
    VkDevice device;
    VkQueue graphics;
    VkSwapchainKHR swapchain;
    VkSemaphore image_ready, render_done;
    VkCommandBuffer scene, scene_overlay, rebuild_cmd;
    VkBuffer vertex_staging, vertices;
    uint32_t image_index;
} engine_t;

extern int input_overlay_wanted(void);

static void engine_rebuild(engine_t *e)
{
    if (vkDeviceWaitIdle(e->device) != VK_SUCCESS)
        return;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(e->rebuild_cmd, &begin);
    vkCmdFillBuffer(e->rebuild_cmd, e->vertex_staging, 0, 8192, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(e->rebuild_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy all = {.srcOffset = 0, .dstOffset = 0, .size = 8192};
    vkCmdCopyBuffer(e->rebuild_cmd, e->vertex_staging, e->vertices, 1, &all);
    vkEndCommandBuffer(e->rebuild_cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1, .pCommandBuffers = &e->rebuild_cmd};
    if (vkQueueSubmit(e->graphics, 1, &submit, VK_NULL_HANDLE) != VK_SUCCESS)
        return;
    vkQueueWaitIdle(e->graphics);
}

void engine_frame(engine_t *e)
{
    int overlay = input_overlay_wanted();
    VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .waitSemaphoreCount = 1, .pWaitSemaphores = &e->image_ready,
                           .pWaitDstStageMask = &wait_stage, .commandBufferCount = 1,
                           .signalSemaphoreCount = 1, .pSignalSemaphores = &e->render_done};
    if (overlay)
        submit.pCommandBuffers = &e->scene_overlay;
    else
        submit.pCommandBuffers = &e->scene;
    if (vkQueueSubmit(e->graphics, 1, &submit, VK_NULL_HANDLE) != VK_SUCCESS)
        return;

    VkPresentInfoKHR present = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                                .waitSemaphoreCount = 1, .pWaitSemaphores = &e->render_done,
                                .swapchainCount = 1, .pSwapchains = &e->swapchain,
                                .pImageIndices = &e->image_index};
    VkResult presented = vkQueuePresentKHR(e->graphics, &present);
    if (presented != VK_SUCCESS)
        engine_rebuild(e);
}
