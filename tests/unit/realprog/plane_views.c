/* A video filter's per-frame function in the style of a media framework:
   one image view per plane of the output frame, each creation checked and
   the frame dropped on failure; a scratch plane cleared and copied into
   the output's first plane; and, when the filter runs synchronously, a
   wait for the queue before the frame is handed on. */
#include <stdbool.h>
#include <stddef.h>
#include <vulkan/vulkan.h>

#define MAX_PLANES 4

struct vk_frame {
    VkImage img[MAX_PLANES];
    VkBuffer plane_buf[MAX_PLANES];
    int nb_planes;
};

struct filter_priv {
    VkDevice dev;
    VkQueue queue;
    VkCommandBuffer exec;
    VkBuffer scratch;
    VkFormat plane_format[MAX_PLANES];
    VkImageView views[MAX_PLANES];
    bool synchronous;
};

static int make_plane_view(struct filter_priv *p, VkImage img, int plane)
{
    VkImageViewCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = img,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = p->plane_format[plane],
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    if (vkCreateImageView(p->dev, &info, NULL, &p->views[plane]) != VK_SUCCESS)
        return -1;
    return 0;
}

int filter_frame(struct filter_priv *p, struct vk_frame *out)
{
    for (int i = 0; i < out->nb_planes; i++)
        if (make_plane_view(p, out->img[i], i) < 0)
            return -1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    if (vkBeginCommandBuffer(p->exec, &begin) != VK_SUCCESS)
        return -1;
    vkCmdFillBuffer(p->exec, p->scratch, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(p->exec, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.size = 65536};
    vkCmdCopyBuffer(p->exec, p->scratch, out->plane_buf[0], 1, &region);
    if (vkEndCommandBuffer(p->exec) != VK_SUCCESS)
        return -1;

    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &p->exec};
    if (vkQueueSubmit(p->queue, 1, &submit, VK_NULL_HANDLE) != VK_SUCCESS)
        return -1;
    if (p->synchronous)
        vkQueueWaitIdle(p->queue);
    return 0;
}
