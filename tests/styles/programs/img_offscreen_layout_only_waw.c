// EXPECT: clean
// VKSYNC-ONLY: spec-vs-layer SYNC-HAZARD-WRITE-AFTER-WRITE at line 45
// An offscreen target drawn with dynamic rendering (see
// img_offscreen_blit_clean.c), then blitted into a thumbnail; the barrier
// after vkCmdEndRendering only changes the layout ("the rendering is over"):
// its first scope is NONE, so the layout transition is not ordered after
// the storeOp's write.  Render Pass, Store Operations: "Store operations
// for attachments with color formats execute in the
// VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT pipeline stage", and
// Synchronization, Image Layout Transitions: a layout transition "happens-after
// the availability operations in the memory dependency" - the store's write
// is in no first access scope, so the transition may overwrite it: a
// write-after-write at the barrier.  The 1.3.239 layer does not track
// dynamic rendering's load and store operations (docs/conventions.md) and
// is silent.
#include "imgtut.h"

#define WIDTH 64
#define HEIGHT 64

static void imageBarrier(VkCommandBuffer cmd, VkImage image,
                         VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                         VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess,
                         VkImageLayout oldLayout, VkImageLayout newLayout)
{
    VkImageMemoryBarrier2 barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = srcStage,
        .srcAccessMask = srcAccess,
        .dstStageMask = dstStage,
        .dstAccessMask = dstAccess,
        .oldLayout = oldLayout,
        .newLayout = newLayout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,
                             VK_REMAINING_ARRAY_LAYERS},
    };
    VkDependencyInfo dependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .imageMemoryBarrierCount = 1,
        .pImageMemoryBarriers = &barrier,
    };
    vkCmdPipelineBarrier2(cmd, &dependency);
}

static void drawOffscreen(VkCommandBuffer cmd, VkImage target, VkImageView targetView)
{
    imageBarrier(cmd, target, VK_PIPELINE_STAGE_2_NONE, 0,
                 VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);

    VkRenderingAttachmentInfo colorAttachment = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = targetView,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue.color = {{0.1f, 0.2f, 0.3f, 1.0f}},
    };
    VkRenderingInfo renderingInfo = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {WIDTH, HEIGHT}},
        .layerCount = 1,
        .colorAttachmentCount = 1,
        .pColorAttachments = &colorAttachment,
    };
    vkCmdBeginRendering(cmd, &renderingInfo);
    /* the scene's draws would go here: the clear is the whole frame */
    vkCmdEndRendering(cmd);
}

int main(void)
{
    initVulkan();

    VkImage target, thumbnail;
    VkDeviceMemory targetMemory, thumbnailMemory;
    createImage(WIDTH, HEIGHT, 1, 1, VK_FORMAT_R8G8B8A8_UNORM,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                    VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                &target, &targetMemory);
    createImage(WIDTH / 2, HEIGHT / 2, 1, 1, VK_FORMAT_R8G8B8A8_UNORM,
                VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                &thumbnail, &thumbnailMemory);
    VkImageView targetView = createImageView(target, VK_FORMAT_R8G8B8A8_UNORM);

    VkBuffer readback;
    VkDeviceMemory readbackMemory;
    createBuffer(WIDTH / 2 * HEIGHT / 2 * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                 &readback, &readbackMemory);

    VkCommandBuffer cmd = beginSingleTimeCommands();
    drawOffscreen(cmd, target, targetView);

    imageBarrier(cmd, target, VK_PIPELINE_STAGE_2_NONE, 0, VK_PIPELINE_STAGE_2_BLIT_BIT,
                 VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    imageBarrier(cmd, thumbnail, VK_PIPELINE_STAGE_2_NONE, 0, VK_PIPELINE_STAGE_2_BLIT_BIT,
                 VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);

    VkImageBlit blit = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .srcOffsets = {{0, 0, 0}, {WIDTH, HEIGHT, 1}},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstOffsets = {{0, 0, 0}, {WIDTH / 2, HEIGHT / 2, 1}},
    };
    vkCmdBlitImage(cmd, target, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, thumbnail,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);

    imageBarrier(cmd, thumbnail, VK_PIPELINE_STAGE_2_BLIT_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {WIDTH / 2, HEIGHT / 2, 1},
    };
    vkCmdCopyImageToBuffer(cmd, thumbnail, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1,
                           &region);

    VkMemoryBarrier2 toHost = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
        .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
    };
    VkDependencyInfo hostDependency = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &toHost,
    };
    vkCmdPipelineBarrier2(cmd, &hostDependency);
    endSingleTimeCommands(cmd);

    void *data;
    vkMapMemory(device, readbackMemory, 0, VK_WHOLE_SIZE, 0, &data);
    const uint8_t *px = data;
    printf("thumbnail pixel 0: %u %u %u %u\n", px[0], px[1], px[2], px[3]);
    vkUnmapMemory(device, readbackMemory);
    return 0;
}
