/*
 * vkcheck.h - VK_CHECK around every call that returns a VkResult, and the
 * setup the check_* programs share.  Each program keeps its own table of
 * image layouts and the helper that records a barrier from it.
 */
#ifndef VKCHECK_H
#define VKCHECK_H

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include <vulkan/vulkan.h>

#define VK_CHECK(x)                                                        \
    do {                                                                   \
        VkResult err = (x);                                                \
        if (err) {                                                         \
            fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, \
                    #x, (int)err);                                         \
            abort();                                                       \
        }                                                                  \
    } while (0)

typedef struct App {
    VkInstance instance;
    VkPhysicalDevice gpu;
    VkPhysicalDeviceMemoryProperties memory_properties;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family_index;
    VkCommandPool command_pool;
} App;

static void app_init(App *app)
{
    VkApplicationInfo app_info = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "check",
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo instance_info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app_info,
    };
    VK_CHECK(vkCreateInstance(&instance_info, NULL, &app->instance));

    uint32_t gpu_count = 1;
    VkResult res = vkEnumeratePhysicalDevices(app->instance, &gpu_count, &app->gpu);
    if (res != VK_INCOMPLETE)
        VK_CHECK(res);
    assert(gpu_count > 0);
    vkGetPhysicalDeviceMemoryProperties(app->gpu, &app->memory_properties);

    uint32_t family_count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(app->gpu, &family_count, NULL);
    VkQueueFamilyProperties *families = malloc(family_count * sizeof *families);
    vkGetPhysicalDeviceQueueFamilyProperties(app->gpu, &family_count, families);
    app->queue_family_index = UINT32_MAX;
    for (uint32_t i = 0; i < family_count; i++) {
        if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
            app->queue_family_index = i;
            break;
        }
    }
    free(families);
    assert(app->queue_family_index != UINT32_MAX);

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queue_info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = app->queue_family_index,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkPhysicalDeviceSynchronization2Features sync2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
        .synchronization2 = VK_TRUE,
    };
    VkDeviceCreateInfo device_info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &sync2,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue_info,
    };
    VK_CHECK(vkCreateDevice(app->gpu, &device_info, NULL, &app->device));
    vkGetDeviceQueue(app->device, app->queue_family_index, 0, &app->queue);

    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = app->queue_family_index,
    };
    VK_CHECK(vkCreateCommandPool(app->device, &pool_info, NULL, &app->command_pool));
}

static uint32_t app_memory_type(const App *app, uint32_t bits, VkMemoryPropertyFlags props)
{
    for (uint32_t i = 0; i < VK_MAX_MEMORY_TYPES; i++) {
        if (i < app->memory_properties.memoryTypeCount && (bits & 1) &&
            (app->memory_properties.memoryTypes[i].propertyFlags & props) == props)
            return i;
        bits >>= 1;
    }
    abort();
}

static void app_create_buffer(App *app, VkDeviceSize size, VkBufferUsageFlags usage,
                              VkBuffer *buffer, VkDeviceMemory *memory)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    VK_CHECK(vkCreateBuffer(app->device, &info, NULL, buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(app->device, *buffer, &req);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = app_memory_type(app, req.memoryTypeBits,
                                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                           VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
    };
    VK_CHECK(vkAllocateMemory(app->device, &alloc, NULL, memory));
    VK_CHECK(vkBindBufferMemory(app->device, *buffer, *memory, 0));
}

static void app_create_image(App *app, uint32_t width, uint32_t height,
                             VkImageUsageFlags usage, VkImage *image, VkDeviceMemory *memory)
{
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {width, height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VK_CHECK(vkCreateImage(app->device, &info, NULL, image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(app->device, *image, &req);
    VkMemoryAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = app_memory_type(app, req.memoryTypeBits,
                                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
    };
    VK_CHECK(vkAllocateMemory(app->device, &alloc, NULL, memory));
    VK_CHECK(vkBindImageMemory(app->device, *image, *memory, 0));
}

static void app_one_shot(App *app, VkCommandBuffer cmd)
{
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    VK_CHECK(vkCreateFence(app->device, &fence_info, NULL, &fence));
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    VK_CHECK(vkQueueSubmit(app->queue, 1, &submit, fence));
    VK_CHECK(vkWaitForFences(app->device, 1, &fence, VK_TRUE, UINT64_MAX));
    vkDestroyFence(app->device, fence, NULL);
}

#endif
