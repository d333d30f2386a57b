/* solver_infeasible.c - tests/robust/solver_limits.sh: the fill and the
   copy that would read it are on contradicting branches (mode > 3, then
   mode < 2), so with the solver the file is race-free; a solver stopped by a
   limit must keep the path and say the analysis is incomplete. */
#include <vulkan/vulkan.h>

void record_modes(VkCommandBuffer cmd, VkBuffer a, VkBuffer b, int mode)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkBeginCommandBuffer(cmd, &begin);
    if (mode > 3)
        vkCmdFillBuffer(cmd, a, 0, 256, 0);
    if (mode < 2)
        vkCmdCopyBuffer(cmd, a, b, 1, &region);
    vkEndCommandBuffer(cmd);
}
