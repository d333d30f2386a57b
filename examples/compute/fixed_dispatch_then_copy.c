/*
 * Runs a particle-simulation compute shader, then copies its output to the
 * vertex buffer, with the barrier a correct program needs (SHADER_WRITE in
 * the compute stage -> TRANSFER_READ in the copy).
 *
 * Limit shown here: what the shader writes is known only when its SPIR-V
 * is linked to the dispatch, and this example neither creates the pipeline
 * nor comes with its shader (see *_linked_dispatch_then_copy.c for one that
 * does).  The dispatch's accesses are unknown, vksync-lint checks nothing
 * against them (it never guesses) and counts the question as "left
 * unknown" on stderr.  Its silence here is therefore not a proof; deleting
 * the barrier would not produce a finding.
 */
#include <vulkan/vulkan.h>

#define PARTICLE_BYTES (4096 * 32)

void record_particles(VkCommandBuffer cmd, VkPipeline simulate,
                      VkPipelineLayout layout, VkDescriptorSet particles_set,
                      VkBuffer particles, VkBuffer vertex_buffer)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, simulate);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1,
                            &particles_set, 0, NULL);
    vkCmdDispatch(cmd, 4096 / 64, 1, 1);

    VkBufferMemoryBarrier simulated = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = particles,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                         &simulated, 0, NULL);

    VkBufferCopy region = {.size = PARTICLE_BYTES};
    vkCmdCopyBuffer(cmd, particles, vertex_buffer, 1, &region);

    vkEndCommandBuffer(cmd);
}
