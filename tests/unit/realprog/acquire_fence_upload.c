/* A D3D-on-Vulkan style swapchain (Wine's dxgi): the next image is acquired
   with a fence, the host waits for that fence and then writes the frame's
   constants into mapped memory that the clear submitted just before may
   still be writing.  The acquire's fence is signalled by the presentation
   engine and orders none of that work.  With -DWITH_BARRIER the host waits
   for the queue first. */
#include <string.h>
#include <vulkan/vulkan.h>

struct swapchain {
    VkDevice device;
    VkQueue queue;
    VkSwapchainKHR vk_swapchain;
    VkFence acquire_fence;
    VkCommandBuffer cmd;
    VkBuffer constants;
    VkDeviceMemory constants_memory;
    void *constants_map;
    uint32_t image_index;
};

static void swapchain_init(struct swapchain *sc)
{
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    vkCreateFence(sc->device, &fence_info, NULL, &sc->acquire_fence);
    vkBindBufferMemory(sc->device, sc->constants, sc->constants_memory, 0);
    vkMapMemory(sc->device, sc->constants_memory, 0, 256, 0, &sc->constants_map);
}

static void swapchain_clear_constants(struct swapchain *sc)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(sc->cmd, &begin);
    vkCmdFillBuffer(sc->cmd, sc->constants, 0, 256, 0);
    vkEndCommandBuffer(sc->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &sc->cmd,
    };
    vkQueueSubmit(sc->queue, 1, &submit, VK_NULL_HANDLE);
}

static void swapchain_acquire(struct swapchain *sc)
{
    vkAcquireNextImageKHR(sc->device, sc->vk_swapchain, UINT64_MAX, VK_NULL_HANDLE,
                          sc->acquire_fence, &sc->image_index);
    vkWaitForFences(sc->device, 1, &sc->acquire_fence, VK_TRUE, UINT64_MAX);
    vkResetFences(sc->device, 1, &sc->acquire_fence);
}

void swapchain_present_frame(struct swapchain *sc, const float *constants)
{
    swapchain_init(sc);
    swapchain_clear_constants(sc);
    swapchain_acquire(sc);
#ifdef WITH_BARRIER
    vkQueueWaitIdle(sc->queue);
#endif
    memcpy(sc->constants_map, constants, 256);
}
