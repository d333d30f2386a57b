/*
 * vkfuncs.h - device-level entry points as global function pointers,
 * fetched with vkGetDeviceProcAddr (skipping the loader's trampolines), the
 * way many engines did before volk:
 *
 *     struct vkf_device d = vkf_create_device();
 *     pfnCmdCopyBuffer(cmd, src, dst, 1, &region);
 */
#ifndef VKFUNCS_H
#define VKFUNCS_H

#include <stdio.h>
#include <stdlib.h>

#include <vulkan/vulkan.h>

static PFN_vkQueueSubmit pfnQueueSubmit;
static PFN_vkQueueWaitIdle pfnQueueWaitIdle;
static PFN_vkAllocateCommandBuffers pfnAllocateCommandBuffers;
static PFN_vkBeginCommandBuffer pfnBeginCommandBuffer;
static PFN_vkEndCommandBuffer pfnEndCommandBuffer;
static PFN_vkCmdFillBuffer pfnCmdFillBuffer;
static PFN_vkCmdUpdateBuffer pfnCmdUpdateBuffer;
static PFN_vkCmdCopyBuffer pfnCmdCopyBuffer;
static PFN_vkCmdPipelineBarrier pfnCmdPipelineBarrier;

#define VKF_LOAD(device, name) \
    (pfn##name = (PFN_vk##name)vkGetDeviceProcAddr(device, "vk" #name))

struct vkf_device {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkPhysicalDeviceMemoryProperties memory;
};

static void vkf_die(const char *what)
{
    fprintf(stderr, "fatal: %s\n", what);
    exit(2);
}

static struct vkf_device vkf_create_device(void)
{
    struct vkf_device d;
    VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO, NULL, "pfn", 1, NULL, 0,
                             VK_API_VERSION_1_1};
    VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, NULL, 0, &app,
                                0, NULL, 0, NULL};
    if (vkCreateInstance(&ici, NULL, &d.instance) != VK_SUCCESS)
        vkf_die("vkCreateInstance");
    uint32_t n = 1;
    VkResult r = vkEnumeratePhysicalDevices(d.instance, &n, &d.physical);
    if (r < 0 || n == 0)
        vkf_die("no device");
    vkGetPhysicalDeviceMemoryProperties(d.physical, &d.memory);
    /* Queue family 0 is a graphics family on every desktop driver. */
    float priority = 1.0f;
    VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, 0, 1,
                                   &priority};
    VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, NULL, 0, 1, &qci,
                              0, NULL, 0, NULL, NULL};
    if (vkCreateDevice(d.physical, &dci, NULL, &d.device) != VK_SUCCESS)
        vkf_die("vkCreateDevice");

    VKF_LOAD(d.device, QueueSubmit);
    VKF_LOAD(d.device, QueueWaitIdle);
    VKF_LOAD(d.device, AllocateCommandBuffers);
    VKF_LOAD(d.device, BeginCommandBuffer);
    VKF_LOAD(d.device, EndCommandBuffer);
    VKF_LOAD(d.device, CmdFillBuffer);
    VKF_LOAD(d.device, CmdUpdateBuffer);
    VKF_LOAD(d.device, CmdCopyBuffer);
    VKF_LOAD(d.device, CmdPipelineBarrier);

    vkGetDeviceQueue(d.device, 0, 0, &d.queue);
    VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, NULL, 0, 0};
    if (vkCreateCommandPool(d.device, &pci, NULL, &d.pool) != VK_SUCCESS)
        vkf_die("vkCreateCommandPool");
    return d;
}

static VkBuffer vkf_buffer(struct vkf_device *d, VkDeviceSize size)
{
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, NULL, 0, size,
                              VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              VK_SHARING_MODE_EXCLUSIVE, 0, NULL};
    VkBuffer buffer;
    if (vkCreateBuffer(d->device, &bci, NULL, &buffer) != VK_SUCCESS)
        vkf_die("vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(d->device, buffer, &req);
    uint32_t type;
    for (type = 0; type < d->memory.memoryTypeCount; type++)
        if (req.memoryTypeBits & (1u << type))
            break;
    VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size, type};
    VkDeviceMemory memory;
    if (vkAllocateMemory(d->device, &mai, NULL, &memory) != VK_SUCCESS ||
        vkBindBufferMemory(d->device, buffer, memory, 0) != VK_SUCCESS)
        vkf_die("buffer memory");
    return buffer;
}

#endif
