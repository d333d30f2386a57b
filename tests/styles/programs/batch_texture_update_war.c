// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 61
// A batch renderer in raylib's rlgl manner (rbatch.h: the global CORE
// state, quads appended to a mapped staging buffer, the batch drawn when
// the texture changes, the batch is full or a texture is updated) with the
// program's own Vulkan backend; the headless corpus draws with copies (the
// vertices and the texture into the target).  An animated texture is
// updated in the middle of the frame: UpdateTexture() draws what was
// batched with the old contents first, as rlgl does, and the backend then
// copies the new pixels in.  The backend's barrier before that copy starts
// at TOP_OF_PIPE - "the texture was last written when it was loaded" -
// and so waits for nothing: the copy overwrites the texture while the
// flushed draw may still sample it.
#include "rbatch.h"

void rb_backend_flush(const struct rb_batch *b)
{
    const VkDeviceSize bytes = b->count * sizeof(struct rb_vertex);
    VkBufferCopy upload = {
        .srcOffset = b->first * sizeof(struct rb_vertex),
        .dstOffset = CORE.vbo_offset,
        .size = bytes,
    };
    VkBufferCopy draw = {.srcOffset = CORE.vbo_offset, .dstOffset = CORE.target_offset, .size = bytes};
    VkBufferCopy sample = {.srcOffset = 0, .dstOffset = CORE.target_offset + bytes, .size = RB_TEXTURE_BYTES};

    vkCmdCopyBuffer(CORE.cmd, CORE.staging.buffer, CORE.vbo, 1, &upload);
    VkBufferMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = CORE.vbo,
        .offset = CORE.vbo_offset,
        .size = bytes,
    };
    vkCmdPipelineBarrier(CORE.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                         &uploaded, 0, NULL);
    vkCmdCopyBuffer(CORE.cmd, CORE.vbo, b->target, 1, &draw);
    if (b->texture != VK_NULL_HANDLE)
        vkCmdCopyBuffer(CORE.cmd, b->texture, b->target, 1, &sample);
    CORE.target_offset += bytes + RB_TEXTURE_BYTES;
    CORE.vbo_offset += bytes;
}

void rb_backend_update_texture(VkBuffer texture, VkDeviceSize staging_offset, VkDeviceSize size)
{
    VkBufferMemoryBarrier before = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = texture,
        .offset = 0,
        .size = size,
    };
    vkCmdPipelineBarrier(CORE.cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL,
                         1, &before, 0, NULL);
    VkBufferCopy region = {.srcOffset = staging_offset, .dstOffset = 0, .size = size};
    vkCmdCopyBuffer(CORE.cmd, CORE.staging.buffer, texture, 1, &region);
    VkBufferMemoryBarrier after = before;
    after.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    after.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT; /* the next draws sample it */
    vkCmdPipelineBarrier(CORE.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                         &after, 0, NULL);
}

int main(void)
{
    VkBuffer water;
    VkDeviceMemory water_memory;
    uint8_t pixels[RB_TEXTURE_BYTES];

    if (rb_init() != 0 || rb_texture(&water, &water_memory) != VK_SUCCESS)
        return 1;
    rb_begin_frame();
    rb_set_texture(water);
    rb_quad(0, 0, 64, 64);
    for (int i = 0; i < RB_TEXTURE_BYTES; i++)
        pixels[i] = (uint8_t)(i * 7);
    rb_update_texture(water, pixels, sizeof pixels); /* the next animation frame */
    rb_quad(64, 0, 64, 64);
    if (rb_end_frame() != 0)
        return 1;
    printf("%u draw calls\n", CORE.draw_calls);
    return 0;
}
