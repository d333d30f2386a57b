// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 23
// examples/upload/bad_fill_then_copy.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/upload/bad_fill_then_copy.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, MESH_BYTES);
    VkBuffer vertex_buffer = vkrt_buffer(rt, MESH_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_mesh_reset(cmd, staging, vertex_buffer);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
