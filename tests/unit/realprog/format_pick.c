/* A renderer that draws a thumbnail in the best color format the surface
   offers (a wide one if there is one, else the first), clears the target
   in a render pass and writes the thumbnail's header. */
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef struct {
    VkPhysicalDevice gpu;
    VkSurfaceKHR surface;
    VkDevice device;
    VkCommandBuffer cmd;
    VkFormat format;
    VkImage target;
    VkImageView target_view;
    VkRenderPass pass;
    VkFramebuffer framebuffer;
    VkBuffer thumbnail, upload;
} Offscreen;

static VkFormat pick_format(const VkSurfaceFormatKHR *formats, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++)
        if (formats[i].format == VK_FORMAT_R16G16B16A16_SFLOAT ||
            formats[i].format == VK_FORMAT_A2B10G10R10_UNORM_PACK32)
            return formats[i].format;
    return formats[0].format;
}

static void create_target(Offscreen *o)
{
    VkSurfaceFormatKHR formats[8];
    uint32_t count = 8;
    vkGetPhysicalDeviceSurfaceFormatsKHR(o->gpu, o->surface, &count, formats);
    o->format = pick_format(formats, count);
    VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .imageType = VK_IMAGE_TYPE_2D,
                             .format = o->format,
                             .extent = {256, 256, 1},
                             .mipLevels = 1,
                             .arrayLayers = 1,
                             .samples = VK_SAMPLE_COUNT_1_BIT,
                             .tiling = VK_IMAGE_TILING_OPTIMAL,
                             .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                      VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                             .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    vkCreateImage(o->device, &ici, NULL, &o->target);
    VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = o->target,
                                 .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                 .format = o->format,
                                 .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    vkCreateImageView(o->device, &vci, NULL, &o->target_view);
    VkAttachmentDescription color = {.format = o->format,
                                     .samples = VK_SAMPLE_COUNT_1_BIT,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                     .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                     .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                     .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                     .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                    .colorAttachmentCount = 1,
                                    .pColorAttachments = &ref};
#ifdef WITH_BARRIER
    VkSubpassDependency to_copy = {.srcSubpass = 0,
                                   .dstSubpass = VK_SUBPASS_EXTERNAL,
                                   .srcStageMask =
                                       VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                                   .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
                                   .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                                   .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
#endif
    VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                   .attachmentCount = 1,
                                   .pAttachments = &color,
                                   .subpassCount = 1,
                                   .pSubpasses = &subpass,
#ifdef WITH_BARRIER
                                   .dependencyCount = 1,
                                   .pDependencies = &to_copy
#endif
    };
    vkCreateRenderPass(o->device, &rpci, NULL, &o->pass);
    VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                   .renderPass = o->pass,
                                   .attachmentCount = 1,
                                   .pAttachments = &o->target_view,
                                   .width = 256,
                                   .height = 256,
                                   .layers = 1};
    vkCreateFramebuffer(o->device, &fci, NULL, &o->framebuffer);
}

void render_thumbnail(Offscreen *o)
{
    create_target(o);
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(o->cmd, &bi);
    VkClearValue clear = {.color = {{0.f, 0.f, 0.f, 1.f}}};
    VkRenderPassBeginInfo rpbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                  .renderPass = o->pass,
                                  .framebuffer = o->framebuffer,
                                  .renderArea = {{0, 0}, {256, 256}},
                                  .clearValueCount = 1,
                                  .pClearValues = &clear};
    vkCmdBeginRenderPass(o->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdEndRenderPass(o->cmd);
    /* The thumbnail's header: cleared, then copied to the upload copy. */
    vkCmdFillBuffer(o->cmd, o->thumbnail, 0, 256, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(o->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy header = {.size = 256};
    vkCmdCopyBuffer(o->cmd, o->thumbnail, o->upload, 1, &header);
    vkEndCommandBuffer(o->cmd);
}
