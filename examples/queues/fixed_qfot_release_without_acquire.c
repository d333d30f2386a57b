/*
 * Fixed twin of bad_qfot_release_without_acquire.c: the graphics command
 * buffer records the acquire half of the queue family ownership transfer,
 * with the same buffer range and queue families as the release (Vulkan
 * spec, "Queue Family Ownership Transfer": "The buffer range
 * or image subresource range specified in an acquire operation must match
 * exactly that of a previous release operation").
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

/* Both halves are recorded here; the transfer queue's submission
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

    /* Acquire: same range and queue families as the release above. */
    VkBufferMemoryBarrier acquire = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = 0,
        .dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT,
        .srcQueueFamilyIndex = TRANSFER_FAMILY,
        .dstQueueFamilyIndex = GRAPHICS_FAMILY,
        .buffer = r->vertices,
        .offset = 0,
        .size = VERTEX_BYTES,
    };
    vkCmdPipelineBarrier(draw, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, 0, 0, NULL, 1, &acquire, 0,
                         NULL);

    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(draw, 0, 1, &r->vertices, &offset);

    vkEndCommandBuffer(draw);
}
