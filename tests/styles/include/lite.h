/*
 * lite.h - a minimal header of `static inline` helpers, prefix lite_:
 * one struct for the device, resources returned through out-parameters
 * as plain handles, and a submit that takes an array of command buffers.
 *
 *     struct lite ctx;
 *     if (lite_init(&ctx) != 0) return 1;
 *     VkBuffer b; VkDeviceMemory m;
 *     lite_buffer(&ctx, 4096, usage, &b, &m);
 *     VkCommandBuffer cmd[2]; lite_alloc(&ctx, 2, cmd);
 *     ... vkBeginCommandBuffer / record / vkEndCommandBuffer ...
 *     lite_submit(&ctx, 2, cmd);           // one vkQueueSubmit, then waits
 */
#ifndef LITE_H
#define LITE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

struct lite {
    VkInstance instance;
    VkPhysicalDevice gpu;
    VkPhysicalDeviceMemoryProperties mem;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    VkCommandPool pool;
};

static inline int lite_init(struct lite *l)
{
    memset(l, 0, sizeof *l);
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "lite",
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    if (vkCreateInstance(&ici, NULL, &l->instance) != VK_SUCCESS)
        return -1;
    uint32_t n = 1;
    VkResult r = vkEnumeratePhysicalDevices(l->instance, &n, &l->gpu);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0)
        return -1;
    vkGetPhysicalDeviceMemoryProperties(l->gpu, &l->mem);
    l->family = 0; /* lavapipe: one family, graphics + compute + transfer */
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = l->family,
        .queueCount = 1,
        .pQueuePriorities = &prio,
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
    if (vkCreateDevice(l->gpu, &dci, NULL, &l->device) != VK_SUCCESS)
        return -1;
    vkGetDeviceQueue(l->device, l->family, 0, &l->queue);
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = l->family,
    };
    if (vkCreateCommandPool(l->device, &pci, NULL, &l->pool) != VK_SUCCESS)
        return -1;
    return 0;
}

static inline uint32_t lite_memory_type(const struct lite *l, uint32_t bits,
                                        VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < l->mem.memoryTypeCount; i++)
        if ((bits >> i) & 1u)
            if ((l->mem.memoryTypes[i].propertyFlags & want) == want)
                return i;
    return 0;
}

static inline VkResult lite_buffer(struct lite *l, VkDeviceSize size,
                                   VkBufferUsageFlags usage, VkBuffer *buf,
                                   VkDeviceMemory *mem)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    VkResult r = vkCreateBuffer(l->device, &bci, NULL, buf);
    if (r != VK_SUCCESS)
        return r;
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(l->device, *buf, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = lite_memory_type(l, req.memoryTypeBits,
                                            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
    };
    r = vkAllocateMemory(l->device, &mai, NULL, mem);
    if (r != VK_SUCCESS)
        return r;
    return vkBindBufferMemory(l->device, *buf, *mem, 0);
}

static inline VkResult lite_image(struct lite *l, uint32_t w, uint32_t h,
                                  VkImageUsageFlags usage, VkImage *img,
                                  VkDeviceMemory *mem)
{
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {w, h, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VkResult r = vkCreateImage(l->device, &ici, NULL, img);
    if (r != VK_SUCCESS)
        return r;
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(l->device, *img, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = lite_memory_type(l, req.memoryTypeBits, 0),
    };
    r = vkAllocateMemory(l->device, &mai, NULL, mem);
    if (r != VK_SUCCESS)
        return r;
    return vkBindImageMemory(l->device, *img, *mem, 0);
}

static inline VkResult lite_alloc(struct lite *l, uint32_t count, VkCommandBuffer *cmds)
{
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = l->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = count,
    };
    return vkAllocateCommandBuffers(l->device, &cai, cmds);
}

static inline VkResult lite_submit(struct lite *l, uint32_t count, const VkCommandBuffer *cmds)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = count,
        .pCommandBuffers = cmds,
    };
    VkResult r = vkQueueSubmit(l->queue, 1, &si, VK_NULL_HANDLE);
    if (r != VK_SUCCESS)
        return r;
    return vkQueueWaitIdle(l->queue);
}

#endif
