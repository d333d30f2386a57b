// EXPECT: clean
// examples/readback/fixed_copy_then_fill.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/readback/fixed_copy_then_fill.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer gpu_timings = vkrt_buffer(rt, TIMING_BYTES);
    VkBuffer readback = vkrt_buffer(rt, TIMING_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_timing_readback(cmd, gpu_timings, readback);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
