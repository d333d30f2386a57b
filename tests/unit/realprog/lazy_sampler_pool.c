/* A post-processing pass that makes its descriptor pool and sampler on
   first use, each in a helper handed the pass (`if (!self->sampler) if
   (!create_sampler (self)) goto error;`), as GStreamer's full-screen quad
   does.  The frame clears the scratch buffer and copies it out; without
   -DWITH_BARRIER nothing orders the copy after the clear. */
#include <stdbool.h>
#include <vulkan/vulkan.h>

struct quad {
    VkDevice device;
    VkDescriptorPool descriptor_cache;
    VkSampler sampler;
    VkCommandBuffer cmd;
    VkBuffer scratch, out;
};

static bool create_descriptor_pool(struct quad *self)
{
    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4};
    VkDescriptorPoolCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 4, .poolSizeCount = 1, .pPoolSizes = &size,
    };
    if (vkCreateDescriptorPool(self->device, &info, NULL, &self->descriptor_cache) != VK_SUCCESS)
        return false;
    return true;
}

static bool create_sampler(struct quad *self)
{
    VkSamplerCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    return vkCreateSampler(self->device, &info, NULL, &self->sampler) == VK_SUCCESS;
}

bool quad_draw(struct quad *self)
{
    if (!self->descriptor_cache)
        if (!create_descriptor_pool(self))
            goto error;
    if (!self->sampler)
        if (!create_sampler(self))
            goto error;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(self->cmd, &begin);
    vkCmdFillBuffer(self->cmd, self->scratch, 0, 256, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(self->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkCmdCopyBuffer(self->cmd, self->scratch, self->out, 1, &region);
    vkEndCommandBuffer(self->cmd);
    return true;
error:
    return false;
}
