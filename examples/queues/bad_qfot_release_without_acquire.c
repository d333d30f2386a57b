/*
 * Uploads a vertex buffer on a dedicated transfer queue and hands it to the
 * graphics queue.  The transfer command buffer records the release half of
 * the queue family ownership transfer, but the graphics command buffer
 * never records the matching acquire.  Vulkan spec, "Queue Family
 * Ownership Transfer": a transfer "consists of two distinct parts:
 * 1. Release exclusive ownership from the source queue family 2. Acquire
 * exclusive ownership for the destination queue family" - without the
 * acquire the buffer's contents are undefined on the graphics family.
 * The fix is in fixed_qfot_release_without_acquire.c.
 */
#include <vulkan/vulkan.h>

#define GRAPHICS_FAMILY 0
#define TRANSFER_FAMILY 1
#define VERTEX_BYTES 65536

typedef struct {
    VkDevice device;
    VkCommandPool transfer_pool;
    VkCommandPool graphics_pool;
    VkCommandBuffer upload_cmd;
    VkCommandBuffer draw_cmd;
    VkBuffer staging;
    VkBuffer vertices;
    VkPipeline pipeline;
} Renderer;

void create_command_buffers(Renderer *r)
{
    VkCommandPoolCreateInfo transfer_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = TRANSFER_FAMILY,
    };
    vkCreateCommandPool(r->device, &transfer_info, NULL, &r->transfer_pool);
    VkCommandPoolCreateInfo graphics_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = GRAPHICS_FAMILY,
    };
    vkCreateCommandPool(r->device, &graphics_info, NULL, &r->graphics_pool);

    VkCommandBufferAllocateInfo upload_alloc = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = r->transfer_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    vkAllocateCommandBuffers(r->device, &upload_alloc, &r->upload_cmd);
    VkCommandBufferAllocateInfo draw_alloc = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = r->graphics_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    vkAllocateCommandBuffers(r->device, &draw_alloc, &r->draw_cmd);
}

/* Both command buffers are recorded here; the transfer queue's submission
 * signals a semaphore the graphics submission waits on. */
void record_upload_and_draw(Renderer *r)
{
    VkCommandBuffer cmd = r->upload_cmd;
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin_info);

    VkBufferCopy whole = {.size = VERTEX_BYTES};
    vkCmdCopyBuffer(cmd, r->staging, r->vertices, 1, &whole);

    /* Release: transfer family -> graphics family. */
    VkBufferMemoryBarrier release = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = 0,
        .srcQueueFamilyIndex = TRANSFER_FAMILY,
        .dstQueueFamilyIndex = GRAPHICS_FAMILY,
        .buffer = r->vertices,
        .offset = 0,
        .size = VERTEX_BYTES,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0, 0, NULL, 1, &release, 0,
                         NULL);

    vkEndCommandBuffer(cmd);

    VkCommandBuffer draw = r->draw_cmd;
    vkBeginCommandBuffer(draw, &begin_info);

    /* The semaphore orders the submissions, but ownership is never
     * acquired on the graphics family. */
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(draw, 0, 1, &r->vertices, &offset);

    vkEndCommandBuffer(draw);
}
