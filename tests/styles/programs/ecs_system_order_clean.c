// EXPECT: clean
// An entity-component system (ecs.h): buffers are components in
// struct-of-arrays tables, systems are functions that walk the entities
// whose component mask matches their query, and the frame runs the
// systems of a schedule table in order into one command buffer.  The
// upload system copies each mesh entity's staging entity into it, the
// sync system then finds the meshes' last access a transfer write and
// records one barrier over them, and the readback system copies them
// out for the host.  (ecs_system_order_raw schedules the sync system
// before the upload.)
#include "ecs.h"

#define MESH_BYTES 256
#define MESHES 3
#define Q_UPLOAD (C_BUFFER | C_UPLOAD)
#define Q_READBACK (C_BUFFER | C_READBACK)

static VkBuffer readback;
static VkDeviceMemory readback_memory;

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
    }
}

static void readback_system(struct world *w, VkCommandBuffer cmd)
{
    for (entity e = 0; e < w->count; e++) {
        if ((w->c.mask[e] & Q_READBACK) != Q_READBACK)
            continue;
        VkBufferCopy region = {0, e * MESH_BYTES, w->c.size[e]};
        vkCmdCopyBuffer(cmd, w->c.buf[e], readback, 1, &region);
        ecs_touch(w, e, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    }
}

static void sync_readback(struct world *w, VkCommandBuffer cmd)
{
    ecs_sync_system(w, cmd, Q_READBACK, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
}

typedef void (*system_fn)(struct world *, VkCommandBuffer);

static const struct {
    const char *name;
    system_fn run;
} schedule[] = {
    {"upload", upload_system},
    {"sync_readback", sync_readback},
    {"readback", readback_system},
};

int main(void)
{
    static struct world w;
    VkCommandBuffer cmd;

    if (ecs_init(&w) != 0)
        return 1;
    for (int i = 0; i < MESHES; i++) {
        entity staging = ecs_spawn(&w);
        ecs_add_buffer(&w, staging, MESH_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
        w.c.mask[staging] |= C_STAGING;
        void *p;
        if (vkMapMemory(w.vk.device, w.c.mem[staging], 0, MESH_BYTES, 0, &p) != VK_SUCCESS)
            return 1;
        memset(p, 0x10 + i, MESH_BYTES);
        vkUnmapMemory(w.vk.device, w.c.mem[staging]);

        entity mesh = ecs_spawn(&w);
        ecs_add_buffer(&w, mesh, MESH_BYTES,
                       VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
        w.c.mask[mesh] |= C_UPLOAD | C_READBACK;
        w.c.src[mesh] = staging;
    }
    if (lite_buffer(&w.vk, ECS_MAX * MESH_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback,
                    &readback_memory) != VK_SUCCESS)
        return 1;
    if (lite_alloc(&w.vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    vkBeginCommandBuffer(cmd, &begin);
    for (size_t i = 0; i < sizeof schedule / sizeof schedule[0]; i++)
        schedule[i].run(&w, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&w.vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u entities\n", w.count);
    return 0;
}
