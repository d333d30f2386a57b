/*
 * Uploads with one command buffer and reads back with another, submitted to
 * the same queue one after the other.  Submission order alone orders
 * nothing: the readback's copy may read 'staging' before the fill's writes
 * are visible (syncval: SYNC-HAZARD-READ-AFTER-WRITE, with the QUEUE_SUBMIT
 * check enabled).  The fix is in fixed_upload_then_readback.c.
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
                          VkBuffer host_visible, VkFence done)
{
    record_upload(upload, staging);
    record_readback(readback, staging, host_visible);

    VkSubmitInfo first = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &upload,
    };
    vkQueueSubmit(queue, 1, &first, VK_NULL_HANDLE);

    VkSubmitInfo second = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &readback,
    };
    vkQueueSubmit(queue, 1, &second, done);
}
