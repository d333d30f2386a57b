/* Issue 11, cause 3, the way vkcube writes it: one `struct app` zeroed
   with memset, an argument loop of `if (strcmp(...) == 0) { ...; continue; }`
   options, debug labels behind `if (!app->debug) return;` in every helper,
   `if (app->cmd == VK_NULL_HANDLE) return;` after the command buffer was
   allocated, and a cleanup that destroys what exists.  The only branch of
   the recording would be whether labels are recorded, but a label
   accesses nothing, so the helpers are joined: one path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

struct app {
    VkDevice device;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer staging, target, spare;
    VkDeviceSize size;
    int debug, verbose, frames, width, height, force_errors;
    const char *title;
};

static void app_init(struct app *app, int argc, char **argv)
{
    memset(app, 0, sizeof(*app));
    app->size = 65536;
    app->frames = 1;
    app->width = 640;
    app->height = 480;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--debug") == 0) {
            app->debug = 1;
            continue;
        }
        if (strcmp(argv[i], "--verbose") == 0) {
            app->verbose = 1;
            continue;
        }
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            app->frames = atoi(argv[++i]);
            continue;
        }
        if (strcmp(argv[i], "--width") == 0 && i + 1 < argc) {
            app->width = atoi(argv[++i]);
            continue;
        }
        if (strcmp(argv[i], "--height") == 0 && i + 1 < argc) {
            app->height = atoi(argv[++i]);
            continue;
        }
        if (strcmp(argv[i], "--title") == 0 && i + 1 < argc) {
            app->title = argv[++i];
            continue;
        }
        if (strcmp(argv[i], "--force-errors") == 0) {
            app->force_errors = 1;
            continue;
        }
        fprintf(stderr, "usage: %s [--debug] [--verbose] [--frames N] [--width W] "
                        "[--height H] [--title T] [--force-errors]\n", argv[0]);
        exit(1);
    }
    if (app->verbose)
        printf("%dx%d, %d frames\n", app->width, app->height, app->frames);
}

static void push_label(struct app *app, const char *name)
{
    if (!app->debug)
        return;
    VkDebugUtilsLabelEXT label = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT,
                                  .pLabelName = name};
    vkCmdBeginDebugUtilsLabelEXT(app->cmd, &label);
}

static void pop_label(struct app *app)
{
    if (!app->debug)
        return;
    vkCmdEndDebugUtilsLabelEXT(app->cmd);
}

static VkBuffer new_buffer(struct app *app)
{
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                               .size = app->size,
                               .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VkBuffer buffer;
    if (vkCreateBuffer(app->device, &info, NULL, &buffer) != VK_SUCCESS)
        exit(1);
    return buffer;
}

static void app_prepare(struct app *app)
{
    app->staging = new_buffer(app);
    app->target = new_buffer(app);
    VkCommandBufferAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = app->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    if (vkAllocateCommandBuffers(app->device, &alloc, &app->cmd) != VK_SUCCESS)
        exit(1);
}

static void app_record(struct app *app)
{
    if (app->cmd == VK_NULL_HANDLE)
        return;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(app->cmd, &begin);
    push_label(app, "clear");
    vkCmdFillBuffer(app->cmd, app->staging, 0, app->size, 0);
    pop_label(app);
    push_label(app, "copy");
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = app->staging,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(app->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &barrier, 0, NULL);
#endif
    VkBufferCopy region = {.size = app->size};
    vkCmdCopyBuffer(app->cmd, app->staging, app->target, 1, &region);
    pop_label(app);
    vkEndCommandBuffer(app->cmd);
}

static void app_cleanup(struct app *app)
{
    if (app->spare)
        vkDestroyBuffer(app->device, app->spare, NULL);
    if (app->target)
        vkDestroyBuffer(app->device, app->target, NULL);
    vkDestroyBuffer(app->device, app->staging, NULL);
}

int main(int argc, char **argv)
{
    struct app app;
    app_init(&app, argc, argv);
    app_prepare(&app);
    app_record(&app);
    app_cleanup(&app);
    return 0;
}
