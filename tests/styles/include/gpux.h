/*
 * gpux.h - a single-file GPU helper library in the manner of the stb
 * libraries: the declarations always, the definitions only in the one C
 * file that asks for them.
 *
 *     #define GPUX_IMPLEMENTATION
 *     #include "gpux.h"
 *
 * Objects are heap-allocated and freed by their _free function; as with
 * GLib's g_autoptr, a pointer declared `gpux_autoptr(gpux_buffer) b = ...`
 * is freed when it goes out of scope (GCC's cleanup attribute), and
 * `gpux_steal_pointer(&b)` takes it out of the scope's hands.  Freeing a
 * submitted gpux_commands waits for its fence first, so a scope that
 * submits and ends has its work finished when it ends.
 *
 * All memory is host-visible and mapped (`b->map`).
 */
#ifndef GPUX_H_INCLUDE
#define GPUX_H_INCLUDE

#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#ifndef GPUXDEF
#ifdef GPUX_STATIC
#define GPUXDEF static
#else
#define GPUXDEF extern
#endif
#endif

typedef struct gpux_context {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkPhysicalDeviceMemoryProperties memory_properties;
    VkDevice device;
    uint32_t queue_family;
    VkQueue queue;
    VkCommandPool command_pool;
} gpux_context;

typedef struct gpux_buffer {
    gpux_context *ctx;
    VkBuffer handle;
    VkDeviceMemory memory;
    VkDeviceSize size;
    void *map;
} gpux_buffer;

typedef struct gpux_commands {
    gpux_context *ctx;
    VkCommandBuffer cmd;
    VkFence fence;
    int submitted;
} gpux_commands;

GPUXDEF int gpux_init(gpux_context *ctx);
GPUXDEF void gpux_shutdown(gpux_context *ctx);
GPUXDEF gpux_buffer *gpux_buffer_new(gpux_context *ctx, VkDeviceSize size, VkBufferUsageFlags usage);
GPUXDEF void gpux_buffer_free(gpux_buffer *buffer);
/* a primary command buffer, begun for one submission */
GPUXDEF gpux_commands *gpux_commands_begin(gpux_context *ctx);
/* ends and submits with the object's fence; does not wait */
GPUXDEF int gpux_commands_submit(gpux_commands *commands);
/* waits for the fence of a submitted object, then frees it */
GPUXDEF void gpux_commands_free(gpux_commands *commands);

/* g_autoptr: a cleanup function per type, named after it */
#define GPUX_DEFINE_AUTOPTR_CLEANUP_FUNC(type, func) \
    static inline void gpux_autoptr_cleanup_##type(type **p) \
    {                                                        \
        if (*p)                                              \
            func(*p);                                        \
    }
#define gpux_autoptr(type) __attribute__((cleanup(gpux_autoptr_cleanup_##type))) type *

GPUX_DEFINE_AUTOPTR_CLEANUP_FUNC(gpux_buffer, gpux_buffer_free)
GPUX_DEFINE_AUTOPTR_CLEANUP_FUNC(gpux_commands, gpux_commands_free)

/* g_steal_pointer: returns *pp and leaves NULL there */
static inline void *gpux_steal_pointer_(void *pp)
{
    void **p = (void **)pp;
    void *ret = *p;
    *p = NULL;
    return ret;
}
#define gpux_steal_pointer(pp) ((__typeof__(*(pp)))gpux_steal_pointer_(pp))

#endif /* GPUX_H_INCLUDE */

#ifdef GPUX_IMPLEMENTATION

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

GPUXDEF int gpux_init(gpux_context *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "gpux",
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    if (vkCreateInstance(&ici, NULL, &ctx->instance) != VK_SUCCESS)
        return -1;
    uint32_t count = 1;
    VkResult r = vkEnumeratePhysicalDevices(ctx->instance, &count, &ctx->physical);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0)
        return -1;
    vkGetPhysicalDeviceMemoryProperties(ctx->physical, &ctx->memory_properties);
    ctx->queue_family = 0;
    float priority = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = ctx->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
    };
    if (vkCreateDevice(ctx->physical, &dci, NULL, &ctx->device) != VK_SUCCESS)
        return -1;
    vkGetDeviceQueue(ctx->device, ctx->queue_family, 0, &ctx->queue);
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
        .queueFamilyIndex = ctx->queue_family,
    };
    if (vkCreateCommandPool(ctx->device, &pci, NULL, &ctx->command_pool) != VK_SUCCESS)
        return -1;
    return 0;
}

GPUXDEF void gpux_shutdown(gpux_context *ctx)
{
    vkDeviceWaitIdle(ctx->device);
    vkDestroyCommandPool(ctx->device, ctx->command_pool, NULL);
    vkDestroyDevice(ctx->device, NULL);
    vkDestroyInstance(ctx->instance, NULL);
}

static uint32_t gpux__memory_type(const gpux_context *ctx, uint32_t bits)
{
    const VkMemoryPropertyFlags want =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (uint32_t i = 0; i < ctx->memory_properties.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (ctx->memory_properties.memoryTypes[i].propertyFlags & want) == want)
            return i;
    return 0;
}

GPUXDEF gpux_buffer *gpux_buffer_new(gpux_context *ctx, VkDeviceSize size, VkBufferUsageFlags usage)
{
    gpux_buffer *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->ctx = ctx;
    b->size = size;
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    VkMemoryRequirements req;
    if (vkCreateBuffer(ctx->device, &bci, NULL, &b->handle) != VK_SUCCESS) {
        free(b);
        return NULL;
    }
    vkGetBufferMemoryRequirements(ctx->device, b->handle, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = gpux__memory_type(ctx, req.memoryTypeBits),
    };
    if (vkAllocateMemory(ctx->device, &mai, NULL, &b->memory) != VK_SUCCESS ||
        vkBindBufferMemory(ctx->device, b->handle, b->memory, 0) != VK_SUCCESS ||
        vkMapMemory(ctx->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map) != VK_SUCCESS) {
        gpux_buffer_free(b);
        return NULL;
    }
    return b;
}

GPUXDEF void gpux_buffer_free(gpux_buffer *b)
{
    if (b->memory != VK_NULL_HANDLE)
        vkFreeMemory(b->ctx->device, b->memory, NULL);
    vkDestroyBuffer(b->ctx->device, b->handle, NULL);
    free(b);
}

GPUXDEF gpux_commands *gpux_commands_begin(gpux_context *ctx)
{
    gpux_commands *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->ctx = ctx;
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = ctx->command_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (vkAllocateCommandBuffers(ctx->device, &cai, &c->cmd) != VK_SUCCESS) {
        free(c);
        return NULL;
    }
    if (vkCreateFence(ctx->device, &fci, NULL, &c->fence) != VK_SUCCESS ||
        vkBeginCommandBuffer(c->cmd, &begin) != VK_SUCCESS) {
        gpux_commands_free(c);
        return NULL;
    }
    return c;
}

GPUXDEF int gpux_commands_submit(gpux_commands *c)
{
    if (vkEndCommandBuffer(c->cmd) != VK_SUCCESS)
        return -1;
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &c->cmd,
    };
    if (vkQueueSubmit(c->ctx->queue, 1, &si, c->fence) != VK_SUCCESS)
        return -1;
    c->submitted = 1;
    return 0;
}

GPUXDEF void gpux_commands_free(gpux_commands *c)
{
    if (c->submitted)
        vkWaitForFences(c->ctx->device, 1, &c->fence, VK_TRUE, UINT64_MAX);
    if (c->fence != VK_NULL_HANDLE)
        vkDestroyFence(c->ctx->device, c->fence, NULL);
    vkFreeCommandBuffers(c->ctx->device, c->ctx->command_pool, 1, &c->cmd);
    free(c);
}

#endif /* GPUX_IMPLEMENTATION */
