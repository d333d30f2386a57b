/* Host data written through an accessor, as tensor and mesh libraries
   expose it: `verts_at (&mesh, i)` computes where vertex i lives in the
   mapped staging memory and the fill loop writes every vertex through it
   (600 of them, more than the loop limit).  Nothing is submitted yet, so
   the writes are ordered before the upload by the submission itself; the
   upload's copy then reads the staging buffer, and the draw buffer's
   second copy reads what the first wrote unless the barrier is there. */
#include <stddef.h>
#include <vulkan/vulkan.h>

#define VERTS 600

struct vertex { float x, y, z, w; };
struct mesh {
    VkDevice device;
    VkDeviceMemory memory;
    VkBuffer staging, vertices, backup;
    struct vertex *mapped;
    size_t first;
};

extern int mesh_open(struct mesh *m, VkCommandBuffer *cb, VkQueue *q);

static struct vertex *verts_at(struct mesh *m, size_t i)
{
    return m->mapped + m->first + i;
}

int main(void)
{
    struct mesh m;
    VkCommandBuffer cb;
    VkQueue q;
    if (mesh_open(&m, &cb, &q) != 0)
        return 1;
    void *p;
    if (vkMapMemory(m.device, m.memory, 0, VK_WHOLE_SIZE, 0, &p) != VK_SUCCESS)
        return 1;
    m.mapped = p;
    m.first = 0;
    for (size_t i = 0; i < VERTS; i++)
        verts_at(&m, i)->x = (float)i;

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    VkBufferCopy all = {0, 0, sizeof(struct vertex) * VERTS};
    vkCmdCopyBuffer(cb, m.staging, m.vertices, 1, &all);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
#endif
    vkCmdCopyBuffer(cb, m.vertices, m.backup, 1, &all);
    vkEndCommandBuffer(cb);
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    vkQueueSubmit(q, 1, &si, VK_NULL_HANDLE);
    return vkQueueWaitIdle(q) != VK_SUCCESS;
}
