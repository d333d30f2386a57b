// EXPECT: clean
// examples/frame/fixed_helpers_clear_then_readback.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/frame/fixed_helpers_clear_then_readback.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer counters = vkrt_buffer(rt, COUNTER_BYTES);
    VkBuffer readback = vkrt_buffer(rt, COUNTER_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_frame(cmd, counters, readback);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
