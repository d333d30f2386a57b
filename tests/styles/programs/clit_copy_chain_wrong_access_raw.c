// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 42
// C99 compound literals passed straight to every call: begin info, barriers
// and copy regions are never named.  The second barrier was pasted from the
// first one's source half: its destination access is TRANSFER_WRITE, so the
// second copy's read of `middle` is not made visible.
#include "lite.h"

#define SIZE 4096

int main(void)
{
    struct lite l;
    if (lite_init(&l) != 0)
        return 1;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer first, middle, last;
    VkDeviceMemory first_mem, middle_mem, last_mem;
    lite_buffer(&l, SIZE, usage, &first, &first_mem);
    lite_buffer(&l, SIZE, usage, &middle, &middle_mem);
    lite_buffer(&l, SIZE, usage, &last, &last_mem);

    VkCommandBuffer cmd;
    lite_alloc(&l, 1, &cmd);
    vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT});
    vkCmdFillBuffer(cmd, first, 0, VK_WHOLE_SIZE, 0x01020304u);
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &(VkMemoryBarrier){
                             .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                             .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT},
                         0, NULL, 0, NULL);
    vkCmdCopyBuffer(cmd, first, middle, 1, &(VkBufferCopy){.size = SIZE});
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &(VkMemoryBarrier){
                             .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                             .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT},
                         0, NULL, 0, NULL);
    vkCmdCopyBuffer(cmd, middle, last, 1, &(VkBufferCopy){.size = SIZE});
    vkEndCommandBuffer(cmd);
    lite_submit(&l, 1, &cmd);
    return 0;
}
