/* The view cache of view_cache.c, looked up after a submission: the frame
   submits the copy out of the staging buffer, looks up the views for the
   next pass, and writes the next upload into the mapped staging buffer
   without waiting.  Making a view here refs the memory's device through
   the library (`object_ref (&device)`), a call handed what leads to
   the device, which may wait for it; on the way that finds the view there
   is no wait at all - the race.  The path takes the making way with what
   it may wait for not counted (the finding way's state, and a new view),
   and the race is reported there. */
#include <stddef.h>
#include <string.h>
#include <vulkan/vulkan.h>

typedef struct {
    VkImage image;
    VkFormat format;
} ImageMemory;

typedef struct {
    VkImageView view;
    ImageMemory *image;
} ImageView;

ImageView *image_memory_find_view(ImageMemory *mem, const VkImageViewCreateInfo *info);
void image_memory_add_view(ImageMemory *mem, ImageView *view);
void *object_ref(void *object);
void *g_malloc0(size_t size);

static ImageView *get_or_create_image_view(VkDevice device, ImageMemory *mem)
{
    VkImageViewCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = mem->image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = mem->format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    ImageView *ret = image_memory_find_view(mem, &info);
    if (!ret) {
        ret = g_malloc0(sizeof(*ret));
        object_ref(&device);
        vkCreateImageView(device, &info, NULL, &ret->view);
        image_memory_add_view(mem, ret);
    }
    return ret;
}

typedef struct {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging, output;
    VkDeviceMemory staging_memory;
    ImageView *view;
} Uploader;

void upload_frame(Uploader *self, ImageMemory *next, const void *pixels)
{
    void *mapped;
    vkBindBufferMemory(self->device, self->staging, self->staging_memory, 0);
    vkMapMemory(self->device, self->staging_memory, 0, 65536, 0, &mapped);

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(self->cmd, &begin);
    VkBufferCopy region = {0, 0, 65536};
    vkCmdCopyBuffer(self->cmd, self->staging, self->output, 1, &region);
    vkEndCommandBuffer(self->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &self->cmd,
    };
    vkQueueSubmit(self->queue, 1, &submit, VK_NULL_HANDLE);

    self->view = get_or_create_image_view(self->device, next);
#ifdef WITH_BARRIER
    vkQueueWaitIdle(self->queue);
#endif
    memcpy(mapped, pixels, 65536);
}
