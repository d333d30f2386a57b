/* A frame function that validates its scene before drawing (a check per
   object and per light, each returning on failure; a full refresh clears
   the index buffer and checks the scene once more), then acquires the
   next swapchain image, making the swapchain again when it is out of
   date.  It clears the staging buffer first and copies it into the vertex
   buffer after the acquire; without -DWITH_BARRIER nothing orders the
   copy's read after the clear. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct scene;
int scene_object_valid(const struct scene *s, unsigned i); /* a library's */
int scene_light_valid(const struct scene *s, unsigned i);
int scene_ready(const struct scene *s);

struct app {
    VkDevice device;
    VkCommandBuffer cmd;
    VkSwapchainKHR swapchain;
    VkSemaphore acquired;
    VkBuffer staging, vertices, indices;
    const struct scene *scene;
    int full_refresh;
    unsigned swapchain_generation;
};

#define CHECK(x)                \
    do {                        \
        if (!(x))               \
            return;             \
    } while (0)

static void recreate_swapchain(struct app *app)
{
    vkDeviceWaitIdle(app->device);
    app->swapchain_generation++;
}

void draw_frame(struct app *app)
{
    VkCommandBuffer cmd = app->cmd;
    vkCmdFillBuffer(cmd, app->staging, 0, 256, 0);
    if (app->full_refresh) {
        vkCmdFillBuffer(cmd, app->indices, 0, 256, 0);
        CHECK(scene_ready(app->scene));
    }
    for (unsigned i = 0; i < 127; i++)
        CHECK(scene_object_valid(app->scene, i));
    for (unsigned i = 0; i < 128; i++)
        CHECK(scene_light_valid(app->scene, i));
    uint32_t index = 0;
    if (vkAcquireNextImageKHR(app->device, app->swapchain, UINT64_MAX, app->acquired,
                              VK_NULL_HANDLE, &index) == VK_ERROR_OUT_OF_DATE_KHR)
        recreate_swapchain(app);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkCmdCopyBuffer(cmd, app->staging, app->vertices, 1, &region);
}
