/* Objects made on the heap by constructors that return a pointer, in the
   style of GLib- and wlroots-era C: `foo_new()` allocates, creates the
   Vulkan object into the allocation and hands the pointer back; the
   renderer keeps some of them in its own struct.  Issue 11, cause 5:
   findings name the buffer as the program uses it ('staging->handle',
   'r->mesh->handle'), not as the constructor spelled it ('res->handle'). */
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct gpu_buffer {
    VkBuffer handle;
    VkDeviceSize size;
};

struct renderer {
    VkDevice device;
    VkCommandBuffer cmd;
    struct gpu_buffer *mesh;
};

static struct gpu_buffer *gpu_buffer_new(VkDevice device, VkDeviceSize size)
{
    struct gpu_buffer *res = calloc(1, sizeof(*res));
    if (!res)
        return NULL;
    res->size = size;
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    if (vkCreateBuffer(device, &info, NULL, &res->handle) != VK_SUCCESS) {
        free(res);
        return NULL;
    }
    return res;
}

static void upload_mesh(struct renderer *r, struct gpu_buffer *staging)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(r->cmd, &begin);
    vkCmdFillBuffer(r->cmd, staging->handle, 0, staging->size, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {0, 0, 4096};
    vkCmdCopyBuffer(r->cmd, staging->handle, r->mesh->handle, 1, &region);
    /* Written again: the copy's write must be made available first. */
#ifdef WITH_BARRIER
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    vkCmdFillBuffer(r->cmd, r->mesh->handle, 0, 256, 0);
    vkEndCommandBuffer(r->cmd);
}

int main(void)
{
    struct renderer r = {0};
    r.mesh = gpu_buffer_new(r.device, 4096);
    struct gpu_buffer *staging = gpu_buffer_new(r.device, 4096);
    if (!r.mesh || !staging)
        return 1;
    upload_mesh(&r, staging);
    free(staging);
    free(r.mesh);
    return 0;
}
