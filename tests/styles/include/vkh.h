/*
 * vkh.h - a small header-only Vulkan helper library: every function is
 * `static inline`, the programs include it and nothing else.
 *
 *     vkh_context ctx;
 *     vkh_init(&ctx, "my-app");            // exits when Vulkan 1.3 is missing
 *     VkBuffer buf; VkDeviceMemory mem;
 *     vkh_create_buffer(&ctx, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf, &mem);
 *     VkCommandBuffer cmd = vkh_command_buffer(&ctx);
 *     vkh_begin(cmd);  ...record...  vkh_end(cmd);
 *     vkh_submit_and_wait(&ctx, cmd);
 *     vkh_shutdown(&ctx);
 */
#ifndef VKH_H
#define VKH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

typedef struct vkh_context {
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkPhysicalDeviceProperties properties;
    VkPhysicalDeviceMemoryProperties memory;
    VkDevice device;
    uint32_t queue_family;
    VkQueue queue;
    VkCommandPool pool;
} vkh_context;

static inline void vkh_die(const char *what, VkResult result)
{
    fprintf(stderr, "vkh: %s failed (VkResult %d)\n", what, (int)result);
    exit(1);
}

#define VKH_TRY(call)                            \
    do {                                         \
        VkResult vkh_result_ = (call);           \
        if (vkh_result_ != VK_SUCCESS)           \
            vkh_die(#call, vkh_result_);         \
    } while (0)

static inline void vkh_init(vkh_context *ctx, const char *app_name)
{
    memset(ctx, 0, sizeof *ctx);
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = app_name,
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    VKH_TRY(vkCreateInstance(&ici, NULL, &ctx->instance));

    uint32_t count = 0;
    VKH_TRY(vkEnumeratePhysicalDevices(ctx->instance, &count, NULL));
    if (count == 0) {
        fprintf(stderr, "vkh: no Vulkan device\n");
        exit(1);
    }
    VkPhysicalDevice devices[8];
    if (count > 8)
        count = 8;
    VkResult r = vkEnumeratePhysicalDevices(ctx->instance, &count, devices);
    if (r != VK_SUCCESS && r != VK_INCOMPLETE)
        vkh_die("vkEnumeratePhysicalDevices", r);
    ctx->physical_device = devices[0];

    vkGetPhysicalDeviceProperties(ctx->physical_device, &ctx->properties);
    if (ctx->properties.apiVersion < VK_API_VERSION_1_3) {
        fprintf(stderr, "vkh: %s does not support Vulkan 1.3\n",
                ctx->properties.deviceName);
        exit(1);
    }
    VkPhysicalDeviceVulkan13Features f13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
    };
    VkPhysicalDeviceFeatures2 f2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = &f13,
    };
    vkGetPhysicalDeviceFeatures2(ctx->physical_device, &f2);
    if (!f13.synchronization2) {
        fprintf(stderr, "vkh: synchronization2 is not supported\n");
        exit(1);
    }
    vkGetPhysicalDeviceMemoryProperties(ctx->physical_device, &ctx->memory);

    VkQueueFamilyProperties families[16];
    uint32_t family_count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical_device, &family_count, families);
    ctx->queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < family_count; i++) {
        if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
            ctx->queue_family = i;
            break;
        }
    }
    if (ctx->queue_family == UINT32_MAX) {
        fprintf(stderr, "vkh: no graphics queue\n");
        exit(1);
    }

    float priority = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = ctx->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkPhysicalDeviceVulkan13Features enable13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .synchronization2 = VK_TRUE,
    };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &enable13,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
    };
    VKH_TRY(vkCreateDevice(ctx->physical_device, &dci, NULL, &ctx->device));
    vkGetDeviceQueue(ctx->device, ctx->queue_family, 0, &ctx->queue);

    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = ctx->queue_family,
    };
    VKH_TRY(vkCreateCommandPool(ctx->device, &pci, NULL, &ctx->pool));
}

static inline uint32_t vkh_memory_type(const vkh_context *ctx, uint32_t type_bits,
                                       VkMemoryPropertyFlags wanted)
{
    for (uint32_t i = 0; i < ctx->memory.memoryTypeCount; i++) {
        if ((type_bits & (1u << i)) &&
            (ctx->memory.memoryTypes[i].propertyFlags & wanted) == wanted)
            return i;
    }
    fprintf(stderr, "vkh: no memory type with flags 0x%x\n", (unsigned)wanted);
    exit(1);
}

static inline void vkh_create_buffer(vkh_context *ctx, VkDeviceSize size,
                                     VkBufferUsageFlags usage, VkBuffer *buffer,
                                     VkDeviceMemory *memory)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VKH_TRY(vkCreateBuffer(ctx->device, &bci, NULL, buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(ctx->device, *buffer, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = vkh_memory_type(ctx, req.memoryTypeBits,
                                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                           VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
    };
    VKH_TRY(vkAllocateMemory(ctx->device, &mai, NULL, memory));
    VKH_TRY(vkBindBufferMemory(ctx->device, *buffer, *memory, 0));
}

static inline void vkh_create_image(vkh_context *ctx, uint32_t width, uint32_t height,
                                    VkFormat format, VkImageUsageFlags usage,
                                    VkImage *image, VkDeviceMemory *memory)
{
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = format,
        .extent = {width, height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VKH_TRY(vkCreateImage(ctx->device, &ici, NULL, image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(ctx->device, *image, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = vkh_memory_type(ctx, req.memoryTypeBits,
                                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
    };
    VKH_TRY(vkAllocateMemory(ctx->device, &mai, NULL, memory));
    VKH_TRY(vkBindImageMemory(ctx->device, *image, *memory, 0));
}

static inline VkCommandBuffer vkh_command_buffer(vkh_context *ctx)
{
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = ctx->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd;
    VKH_TRY(vkAllocateCommandBuffers(ctx->device, &cai, &cmd));
    return cmd;
}

static inline void vkh_begin(VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VKH_TRY(vkBeginCommandBuffer(cmd, &bi));
}

static inline void vkh_end(VkCommandBuffer cmd)
{
    VKH_TRY(vkEndCommandBuffer(cmd));
}

static inline VkFence vkh_fence(vkh_context *ctx, int signaled)
{
    VkFenceCreateInfo fci = {
        .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
        .flags = signaled ? VK_FENCE_CREATE_SIGNALED_BIT : 0,
    };
    VkFence fence;
    VKH_TRY(vkCreateFence(ctx->device, &fci, NULL, &fence));
    return fence;
}

static inline void vkh_submit(vkh_context *ctx, VkCommandBuffer cmd, VkFence fence)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    VKH_TRY(vkQueueSubmit(ctx->queue, 1, &si, fence));
}

static inline void vkh_submit_and_wait(vkh_context *ctx, VkCommandBuffer cmd)
{
    VkFence fence = vkh_fence(ctx, 0);
    vkh_submit(ctx, cmd, fence);
    VKH_TRY(vkWaitForFences(ctx->device, 1, &fence, VK_TRUE, UINT64_MAX));
    vkDestroyFence(ctx->device, fence, NULL);
}

static inline void vkh_destroy_buffer(vkh_context *ctx, VkBuffer buffer, VkDeviceMemory memory)
{
    vkDestroyBuffer(ctx->device, buffer, NULL);
    vkFreeMemory(ctx->device, memory, NULL);
}

static inline void vkh_destroy_image(vkh_context *ctx, VkImage image, VkDeviceMemory memory)
{
    vkDestroyImage(ctx->device, image, NULL);
    vkFreeMemory(ctx->device, memory, NULL);
}

/* Waits for the device and destroys the context; buffers, images and their
 * memory are the caller's to destroy first. */
static inline void vkh_shutdown(vkh_context *ctx)
{
    vkDeviceWaitIdle(ctx->device);
    vkDestroyCommandPool(ctx->device, ctx->pool, NULL);
    vkDestroyDevice(ctx->device, NULL);
    vkDestroyInstance(ctx->instance, NULL);
}

#endif
