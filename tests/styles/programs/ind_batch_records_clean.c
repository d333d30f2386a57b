// EXPECT: clean
// Several indirect dispatches packed in one argument buffer, one
// VkDispatchIndirectCommand record per batch at a 16-byte stride, all
// written by one vkCmdUpdateBuffer; the buffer memory barrier after it
// covers the whole table (`sizeof table` bytes), so every batch's record
// is available to its vkCmdDispatchIndirect.
#include "gd.h"
#include "ml_kernels.h"

#define BATCHES 2
#define ELEMENTS 128
#define RECORD_STRIDE 16

struct scale_params { uint32_t n, taps; float alpha; };

struct batch_record {
    VkDispatchIndirectCommand groups;
    uint32_t pad;
};

int main(void)
{
    struct lite vk;
    struct gd_technique scale;
    VkBuffer records, src, dst;
    VkDeviceMemory records_mem, src_mem, dst_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    GD_CHECK(lite_buffer(&vk, BATCHES * RECORD_STRIDE,
                         VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                         &records, &records_mem));
    GD_CHECK(lite_buffer(&vk, ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &src,
                         &src_mem));
    GD_CHECK(lite_buffer(&vk, BATCHES * ELEMENTS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                         &dst, &dst_mem));
    /* ml_scale reads binding 0 and writes binding 2; binding 1 is unused */
    gd_technique_init(&vk, &scale, ml_scale_spv, sizeof ml_scale_spv, 3, sizeof(struct scale_params));
    VkDescriptorSet set = gd_bind(&vk, &scale, (VkBuffer[]){src, src, dst});

    GD_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GD_CHECK(vkBeginCommandBuffer(cmd, &begin));

    struct batch_record table[BATCHES];
    for (int b = 0; b < BATCHES; b++)
        table[b] = (struct batch_record){{ELEMENTS / 64, 1, 1}, 0};
    vkCmdUpdateBuffer(cmd, records, 0, sizeof table, table);

    VkBufferMemoryBarrier records_ready = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_INDIRECT_COMMAND_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = records,
        .offset = 0,
        .size = sizeof table,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, 0,
                         0, NULL, 1, &records_ready, 0, NULL);

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, scale.pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, scale.layout, 0, 1, &set, 0, NULL);
    for (uint32_t b = 0; b < BATCHES; b++) {
        struct scale_params p = {ELEMENTS, 0, 1.0f + (float)b};
        vkCmdPushConstants(cmd, scale.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof p, &p);
        vkCmdDispatchIndirect(cmd, records, (VkDeviceSize)b * RECORD_STRIDE);
        /* both batches write dst: order them */
        VkMemoryBarrier between = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT,
        };
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                             &between, 0, NULL, 0, NULL);
    }
    GD_CHECK(vkEndCommandBuffer(cmd));
    GD_CHECK(lite_submit(&vk, 1, &cmd));
    vkDeviceWaitIdle(vk.device);
    return 0;
}
