/* A frame's state started as a copy of the previous frame's with memcpy,
   the frame then restoring its own output; the scratch buffer's handle
   comes along with the copy.  The frame clears its scratch buffer and then
   copies the previous frame's scratch (the same buffer) out; the fixed
   frame has a barrier between them. */
#include <string.h>
#include <vulkan/vulkan.h>

struct frame_state {
    VkBuffer scratch, output;
    unsigned frame;
};

extern int gpu_open(VkCommandBuffer *cb, VkBuffer buffers[4]);

static void start_from(struct frame_state *cur, const struct frame_state *prev)
{
    VkBuffer output = cur->output;
    memcpy(cur, prev, sizeof *cur);
    cur->output = output;
    cur->frame = prev->frame + 1;
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer b[4];
    if (gpu_open(&cb, b))
        return 1;
    struct frame_state states[2] = {{b[0], b[1], 0}, {b[2], b[3], 0}};
    start_from(&states[1], &states[0]);

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, states[1].scratch, 0, 64, states[1].frame);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                         0, NULL, 0, NULL);
#endif
    VkBufferCopy r = {0, 0, 64};
    vkCmdCopyBuffer(cb, b[0], states[1].output, 1, &r);
    vkEndCommandBuffer(cb);
    return 0;
}
