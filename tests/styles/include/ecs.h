/*
 * ecs.h - a tiny entity-component system for GPU buffers, in the
 * struct-of-arrays shape of flecs / "ECS in 200 lines" tutorials:
 *
 *     struct world w;
 *     if (ecs_init(&w) != 0) return 1;
 *     entity e = ecs_spawn(&w);
 *     ecs_add_buffer(&w, e, 1024, usage);         // sets C_BUFFER
 *     w.c.mask[e] |= C_UPLOAD;                     // tag components
 *     ...
 *     for (entity e = 0; e < w.count; e++)
 *         if ((w.c.mask[e] & Q) == Q) { ... }      // a system's query
 *     ecs_handle h = ecs_handle_of(&w, e);         // kept by others
 *     if (ecs_alive(&w, h)) ...                    // generation check
 *
 * Components live in parallel arrays indexed by entity (`comps.buf[e]`,
 * `comps.mask[e]`); an entity is a slot index, its generation bumped when
 * the slot is despawned.  Each buffer also keeps the pipeline stage and
 * access of its last use (`last_stage[e]`, `last_access[e]`), which the
 * program's sync system reads to place barriers; ECS_WRITES tells a write
 * access from a read.
 */
#ifndef ECS_H
#define ECS_H

#include "lite.h"

#define ECS_MAX 16

typedef uint32_t entity;

enum {
    C_BUFFER = 1u << 0,   /* buf/mem/size are valid */
    C_STAGING = 1u << 1,  /* host-visible source of an upload */
    C_UPLOAD = 1u << 2,   /* destination of the upload system */
    C_READBACK = 1u << 3, /* copied back by the readback system */
    C_CLEAR = 1u << 4,    /* filled by the clear system */
    C_ALIVE = 1u << 31,
};

#define ECS_WRITES (VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_HOST_WRITE_BIT)

struct components {
    VkBuffer buf[ECS_MAX];
    VkDeviceMemory mem[ECS_MAX];
    VkDeviceSize size[ECS_MAX];
    entity src[ECS_MAX];  /* the upload's / readback's other end */
    uint32_t gen[ECS_MAX];
    uint64_t mask[ECS_MAX];
    VkPipelineStageFlags last_stage[ECS_MAX];
    VkAccessFlags last_access[ECS_MAX];
};

struct world {
    struct lite vk;
    struct components c;
    uint32_t count;
};

static inline int ecs_init(struct world *w)
{
    memset(&w->c, 0, sizeof w->c);
    w->count = 0;
    return lite_init(&w->vk);
}

/* A free slot (one whose C_ALIVE bit is clear) or a new one. */
static inline entity ecs_spawn(struct world *w)
{
    entity e;
    for (e = 0; e < w->count; e++)
        if (!(w->c.mask[e] & C_ALIVE))
            break;
    if (e == w->count) {
        if (w->count == ECS_MAX) {
            fprintf(stderr, "ecs_spawn: world full\n");
            abort();
        }
        w->count++;
    }
    w->c.mask[e] = (w->c.mask[e] & C_BUFFER) | C_ALIVE;
    return e;
}

static inline void ecs_despawn(struct world *w, entity e)
{
    /* the buffer stays with the slot for the next tenant */
    w->c.mask[e] &= C_BUFFER;
    w->c.gen[e]++;
}

static inline void ecs_add_buffer(struct world *w, entity e, VkDeviceSize size,
                                  VkBufferUsageFlags usage)
{
    if (w->c.mask[e] & C_BUFFER)
        return;
    if (lite_buffer(&w->vk, size, usage, &w->c.buf[e], &w->c.mem[e]) != VK_SUCCESS) {
        fprintf(stderr, "ecs_add_buffer: entity %u\n", e);
        abort();
    }
    w->c.size[e] = size;
    w->c.mask[e] |= C_BUFFER;
    w->c.last_stage[e] = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;
    w->c.last_access[e] = 0;
}

/* A handle that outlives its entity: the slot and the generation it
   was taken at.  Stale once the slot is despawned (and maybe reused). */
typedef struct {
    entity index;
    uint32_t gen;
} ecs_handle;

static inline ecs_handle ecs_handle_of(const struct world *w, entity e)
{
    ecs_handle h = {e, w->c.gen[e]};
    return h;
}

static inline int ecs_alive(const struct world *w, ecs_handle h)
{
    return h.index < w->count && w->c.gen[h.index] == h.gen && (w->c.mask[h.index] & C_ALIVE);
}

/* Records what a system did to an entity's buffer. */
static inline void ecs_touch(struct world *w, entity e, VkPipelineStageFlags stage,
                             VkAccessFlags access)
{
    w->c.last_stage[e] = stage;
    w->c.last_access[e] = access;
}

/* The sync system: barriers for the entities matching `query` before a
   system that uses them at `stage` with `access`.  A read after a write
   needs the write made visible; a write after any access at least the
   execution dependency.  The entities' last access becomes this one. */
static inline void ecs_sync_system(struct world *w, VkCommandBuffer cmd, uint64_t query,
                                   VkPipelineStageFlags stage, VkAccessFlags access)
{
    VkBufferMemoryBarrier barriers[ECS_MAX];
    VkPipelineStageFlags src_stages = 0;
    uint32_t n = 0;

    for (entity e = 0; e < w->count; e++) {
        if ((w->c.mask[e] & query) != query)
            continue;
        VkAccessFlags last = w->c.last_access[e];
        if (!(last & ECS_WRITES) && !((access & ECS_WRITES) && last))
            continue;
        barriers[n++] = (VkBufferMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = last & ECS_WRITES,
            .dstAccessMask = access,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = w->c.buf[e],
            .size = VK_WHOLE_SIZE,
        };
        src_stages |= w->c.last_stage[e];
        ecs_touch(w, e, stage, access);
    }
    if (n)
        vkCmdPipelineBarrier(cmd, src_stages, stage, 0, 0, NULL, n, barriers, 0, NULL);
}

#endif
