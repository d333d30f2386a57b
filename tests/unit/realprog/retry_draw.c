/* A sample in the style of the old SDK demos: the queue family is searched
   for in a loop, the draw function rebuilds the swapchain and calls itself
   again when the acquire says the swapchain is out of date, and every
   frame re-records its command buffer through a few helpers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

#define MAX_FAMILIES 8

struct sample {
    VkPhysicalDevice gpu;
    VkDevice device;
    VkSurfaceKHR surface;
    VkSwapchainKHR swapchain;
    uint32_t family;
    VkQueue queue;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer vertices, staging, readback;
    VkSemaphore acquired;
    uint32_t image_index;
};

static void pick_family(struct sample *s)
{
    uint32_t count = MAX_FAMILIES;
    VkQueueFamilyProperties props[MAX_FAMILIES];
    vkGetPhysicalDeviceQueueFamilyProperties(s->gpu, &count, props);
    uint32_t found = UINT32_MAX;
    for (uint32_t i = 0; i < count && i < MAX_FAMILIES; i++) {
        VkBool32 present = VK_FALSE;
        vkGetPhysicalDeviceSurfaceSupportKHR(s->gpu, i, s->surface, &present);
        if ((props[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) && present) {
            found = i;
            break;
        }
    }
    if (found == UINT32_MAX) {
        fprintf(stderr, "no queue family can draw and present\n");
        exit(1);
    }
    s->family = found;
}

static void make_pool(struct sample *s)
{
    VkCommandPoolCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = s->family,
    };
    vkCreateCommandPool(s->device, &info, NULL, &s->pool);
    VkCommandBufferAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = s->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    vkAllocateCommandBuffers(s->device, &alloc, &s->cmd);
    vkGetDeviceQueue(s->device, s->family, 0, &s->queue);
}

static void copy_whole(VkCommandBuffer cmd, VkBuffer from, VkBuffer to)
{
    VkBufferCopy all = {0, 0, 1024};
    vkCmdCopyBuffer(cmd, from, to, 1, &all);
}

static void upload_vertices(struct sample *s)
{
    copy_whole(s->cmd, s->staging, s->vertices);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = s->vertices,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(s->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b, 0, NULL);
#endif
}

static void record_frame(struct sample *s)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(s->cmd, &begin);
    upload_vertices(s);
    copy_whole(s->cmd, s->vertices, s->readback);
    vkEndCommandBuffer(s->cmd);
}

static void draw(struct sample *s);

static void rebuild_swapchain(struct sample *s)
{
    vkDeviceWaitIdle(s->device);
    VkSwapchainCreateInfoKHR info = {
        .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
        .surface = s->surface,
        .oldSwapchain = s->swapchain,
    };
    VkSwapchainKHR fresh;
    vkCreateSwapchainKHR(s->device, &info, NULL, &fresh);
    vkDestroySwapchainKHR(s->device, s->swapchain, NULL);
    s->swapchain = fresh;
}

static void draw(struct sample *s)
{
    VkResult r = vkAcquireNextImageKHR(s->device, s->swapchain, UINT64_MAX, s->acquired,
                                       VK_NULL_HANDLE, &s->image_index);
    if (r == VK_ERROR_OUT_OF_DATE_KHR) {
        rebuild_swapchain(s);
        draw(s);
        return;
    }
    record_frame(s);
    VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &s->acquired,
        .pWaitDstStageMask = &wait_stage,
        .commandBufferCount = 1,
        .pCommandBuffers = &s->cmd,
    };
    vkQueueSubmit(s->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(s->queue);
}

/* The platform layer: instance, surface, device, buffers, semaphore. */
extern void sample_connect(struct sample *s);

int main(void)
{
    static struct sample s;
    sample_connect(&s);
    pick_family(&s);
    make_pool(&s);
    draw(&s);
    return 0;
}
