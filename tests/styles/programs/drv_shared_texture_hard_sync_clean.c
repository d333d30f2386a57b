// EXPECT: clean
// An emulator frontend in RetroArch's shape: the renderer is a file-scope
// vk_t, the video driver a const table of callbacks that receive it as
// `void *data`, and the active driver a file-scope pointer to the table.
// video_frame() waits for the frame's fence, begins its command buffer, has
// the driver upload the core's frame (staging buffer -> texture), clears
// the framebuffer, has the driver draw (blit texture -> framebuffer) and
// read the framebuffer back into a host-visible buffer, then submits with
// the frame's fence.  Two frames in flight with a framebuffer, staging and
// readback buffer per frame, but one texture for all frames, whose upload
// transition out of UNDEFINED waits for nothing (TOP_OF_PIPE).  The user
// turned on "hard GPU sync" (a file-scope settings struct, read through
// config_get_ptr()): video_frame() waits for the frame's fence right after
// submitting it, so no frame is still blitting from the texture when the
// next one discards it (drv_shared_texture_war without the setting).
#include "vkretro.h"

#define FRAMES 2
#define FRAME_COUNT 4
#define TEX_WIDTH 16
#define TEX_HEIGHT 16
#define FB_WIDTH 32
#define FB_HEIGHT 32

typedef struct vk {
    vulkan_context_t context;
    unsigned index;
    VkCommandBuffer cmd;
    VkCommandBuffer cmds[FRAMES];
    VkFence fences[FRAMES];
    struct vk_buffer staging[FRAMES];
    struct vk_texture texture;          /* the core's frame, one for all frames */
    struct vk_texture fb[FRAMES];
    struct vk_buffer readback[FRAMES];
} vk_t;

typedef struct video_driver {
    void (*upload)(void *data, const uint32_t *frame, unsigned width, unsigned height);
    void (*draw)(void *data);
    void (*readback)(void *data);
    const char *ident;
} video_driver_t;

static vk_t vk_renderer;

typedef struct settings {
    struct {
        bool video_hard_sync;
    } bools;
} settings_t;

static settings_t g_settings = {{true}};

static settings_t *config_get_ptr(void)
{
    return &g_settings;
}

static void vulkan_upload(void *data, const uint32_t *frame, unsigned width, unsigned height)
{
    vk_t *vk = (vk_t *)data;
    struct vk_buffer *staging = &vk->staging[vk->index];
    struct vk_texture *tex = &vk->texture;
    VkBufferImageCopy region = {0};

    memcpy(staging->mapped, frame, width * height * sizeof(uint32_t));
    VULKAN_IMAGE_LAYOUT_TRANSITION(vk->cmd, tex->image, VK_IMAGE_LAYOUT_UNDEFINED,
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                                   VK_ACCESS_TRANSFER_WRITE_BIT,
                                   VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT);
    region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    region.imageSubresource.layerCount = 1;
    region.imageExtent.width = width;
    region.imageExtent.height = height;
    region.imageExtent.depth = 1;
    vkCmdCopyBufferToImage(vk->cmd, staging->buffer, tex->image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    VULKAN_IMAGE_LAYOUT_TRANSITION(vk->cmd, tex->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                   VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                   VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT);
    tex->layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
}

static void vulkan_draw(void *data)
{
    vk_t *vk = (vk_t *)data;
    struct vk_texture *tex = &vk->texture;
    struct vk_texture *fb = &vk->fb[vk->index];
    VkImageBlit blit = {0};

    blit.srcSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    blit.srcSubresource.layerCount = 1;
    blit.srcOffsets[1].x = (int32_t)tex->width;
    blit.srcOffsets[1].y = (int32_t)tex->height;
    blit.srcOffsets[1].z = 1;
    blit.dstSubresource = blit.srcSubresource;
    blit.dstOffsets[0].x = 4;
    blit.dstOffsets[0].y = 4;
    blit.dstOffsets[1].x = (int32_t)fb->width - 4;
    blit.dstOffsets[1].y = (int32_t)fb->height - 4;
    blit.dstOffsets[1].z = 1;
    vkCmdBlitImage(vk->cmd, tex->image, tex->layout, fb->image,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
}

static void vulkan_readback(void *data)
{
    vk_t *vk = (vk_t *)data;
    struct vk_texture *fb = &vk->fb[vk->index];
    VkBufferImageCopy region = {0};
    VkMemoryBarrier to_host = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};

    VULKAN_IMAGE_LAYOUT_TRANSITION(vk->cmd, fb->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                   VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                   VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT);
    region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    region.imageSubresource.layerCount = 1;
    region.imageExtent.width = fb->width;
    region.imageExtent.height = fb->height;
    region.imageExtent.depth = 1;
    vkCmdCopyImageToBuffer(vk->cmd, fb->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           vk->readback[vk->index].buffer, 1, &region);
    to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(vk->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                         0, 1, &to_host, 0, NULL, 0, NULL);
}

static const video_driver_t video_vulkan = {
    vulkan_upload,
    vulkan_draw,
    vulkan_readback,
    "vulkan",
};

static const video_driver_t *video_driver = &video_vulkan;

static void video_frame(const uint32_t *frame, unsigned width, unsigned height)
{
    vk_t *vk = &vk_renderer;
    settings_t *settings = config_get_ptr();
    struct vk_texture *fb = &vk->fb[vk->index];
    VkCommandBufferBeginInfo begin_info = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkSubmitInfo submit_info = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    VkClearColorValue clear_color = {{0.0f, 0.0f, 0.0f, 1.0f}};
    VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};

    vkWaitForFences(vk->context.device, 1, &vk->fences[vk->index], VK_TRUE, UINT64_MAX);
    vkResetFences(vk->context.device, 1, &vk->fences[vk->index]);
    vk->cmd = vk->cmds[vk->index];
    vkResetCommandBuffer(vk->cmd, 0);
    begin_info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(vk->cmd, &begin_info);

    video_driver->upload(vk, frame, width, height);

    VULKAN_IMAGE_LAYOUT_TRANSITION(vk->cmd, fb->image, VK_IMAGE_LAYOUT_UNDEFINED,
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                                   VK_ACCESS_TRANSFER_WRITE_BIT,
                                   VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT);
    vkCmdClearColorImage(vk->cmd, fb->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                         &clear_color, 1, &range);
    VULKAN_IMAGE_LAYOUT_TRANSITION(vk->cmd, fb->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                   VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT,
                                   VK_PIPELINE_STAGE_TRANSFER_BIT);

    video_driver->draw(vk);
    video_driver->readback(vk);

    vkEndCommandBuffer(vk->cmd);
    submit_info.commandBufferCount = 1;
    submit_info.pCommandBuffers = &vk->cmd;
    vkQueueSubmit(vk->context.queue, 1, &submit_info, vk->fences[vk->index]);
    if (settings->bools.video_hard_sync)
        vkWaitForFences(vk->context.device, 1, &vk->fences[vk->index], VK_TRUE, UINT64_MAX);
}

int main(void)
{
    vk_t *vk = &vk_renderer;
    static uint32_t frame[TEX_WIDTH * TEX_HEIGHT];
    VkCommandBufferAllocateInfo alloc_info = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    VkFenceCreateInfo fence_info = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    unsigned i, n;

    if (!vulkan_context_init(&vk->context, FRAMES))
        return 1;
    alloc_info.commandPool = vk->context.cmd_pool;
    alloc_info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc_info.commandBufferCount = FRAMES;
    vkAllocateCommandBuffers(vk->context.device, &alloc_info, vk->cmds);
    fence_info.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    vk->texture = vulkan_create_texture(&vk->context, TEX_WIDTH, TEX_HEIGHT,
                                        VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                        VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    for (i = 0; i < FRAMES; i++) {
        vkCreateFence(vk->context.device, &fence_info, NULL, &vk->fences[i]);
        vk->staging[i] = vulkan_create_buffer(&vk->context, sizeof(frame),
                                              VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
        vk->fb[i] = vulkan_create_texture(&vk->context, FB_WIDTH, FB_HEIGHT,
                                          VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                          VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                          VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
        vk->readback[i] = vulkan_create_buffer(&vk->context, FB_WIDTH * FB_HEIGHT * 4,
                                               VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    }

    for (n = 0; n < FRAME_COUNT; n++) {
        for (i = 0; i < TEX_WIDTH * TEX_HEIGHT; i++)
            frame[i] = 0xff000000u | (n << 16) | i;
        vk->index = n % FRAMES;
        video_frame(frame, TEX_WIDTH, TEX_HEIGHT);
    }
    vkDeviceWaitIdle(vk->context.device);
    for (i = 0; i < FRAMES; i++)
        printf("frame %u: pixel 0x%08x\n", i,
               ((const uint32_t *)vk->readback[i].mapped)[FB_WIDTH * 8 + 8]);
    return 0;
}
