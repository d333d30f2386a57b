// EXPECT: clean
// examples/paths/fixed_conditional_reset.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/paths/fixed_conditional_reset.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer stats = vkrt_buffer(rt, STATS_BYTES);
    VkBuffer readback = vkrt_buffer(rt, STATS_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_stats_readback(cmd, stats, readback, !vkrt_switch(rt, "--no-reset"));
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
