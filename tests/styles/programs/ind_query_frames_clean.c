// EXPECT: clean
// Frame timing with two frames in flight, as ind_query_frames_war.c but
// with a results slot per frame in flight: each frame's
// vkCmdCopyQueryPoolResults writes its own RESULT_SIZE bytes of the
// results buffer, so frame 1's query copy does not touch what frame 0's
// copy to its readback buffer reads, and within a frame the TRANSFER
// barrier orders the query copy's write before the read (Vulkan spec,
// Queries, "Query Operations": vkCmdCopyQueryPoolResults' "writes to buffer
// memory must be synchronized using VK_PIPELINE_STAGE_TRANSFER_BIT and
// VK_ACCESS_TRANSFER_WRITE_BIT before using the results").
#include "lite.h"

#define FRAMES 2
#define TIMESTAMPS 2
#define RESULT_SIZE (TIMESTAMPS * sizeof(uint64_t))

#define CHECK(x) do { if ((x) != VK_SUCCESS) { fprintf(stderr, "%s\n", #x); exit(1); } } while (0)

struct frame {
    VkCommandBuffer cmd;
    VkFence fence;
    VkQueryPool queries;
    VkBuffer work, readback;
    VkDeviceMemory work_mem, readback_mem;
};

int main(void)
{
    struct lite vk;
    struct frame frames[FRAMES];
    VkBuffer results;
    VkDeviceMemory results_mem;

    if (lite_init(&vk) != 0)
        return 1;
    CHECK(lite_buffer(&vk, FRAMES * RESULT_SIZE,
                      VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                      &results, &results_mem));
    for (int f = 0; f < FRAMES; f++) {
        VkQueryPoolCreateInfo qpci = {
            .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
            .queryType = VK_QUERY_TYPE_TIMESTAMP,
            .queryCount = TIMESTAMPS,
        };
        CHECK(vkCreateQueryPool(vk.device, &qpci, NULL, &frames[f].queries));
        CHECK(lite_buffer(&vk, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &frames[f].work,
                          &frames[f].work_mem));
        CHECK(lite_buffer(&vk, RESULT_SIZE, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                          &frames[f].readback, &frames[f].readback_mem));
        CHECK(lite_alloc(&vk, 1, &frames[f].cmd));
        VkFenceCreateInfo fci = {
            .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            .flags = VK_FENCE_CREATE_SIGNALED_BIT,
        };
        CHECK(vkCreateFence(vk.device, &fci, NULL, &frames[f].fence));
    }

    for (int frame = 0; frame < FRAMES; frame++) {
        struct frame *fr = &frames[frame % FRAMES];
        CHECK(vkWaitForFences(vk.device, 1, &fr->fence, VK_TRUE, UINT64_MAX));
        CHECK(vkResetFences(vk.device, 1, &fr->fence));

        VkCommandBuffer cmd = fr->cmd;
        VkDeviceSize slot = (VkDeviceSize)(frame % FRAMES) * RESULT_SIZE;
        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        CHECK(vkBeginCommandBuffer(cmd, &begin));
        vkCmdResetQueryPool(cmd, fr->queries, 0, TIMESTAMPS);
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, fr->queries, 0);
        vkCmdFillBuffer(cmd, fr->work, 0, VK_WHOLE_SIZE, (uint32_t)frame);
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, fr->queries, 1);
        vkCmdCopyQueryPoolResults(cmd, fr->queries, 0, TIMESTAMPS, results, slot,
                                  sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);

        VkMemoryBarrier2 copied = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
            .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
            .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
            .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
            .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
        };
        VkDependencyInfo dep = {
            .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
            .memoryBarrierCount = 1,
            .pMemoryBarriers = &copied,
        };
        vkCmdPipelineBarrier2(cmd, &dep);
        VkBufferCopy region = {slot, 0, RESULT_SIZE};
        vkCmdCopyBuffer(cmd, results, fr->readback, 1, &region);

        VkMemoryBarrier2 to_host = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
            .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
            .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
            .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
            .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
        };
        dep.pMemoryBarriers = &to_host;
        vkCmdPipelineBarrier2(cmd, &dep);
        CHECK(vkEndCommandBuffer(cmd));

        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &cmd,
        };
        CHECK(vkQueueSubmit(vk.queue, 1, &si, fr->fence));
    }

    for (int f = 0; f < FRAMES; f++) {
        CHECK(vkWaitForFences(vk.device, 1, &frames[f].fence, VK_TRUE, UINT64_MAX));
        uint64_t *ts;
        CHECK(vkMapMemory(vk.device, frames[f].readback_mem, 0, VK_WHOLE_SIZE, 0, (void **)&ts));
        printf("frame %d: %llu ticks\n", f, (unsigned long long)(ts[1] - ts[0]));
        vkUnmapMemory(vk.device, frames[f].readback_mem);
    }
    vkDeviceWaitIdle(vk.device);
    return 0;
}
