/* The main shared by compute_bad_linked_dispatch_then_copy.c and
 * compute_fixed_linked_dispatch_then_copy.c (README.md, 'Examples'): included after
 * the example, whose types and functions it uses. */

uint32_t *load_spirv(const char *path, size_t *size)
{
    (void)path;
    *size = sizeof simulate_spv;
    return (uint32_t *)simulate_spv;
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkDescriptorSetLayoutBinding bindings[2] = {
        {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    VkDescriptorSetLayoutCreateInfo set_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 2,
        .pBindings = bindings,
    };
    VkDescriptorSetLayout set_layout;
    vkCreateDescriptorSetLayout(rt->device, &set_info, NULL, &set_layout);
    VkPipelineLayoutCreateInfo layout_info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &set_layout,
    };
    VkPipelineLayout layout;
    vkCreatePipelineLayout(rt->device, &layout_info, NULL, &layout);
    VkDescriptorPoolSize sizes[2] = {
        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1},
        {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1},
    };
    VkDescriptorPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 2,
        .pPoolSizes = sizes,
    };
    VkDescriptorPool pool;
    vkCreateDescriptorPool(rt->device, &pool_info, NULL, &pool);
    VkDescriptorSetAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &set_layout,
    };
    VkDescriptorSet set;
    vkAllocateDescriptorSets(rt->device, &alloc, &set);

    VkBuffer particles = vkrt_buffer(rt, PARTICLE_BYTES);
    VkBuffer params = vkrt_buffer(rt, 16);
    VkBuffer readback = vkrt_buffer(rt, PARTICLE_BYTES);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    simulate_and_read_back(rt->device, cmd, layout, set, particles, params, readback);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
