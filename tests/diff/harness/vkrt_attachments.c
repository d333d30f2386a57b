/*
 * vkrt_attachments.c - the image views and framebuffers of the programs.
 *
 * run-diff.py gives this file (and only this part of the runtime) to
 * vksync-lint with each program: render pass attachments and dynamic
 * rendering's imageView reach their VkImage through these calls, and the
 * front end links only the setup it sees.  Kept straight-line (one check
 * per Vulkan call) so its analysis stays small; vkrt.c as a whole is not
 * analysed (tests/diff/README.md).
 */
#include "vkrt.h"
#include "vkrt_check.h"

VkImageView vkrt_image_view(vkrt *rt, VkImage image, VkFormat format,
                            VkImageAspectFlags aspect)
{
    VkImageViewCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {aspect, 0, 1, 0, 1},
    };
    VkImageView view;
    CHECK(vkCreateImageView(rt->device, &info, NULL, &view));
    return view;
}

VkFramebuffer vkrt_framebuffer(vkrt *rt, VkRenderPass pass, uint32_t count,
                               const VkImageView *views, uint32_t width,
                               uint32_t height)
{
    VkFramebufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
        .renderPass = pass,
        .attachmentCount = count,
        .pAttachments = views,
        .width = width,
        .height = height,
        .layers = 1,
    };
    VkFramebuffer framebuffer;
    CHECK(vkCreateFramebuffer(rt->device, &info, NULL, &framebuffer));
    return framebuffer;
}
