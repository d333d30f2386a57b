/*
 * vkload.h - a volk-style loader, header-only: libvulkan is opened at run
 * time, and every entry point the programs use is fetched into one global
 * dispatch table, `vk`, with vkGetInstanceProcAddr / vkGetDeviceProcAddr.
 * Programs call through it: `vk.CmdCopyBuffer(cmd, src, dst, 1, &region);`
 *
 *     struct vkl_gpu gpu;
 *     vkl_bootstrap(&gpu);      // loader, instance, device, queue, pool
 */
#ifndef VKLOAD_H
#define VKLOAD_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

struct vkl_table {
    /* global */
    PFN_vkGetInstanceProcAddr GetInstanceProcAddr;
    PFN_vkCreateInstance CreateInstance;
    /* instance */
    PFN_vkDestroyInstance DestroyInstance;
    PFN_vkEnumeratePhysicalDevices EnumeratePhysicalDevices;
    PFN_vkGetPhysicalDeviceProperties GetPhysicalDeviceProperties;
    PFN_vkGetPhysicalDeviceMemoryProperties GetPhysicalDeviceMemoryProperties;
    PFN_vkGetPhysicalDeviceQueueFamilyProperties GetPhysicalDeviceQueueFamilyProperties;
    PFN_vkCreateDevice CreateDevice;
    PFN_vkGetDeviceProcAddr GetDeviceProcAddr;
    /* device */
    PFN_vkDestroyDevice DestroyDevice;
    PFN_vkGetDeviceQueue GetDeviceQueue;
    PFN_vkDeviceWaitIdle DeviceWaitIdle;
    PFN_vkQueueSubmit QueueSubmit;
    PFN_vkQueueSubmit2 QueueSubmit2;
    PFN_vkQueueWaitIdle QueueWaitIdle;
    PFN_vkCreateBuffer CreateBuffer;
    PFN_vkDestroyBuffer DestroyBuffer;
    PFN_vkGetBufferMemoryRequirements GetBufferMemoryRequirements;
    PFN_vkBindBufferMemory BindBufferMemory;
    PFN_vkCreateImage CreateImage;
    PFN_vkDestroyImage DestroyImage;
    PFN_vkGetImageMemoryRequirements GetImageMemoryRequirements;
    PFN_vkBindImageMemory BindImageMemory;
    PFN_vkAllocateMemory AllocateMemory;
    PFN_vkFreeMemory FreeMemory;
    PFN_vkCreateCommandPool CreateCommandPool;
    PFN_vkDestroyCommandPool DestroyCommandPool;
    PFN_vkAllocateCommandBuffers AllocateCommandBuffers;
    PFN_vkBeginCommandBuffer BeginCommandBuffer;
    PFN_vkEndCommandBuffer EndCommandBuffer;
    PFN_vkCmdFillBuffer CmdFillBuffer;
    PFN_vkCmdUpdateBuffer CmdUpdateBuffer;
    PFN_vkCmdCopyBuffer CmdCopyBuffer;
    PFN_vkCmdCopyBuffer2 CmdCopyBuffer2;
    PFN_vkCmdCopyImage CmdCopyImage;
    PFN_vkCmdCopyBufferToImage CmdCopyBufferToImage;
    PFN_vkCmdCopyImageToBuffer CmdCopyImageToBuffer;
    PFN_vkCmdClearColorImage CmdClearColorImage;
    PFN_vkCmdPipelineBarrier CmdPipelineBarrier;
    PFN_vkCmdPipelineBarrier2 CmdPipelineBarrier2;
};

static struct vkl_table vk;
static void *vkl_library;

struct vkl_gpu {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkPhysicalDeviceMemoryProperties memory;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    VkCommandPool pool;
};

static inline void vkl_fail(const char *what)
{
    fprintf(stderr, "vkload: %s\n", what);
    exit(1);
}

static inline void vkl_initialize(void)
{
    vkl_library = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!vkl_library)
        vkl_fail("cannot open libvulkan.so.1");
    vk.GetInstanceProcAddr = (PFN_vkGetInstanceProcAddr)dlsym(vkl_library, "vkGetInstanceProcAddr");
    if (!vk.GetInstanceProcAddr)
        vkl_fail("libvulkan has no vkGetInstanceProcAddr");
    vk.CreateInstance = (PFN_vkCreateInstance)vk.GetInstanceProcAddr(NULL, "vkCreateInstance");
}

static inline void vkl_load_instance(VkInstance instance)
{
    vk.DestroyInstance = (PFN_vkDestroyInstance)vk.GetInstanceProcAddr(instance, "vkDestroyInstance");
    vk.EnumeratePhysicalDevices = (PFN_vkEnumeratePhysicalDevices)vk.GetInstanceProcAddr(instance, "vkEnumeratePhysicalDevices");
    vk.GetPhysicalDeviceProperties = (PFN_vkGetPhysicalDeviceProperties)vk.GetInstanceProcAddr(instance, "vkGetPhysicalDeviceProperties");
    vk.GetPhysicalDeviceMemoryProperties = (PFN_vkGetPhysicalDeviceMemoryProperties)vk.GetInstanceProcAddr(instance, "vkGetPhysicalDeviceMemoryProperties");
    vk.GetPhysicalDeviceQueueFamilyProperties = (PFN_vkGetPhysicalDeviceQueueFamilyProperties)vk.GetInstanceProcAddr(instance, "vkGetPhysicalDeviceQueueFamilyProperties");
    vk.CreateDevice = (PFN_vkCreateDevice)vk.GetInstanceProcAddr(instance, "vkCreateDevice");
    vk.GetDeviceProcAddr = (PFN_vkGetDeviceProcAddr)vk.GetInstanceProcAddr(instance, "vkGetDeviceProcAddr");
}

static inline void vkl_load_device(VkDevice device)
{
    vk.DestroyDevice = (PFN_vkDestroyDevice)vk.GetDeviceProcAddr(device, "vkDestroyDevice");
    vk.GetDeviceQueue = (PFN_vkGetDeviceQueue)vk.GetDeviceProcAddr(device, "vkGetDeviceQueue");
    vk.DeviceWaitIdle = (PFN_vkDeviceWaitIdle)vk.GetDeviceProcAddr(device, "vkDeviceWaitIdle");
    vk.QueueSubmit = (PFN_vkQueueSubmit)vk.GetDeviceProcAddr(device, "vkQueueSubmit");
    vk.QueueSubmit2 = (PFN_vkQueueSubmit2)vk.GetDeviceProcAddr(device, "vkQueueSubmit2");
    vk.QueueWaitIdle = (PFN_vkQueueWaitIdle)vk.GetDeviceProcAddr(device, "vkQueueWaitIdle");
    vk.CreateBuffer = (PFN_vkCreateBuffer)vk.GetDeviceProcAddr(device, "vkCreateBuffer");
    vk.DestroyBuffer = (PFN_vkDestroyBuffer)vk.GetDeviceProcAddr(device, "vkDestroyBuffer");
    vk.GetBufferMemoryRequirements = (PFN_vkGetBufferMemoryRequirements)vk.GetDeviceProcAddr(device, "vkGetBufferMemoryRequirements");
    vk.BindBufferMemory = (PFN_vkBindBufferMemory)vk.GetDeviceProcAddr(device, "vkBindBufferMemory");
    vk.CreateImage = (PFN_vkCreateImage)vk.GetDeviceProcAddr(device, "vkCreateImage");
    vk.DestroyImage = (PFN_vkDestroyImage)vk.GetDeviceProcAddr(device, "vkDestroyImage");
    vk.GetImageMemoryRequirements = (PFN_vkGetImageMemoryRequirements)vk.GetDeviceProcAddr(device, "vkGetImageMemoryRequirements");
    vk.BindImageMemory = (PFN_vkBindImageMemory)vk.GetDeviceProcAddr(device, "vkBindImageMemory");
    vk.AllocateMemory = (PFN_vkAllocateMemory)vk.GetDeviceProcAddr(device, "vkAllocateMemory");
    vk.FreeMemory = (PFN_vkFreeMemory)vk.GetDeviceProcAddr(device, "vkFreeMemory");
    vk.CreateCommandPool = (PFN_vkCreateCommandPool)vk.GetDeviceProcAddr(device, "vkCreateCommandPool");
    vk.DestroyCommandPool = (PFN_vkDestroyCommandPool)vk.GetDeviceProcAddr(device, "vkDestroyCommandPool");
    vk.AllocateCommandBuffers = (PFN_vkAllocateCommandBuffers)vk.GetDeviceProcAddr(device, "vkAllocateCommandBuffers");
    vk.BeginCommandBuffer = (PFN_vkBeginCommandBuffer)vk.GetDeviceProcAddr(device, "vkBeginCommandBuffer");
    vk.EndCommandBuffer = (PFN_vkEndCommandBuffer)vk.GetDeviceProcAddr(device, "vkEndCommandBuffer");
    vk.CmdFillBuffer = (PFN_vkCmdFillBuffer)vk.GetDeviceProcAddr(device, "vkCmdFillBuffer");
    vk.CmdUpdateBuffer = (PFN_vkCmdUpdateBuffer)vk.GetDeviceProcAddr(device, "vkCmdUpdateBuffer");
    vk.CmdCopyBuffer = (PFN_vkCmdCopyBuffer)vk.GetDeviceProcAddr(device, "vkCmdCopyBuffer");
    vk.CmdCopyBuffer2 = (PFN_vkCmdCopyBuffer2)vk.GetDeviceProcAddr(device, "vkCmdCopyBuffer2");
    vk.CmdCopyImage = (PFN_vkCmdCopyImage)vk.GetDeviceProcAddr(device, "vkCmdCopyImage");
    vk.CmdCopyBufferToImage = (PFN_vkCmdCopyBufferToImage)vk.GetDeviceProcAddr(device, "vkCmdCopyBufferToImage");
    vk.CmdCopyImageToBuffer = (PFN_vkCmdCopyImageToBuffer)vk.GetDeviceProcAddr(device, "vkCmdCopyImageToBuffer");
    vk.CmdClearColorImage = (PFN_vkCmdClearColorImage)vk.GetDeviceProcAddr(device, "vkCmdClearColorImage");
    vk.CmdPipelineBarrier = (PFN_vkCmdPipelineBarrier)vk.GetDeviceProcAddr(device, "vkCmdPipelineBarrier");
    vk.CmdPipelineBarrier2 = (PFN_vkCmdPipelineBarrier2)vk.GetDeviceProcAddr(device, "vkCmdPipelineBarrier2");
}

static inline void vkl_bootstrap(struct vkl_gpu *gpu)
{
    vkl_initialize();
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    if (vk.CreateInstance(&ici, NULL, &gpu->instance) != VK_SUCCESS)
        vkl_fail("vkCreateInstance failed");
    vkl_load_instance(gpu->instance);

    uint32_t count = 1;
    VkResult r = vk.EnumeratePhysicalDevices(gpu->instance, &count, &gpu->physical);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0)
        vkl_fail("no physical device");
    VkPhysicalDeviceProperties props;
    vk.GetPhysicalDeviceProperties(gpu->physical, &props);
    if (VK_API_VERSION_MINOR(props.apiVersion) < 3)
        vkl_fail("Vulkan 1.3 required");
    vk.GetPhysicalDeviceMemoryProperties(gpu->physical, &gpu->memory);
    VkQueueFamilyProperties families[8];
    uint32_t nfam = 8;
    vk.GetPhysicalDeviceQueueFamilyProperties(gpu->physical, &nfam, families);
    gpu->family = UINT32_MAX;
    for (uint32_t i = 0; i < nfam && gpu->family == UINT32_MAX; i++)
        if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)
            gpu->family = i;
    if (gpu->family == UINT32_MAX)
        vkl_fail("no graphics queue");

    float priority = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = gpu->family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkPhysicalDeviceVulkan13Features f13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .synchronization2 = VK_TRUE,
    };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &f13,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
    };
    if (vk.CreateDevice(gpu->physical, &dci, NULL, &gpu->device) != VK_SUCCESS)
        vkl_fail("vkCreateDevice failed");
    vkl_load_device(gpu->device);
    vk.GetDeviceQueue(gpu->device, gpu->family, 0, &gpu->queue);
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = gpu->family,
    };
    if (vk.CreateCommandPool(gpu->device, &pci, NULL, &gpu->pool) != VK_SUCCESS)
        vkl_fail("vkCreateCommandPool failed");
}

/* A buffer in host-visible memory (the first type that has it). */
static inline VkBuffer vkl_buffer(struct vkl_gpu *gpu, VkDeviceSize size,
                                  VkBufferUsageFlags usage, VkDeviceMemory *memory)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    VkBuffer buffer;
    if (vk.CreateBuffer(gpu->device, &bci, NULL, &buffer) != VK_SUCCESS)
        vkl_fail("vkCreateBuffer failed");
    VkMemoryRequirements req;
    vk.GetBufferMemoryRequirements(gpu->device, buffer, &req);
    uint32_t type = 0;
    while (type < gpu->memory.memoryTypeCount &&
           !((req.memoryTypeBits >> type) & 1 &&
             gpu->memory.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
        type++;
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    if (vk.AllocateMemory(gpu->device, &mai, NULL, memory) != VK_SUCCESS ||
        vk.BindBufferMemory(gpu->device, buffer, *memory, 0) != VK_SUCCESS)
        vkl_fail("buffer memory");
    return buffer;
}

/* A 2D RGBA8 image, optimal tiling, device-local memory. */
static inline VkImage vkl_image(struct vkl_gpu *gpu, uint32_t width, uint32_t height,
                                VkImageUsageFlags usage, VkDeviceMemory *memory)
{
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {width, height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
    };
    VkImage image;
    if (vk.CreateImage(gpu->device, &ici, NULL, &image) != VK_SUCCESS)
        vkl_fail("vkCreateImage failed");
    VkMemoryRequirements req;
    vk.GetImageMemoryRequirements(gpu->device, image, &req);
    uint32_t type = 0;
    while (type < gpu->memory.memoryTypeCount &&
           !((req.memoryTypeBits >> type) & 1 &&
             gpu->memory.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
        type++;
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    if (vk.AllocateMemory(gpu->device, &mai, NULL, memory) != VK_SUCCESS ||
        vk.BindImageMemory(gpu->device, image, *memory, 0) != VK_SUCCESS)
        vkl_fail("image memory");
    return image;
}

static inline VkCommandBuffer vkl_command_buffer(struct vkl_gpu *gpu)
{
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = gpu->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd;
    if (vk.AllocateCommandBuffers(gpu->device, &cai, &cmd) != VK_SUCCESS)
        vkl_fail("vkAllocateCommandBuffers failed");
    return cmd;
}

static inline void vkl_submit_wait(struct vkl_gpu *gpu, VkCommandBuffer cmd)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    if (vk.QueueSubmit(gpu->queue, 1, &si, VK_NULL_HANDLE) != VK_SUCCESS)
        vkl_fail("vkQueueSubmit failed");
    vk.QueueWaitIdle(gpu->queue);
}

/* The programs leave their objects to the process exit: the device and the
 * instance are not destroyed either (the validation layer would report
 * every child object still alive). */

#endif
