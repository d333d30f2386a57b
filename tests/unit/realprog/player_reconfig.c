/* A media player's video output, in the style of a player's Vulkan
   output module: one draw entry point per frame that the player core
   calls; an acquire or a present that reports the swapchain out of date
   (or suboptimal, when vsync is on) reconfigures the output, which waits
   for the device to go idle, picks the format and present mode again and
   uploads the on-screen display through a staging buffer when the memory
   is not host visible; a frame uploads the display and the subtitles
   first when they changed.  Each frame clears the frame buffer and copies it
   into the buffer the compositor scans out: the copy reads what the clear
   wrote. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct vo_vk {
    VkDevice dev;
    VkQueue queue;
    VkSwapchainKHR swapchain;
    VkSemaphore acquired, rendered;
    VkCommandBuffer upload_cmd, frame_cmd;
    VkBuffer osd_staging, osd_buffer, frame_buffer, subtitle_buffer;
    uint32_t width, height, image;
    int hdr, vsync, use_staging, osd_changed, subtitles_changed;
    VkFormat format;
    VkPresentModeKHR mode;
};

static void vo_submit_and_wait(struct vo_vk *vo, VkCommandBuffer cmd)
{
    VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                       .commandBufferCount = 1, .pCommandBuffers = &cmd};
    vkQueueSubmit(vo->queue, 1, &si, VK_NULL_HANDLE);
    vkQueueWaitIdle(vo->queue);
}

static void vo_upload_osd(struct vo_vk *vo)
{
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(vo->upload_cmd, &bi);
    if (vo->use_staging) {
        vkCmdFillBuffer(vo->upload_cmd, vo->osd_staging, 0, 65536, 0);
        VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(vo->upload_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        VkBufferCopy region = {0, 0, 65536};
        vkCmdCopyBuffer(vo->upload_cmd, vo->osd_staging, vo->osd_buffer, 1, &region);
    } else {
        vkCmdFillBuffer(vo->upload_cmd, vo->osd_buffer, 0, 65536, 0);
    }
    vkEndCommandBuffer(vo->upload_cmd);
    vo_submit_and_wait(vo, vo->upload_cmd);
}

static void vo_upload_subtitles(struct vo_vk *vo)
{
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(vo->upload_cmd, &bi);
    vkCmdFillBuffer(vo->upload_cmd, vo->subtitle_buffer, 0, 16384, 0);
    vkEndCommandBuffer(vo->upload_cmd);
    vo_submit_and_wait(vo, vo->upload_cmd);
}

static void vo_reconfig(struct vo_vk *vo)
{
    vkDeviceWaitIdle(vo->dev);
    vo->format = vo->hdr ? VK_FORMAT_A2B10G10R10_UNORM_PACK32 : VK_FORMAT_B8G8R8A8_UNORM;
    vo->mode = vo->vsync ? VK_PRESENT_MODE_FIFO_KHR : VK_PRESENT_MODE_MAILBOX_KHR;
    vo_upload_osd(vo);
}

void vo_draw_frame(struct vo_vk *vo)
{
    if (vo->osd_changed)
        vo_upload_osd(vo);
    if (vo->subtitles_changed)
        vo_upload_subtitles(vo);
    VkResult res = vkAcquireNextImageKHR(vo->dev, vo->swapchain, UINT64_MAX, vo->acquired,
                                         VK_NULL_HANDLE, &vo->image);
    if (res == VK_ERROR_OUT_OF_DATE_KHR) {
        vo_reconfig(vo);
    } else if (res == VK_SUBOPTIMAL_KHR) {
        if (vo->vsync)
            vo_reconfig(vo);
    }

    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(vo->frame_cmd, &bi);
    vkCmdFillBuffer(vo->frame_cmd, vo->frame_buffer, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier cleared = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                     .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                     .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                                     .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                     .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                     .buffer = vo->frame_buffer, .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(vo->frame_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &cleared, 0, NULL);
#endif
    VkBufferCopy scanout = {0, 0, 4096};
    vkCmdCopyBuffer(vo->frame_cmd, vo->frame_buffer, vo->osd_buffer, 1, &scanout);
    vkEndCommandBuffer(vo->frame_cmd);
    vo_submit_and_wait(vo, vo->frame_cmd);

    VkPresentInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                           .swapchainCount = 1, .pSwapchains = &vo->swapchain,
                           .pImageIndices = &vo->image};
    res = vkQueuePresentKHR(vo->queue, &pi);
    if (res == VK_ERROR_OUT_OF_DATE_KHR || res == VK_SUBOPTIMAL_KHR)
        vo_reconfig(vo);
}
