// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 50
// Reference-counted buffers (refobj.h): the vertex buffer is handed to
// the mesh (the mesh takes a reference with obj_ref(), the loader drops
// its own), and the frame keeps references to what it records with.  The
// upload's barrier is placed on the buffer the loader still had a
// pointer to in its scratch slot - the readback buffer - not on the mesh's
// vertex buffer, so the copy out of the vertices reads the update with no
// barrier on them.
#include "refobj.h"

#define BYTES 512

struct mesh {
    const char *name;
    struct gbuf *vbo;
    unsigned vertex_count;
};

struct loader {
    struct gbuf *current;
};

static void mesh_set_vertices(struct mesh *m, struct gbuf *b)
{
    if (m->vbo)
        obj_unref(&m->vbo->base);
    m->vbo = GBUF(obj_ref(&b->base));
    m->vertex_count = (unsigned)(b->size / 16);
}

static void buffer_barrier(VkCommandBuffer cmd, struct gbuf *b)
{
    VkBufferMemoryBarrier bb = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .buffer = b->buffer, .offset = 0, .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &bb,
                         0, NULL);
}

static void record(struct rc_frame *f, struct mesh *m, struct loader *ld, struct gbuf *readback)
{
    static const float quad[BYTES / 4] = {0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f};
    struct gbuf *vbo = frame_use(f, m->vbo);
    vkCmdUpdateBuffer(f->cmd, vbo->buffer, 0, BYTES, quad);
    buffer_barrier(f->cmd, frame_use(f, ld->current));
    VkBufferCopy region = {0, 0, BYTES};
    vkCmdCopyBuffer(f->cmd, vbo->buffer, frame_use(f, readback)->buffer, 1, &region);
}

int main(void)
{
    struct lite ctx;
    struct rc_frame frame;
    struct mesh quad = {"quad", NULL, 0};
    struct loader ld = {NULL};
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0 || frame_init(&ctx, &frame) != VK_SUCCESS)
        return 1;
    struct gbuf *readback = gbuf_new(&ctx, BYTES, usage);
    struct gbuf *vertices = gbuf_new(&ctx, BYTES, usage);
    if (!readback || !vertices)
        return 1;
    ld.current = vertices;
    mesh_set_vertices(&quad, vertices);
    obj_unref(&vertices->base); /* the mesh owns it now */
    ld.current = readback;      /* the loader's scratch slot moves on */

    frame_begin(&ctx, &frame);
    record(&frame, &quad, &ld, readback);
    if (frame_submit(&ctx, &frame) != VK_SUCCESS)
        return 1;
    vkWaitForFences(ctx.device, 1, &frame.fence, VK_TRUE, UINT64_MAX);
    frame_release(&frame);
    printf("%s: %u vertices, %d refs\n", quad.name, quad.vertex_count, quad.vbo->base.refs);
    obj_unref(&quad.vbo->base);
    obj_unref(&readback->base);
    return 0;
}
