/*
 * Race-free: the release half of a queue family ownership transfer is
 * recorded by record_upload(r), the acquire half by record_draw(r), both
 * on `r->vertices` with the same range and queue families ("The buffer
 * range or image subresource range specified in an acquire operation must
 * match exactly that of a previous release operation", Vulkan
 * spec, "Queue Family Ownership Transfer").  Each function
 * is analysed on its own; the halves pair through the struct member they
 * name.  bad_qfot_across_functions.c acquires another member instead.
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


void record_upload(Renderer *r)
{
    VkCommandBuffer cmd = r->upload_cmd;
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);
    VkBufferCopy whole = {.size = VERTEX_BYTES};
    vkCmdCopyBuffer(cmd, r->staging, r->vertices, 1, &whole);
    VkBufferMemoryBarrier release = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .srcQueueFamilyIndex = TRANSFER_FAMILY,
        .dstQueueFamilyIndex = GRAPHICS_FAMILY,
        .buffer = r->vertices,
        .size = VERTEX_BYTES,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0, 0, NULL, 1, &release, 0, NULL);
    vkEndCommandBuffer(cmd);
}

void record_draw(Renderer *r)
{
    VkCommandBuffer cmd = r->draw_cmd;
    VkCommandBufferBeginInfo begin_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
    };
    vkBeginCommandBuffer(cmd, &begin_info);
    VkBufferMemoryBarrier acquire = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT,
        .srcQueueFamilyIndex = TRANSFER_FAMILY,
        .dstQueueFamilyIndex = GRAPHICS_FAMILY,
        .buffer = r->vertices,
        .size = VERTEX_BYTES,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, 0, 0, NULL, 1, &acquire, 0, NULL);
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &r->vertices, &offset);
    vkEndCommandBuffer(cmd);
}
