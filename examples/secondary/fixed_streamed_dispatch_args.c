/*
 * A streaming system records its uploads into a secondary command buffer
 * (in its own function, possibly on a worker thread); the frame's primary
 * command buffer executes it and then runs a GPU-driven dispatch whose
 * arguments the upload just wrote.  Commands of an executed secondary
 * command buffer are ordered with the primary's like any other commands:
 * they need the same barriers.  Here one follows vkCmdExecuteCommands.
 * Race-free: compare bad_streamed_dispatch_args.c.
 */
#include <vulkan/vulkan.h>

#define ARGS_BYTES 256

typedef struct {
    VkDevice device;
    VkBuffer staging;       /* host-visible, filled by the CPU */
    VkBuffer dispatch_args; /* VkDispatchIndirectCommand records */
    VkCommandBuffer uploads; /* secondary */
    VkPipeline cull_pipeline;
} Streamer;

void create_streamer_buffers(Streamer *s)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = ARGS_BYTES,
        .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    vkCreateBuffer(s->device, &info, NULL, &s->dispatch_args);
    info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
    vkCreateBuffer(s->device, &info, NULL, &s->staging);
}

void record_uploads(Streamer *s)
{
    VkCommandBufferInheritanceInfo inheritance = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
    };
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        .pInheritanceInfo = &inheritance,
    };
    vkBeginCommandBuffer(s->uploads, &begin_info);
    VkBufferCopy args = {.srcOffset = 0, .dstOffset = 0, .size = ARGS_BYTES};
    vkCmdCopyBuffer(s->uploads, s->staging, s->dispatch_args, 1, &args);
    vkEndCommandBuffer(s->uploads);
}

void record_frame(Streamer *s, VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    vkCmdExecuteCommands(cmd, 1, &s->uploads);

    VkBufferMemoryBarrier2 args_ready = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
        .dstAccessMask = VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = s->dispatch_args,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &args_ready,
    };
    vkCmdPipelineBarrier2(cmd, &dependency);

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, s->cull_pipeline);
    vkCmdDispatchIndirect(cmd, s->dispatch_args, 0);

    vkEndCommandBuffer(cmd);
}
