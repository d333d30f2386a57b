/*
 * The fixed twin of bad_upload_then_readback.c: the first submission signals
 * a semaphore and the second waits for it at the COPY stage, so the fill's
 * writes are available and visible to the copy (a semaphore wait is a
 * memory dependency whose second scope is the wait stage mask).
 */
#include <vulkan/vulkan.h>

#define STAGING_BYTES 4096

static void record_upload(VkCommandBuffer cmd, VkBuffer staging)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, STAGING_BYTES, 0);
    vkEndCommandBuffer(cmd);
}

static void record_readback(VkCommandBuffer cmd, VkBuffer staging,
                            VkBuffer host_visible)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = STAGING_BYTES};
    vkCmdCopyBuffer(cmd, staging, host_visible, 1, &region);
    vkEndCommandBuffer(cmd);
}

void upload_and_read_back(VkQueue queue, VkCommandBuffer upload,
                          VkCommandBuffer readback, VkBuffer staging,
                          VkBuffer host_visible, VkSemaphore uploaded,
                          VkFence done)
{
    record_upload(upload, staging);
    record_readback(readback, staging, host_visible);

    VkSubmitInfo first = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &upload,
        .signalSemaphoreCount = 1,
        .pSignalSemaphores = &uploaded,
    };
    vkQueueSubmit(queue, 1, &first, VK_NULL_HANDLE);

    VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkSubmitInfo second = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &uploaded,
        .pWaitDstStageMask = &wait_stage,
        .commandBufferCount = 1,
        .pCommandBuffers = &readback,
    };
    vkQueueSubmit(queue, 1, &second, done);
}
