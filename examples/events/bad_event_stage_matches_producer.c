/*
 * Split barrier with an event: the dispatch arguments are reset by a copy
 * from a template, unrelated work is recorded in between, and the
 * simulation's indirect dispatch reads them after vkCmdWaitEvents2.  The
 * dependency info was copied from the compute path that used to write the
 * arguments: its source stage is COMPUTE_SHADER, not COPY.  The event's
 * first synchronization scope is "limited to the stages in srcStageMask",
 * so the copy is not in it and nothing orders the copy's write before the
 * indirect read: read-after-write.  The fix is in
 * fixed_event_stage_matches_producer.c.
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
        .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        .srcAccessMask = VK_ACCESS_2_SHADER_WRITE_BIT,
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
