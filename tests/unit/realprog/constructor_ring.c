/* A ring of buffers made by the by-value constructor in a loop; each even
   buffer is copied into the odd one after it: independent copies, no
   barrier needed (issue 11, cause 7).  With -DCHAIN the last copy reads
   ring[1], which the first copy wrote, with no barrier: read-after-write. */
#include "vkhelpers.h"

#define RING 4

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    vkh_buffer ring[RING];
    for (int i = 0; i < RING; i++)
        ring[i] = vkh_make_buffer(dev, 256);

    vkh_begin(cmd);
    VkBufferCopy region = {0, 0, 256};
    for (int i = 0; i < RING; i += 2)
        vkCmdCopyBuffer(cmd, ring[i].buffer, ring[i + 1].buffer, 1, &region);
#ifdef CHAIN
    vkCmdCopyBuffer(cmd, ring[1].buffer, ring[3].buffer, 1, &region);
#endif
    vkh_end(cmd);
    return 0;
}
