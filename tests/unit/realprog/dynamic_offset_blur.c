/* The blur of embedded_blur.c over sub-buffers of one arena buffer, as a
   suballocating engine runs it: the set's two storage buffers are
   DYNAMIC descriptors over the arena's first KiB, and each dispatch picks
   its source and destination with vkCmdBindDescriptorSets' dynamic
   offsets (source at 2048, destination at 4096).  The frame fills the
   source range, then blurs it; without the barrier the dispatch reads
   what the fill wrote - at offset 2048, which the descriptors alone do not
   reach.

   #version 450
   layout(local_size_x = 64) in;
   layout(set = 0, binding = 0) readonly buffer Src { float v[]; } src;
   layout(set = 0, binding = 1) writeonly buffer Dst { float v[]; } dst;
   void main() { uint i = gl_GlobalInvocationID.x;
                 dst.v[i] = 0.25 * src.v[i] + 0.5 * src.v[i + 1] + 0.25 * src.v[i + 2]; } */
#include <stdint.h>
#include <vulkan/vulkan.h>

static const uint32_t blur_spv[] = {
    0x07230203,0x00010000,0x0008000b,0x00000034,0x00000000,0x00020011,0x00000001,0x0006000b,
    0x00000001,0x4c534c47,0x6474732e,0x3035342e,0x00000000,0x0003000e,0x00000000,0x00000001,
    0x0006000f,0x00000005,0x00000004,0x6e69616d,0x00000000,0x0000000b,0x00060010,0x00000004,
    0x00000011,0x00000040,0x00000001,0x00000001,0x00030003,0x00000002,0x000001c2,0x00040005,
    0x00000004,0x6e69616d,0x00000000,0x00030005,0x00000008,0x00000069,0x00080005,0x0000000b,
    0x475f6c67,0x61626f6c,0x766e496c,0x7461636f,0x496e6f69,0x00000044,0x00030005,0x00000012,
    0x00747344,0x00040006,0x00000012,0x00000000,0x00000076,0x00030005,0x00000014,0x00747364,
    0x00030005,0x0000001a,0x00637253,0x00040006,0x0000001a,0x00000000,0x00000076,0x00030005,
    0x0000001c,0x00637273,0x00040047,0x0000000b,0x0000000b,0x0000001c,0x00040047,0x00000011,
    0x00000006,0x00000004,0x00040048,0x00000012,0x00000000,0x00000019,0x00050048,0x00000012,
    0x00000000,0x00000023,0x00000000,0x00030047,0x00000012,0x00000003,0x00040047,0x00000014,
    0x00000022,0x00000000,0x00040047,0x00000014,0x00000021,0x00000001,0x00040047,0x00000019,
    0x00000006,0x00000004,0x00040048,0x0000001a,0x00000000,0x00000018,0x00050048,0x0000001a,
    0x00000000,0x00000023,0x00000000,0x00030047,0x0000001a,0x00000003,0x00040047,0x0000001c,
    0x00000022,0x00000000,0x00040047,0x0000001c,0x00000021,0x00000000,0x00040047,0x00000033,
    0x0000000b,0x00000019,0x00020013,0x00000002,0x00030021,0x00000003,0x00000002,0x00040015,
    0x00000006,0x00000020,0x00000000,0x00040020,0x00000007,0x00000007,0x00000006,0x00040017,
    0x00000009,0x00000006,0x00000003,0x00040020,0x0000000a,0x00000001,0x00000009,0x0004003b,
    0x0000000a,0x0000000b,0x00000001,0x0004002b,0x00000006,0x0000000c,0x00000000,0x00040020,
    0x0000000d,0x00000001,0x00000006,0x00030016,0x00000010,0x00000020,0x0003001d,0x00000011,
    0x00000010,0x0003001e,0x00000012,0x00000011,0x00040020,0x00000013,0x00000002,0x00000012,
    0x0004003b,0x00000013,0x00000014,0x00000002,0x00040015,0x00000015,0x00000020,0x00000001,
    0x0004002b,0x00000015,0x00000016,0x00000000,0x0004002b,0x00000010,0x00000018,0x3e800000,
    0x0003001d,0x00000019,0x00000010,0x0003001e,0x0000001a,0x00000019,0x00040020,0x0000001b,
    0x00000002,0x0000001a,0x0004003b,0x0000001b,0x0000001c,0x00000002,0x00040020,0x0000001e,
    0x00000002,0x00000010,0x0004002b,0x00000010,0x00000022,0x3f000000,0x0004002b,0x00000006,
    0x00000024,0x00000001,0x0004002b,0x00000006,0x0000002b,0x00000002,0x0004002b,0x00000006,
    0x00000032,0x00000040,0x0006002c,0x00000009,0x00000033,0x00000032,0x00000024,0x00000024,
    0x00050036,0x00000002,0x00000004,0x00000000,0x00000003,0x000200f8,0x00000005,0x0004003b,
    0x00000007,0x00000008,0x00000007,0x00050041,0x0000000d,0x0000000e,0x0000000b,0x0000000c,
    0x0004003d,0x00000006,0x0000000f,0x0000000e,0x0003003e,0x00000008,0x0000000f,0x0004003d,
    0x00000006,0x00000017,0x00000008,0x0004003d,0x00000006,0x0000001d,0x00000008,0x00060041,
    0x0000001e,0x0000001f,0x0000001c,0x00000016,0x0000001d,0x0004003d,0x00000010,0x00000020,
    0x0000001f,0x00050085,0x00000010,0x00000021,0x00000018,0x00000020,0x0004003d,0x00000006,
    0x00000023,0x00000008,0x00050080,0x00000006,0x00000025,0x00000023,0x00000024,0x00060041,
    0x0000001e,0x00000026,0x0000001c,0x00000016,0x00000025,0x0004003d,0x00000010,0x00000027,
    0x00000026,0x00050085,0x00000010,0x00000028,0x00000022,0x00000027,0x00050081,0x00000010,
    0x00000029,0x00000021,0x00000028,0x0004003d,0x00000006,0x0000002a,0x00000008,0x00050080,
    0x00000006,0x0000002c,0x0000002a,0x0000002b,0x00060041,0x0000001e,0x0000002d,0x0000001c,
    0x00000016,0x0000002c,0x0004003d,0x00000010,0x0000002e,0x0000002d,0x00050085,0x00000010,
    0x0000002f,0x00000018,0x0000002e,0x00050081,0x00000010,0x00000030,0x00000029,0x0000002f,
    0x00060041,0x0000001e,0x00000031,0x00000014,0x00000016,0x00000017,0x0003003e,0x00000031,
    0x00000030,0x000100fd,0x00010038
};

struct post {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer arena;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline blur;
    VkDescriptorPool pool;
    VkDescriptorSet set;
};

extern int post_open(struct post *p); /* device, queue, command buffer, arena */

static int post_make_pipeline(struct post *p)
{
    VkDescriptorSetLayoutBinding bindings[2] = {
        {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    VkDescriptorSetLayoutCreateInfo dsl = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    dsl.bindingCount = 2;
    dsl.pBindings = bindings;
    if (vkCreateDescriptorSetLayout(p->device, &dsl, NULL, &p->set_layout) != VK_SUCCESS)
        return -1;
    VkPipelineLayoutCreateInfo pl = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 1;
    pl.pSetLayouts = &p->set_layout;
    if (vkCreatePipelineLayout(p->device, &pl, NULL, &p->layout) != VK_SUCCESS)
        return -1;
    VkShaderModuleCreateInfo smi = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    smi.codeSize = sizeof(blur_spv);
    smi.pCode = blur_spv;
    VkShaderModule module;
    if (vkCreateShaderModule(p->device, &smi, NULL, &module) != VK_SUCCESS)
        return -1;
    VkComputePipelineCreateInfo cpi = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    cpi.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    cpi.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cpi.stage.module = module;
    cpi.stage.pName = "main";
    cpi.layout = p->layout;
    VkResult r = vkCreateComputePipelines(p->device, VK_NULL_HANDLE, 1, &cpi, NULL, &p->blur);
    vkDestroyShaderModule(p->device, module, NULL);
    if (r != VK_SUCCESS)
        return -1;

    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2};
    VkDescriptorPoolCreateInfo dpi = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dpi.maxSets = 1;
    dpi.poolSizeCount = 1;
    dpi.pPoolSizes = &size;
    if (vkCreateDescriptorPool(p->device, &dpi, NULL, &p->pool) != VK_SUCCESS)
        return -1;
    VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    dsai.descriptorPool = p->pool;
    dsai.descriptorSetCount = 1;
    dsai.pSetLayouts = &p->set_layout;
    if (vkAllocateDescriptorSets(p->device, &dsai, &p->set) != VK_SUCCESS)
        return -1;
    VkDescriptorBufferInfo infos[2] = {
        {p->arena, 0, 1024},
        {p->arena, 0, 1024},
    };
    VkWriteDescriptorSet writes[2];
    for (uint32_t i = 0; i < 2; i++) {
        writes[i] = (VkWriteDescriptorSet){VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[i].dstSet = p->set;
        writes[i].dstBinding = i;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
        writes[i].pBufferInfo = &infos[i];
    }
    vkUpdateDescriptorSets(p->device, 2, writes, 0, NULL);
    return 0;
}

int main(void)
{
    struct post p;
    if (post_open(&p) != 0 || post_make_pipeline(&p) != 0)
        return 1;
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(p.cmd, &begin);
    vkCmdFillBuffer(p.cmd, p.arena, 2048, 1024, 0x3f800000u);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                              VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT};
    vkCmdPipelineBarrier(p.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &filled, 0, NULL, 0, NULL);
#endif
    vkCmdBindPipeline(p.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.blur);
    uint32_t ranges[2] = {2048, 4096}; /* source, destination */
    vkCmdBindDescriptorSets(p.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &p.set, 2,
                            ranges);
    vkCmdDispatch(p.cmd, 1024 / 64, 1, 1);
    vkEndCommandBuffer(p.cmd);
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &p.cmd;
    return vkQueueSubmit(p.queue, 1, &si, VK_NULL_HANDLE) != VK_SUCCESS;
}
