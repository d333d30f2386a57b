// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 17
// A profiler's forwarding wrappers: TRACE_WRAP (vktrace.h) generates a
// `static inline` t_<entry point> per Vulkan call the renderer makes, each
// writing a begin and an end record into the tracer's ring buffer, and the
// renderer calls only the wrappers.  Two frames in flight, each waiting
// for its own fence, write their constants into one staging buffer with
// vkCmdUpdateBuffer and copy them into the frame's own uniform buffer: the
// next frame's update overwrites the staging bytes that the previous
// frame's copy may still be reading.  (The layer, like the tracer, sees
// the update in the wrapper the macro generated on its line.)
#include "vktrace.h"

#define FRAMES 2
#define FRAME_COUNT 4
#define CONSTANTS 64

TRACE_WRAP_V(vkCmdUpdateBuffer, (VkCommandBuffer c, VkBuffer b, VkDeviceSize o, VkDeviceSize s, const void *d), (c, b, o, s, d))
TRACE_WRAP_V(vkCmdCopyBuffer, (VkCommandBuffer c, VkBuffer s, VkBuffer d, uint32_t n, const VkBufferCopy *r), (c, s, d, n, r))
TRACE_WRAP_V(vkCmdPipelineBarrier, (VkCommandBuffer c, VkPipelineStageFlags s, VkPipelineStageFlags d, VkDependencyFlags f, uint32_t nm, const VkMemoryBarrier *m, uint32_t nb, const VkBufferMemoryBarrier *b, uint32_t ni, const VkImageMemoryBarrier *i), (c, s, d, f, nm, m, nb, b, ni, i))
TRACE_WRAP(VkResult, vkBeginCommandBuffer, (VkCommandBuffer c, const VkCommandBufferBeginInfo *i), (c, i))
TRACE_WRAP(VkResult, vkEndCommandBuffer, (VkCommandBuffer c), (c))
TRACE_WRAP(VkResult, vkWaitForFences, (VkDevice d, uint32_t n, const VkFence *f, VkBool32 all, uint64_t t), (d, n, f, all, t))
TRACE_WRAP(VkResult, vkResetFences, (VkDevice d, uint32_t n, const VkFence *f), (d, n, f))

struct frame {
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkBuffer uniforms;
    VkDeviceMemory uniforms_memory;
};

static void record_frame(struct frame *f, VkBuffer staging, const uint32_t *constants)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VkMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    VkBufferCopy region = {.size = CONSTANTS * sizeof(uint32_t)};

    t_vkBeginCommandBuffer(f->cmd, &begin);
    t_vkCmdUpdateBuffer(f->cmd, staging, 0, region.size, constants);
    t_vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &uploaded,
                           0, NULL, 0, NULL);
    t_vkCmdCopyBuffer(f->cmd, staging, f->uniforms, 1, &region);
    t_vkEndCommandBuffer(f->cmd);
}

int main(void)
{
    struct lite vk;
    struct frame frames[FRAMES];
    VkBuffer staging;
    VkDeviceMemory staging_memory;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&vk) != 0 ||
        lite_buffer(&vk, CONSTANTS * sizeof(uint32_t), usage, &staging, &staging_memory) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < FRAMES; i++)
        if (trace_command_buffer(&vk, &frames[i].pool, &frames[i].cmd) != VK_SUCCESS ||
            trace_fence(&vk, 1, &frames[i].fence) != VK_SUCCESS ||
            lite_buffer(&vk, CONSTANTS * sizeof(uint32_t), usage, &frames[i].uniforms,
                        &frames[i].uniforms_memory) != VK_SUCCESS)
            return 1;

    uint32_t constants[CONSTANTS];
    for (uint32_t n = 0; n < FRAME_COUNT; n++) {
        struct frame *f = &frames[n % FRAMES];
        t_vkWaitForFences(vk.device, 1, &f->fence, VK_TRUE, UINT64_MAX);
        t_vkResetFences(vk.device, 1, &f->fence);
        for (uint32_t i = 0; i < CONSTANTS; i++)
            constants[i] = n << 8 | i;
        record_frame(f, staging, constants);
        if (trace_submit(&vk, f->cmd, f->fence) != VK_SUCCESS)
            return 1;
    }
    vkDeviceWaitIdle(vk.device);
    printf("%lu traced calls\n", trace_log.calls);
    trace_dump(stdout, 6);
    return 0;
}
