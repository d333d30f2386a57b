/* good_raw.c - the good file of tests/robust/bad_input.sh: one known
   read-after-write hazard (line 12), which must still be reported when a bad
   input is given alongside. */
#include <vulkan/vulkan.h>

void record_upload(VkCommandBuffer cmd, VkBuffer staging, VkBuffer vertices, VkBuffer readback)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdCopyBuffer(cmd, staging, vertices, 1, &region);
    vkCmdCopyBuffer(cmd, vertices, readback, 1, &region);
    vkEndCommandBuffer(cmd);
}
