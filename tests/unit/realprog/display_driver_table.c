/* A frontend in RetroArch's manner: the display driver is one of several
   const tables of function pointers, the one this build uses kept in a
   plain file-scope pointer; the Vulkan renderer's state is a file-scope
   struct, and the driver's draw callback gets it as `void *data`.  The frame clears the
   staging buffer and the display driver copies it into the vertex buffer;
   without -DWITH_BARRIER nothing orders the copy after the clear. */
#include <stddef.h>
#include <vulkan/vulkan.h>

typedef struct vk {
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkBuffer staging, vertices;
} vk_t;

typedef struct display_driver {
    void (*draw)(void *data);
    const char *ident;
} display_driver_t;

VkDevice frontend_device(void);
VkQueue frontend_queue(void);
VkCommandPool frontend_pool(void);
VkBuffer frontend_buffer(unsigned index);

static void display_vk_draw(void *data)
{
    vk_t *vk = (vk_t *)data;
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 4096};
    vkCmdCopyBuffer(vk->cmd, vk->staging, vk->vertices, 1, &region);
}

static void display_null_draw(void *data)
{
    (void)data;
}

static const display_driver_t display_vulkan = {display_vk_draw, "vulkan"};
static const display_driver_t display_null = {display_null_draw, "null"};

#ifdef HEADLESS
static const display_driver_t *display_driver = &display_null;
#else
static const display_driver_t *display_driver = &display_vulkan;
#endif
static vk_t vk_state;

static void vulkan_frame(vk_t *vk)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(vk->cmd, &begin);
    vkCmdFillBuffer(vk->cmd, vk->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(vk->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    if (display_driver && display_driver->draw)
        display_driver->draw(vk);
    vkEndCommandBuffer(vk->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &vk->cmd,
    };
    vkQueueSubmit(vk->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(vk->queue);
}

int main(void)
{
    vk_state.device = frontend_device();
    vk_state.queue = frontend_queue();
    vk_state.pool = frontend_pool();
    vk_state.staging = frontend_buffer(0);
    vk_state.vertices = frontend_buffer(1);
    VkCommandBufferAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = vk_state.pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    if (vkAllocateCommandBuffers(vk_state.device, &alloc, &vk_state.cmd) != VK_SUCCESS)
        return 1;
    vulkan_frame(&vk_state);
    return 0;
}
