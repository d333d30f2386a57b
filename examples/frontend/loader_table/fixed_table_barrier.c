/*
 * Device-level entry points loaded into a dispatch table (as volk's
 * VolkDeviceTable or a hand-written loader does), called through pointers:
 * `dev->CmdPipelineBarrier2(...)`.  The front end matches each pointer to
 * the Vulkan entry point it holds by its PFN_vk* type (or its name).
 *
 * Fixed twin of bad_table_barrier_wrong_stage.c: the barrier's second scope
 * is the COPY stage with TRANSFER_READ, so the clear's writes are visible to
 * the copy.  Silent.
 */
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

typedef struct {
    PFN_vkBeginCommandBuffer BeginCommandBuffer;
    PFN_vkEndCommandBuffer EndCommandBuffer;
    PFN_vkCmdFillBuffer CmdFillBuffer;
    PFN_vkCmdCopyBuffer CmdCopyBuffer;
    PFN_vkCmdPipelineBarrier2 CmdPipelineBarrier2;
} DeviceTable;

typedef struct {
    const DeviceTable *vk;
    VkBuffer histogram;
    VkBuffer readback;
} Stats;

void record_histogram_readback(const Stats *stats, VkCommandBuffer cmd)
{
    const DeviceTable *vk = stats->vk;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vk->BeginCommandBuffer(cmd, &begin);

    vk->CmdFillBuffer(cmd, stats->histogram, 0, 256 * sizeof(uint32_t), 0);

    VkMemoryBarrier2 cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
    };
    vk->CmdPipelineBarrier2(cmd, &(VkDependencyInfo){
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &cleared});

    VkBufferCopy region = {.size = 256 * sizeof(uint32_t)};
    vk->CmdCopyBuffer(cmd, stats->histogram, stats->readback, 1, &region);

    vk->EndCommandBuffer(cmd);
}
