/* A compositor's renderer in wlroots' style: the render pass for a format
   is made once and kept in a cache the renderer searches first
   (`find_or_create_render_setup`), and the frame function begins it on a
   render buffer it was handed.  The render pass loads the attachment
   (`loadOp = LOAD`) from `GENERAL` into `COLOR_ATTACHMENT_OPTIMAL`, and
   its one external dependency's dstAccessMask lacks
   COLOR_ATTACHMENT_READ: the layout transition's write is not made
   visible to the load (read-after-write at the begin).  With
   WITH_BARRIER the dependency has it.  `renderer_init` only creates (run
   once, before the frame function): after its cache test nothing records
   or submits, but what it creates is what the frame begins. */
#include <stdbool.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct render_setup {
    VkFormat format;
    VkRenderPass render_pass;
    bool ready;
};

struct renderer {
    VkDevice dev;
    struct render_setup setup;
};

static struct render_setup *find_or_create_render_setup(struct renderer *r, VkFormat format)
{
    if (r->setup.ready && r->setup.format == format)
        return &r->setup;

    VkAttachmentDescription attachment = {
        .format = format,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
        .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
    };
    VkAttachmentReference color_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {
        .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
        .colorAttachmentCount = 1,
        .pColorAttachments = &color_ref,
    };
    VkSubpassDependency dep = {
        .srcSubpass = VK_SUBPASS_EXTERNAL,
        .dstSubpass = 0,
        .srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
#ifdef WITH_BARRIER
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_READ_BIT |
                         VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
#else
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_UNIFORM_READ_BIT,
#endif
    };
    VkRenderPassCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &attachment,
        .subpassCount = 1,
        .pSubpasses = &subpass,
        .dependencyCount = 1,
        .pDependencies = &dep,
    };
    if (vkCreateRenderPass(r->dev, &info, NULL, &r->setup.render_pass) != VK_SUCCESS)
        return NULL;
    r->setup.format = format;
    r->setup.ready = true;
    return &r->setup;
}

/* Called once at start-up, before any frame: only creates. */
bool renderer_init(struct renderer *r)
{
    return find_or_create_render_setup(r, VK_FORMAT_B8G8R8A8_UNORM) != NULL;
}

struct render_buffer {
    VkImage image;
    VkImageView view;
    VkFramebuffer framebuffer;
};

static void create_render_buffer(struct renderer *r, struct render_buffer *buffer)
{
    VkImageCreateInfo image_info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_B8G8R8A8_UNORM,
        .extent = {64, 64, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    vkCreateImage(r->dev, &image_info, NULL, &buffer->image);
    VkImageViewCreateInfo view_info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = buffer->image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = VK_FORMAT_B8G8R8A8_UNORM,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCreateImageView(r->dev, &view_info, NULL, &buffer->view);
    VkFramebufferCreateInfo fb_info = {
        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
        .renderPass = r->setup.render_pass,
        .attachmentCount = 1,
        .pAttachments = &buffer->view,
        .width = 64,
        .height = 64,
        .layers = 1,
    };
    vkCreateFramebuffer(r->dev, &fb_info, NULL, &buffer->framebuffer);
}

void renderer_begin(struct renderer *r, VkCommandBuffer cb, struct render_buffer *buffer)
{
    create_render_buffer(r, buffer);
    VkFramebuffer framebuffer = buffer->framebuffer;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &begin);
    VkRenderPassBeginInfo rp = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = r->setup.render_pass,
        .framebuffer = framebuffer,
        .renderArea = {{0, 0}, {64, 64}},
    };
    vkCmdBeginRenderPass(cb, &rp, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdEndRenderPass(cb);
    vkEndCommandBuffer(cb);
}
