/* Buffers from a constructor returning a struct by value (vkhelpers.h):
   the fill of `upload` then the copy out of it, with no barrier, is a
   read-after-write on upload's buffer (issue 11, causes 5 and 7). */
#include "vkhelpers.h"

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    vkh_buffer upload = vkh_make_buffer(dev, 1024);
    vkh_buffer mesh = vkh_make_buffer(dev, 1024);

    vkh_begin(cmd);
    vkCmdFillBuffer(cmd, upload.buffer, 0, upload.size, 0);
    VkBufferCopy region = {0, 0, 1024};
    vkCmdCopyBuffer(cmd, upload.buffer, mesh.buffer, 1, &region);
    vkh_end(cmd);
    return 0;
}
