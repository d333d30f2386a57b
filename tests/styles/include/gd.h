/*
 * gd.h - GPU-driven helpers of the ind_ programs, on lite.h: a compute
 * "technique" (shader module, set layout with N storage buffers at
 * bindings 0..N-1, pipeline layout with a push-constant block, pipeline)
 * and a descriptor set pointing its bindings at whole buffers.
 *
 *     struct gd_technique t;
 *     gd_technique_init(&vk, &t, ind_cull_spv, sizeof ind_cull_spv, 3, 4);
 *     VkBuffer bufs[3] = {input, args, list};
 *     VkDescriptorSet set = gd_bind(&vk, &t, bufs);
 *     vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, t.pipeline);
 *     vkCmdBindDescriptorSets(cmd, ..., t.layout, 0, 1, &set, 0, NULL);
 */
#ifndef GD_H
#define GD_H

#include "lite.h"

#define GD_MAX_BINDINGS 4

struct gd_technique {
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    uint32_t bindings;
};

#define GD_CHECK(x)                                                   \
    do {                                                              \
        VkResult gd_r_ = (x);                                         \
        if (gd_r_ != VK_SUCCESS) {                                    \
            fprintf(stderr, "%s failed: %d\n", #x, (int)gd_r_);       \
            abort();                                                  \
        }                                                             \
    } while (0)

static inline void gd_technique_init(struct lite *vk, struct gd_technique *t,
                                     const uint32_t *code, size_t code_size,
                                     uint32_t bindings, uint32_t push_size)
{
    VkDescriptorSetLayoutBinding b[GD_MAX_BINDINGS];
    t->bindings = bindings;
    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = code_size,
        .pCode = code,
    };
    GD_CHECK(vkCreateShaderModule(vk->device, &smci, NULL, &t->module));
    for (uint32_t i = 0; i < bindings; i++) {
        b[i] = (VkDescriptorSetLayoutBinding){
            .binding = i,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
        };
    }
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = bindings,
        .pBindings = b,
    };
    GD_CHECK(vkCreateDescriptorSetLayout(vk->device, &dslci, NULL, &t->set_layout));
    VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size};
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &t->set_layout,
        .pushConstantRangeCount = push_size ? 1 : 0,
        .pPushConstantRanges = &pcr,
    };
    GD_CHECK(vkCreatePipelineLayout(vk->device, &plci, NULL, &t->layout));
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = t->module,
            .pName = "main",
        },
        .layout = t->layout,
    };
    GD_CHECK(vkCreateComputePipelines(vk->device, VK_NULL_HANDLE, 1, &cpci, NULL, &t->pipeline));
    VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 * GD_MAX_BINDINGS};
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 4,
        .poolSizeCount = 1,
        .pPoolSizes = &ps,
    };
    GD_CHECK(vkCreateDescriptorPool(vk->device, &dpci, NULL, &t->pool));
}

static inline VkDescriptorSet gd_bind(struct lite *vk, struct gd_technique *t,
                                      const VkBuffer *buffers)
{
    VkDescriptorSet set;
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = t->pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &t->set_layout,
    };
    GD_CHECK(vkAllocateDescriptorSets(vk->device, &dsai, &set));
    VkDescriptorBufferInfo info[GD_MAX_BINDINGS];
    VkWriteDescriptorSet w[GD_MAX_BINDINGS];
    for (uint32_t i = 0; i < t->bindings; i++) {
        info[i] = (VkDescriptorBufferInfo){buffers[i], 0, VK_WHOLE_SIZE};
        w[i] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = set,
            .dstBinding = i,
            .descriptorCount = 1,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .pBufferInfo = &info[i],
        };
    }
    vkUpdateDescriptorSets(vk->device, t->bindings, w, 0, NULL);
    return set;
}

#endif
