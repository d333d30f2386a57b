// EXPECT: clean
// Device functions through global pointers (vkfuncs.h).  A buffer barrier on
// the cleared range orders the clear before the copy of it.
#include "vkfuncs.h"

static void record(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst)
{
    pfnCmdFillBuffer(cmd, src, 0, 512, 0);
    VkBufferMemoryBarrier cleared = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
                                     VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                     VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                                     src, 0, 512};
    pfnCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                          0, 0, NULL, 1, &cleared, 0, NULL);
    VkBufferCopy region = {0, 256, 512};
    pfnCmdCopyBuffer(cmd, src, dst, 1, &region);
}

int main(void)
{
    struct vkf_device d = vkf_create_device();
    VkBuffer src = vkf_buffer(&d, 1024);
    VkBuffer dst = vkf_buffer(&d, 1024);

    VkCommandBufferAllocateInfo cai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL,
                                       d.pool, VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    VkCommandBuffer cmd;
    if (pfnAllocateCommandBuffers(d.device, &cai, &cmd) != VK_SUCCESS)
        vkf_die("vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL, 0, NULL};
    pfnBeginCommandBuffer(cmd, &begin);
    record(cmd, src, dst);
    pfnEndCommandBuffer(cmd);
    VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &cmd, 0, NULL};
    pfnQueueSubmit(d.queue, 1, &submit, VK_NULL_HANDLE);
    pfnQueueWaitIdle(d.queue);
    return 0;
}
