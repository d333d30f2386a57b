// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 67
// Suballocation (suballoc.h): two uniform blocks of one VkBuffer, both
// uploaded by copies, then a buffer memory barrier whose offset and size
// are the first block's.  "The first access scope is limited to access to
// memory through the specified buffer range" (Synchronization, Buffer
// Memory Barriers): the copy reading the second block reads bytes the
// barrier did not make available - a read-after-write.
#include "suballoc.h"

struct camera { float view[16], proj[16]; };
struct light { float pos[4], color[4]; uint32_t count; };

int main(void)
{
    struct lite vk;
    struct suballoc_heap uniforms;
    VkBuffer staging, readback;
    VkDeviceMemory staging_mem, readback_mem;
    VkCommandBuffer cmd;
    uint8_t *map;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &uniforms, 16384,
                           VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_TRANSFER_SRC_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, 1024, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging, &staging_mem));
    VK_CHECK(lite_buffer(&vk, 1024, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_mem));

    /* minUniformBufferOffsetAlignment is at most 256 */
    struct suballoc cam = suballoc_alloc(&uniforms, sizeof(struct camera), 256);
    struct suballoc lights = suballoc_alloc(&uniforms, sizeof(struct light), 256);

    VK_CHECK(vkMapMemory(vk.device, staging_mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
    memset(map, 0, 1024);
    ((struct light *)(map + 512))->count = 1;
    vkUnmapMemory(vk.device, staging_mem);

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));

    VkBufferCopy regions[2] = {
        {.srcOffset = 0, .dstOffset = cam.offset, .size = cam.size},
        {.srcOffset = 512, .dstOffset = lights.offset, .size = lights.size},
    };
    vkCmdCopyBuffer(cmd, staging, cam.buffer, 1, &regions[0]);
    vkCmdCopyBuffer(cmd, staging, lights.buffer, 1, &regions[1]);

    VkBufferMemoryBarrier bmb = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = cam.buffer,
        .offset = cam.offset,
        .size = cam.size,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &bmb, 0, NULL);

    VkBufferCopy out_cam = {.srcOffset = cam.offset, .dstOffset = 0, .size = cam.size};
    VkBufferCopy out_light = {.srcOffset = lights.offset, .dstOffset = 512, .size = lights.size};
    vkCmdCopyBuffer(cmd, cam.buffer, readback, 1, &out_cam);
    vkCmdCopyBuffer(cmd, lights.buffer, readback, 1, &out_light);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));
    return 0;
}
