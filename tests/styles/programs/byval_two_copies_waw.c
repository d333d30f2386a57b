// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 31
// Two uploads land in the same result buffer; the second one's destination
// offset should have been SIZE / 2 but is SIZE / 4, so the two copies
// overlap with no barrier between them.
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
    VkBufferCopy first = {.srcOffset = 0, .dstOffset = 0, .size = SIZE / 2};
    VkBufferCopy second = {.srcOffset = 0, .dstOffset = SIZE / 4, .size = SIZE / 2};
    vkCmdCopyBuffer(cmd, upload.handle, result.handle, 1, &first);
    vkCmdCopyBuffer(cmd, scratch.handle, result.handle, 1, &second);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    submit_and_wait(&gpu, cmd);

    vkFreeCommandBuffers(gpu.device, gpu.pool, 1, &cmd);
    destroy_buffer(&gpu, result);
    destroy_buffer(&gpu, scratch);
    destroy_buffer(&gpu, upload);
    destroy_context(gpu);
    return 0;
}
