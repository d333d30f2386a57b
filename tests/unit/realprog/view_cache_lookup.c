/* An image-memory object in GStreamer's manner keeps the views made of it
   in a library array and looks one up with the library's search, handing
   it a comparison callback typed on the view (which leads back to the
   device through its memory).  The frame clears the staging buffer on the
   GPU, looks the view up, and writes the next constants into the same
   mapped memory without waiting; with -DWITH_BARRIER it waits for the
   queue first. */
#include <stdbool.h>
#include <string.h>
#include <vulkan/vulkan.h>

typedef int (*equal_func)(const void *a, const void *b);
bool lib_array_find(void *array, const void *needle, equal_func equal, unsigned *index);

struct image_memory {
    VkDevice device;
    VkImage image;
    void *views; /* a library array of struct image_view * */
};

struct image_view {
    struct image_memory *memory;
    VkImageView handle;
    VkImageViewCreateInfo info;
};

static int view_matches(struct image_view *view, const VkImageViewCreateInfo *info)
{
    return view->info.format == info->format &&
           view->info.subresourceRange.baseMipLevel == info->subresourceRange.baseMipLevel;
}

struct frame {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging;
    VkDeviceMemory staging_memory;
    void *staging_map;
    struct image_memory *target;
};

void frame_upload(struct frame *f, const float *constants)
{
    vkBindBufferMemory(f->device, f->staging, f->staging_memory, 0);
    vkMapMemory(f->device, f->staging_memory, 0, 256, 0, &f->staging_map);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(f->cmd, &begin);
    vkCmdFillBuffer(f->cmd, f->staging, 0, 256, 0);
    vkEndCommandBuffer(f->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &f->cmd,
    };
    vkQueueSubmit(f->queue, 1, &submit, VK_NULL_HANDLE);

    VkImageViewCreateInfo wanted = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
    };
    unsigned index = 0;
    bool cached = lib_array_find(f->target->views, &wanted, (equal_func)view_matches, &index);
    (void)cached;
#ifdef WITH_BARRIER
    vkQueueWaitIdle(f->queue);
#endif
    memcpy(f->staging_map, constants, 256);
}
