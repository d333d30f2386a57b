/* A full-screen-quad helper in GStreamer's manner: the objects it needs
   are made on first use, each by a helper handed the quad
   (`if (!self->render_pass) if (!create_render_pass (self)) goto error;`),
   so a later frame finds them made.  The frame clears the vertex staging
   buffer and copies it into the vertex buffer; without -DWITH_BARRIER
   nothing orders the copy after the clear. */
#include <stdbool.h>
#include <vulkan/vulkan.h>

struct quad {
    VkDevice device;
    VkRenderPass render_pass;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer staging, vertices;
};

static bool create_render_pass(struct quad *self)
{
    VkAttachmentDescription color = {
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
    };
    VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {
        .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
        .colorAttachmentCount = 1,
        .pColorAttachments = &ref,
    };
    VkRenderPassCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &color,
        .subpassCount = 1,
        .pSubpasses = &subpass,
    };
    if (vkCreateRenderPass(self->device, &info, NULL, &self->render_pass) != VK_SUCCESS)
        return false;
    return true;
}

static bool create_command_pool(struct quad *self)
{
    VkCommandPoolCreateInfo info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    return vkCreateCommandPool(self->device, &info, NULL, &self->pool) == VK_SUCCESS;
}

bool quad_draw(struct quad *self)
{
    if (!self->render_pass)
        if (!create_render_pass(self))
            goto error;
    if (!self->pool)
        if (!create_command_pool(self))
            goto error;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(self->cmd, &begin);
    vkCmdFillBuffer(self->cmd, self->staging, 0, 1024, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(self->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 1024};
    vkCmdCopyBuffer(self->cmd, self->staging, self->vertices, 1, &region);
    vkEndCommandBuffer(self->cmd);
    return true;

error:
    return false;
}
