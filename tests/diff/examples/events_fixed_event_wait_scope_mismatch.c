// EXPECT: clean
// examples/events/fixed_event_wait_scope_mismatch.c run for real (README.md,
// 'Examples').  The example's reduce pipeline is idle.comp (no descriptors:
// the example binds none).  (Its bad twin is not run: a wait whose
// srcStageMask differs from the set's stageMask is invalid Vulkan, which the
// layer reports as a VUID at submit, not as a hazard.)
#include "vkrt.h"
#include "../../../examples/events/fixed_event_wait_scope_mismatch.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    Frame f = {
        .histogram = vkrt_buffer(rt, 4096),
        .vertices = vkrt_buffer(rt, 65536),
        .vertex_staging = vkrt_buffer(rt, 65536),
        .histogram_cleared = vkrt_event(rt),
        .reduce = vkrt_compute_pipeline(rt, "idle.comp", 0, NULL).pipeline,
    };
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_histogram_pass(&f, cmd);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
