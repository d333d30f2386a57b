// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 73
// A cubemap uploaded face by face (see img_cubemap_layers_clean.c); the
// barrier before the readback was copied from the 2D texture path and
// covers one layer (layerCount = 1): faces 1 to 5 are read by the copy with
// no barrier after their uploads.
#include "imgtut.h"

#define FACE_SIZE 16
#define FACE_BYTES (FACE_SIZE * FACE_SIZE * 4)
#define FACE_COUNT 6

static const uint8_t faceColors[FACE_COUNT][4] = {
    {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
    {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255},
};

static void uploadCubemap(VkCommandBuffer cmd, VkBuffer staging, VkImage cubemap)
{
    VkImageMemoryBarrier toTransfer = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = cubemap,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, FACE_COUNT},
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 0, NULL, 1, &toTransfer);

    for (uint32_t face = 0; face < FACE_COUNT; face++) {
        VkBufferImageCopy region = {0};
        region.bufferOffset = (VkDeviceSize)face * FACE_BYTES;
        region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
        region.imageSubresource.mipLevel = 0;
        region.imageSubresource.baseArrayLayer = face;
        region.imageSubresource.layerCount = 1;
        region.imageExtent.width = FACE_SIZE;
        region.imageExtent.height = FACE_SIZE;
        region.imageExtent.depth = 1;
        vkCmdCopyBufferToImage(cmd, staging, cubemap, VK_IMAGE_LAYOUT_GENERAL, 1,
                               &region);
    }
}

static void readbackCubemap(VkCommandBuffer cmd, VkImage cubemap, VkBuffer readback)
{
    VkImageMemoryBarrier toSource = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_GENERAL,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = cubemap,
        .subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
        .subresourceRange.baseMipLevel = 0,
        .subresourceRange.levelCount = 1,
        .subresourceRange.baseArrayLayer = 0,
        .subresourceRange.layerCount = 1,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &toSource);

    VkBufferImageCopy region = {
        .bufferOffset = 0,
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, FACE_COUNT},
        .imageExtent = {FACE_SIZE, FACE_SIZE, 1},
    };
    vkCmdCopyImageToBuffer(cmd, cubemap, VK_IMAGE_LAYOUT_GENERAL, readback, 1,
                           &region);

    VkBufferMemoryBarrier toHost = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = readback,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0,
                         NULL, 1, &toHost, 0, NULL);
}

int main(void)
{
    initVulkan();

    VkBuffer staging, readback;
    VkDeviceMemory stagingMemory, readbackMemory;
    createBuffer(FACE_BYTES * FACE_COUNT, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                 &staging, &stagingMemory);
    createBuffer(FACE_BYTES * FACE_COUNT, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                 &readback, &readbackMemory);

    void *data;
    vkMapMemory(device, stagingMemory, 0, VK_WHOLE_SIZE, 0, &data);
    uint8_t *texels = data;
    for (uint32_t face = 0; face < FACE_COUNT; face++)
        for (uint32_t i = 0; i < FACE_SIZE * FACE_SIZE; i++)
            memcpy(texels + face * FACE_BYTES + i * 4, faceColors[face], 4);
    vkUnmapMemory(device, stagingMemory);

    VkImage cubemap;
    VkDeviceMemory cubemapMemory;
    createImage(FACE_SIZE, FACE_SIZE, 1, FACE_COUNT, VK_FORMAT_R8G8B8A8_UNORM,
                VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                    VK_IMAGE_USAGE_SAMPLED_BIT,
                &cubemap, &cubemapMemory);

    VkCommandBuffer cmd = beginSingleTimeCommands();
    uploadCubemap(cmd, staging, cubemap);
    readbackCubemap(cmd, cubemap, readback);
    endSingleTimeCommands(cmd);

    vkMapMemory(device, readbackMemory, 0, VK_WHOLE_SIZE, 0, &data);
    const uint8_t *out = data;
    int bad = 0;
    for (uint32_t face = 0; face < FACE_COUNT; face++)
        if (memcmp(out + face * FACE_BYTES, faceColors[face], 4) != 0)
            bad++;
    printf("%d of %d faces differ\n", bad, FACE_COUNT);
    vkUnmapMemory(device, readbackMemory);
    return 0;
}
