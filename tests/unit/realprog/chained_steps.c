/* A loader that chains its steps with && and ||, each step a function
   returning true on success, as small C tools often do: `ok = step_a() &&
   step_b() && step_c();`.  The upload step clears a staging buffer and
   copies it into the mesh buffer; without the barrier in between, the copy
   reads what the clear wrote. */
#include <stdbool.h>
#include <stdio.h>
#include <vulkan/vulkan.h>

struct loader {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging, mesh;
};

extern bool loader_connect(struct loader *l);
extern bool loader_read_file(struct loader *l, const char *path);

static bool loader_begin(struct loader *l)
{
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    return vkBeginCommandBuffer(l->cmd, &begin) == VK_SUCCESS;
}

static bool loader_upload(struct loader *l)
{
    vkCmdFillBuffer(l->cmd, l->staging, 0, 65536, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                               VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(l->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy all = {0, 0, 65536};
    vkCmdCopyBuffer(l->cmd, l->staging, l->mesh, 1, &all);
    return vkEndCommandBuffer(l->cmd) == VK_SUCCESS;
}

static bool loader_submit(struct loader *l)
{
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &l->cmd;
    return vkQueueSubmit(l->queue, 1, &si, VK_NULL_HANDLE) == VK_SUCCESS &&
           vkQueueWaitIdle(l->queue) == VK_SUCCESS;
}

int main(int argc, char **argv)
{
    struct loader l;
    bool ok = loader_connect(&l) && loader_read_file(&l, argc > 1 ? argv[1] : "mesh.bin") &&
              loader_begin(&l) && loader_upload(&l) && loader_submit(&l);
    if (!ok)
        fprintf(stderr, "loading failed\n");
    return ok ? 0 : 1;
}
