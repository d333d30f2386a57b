/* Issue 11, causes 3 and 8, the way a windowed renderer is written: a
   render loop `while (!app.quit)` that only an event can end, a frame that
   retries its acquire and rebuilds on VK_ERROR_OUT_OF_DATE_KHR, a rebuild
   that asks the device for format properties again each time, and
   barriers whose masks come from a table looked up by a helper that
   aborts on a missing entry.  Events and acquire results come from
   functions the analyzer cannot see into. */
#include <stdio.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

enum usage { USAGE_TRANSFER_WRITE, USAGE_TRANSFER_READ, USAGE_VERTEX_READ };
enum event { EVENT_NONE, EVENT_CLOSE, EVENT_RESIZE };

struct usage_sync {
    enum usage usage;
    VkPipelineStageFlags stage;
    VkAccessFlags access;
};

static const struct usage_sync usage_table[] = {
    {USAGE_TRANSFER_WRITE, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT},
    {USAGE_TRANSFER_READ, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT},
    {USAGE_VERTEX_READ, VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT},
};

typedef struct {
    VkPhysicalDevice gpu;
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging, vertices;
    int quit, linear_ok, rebuilds;
} app_t;

/* Elsewhere (the window system, the swapchain): not analysed. */
enum event next_event(app_t *app);
VkResult acquire_image(app_t *app, uint32_t *index);

static const struct usage_sync *sync_of(enum usage usage)
{
    for (size_t i = 0; i < sizeof usage_table / sizeof usage_table[0]; i++)
        if (usage_table[i].usage == usage)
            return &usage_table[i];
    fprintf(stderr, "no sync entry for usage %d\n", (int)usage);
    abort();
}

static void buffer_barrier(VkCommandBuffer cmd, VkBuffer buffer, enum usage from, enum usage to)
{
    const struct usage_sync *src = sync_of(from);
    const struct usage_sync *dst = sync_of(to);
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = src->access,
        .dstAccessMask = dst->access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, src->stage, dst->stage, 0, 0, NULL, 1, &b, 0, NULL);
}

static void rebuild(app_t *app)
{
    VkFormatProperties props;
    vkGetPhysicalDeviceFormatProperties(app->gpu, VK_FORMAT_R8G8B8A8_UNORM, &props);
    if (props.linearTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
        app->linear_ok = 1;
    else
        app->linear_ok = 0;
    app->rebuilds++;
}

static void draw_frame(app_t *app)
{
    uint32_t index;
    VkResult r;
    do {
        r = acquire_image(app, &index);
        if (r == VK_ERROR_OUT_OF_DATE_KHR) {
            rebuild(app);
        } else if (r != VK_SUCCESS && r != VK_SUBOPTIMAL_KHR) {
            fprintf(stderr, "acquire failed: %d\n", (int)r);
            abort();
        }
    } while (r == VK_ERROR_OUT_OF_DATE_KHR);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(app->cmd, &begin);
    vkCmdFillBuffer(app->cmd, app->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    buffer_barrier(app->cmd, app->staging, USAGE_TRANSFER_WRITE, USAGE_TRANSFER_READ);
#else
    /* the table entry for the wrong use: the copy is not in the second scope */
    buffer_barrier(app->cmd, app->staging, USAGE_TRANSFER_WRITE, USAGE_VERTEX_READ);
#endif
    VkBufferCopy region = {0, 0, 4096};
    vkCmdCopyBuffer(app->cmd, app->staging, app->vertices, 1, &region);
    vkEndCommandBuffer(app->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &app->cmd,
    };
    vkQueueSubmit(app->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(app->queue);
}

void run(app_t *app)
{
    app->quit = 0;
    while (!app->quit) {
        switch (next_event(app)) {
        case EVENT_CLOSE:
            app->quit = 1;
            break;
        case EVENT_RESIZE:
            rebuild(app);
            break;
        default:
            break;
        }
        draw_frame(app);
    }
}
