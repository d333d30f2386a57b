// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 59
// VKSYNC-ONLY: spec-vs-layer SYNC-HAZARD-READ-AFTER-WRITE at line 59
// A sokol_gfx-like front end (gfx.h): pipeline and particle buffer are pool
// handles, a frame a deferred command list the backend, gfx_commit(), walks
// with a state cache that skips a bind changing nothing.  The frame steps
// the particles twice and snapshots them after each step; the list has no
// barrier entry between the first snapshot's copy and the second step: the
// dispatch may rewrite the particles while the copy still reads them.  By
// the spec the second step also reads what the first wrote unordered (the
// barrier after it targets COPY only); the layer checks the read-write
// storage binding as one write and reports only the write-after-read.
#include "gfx.h"
#include "particles_comp.h"

#define PARTICLES 256
#define WORKGROUP 64

struct particle {
    float x, y, z, mass;
};

static void emit_barrier(VkCommandBuffer cmd, const struct gfx_cmd *c)
{
    struct gfx_buffer_res *buf = pool_lookup(&pools.buffers, c->u.barrier.buffer.id);
    if (!buf)
        return;
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = gfx_usage_info[c->u.barrier.before].access,
        .dstAccessMask = gfx_usage_info[c->u.barrier.after].access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buf->buffer,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, gfx_usage_info[c->u.barrier.before].stage,
                         gfx_usage_info[c->u.barrier.after].stage, 0, 0, NULL, 1, &barrier, 0, NULL);
}

/* The backend: one pass over the command list. */
static void gfx_commit(void)
{
    VkCommandBuffer cmd = gfx_begin_commands();
    const struct gfx_pipeline_res *bound = NULL;
    gfx_foreach(c) {
        switch (c->type) {
        case GFX_CMD_APPLY_PIPELINE: {
            const struct gfx_pipeline_res *pip = pool_lookup(&pools.pipelines, c->u.apply.pipeline.id);
            if (pip && cache.pipeline != pip->pipeline) {
                vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pip->pipeline);
                vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pip->layout, 0, 1, &pip->set, 0, NULL);
                cache.pipeline = pip->pipeline;
            }
            bound = pip;
            break;
        }
        case GFX_CMD_DISPATCH:
            if (bound)
                vkCmdDispatch(cmd, c->u.dispatch.groups_x, c->u.dispatch.groups_y, c->u.dispatch.groups_z);
            break;
        case GFX_CMD_COPY_BUFFER: {
            struct gfx_buffer_res *src = pool_lookup(&pools.buffers, c->u.copy.src.id);
            struct gfx_buffer_res *dst = pool_lookup(&pools.buffers, c->u.copy.dst.id);
            if (src && dst) {
                VkBufferCopy region = {.size = c->u.copy.size};
                vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, 1, &region);
            }
            break;
        }
        case GFX_CMD_BARRIER:
            emit_barrier(cmd, c);
            break;
        default:
            break;
        }
    }
    gfx_submit_commands();
}

int main(void)
{
    const uint32_t bytes = PARTICLES * sizeof(struct particle);

    gfx_setup();
    gfx_buffer particles = gfx_make_buffer(&(gfx_buffer_desc){
        .size = bytes,
        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
        .label = "particles",
    });
    gfx_buffer snapshots[2];
    for (int i = 0; i < 2; i++)
        snapshots[i] = gfx_make_buffer(&(gfx_buffer_desc){.size = bytes, .label = "snapshot"});
    gfx_pipeline step = gfx_make_pipeline(&(gfx_pipeline_desc){
        .code = gfx_particles_spv,
        .code_size = sizeof(gfx_particles_spv),
        .storage = particles,
        .label = "particle step",
    });

    struct particle *p = gfx_buffer_data(particles);
    for (int i = 0; i < PARTICLES; i++)
        p[i] = (struct particle){(float)(i % 16), 10.0f, (float)(i / 16), 1.0f + (float)(i % 3)};

    gfx_apply_pipeline(step);
    gfx_dispatch(PARTICLES / WORKGROUP, 1, 1);
    gfx_barrier_buffer(particles, GFX_USAGE_COMPUTE_STORAGE, GFX_USAGE_COPY_SRC);
    gfx_copy_buffer(particles, snapshots[0], bytes);

    gfx_apply_pipeline(step);
    gfx_dispatch(PARTICLES / WORKGROUP, 1, 1);
    gfx_barrier_buffer(particles, GFX_USAGE_COMPUTE_STORAGE, GFX_USAGE_COPY_SRC);
    gfx_copy_buffer(particles, snapshots[1], bytes);

    for (int i = 0; i < 2; i++)
        gfx_barrier_buffer(snapshots[i], GFX_USAGE_COPY_DST, GFX_USAGE_HOST_READ);
    gfx_commit();

    const struct particle *s0 = gfx_buffer_data(snapshots[0]);
    const struct particle *s1 = gfx_buffer_data(snapshots[1]);
    printf("particle 1: y %.3f then %.3f\n", s0[1].y, s1[1].y);
    return 0;
}
