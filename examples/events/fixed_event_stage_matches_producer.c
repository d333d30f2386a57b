/*
 * Split barrier with an event: the particle buffer is reset by a copy from
 * a template, unrelated work is recorded in between, and the simulation's
 * indirect dispatch arguments are read only after vkCmdWaitEvents2.  The
 * dependency info given to vkCmdSetEvent2 (and, as the spec requires, the
 * same one to vkCmdWaitEvents2) names the COPY stage that wrote the
 * buffer, so the write is available and visible to the indirect read.
 * Race-free: compare bad_event_stage_matches_producer.c.
 */
#include <vulkan/vulkan.h>

#define PARTICLE_ARGS_BYTES 4096

typedef struct {
    VkBuffer args_template; /* dispatch arguments for a fresh simulation */
    VkBuffer args;          /* what vkCmdDispatchIndirect reads */
    VkBuffer histogram;
    VkEvent args_ready;
    VkPipeline simulate;    /* the simulation's compute pipeline */
} Particles;

void record_particles(Particles *p, VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    VkBufferCopy whole = {.size = PARTICLE_ARGS_BYTES};
    vkCmdCopyBuffer(cmd, p->args_template, p->args, 1, &whole);

    VkBufferMemoryBarrier2 args_written = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
        .dstAccessMask = VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = p->args,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &args_written,
    };
    vkCmdSetEvent2(cmd, p->args_ready, &dependency);

    /* Work that does not touch the arguments overlaps with the copy. */
    vkCmdFillBuffer(cmd, p->histogram, 0, VK_WHOLE_SIZE, 0);

    vkCmdWaitEvents2(cmd, 1, &p->args_ready, &dependency);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->simulate);
    vkCmdDispatchIndirect(cmd, p->args, 0);

    vkEndCommandBuffer(cmd);
}
