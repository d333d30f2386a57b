/* A media library's video sink in GStreamer's idiom.  Every public
   function checks what it is handed with g_return_if_fail /
   g_return_val_if_fail (GLib's macros, with the reporting function
   declared as glib/gmessages.h declares it), Vulkan results become error
   messages through a helper that formats with a va_list, and the
   swapchain image is acquired again with `goto reacquire` after a resize
   for as long as the acquire answers VK_ERROR_OUT_OF_DATE_KHR.  A frame
   is uploaded into a staging buffer and copied into the buffer the
   shaders read, then the frame's objects go to a trash list that frees
   them once the frame's fence signals. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

/* One 1080p RGBA frame. */
#define FRAME_SIZE ((VkDeviceSize)1920 * 1080 * 4)

typedef int gboolean;
#define FALSE 0
#define TRUE 1

/* glib/gmessages.h */
void g_return_if_fail_warning(const char *log_domain, const char *pretty_function,
                              const char *expression);

#define g_return_if_fail(expr)                                                     \
    do {                                                                           \
        if (expr) {                                                                \
        } else {                                                                   \
            g_return_if_fail_warning("mediasink", __func__, #expr);                \
            return;                                                                \
        }                                                                          \
    } while (0)

#define g_return_val_if_fail(expr, val)                                            \
    do {                                                                           \
        if (expr) {                                                                \
        } else {                                                                   \
            g_return_if_fail_warning("mediasink", __func__, #expr);                \
            return (val);                                                          \
        }                                                                          \
    } while (0)

typedef struct media_error media_error;
extern int media_vasprintf(char **out, const char *format, va_list args);
extern void media_set_error(media_error **error, int code, const char *message);
extern void media_free(void *memory);

struct trash;
struct trash_list {
    void (*gc)(struct trash_list *list);
    gboolean (*add)(struct trash_list *list, struct trash *trash);
};
extern gboolean media_is_trash_list(const void *object);
extern struct trash *media_trash_new_free_semaphore(VkFence fence, VkSemaphore semaphore);
extern struct trash *media_trash_new_unref(VkFence fence, void *object);

struct sink {
    VkDevice device;
    VkQueue queue;
    VkSwapchainKHR swapchain;
    VkSemaphore acquired;
    VkFence fence;
    VkBuffer staging;
    VkBuffer frame;
    struct trash_list *trash;
};
extern gboolean media_swapchain_resize(struct sink *sink, media_error **error);

/* Sets *error from a failed result, as gst_vulkan_error_to_g_error. */
static VkResult media_result_to_error(VkResult result, media_error **error,
                                      const char *format, ...)
{
    if (error == NULL)
        return result;
    if (result >= 0)
        return result;
    char *message = NULL;
    va_list args;
    va_start(args, format);
    media_vasprintf(&message, format, args);
    va_end(args);
    media_set_error(error, result, message);
    media_free(message);
    return result;
}

static void trash_list_gc(struct trash_list *list)
{
    g_return_if_fail(media_is_trash_list(list));
    g_return_if_fail(list->gc != NULL);
    list->gc(list);
}

static gboolean trash_list_add(struct trash_list *list, struct trash *trash)
{
    g_return_val_if_fail(media_is_trash_list(list), FALSE);
    g_return_val_if_fail(list->add != NULL, FALSE);
    return list->add(list, trash);
}

static gboolean upload_frame(struct sink *sink, VkCommandBuffer cmd, media_error **error)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VkResult err = vkBeginCommandBuffer(cmd, &begin);
    if (media_result_to_error(err, error, "vkBeginCommandBuffer") < 0)
        return FALSE;
    vkCmdFillBuffer(cmd, sink->staging, 0, FRAME_SIZE, 0x80808080u);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = sink->staging,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 1, &filled, 0, NULL);
#endif
    VkBufferCopy region = {.size = FRAME_SIZE};
    vkCmdCopyBuffer(cmd, sink->staging, sink->frame, 1, &region);
    err = vkEndCommandBuffer(cmd);
    if (media_result_to_error(err, error, "vkEndCommandBuffer") < 0)
        return FALSE;
    return TRUE;
}

gboolean media_sink_show_frame(struct sink *sink, VkCommandBuffer cmd, media_error **error)
{
    uint32_t index = 0;
    VkResult err;

    trash_list_gc(sink->trash);

reacquire:
    err = vkAcquireNextImageKHR(sink->device, sink->swapchain, UINT64_MAX, sink->acquired,
                                VK_NULL_HANDLE, &index);
    if (err == VK_ERROR_OUT_OF_DATE_KHR) {
        if (!media_swapchain_resize(sink, error))
            goto error;
        goto reacquire;
    } else if (media_result_to_error(err, error, "vkAcquireNextImageKHR") < 0) {
        goto error;
    }

    if (!upload_frame(sink, cmd, error))
        goto error;

    VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &sink->acquired,
        .pWaitDstStageMask = &stage,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    err = vkQueueSubmit(sink->queue, 1, &submit, sink->fence);
    if (media_result_to_error(err, error, "vkQueueSubmit") < 0)
        goto error;

    trash_list_add(sink->trash, media_trash_new_free_semaphore(sink->fence, sink->acquired));
    trash_list_add(sink->trash, media_trash_new_unref(sink->fence, sink));
    trash_list_gc(sink->trash);
    trash_list_add(sink->trash, media_trash_new_unref(sink->fence, sink->trash));
    trash_list_gc(sink->trash);
    return TRUE;

error:
    trash_list_gc(sink->trash);
    return FALSE;
}
