// EXPECT: clean
// Per-frame indirect arguments with two frames in flight, as
// ind_args_frames_war.c but with an argument buffer per frame in flight:
// frame 1's vkCmdUpdateBuffer writes its own arguments while frame 0's
// indirect dispatch reads frame 0's, and within a frame the TRANSFER ->
// DRAW_INDIRECT | COMPUTE_SHADER barrier makes the update visible to the
// indirect command read and to the shader.
#include "gd.h"
#include "ind_kernels.h"

#define FRAMES_IN_FLIGHT 2
#define MAX_ELEMENTS 256

struct frame_data {
    VkCommandBuffer cmd;
    VkFence in_flight;
    VkBuffer output;
    VkDeviceMemory output_mem;
    VkDescriptorSet set;
};

int main(void)
{
    struct lite vk;
    struct gd_technique shade;
    struct frame_data frames[FRAMES_IN_FLIGHT];
    VkBuffer args[FRAMES_IN_FLIGHT], input;
    VkDeviceMemory args_mem[FRAMES_IN_FLIGHT], input_mem;

    if (lite_init(&vk) != 0)
        return 1;
    for (int i = 0; i < FRAMES_IN_FLIGHT; i++)
        GD_CHECK(lite_buffer(&vk, 16,
                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                             &args[i], &args_mem[i]));
    GD_CHECK(lite_buffer(&vk, MAX_ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &input, &input_mem));
    gd_technique_init(&vk, &shade, ind_shade_spv, sizeof ind_shade_spv, 3, 0);

    for (int i = 0; i < FRAMES_IN_FLIGHT; i++) {
        struct frame_data *f = &frames[i];
        GD_CHECK(lite_buffer(&vk, MAX_ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             &f->output, &f->output_mem));
        f->set = gd_bind(&vk, &shade, (VkBuffer[]){args[i], input, f->output});
        GD_CHECK(lite_alloc(&vk, 1, &f->cmd));
        VkFenceCreateInfo fci = {
            .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            .flags = VK_FENCE_CREATE_SIGNALED_BIT,
        };
        GD_CHECK(vkCreateFence(vk.device, &fci, NULL, &f->in_flight));
    }

    for (uint32_t frame = 0; frame < FRAMES_IN_FLIGHT; frame++) {
        struct frame_data *f = &frames[frame % FRAMES_IN_FLIGHT];
        GD_CHECK(vkWaitForFences(vk.device, 1, &f->in_flight, VK_TRUE, UINT64_MAX));
        GD_CHECK(vkResetFences(vk.device, 1, &f->in_flight));

        uint32_t elements = 128 + 64 * frame;
        uint32_t dispatch[4] = {(elements + 63) / 64, 1, 1, elements};
        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        GD_CHECK(vkBeginCommandBuffer(f->cmd, &begin));
        vkCmdUpdateBuffer(f->cmd, args[frame % FRAMES_IN_FLIGHT], 0, sizeof dispatch, dispatch);
        VkMemoryBarrier args_ready = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_SHADER_READ_BIT,
        };
        vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             0, 1, &args_ready, 0, NULL, 0, NULL);
        vkCmdBindPipeline(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.pipeline);
        vkCmdBindDescriptorSets(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, shade.layout, 0, 1, &f->set,
                                0, NULL);
        vkCmdDispatchIndirect(f->cmd, args[frame % FRAMES_IN_FLIGHT], 0);
        VkMemoryBarrier to_host = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
        };
        vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                             0, 1, &to_host, 0, NULL, 0, NULL);
        GD_CHECK(vkEndCommandBuffer(f->cmd));
        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &f->cmd,
        };
        GD_CHECK(vkQueueSubmit(vk.queue, 1, &si, f->in_flight));
    }
    vkDeviceWaitIdle(vk.device);
    return 0;
}
