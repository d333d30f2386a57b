/* A windowed viewer in XCB's idiom: the window system's connection is an
   opaque struct the program only passes back to the library
   (`xcb_poll_for_event (connection)`), and the library's event pump runs
   between a frame's submission and the next frame's upload.  The upload
   rewrites the mapped staging buffer while the first frame's copy may
   still be reading it: the fence wait comes after the memcpy, not
   before (host-access-before-wait).  With WITH_BARRIER the wait comes
   first.
   The window library is declared here as its header declares it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

typedef struct wsi_connection_t wsi_connection_t; /* opaque, as xcb_connection_t */
typedef struct {
    uint8_t response_type;
    uint8_t pad0;
    uint16_t sequence;
    uint32_t pad[7];
    uint32_t full_sequence;
} wsi_generic_event_t;
extern wsi_generic_event_t *wsi_poll_for_event(wsi_connection_t *c);
extern int wsi_flush(wsi_connection_t *c);

#define FRAME_BYTES 65536

struct viewer {
    wsi_connection_t *connection;
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkFence fence;
    VkBuffer staging;
    VkBuffer image_data;
    VkDeviceMemory staging_memory;
    void *mapped;
    int quit;
};

static void record_upload(struct viewer *v)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(v->cmd, &begin);
    VkBufferCopy region = {.size = FRAME_BYTES};
    vkCmdCopyBuffer(v->cmd, v->staging, v->image_data, 1, &region);
    vkEndCommandBuffer(v->cmd);
}

static void pump_events(struct viewer *v)
{
    wsi_generic_event_t *event;
    while ((event = wsi_poll_for_event(v->connection)) != NULL) {
        if ((event->response_type & 0x7f) == 33 /* client message: close */)
            v->quit = 1;
        free(event);
    }
    wsi_flush(v->connection);
}

void viewer_show(struct viewer *v, const uint8_t frames[2][FRAME_BYTES])
{
    vkBindBufferMemory(v->device, v->staging, v->staging_memory, 0);
    vkMapMemory(v->device, v->staging_memory, 0, VK_WHOLE_SIZE, 0, &v->mapped);
    record_upload(v);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &v->cmd,
    };
    memcpy(v->mapped, frames[0], FRAME_BYTES);
    vkQueueSubmit(v->queue, 1, &submit, v->fence);
    pump_events(v);
#ifdef WITH_BARRIER /* the fence wait before the upload */
    vkWaitForFences(v->device, 1, &v->fence, VK_TRUE, UINT64_MAX);
    memcpy(v->mapped, frames[1], FRAME_BYTES);
#else
    memcpy(v->mapped, frames[1], FRAME_BYTES);
    vkWaitForFences(v->device, 1, &v->fence, VK_TRUE, UINT64_MAX);
#endif
    vkResetFences(v->device, 1, &v->fence);
    vkQueueSubmit(v->queue, 1, &submit, v->fence);
    vkWaitForFences(v->device, 1, &v->fence, VK_TRUE, UINT64_MAX);
}
