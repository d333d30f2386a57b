// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 105
// GPU culling with a dynamic count: a cull pass tests every element and
// appends the survivors to a compacted list (atomicAdd on a counter in the
// argument buffer, whose group count it raises with atomicMax); the shade
// pass is launched with vkCmdDispatchIndirect on that argument buffer and
// reads list[0..count).  The barrier between them was written for the
// indirect launch only: DRAW_INDIRECT / INDIRECT_COMMAND_READ on the
// argument buffer.  The compacted list the shader reads is not in it, so
// the shade pass reads the list the cull pass wrote without a dependency:
// a read-after-write (Vulkan spec, Synchronization, "Buffer Memory
// Barriers": a buffer memory barrier's scopes are "limited to access to
// memory through the specified buffer range").
#include "gd.h"
#include "ind_kernels.h"

#define OBJECTS 512

struct cull_args {
    uint32_t groups_x, groups_y, groups_z;
    uint32_t visible;
};

static void buffer_barrier(VkCommandBuffer cmd, VkBuffer buffer, VkPipelineStageFlags2 src_stage,
                           VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage,
                           VkAccessFlags2 dst_access)
{
    VkBufferMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = src_stage,
        .srcAccessMask = src_access,
        .dstStageMask = dst_stage,
        .dstAccessMask = dst_access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .bufferMemoryBarrierCount = 1,
        .pBufferMemoryBarriers = &b,
    };
    vkCmdPipelineBarrier2(cmd, &dep);
}

int main(void)
{
    struct lite vk;
    struct gd_technique cull, shade;
    VkBuffer objects, args, list, shaded;
    VkDeviceMemory objects_mem, args_mem, list_mem, shaded_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    GD_CHECK(lite_buffer(&vk, OBJECTS * sizeof(float), storage, &objects, &objects_mem));
    GD_CHECK(lite_buffer(&vk, sizeof(struct cull_args),
                         storage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                         &args, &args_mem));
    GD_CHECK(lite_buffer(&vk, OBJECTS * sizeof(float), storage, &list, &list_mem));
    GD_CHECK(lite_buffer(&vk, OBJECTS * sizeof(float), storage, &shaded, &shaded_mem));

    float *obj;
    GD_CHECK(vkMapMemory(vk.device, objects_mem, 0, VK_WHOLE_SIZE, 0, (void **)&obj));
    for (int i = 0; i < OBJECTS; i++)
        obj[i] = (i % 3 == 0) ? -1.0f : (float)i;
    vkUnmapMemory(vk.device, objects_mem);

    gd_technique_init(&vk, &cull, ind_cull_spv, sizeof ind_cull_spv, 3, sizeof(uint32_t));
    gd_technique_init(&vk, &shade, ind_shade_spv, sizeof ind_shade_spv, 3, 0);
    VkDescriptorSet cull_set = gd_bind(&vk, &cull, (VkBuffer[]){objects, args, list});
    VkDescriptorSet shade_set = gd_bind(&vk, &shade, (VkBuffer[]){args, list, shaded});

    GD_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GD_CHECK(vkBeginCommandBuffer(cmd, &begin));

    /* reset: no groups, nothing visible yet */
    const struct cull_args reset = {0, 1, 1, 0};
    vkCmdUpdateBuffer(cmd, args, 0, sizeof reset, &reset);
    buffer_barrier(cmd, args, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                   VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_SHADER_WRITE_BIT);

    uint32_t n = OBJECTS;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, cull.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, cull.layout, 0, 1, &cull_set, 0,
                            NULL);
    vkCmdPushConstants(cmd, cull.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof n, &n);
    vkCmdDispatch(cmd, OBJECTS / 64, 1, 1);

    /* the launch and the count: the argument buffer */
    buffer_barrier(cmd, args, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                   VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT);
    /* (written for the launch: the list is not in it) */

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.layout, 0, 1, &shade_set, 0,
                            NULL);
    vkCmdDispatchIndirect(cmd, args, 0);

    buffer_barrier(cmd, shaded, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    GD_CHECK(vkEndCommandBuffer(cmd));
    GD_CHECK(lite_submit(&vk, 1, &cmd));

    float *out;
    GD_CHECK(vkMapMemory(vk.device, shaded_mem, 0, VK_WHOLE_SIZE, 0, (void **)&out));
    printf("shaded[0] = %.1f\n", out[0]);
    vkUnmapMemory(vk.device, shaded_mem);
    vkDeviceWaitIdle(vk.device);
    return 0;
}
