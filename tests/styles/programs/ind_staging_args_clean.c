// EXPECT: clean
// Indirect arguments uploaded the way a loader uploads everything else:
// written by the host into a staging buffer, copied into a device-side
// argument buffer with vkCmdCopyBuffer, then consumed by
// vkCmdDispatchIndirect.  The barrier after the copy goes from TRANSFER /
// TRANSFER_WRITE to DRAW_INDIRECT / INDIRECT_COMMAND_READ (Vulkan spec,
// Synchronization, "Access Types": "VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT specifies
// read access to command data read from indirect buffers as part of an
// indirect build, trace, drawing or dispatching command.  Such access
// occurs in the VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT pipeline stage"),
// and to the shader for the count it reads.  Before the copy, the
// argument buffer is cleared with vkCmdFillBuffer (a transfer write too,
// ordered before the copy by an ALL_TRANSFER barrier: the spec puts a
// fill in the CLEAR stage, the 1.3.239 layer in COPY, and ALL_TRANSFER
// covers both).
#include "gd.h"
#include "ind_kernels.h"

#define ELEMENTS 320

typedef struct {
    VkDispatchIndirectCommand cmd;
    uint32_t count;
} DispatchArgs;

int main(void)
{
    struct lite vk;
    struct gd_technique shade;
    VkBuffer staging, args, input, output;
    VkDeviceMemory staging_mem, args_mem, input_mem, output_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    GD_CHECK(lite_buffer(&vk, sizeof(DispatchArgs), VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging,
                         &staging_mem));
    GD_CHECK(lite_buffer(&vk, sizeof(DispatchArgs),
                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                             VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                         &args, &args_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &input, &input_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &output, &output_mem));

    DispatchArgs *mapped;
    GD_CHECK(vkMapMemory(vk.device, staging_mem, 0, VK_WHOLE_SIZE, 0, (void **)&mapped));
    mapped->cmd.x = (ELEMENTS + 63) / 64;
    mapped->cmd.y = 1;
    mapped->cmd.z = 1;
    mapped->count = ELEMENTS;
    vkUnmapMemory(vk.device, staging_mem);

    gd_technique_init(&vk, &shade, ind_shade_spv, sizeof ind_shade_spv, 3, 0);
    VkDescriptorSet set = gd_bind(&vk, &shade, (VkBuffer[]){args, input, output});

    GD_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GD_CHECK(vkBeginCommandBuffer(cmd, &begin));

    vkCmdFillBuffer(cmd, args, 0, VK_WHOLE_SIZE, 0);
    VkMemoryBarrier2 after_fill = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
    };
    vkCmdPipelineBarrier2(cmd, &(VkDependencyInfo){
                                   .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                                   .memoryBarrierCount = 1,
                                   .pMemoryBarriers = &after_fill,
                               });

    VkBufferCopy region = {0, 0, sizeof(DispatchArgs)};
    vkCmdCopyBuffer(cmd, staging, args, 1, &region);
    VkMemoryBarrier2 after_copy = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        .dstAccessMask = VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT,
    };
    vkCmdPipelineBarrier2(cmd, &(VkDependencyInfo){
                                   .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                                   .memoryBarrierCount = 1,
                                   .pMemoryBarriers = &after_copy,
                               });

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.layout, 0, 1, &set, 0,
                            NULL);
    vkCmdDispatchIndirect(cmd, args, 0);

    VkMemoryBarrier2 to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        .srcAccessMask = VK_ACCESS_2_SHADER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
        .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier2(cmd, &(VkDependencyInfo){
                                   .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                                   .memoryBarrierCount = 1,
                                   .pMemoryBarriers = &to_host,
                               });
    GD_CHECK(vkEndCommandBuffer(cmd));
    GD_CHECK(lite_submit(&vk, 1, &cmd));

    float *y;
    GD_CHECK(vkMapMemory(vk.device, output_mem, 0, VK_WHOLE_SIZE, 0, (void **)&y));
    printf("y[1] = %.1f\n", y[1]);
    vkUnmapMemory(vk.device, output_mem);
    vkDeviceWaitIdle(vk.device);
    return 0;
}
