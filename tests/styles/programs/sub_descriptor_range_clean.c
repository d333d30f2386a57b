// EXPECT: clean
// Suballocation (suballoc.h) in descriptors: the input and two outputs are
// 1 KiB ranges of one storage VkBuffer, and each dispatch's descriptor set
// points its bindings at the ranges it uses through VkDescriptorBufferInfo's
// offset and range (the sub-allocations').  Two dispatches of the same
// kernel read the same input and write two different outputs with no
// barrier between them: the writes land in disjoint bytes of the buffer and
// two reads need nothing.  (Dynamic offsets would be the other way to pick
// the ranges; the 1.3.239 layer ignores them - it checks every dynamic
// binding at its descriptor's base offset, fixed in Vulkan-ValidationLayers
// PR 8117, 2024 - so no program here uses them.)
#include "suballoc.h"
#include "ml_kernels.h"

#define N 256

struct push { uint32_t n, taps; float alpha; };

int main(void)
{
    struct lite vk;
    struct suballoc_heap heap;
    VkCommandBuffer cmd;
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline scale;
    VkDescriptorPool pool;
    VkDescriptorSet sets[2];

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &heap, 16384,
                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT) != 0)
        return 1;
    struct suballoc x = suballoc_alloc(&heap, N * sizeof(float), 256);
    struct suballoc y = suballoc_alloc(&heap, N * sizeof(float), 256);
    struct suballoc z = suballoc_alloc(&heap, N * sizeof(float), 256);

    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = sizeof ml_scale_spv,
        .pCode = ml_scale_spv,
    };
    VK_CHECK(vkCreateShaderModule(vk.device, &smci, NULL, &module));
    VkDescriptorSetLayoutBinding bindings[] = {
        {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 2,
        .pBindings = bindings,
    };
    VK_CHECK(vkCreateDescriptorSetLayout(vk.device, &dslci, NULL, &set_layout));
    VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(struct push)};
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &set_layout,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &pcr,
    };
    VK_CHECK(vkCreatePipelineLayout(vk.device, &plci, NULL, &layout));
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = module,
            .pName = "main",
        },
        .layout = layout,
    };
    VK_CHECK(vkCreateComputePipelines(vk.device, VK_NULL_HANDLE, 1, &cpci, NULL, &scale));

    VkDescriptorPoolSize sizes = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4};
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 2,
        .poolSizeCount = 1,
        .pPoolSizes = &sizes,
    };
    VK_CHECK(vkCreateDescriptorPool(vk.device, &dpci, NULL, &pool));
    VkDescriptorSetLayout layouts[2] = {set_layout, set_layout};
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = pool,
        .descriptorSetCount = 2,
        .pSetLayouts = layouts,
    };
    VK_CHECK(vkAllocateDescriptorSets(vk.device, &dsai, sets));
    /* pass 0: x -> y, pass 1: x -> z */
    const struct suballoc *io[2][2] = {{&x, &y}, {&x, &z}};
    for (int pass = 0; pass < 2; pass++) {
        VkDescriptorBufferInfo in = {io[pass][0]->buffer, io[pass][0]->offset, io[pass][0]->size};
        VkDescriptorBufferInfo out = {io[pass][1]->buffer, io[pass][1]->offset, io[pass][1]->size};
        VkWriteDescriptorSet writes[2] = {
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[pass], .dstBinding = 0,
             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
             .pBufferInfo = &in},
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[pass], .dstBinding = 2,
             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
             .pBufferInfo = &out},
        };
        vkUpdateDescriptorSets(vk.device, 2, writes, 0, NULL);
    }

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
    vkCmdFillBuffer(cmd, x.buffer, x.offset, x.size, 0x3f800000); /* 1.0f */
    VkBufferMemoryBarrier filled = {
        VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
        VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT,
        VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
        x.buffer, x.offset, x.size,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 0, NULL, 1, &filled, 0, NULL);

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, scale);
    struct push half = {N, 0, 0.5f}, twice = {N, 0, 2.0f};
    /* y = 0.5 x */
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &sets[0], 0, NULL);
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof half, &half);
    vkCmdDispatch(cmd, N / 64, 1, 1);
    /* z = 2 x */
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &sets[1], 0, NULL);
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof twice, &twice);
    vkCmdDispatch(cmd, N / 64, 1, 1);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));
    return 0;
}
