/* A checkerboard texture's bytes written one by one into the mapped
   staging buffer before anything is recorded (4,096 writes, past the
   256-iteration loop limit), then uploaded and copied on to the mip
   chain's source.  The loop limit refused to end a loop writing mapped
   memory, so the analysis was incomplete (exit 2) before the copies; with
   nothing submitted yet, the writes not run race with nothing and the
   upload's submission is ordered after them. */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define TEXELS 4096

struct checker_upload {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkDeviceMemory staging_memory;
    VkBuffer staging, texels, mip_source;
};

void upload_checkerboard(struct checker_upload *u)
{
    uint8_t *bytes;
    vkMapMemory(u->device, u->staging_memory, 0, TEXELS, 0, (void **)&bytes);
    for (int i = 0; i < TEXELS; i++)
        bytes[i] = ((i / 8) ^ (i / 512)) & 1 ? 0xff : 0x00;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(u->cmd, &begin);
    VkBufferCopy all = {.size = TEXELS};
    vkCmdCopyBuffer(u->cmd, u->staging, u->texels, 1, &all);
#ifdef WITH_BARRIER
    VkMemoryBarrier copied = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(u->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &copied, 0, NULL, 0, NULL);
#endif
    vkCmdCopyBuffer(u->cmd, u->texels, u->mip_source, 1, &all);
    vkEndCommandBuffer(u->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &u->cmd,
    };
    vkQueueSubmit(u->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(u->queue);
}
