/* Two transient buffers placed in one memory block, as an engine places
   resources whose lifetimes do not overlap: both bound at offset 0.  The
   first pass clears `histogram`, the second copies out of `scratch`, the
   same bytes; the fixed program puts a global memory barrier between the
   passes, at the heap's lifetime boundary. */
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkCommandBuffer *cb, VkBuffer *out);

static VkBuffer transient(VkDevice device, VkDeviceSize size)
{
    VkBufferCreateInfo ci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, size,
                             VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VkBuffer b = VK_NULL_HANDLE;
    vkCreateBuffer(device, &ci, NULL, &b);
    return b;
}

int main(void)
{
    VkDevice device;
    VkCommandBuffer cb;
    VkBuffer out;
    VkDeviceMemory heap;
    if (gpu_open(&device, &cb, &out))
        return 1;
    VkBuffer histogram = transient(device, 1024);
    VkBuffer scratch = transient(device, 2048);
    VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, 4096, 0};
    if (vkAllocateMemory(device, &ai, NULL, &heap) != VK_SUCCESS)
        return 1;
    vkBindBufferMemory(device, histogram, heap, 0);
    vkBindBufferMemory(device, scratch, heap, 0);

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, histogram, 0, 1024, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {512, 0, 512};
    vkCmdCopyBuffer(cb, scratch, out, 1, &region);
    vkEndCommandBuffer(cb);
    return 0;
}
