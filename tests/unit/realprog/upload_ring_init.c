/* An upload ring set up the way most engines write it: the struct is
   initialised with its size (everything else zero), its memory allocated
   and mapped through its members.  A copy out of the ring is submitted,
   and the host then writes the next upload into the same bytes; with
   -DWITH_BARRIER it waits for the queue first. */
#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan.h>

struct upload_ring {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t *map;
    VkDeviceSize size;
};

void upload_twice(VkDevice device, VkQueue queue, VkCommandBuffer cmd, VkBuffer target,
                  const float *first, const float *second)
{
    struct upload_ring ring = {.size = 4096};
    VkBufferCreateInfo buffer_info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = ring.size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
    };
    vkCreateBuffer(device, &buffer_info, NULL, &ring.buffer);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = ring.size,
    };
    vkAllocateMemory(device, &alloc, NULL, &ring.memory);
    vkBindBufferMemory(device, ring.buffer, ring.memory, 0);
    vkMapMemory(device, ring.memory, 0, VK_WHOLE_SIZE, 0, (void **)&ring.map);

    memcpy(ring.map, first, 256);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkCmdCopyBuffer(cmd, ring.buffer, target, 1, &region);
    vkEndCommandBuffer(cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE);
#ifdef WITH_BARRIER
    vkQueueWaitIdle(queue);
#endif
    memcpy(ring.map, second, 256);
}
