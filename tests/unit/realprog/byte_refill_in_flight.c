/* The same checkerboard written again for the next upload while the first
   upload's copy may still be reading the staging buffer: no wait between
   the submission and the loop.  The first writes are the race
   (host-access-before-wait); the writes past the loop limit are host
   accesses too, which the analysis does not run, so the limit is
   reported (vksync-incomplete), not hidden. */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define TEXELS 4096

struct checker_upload {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkDeviceMemory staging_memory;
    VkBuffer staging, texels;
};

void reupload_checkerboard(struct checker_upload *u, int phase)
{
    uint8_t *bytes;
    vkBindBufferMemory(u->device, u->staging, u->staging_memory, 0);
    vkMapMemory(u->device, u->staging_memory, 0, TEXELS, 0, (void **)&bytes);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(u->cmd, &begin);
    VkBufferCopy all = {.size = TEXELS};
    vkCmdCopyBuffer(u->cmd, u->staging, u->texels, 1, &all);
    vkEndCommandBuffer(u->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &u->cmd,
    };
    vkQueueSubmit(u->queue, 1, &submit, VK_NULL_HANDLE);
    for (int i = 0; i < TEXELS; i++)
        bytes[i] = ((i / 8) ^ (i / 512) ^ phase) & 1 ? 0xff : 0x00;
    vkQueueWaitIdle(u->queue);
}
