/* A video filter in GStreamer's style: each frame's input and output
   images get their views from a cache on the image memory, which makes
   the view it does not find (gst_vulkan_get_or_create_image_view).  The
   frame then clears a staging buffer and copies it to the output.

   Each lookup was a decision: a view found in the cache is a value the
   lookup returned, unknown, and a view made is an object of the path's;
   two lookups made four paths of one frame. */
#include <stddef.h>
#include <vulkan/vulkan.h>

typedef int gboolean;

typedef struct {
    VkDevice device;
    VkImage image;
    VkFormat format;
    void *views; /* the library's list */
} ImageMemory;

typedef struct {
    VkImageView view;
    ImageMemory *image;
} ImageView;

/* The memory's view list (no body here). */
ImageView *image_memory_find_view(ImageMemory *mem, const VkImageViewCreateInfo *info);
void image_memory_add_view(ImageMemory *mem, ImageView *view);
void *g_malloc0(size_t size);

static ImageView *image_view_new(ImageMemory *mem, const VkImageViewCreateInfo *info)
{
    ImageView *view = g_malloc0(sizeof(*view));
    vkCreateImageView(mem->device, info, NULL, &view->view);
    view->image = mem;
    return view;
}

static ImageView *get_or_create_image_view(ImageMemory *mem)
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
        ret = image_view_new(mem, &info);
        image_memory_add_view(mem, ret);
    }
    return ret;
}

typedef struct {
    VkCommandBuffer cmd;
    VkBuffer staging, output;
    ImageView *in_view, *out_view;
} Filter;

gboolean filter_transform(Filter *self, ImageMemory *in, ImageMemory *out)
{
    self->in_view = get_or_create_image_view(in);
    self->out_view = get_or_create_image_view(out);

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(self->cmd, &begin);
    vkCmdFillBuffer(self->cmd, self->staging, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(self->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 65536};
    vkCmdCopyBuffer(self->cmd, self->staging, self->output, 1, &region);
    vkEndCommandBuffer(self->cmd);
    return 1;
}
