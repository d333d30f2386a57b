/* A tiny compute library's "begin" hands back the command buffer it made
   and began, the way inference libraries start a graph: `cmd` starts as
   VK_NULL_HANDLE, the allocation fills it through a pointer, the begin
   opens it and `return cmd;` gives it to the caller, who records the graph
   on it.  The copy reads what the fill wrote unless the barrier is there. */
#include <vulkan/vulkan.h>

static VkDevice dev;
static VkCommandPool pool;
static VkBuffer src, dst;

extern int gpu_open(VkDevice *d, VkCommandPool *p, VkBuffer *a, VkBuffer *b);

static VkResult cmd_alloc(VkCommandBuffer *out)
{
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    return vkAllocateCommandBuffers(dev, &ai, out);
}

static VkCommandBuffer graph_begin(void)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (cmd_alloc(&cmd) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cmd, &bi);
    return cmd;
}

int main(void)
{
    if (gpu_open(&dev, &pool, &src, &dst))
        return 1;
    VkCommandBuffer graph = graph_begin();
    if (graph == VK_NULL_HANDLE)
        return 1;
    vkCmdFillBuffer(graph, src, 0, 256, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(graph, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
#endif
    VkBufferCopy r = {0, 0, 256};
    vkCmdCopyBuffer(graph, src, dst, 1, &r);
    vkEndCommandBuffer(graph);
    return 0;
}
