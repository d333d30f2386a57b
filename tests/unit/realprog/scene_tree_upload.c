/* A scene graph in the style of a small retained-mode renderer: the bytes
   to upload are counted by walking the tree, and the copy is recorded
   several calls below the frame function (frame -> pass -> stage ->
   encoder -> ...), as a layered renderer does.  Without -DWITH_BARRIER the
   copy out of the staging buffer reads what the fill before it wrote. */
#include <stddef.h>
#include <vulkan/vulkan.h>

struct scene_node {
    struct scene_node *first_child;
    struct scene_node *next_sibling;
    VkDeviceSize vertex_bytes;
};

struct gpu {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkBuffer staging;
    VkBuffer vertices;
};

static VkDeviceSize scene_bytes(const struct scene_node *node)
{
    if (node == NULL)
        return 0;
    return node->vertex_bytes + scene_bytes(node->first_child) +
           scene_bytes(node->next_sibling);
}

static void encode_copy(struct gpu *gpu, VkDeviceSize bytes)
{
    (void)bytes; /* the staging buffer's first page holds the header */
    VkBufferCopy region = {.size = 4096};
    vkCmdCopyBuffer(gpu->cmd, gpu->staging, gpu->vertices, 1, &region);
}

static void encode_clear(struct gpu *gpu)
{
    vkCmdFillBuffer(gpu->cmd, gpu->staging, 0, VK_WHOLE_SIZE, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(gpu->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &filled, 0, NULL, 0, NULL);
#endif
}

/* Each layer of the renderer hands the work one level down. */
static void stage_9(struct gpu *gpu, VkDeviceSize bytes) { encode_clear(gpu); encode_copy(gpu, bytes); }
static void stage_8(struct gpu *gpu, VkDeviceSize bytes) { stage_9(gpu, bytes); }
static void stage_7(struct gpu *gpu, VkDeviceSize bytes) { stage_8(gpu, bytes); }
static void stage_6(struct gpu *gpu, VkDeviceSize bytes) { stage_7(gpu, bytes); }
static void stage_5(struct gpu *gpu, VkDeviceSize bytes) { stage_6(gpu, bytes); }
static void stage_4(struct gpu *gpu, VkDeviceSize bytes) { stage_5(gpu, bytes); }
static void stage_3(struct gpu *gpu, VkDeviceSize bytes) { stage_4(gpu, bytes); }
static void stage_2(struct gpu *gpu, VkDeviceSize bytes) { stage_3(gpu, bytes); }
static void stage_1(struct gpu *gpu, VkDeviceSize bytes) { stage_2(gpu, bytes); }
static void upload_pass(struct gpu *gpu, VkDeviceSize bytes) { stage_1(gpu, bytes); }

void scene_frame(struct gpu *gpu, const struct scene_node *root)
{
    VkDeviceSize bytes = scene_bytes(root);
    if (bytes == 0)
        return;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(gpu->cmd, &begin);
    upload_pass(gpu, bytes);
    vkEndCommandBuffer(gpu->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &gpu->cmd,
    };
    vkQueueSubmit(gpu->queue, 1, &submit, VK_NULL_HANDLE);
    vkQueueWaitIdle(gpu->queue);
}
