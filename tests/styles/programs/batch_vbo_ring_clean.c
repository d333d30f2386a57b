// EXPECT: clean
// A batch renderer in raylib's rlgl manner (rbatch.h: the global CORE
// state, quads appended to a mapped staging buffer, the batch drawn when
// the texture changes or the batch is full) with the program's own Vulkan
// backend.  A flush copies the batch's vertices into the vertex buffer,
// makes them visible, and draws (the headless corpus draws with copies:
// the vertices and the texture into the target).  Each batch of the frame
// takes the next range of the vertex buffer, a linear allocator reset at
// the frame's start (the frame waits for the previous one), so no copy
// writes what an earlier draw of the frame reads.  The third quad fills
// the first batch, the font texture ends the second.
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
    CORE.vbo_offset += bytes; /* the next batch takes the next range */
}

void rb_backend_update_texture(VkBuffer texture, VkDeviceSize staging_offset, VkDeviceSize size)
{
    VkBufferCopy region = {.srcOffset = staging_offset, .dstOffset = 0, .size = size};
    vkCmdCopyBuffer(CORE.cmd, CORE.staging.buffer, texture, 1, &region);
}

int main(void)
{
    VkBuffer atlas, font;
    VkDeviceMemory atlas_memory, font_memory;

    if (rb_init() != 0 || rb_texture(&atlas, &atlas_memory) != VK_SUCCESS ||
        rb_texture(&font, &font_memory) != VK_SUCCESS)
        return 1;
    rb_begin_frame();
    rb_set_texture(atlas);
    rb_quad(0, 0, 16, 16);
    rb_quad(16, 0, 16, 16);
    rb_quad(32, 0, 16, 16); /* the batch is full: the first two are drawn */
    rb_set_texture(font);   /* the third is drawn */
    rb_quad(0, 32, 8, 8);
    if (rb_end_frame() != 0) /* and the glyph */
        return 1;
    printf("%u draw calls\n", CORE.draw_calls);
    return 0;
}
