/* A terrain's 128 x 128 vertex grid, filled on the host in two nested
   loops (a pointer to each vertex declared in the inner loop's body),
   copied into mapped staging memory and uploaded; the physics pass then
   copies the uploaded heights out for its own use.  Each of the 16,384
   iterations left a binding of `v` behind and each element was found by
   walking the array's members: 8 s for the loops alone (a 256 x 256 grid: minutes). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define GRID 128

struct terrain_vertex {
    float position[3];
    float uv[2];
    uint32_t material;
};

struct terrain {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging, vertices, physics_copy;
    VkDeviceMemory staging_memory;
};

static uint32_t material_at(int x, int z)
{
    return (uint32_t)((x / 32 + z / 32) & 3);
}

int terrain_upload(struct terrain *t, float cell)
{
    const size_t bytes = sizeof(struct terrain_vertex) * GRID * GRID;
    struct terrain_vertex *grid = malloc(bytes);
    if (!grid)
        return -1;
    for (int z = 0; z < GRID; z++) {
        for (int x = 0; x < GRID; x++) {
            struct terrain_vertex *v = &grid[z * GRID + x];
            v->position[0] = x * cell;
            v->position[1] = 0.0f;
            v->position[2] = z * cell;
            v->uv[0] = (float)x / GRID;
            v->uv[1] = (float)z / GRID;
            v->material = material_at(x, z);
        }
    }
    void *mapped = NULL;
    if (vkMapMemory(t->device, t->staging_memory, 0, bytes, 0, &mapped) != VK_SUCCESS) {
        free(grid);
        return -1;
    }
    memcpy(mapped, grid, bytes);
    free(grid);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(t->cmd, &begin);
    VkBufferCopy all = {0, 0, bytes};
    vkCmdCopyBuffer(t->cmd, t->staging, t->vertices, 1, &all);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = t->vertices,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(t->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 1, &uploaded, 0, NULL);
#endif
    vkCmdCopyBuffer(t->cmd, t->vertices, t->physics_copy, 1, &all);
    vkEndCommandBuffer(t->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &t->cmd,
    };
    if (vkQueueSubmit(t->queue, 1, &submit, VK_NULL_HANDLE) != VK_SUCCESS)
        return -1;
    return vkQueueWaitIdle(t->queue) == VK_SUCCESS ? 0 : -1;
}
