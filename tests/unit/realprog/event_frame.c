/* A small engine's main loop, written the way a game programmer writes
   one: the settings come from a loader in another library (so the state
   struct is whatever it left there), the frame waits on its fence, picks
   the semaphore of this frame by index, then polls events into a switch -
   where only a resize records anything - and uploads the mesh. */
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#define FRAMES 3

typedef struct Gfx {
    VkDevice dev;
    VkQueue queue;
    VkCommandBuffer cb;
    VkBuffer upload, mesh, grid;
    VkSemaphore image_ready[FRAMES];
    VkFence in_flight;
    uint32_t frame;
    bool quit, paused, wireframe;
    float zoom;
} Gfx;

typedef struct { int kind, key, width, height; } Event;
enum { EV_NONE, EV_KEY, EV_SCROLL, EV_CLOSE, EV_RESIZE };

void gfx_load_settings(Gfx *g); /* another library: fills in g */
bool poll_event(Event *ev);

static void clear_grid(Gfx *g, int w, int h)
{
    vkCmdFillBuffer(g->cb, g->grid, 0, (VkDeviceSize)w * (VkDeviceSize)h * 4u, 0);
}

static void handle(Gfx *g, const Event *ev)
{
    switch (ev->kind) {
    case EV_KEY:
        if (ev->key == 'w')
            g->wireframe = !g->wireframe;
        else if (ev->key == ' ')
            g->paused = !g->paused;
        break;
    case EV_SCROLL:
        g->zoom *= 1.25f;
        break;
    case EV_CLOSE:
        g->quit = true;
        break;
    case EV_RESIZE:
        clear_grid(g, ev->width, ev->height);
        break;
    default:
        break;
    }
}

static void frame(Gfx *g)
{
    vkWaitForFences(g->dev, 1, &g->in_flight, VK_TRUE, UINT64_MAX);
    vkResetFences(g->dev, 1, &g->in_flight);
    VkSemaphore *ready = &g->image_ready[g->frame % FRAMES];

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(g->cb, &begin);
    Event ev;
    if (poll_event(&ev))
        handle(g, &ev);

    vkCmdFillBuffer(g->cb, g->upload, 0, 4096, 0x3f800000u);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier staged = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = g->upload,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(g->cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &staged, 0, NULL);
#endif
    VkBufferCopy whole = {.size = 4096};
    vkCmdCopyBuffer(g->cb, g->upload, g->mesh, 1, &whole);
    vkEndCommandBuffer(g->cb);

    VkPipelineStageFlags wait_at = VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = ready,
        .pWaitDstStageMask = &wait_at,
        .commandBufferCount = 1,
        .pCommandBuffers = &g->cb,
    };
    vkQueueSubmit(g->queue, 1, &submit, g->in_flight);
    g->frame++;
}

static VkBuffer make_buffer(Gfx *g, VkDeviceSize size, VkBufferUsageFlags usage)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
    };
    VkBuffer buffer = VK_NULL_HANDLE;
    vkCreateBuffer(g->dev, &info, NULL, &buffer);
    return buffer;
}

int main(void)
{
    Gfx g = {0};
    gfx_load_settings(&g);
    g.upload = make_buffer(&g, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    g.mesh = make_buffer(&g, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
    g.grid = make_buffer(&g, 1 << 24, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    frame(&g);
    return 0;
}
