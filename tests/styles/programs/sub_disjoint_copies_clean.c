// EXPECT: clean
// Suballocation (suballoc.h): a vertex range and an index range carved out
// of one VkBuffer by the linear allocator, at offsets aligned to 64 and to
// 256.  Both are filled from one staging buffer by two copies with no
// barrier between them - they write disjoint bytes of the same buffer,
// which needs no synchronization - then one barrier makes both visible to
// the copies that read them back.
#include "suballoc.h"

static const float verts[] = {0.0f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 1.0f, 1.0f, 1.0f};
static const uint16_t indices[] = {0, 1, 2, 2, 1, 0};

int main(void)
{
    struct lite vk;
    struct suballoc_heap heap;
    VkBuffer staging, readback;
    VkDeviceMemory staging_mem, readback_mem;
    VkCommandBuffer cmd;
    void *ptr;

    if (lite_init(&vk) != 0)
        return 1;
    if (suballoc_heap_init(&vk, &heap, 64 * 1024,
                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT) != 0)
        return 1;
    VK_CHECK(lite_buffer(&vk, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging, &staging_mem));
    VK_CHECK(lite_buffer(&vk, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_mem));

    struct suballoc vbo = suballoc_alloc(&heap, sizeof verts, 64);
    struct suballoc ibo = suballoc_alloc(&heap, sizeof indices, 256);
    if (vbo.buffer == VK_NULL_HANDLE || ibo.buffer == VK_NULL_HANDLE)
        return 1;

    VK_CHECK(vkMapMemory(vk.device, staging_mem, 0, VK_WHOLE_SIZE, 0, &ptr));
    memcpy(ptr, verts, sizeof verts);
    memcpy((char *)ptr + 1024, indices, sizeof indices);
    vkUnmapMemory(vk.device, staging_mem);

    VK_CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));

    VkBufferCopy up_v = {.srcOffset = 0, .dstOffset = vbo.offset, .size = vbo.size};
    VkBufferCopy up_i = {.srcOffset = 1024, .dstOffset = ibo.offset, .size = ibo.size};
    vkCmdCopyBuffer(cmd, staging, vbo.buffer, 1, &up_v);
    vkCmdCopyBuffer(cmd, staging, ibo.buffer, 1, &up_i);

    VkBufferMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = heap.buffer,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &uploaded, 0, NULL);

    VkBufferCopy back_v = {.srcOffset = vbo.offset, .dstOffset = 0, .size = vbo.size};
    VkBufferCopy back_i = {.srcOffset = ibo.offset, .dstOffset = 1024, .size = ibo.size};
    vkCmdCopyBuffer(cmd, vbo.buffer, readback, 1, &back_v);
    vkCmdCopyBuffer(cmd, ibo.buffer, readback, 1, &back_i);
    VK_CHECK(vkEndCommandBuffer(cmd));
    VK_CHECK(lite_submit(&vk, 1, &cmd));

    printf("vbo at %llu, ibo at %llu\n", (unsigned long long)vbo.offset,
           (unsigned long long)ibo.offset);
    return 0;
}
