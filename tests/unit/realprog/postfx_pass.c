/* A post-processing pass kept in one file-scope context, the way small
   engines write it: `postfx_init` makes the render pass once (its subpass
   names a color attachment and leaves pResolveAttachments and
   pDepthStencilAttachment out, as designated initialisers do), and
   `postfx_record` is called every frame, uploading the frame's constants
   and then drawing one of two effects.

   The render pass is made by a function of its own, so its create info is
   kept for the whole analysis, and the two effects are two paths through
   `postfx_record`: the second path reads the subpass description the
   first one read.  Reading a member the create info left out once added
   that member to the kept description with this path's memory, which the
   next path then read after it was freed. */
#include <stdbool.h>
#include <stddef.h>
#include <vulkan/vulkan.h>

static struct {
    VkDevice device;
    VkRenderPass pass;
    VkFramebuffer target;
    VkBuffer constants, constants_staging, params;
    VkExtent2D extent;
} fx;

void postfx_init(VkDevice device, VkFormat format)
{
    fx.device = device;

    VkAttachmentDescription color = {
        .format = format,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
    };
    VkAttachmentReference color_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {
        .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
        .colorAttachmentCount = 1,
        .pColorAttachments = &color_ref,
    };
    VkRenderPassCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &color,
        .subpassCount = 1,
        .pSubpasses = &subpass,
    };
    if (vkCreateRenderPass(device, &info, NULL, &fx.pass) != VK_SUCCESS)
        fx.pass = VK_NULL_HANDLE;
}

void postfx_record(VkCommandBuffer cmd, bool vignette)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin);

    VkBufferCopy upload = {.size = 256};
    vkCmdCopyBuffer(cmd, fx.constants_staging, fx.constants, 1, &upload);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    /* The effect's parameters are copied out of the constants. */
    VkBufferCopy readback = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkCmdCopyBuffer(cmd, fx.constants, fx.params, 1, &readback);

    VkRenderPassBeginInfo pass_begin = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = fx.pass,
        .framebuffer = fx.target,
        .renderArea = {.extent = fx.extent},
    };
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    if (vignette)
        vkCmdDraw(cmd, 6, 1, 0, 0);
    else
        vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);

    vkEndCommandBuffer(cmd);
}
