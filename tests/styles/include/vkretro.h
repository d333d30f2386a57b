/*
 * vkretro.h - the Vulkan context of an emulator frontend, in RetroArch's
 * shape (gfx/common/vulkan_common.h): a vulkan_context_t filled by
 * vulkan_context_init(), vulkan_find_memory_type(), buffers and textures
 * made by vulkan_create_buffer() / vulkan_create_texture(), and the
 * VULKAN_IMAGE_LAYOUT_TRANSITION() macro that expands to one image barrier.
 *
 *     vulkan_context_t ctx;
 *     if (!vulkan_context_init(&ctx, FRAMES)) return 1;
 *     struct vk_buffer staging = vulkan_create_buffer(&ctx, size, usage);
 *     VULKAN_IMAGE_LAYOUT_TRANSITION(cmd, image, old, new,
 *                                    src_access, dst_access, src_stages, dst_stages);
 */
#ifndef VKRETRO_H
#define VKRETRO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

/* The {VK_STRUCTURE_TYPE_...} initializers leave the other fields zero. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define VULKAN_MAX_SWAPCHAIN_IMAGES 8

#define VULKAN_IMAGE_LAYOUT_TRANSITION(cmd, img, old_layout, new_layout, src_access, dst_access, src_stages, dst_stages) \
    VULKAN_IMAGE_LAYOUT_TRANSITION_LEVELS(cmd, img, VK_REMAINING_MIP_LEVELS, old_layout, new_layout, src_access, dst_access, src_stages, dst_stages, VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED)

#define VULKAN_IMAGE_LAYOUT_TRANSITION_LEVELS(cmd, img, levels, old_layout, new_layout, src_access, dst_access, src_stages, dst_stages, src_queue_family_idx, dst_queue_family_idx) \
    {                                                                   \
        VkImageMemoryBarrier barrier_;                                  \
        barrier_.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER;        \
        barrier_.pNext = NULL;                                          \
        barrier_.srcAccessMask = (src_access);                          \
        barrier_.dstAccessMask = (dst_access);                          \
        barrier_.oldLayout = (old_layout);                              \
        barrier_.newLayout = (new_layout);                              \
        barrier_.srcQueueFamilyIndex = (src_queue_family_idx);          \
        barrier_.dstQueueFamilyIndex = (dst_queue_family_idx);          \
        barrier_.image = (img);                                         \
        barrier_.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT; \
        barrier_.subresourceRange.baseMipLevel = 0;                     \
        barrier_.subresourceRange.levelCount = (levels);                \
        barrier_.subresourceRange.baseArrayLayer = 0;                   \
        barrier_.subresourceRange.layerCount = VK_REMAINING_ARRAY_LAYERS; \
        vkCmdPipelineBarrier(cmd, src_stages, dst_stages, 0, 0, NULL, 0, NULL, 1, &barrier_); \
    }

typedef struct vulkan_context {
    VkInstance instance;
    VkPhysicalDevice gpu;
    VkPhysicalDeviceMemoryProperties memory_properties;
    VkDevice device;
    VkQueue queue;
    uint32_t graphics_queue_index;
    VkCommandPool cmd_pool;
    unsigned num_swapchain_images;
} vulkan_context_t;

struct vk_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    void *mapped;
};

struct vk_texture {
    VkImage image;
    VkDeviceMemory memory;
    unsigned width, height;
    VkImageLayout layout;
};

static bool vulkan_context_init(vulkan_context_t *ctx, unsigned num_images)
{
    memset(ctx, 0, sizeof(*ctx));
    VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "RetroArch";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo info = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    if (vkCreateInstance(&info, NULL, &ctx->instance) != VK_SUCCESS) {
        fprintf(stderr, "[Vulkan]: Failed to create instance.\n");
        return false;
    }
    uint32_t gpu_count = 1;
    VkResult res = vkEnumeratePhysicalDevices(ctx->instance, &gpu_count, &ctx->gpu);
    if ((res != VK_SUCCESS && res != VK_INCOMPLETE) || gpu_count < 1) {
        fprintf(stderr, "[Vulkan]: Failed to enumerate physical devices.\n");
        return false;
    }
    vkGetPhysicalDeviceMemoryProperties(ctx->gpu, &ctx->memory_properties);
    ctx->graphics_queue_index = 0;
    static const float prio = 1.0f;
    VkDeviceQueueCreateInfo queue_info = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue_info.queueFamilyIndex = ctx->graphics_queue_index;
    queue_info.queueCount = 1;
    queue_info.pQueuePriorities = &prio;
    VkDeviceCreateInfo device_info = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    device_info.queueCreateInfoCount = 1;
    device_info.pQueueCreateInfos = &queue_info;
    if (vkCreateDevice(ctx->gpu, &device_info, NULL, &ctx->device) != VK_SUCCESS) {
        fprintf(stderr, "[Vulkan]: Failed to create device.\n");
        return false;
    }
    vkGetDeviceQueue(ctx->device, ctx->graphics_queue_index, 0, &ctx->queue);
    VkCommandPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool_info.queueFamilyIndex = ctx->graphics_queue_index;
    if (vkCreateCommandPool(ctx->device, &pool_info, NULL, &ctx->cmd_pool) != VK_SUCCESS)
        return false;
    ctx->num_swapchain_images = num_images;
    return true;
}

static uint32_t vulkan_find_memory_type(const VkPhysicalDeviceMemoryProperties *mem_props,
                                        uint32_t device_reqs, uint32_t host_reqs)
{
    uint32_t i;
    for (i = 0; i < VK_MAX_MEMORY_TYPES; i++) {
        if ((device_reqs & (1u << i)) &&
            (mem_props->memoryTypes[i].propertyFlags & host_reqs) == host_reqs)
            return i;
    }
    fprintf(stderr, "[Vulkan]: Failed to find valid memory type. This should never happen.\n");
    abort();
}

static struct vk_buffer vulkan_create_buffer(const vulkan_context_t *ctx, size_t size,
                                             VkBufferUsageFlags usage)
{
    struct vk_buffer buffer;
    VkMemoryRequirements mem_reqs;
    VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    VkMemoryAllocateInfo alloc = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.size = size;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    vkCreateBuffer(ctx->device, &info, NULL, &buffer.buffer);
    vkGetBufferMemoryRequirements(ctx->device, buffer.buffer, &mem_reqs);
    alloc.allocationSize = mem_reqs.size;
    alloc.memoryTypeIndex = vulkan_find_memory_type(&ctx->memory_properties,
                                                    mem_reqs.memoryTypeBits,
                                                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                    VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    vkAllocateMemory(ctx->device, &alloc, NULL, &buffer.memory);
    vkBindBufferMemory(ctx->device, buffer.buffer, buffer.memory, 0);
    buffer.size = size;
    vkMapMemory(ctx->device, buffer.memory, 0, buffer.size, 0, &buffer.mapped);
    return buffer;
}

static struct vk_texture vulkan_create_texture(const vulkan_context_t *ctx, unsigned width,
                                               unsigned height, VkImageUsageFlags usage)
{
    struct vk_texture tex;
    VkMemoryRequirements mem_reqs;
    VkImageCreateInfo info = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    VkMemoryAllocateInfo alloc = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = VK_FORMAT_B8G8R8A8_UNORM;
    info.extent.width = width;
    info.extent.height = height;
    info.extent.depth = 1;
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    vkCreateImage(ctx->device, &info, NULL, &tex.image);
    vkGetImageMemoryRequirements(ctx->device, tex.image, &mem_reqs);
    alloc.allocationSize = mem_reqs.size;
    alloc.memoryTypeIndex = vulkan_find_memory_type(&ctx->memory_properties,
                                                    mem_reqs.memoryTypeBits, 0);
    vkAllocateMemory(ctx->device, &alloc, NULL, &tex.memory);
    vkBindImageMemory(ctx->device, tex.image, tex.memory, 0);
    tex.width = width;
    tex.height = height;
    tex.layout = VK_IMAGE_LAYOUT_UNDEFINED;
    return tex;
}

#endif
