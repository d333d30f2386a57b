/* solver_hard.c - tests/robust/solver_limits.sh: whether the fill runs
   depends on a quartic 64-bit bit-vector equation, a query Z3 needs a few
   seconds for (2.6 s on the development machine), so a 50 ms limit stops it
   with a fifty-fold margin.  The fill then the copy is a read-after-write hazard (line 16)
   on the path where the condition holds. */
#include <stdint.h>
#include <vulkan/vulkan.h>

void record_guarded(VkCommandBuffer cmd, VkBuffer a, VkBuffer b, uint64_t p, uint64_t q)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkBeginCommandBuffer(cmd, &begin);
    if ((p * p * p * q) + (q * q * q * p) + (p * q * 0x9e3779b97f4a7c15ull) == 0x0123456789abcdefull && p > 0x100000 && q > 0x100000)
        vkCmdFillBuffer(cmd, a, 0, 256, 0);
    vkCmdCopyBuffer(cmd, a, b, 1, &region);
    vkEndCommandBuffer(cmd);
}
