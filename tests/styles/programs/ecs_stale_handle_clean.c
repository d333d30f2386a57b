// EXPECT: clean
// An entity-component system (ecs.h) with generational handles: the
// debug overlay keeps a watch list of entity handles (slot and
// generation) whose buffers it reads back every frame.  This frame the
// gameplay system despawns a watched mesh and spawns a new one, which
// takes its slot (and buffer) and is uploaded.  The readback's sync
// system and the readback system both skip the stale handle, so the new
// tenant's buffer is not read back this frame and nothing reads what the
// upload wrote.  (ecs_stale_handle_raw copies every watched slot.)
#include "ecs.h"

#define MESH_BYTES 512
#define WATCHED 2
#define Q_UPLOAD (C_BUFFER | C_UPLOAD)

static VkBuffer overlay;
static VkDeviceMemory overlay_memory;

static entity spawn_mesh(struct world *w, entity staging)
{
    entity e = ecs_spawn(w);
    ecs_add_buffer(w, e, MESH_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    w->c.mask[e] |= C_UPLOAD;
    w->c.src[e] = staging;
    return e;
}

static void upload_system(struct world *w, VkCommandBuffer cmd)
{
    for (entity e = 0; e < w->count; e++) {
        if ((w->c.mask[e] & Q_UPLOAD) != Q_UPLOAD)
            continue;
        VkBufferCopy region = {0, 0, MESH_BYTES};
        vkCmdCopyBuffer(cmd, w->c.buf[w->c.src[e]], w->c.buf[e], 1, &region);
        ecs_touch(w, w->c.src[e], VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        ecs_touch(w, e, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
        w->c.mask[e] &= ~(uint64_t)C_UPLOAD;
    }
}

/* One barrier over the watched entities written since their last use. */
static void sync_watch(struct world *w, VkCommandBuffer cmd, const ecs_handle *watch, int n)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    VkPipelineStageFlags src_stages = 0;
    for (int i = 0; i < n; i++) {
        if (!ecs_alive(w, watch[i]))
            continue;
        entity e = watch[i].index;
        if (w->c.last_access[e] & ECS_WRITES) {
            mb.srcAccessMask |= w->c.last_access[e] & ECS_WRITES;
            src_stages |= w->c.last_stage[e];
            ecs_touch(w, e, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        }
    }
    if (src_stages)
        vkCmdPipelineBarrier(cmd, src_stages, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
}

static void readback_system(struct world *w, VkCommandBuffer cmd, const ecs_handle *watch, int n)
{
    for (int i = 0; i < n; i++) {
        if (!ecs_alive(w, watch[i]))
            continue;
        entity e = watch[i].index;
        VkBufferCopy region = {0, (VkDeviceSize)i * MESH_BYTES, MESH_BYTES};
        vkCmdCopyBuffer(cmd, w->c.buf[e], overlay, 1, &region);
    }
}

int main(void)
{
    static struct world w;
    VkCommandBuffer cmd;

    if (ecs_init(&w) != 0)
        return 1;
    entity staging = ecs_spawn(&w);
    ecs_add_buffer(&w, staging, MESH_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    w.c.mask[staging] |= C_STAGING;
    entity rock = spawn_mesh(&w, staging);
    entity tree = spawn_mesh(&w, staging);
    w.c.mask[rock] &= ~(uint64_t)C_UPLOAD; /* uploaded at load time */
    w.c.mask[tree] &= ~(uint64_t)C_UPLOAD;
    ecs_handle watch[WATCHED] = {ecs_handle_of(&w, rock), ecs_handle_of(&w, tree)};
    if (lite_buffer(&w.vk, WATCHED * MESH_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &overlay,
                    &overlay_memory) != VK_SUCCESS ||
        lite_alloc(&w.vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    /* gameplay: the tree is cut down, a sapling grows in its place */
    ecs_despawn(&w, tree);
    entity sapling = spawn_mesh(&w, staging);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    upload_system(&w, cmd);
    sync_watch(&w, cmd, watch, WATCHED);
    readback_system(&w, cmd, watch, WATCHED);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&w.vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("sapling in slot %u, generation %u\n", sapling, w.c.gen[sapling]);
    return 0;
}
