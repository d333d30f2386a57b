// EXPECT: clean
// examples/submit/fixed_upload_then_readback.c run for real (README.md,
// 'Examples'): the example submits both command buffers itself.
#include "vkrt.h"
#include "../../../examples/submit/fixed_upload_then_readback.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, STAGING_BYTES);
    VkBuffer host_visible = vkrt_buffer(rt, STAGING_BYTES);
    VkCommandBuffer upload = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    VkCommandBuffer readback = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    VkSemaphore uploaded = vkrt_semaphore(rt);
    VkFence done = vkrt_fence(rt);
    upload_and_read_back(rt->queue, upload, readback, staging, host_visible, uploaded, done);
    vkWaitForFences(rt->device, 1, &done, VK_TRUE, UINT64_MAX);
    return vkrt_finish(rt);
}
