// EXPECT: clean
// examples/upload/fixed_sync2_missing_visibility.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/upload/fixed_sync2_missing_visibility.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer draw_args = vkrt_buffer(rt, ARGS_BYTES);
    VkBuffer draw_args_copy = vkrt_buffer(rt, ARGS_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_indirect_reset(cmd, draw_args, draw_args_copy);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
