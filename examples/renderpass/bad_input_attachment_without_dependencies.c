/*
 * The G-buffer render pass of fixed_gbuffer_input_attachment.c with its
 * subpass dependencies left out (dependencyCount = 0).  Subpass 1's
 * fragment shader reads the albedo attachment as an input attachment, but
 * nothing makes subpass 0's color writes visible to it: rasterization order
 * holds only inside one subpass and only for fixed-function attachment
 * accesses ("commands in different subpasses have no defined submission
 * order relative to each other", Vulkan spec, "Implicit Synchronization
 * Guarantees") - a read-after-write.  With no dependency into
 * VK_SUBPASS_EXTERNAL either, the implicit one has dstAccessMask 0, so the copy
 * after the render pass reads the lit image before the final layout transition
 * is made visible to it.  The fix is fixed_gbuffer_input_attachment.c.
 */
#include <vulkan/vulkan.h>

#define WIDTH 320
#define HEIGHT 180

typedef struct {
    VkDevice device;
    VkImage albedo;
    VkImageView albedo_view;
    VkImage lit;
    VkImageView lit_view;
    VkBuffer thumbnail; /* host-visible */
    VkRenderPass pass;
    VkFramebuffer framebuffer;
    VkPipeline geometry_pipeline, lighting_pipeline;
    VkBuffer vertices, indices;
    uint32_t index_count;
} Deferred;

static void create_view(Deferred *d, VkImage image, VkFormat format, VkImageView *view)
{
    VkImageViewCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCreateImageView(d->device, &info, NULL, view);
}

void create_targets(Deferred *d)
{
    VkImageCreateInfo albedo = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {WIDTH, HEIGHT, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                 VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    vkCreateImage(d->device, &albedo, NULL, &d->albedo);
    create_view(d, d->albedo, VK_FORMAT_R8G8B8A8_UNORM, &d->albedo_view);

    VkImageCreateInfo lit = albedo;
    lit.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    vkCreateImage(d->device, &lit, NULL, &d->lit);
    create_view(d, d->lit, VK_FORMAT_R8G8B8A8_UNORM, &d->lit_view);
}

void create_render_pass(Deferred *d)
{
    VkAttachmentDescription attachments[2] = {
        [0] = {/* albedo: lives only inside the render pass */
               .format = VK_FORMAT_R8G8B8A8_UNORM,
               .samples = VK_SAMPLE_COUNT_1_BIT,
               .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
               .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
               .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
               .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
               .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
               .finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL},
        [1] = {/* the lit image, copied out after the render pass */
               .format = VK_FORMAT_R8G8B8A8_UNORM,
               .samples = VK_SAMPLE_COUNT_1_BIT,
               .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
               .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
               .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
               .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
               .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
               .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
    };
    VkAttachmentReference albedo_out = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkAttachmentReference albedo_in = {0, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkAttachmentReference lit_out = {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpasses[2] = {
        [0] = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
               .colorAttachmentCount = 1,
               .pColorAttachments = &albedo_out},
        [1] = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
               .inputAttachmentCount = 1,
               .pInputAttachments = &albedo_in,
               .colorAttachmentCount = 1,
               .pColorAttachments = &lit_out},
    };
    VkSubpassDependency dependencies[2] = {
        {
            /* Subpass 1 reads, at each pixel, what subpass 0 wrote there. */
            .srcSubpass = 0,
            .dstSubpass = 1,
            .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
            .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
            .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
            .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
            .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
        },
        {
            /* The copy after the render pass reads what subpass 1 wrote. */
            .srcSubpass = 1,
            .dstSubpass = VK_SUBPASS_EXTERNAL,
            .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
            .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
            .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        },
    };
    VkRenderPassCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
        .attachmentCount = 2,
        .pAttachments = attachments,
        .subpassCount = 2,
        .pSubpasses = subpasses,
        .dependencyCount = 0,
        .pDependencies = dependencies,
    };
    vkCreateRenderPass(d->device, &info, NULL, &d->pass);

    VkImageView views[2] = {d->albedo_view, d->lit_view};
    VkFramebufferCreateInfo framebuffer = {
        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
        .renderPass = d->pass,
        .attachmentCount = 2,
        .pAttachments = views,
        .width = WIDTH,
        .height = HEIGHT,
        .layers = 1,
    };
    vkCreateFramebuffer(d->device, &framebuffer, NULL, &d->framebuffer);
}

void record_frame(Deferred *d, VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    VkClearValue clear[2] = {{.color = {{0.0f, 0.0f, 0.0f, 1.0f}}}};
    VkRenderPassBeginInfo pass_begin = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = d->pass,
        .framebuffer = d->framebuffer,
        .renderArea = {{0, 0}, {WIDTH, HEIGHT}},
        .clearValueCount = 2,
        .pClearValues = clear,
    };
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);

    /* Subpass 0: the scene into the G-buffer. */
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, d->geometry_pipeline);
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &d->vertices, &offset);
    vkCmdBindIndexBuffer(cmd, d->indices, 0, VK_INDEX_TYPE_UINT32);
    vkCmdDrawIndexed(cmd, d->index_count, 1, 0, 0, 0);

    /* Subpass 1: a full-screen triangle reads the G-buffer. */
    vkCmdNextSubpass(cmd, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, d->lighting_pipeline);
    vkCmdDraw(cmd, 3, 1, 0, 0);

    vkCmdEndRenderPass(cmd);

    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {WIDTH, HEIGHT, 1},
    };
    vkCmdCopyImageToBuffer(cmd, d->lit, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->thumbnail,
                           1, &region);
    vkEndCommandBuffer(cmd);
}
