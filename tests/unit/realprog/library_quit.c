/* A sample program of a windowing library, in the style of its test
   programs: one global context, every failure logged through the
   library and ended by quit(), which tears the graphics down, closes the
   library and exits.  The library is linked, not analysed: only its
   declarations are here.  The frame fills a staging buffer and copies it
   into the vertex buffer. */
#include <stdint.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

typedef struct UiWindow UiWindow;
typedef struct UiState {
    UiWindow **windows;
    int num_windows;
    const char *title;
    void (*on_event)(void *user, int kind);
    void *user;
} UiState;

/* the library's API (its header is not a system header) */
void UiLog(const char *fmt, ...);
void UiFree(void *memory);
void UiCommonQuit(UiState *state);
void UiUnloadVulkan(void);

typedef struct GfxContext {
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer staging, vertices;
    VkSemaphore *semaphores;
    uint32_t semaphore_count;
} GfxContext;

static UiState *state;
static GfxContext *gfx;

static void shutdownGfx(void)
{
    if (!gfx)
        return;
    if (gfx->device)
        vkDeviceWaitIdle(gfx->device);
    for (uint32_t i = 0; i < gfx->semaphore_count; i++)
        if (gfx->semaphores[i])
            vkDestroySemaphore(gfx->device, gfx->semaphores[i], NULL);
    if (gfx->pool)
        vkDestroyCommandPool(gfx->device, gfx->pool, NULL);
    UiFree(gfx->semaphores);
    UiFree(gfx);
    gfx = NULL;
    UiUnloadVulkan();
}

static void quit(int rc)
{
    shutdownGfx();
    UiCommonQuit(state);
    exit(rc);
}

static void drawFrame(void)
{
    VkResult result;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    result = vkResetCommandPool(gfx->device, gfx->pool, 0);
    if (result != VK_SUCCESS) {
        UiLog("vkResetCommandPool(): %d\n", (int)result);
        quit(2);
    }
    result = vkBeginCommandBuffer(gfx->cmd, &begin);
    if (result != VK_SUCCESS) {
        UiLog("vkBeginCommandBuffer(): %d\n", (int)result);
        quit(2);
    }
    vkCmdFillBuffer(gfx->cmd, gfx->staging, 0, VK_WHOLE_SIZE, 0x3f800000u);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(gfx->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy all = {.size = 4096};
    vkCmdCopyBuffer(gfx->cmd, gfx->staging, gfx->vertices, 1, &all);
    result = vkEndCommandBuffer(gfx->cmd);
    if (result != VK_SUCCESS) {
        UiLog("vkEndCommandBuffer(): %d\n", (int)result);
        quit(2);
    }
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &gfx->cmd};
    result = vkQueueSubmit(gfx->queue, 1, &submit, VK_NULL_HANDLE);
    if (result != VK_SUCCESS) {
        UiLog("vkQueueSubmit(): %d\n", (int)result);
        quit(2);
    }
    result = vkQueueWaitIdle(gfx->queue);
    if (result != VK_SUCCESS) {
        UiLog("vkQueueWaitIdle(): %d\n", (int)result);
        quit(2);
    }
}

void runFrames(UiState *ui, GfxContext *context, int frames)
{
    state = ui;
    gfx = context;
    if (!state->num_windows) {
        UiLog("no window\n");
        quit(1);
    }
    for (int i = 0; i < frames; i++)
        drawFrame();
    quit(0);
}
