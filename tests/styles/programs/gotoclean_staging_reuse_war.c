// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 51
// Error handling with `goto cleanup`: every call's VkResult is checked and a
// failure jumps to the one cleanup block, which destroys what was created in
// reverse order.  The staging buffer is copied to the device buffer and then
// refilled from the second source in the same command buffer, with no
// barrier between the read and the refill.
#include "lite.h"

#define SIZE 8192

int main(void)
{
    int status = 1;
    VkResult r;
    struct lite l;
    VkBuffer staging = VK_NULL_HANDLE, device_copy = VK_NULL_HANDLE, next = VK_NULL_HANDLE;
    VkDeviceMemory staging_mem = VK_NULL_HANDLE, device_mem = VK_NULL_HANDLE,
                   next_mem = VK_NULL_HANDLE;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&l) != 0)
        return 1;
    r = lite_buffer(&l, SIZE, usage, &staging, &staging_mem);
    if (r != VK_SUCCESS)
        goto cleanup;
    r = lite_buffer(&l, SIZE, usage, &device_copy, &device_mem);
    if (r != VK_SUCCESS)
        goto cleanup;
    r = lite_buffer(&l, SIZE, usage, &next, &next_mem);
    if (r != VK_SUCCESS)
        goto cleanup;

    void *host;
    r = vkMapMemory(l.device, next_mem, 0, SIZE, 0, &host);
    if (r != VK_SUCCESS)
        goto cleanup;
    memset(host, 0x77, SIZE);
    vkUnmapMemory(l.device, next_mem);

    r = lite_alloc(&l, 1, &cmd);
    if (r != VK_SUCCESS)
        goto cleanup;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    r = vkBeginCommandBuffer(cmd, &begin);
    if (r != VK_SUCCESS)
        goto cleanup;
    VkBufferCopy all = {.size = SIZE};
    vkCmdCopyBuffer(cmd, staging, device_copy, 1, &all);
    vkCmdCopyBuffer(cmd, next, staging, 1, &all);
    r = vkEndCommandBuffer(cmd);
    if (r != VK_SUCCESS)
        goto cleanup;
    r = lite_submit(&l, 1, &cmd);
    if (r != VK_SUCCESS)
        goto cleanup;
    status = 0;

cleanup:
    vkDeviceWaitIdle(l.device);
    if (cmd != VK_NULL_HANDLE)
        vkFreeCommandBuffers(l.device, l.pool, 1, &cmd);
    vkDestroyBuffer(l.device, next, NULL);
    vkFreeMemory(l.device, next_mem, NULL);
    vkDestroyBuffer(l.device, device_copy, NULL);
    vkFreeMemory(l.device, device_mem, NULL);
    vkDestroyBuffer(l.device, staging, NULL);
    vkFreeMemory(l.device, staging_mem, NULL);
    vkDestroyCommandPool(l.device, l.pool, NULL);
    vkDestroyDevice(l.device, NULL);
    vkDestroyInstance(l.instance, NULL);
    return status;
}
