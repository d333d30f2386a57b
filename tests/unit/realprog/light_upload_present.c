/* A renderer's frame in a driver's idiom: the parameters of every light
   are refreshed and mapped by a library (each call checked, the frame
   given up on the first failure), copied from the staging buffer the
   frame filled into the light's own buffer, and then the swapchain image
   is acquired in kopper's loop (Mesa's zink_kopper.c): while the acquire
   answers VK_ERROR_OUT_OF_DATE_KHR the swapchain is rebuilt and the
   acquire tried again.  Without -DWITH_BARRIER the copies read the staging
   buffer the fill just wrote with nothing between them. */
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#define LIGHT_COUNT 130

struct light {
    VkBuffer params;
};

struct renderer {
    VkDevice device;
    VkCommandBuffer cmd;
    VkSwapchainKHR swapchain;
    VkSemaphore image_acquired;
    uint32_t image_index;
    bool new_swapchain;
    VkBuffer staging;
    struct light lights[LIGHT_COUNT];
};

/* The scene library's: what they answer is not known. */
VkResult scene_refresh_light(unsigned light);
VkResult scene_map_light(unsigned light);
VkResult window_rebuild_swapchain(struct renderer *r);

static VkResult upload_lights(struct renderer *r)
{
    VkCommandBuffer cmd = r->cmd;
    VkBuffer staging = r->staging;
    vkCmdFillBuffer(cmd, staging, 0, 256, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &filled, 0, NULL, 0, NULL);
#endif
    for (unsigned i = 0; i < LIGHT_COUNT; i++) {
        VkResult result = scene_refresh_light(i);
        if (result != VK_SUCCESS)
            return result;
        result = scene_map_light(i);
        if (result != VK_SUCCESS)
            return result;
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
        vkCmdCopyBuffer(cmd, staging, r->lights[i].params, 1, &region);
    }
    return VK_SUCCESS;
}

static VkResult acquire_image(struct renderer *r)
{
    while (true) {
        if (r->new_swapchain) {
            VkResult error = window_rebuild_swapchain(r);
            if (error != VK_SUCCESS)
                return error;
            r->new_swapchain = false;
        }
        VkResult ret = vkAcquireNextImageKHR(r->device, r->swapchain, UINT64_MAX,
                                             r->image_acquired, VK_NULL_HANDLE, &r->image_index);
        if (ret != VK_SUCCESS && ret != VK_SUBOPTIMAL_KHR) {
            if (ret == VK_ERROR_OUT_OF_DATE_KHR) {
                r->new_swapchain = true;
                continue;
            }
            return ret;
        }
        break;
    }
    return VK_SUCCESS;
}

VkResult record_frame(struct renderer *r)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(r->cmd, &begin);
    VkResult result = upload_lights(r);
    if (result != VK_SUCCESS)
        return result;
    result = acquire_image(r);
    if (result != VK_SUCCESS)
        return result;
    return vkEndCommandBuffer(r->cmd);
}
