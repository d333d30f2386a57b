/* A colour-convert element in the manner of GStreamer's Vulkan plugins:
   the frame's planes must all be images (a helper checks each and, on the
   first that is not, clears the views in a loop and returns FALSE); the
   command buffer lives in a refcounted wrapper that the error path hands
   back to the library through its base type, and every step is logged.
   The clear of the scratch buffer and the copy out of it have no barrier
   between them unless -DWITH_BARRIER. */
#include <stdbool.h>
#include <stddef.h>
#include <vulkan/vulkan.h>

#define PLANES 4

typedef struct LibObject LibObject;  /* the library's refcounted base */
void lib_object_unref(LibObject *object);
void lib_log(const char *format, ...);
bool lib_memory_is_image(void *memory);

struct command_wrapper {
    LibObject *base;  /* stands for the embedded parent */
    VkCommandBuffer cmd;
};

static bool fill_views(void *memories[PLANES], void *views[PLANES])
{
    int i;
    for (i = 0; i < PLANES; i++) {
        if (!lib_memory_is_image(memories[i]))
            goto error;
        views[i] = memories[i];
    }
    return true;

error:
    for (i = 0; i < PLANES; i++)
        views[i] = NULL;
    return false;
}

bool convert_frame(struct command_wrapper *wrapper, void *memories[PLANES], VkBuffer scratch,
                   VkBuffer out)
{
    void *views[PLANES];
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(wrapper->cmd, &begin);
    lib_log("converting with command buffer %p", (void *)wrapper->cmd);
    vkCmdFillBuffer(wrapper->cmd, scratch, 0, 4096, 0);
    if (!fill_views(memories, views))
        goto unlock_error;
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(wrapper->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 4096};
    vkCmdCopyBuffer(wrapper->cmd, scratch, out, 1, &region);
    vkEndCommandBuffer(wrapper->cmd);
    return true;

unlock_error:
    lib_log("could not map the planes of %p", (void *)wrapper);
    lib_object_unref((LibObject *)wrapper);
    return false;
}
