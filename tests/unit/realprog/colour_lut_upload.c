/* A colour-grading pass: its 64x64x64 lookup table is computed on the
   host (a lift and a gamma curve per channel, through powf) and uploaded
   through a mapped staging buffer; the frame then keeps a copy of the
   table for the next frame's blend.  The grading helper writes 262,144
   texels in three nested loops (none longer than 64 iterations, so no
   loop limit cuts them): run statement by statement the analysis did not
   end - still in the helper after 11 minutes and 1 GB - and the copies
   after it were never checked. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define LUT_SIZE 64

typedef float rgba[4];
typedef rgba lut_slice[LUT_SIZE][LUT_SIZE];

static float grade_channel(float x, float lift, float gamma)
{
    return lift + (1.0f - lift) * powf(x, gamma);
}

static void build_lut(lut_slice *lut, float lift, float gamma)
{
    const float step = 1.0f / (LUT_SIZE - 1);
    for (int b = 0; b < LUT_SIZE; b++)
        for (int g = 0; g < LUT_SIZE; g++)
            for (int r = 0; r < LUT_SIZE; r++) {
                float *texel = lut[b][g][r];
                texel[0] = grade_channel(r * step, lift, gamma);
                texel[1] = grade_channel(g * step, lift, gamma);
                texel[2] = grade_channel(b * step, lift, gamma);
                texel[3] = 1.0f;
            }
}

struct grading {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging, table, history;
    VkDeviceMemory staging_memory;
};

int upload_grading(struct grading *gr, float lift, float gamma)
{
    const VkDeviceSize bytes = sizeof(lut_slice) * LUT_SIZE;
    lut_slice *lut = malloc((size_t)bytes);
    if (!lut)
        return -1;
    build_lut(lut, lift, gamma);

    void *mapped;
    if (vkMapMemory(gr->device, gr->staging_memory, 0, bytes, 0, &mapped) != VK_SUCCESS) {
        free(lut);
        return -1;
    }
    memcpy(mapped, lut, (size_t)bytes);
    free(lut);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(gr->cmd, &begin);
    VkBufferCopy whole = {0, 0, bytes};
    vkCmdCopyBuffer(gr->cmd, gr->staging, gr->table, 1, &whole);
#ifdef WITH_BARRIER
    VkMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(gr->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &uploaded, 0, NULL, 0, NULL);
#endif
    vkCmdCopyBuffer(gr->cmd, gr->table, gr->history, 1, &whole);
    vkEndCommandBuffer(gr->cmd);

    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &gr->cmd,
    };
    if (vkQueueSubmit(gr->queue, 1, &submit, VK_NULL_HANDLE) != VK_SUCCESS)
        return -1;
    return vkQueueWaitIdle(gr->queue) == VK_SUCCESS ? 0 : -1;
}
