/*
 * rbatch.h - a batch renderer's front end in raylib's rlgl manner: one
 * global state, CORE, and immediate-mode calls that append vertices to the
 * current batch.  The vertices go straight into a persistently mapped
 * staging buffer (room for a frame's worth); the batch is drawn - handed
 * to the program's backend, rb_backend_flush() - when the texture changes,
 * when the batch is full, when a texture is updated and at the end of the
 * frame.  The backend is the program's: it copies the batch's vertices
 * into the device vertex buffer and "draws" them (the corpus runs
 * headless, transfer only: a draw reads its vertices and its texture with
 * copies into the current target).
 *
 *     rb_init();
 *     rb_begin_frame();
 *     rb_set_texture(atlas);
 *     rb_quad(10, 10, 32, 32);
 *     rb_end_frame();             // flushes, submits, waits
 */
#ifndef RBATCH_H
#define RBATCH_H

#include "lite.h"

#define RB_BATCH_VERTICES 8      /* two quads a batch, then it is drawn */
#define RB_FRAME_VERTICES 64     /* staging room for one frame */
#define RB_VBO_BYTES 4096
#define RB_TARGET_BYTES 8192
#define RB_TEXTURE_BYTES 256
#define RB_PIXEL_OFFSET 2048     /* texture uploads, in the staging buffer */

struct rb_vertex {
    float x, y, u, v;
};

/* What a flush draws: the batch's vertices in the staging buffer, the
   texture they sample and the target they are drawn into. */
struct rb_batch {
    uint32_t first, count;
    VkBuffer texture;
    VkBuffer target;
};

typedef struct rb_core {
    struct lite vk;
    VkCommandBuffer cmd;
    struct {
        VkBuffer buffer;
        VkDeviceMemory memory;
        struct rb_vertex *vertices; /* mapped */
        uint32_t count;             /* appended this frame */
        uint32_t flushed;           /* of those, already drawn */
    } staging;
    VkBuffer vbo;
    VkDeviceMemory vbo_memory;
    VkDeviceSize vbo_offset;        /* the backend's */
    VkBuffer screen;
    VkDeviceMemory screen_memory;
    VkDeviceSize target_offset;     /* the backend's */
    VkBuffer texture;               /* the current texture */
    uint32_t draw_calls;
} rb_core;

static rb_core CORE;

/* The program's backend. */
void rb_backend_flush(const struct rb_batch *batch);
void rb_backend_update_texture(VkBuffer texture, VkDeviceSize staging_offset, VkDeviceSize size);

static inline int rb_init(void)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (lite_init(&CORE.vk) != 0)
        return -1;
    if (lite_buffer(&CORE.vk, RB_PIXEL_OFFSET + RB_TEXTURE_BYTES, usage, &CORE.staging.buffer,
                    &CORE.staging.memory) != VK_SUCCESS ||
        lite_buffer(&CORE.vk, RB_VBO_BYTES, usage, &CORE.vbo, &CORE.vbo_memory) != VK_SUCCESS ||
        lite_buffer(&CORE.vk, RB_TARGET_BYTES, usage, &CORE.screen, &CORE.screen_memory) != VK_SUCCESS ||
        lite_alloc(&CORE.vk, 1, &CORE.cmd) != VK_SUCCESS)
        return -1;
    if (vkMapMemory(CORE.vk.device, CORE.staging.memory, 0, VK_WHOLE_SIZE, 0,
                    (void **)&CORE.staging.vertices) != VK_SUCCESS)
        return -1;
    return 0;
}

static inline VkResult rb_texture(VkBuffer *texture, VkDeviceMemory *memory)
{
    return lite_buffer(&CORE.vk, RB_TEXTURE_BYTES,
                       VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, texture, memory);
}

static inline void rb_begin_frame(void)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(CORE.cmd, &begin);
    CORE.staging.count = 0;
    CORE.staging.flushed = 0;
    CORE.vbo_offset = 0;
    CORE.target_offset = 0;
    CORE.texture = VK_NULL_HANDLE;
}

/* rlDrawRenderBatch: hands what was appended since the last flush to the
   backend. */
static inline void rb_draw_batch(void)
{
    if (CORE.staging.count == CORE.staging.flushed)
        return;
    struct rb_batch batch = {
        .first = CORE.staging.flushed,
        .count = CORE.staging.count - CORE.staging.flushed,
        .texture = CORE.texture,
        .target = CORE.screen,
    };
    rb_backend_flush(&batch);
    CORE.staging.flushed = CORE.staging.count;
    CORE.draw_calls++;
}

/* rlSetTexture: a new texture starts a new batch. */
static inline void rb_set_texture(VkBuffer texture)
{
    if (CORE.texture != texture) {
        rb_draw_batch();
        CORE.texture = texture;
    }
}

/* rlCheckRenderBatchLimit: a batch that would overflow is drawn first. */
static inline void rb_check_limit(uint32_t vertices)
{
    if (CORE.staging.count - CORE.staging.flushed + vertices > RB_BATCH_VERTICES)
        rb_draw_batch();
}

static inline void rb_vertex(float x, float y, float u, float v)
{
    if (CORE.staging.count < RB_FRAME_VERTICES)
        CORE.staging.vertices[CORE.staging.count++] = (struct rb_vertex){x, y, u, v};
}

static inline void rb_quad(float x, float y, float w, float h)
{
    rb_check_limit(4);
    rb_vertex(x, y, 0, 0);
    rb_vertex(x + w, y, 1, 0);
    rb_vertex(x + w, y + h, 1, 1);
    rb_vertex(x, y + h, 0, 1);
}

/* UpdateTexture: what was batched with the old contents is drawn first;
   the pixels are staged past the frame's vertices. */
static inline void rb_update_texture(VkBuffer texture, const void *pixels, VkDeviceSize size)
{
    rb_draw_batch();
    memcpy((char *)CORE.staging.vertices + RB_PIXEL_OFFSET, pixels, size);
    rb_backend_update_texture(texture, RB_PIXEL_OFFSET, size);
}

static inline int rb_end_frame(void)
{
    rb_draw_batch();
    VkMemoryBarrier to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier(CORE.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host, 0,
                         NULL, 0, NULL);
    vkEndCommandBuffer(CORE.cmd);
    return lite_submit(&CORE.vk, 1, &CORE.cmd) == VK_SUCCESS ? 0 : -1;
}

#endif
