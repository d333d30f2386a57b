/* Root parameters in the manner of a D3D12-on-Vulkan layer: before a
   dispatch, every root parameter marked dirty has its descriptor written,
   sixty-four bits of a mask tested one by one; the upload before it has no
   barrier between its clear and its copy unless -DWITH_BARRIER.  No shader
   is given on the command line, so what the sets hold is read by nothing
   the analysis links. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct root_signature_state {
    VkDevice device;
    VkCommandBuffer vk_command_buffer;
    VkPipelineLayout layout;
    VkDescriptorSet set;
    VkBuffer root_constants[64];
    uint64_t dirty_mask;
};

static void update_root_descriptors(struct root_signature_state *state)
{
    for (unsigned i = 0; i < 64; ++i) {
        if (!(state->dirty_mask & ((uint64_t)1 << i)))
            continue;
        VkDescriptorBufferInfo buffer = {
            .buffer = state->root_constants[i],
            .range = VK_WHOLE_SIZE,
        };
        VkWriteDescriptorSet write = {
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = state->set,
            .dstBinding = i,
            .descriptorCount = 1,
            .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
            .pBufferInfo = &buffer,
        };
        vkUpdateDescriptorSets(state->device, 1, &write, 0, NULL);
    }
    state->dirty_mask = 0;
}

void record_dispatch(struct root_signature_state *state, VkBuffer upload, VkBuffer dst)
{
    vkCmdFillBuffer(state->vk_command_buffer, upload, 0, 1024, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(state->vk_command_buffer, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.size = 1024};
    vkCmdCopyBuffer(state->vk_command_buffer, upload, dst, 1, &region);
    update_root_descriptors(state);
    vkCmdBindDescriptorSets(state->vk_command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE,
                            state->layout, 0, 1, &state->set, 0, NULL);
    vkCmdDispatch(state->vk_command_buffer, 1, 1, 1);
}
