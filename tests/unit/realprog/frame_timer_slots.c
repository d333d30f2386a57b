/* A frame timer: two timestamps per frame copied into a results buffer
   with one 64-byte slot per query (the value first, the frame's notes in
   the rest of the slot), the notes cleared after the copy.  Clearing the
   second query's value as well is the bug. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct timer {
    VkDevice dev;
    VkQueryPool pool;
    VkBuffer results;
};

static void timer_init(struct timer *t, VkDevice dev)
{
    t->dev = dev;
    VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                .queryCount = 2};
    vkCreateQueryPool(dev, &qi, NULL, &t->pool);
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 256,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(dev, &bi, NULL, &t->results);
}

static void timer_resolve(struct timer *t, VkCommandBuffer cmd)
{
    vkCmdCopyQueryPoolResults(cmd, t->pool, 0, 2, t->results, 0, 64,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    /* the first slot's notes, after its 8-byte value: not written by the copy */
    vkCmdFillBuffer(cmd, t->results, 16, 16, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier after_copy = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                  .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &after_copy, 0, NULL, 0, NULL);
#endif
    /* meant for the second slot's notes, but it clears the value */
    vkCmdFillBuffer(cmd, t->results, 64, 8, 0);
}

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE; /* made by the platform layer (not shown) */
    VkCommandPool pool = VK_NULL_HANDLE;
    struct timer t;
    timer_init(&t, dev);
    VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
    VkCommandBuffer cmd;
    vkAllocateCommandBuffers(dev, &ai, &cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    timer_resolve(&t, cmd);
    vkEndCommandBuffer(cmd);
    return 0;
}
