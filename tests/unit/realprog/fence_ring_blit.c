/* A capture tool that records each frame into its own command buffer
   and keeps two frames in flight, waiting for a frame's fence only when
   its slot comes round again (the frame two back).  Every frame clears the
   one readback buffer and copies the frame into it, with no barrier at
   the start of the command buffer: frame N's fill writes the buffer while
   frame N-1's copy, submitted just before and not waited for, may still
   be writing it (a write-after-write between submissions).  The slot's
   fence wait does not help: it waits for frame N-2.  With WITH_BARRIER
   each command buffer begins with a barrier from the previous frame's
   copy, as the fix the spec asks for. */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define SLOTS 2
#define FRAME_TOTAL 3
#define READBACK_BYTES (1u << 20)

struct capture {
    VkDevice device;
    VkQueue queue;
    VkBuffer frame_pixels;
    VkBuffer readback;
    VkCommandBuffer cmds[SLOTS];
    VkFence fences[SLOTS];
};

static void record_frame(struct capture *c, VkCommandBuffer cb)
{
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
#ifdef WITH_BARRIER
    VkMemoryBarrier previous = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                                VK_ACCESS_TRANSFER_WRITE_BIT,
                                VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &previous, 0, NULL, 0, NULL);
#endif
    vkCmdFillBuffer(cb, c->readback, 0, READBACK_BYTES, 0);
    VkMemoryBarrier cleared = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                               VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &cleared, 0, NULL, 0, NULL);
    VkBufferCopy all = {0, 0, READBACK_BYTES};
    vkCmdCopyBuffer(cb, c->frame_pixels, c->readback, 1, &all);
    vkEndCommandBuffer(cb);
}

void capture_frames(struct capture *c)
{
    for (int i = 0; i < SLOTS; i++) {
        VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, NULL,
                                 VK_FENCE_CREATE_SIGNALED_BIT};
        if (vkCreateFence(c->device, &fci, NULL, &c->fences[i]) != VK_SUCCESS)
            return;
    }
    for (int frame = 0; frame < FRAME_TOTAL; frame++) {
        int slot = frame % SLOTS;
        vkWaitForFences(c->device, 1, &c->fences[slot], VK_TRUE, UINT64_MAX);
        vkResetFences(c->device, 1, &c->fences[slot]);
        record_frame(c, c->cmds[slot]);
        VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
        si.commandBufferCount = 1;
        si.pCommandBuffers = &c->cmds[slot];
        vkQueueSubmit(c->queue, 1, &si, c->fences[slot]);
    }
    vkQueueWaitIdle(c->queue);
}
