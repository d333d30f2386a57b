// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 24
// examples/suppress/bad_unmatched_nolintbegin.c run for real (README.md,
// 'Examples'): the unmatched NOLINTBEGIN suppresses nothing, so vksync-lint
// still reports the write-after-write the layer sees (its
// vksync-nolint-unmatched finding has no hazard and is not compared).  The
// fixed twin is not run: its NOLINTNEXTLINE hides, on purpose, a hazard the
// layer reports.
#include "vkrt.h"
#include "../../../examples/suppress/bad_unmatched_nolintbegin.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer counters = vkrt_buffer(rt, COUNTER_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_counter_reset(cmd, counters);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
