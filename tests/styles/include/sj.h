/*
 * sj.h - Vulkan with setjmp/longjmp error handling, as libpng and some C
 * engines do it.  The caller arms app->on_error around a unit of work (a
 * frame, the setup); the helpers check every VkResult and longjmp() to it
 * with the failed call's name and result, so the recording code in between
 * reads straight through:
 *
 *     struct sj_app app;
 *     if (setjmp(app.on_error)) {
 *         fprintf(stderr, "%s failed: %d\n", app.failed, app.result);
 *         sj_release(&app);
 *         return -1;
 *     }
 *     sj_init(&app);
 *     VkCommandBuffer cmd = sj_begin(&app);
 *     ... record ...
 *     sj_submit(&app);                 // end, submit, wait for the fence
 */
#ifndef SJ_H
#define SJ_H

#include <setjmp.h>

#include "lite.h"

struct sj_app {
    struct lite vk;
    jmp_buf on_error;
    const char *failed;         /* the call that failed, for the handler */
    VkResult result;
    VkCommandBuffer cmd;        /* the frame's, VK_NULL_HANDLE between frames */
    VkFence fence;
};

static void sj_fail(struct sj_app *app, const char *what, VkResult result)
{
    app->failed = what;
    app->result = result;
    longjmp(app->on_error, 1);
}

static void sj_check(struct sj_app *app, VkResult result, const char *what)
{
    if (result != VK_SUCCESS)
        sj_fail(app, what, result);
}

#define SJ_CHECK(app, call) sj_check((app), (call), #call)

static void sj_init(struct sj_app *app)
{
    if (lite_init(&app->vk) != 0)
        sj_fail(app, "lite_init", VK_ERROR_INITIALIZATION_FAILED);
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    SJ_CHECK(app, vkCreateFence(app->vk.device, &fci, NULL, &app->fence));
    app->cmd = VK_NULL_HANDLE;
}

/* A host-visible buffer, its memory mapped into *map when map is not NULL. */
static VkBuffer sj_buffer(struct sj_app *app, VkDeviceSize size, VkBufferUsageFlags usage,
                          void **map)
{
    VkBuffer buffer;
    VkDeviceMemory memory;
    SJ_CHECK(app, lite_buffer(&app->vk, size, usage, &buffer, &memory));
    if (map)
        SJ_CHECK(app, vkMapMemory(app->vk.device, memory, 0, VK_WHOLE_SIZE, 0, map));
    return buffer;
}

static VkImage sj_image(struct sj_app *app, uint32_t w, uint32_t h, VkImageUsageFlags usage)
{
    VkImage image;
    VkDeviceMemory memory;
    SJ_CHECK(app, lite_image(&app->vk, w, h, usage, &image, &memory));
    return image;
}

static VkCommandBuffer sj_begin(struct sj_app *app)
{
    VkCommandBuffer cmd;
    SJ_CHECK(app, lite_alloc(&app->vk, 1, &cmd));
    app->cmd = cmd;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    SJ_CHECK(app, vkBeginCommandBuffer(cmd, &begin));
    return cmd;
}

static void sj_submit(struct sj_app *app)
{
    SJ_CHECK(app, vkEndCommandBuffer(app->cmd));
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &app->cmd,
    };
    SJ_CHECK(app, vkQueueSubmit(app->vk.queue, 1, &si, app->fence));
    SJ_CHECK(app, vkWaitForFences(app->vk.device, 1, &app->fence, VK_TRUE, UINT64_MAX));
    SJ_CHECK(app, vkResetFences(app->vk.device, 1, &app->fence));
    vkFreeCommandBuffers(app->vk.device, app->vk.pool, 1, &app->cmd);
    app->cmd = VK_NULL_HANDLE;
}

/* The frame's transfer writes, made visible to the host that reads them
   after the fence. */
static void sj_transfer_to_host(VkCommandBuffer cmd)
{
    VkMemoryBarrier to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &to_host, 0, NULL, 0, NULL);
}

/* For the error handlers: what a frame left behind. */
static void sj_release(struct sj_app *app)
{
    if (app->cmd != VK_NULL_HANDLE) {
        vkDeviceWaitIdle(app->vk.device);
        vkFreeCommandBuffers(app->vk.device, app->vk.pool, 1, &app->cmd);
        app->cmd = VK_NULL_HANDLE;
    }
}

#endif
