/*
 * gpu.h - value-type wrappers: every constructor returns its object by value
 * (`buffer b = make_buffer(&gpu, size, usage);`) and every destructor takes
 * it by value.  Memory types are picked by a loop over the device's types.
 */
#ifndef GPU_H
#define GPU_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <vulkan/vulkan.h>

typedef struct {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    VkQueue queue;
    uint32_t family;
    VkCommandPool pool;
    VkPhysicalDeviceMemoryProperties memory;
} context;

typedef struct {
    VkBuffer handle;
    VkDeviceMemory memory;
    VkDeviceSize size;
} buffer;

typedef struct {
    VkImage handle;
    VkDeviceMemory memory;
    VkFormat format;
    VkExtent3D extent;
} image;

static void check(VkResult result, const char *what)
{
    if (result != VK_SUCCESS) {
        fprintf(stderr, "%s: VkResult %d\n", what, (int)result);
        exit(EXIT_FAILURE);
    }
}

static context make_context(void)
{
    context c = {0};
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo instance_info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    check(vkCreateInstance(&instance_info, NULL, &c.instance), "vkCreateInstance");
    uint32_t n = 1;
    VkResult r = vkEnumeratePhysicalDevices(c.instance, &n, &c.physical);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0) {
        fprintf(stderr, "no physical device\n");
        exit(EXIT_FAILURE);
    }
    vkGetPhysicalDeviceMemoryProperties(c.physical, &c.memory);

    VkQueueFamilyProperties families[8];
    uint32_t family_count = 8;
    vkGetPhysicalDeviceQueueFamilyProperties(c.physical, &family_count, families);
    c.family = 0;
    while (c.family < family_count &&
           !(families[c.family].queueFlags & VK_QUEUE_GRAPHICS_BIT))
        c.family++;
    if (c.family == family_count) {
        fprintf(stderr, "no graphics queue family\n");
        exit(EXIT_FAILURE);
    }

    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue_info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = c.family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkPhysicalDeviceVulkan13Features features13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .synchronization2 = VK_TRUE,
    };
    VkDeviceCreateInfo device_info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &features13,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue_info,
    };
    check(vkCreateDevice(c.physical, &device_info, NULL, &c.device), "vkCreateDevice");
    vkGetDeviceQueue(c.device, c.family, 0, &c.queue);
    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = c.family,
    };
    check(vkCreateCommandPool(c.device, &pool_info, NULL, &c.pool), "vkCreateCommandPool");
    return c;
}

static uint32_t find_memory_type(const context *c, uint32_t allowed,
                                 VkMemoryPropertyFlags flags)
{
    uint32_t i;
    for (i = 0; i < c->memory.memoryTypeCount; ++i)
        if ((allowed & (1u << i)) &&
            (c->memory.memoryTypes[i].propertyFlags & flags) == flags)
            break;
    if (i == c->memory.memoryTypeCount) {
        fprintf(stderr, "no suitable memory type\n");
        exit(EXIT_FAILURE);
    }
    return i;
}

static buffer make_buffer(const context *c, VkDeviceSize size, VkBufferUsageFlags usage)
{
    buffer b = {.size = size};
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    check(vkCreateBuffer(c->device, &info, NULL, &b.handle), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(c->device, b.handle, &req);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = find_memory_type(c, req.memoryTypeBits,
                                            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT),
    };
    check(vkAllocateMemory(c->device, &alloc, NULL, &b.memory), "vkAllocateMemory");
    check(vkBindBufferMemory(c->device, b.handle, b.memory, 0), "vkBindBufferMemory");
    return b;
}

static image make_image(const context *c, uint32_t width, uint32_t height,
                        VkImageUsageFlags usage)
{
    image img = {.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = {width, height, 1}};
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = img.format,
        .extent = img.extent,
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    check(vkCreateImage(c->device, &info, NULL, &img.handle), "vkCreateImage");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(c->device, img.handle, &req);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = find_memory_type(c, req.memoryTypeBits,
                                            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
    };
    check(vkAllocateMemory(c->device, &alloc, NULL, &img.memory), "vkAllocateMemory");
    check(vkBindImageMemory(c->device, img.handle, img.memory, 0), "vkBindImageMemory");
    return img;
}

static VkCommandBuffer make_command_buffer(const context *c)
{
    VkCommandBufferAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = c->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd;
    check(vkAllocateCommandBuffers(c->device, &info, &cmd), "vkAllocateCommandBuffers");
    return cmd;
}

static void submit_and_wait(const context *c, VkCommandBuffer cmd)
{
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    check(vkQueueSubmit(c->queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
    check(vkQueueWaitIdle(c->queue), "vkQueueWaitIdle");
}

static void destroy_buffer(const context *c, buffer b)
{
    vkDestroyBuffer(c->device, b.handle, NULL);
    vkFreeMemory(c->device, b.memory, NULL);
}

static void destroy_image(const context *c, image img)
{
    vkDestroyImage(c->device, img.handle, NULL);
    vkFreeMemory(c->device, img.memory, NULL);
}

static void destroy_context(context c)
{
    vkDestroyCommandPool(c.device, c.pool, NULL);
    vkDestroyDevice(c.device, NULL);
    vkDestroyInstance(c.instance, NULL);
}

#endif
