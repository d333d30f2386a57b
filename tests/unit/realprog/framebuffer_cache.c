/* A 2D renderer in GTK's style (gsk_vulkan_render_get_framebuffer): the
   framebuffer of each target image comes from a hash table, and a lookup
   that finds none makes one, keeps it and returns it:

       fb = g_hash_table_lookup (self->framebuffers, image);
       if (fb)
         return fb->framebuffer;
       fb = g_slice_new0 (...);
       vkCreateFramebuffer (..., &fb->framebuffer);

   Each lookup was a decision (the framebuffer found, unknown, or the one
   made): two targets made four paths of one frame. */
#include <stddef.h>
#include <vulkan/vulkan.h>

typedef struct HashTable HashTable;
void *hash_table_lookup(HashTable *table, const void *key);
void hash_table_insert(HashTable *table, void *key, void *value);
void *slice_alloc0(size_t size);

typedef struct {
    VkImageView view;
    unsigned width, height;
} Image;

typedef struct {
    VkFramebuffer framebuffer;
} FramebufferEntry;

typedef struct {
    VkDevice device;
    VkRenderPass render_pass;
    HashTable *framebuffers;
    VkBuffer vertices, staging;
} Render;

static VkFramebuffer render_get_framebuffer(Render *self, Image *image)
{
    FramebufferEntry *fb;

    fb = hash_table_lookup(self->framebuffers, image);
    if (fb)
        return fb->framebuffer;

    fb = slice_alloc0(sizeof(FramebufferEntry));
    VkFramebufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
        .renderPass = self->render_pass,
        .attachmentCount = 1,
        .pAttachments = &image->view,
        .width = image->width,
        .height = image->height,
        .layers = 1,
    };
    vkCreateFramebuffer(self->device, &info, NULL, &fb->framebuffer);
    hash_table_insert(self->framebuffers, image, fb);

    return fb->framebuffer;
}

void render_frame(Render *self, Image *target, Image *offscreen, VkCommandBuffer cmd)
{
    VkFramebuffer target_fb = render_get_framebuffer(self, target);
    VkFramebuffer offscreen_fb = render_get_framebuffer(self, offscreen);
    (void)target_fb;
    (void)offscreen_fb;

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, self->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 4096};
    vkCmdCopyBuffer(cmd, self->staging, self->vertices, 1, &region);
    vkEndCommandBuffer(cmd);
}
