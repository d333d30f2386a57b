// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 37
// image_write.comp stores to the image; vkCmdCopyImageToBuffer reads it
// with no barrier.
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkImage image, VkBuffer readback, const vkrt_pipeline *painter,
                   const vkrt_pipeline *reader)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    VkImageMemoryBarrier to_general = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0,
                         0, NULL, 0, NULL, 1, &to_general);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, painter->pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, painter->layout, 0, 1,
                            &painter->set, 0, NULL);
    vkCmdDispatch(cmd, 8, 8, 1);
    VkBufferImageCopy region = {
        .bufferOffset = 0,
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {64, 64, 1},
    };
    vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, readback, 1, &region);
    vkEndCommandBuffer(cmd);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkImage image = vkrt_image(rt, VK_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
    VkImageView view = vkrt_image_view(rt, image, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT);
    VkBuffer readback = vkrt_buffer(rt, 64 * 64 * 4);
    VkDescriptorType types[] = {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
    vkrt_pipeline painter = vkrt_compute_pipeline(rt, "image_write.comp", 1, types);
    vkrt_bind_storage_image(rt, &painter, 0, view);
    vkrt_pipeline reader = vkrt_compute_pipeline(rt, "image_read.comp", 2, types);
    vkrt_bind_storage_image(rt, &reader, 0, view);
    vkrt_bind_buffer(rt, &reader, 1, readback);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, image, readback, &painter, &reader);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
