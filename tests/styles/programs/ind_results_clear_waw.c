// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 57
// A GPU profiler scope that tolerates missing results: the results buffer
// is cleared with vkCmdFillBuffer at the start of the frame so that a
// scope whose queries were never written reads as zero, and
// vkCmdCopyQueryPoolResults then writes each timestamp with its
// availability word (VK_QUERY_RESULT_WITH_AVAILABILITY_BIT).  Both are
// transfer writes to the same bytes and nothing orders them: the clear
// and the query copy race (Vulkan spec, Queries, "Query Operations":
// vkCmdCopyQueryPoolResults "is considered to be a transfer operation").
#include "lite.h"

#define SCOPES 4
#define STRIDE (2 * sizeof(uint64_t)) /* value, availability */

static VkResult must(VkResult r, const char *what)
{
    if (r != VK_SUCCESS) {
        fprintf(stderr, "%s: %d\n", what, (int)r);
        exit(1);
    }
    return r;
}

int main(void)
{
    struct lite vk;
    VkQueryPool pool;
    VkBuffer target, results;
    VkDeviceMemory target_mem, results_mem;
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    VkQueryPoolCreateInfo qpci = {
        .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
        .queryType = VK_QUERY_TYPE_TIMESTAMP,
        .queryCount = SCOPES,
    };
    must(vkCreateQueryPool(vk.device, &qpci, NULL, &pool), "vkCreateQueryPool");
    must(lite_buffer(&vk, 1 << 14, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &target, &target_mem), "target");
    must(lite_buffer(&vk, SCOPES * STRIDE, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &results, &results_mem),
         "results");
    must(lite_alloc(&vk, 1, &cmd), "lite_alloc");

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    must(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    vkCmdFillBuffer(cmd, results, 0, VK_WHOLE_SIZE, 0);
    vkCmdResetQueryPool(cmd, pool, 0, SCOPES);

    /* two scopes of the four are used this frame */
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, pool, 0);
    vkCmdFillBuffer(cmd, target, 0, VK_WHOLE_SIZE, 7);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, pool, 1);
    vkCmdCopyQueryPoolResults(cmd, pool, 0, 2, results, 0, STRIDE,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);

    VkMemoryBarrier to_host = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &to_host, 0, NULL, 0, NULL);
    must(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    must(lite_submit(&vk, 1, &cmd), "lite_submit");

    uint64_t *r;
    must(vkMapMemory(vk.device, results_mem, 0, VK_WHOLE_SIZE, 0, (void **)&r), "vkMapMemory");
    for (int s = 0; s < SCOPES; s++)
        printf("scope %d: %llu (available %llu)\n", s, (unsigned long long)r[2 * s],
               (unsigned long long)r[2 * s + 1]);
    vkUnmapMemory(vk.device, results_mem);
    vkDestroyQueryPool(vk.device, pool, NULL);
    vkDeviceWaitIdle(vk.device);
    return 0;
}
