/* A small windowed renderer as a library: the application calls
   wnd_render_frame(&wnd) from its event loop (nothing in this file calls
   it).  A minimised window pauses rendering; a helper asks the surface
   whether it still is and clears the flag through the pointer it is
   handed; the frame after it uploads the mesh again.  The recording after
   the resume is reached only if the flag the helper wrote is the flag the
   frame reads. */
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef struct Window {
    VkPhysicalDevice gpu;
    VkSurfaceKHR surface;
    VkCommandBuffer frame_cmd;
    VkQueue queue;
    VkBuffer mesh_staging, mesh, mesh_copy;
    bool paused;
    uint32_t width, height;
} Window;

static void wnd_query_surface(Window *w)
{
    VkSurfaceCapabilitiesKHR caps;
    vkGetPhysicalDeviceSurfaceCapabilitiesKHR(w->gpu, w->surface, &caps);
    if (caps.currentExtent.width == 0 || caps.currentExtent.height == 0) {
        w->paused = true;
        return;
    }
    w->paused = false;
    w->width = caps.currentExtent.width;
    w->height = caps.currentExtent.height;
}

static void wnd_upload_mesh(Window *w, VkCommandBuffer cb)
{
    VkBufferCopy whole = {0, 0, 4096};
    vkCmdCopyBuffer(cb, w->mesh_staging, w->mesh, 1, &whole);
#ifdef WITH_BARRIER
    VkMemoryBarrier2 mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
    };
    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                            .memoryBarrierCount = 1,
                            .pMemoryBarriers = &mb};
    vkCmdPipelineBarrier2(cb, &dep);
#endif
    /* A copy kept for picking, read from the fresh mesh. */
    vkCmdCopyBuffer(cb, w->mesh, w->mesh_copy, 1, &whole);
}

void wnd_render_frame(Window *w)
{
    if (w->paused) {
        wnd_query_surface(w);
        if (w->paused)
            return; /* still minimised: nothing to draw */
        /* Restored: the mesh lives in memory the pause gave back. */
        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        vkBeginCommandBuffer(w->frame_cmd, &begin);
        wnd_upload_mesh(w, w->frame_cmd);
        vkEndCommandBuffer(w->frame_cmd);
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                               .commandBufferCount = 1,
                               .pCommandBuffers = &w->frame_cmd};
        vkQueueSubmit(w->queue, 1, &submit, VK_NULL_HANDLE);
        vkQueueWaitIdle(w->queue);
    }
}
