/* A material system in a driver's idiom: binding a material drops the
   textures the old one held, each through a chain of release helpers
   (sampler, view, surface, resource, backing object, memory, storage),
   each checking what it is handed, down to one that takes the texture out
   of its eight bind points.  Nothing in the chain records.  The material's
   constants are cleared in the staging buffer first and copied into the
   uniform buffer after; without -DWITH_BARRIER nothing orders the copy's
   read after the clear. */
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

struct texture {
    int refs;
    int binds[8];
    struct texture *view, *surface, *resource, *backing;
};

static void unbind_slot(struct texture *t, unsigned slot)
{
    if (t->binds[slot] > 0)
        t->binds[slot]--;
}

static void unbind_everywhere(struct texture *t)
{
    unbind_slot(t, 0);
    unbind_slot(t, 1);
    unbind_slot(t, 2);
    unbind_slot(t, 3);
    unbind_slot(t, 4);
    unbind_slot(t, 5);
    unbind_slot(t, 6);
    unbind_slot(t, 7);
}

static void storage_release(struct texture *t)
{
    if (--t->refs > 0)
        return;
    unbind_everywhere(t);
}

static void memory_release(struct texture *t)
{
    if (!t)
        return;
    storage_release(t);
}

static void backing_release(struct texture *t)
{
    if (!t->backing)
        return;
    memory_release(t->backing);
}

static void resource_release(struct texture *t)
{
    if (!t->resource)
        return;
    backing_release(t->resource);
}

static void surface_release(struct texture *t)
{
    if (!t->surface)
        return;
    resource_release(t->surface);
}

static void view_release(struct texture *t)
{
    if (!t->view)
        return;
    surface_release(t->view);
}

static void sampler_release(struct texture *t)
{
    if (!t)
        return;
    view_release(t);
}

void bind_material(VkCommandBuffer cmd, VkBuffer staging, VkBuffer uniforms,
                   struct texture **old_textures, unsigned count)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, 256, 0);
    for (unsigned i = 0; i < count; i++)
        sampler_release(old_textures[i]);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 256};
    vkCmdCopyBuffer(cmd, staging, uniforms, 1, &region);
    vkEndCommandBuffer(cmd);
}
