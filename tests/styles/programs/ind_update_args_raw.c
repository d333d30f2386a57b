// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 64
// Indirect arguments written from the CPU side of the frame, as an engine
// does for a pass whose size it knows at record time but that shares its
// dispatch path with GPU-driven passes: vkCmdUpdateBuffer writes the
// VkDispatchIndirectCommand inline in the command buffer, and the barrier
// after it waits for the transfer but hands the data to the compute
// shader (COMPUTE_SHADER / SHADER_READ), not to the indirect command read
// of vkCmdDispatchIndirect.  vkCmdUpdateBuffer is a transfer write
// (Vulkan spec, Clear Commands, "Updating Buffers": "vkCmdUpdateBuffer is treated as
// a 'transfer' operation for the purposes of synchronization barriers").
#include "gd.h"
#include "ind_kernels.h"

#define ELEMENTS 256

int main(void)
{
    struct lite vk;
    struct gd_technique shade;
    VkBuffer indirect, input, output;
    VkDeviceMemory indirect_mem, input_mem, output_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    GD_CHECK(lite_buffer(&vk, 64,
                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                             VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                         &indirect, &indirect_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &input, &input_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &output, &output_mem));
    gd_technique_init(&vk, &shade, ind_shade_spv, sizeof ind_shade_spv, 3, 0);
    VkDescriptorSet set = gd_bind(&vk, &shade, (VkBuffer[]){indirect, input, output});

    GD_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GD_CHECK(vkBeginCommandBuffer(cmd, &begin));

    /* groups x/y/z, then the element count the shader bounds itself by */
    uint32_t args[4] = {ELEMENTS / 64, 1, 1, ELEMENTS};
    vkCmdUpdateBuffer(cmd, indirect, 0, sizeof args, args);

    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = indirect,
        .offset = 0,
        .size = sizeof args,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 0, NULL, 1, &barrier, 0, NULL);

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.layout, 0, 1, &set, 0,
                            NULL);
    vkCmdDispatchIndirect(cmd, indirect, 0);

    VkMemoryBarrier readback = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &readback, 0, NULL, 0, NULL);
    GD_CHECK(vkEndCommandBuffer(cmd));
    GD_CHECK(lite_submit(&vk, 1, &cmd));
    vkDeviceWaitIdle(vk.device);
    return 0;
}
