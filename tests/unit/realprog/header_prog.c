/* Records through the helpers of "vkhelpers.h" only: every Vulkan call is
   in the header, which is not on the command line (issue 11, cause 2). */
#include "vkhelpers.h"

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    vkh_buffer staging = {.size = 4096}, target = {.size = 4096};
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VK_CHECK(vkCreateBuffer(dev, &ci, NULL, &staging.buffer));
    VK_CHECK(vkCreateBuffer(dev, &ci, NULL, &target.buffer));
    vkh_begin(cmd);
#ifdef WITH_BARRIER
    vkh_clear_and_copy(cmd, staging, target, 1);
#else
    vkh_clear_and_copy(cmd, staging, target, 0);
#endif
    vkh_end(cmd);
    return 0;
}
