// EXPECT: clean
// A two-step copy through an intermediate buffer; a buffer barrier on the
// intermediate buffer orders the steps.
#include "gpu.h"

#include <string.h>

#define SIZE 2048

int main(void)
{
    context gpu = make_context();
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    buffer upload = make_buffer(&gpu, SIZE, usage);
    buffer scratch = make_buffer(&gpu, SIZE, usage);
    buffer result = make_buffer(&gpu, SIZE, usage);

    void *mapped;
    check(vkMapMemory(gpu.device, upload.memory, 0, SIZE, 0, &mapped), "vkMapMemory");
    memset(mapped, 0x5a, SIZE);
    vkUnmapMemory(gpu.device, upload.memory);

    VkCommandBuffer cmd = make_command_buffer(&gpu);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    VkBufferCopy all = {.size = SIZE};
    vkCmdCopyBuffer(cmd, upload.handle, scratch.handle, 1, &all);
    VkBufferMemoryBarrier scratch_ready = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = scratch.handle,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &scratch_ready, 0, NULL);
    vkCmdCopyBuffer(cmd, scratch.handle, result.handle, 1, &all);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    submit_and_wait(&gpu, cmd);

    vkFreeCommandBuffers(gpu.device, gpu.pool, 1, &cmd);
    destroy_buffer(&gpu, result);
    destroy_buffer(&gpu, scratch);
    destroy_buffer(&gpu, upload);
    destroy_context(gpu);
    return 0;
}
