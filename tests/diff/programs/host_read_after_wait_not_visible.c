// EXPECT: clean
// VKSYNC-ONLY: host-access host-read-not-visible* at line 82
// The host waits for the copy, then reads `target`, but no barrier to
// HOST / HOST_READ made the copy's write visible to the host: "Signaling a
// fence and waiting on the host does not guarantee that the results of
// memory accesses will be visible to the host".  The layer never checks
// host accesses (and lavapipe's memory is coherent, so the program works).
#include "vkrt.h"

static void record(VkCommandBuffer cmd, VkBuffer staging, VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    VkBufferCopy region = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = 256,
    };
    vkCmdCopyBuffer(cmd, staging, target, 1, &region);
    vkEndCommandBuffer(cmd);
}

/* A buffer in its own host-visible, host-coherent memory, bound and mapped
   here (not through the harness) so vksync-lint sees the mapping. */
static VkBuffer mapped_buffer(vkrt *rt, VkDeviceSize size, VkDeviceMemory *memory,
                              void **data)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkBuffer buffer;
    vkCreateBuffer(rt->device, &info, NULL, &buffer);
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(rt->device, buffer, &req);
    const VkMemoryPropertyFlags wanted = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = 0;
    while (type < rt->memory_properties.memoryTypeCount &&
           (!(req.memoryTypeBits & (1u << type)) ||
            (rt->memory_properties.memoryTypes[type].propertyFlags & wanted) != wanted))
        type++;
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    vkAllocateMemory(rt->device, &alloc, NULL, memory);
    vkBindBufferMemory(rt->device, buffer, *memory, 0);
    vkMapMemory(rt->device, *memory, 0, VK_WHOLE_SIZE, 0, data);
    return buffer;
}

static void release(vkrt *rt, VkBuffer buffer, VkDeviceMemory memory)
{
    vkUnmapMemory(rt->device, memory);
    vkDestroyBuffer(rt->device, buffer, NULL);
    vkFreeMemory(rt->device, memory, NULL);
}

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer staging = vkrt_buffer(rt, 256);
    VkDeviceMemory memory;
    uint32_t *result;
    VkBuffer target = mapped_buffer(rt, 256, &memory, (void **)&result);
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record(cmd, staging, target);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    vkQueueSubmit(rt->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(rt->queue);
    uint32_t first = result[0];
    release(rt, target, memory);
    return first == 0xdeadbeef ? 1 : vkrt_finish(rt);
}
