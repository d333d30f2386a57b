// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 38
// A sokol_gfx-like front end (gfx.h): buffers are handles into a global
// pool, and a frame is a deferred command list that the application's
// backend, gfx_commit(), walks at the end of the frame, resolving the
// handles and emitting the Vulkan commands, barriers included.  The frame
// uploads a vertex buffer with gfx_update_buffer() and copies it into a
// readback buffer; the list has no barrier entry between the two, so the
// copy reads the vertices while the update may still be writing them.
#include "gfx.h"

#define VERTEX_COUNT 24

struct vertex {
    float pos[3];
    uint32_t color;
};

/* The backend: one pass over the command list. */
static void gfx_commit(void)
{
    VkCommandBuffer cmd = gfx_begin_commands();
    gfx_foreach(c) {
        switch (c->type) {
        case GFX_CMD_UPDATE_BUFFER: {
            struct gfx_buffer_res *dst = pool_lookup(&pools.buffers, c->u.update.dst.id);
            if (!dst)
                break;
            vkCmdUpdateBuffer(cmd, dst->buffer, c->u.update.offset, c->u.update.size,
                              &cmdlist.bytes[c->u.update.data]);
            break;
        }
        case GFX_CMD_COPY_BUFFER: {
            struct gfx_buffer_res *src = pool_lookup(&pools.buffers, c->u.copy.src.id);
            struct gfx_buffer_res *dst = pool_lookup(&pools.buffers, c->u.copy.dst.id);
            if (!src || !dst)
                break;
            VkBufferCopy region = {0, 0, c->u.copy.size};
            vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, 1, &region);
            break;
        }
        case GFX_CMD_BARRIER: {
            struct gfx_buffer_res *buf = pool_lookup(&pools.buffers, c->u.barrier.buffer.id);
            if (!buf)
                break;
            VkBufferMemoryBarrier barrier = {
                .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                .srcAccessMask = gfx_usage_info[c->u.barrier.before].access,
                .dstAccessMask = gfx_usage_info[c->u.barrier.after].access,
                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .buffer = buf->buffer,
                .offset = 0,
                .size = VK_WHOLE_SIZE,
            };
            vkCmdPipelineBarrier(cmd, gfx_usage_info[c->u.barrier.before].stage,
                                 gfx_usage_info[c->u.barrier.after].stage, 0, 0, NULL, 1, &barrier,
                                 0, NULL);
            break;
        }
        default:
            fprintf(stderr, "gfx_commit: command %d not supported\n", (int)c->type);
            break;
        }
    }
    gfx_submit_commands();
}

int main(void)
{
    struct vertex vertices[VERTEX_COUNT];
    gfx_setup();
    gfx_buffer vbuf = gfx_make_buffer(&(gfx_buffer_desc){
        .size = sizeof(vertices),
        .usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        .label = "vertices",
    });
    gfx_buffer readback = gfx_make_buffer(&(gfx_buffer_desc){
        .size = sizeof(vertices),
        .label = "readback",
    });

    for (int i = 0; i < VERTEX_COUNT; i++) {
        vertices[i].pos[0] = (float)(i % 2);
        vertices[i].pos[1] = (float)(i / 2 % 2);
        vertices[i].pos[2] = 0.0f;
        vertices[i].color = 0xff000000u | (uint32_t)(i * 10);
    }
    gfx_update_buffer(vbuf, vertices, sizeof(vertices));
    gfx_copy_buffer(vbuf, readback, sizeof(vertices));
    gfx_barrier_buffer(readback, GFX_USAGE_COPY_DST, GFX_USAGE_HOST_READ);
    gfx_commit();

    const struct vertex *out = gfx_buffer_data(readback);
    printf("vertex 5: color 0x%08x\n", out[5].color);
    return 0;
}
