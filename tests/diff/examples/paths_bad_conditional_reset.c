// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 25
// examples/paths/bad_conditional_reset.c run for real (README.md, 'Examples'),
// on the path that resets the counters (the one the hazard needs);
// --no-reset runs the other path by hand (nothing to order there).
#include "vkrt.h"
#include "../../../examples/paths/bad_conditional_reset.c"

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
