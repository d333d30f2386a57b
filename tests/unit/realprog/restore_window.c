/* A windowed viewer in a toolkit's callback style: the toolkit says
   whether the window is minimised; while it is, nothing is (re)made; once
   it is not, the mesh buffers and the render target are made, and the
   staging buffer is filled with white in the encoding the display
   prefers (sRGB or linear, asked of the toolkit).  The viewer starts zeroed.  Either way it then waits for the
   device before it draws, and the draw records the upload of the mesh and the copy out of
   it - with no barrier between the copy that writes the mesh and the
   one that reads it - and, in HDR mode, a clear of the target. */
#include <string.h>
#include <vulkan/vulkan.h>

typedef struct viewer {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging, mesh, readback;
    VkImage target;
    int minimised;
    int hdr;
} viewer;

extern int toolkit_window_minimised(void *window);
extern int toolkit_prefers_srgb(void *window);

static void viewer_make_buffers(viewer *v)
{
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                               .size = 4096,
                               .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(v->device, &info, NULL, &v->staging);
    vkCreateBuffer(v->device, &info, NULL, &v->mesh);
    vkCreateBuffer(v->device, &info, NULL, &v->readback);
}

static void viewer_make_target(viewer *v, VkFormat format)
{
    VkImageCreateInfo info = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                              .imageType = VK_IMAGE_TYPE_2D,
                              .format = format,
                              .extent = {256, 256, 1},
                              .mipLevels = 1,
                              .arrayLayers = 1,
                              .samples = VK_SAMPLE_COUNT_1_BIT,
                              .tiling = VK_IMAGE_TILING_OPTIMAL,
                              .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                              .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    vkCreateImage(v->device, &info, NULL, &v->target);
}

/* The staging buffer starts out white, in the display's encoding. */
static void viewer_prime(viewer *v, uint32_t white)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(v->cmd, &begin);
    vkCmdFillBuffer(v->cmd, v->staging, 0, VK_WHOLE_SIZE, white);
    vkEndCommandBuffer(v->cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &v->cmd};
    vkQueueSubmit(v->queue, 1, &submit, VK_NULL_HANDLE);
}

static void viewer_draw(viewer *v)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(v->cmd, &begin);
    VkBufferCopy whole = {.size = 4096};
    vkCmdCopyBuffer(v->cmd, v->staging, v->mesh, 1, &whole);
#ifdef WITH_BARRIER
    VkMemoryBarrier uploaded = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(v->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &uploaded, 0, NULL, 0, NULL);
#endif
    vkCmdCopyBuffer(v->cmd, v->mesh, v->readback, 1, &whole);
    if (v->hdr) {
        VkClearColorValue black = {{0.0f, 0.0f, 0.0f, 1.0f}};
        VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        vkCmdClearColorImage(v->cmd, v->target, VK_IMAGE_LAYOUT_GENERAL, &black, 1, &all);
    }
    vkEndCommandBuffer(v->cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &v->cmd};
    vkQueueSubmit(v->queue, 1, &submit, VK_NULL_HANDLE);
}

static void viewer_on_expose(viewer *v, void *window)
{
    if (toolkit_window_minimised(window)) {
        v->minimised = 1;
    } else {
        v->minimised = 0;
        viewer_make_buffers(v);
        viewer_make_target(v, VK_FORMAT_B8G8R8A8_UNORM);
        if (toolkit_prefers_srgb(window))
            viewer_prime(v, 0x3f800000u); /* white, linear */
        else
            viewer_prime(v, 0xffffffffu);
    }
    vkDeviceWaitIdle(v->device);
    viewer_draw(v);
}

int viewer_run(VkDevice device, VkQueue queue, VkCommandBuffer cmd, void *window, int hdr)
{
    viewer v;
    memset(&v, 0, sizeof v);
    v.device = device;
    v.queue = queue;
    v.cmd = cmd;
    v.hdr = hdr;
    viewer_on_expose(&v, window);
    return 0;
}
