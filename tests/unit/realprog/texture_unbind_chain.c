/* A material system's per-draw rebinding: the textures a material leaves
   unbound are dropped slot by slot through small bookkeeping helpers (bind
   counts, residency, a reference count), and the last reference hands the
   texture to its owner's release callback with the material's state, the
   frame's command buffer in it: the callback may record.  Each draw clears
   its vertex buffer first and copies it into the constants after the
   rebinding; without -DWITH_BARRIER nothing orders the copy's read after
   the clear. */
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

struct texture;
struct material_state;
typedef void (*texture_release_fn)(struct material_state *m, struct texture *t);

struct texture {
    int refs;
    unsigned bind_count, sample_count, storage_count;
    unsigned flags;
    VkDevice device;
    VkImage image;
    texture_release_fn release;
};

struct material_state {
    VkCommandBuffer cmd; /* the frame being recorded */
    struct texture *slots[16];
    unsigned dirty, resident, storage_dirty;
    unsigned evictions;
};

enum { TEX_STORAGE = 2, TEX_PINNED = 8 };

static void texture_unref(struct material_state *m, struct texture *t)
{
    if (t->refs > 0 && --t->refs == 0)
        t->release(m, t);
}

static void drop_residency(struct material_state *m, struct texture *t)
{
    if (t->flags & TEX_PINNED)
        return;
    m->resident--;
    m->evictions++;
    texture_unref(m, t);
}

static void drop_storage(struct material_state *m, struct texture *t, unsigned slot)
{
    if (t->storage_count > 0)
        t->storage_count--;
    if (!t->storage_count)
        m->storage_dirty |= 1u << slot;
}

static void drop_bind_counts(struct material_state *m, struct texture *t, unsigned slot)
{
    if (t->bind_count > 0)
        t->bind_count--;
    if (t->flags & TEX_STORAGE)
        drop_storage(m, t, slot);
    else if (t->sample_count > 0)
        t->sample_count--;
    if (!t->bind_count)
        drop_residency(m, t);
}

static void unbind_slot(struct material_state *m, unsigned slot)
{
    struct texture *t = m->slots[slot];
    if (!t)
        return;
    m->dirty |= 1u << slot;
    drop_bind_counts(m, t, slot);
    m->slots[slot] = NULL;
}

static void unbind_trailing(struct material_state *m, unsigned first, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        unbind_slot(m, (first + i) & 15);
}

void draw_material(struct material_state *m, VkBuffer constants, VkBuffer vertices,
                   unsigned used, unsigned unused)
{
    VkCommandBuffer cmd = m->cmd;
    vkCmdFillBuffer(cmd, vertices, 0, 256, 0);
    unbind_trailing(m, used, unused);
#ifdef WITH_BARRIER
    VkMemoryBarrier read = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &read, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkCmdCopyBuffer(cmd, vertices, constants, 1, &region);
}
