/* Systems of an entity-component system run from a schedule table
   (`schedule[i].run (&w, cmd)`): the upload system copies each mesh in,
   the sync system records one barrier over the meshes written since the
   last one, if any, and the readback system copies them out.  The buggy
   schedule runs the sync system before the upload, where it finds nothing
   written and records nothing. */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define MESHES 2

struct world {
    VkBuffer staging, mesh[MESHES], readback;
    uint32_t written; /* a bit per mesh written since the last barrier */
};

static void upload_system(struct world *w, VkCommandBuffer cmd)
{
    for (uint32_t e = 0; e < MESHES; e++) {
        VkBufferCopy r = {e * 256u, 0, 256};
        vkCmdCopyBuffer(cmd, w->staging, w->mesh[e], 1, &r);
        w->written |= 1u << e;
    }
}

static void sync_system(struct world *w, VkCommandBuffer cmd)
{
    if (!w->written)
        return;
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                         NULL, 0, NULL);
    w->written = 0;
}

static void readback_system(struct world *w, VkCommandBuffer cmd)
{
    for (uint32_t e = 0; e < MESHES; e++) {
        VkBufferCopy r = {0, e * 256u, 256};
        vkCmdCopyBuffer(cmd, w->mesh[e], w->readback, 1, &r);
    }
}

static const struct {
    const char *name;
    void (*run)(struct world *, VkCommandBuffer);
} schedule[] = {
#ifdef WITH_BARRIER
    {"upload", upload_system},
    {"sync", sync_system},
#else
    {"sync", sync_system},
    {"upload", upload_system},
#endif
    {"readback", readback_system},
};

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE; /* made by the platform layer (not shown) */
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    static struct world w;
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 512,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(dev, &bi, NULL, &w.staging);
    vkCreateBuffer(dev, &bi, NULL, &w.mesh[0]);
    vkCreateBuffer(dev, &bi, NULL, &w.mesh[1]);
    vkCreateBuffer(dev, &bi, NULL, &w.readback);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    for (unsigned i = 0; i < sizeof schedule / sizeof schedule[0]; i++)
        schedule[i].run(&w, cmd);
    vkEndCommandBuffer(cmd);
    return 0;
}
