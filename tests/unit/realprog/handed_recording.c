/* A renderer backend in a library: the application owns, begins and
   submits the command buffer and hands it over (a parameter, or a member of
   a frame struct).  Nothing here calls vkBeginCommandBuffer (issue 11,
   cause 6). */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct gpu_frame {
    VkCommandBuffer cmd;
    uint32_t index;
};

struct gpu_renderer {
    VkBuffer staging;
    VkBuffer vertices;
};

static void transfer_to_transfer(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
}

void rec(VkCommandBuffer cmd, VkBuffer staging, VkBuffer dst)
{
    vkCmdFillBuffer(cmd, staging, 0, 65536, 0);
#ifdef WITH_BARRIER
    transfer_to_transfer(cmd);
#endif
    VkBufferCopy r = {0, 0, 65536};
    vkCmdCopyBuffer(cmd, staging, dst, 1, &r);
}

void gpu_renderer_upload(struct gpu_renderer *r, struct gpu_frame *frame,
                         const float *vertices)
{
    VkCommandBuffer cmd = frame->cmd;
    vkCmdUpdateBuffer(cmd, r->staging, 0, 64, vertices);
#ifdef WITH_BARRIER
    transfer_to_transfer(cmd);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 64};
    vkCmdCopyBuffer(cmd, r->staging, r->vertices, 1, &region);
}
