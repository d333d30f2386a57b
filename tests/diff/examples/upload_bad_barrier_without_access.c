// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 37
// examples/upload/bad_barrier_without_access.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/upload/bad_barrier_without_access.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer uniform_staging = vkrt_buffer(rt, sizeof(FrameUniforms));
    VkBuffer uniform_ring = vkrt_buffer(rt, sizeof(FrameUniforms));
    FrameUniforms frame = {.light_direction = {0.0f, -1.0f, 0.0f, 0.0f}};
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_uniform_upload(cmd, uniform_staging, uniform_ring, &frame);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
