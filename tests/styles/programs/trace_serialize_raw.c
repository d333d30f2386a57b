// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 58
// Every Vulkan call goes through the in-app tracer's VKT() comma
// expression (vktrace.h), which writes a ring buffer of trace records.
// The pass was debugged with -DTRACE_SERIALIZE, under which VKT_CMD also
// records a full memory barrier after each command so that a GPU fault
// is blamed on the right call; that hid the missing barrier between the
// clear of the histogram and the copy that seeds the next pass from it.
// The release build (no TRACE_SERIALIZE) copies while the fill may still
// be writing.
#include "vktrace.h"

#define BINS 64
#define BYTES (BINS * sizeof(uint32_t))

struct pass {
    struct lite vk;
    VkCommandBuffer cmd;
    VkFence done;
    VkBuffer histogram, seed;
    VkDeviceMemory histogram_memory, seed_memory;
};

static int pass_init(struct pass *p)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (lite_init(&p->vk) != 0)
        return -1;
    if (lite_buffer(&p->vk, BYTES, usage, &p->histogram, &p->histogram_memory) != VK_SUCCESS ||
        lite_buffer(&p->vk, BYTES, usage, &p->seed, &p->seed_memory) != VK_SUCCESS ||
        lite_alloc(&p->vk, 1, &p->cmd) != VK_SUCCESS || trace_fence(&p->vk, 0, &p->done) != VK_SUCCESS)
        return -1;
    return 0;
}

static void readback_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    VKT(vkCmdPipelineBarrier, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host, 0,
        NULL, 0, NULL);
}

int main(void)
{
    struct pass p;
    VkResult r;
    if (pass_init(&p) != 0)
        return 1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkBufferCopy whole = {.size = BYTES};
    VKT_R(r, vkBeginCommandBuffer, p.cmd, &begin);
    VKT_CMD(vkCmdFillBuffer, p.cmd, p.histogram, 0, BYTES, 0);
    /* (under TRACE_SERIALIZE, a full barrier here) */
    VKT_CMD(vkCmdCopyBuffer, p.cmd, p.histogram, p.seed, 1, &whole);
    readback_barrier(p.cmd);
    VKT_R(r, vkEndCommandBuffer, p.cmd);
    if (r != VK_SUCCESS || trace_submit(&p.vk, p.cmd, p.done) != VK_SUCCESS)
        return 1;
    VKT(vkWaitForFences, p.vk.device, 1, &p.done, VK_TRUE, UINT64_MAX);

    uint32_t *bins;
    VKT_R(r, vkMapMemory, p.vk.device, p.seed_memory, 0, VK_WHOLE_SIZE, 0, (void **)&bins);
    if (r != VK_SUCCESS)
        return 1;
    printf("seed[0] = %u after %lu traced calls\n", bins[0], trace_log.calls);
    trace_dump(stdout, 4);
    return 0;
}
