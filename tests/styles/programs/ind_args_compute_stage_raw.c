// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 92
// GPU-driven dispatch: a one-thread "build args" pass writes a
// VkDispatchIndirectCommand (and the element count after it) into an
// indirect argument buffer, and the shading pass is launched with
// vkCmdDispatchIndirect on it.  The barrier between them is the classic
// one: to COMPUTE_SHADER / SHADER_READ, which makes the count visible to
// the shader but not the group counts to the indirect command read, which
// happens in the DRAW_INDIRECT stage (Vulkan spec, Synchronization, "Pipeline Stages":
// "VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT specifies the stage of the
// pipeline where VkDrawIndirect* / VkDispatchIndirect* /
// VkTraceRaysIndirect* data structures are consumed").
#include <stddef.h>

#include "gd.h"
#include "ind_kernels.h"

#define ELEMENTS 1000

struct indirect_args {
    VkDispatchIndirectCommand dispatch;
    uint32_t count;
};

int main(void)
{
    struct lite vk;
    struct gd_technique build_args, shade;
    VkBuffer args_buf, input, output;
    VkDeviceMemory args_mem, input_mem, output_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    GD_CHECK(lite_buffer(&vk, sizeof(struct indirect_args),
                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                         &args_buf, &args_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &input, &input_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &output, &output_mem));

    float *x;
    GD_CHECK(vkMapMemory(vk.device, input_mem, 0, VK_WHOLE_SIZE, 0, (void **)&x));
    for (int i = 0; i < ELEMENTS; i++)
        x[i] = (float)i;
    vkUnmapMemory(vk.device, input_mem);

    gd_technique_init(&vk, &build_args, ind_args_spv, sizeof ind_args_spv, 1, sizeof(uint32_t));
    gd_technique_init(&vk, &shade, ind_shade_spv, sizeof ind_shade_spv, 3, 0);
    VkDescriptorSet args_set = gd_bind(&vk, &build_args, (VkBuffer[]){args_buf});
    VkDescriptorSet shade_set = gd_bind(&vk, &shade, (VkBuffer[]){args_buf, input, output});

    GD_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GD_CHECK(vkBeginCommandBuffer(cmd, &begin));

    /* Pass 1: the GPU decides how much work there is. */
    uint32_t n = ELEMENTS;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, build_args.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, build_args.layout, 0, 1,
                            &args_set, 0, NULL);
    vkCmdPushConstants(cmd, build_args.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof n, &n);
    vkCmdDispatch(cmd, 1, 1, 1);

    /* The shading pass reads args.count in its shader... */
    VkBufferMemoryBarrier2 to_shade = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        .srcAccessMask = VK_ACCESS_2_SHADER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        .dstAccessMask = VK_ACCESS_2_SHADER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = args_buf,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &to_shade,
    };
    vkCmdPipelineBarrier2(cmd, &dep);

    /* Pass 2: ...but its group counts are read by the indirect dispatch. */
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.layout, 0, 1,
                            &shade_set, 0, NULL);
    vkCmdDispatchIndirect(cmd, args_buf, offsetof(struct indirect_args, dispatch));

    /* The host reads the result after the fence. */
    VkMemoryBarrier2 to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        .srcAccessMask = VK_ACCESS_2_SHADER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
        .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
    };
    VkDependencyInfo readback = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &to_host,
    };
    vkCmdPipelineBarrier2(cmd, &readback);

    GD_CHECK(vkEndCommandBuffer(cmd));
    GD_CHECK(lite_submit(&vk, 1, &cmd));

    float *y;
    GD_CHECK(vkMapMemory(vk.device, output_mem, 0, VK_WHOLE_SIZE, 0, (void **)&y));
    printf("y[999] = %.1f\n", y[ELEMENTS - 1]);
    vkUnmapMemory(vk.device, output_mem);
    vkDeviceWaitIdle(vk.device);
    return 0;
}
