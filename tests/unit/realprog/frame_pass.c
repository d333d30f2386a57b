/* A compositor's renderer backend, as a plugin table calls it: begin()
   opens the frame's command buffer and render pass, end() closes them.
   end() also opens a staging command buffer of its own for the uploads the
   frame queued, and reads the frame back for screenshots. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct backend;

struct backend_impl {
    void (*begin)(struct backend *b, uint32_t width, uint32_t height);
    void (*end)(struct backend *b);
};

struct backend {
    const struct backend_impl *impl;
};

struct vk_backend {
    struct backend base;
    VkDevice device;
    VkCommandBuffer frame_cb, stage_cb;
    VkRenderPass pass;
    VkFramebuffer target;
    VkBuffer uploads, vertices, readback, screenshot;
    int stage_open;
};

static struct vk_backend *vk_backend_of(struct backend *b)
{
    return (struct vk_backend *)b;
}

static VkCommandBuffer stage_commands(struct vk_backend *vk)
{
    if (!vk->stage_open) {
        VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                       .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
        vkBeginCommandBuffer(vk->stage_cb, &bi);
        vk->stage_open = 1;
    }
    return vk->stage_cb;
}

static void vk_begin(struct backend *b, uint32_t width, uint32_t height)
{
    struct vk_backend *vk = vk_backend_of(b);
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(vk->frame_cb, &bi);
    VkRenderPassBeginInfo rp = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = vk->pass,
                                .framebuffer = vk->target,
                                .renderArea = {{0, 0}, {width, height}}};
    vkCmdBeginRenderPass(vk->frame_cb, &rp, VK_SUBPASS_CONTENTS_INLINE);
}

static void vk_end(struct backend *b)
{
    struct vk_backend *vk = vk_backend_of(b);
    VkCommandBuffer stage = stage_commands(vk);
    VkBufferCopy queued = {.size = 4096};
    vkCmdCopyBuffer(stage, vk->uploads, vk->vertices, 1, &queued);
    vkEndCommandBuffer(stage);
    vk->stage_open = 0;

    vkCmdEndRenderPass(vk->frame_cb);
    vkCmdFillBuffer(vk->frame_cb, vk->readback, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(vk->frame_cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy shot = {.size = 65536};
    vkCmdCopyBuffer(vk->frame_cb, vk->readback, vk->screenshot, 1, &shot);
    vkEndCommandBuffer(vk->frame_cb);
}

const struct backend_impl vk_backend_impl = {.begin = vk_begin, .end = vk_end};
