// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 32
// examples/submit/bad_upload_then_readback.c run for real (README.md,
// 'Examples'): the example submits both command buffers itself; the layer
// finds the hazard at the second vkQueueSubmit (QUEUE_SUBMIT check).
#include "vkrt.h"
#include "../../../examples/submit/bad_upload_then_readback.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, STAGING_BYTES);
    VkBuffer host_visible = vkrt_buffer(rt, STAGING_BYTES);
    VkCommandBuffer upload = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    VkCommandBuffer readback = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    VkFence done = vkrt_fence(rt);
    upload_and_read_back(rt->queue, upload, readback, staging, host_visible, done);
    vkWaitForFences(rt->device, 1, &done, VK_TRUE, UINT64_MAX);
    return vkrt_finish(rt);
}
