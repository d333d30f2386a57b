/* A viewer written with file-scope state, as small demos are: one device,
   one window, the swapchain's per-image command buffers recorded once in
   build(), and rebuilt from four places - a configure event, an acquire
   or a present that reports OUT_OF_DATE, and the restore after the
   window was minimised (a zero extent: nothing is built then).  Every
   frame tests the debug flags the options set, and every rebuild waits
   for the device first. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct event { int kind; uint32_t w, h; };
extern struct event *poll_event(void);

static VkPhysicalDevice gpu;
static VkDevice device;
static VkQueue queue;
static VkSurfaceKHR surface;
static VkSwapchainKHR swapchain;
static VkCommandPool pool;
static VkCommandBuffer per_image[2];
static VkBuffer staging, vertices, picking;
static VkSemaphore acquired, rendered;
static VkFence in_flight;
static bool built, minimised, quit, verbose, trace_frames;
static uint32_t width = 640, height = 480, frame_no;

static void note(const char *what)
{
    if (verbose)
        (void)what;
}

static void record_image(VkCommandBuffer cb)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &begin);
    VkBufferCopy all = {0, 0, 65536};
    vkCmdCopyBuffer(cb, staging, vertices, 1, &all);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier after_upload = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = vertices,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &after_upload, 0, NULL);
#endif
    vkCmdCopyBuffer(cb, vertices, picking, 1, &all);
    vkEndCommandBuffer(cb);
}

static void build(void)
{
    VkSurfaceCapabilitiesKHR caps;
    vkGetPhysicalDeviceSurfaceCapabilitiesKHR(gpu, surface, &caps);
    if (caps.maxImageExtent.width == 0 || caps.maxImageExtent.height == 0) {
        minimised = true;
        return;
    }
    minimised = false;
    if (caps.currentExtent.width != 0xFFFFFFFFu) {
        width = caps.currentExtent.width;
        height = caps.currentExtent.height;
    }
    VkSwapchainCreateInfoKHR sci = {.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
                                    .surface = surface,
                                    .minImageCount = 2,
                                    .imageExtent = {width, height},
                                    .oldSwapchain = swapchain};
    VkSwapchainKHR next;
    vkCreateSwapchainKHR(device, &sci, NULL, &next);
    if (swapchain)
        vkDestroySwapchainKHR(device, swapchain, NULL);
    swapchain = next;
    VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    vkCreateCommandPool(device, &pci, NULL, &pool);
    VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 2};
    vkAllocateCommandBuffers(device, &ai, per_image);
    for (int i = 0; i < 2; i++)
        record_image(per_image[i]);
    note("built");
    built = true;
}

static void rebuild(void)
{
    if (!built) {
        if (minimised)
            build();
        return;
    }
    built = false;
    vkDeviceWaitIdle(device);
    vkFreeCommandBuffers(device, pool, 2, per_image);
    vkDestroyCommandPool(device, pool, NULL);
    build();
}

static void frame(void)
{
    uint32_t image = 0;
    VkResult r;
    vkWaitForFences(device, 1, &in_flight, VK_TRUE, UINT64_MAX);
    vkResetFences(device, 1, &in_flight);
    do {
        r = vkAcquireNextImageKHR(device, swapchain, UINT64_MAX, acquired, VK_NULL_HANDLE,
                                  &image);
        if (r == VK_ERROR_OUT_OF_DATE_KHR)
            rebuild();
        else if (r == VK_SUBOPTIMAL_KHR)
            break;
    } while (r != VK_SUCCESS);
    if (trace_frames)
        note("frame");
    VkPipelineStageFlags at = VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                       .waitSemaphoreCount = 1,
                       .pWaitSemaphores = &acquired,
                       .pWaitDstStageMask = &at,
                       .commandBufferCount = 1,
                       .pCommandBuffers = &per_image[image],
                       .signalSemaphoreCount = 1,
                       .pSignalSemaphores = &rendered};
    vkQueueSubmit(queue, 1, &si, in_flight);
    VkPresentInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                           .waitSemaphoreCount = 1,
                           .pWaitSemaphores = &rendered,
                           .swapchainCount = 1,
                           .pSwapchains = &swapchain,
                           .pImageIndices = &image};
    r = vkQueuePresentKHR(queue, &pi);
    if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR)
        rebuild();
    frame_no++;
}

static VkBuffer make_buffer(VkBufferUsageFlags usage)
{
    VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                              .size = 65536,
                              .usage = usage};
    VkBuffer b;
    vkCreateBuffer(device, &bci, NULL, &b);
    return b;
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && argv[1][0] == 'v';
    trace_frames = argc > 2;
    /* instance, device, queue, surface and the buffers' memory: made by
       the platform layer before this file runs (not shown) */
    staging = make_buffer(VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    vertices = make_buffer(VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    picking = make_buffer(VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    build();
    while (!quit) {
        struct event *e;
        while ((e = poll_event()) != NULL) {
            if (e->kind == 1)
                quit = true;
            else if (e->kind == 2 && (e->w != width || e->h != height))
                rebuild();
            free(e);
        }
        frame();
    }
    vkDeviceWaitIdle(device);
    return 0;
}
