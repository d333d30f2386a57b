/* A helper that makes its scratch buffer on first use and keeps it in a
   function-scope `static`, as small renderers do for things they need
   rarely: the clear pass and the copy pass each ask for it, and get the
   same buffer.  Without the barrier between them the copy reads what the
   clear wrote. */
#include <vulkan/vulkan.h>

extern int gpu_open(VkDevice *device, VkCommandBuffer *cb, VkBuffer *target);

static VkBuffer scratch_buffer(VkDevice device)
{
    static VkBuffer scratch = VK_NULL_HANDLE;
    if (scratch == VK_NULL_HANDLE) {
        VkBufferCreateInfo ci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        ci.size = 4096;
        ci.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        vkCreateBuffer(device, &ci, NULL, &scratch);
    }
    return scratch;
}

static void clear_pass(VkDevice device, VkCommandBuffer cb)
{
    vkCmdFillBuffer(cb, scratch_buffer(device), 0, 4096, 0);
}

static void copy_pass(VkDevice device, VkCommandBuffer cb, VkBuffer target)
{
    VkBufferCopy region = {0, 0, 4096};
    vkCmdCopyBuffer(cb, scratch_buffer(device), target, 1, &region);
}

int main(void)
{
    VkDevice device;
    VkCommandBuffer cb;
    VkBuffer target;
    if (gpu_open(&device, &cb, &target) != 0)
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    clear_pass(device, cb);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
#endif
    copy_pass(device, cb, target);
    vkEndCommandBuffer(cb);
    return 0;
}
