// EXPECT: clean
// VKSYNC-ONLY: spec-vs-layer SYNC-HAZARD-READ-AFTER-WRITE at line 51
// The image is cleared with vkCmdClearColorImage, then rendered to with
// dynamic rendering (loadOp LOAD, GENERAL layout) with no barrier.  The
// load operation reads the attachment (COLOR_ATTACHMENT_READ in the colour
// attachment output stage) unordered with the clear's write: a
// read-after-write at vkCmdBeginRendering.  The 1.3.239 layer does not
// track dynamic rendering's load operations (docs/conventions.md): silent.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, const vkrt_pipeline *draw, VkImage image,
                   VkImageView view, VkBuffer pixels)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    VkImageMemoryBarrier to_general = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &to_general);
    VkClearColorValue red = {.float32 = {1.0f, 0.0f, 0.0f, 1.0f}};
    VkImageSubresourceRange whole = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(cmd, image, VK_IMAGE_LAYOUT_GENERAL, &red, 1, &whole);
    VkRenderingAttachmentInfo color = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = view,
        .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.color = {.float32 = {0.0f, 0.0f, 0.0f, 1.0f}}},
    };
    VkRenderingInfo rendering = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {64, 64}},
        .layerCount = 1,
        .colorAttachmentCount = 1,
        .pColorAttachments = &color,
    };
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, draw->pipeline);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkImage image = vkrt_image(rt, VK_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
    VkImageView view = vkrt_image_view(rt, image, VK_FORMAT_R8G8B8A8_UNORM,
                                       VK_IMAGE_ASPECT_COLOR_BIT);
    VkBuffer pixels = vkrt_buffer(rt, 64 * 64 * 4);
    vkrt_pipeline draw = vkrt_graphics_pipeline(rt, "solid.frag", 0, NULL, VK_NULL_HANDLE,
                                                VK_FORMAT_R8G8B8A8_UNORM, false);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, &draw, image, view, pixels);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
