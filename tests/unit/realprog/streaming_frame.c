/* A streaming renderer in the style of a single-file game: the state in
   file-scope globals, no structs passed around.  Each frame either keeps
   last frame's data (`world_changed()` says no; the scratch buffer is
   cleared instead, so the upload command buffer is recorded the same way
   on both ways) or streams new vertices into the staging buffer; either
   upload is submitted without waiting.  draw() then records the copy out
   of the staging buffer and submits it: after a streamed upload, the copy
   reads what the fill wrote, with nothing between the two submissions. */
#include <vulkan/vulkan.h>

static VkDevice g_device;
static VkQueue g_queue;
static VkCommandBuffer g_upload_cmd, g_draw_cmd;
static VkBuffer g_staging, g_scratch, g_vertices;

extern int world_changed(void);

static void submit_fill(VkBuffer target)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(g_upload_cmd, &begin);
    vkCmdFillBuffer(g_upload_cmd, target, 0, 65536, 0x3f800000u);
    vkEndCommandBuffer(g_upload_cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &g_upload_cmd};
    vkQueueSubmit(g_queue, 1, &submit, VK_NULL_HANDLE);
}

static void draw(void)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(g_draw_cmd, &begin);
#ifdef WITH_BARRIER
    /* Its first scope is every command earlier in submission order. */
    VkMemoryBarrier streamed = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(g_draw_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &streamed, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 65536};
    vkCmdCopyBuffer(g_draw_cmd, g_staging, g_vertices, 1, &region);
    vkEndCommandBuffer(g_draw_cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                           .commandBufferCount = 1,
                           .pCommandBuffers = &g_draw_cmd};
    vkQueueSubmit(g_queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(g_queue);
}

void frame(void)
{
    if (!world_changed())
        submit_fill(g_scratch);
    else
        submit_fill(g_staging);
    draw();
}
