/* Frames in flight: one staging buffer per frame, made by one helper
   called in a loop (issue 11, cause 7).  Filling every frame's staging
   buffer writes two different buffers: race-free.  With -DREUSE_FRAME0 the
   second fill goes to frame 0's buffer again: a write-after-write. */
#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

#define FRAMES_IN_FLIGHT 2
#define VK_CHECK(x)                                                       \
    do {                                                                  \
        if ((x) != VK_SUCCESS)                                            \
            abort();                                                      \
    } while (0)

typedef struct {
    VkBuffer staging;
    VkFence in_flight;
} Frame;

static void make_staging(VkDevice dev, VkBuffer *out)
{
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 256,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VK_CHECK(vkCreateBuffer(dev, &ci, NULL, out));
}

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    Frame frames[FRAMES_IN_FLIGHT] = {0};
    for (int i = 0; i < FRAMES_IN_FLIGHT; i++)
        make_staging(dev, &frames[i].staging);

    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
    for (int i = 0; i < FRAMES_IN_FLIGHT; i++) {
#ifdef REUSE_FRAME0
        int f = 0;
#else
        int f = i;
#endif
        vkCmdFillBuffer(cmd, frames[f].staging, 0, 256, 0);
    }
    VK_CHECK(vkEndCommandBuffer(cmd));
    return 0;
}
