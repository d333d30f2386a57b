// EXPECT: clean
// vkcube's shape, headless: a struct demo with init / prepare / draw /
// cleanup, one command buffer per "swapchain" image (offscreen images here),
// built once in prepare and submitted frame after frame.  Each frame clears
// its image, blits the texture uploaded in prepare into it and reads it
// back.
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#define APP_SHORT_NAME "demo"
#define DEMO_IMAGE_COUNT 3
#define DEMO_FRAMES 6
#define TEX_SIZE 16

#define ERR_EXIT(err_msg)            \
    do {                             \
        fprintf(stderr, "%s\n", err_msg); \
        fflush(stderr);              \
        exit(1);                     \
    } while (0)

struct swapchain_image_resources {
    VkImage image;
    VkDeviceMemory mem;
    VkCommandBuffer cmd;
    VkFence fence;
    VkBuffer screenshot;
    VkDeviceMemory screenshot_mem;
};

struct texture_object {
    VkImage image;
    VkDeviceMemory mem;
    VkImageLayout imageLayout;
    VkBuffer staging;
    VkDeviceMemory staging_mem;
    int32_t tex_width, tex_height;
};

struct demo {
    VkInstance inst;
    VkPhysicalDevice gpu;
    VkDevice device;
    VkQueue graphics_queue;
    uint32_t graphics_queue_family_index;
    VkPhysicalDeviceMemoryProperties memory_properties;

    uint32_t width, height;
    VkFormat format;
    uint32_t swapchainImageCount;
    struct swapchain_image_resources *swapchain_image_resources;
    struct texture_object texture;

    VkCommandPool cmd_pool;
    VkCommandBuffer cmd; /* setup command buffer, flushed at the end of prepare */
    uint32_t current_buffer;
    int32_t frameCount;
};

static bool memory_type_from_properties(struct demo *demo, uint32_t typeBits,
                                        VkFlags requirements_mask, uint32_t *typeIndex)
{
    for (uint32_t i = 0; i < VK_MAX_MEMORY_TYPES; i++) {
        if ((typeBits & 1) == 1) {
            if ((demo->memory_properties.memoryTypes[i].propertyFlags & requirements_mask) ==
                requirements_mask) {
                *typeIndex = i;
                return true;
            }
        }
        typeBits >>= 1;
    }
    return false;
}

static void demo_set_image_layout(struct demo *demo, VkImage image,
                                  VkImageLayout old_image_layout, VkImageLayout new_image_layout,
                                  VkAccessFlags srcAccessMask, VkPipelineStageFlags src_stages,
                                  VkPipelineStageFlags dest_stages, VkCommandBuffer cmd)
{
    (void)demo;
    VkImageMemoryBarrier image_memory_barrier = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = srcAccessMask,
        .dstAccessMask = 0,
        .oldLayout = old_image_layout,
        .newLayout = new_image_layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    switch (new_image_layout) {
    case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL:
        image_memory_barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        break;
    case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL:
        image_memory_barrier.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
        break;
    case VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL:
        image_memory_barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
        break;
    default:
        image_memory_barrier.dstAccessMask = 0;
        break;
    }
    vkCmdPipelineBarrier(cmd, src_stages, dest_stages, 0, 0, NULL, 0, NULL, 1,
                         &image_memory_barrier);
}

static void demo_init(struct demo *demo, int argc, char **argv)
{
    memset(demo, 0, sizeof(*demo));
    demo->width = 64;
    demo->height = 64;
    demo->format = VK_FORMAT_R8G8B8A8_UNORM;
    demo->frameCount = DEMO_FRAMES;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--c") == 0 && i < argc - 1) {
            demo->frameCount = atoi(argv[++i]);
            continue;
        }
        fprintf(stderr, "Usage:\n  %s [--c <framecount>]\n", APP_SHORT_NAME);
        exit(1);
    }

    const VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = APP_SHORT_NAME,
        .applicationVersion = 0,
        .pEngineName = APP_SHORT_NAME,
        .engineVersion = 0,
        .apiVersion = VK_API_VERSION_1_0,
    };
    VkInstanceCreateInfo inst_info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    VkResult err = vkCreateInstance(&inst_info, NULL, &demo->inst);
    if (err == VK_ERROR_INCOMPATIBLE_DRIVER) {
        ERR_EXIT("Cannot find a compatible Vulkan installable client driver (ICD).");
    } else if (err) {
        ERR_EXIT("vkCreateInstance failed.");
    }
    uint32_t gpu_count = 1;
    err = vkEnumeratePhysicalDevices(demo->inst, &gpu_count, &demo->gpu);
    if ((err && err != VK_INCOMPLETE) || gpu_count == 0)
        ERR_EXIT("vkEnumeratePhysicalDevices reported zero accessible devices.");

    uint32_t queue_family_count;
    vkGetPhysicalDeviceQueueFamilyProperties(demo->gpu, &queue_family_count, NULL);
    VkQueueFamilyProperties *queue_props =
        (VkQueueFamilyProperties *)malloc(queue_family_count * sizeof(VkQueueFamilyProperties));
    vkGetPhysicalDeviceQueueFamilyProperties(demo->gpu, &queue_family_count, queue_props);
    demo->graphics_queue_family_index = UINT32_MAX;
    for (uint32_t i = 0; i < queue_family_count; i++) {
        if ((queue_props[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) != 0) {
            demo->graphics_queue_family_index = i;
            break;
        }
    }
    free(queue_props);
    if (demo->graphics_queue_family_index == UINT32_MAX)
        ERR_EXIT("Could not find a graphics queue");

    float queue_priorities[1] = {0.0};
    const VkDeviceQueueCreateInfo queue = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = demo->graphics_queue_family_index,
        .queueCount = 1,
        .pQueuePriorities = queue_priorities,
    };
    VkDeviceCreateInfo device = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue,
    };
    err = vkCreateDevice(demo->gpu, &device, NULL, &demo->device);
    if (err)
        ERR_EXIT("vkCreateDevice failed.");
    vkGetDeviceQueue(demo->device, demo->graphics_queue_family_index, 0, &demo->graphics_queue);
    vkGetPhysicalDeviceMemoryProperties(demo->gpu, &demo->memory_properties);
}

static void demo_create_buffer(struct demo *demo, VkDeviceSize size, VkBufferUsageFlags usage,
                               VkBuffer *buf, VkDeviceMemory *mem)
{
    const VkBufferCreateInfo buf_info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    VkResult err = vkCreateBuffer(demo->device, &buf_info, NULL, buf);
    if (err)
        ERR_EXIT("vkCreateBuffer failed.");
    VkMemoryRequirements mem_reqs;
    vkGetBufferMemoryRequirements(demo->device, *buf, &mem_reqs);
    VkMemoryAllocateInfo mem_alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = mem_reqs.size,
    };
    if (!memory_type_from_properties(demo, mem_reqs.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                     VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                                     &mem_alloc.memoryTypeIndex))
        ERR_EXIT("no host-visible memory type");
    err = vkAllocateMemory(demo->device, &mem_alloc, NULL, mem);
    if (!err)
        err = vkBindBufferMemory(demo->device, *buf, *mem, 0);
    if (err)
        ERR_EXIT("buffer memory");
}

static void demo_create_image(struct demo *demo, uint32_t w, uint32_t h, VkImageUsageFlags usage,
                              VkImage *image, VkDeviceMemory *mem)
{
    const VkImageCreateInfo image_create_info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = demo->format,
        .extent = {w, h, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VkResult err = vkCreateImage(demo->device, &image_create_info, NULL, image);
    if (err)
        ERR_EXIT("vkCreateImage failed.");
    VkMemoryRequirements mem_reqs;
    vkGetImageMemoryRequirements(demo->device, *image, &mem_reqs);
    VkMemoryAllocateInfo mem_alloc = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = mem_reqs.size,
    };
    if (!memory_type_from_properties(demo, mem_reqs.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                                     &mem_alloc.memoryTypeIndex))
        ERR_EXIT("no device-local memory type");
    err = vkAllocateMemory(demo->device, &mem_alloc, NULL, mem);
    if (!err)
        err = vkBindImageMemory(demo->device, *image, *mem, 0);
    if (err)
        ERR_EXIT("image memory");
}

static void demo_prepare_texture(struct demo *demo)
{
    struct texture_object *tex = &demo->texture;
    tex->tex_width = TEX_SIZE;
    tex->tex_height = TEX_SIZE;
    demo_create_buffer(demo, TEX_SIZE * TEX_SIZE * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                       &tex->staging, &tex->staging_mem);
    uint32_t *texels;
    VkResult err = vkMapMemory(demo->device, tex->staging_mem, 0, VK_WHOLE_SIZE, 0, (void **)&texels);
    if (err)
        ERR_EXIT("vkMapMemory failed.");
    for (int y = 0; y < TEX_SIZE; y++)
        for (int x = 0; x < TEX_SIZE; x++)
            texels[y * TEX_SIZE + x] = ((x ^ y) & 4) ? 0xffffffffu : 0xff000000u;
    vkUnmapMemory(demo->device, tex->staging_mem);

    demo_create_image(demo, TEX_SIZE, TEX_SIZE,
                      VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                      &tex->image, &tex->mem);
    demo_set_image_layout(demo, tex->image, VK_IMAGE_LAYOUT_UNDEFINED,
                          VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                          VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                          demo->cmd);
    VkBufferImageCopy copy_region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {TEX_SIZE, TEX_SIZE, 1},
    };
    vkCmdCopyBufferToImage(demo->cmd, tex->staging, tex->image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy_region);
    tex->imageLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    demo_set_image_layout(demo, tex->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          tex->imageLayout, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                          demo->cmd);
}

static void demo_prepare_buffers(struct demo *demo)
{
    demo->swapchainImageCount = DEMO_IMAGE_COUNT;
    demo->swapchain_image_resources = (struct swapchain_image_resources *)malloc(
        sizeof(struct swapchain_image_resources) * demo->swapchainImageCount);
    if (!demo->swapchain_image_resources)
        ERR_EXIT("out of memory");
    for (uint32_t i = 0; i < demo->swapchainImageCount; i++) {
        struct swapchain_image_resources *res = &demo->swapchain_image_resources[i];
        demo_create_image(demo, demo->width, demo->height,
                          VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                          &res->image, &res->mem);
        demo_create_buffer(demo, demo->width * demo->height * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                           &res->screenshot, &res->screenshot_mem);
        const VkFenceCreateInfo fence_ci = {
            .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            .flags = VK_FENCE_CREATE_SIGNALED_BIT,
        };
        VkResult err = vkCreateFence(demo->device, &fence_ci, NULL, &res->fence);
        if (err)
            ERR_EXIT("vkCreateFence failed.");
    }
}

static void demo_draw_build_cmd(struct demo *demo, VkCommandBuffer cmd_buf, uint32_t i)
{
    struct swapchain_image_resources *res = &demo->swapchain_image_resources[i];
    const VkCommandBufferBeginInfo cmd_buf_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
    };
    VkResult err = vkBeginCommandBuffer(cmd_buf, &cmd_buf_info);
    if (err)
        ERR_EXIT("vkBeginCommandBuffer failed.");
    demo_set_image_layout(demo, res->image, VK_IMAGE_LAYOUT_UNDEFINED,
                          VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                          VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                          cmd_buf);
    const VkClearColorValue clear_color = {.float32 = {0.2f, 0.2f, 0.2f, 1.0f}};
    const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(cmd_buf, res->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &clear_color,
                         1, &range);
    demo_set_image_layout(demo, res->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, cmd_buf);
    const VkImageBlit blit = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .srcOffsets = {{0, 0, 0}, {TEX_SIZE, TEX_SIZE, 1}},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstOffsets = {{16, 16, 0}, {48, 48, 1}},
    };
    vkCmdBlitImage(cmd_buf, demo->texture.image, demo->texture.imageLayout, res->image,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
    /* Stands in for the transition to PRESENT_SRC: the readback below is the
     * presentation engine. */
    demo_set_image_layout(demo, res->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, cmd_buf);
    const VkBufferImageCopy readback = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {demo->width, demo->height, 1},
    };
    vkCmdCopyImageToBuffer(cmd_buf, res->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           res->screenshot, 1, &readback);
    err = vkEndCommandBuffer(cmd_buf);
    if (err)
        ERR_EXIT("vkEndCommandBuffer failed.");
}

static void demo_flush_init_cmd(struct demo *demo)
{
    VkResult err = vkEndCommandBuffer(demo->cmd);
    if (err)
        ERR_EXIT("vkEndCommandBuffer failed.");
    VkFence fence;
    VkFenceCreateInfo fence_ci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    err = vkCreateFence(demo->device, &fence_ci, NULL, &fence);
    if (err)
        ERR_EXIT("vkCreateFence failed.");
    const VkCommandBuffer cmd_bufs[] = {demo->cmd};
    VkSubmitInfo submit_info = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = cmd_bufs,
    };
    err = vkQueueSubmit(demo->graphics_queue, 1, &submit_info, fence);
    if (err)
        ERR_EXIT("vkQueueSubmit failed.");
    err = vkWaitForFences(demo->device, 1, &fence, VK_TRUE, UINT64_MAX);
    if (err)
        ERR_EXIT("vkWaitForFences failed.");
    vkFreeCommandBuffers(demo->device, demo->cmd_pool, 1, cmd_bufs);
    vkDestroyFence(demo->device, fence, NULL);
    demo->cmd = VK_NULL_HANDLE;
}

static void demo_prepare(struct demo *demo)
{
    const VkCommandPoolCreateInfo cmd_pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = demo->graphics_queue_family_index,
    };
    VkResult err = vkCreateCommandPool(demo->device, &cmd_pool_info, NULL, &demo->cmd_pool);
    if (err)
        ERR_EXIT("vkCreateCommandPool failed.");
    const VkCommandBufferAllocateInfo cmd = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = demo->cmd_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    err = vkAllocateCommandBuffers(demo->device, &cmd, &demo->cmd);
    if (err)
        ERR_EXIT("vkAllocateCommandBuffers failed.");
    const VkCommandBufferBeginInfo cmd_buf_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    err = vkBeginCommandBuffer(demo->cmd, &cmd_buf_info);
    if (err)
        ERR_EXIT("vkBeginCommandBuffer failed.");

    demo_prepare_buffers(demo);
    demo_prepare_texture(demo);

    for (uint32_t i = 0; i < demo->swapchainImageCount; i++) {
        err = vkAllocateCommandBuffers(demo->device, &cmd, &demo->swapchain_image_resources[i].cmd);
        if (err)
            ERR_EXIT("vkAllocateCommandBuffers failed.");
    }
    for (uint32_t i = 0; i < demo->swapchainImageCount; i++)
        demo_draw_build_cmd(demo, demo->swapchain_image_resources[i].cmd, i);

    demo_flush_init_cmd(demo);
    demo->current_buffer = 0;
}

static void demo_draw(struct demo *demo)
{
    struct swapchain_image_resources *res = &demo->swapchain_image_resources[demo->current_buffer];
    vkWaitForFences(demo->device, 1, &res->fence, VK_TRUE, UINT64_MAX);
    vkResetFences(demo->device, 1, &res->fence);
    VkSubmitInfo submit_info = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &res->cmd,
    };
    VkResult err = vkQueueSubmit(demo->graphics_queue, 1, &submit_info, res->fence);
    if (err)
        ERR_EXIT("vkQueueSubmit failed.");
    demo->current_buffer = (demo->current_buffer + 1) % demo->swapchainImageCount;
}

static void demo_cleanup(struct demo *demo)
{
    vkDeviceWaitIdle(demo->device);
    for (uint32_t i = 0; i < demo->swapchainImageCount; i++) {
        struct swapchain_image_resources *res = &demo->swapchain_image_resources[i];
        vkDestroyFence(demo->device, res->fence, NULL);
        vkFreeCommandBuffers(demo->device, demo->cmd_pool, 1, &res->cmd);
        vkDestroyBuffer(demo->device, res->screenshot, NULL);
        vkFreeMemory(demo->device, res->screenshot_mem, NULL);
        vkDestroyImage(demo->device, res->image, NULL);
        vkFreeMemory(demo->device, res->mem, NULL);
    }
    free(demo->swapchain_image_resources);
    vkDestroyImage(demo->device, demo->texture.image, NULL);
    vkFreeMemory(demo->device, demo->texture.mem, NULL);
    vkDestroyBuffer(demo->device, demo->texture.staging, NULL);
    vkFreeMemory(demo->device, demo->texture.staging_mem, NULL);
    vkDestroyCommandPool(demo->device, demo->cmd_pool, NULL);
    vkDestroyDevice(demo->device, NULL);
    vkDestroyInstance(demo->inst, NULL);
}

int main(int argc, char **argv)
{
    struct demo demo;
    demo_init(&demo, argc, argv);
    demo_prepare(&demo);
    for (int32_t frame = 0; frame < demo.frameCount; frame++)
        demo_draw(&demo);
    demo_cleanup(&demo);
    return 0;
}
