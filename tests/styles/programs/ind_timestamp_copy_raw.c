// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 60
// GPU timing as a profiler overlay does it: two timestamps around a pass,
// the query results copied on the GPU into a results buffer with
// vkCmdCopyQueryPoolResults, and that buffer then copied into the
// host-visible readback ring.  The second copy reads what the query copy
// wrote with no barrier between them; vkCmdCopyQueryPoolResults writes its
// destination as a transfer (Vulkan spec, Queries, "Query Operations":
// "vkCmdCopyQueryPoolResults is considered to be a transfer operation, and
// its writes to buffer memory must be synchronized using
// VK_PIPELINE_STAGE_TRANSFER_BIT and VK_ACCESS_TRANSFER_WRITE_BIT before
// using the results").
#include "lite.h"

#define CHECK(x) do { if ((x) != VK_SUCCESS) { fprintf(stderr, "%s\n", #x); exit(1); } } while (0)

enum { TS_BEGIN, TS_END, TS_COUNT };

int main(void)
{
    struct lite vk;
    VkQueryPool timestamps;
    VkBuffer scratch, results, readback;
    VkDeviceMemory scratch_mem, results_mem, readback_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    VkQueryPoolCreateInfo qpci = {
        .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
        .queryType = VK_QUERY_TYPE_TIMESTAMP,
        .queryCount = TS_COUNT,
    };
    CHECK(vkCreateQueryPool(vk.device, &qpci, NULL, &timestamps));
    CHECK(lite_buffer(&vk, 1 << 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &scratch, &scratch_mem));
    CHECK(lite_buffer(&vk, TS_COUNT * sizeof(uint64_t),
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                      &results, &results_mem));
    CHECK(lite_buffer(&vk, TS_COUNT * sizeof(uint64_t), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      &readback, &readback_mem));

    CHECK(lite_alloc(&vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    CHECK(vkBeginCommandBuffer(cmd, &begin));

    vkCmdResetQueryPool(cmd, timestamps, 0, TS_COUNT);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, timestamps, TS_BEGIN);

    /* the pass being timed */
    vkCmdFillBuffer(cmd, scratch, 0, VK_WHOLE_SIZE, 0x3f800000u);

    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, timestamps, TS_END);
    vkCmdCopyQueryPoolResults(cmd, timestamps, 0, TS_COUNT, results, 0, sizeof(uint64_t),
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);

    /* into the readback ring (missing: TRANSFER_WRITE -> TRANSFER_READ) */
    VkBufferCopy region = {0, 0, TS_COUNT * sizeof(uint64_t)};
    vkCmdCopyBuffer(cmd, results, readback, 1, &region);

    VkMemoryBarrier2 to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
        .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
    };
    VkDependencyInfo dep = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &to_host,
    };
    vkCmdPipelineBarrier2(cmd, &dep);
    CHECK(vkEndCommandBuffer(cmd));
    CHECK(lite_submit(&vk, 1, &cmd));

    uint64_t *ts;
    CHECK(vkMapMemory(vk.device, readback_mem, 0, VK_WHOLE_SIZE, 0, (void **)&ts));
    printf("fill took %llu ticks\n", (unsigned long long)(ts[TS_END] - ts[TS_BEGIN]));
    vkUnmapMemory(vk.device, readback_mem);
    vkDestroyQueryPool(vk.device, timestamps, NULL);
    vkDeviceWaitIdle(vk.device);
    return 0;
}
