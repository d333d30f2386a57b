// EXPECT: clean
// A render graph as engines write one (rg.h): resources registered with
// the graph, passes declared with the resources they use and how, recorded
// in order by rg_execute(), which emits each declared use's barrier from the
// resource's tracked last access, looked up in the program's table of
// access kinds.  "simulate" dispatches a compute shader that writes the
// particle buffer, "readback" copies it into a host-visible buffer.
// The table's row for a compute write names the compute stage and
// SHADER_WRITE (rg_compute_stage_raw's fix): the barrier before readback's
// copy waits for the dispatch.
#include "rg.h"

#define PARTICLES 64
#define PARTICLE_BYTES (PARTICLES * 4)

struct particles {
    struct vk_buffer buffer;
    struct vk_buffer readback;
    struct rg_compute fill;
};

static const struct rg_state access_table[RG_ACCESS_COUNT] = {
    [RG_TRANSFER_READ] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                          VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
    [RG_TRANSFER_WRITE] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL},
    [RG_COMPUTE_READ] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT,
                         VK_IMAGE_LAYOUT_GENERAL},
    [RG_COMPUTE_WRITE] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                          VK_IMAGE_LAYOUT_GENERAL},
    [RG_HOST_READ] = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT,
                      VK_IMAGE_LAYOUT_GENERAL},
};

static void simulate_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct particles *p = user;
    (void)graph;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->fill.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->fill.layout, 0, 1,
                            &p->fill.set, 0, NULL);
    vkCmdDispatch(cmd, PARTICLES / 16, 1, 1);
}

static void readback_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct particles *p = user;
    VkBufferCopy region = {0, 0, PARTICLE_BYTES};
    (void)graph;
    vkCmdCopyBuffer(cmd, p->buffer.buffer, p->readback.buffer, 1, &region);
}

int main(void)
{
    vulkan_context_t ctx;
    struct particles particles;
    struct rg_graph graph;
    struct rg_pass *pass;
    int buffer, readback;
    VkCommandBuffer cmd;

    if (!vulkan_context_init(&ctx, 1))
        return 1;
    particles.buffer = vulkan_create_buffer(&ctx, PARTICLE_BYTES,
                                            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                            VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    particles.readback = vulkan_create_buffer(&ctx, PARTICLE_BYTES,
                                              VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    particles.fill = rg_create_fill_pipeline(&ctx, particles.buffer.buffer, PARTICLE_BYTES);

    rg_init(&graph, &ctx, access_table);
    buffer = rg_buffer(&graph, "particles", particles.buffer.buffer, 0, PARTICLE_BYTES);
    readback = rg_buffer(&graph, "readback", particles.readback.buffer, 0, PARTICLE_BYTES);

    pass = rg_add_pass(&graph, "simulate", simulate_pass, &particles);
    rg_use(pass, buffer, RG_COMPUTE_WRITE);
    pass = rg_add_pass(&graph, "readback", readback_pass, &particles);
    rg_use(pass, buffer, RG_TRANSFER_READ);
    rg_use(pass, readback, RG_TRANSFER_WRITE);

    cmd = rg_begin(&ctx);
    rg_execute(&graph, cmd);
    rg_barrier(&graph, readback, RG_HOST_READ);     /* the host reads the output */
    rg_submit_wait(&ctx, cmd);
    printf("particle[5] = %u\n", ((const uint32_t *)particles.readback.mapped)[5]);
    return 0;
}
