// EXPECT: clean
// examples/compute/fixed_dispatch_then_copy.c run for real (README.md,
// 'Examples').  The simulation is write.comp (it writes binding 0, the
// particle buffer); the layer sees the dispatch's write and the barrier.
// vksync-lint is not given the shader (as in the golden test): the
// dispatch's accesses are unknown to it, and it says nothing of them.
#include "vkrt.h"
#include "../../../examples/compute/fixed_dispatch_then_copy.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkDescriptorType storage = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    vkrt_pipeline simulate = vkrt_compute_pipeline(rt, "write.comp", 1, &storage);
    VkBuffer particles = vkrt_buffer(rt, PARTICLE_BYTES);
    VkBuffer vertex_buffer = vkrt_buffer(rt, PARTICLE_BYTES);
    vkrt_bind_buffer(rt, &simulate, 0, particles);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_particles(cmd, simulate.pipeline, simulate.layout, simulate.set, particles,
                     vertex_buffer);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
