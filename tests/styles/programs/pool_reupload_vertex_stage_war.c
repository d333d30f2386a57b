// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 45
// A sokol_gfx-like front end (gfx.h): a mesh's vertex buffer, a handle
// into the global buffer pool, is uploaded twice in one frame through the
// deferred command list, and each upload is captured into a readback
// buffer for a debug view.  The application's backend, gfx_commit(), walks
// the list and turns each entry into Vulkan commands; a barrier entry's
// usages are looked up in the backend's usage table.  The entry before the
// second upload names the mesh's steady-state usage, GFX_USAGE_VERTEX, as
// the buffer's previous one, but in this frame the buffer was last read by
// the capture copy: the barrier's source stage is VERTEX_INPUT, and the
// second upload may overwrite the vertices while the copy still reads them.
#include "gfx.h"

#define VERTEX_COUNT 16

struct vertex {
    float x, y, u, v;
};

/* The backend: one pass over the command list. */
static void gfx_commit(void)
{
    VkCommandBuffer cmd = gfx_begin_commands();
    gfx_foreach(c) {
        struct gfx_buffer_res *dst, *src;
        switch (c->type) {
        case GFX_CMD_BARRIER: {
            if (!(dst = pool_lookup(&pools.buffers, c->u.barrier.buffer.id)))
                break;
            VkBufferMemoryBarrier barrier = {
                .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                .srcAccessMask = gfx_usage_info[c->u.barrier.before].access,
                .dstAccessMask = gfx_usage_info[c->u.barrier.after].access,
                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .buffer = dst->buffer,
                .size = VK_WHOLE_SIZE,
            };
            vkCmdPipelineBarrier(cmd, gfx_usage_info[c->u.barrier.before].stage, gfx_usage_info[c->u.barrier.after].stage, 0, 0, NULL, 1, &barrier, 0, NULL);
            break;
        }
        case GFX_CMD_UPDATE_BUFFER:
            if (!(dst = pool_lookup(&pools.buffers, c->u.update.dst.id)))
                break;
            vkCmdUpdateBuffer(cmd, dst->buffer, c->u.update.offset, c->u.update.size, &cmdlist.bytes[c->u.update.data]);
            break;
        case GFX_CMD_COPY_BUFFER:
            src = pool_lookup(&pools.buffers, c->u.copy.src.id);
            dst = pool_lookup(&pools.buffers, c->u.copy.dst.id);
            if (src && dst) {
                VkBufferCopy region = {.size = c->u.copy.size};
                vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, 1, &region);
            }
            break;
        default:
            break;
        }
    }
    gfx_submit_commands();
}

static void make_quad_strip(struct vertex *v, float scale)
{
    for (int i = 0; i < VERTEX_COUNT; i++) {
        v[i].x = scale * (float)(i / 2);
        v[i].y = scale * (float)(i % 2);
        v[i].u = (float)(i / 2) / (VERTEX_COUNT / 2 - 1);
        v[i].v = (float)(i % 2);
    }
}

int main(void)
{
    struct vertex vertices[VERTEX_COUNT];
    const uint32_t bytes = sizeof(vertices);

    gfx_setup();
    gfx_buffer mesh = gfx_make_buffer(&(gfx_buffer_desc){
        .size = bytes,
        .usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        .label = "mesh",
    });
    gfx_buffer capture[2];
    for (int i = 0; i < 2; i++)
        capture[i] = gfx_make_buffer(&(gfx_buffer_desc){.size = bytes, .label = "capture"});

    make_quad_strip(vertices, 1.0f);
    gfx_update_buffer(mesh, vertices, bytes);
    gfx_barrier_buffer(mesh, GFX_USAGE_COPY_DST, GFX_USAGE_COPY_SRC);
    gfx_copy_buffer(mesh, capture[0], bytes);

    make_quad_strip(vertices, 2.0f);
    gfx_barrier_buffer(mesh, GFX_USAGE_VERTEX, GFX_USAGE_COPY_DST);
    gfx_update_buffer(mesh, vertices, bytes);
    gfx_barrier_buffer(mesh, GFX_USAGE_COPY_DST, GFX_USAGE_COPY_SRC);
    gfx_copy_buffer(mesh, capture[1], bytes);

    for (int i = 0; i < 2; i++)
        gfx_barrier_buffer(capture[i], GFX_USAGE_COPY_DST, GFX_USAGE_HOST_READ);
    gfx_commit();

    for (int i = 0; i < 2; i++) {
        const struct vertex *v = gfx_buffer_data(capture[i]);
        printf("capture %d: last x %.1f\n", i, v[VERTEX_COUNT - 1].x);
    }
    return 0;
}
