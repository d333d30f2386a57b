// EXPECT: clean
// An entity-component system (ecs.h) whose slots keep their buffer when
// an entity is despawned, so the next entity spawned into the slot reuses
// it.  The frame clears the particle emitters' buffers (clear system),
// runs the gameplay system, which kills an emitter and spawns a new one
// into its slot, then the sync system and the upload system, which
// copies the new emitter's initial particles into its buffer.  The
// recycled slot keeps its buffer's last access (the clear system's
// fill), so the sync system records a barrier before the upload's copy.
// (ecs_recycled_slot_waw resets it in spawn_emitter() and records
// none.)
#include "ecs.h"

#define PARTICLE_BYTES 1024
#define Q_CLEAR (C_BUFFER | C_CLEAR)
#define Q_UPLOAD (C_BUFFER | C_UPLOAD)

static entity spawn_emitter(struct world *w, entity initial)
{
    entity e = ecs_spawn(w);
    ecs_add_buffer(w, e, PARTICLE_BYTES,
                   VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    /* a recycled slot keeps its buffer and that buffer's last access */
    w->c.mask[e] |= C_UPLOAD | C_CLEAR;
    w->c.src[e] = initial;
    return e;
}

static void clear_system(struct world *w, VkCommandBuffer cmd)
{
    for (entity e = 0; e < w->count; e++)
        if ((w->c.mask[e] & Q_CLEAR) == Q_CLEAR) {
            vkCmdFillBuffer(cmd, w->c.buf[e], 0, VK_WHOLE_SIZE, 0);
            ecs_touch(w, e, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
        }
}

static void upload_system(struct world *w, VkCommandBuffer cmd)
{
    for (entity e = 0; e < w->count; e++) {
        if ((w->c.mask[e] & Q_UPLOAD) != Q_UPLOAD)
            continue;
        entity s = w->c.src[e];
        VkBufferCopy region = {0, 0, w->c.size[e]};
        vkCmdCopyBuffer(cmd, w->c.buf[s], w->c.buf[e], 1, &region);
        ecs_touch(w, s, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        ecs_touch(w, e, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
        w->c.mask[e] &= ~(uint64_t)C_UPLOAD;
    }
}

/* The emitter at `dying` runs out of particles; a new one takes over. */
static entity gameplay_system(struct world *w, entity dying, entity initial)
{
    ecs_despawn(w, dying);
    return spawn_emitter(w, initial);
}

int main(void)
{
    static struct world w;
    VkCommandBuffer cmd;

    if (ecs_init(&w) != 0)
        return 1;
    entity initial = ecs_spawn(&w);
    ecs_add_buffer(&w, initial, PARTICLE_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    w.c.mask[initial] |= C_STAGING;
    void *p;
    if (vkMapMemory(w.vk.device, w.c.mem[initial], 0, PARTICLE_BYTES, 0, &p) != VK_SUCCESS)
        return 1;
    memset(p, 0x7f, PARTICLE_BYTES);
    vkUnmapMemory(w.vk.device, w.c.mem[initial]);

    entity a = spawn_emitter(&w, initial);
    entity b = spawn_emitter(&w, initial);
    w.c.mask[a] &= ~(uint64_t)C_UPLOAD;
    w.c.mask[b] &= ~(uint64_t)C_UPLOAD;
    if (lite_alloc(&w.vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    vkBeginCommandBuffer(cmd, &begin);
    clear_system(&w, cmd);
    entity c = gameplay_system(&w, a, initial);
    ecs_sync_system(&w, cmd, Q_UPLOAD, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    upload_system(&w, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&w.vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("emitter %u (generation %u) took slot %u\n", c, w.c.gen[c], a);
    return 0;
}
