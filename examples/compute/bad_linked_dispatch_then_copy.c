/*
 * A compute dispatch writes the particle buffer; a copy then reads it back
 * with no barrier in between: READ_AFTER_WRITE at the copy.
 *
 * The C code alone does not say what the dispatch touches.  vksync-lint
 * learns it from the shader given beside this file (simulate.spv, compiled
 * from simulate.comp): the pipeline bound at the dispatch was created from
 * the module loaded from "simulate.spv", whose entry point reads and writes
 * set 0 binding 0, and vkUpdateDescriptorSets put `particles` there.
 * Run: vksync-lint bad_linked_dispatch_then_copy.c build/.../simulate.spv
 */
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#define PARTICLE_COUNT 4096
#define PARTICLE_BYTES (PARTICLE_COUNT * 16)

/* The application's file loader (in another file). */
uint32_t *load_spirv(const char *path, size_t *size);

void simulate_and_read_back(VkDevice device, VkCommandBuffer cmd,
                            VkPipelineLayout layout, VkDescriptorSet set,
                            VkBuffer particles, VkBuffer params,
                            VkBuffer readback)
{
    size_t code_size = 0;
    uint32_t *code = load_spirv("simulate.spv", &code_size);
    VkShaderModuleCreateInfo module_info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = code_size,
        .pCode = code,
    };
    VkShaderModule module;
    vkCreateShaderModule(device, &module_info, NULL, &module);

    VkComputePipelineCreateInfo pipeline_info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = module,
            .pName = "main",
        },
        .layout = layout,
    };
    VkPipeline pipeline;
    vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipeline_info, NULL,
                             &pipeline);

    VkDescriptorBufferInfo buffers[2] = {
        {.buffer = particles, .offset = 0, .range = VK_WHOLE_SIZE},
        {.buffer = params, .offset = 0, .range = 16},
    };
    VkWriteDescriptorSet writes[2] = {
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = set, .dstBinding = 0, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &buffers[0]},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = set, .dstBinding = 1, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
         .pBufferInfo = &buffers[1]},
    };
    vkUpdateDescriptorSets(device, 2, writes, 0, NULL);

    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1,
                            &set, 0, NULL);
    vkCmdDispatch(cmd, PARTICLE_COUNT / 64, 1, 1);

    VkBufferCopy region = {.size = PARTICLE_BYTES};
    vkCmdCopyBuffer(cmd, particles, readback, 1, &region);
    vkEndCommandBuffer(cmd);
}
