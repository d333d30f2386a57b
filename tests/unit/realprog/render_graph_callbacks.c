/* A frame graph in the style of small engines: each frame registers its
   passes as callbacks with their user data, then runs them in order into
   one command buffer.  The upload pass clears the staging buffer, the
   copy pass then reads it, and nothing orders the two.

   The calls were through a pointer (`pass->execute (cmd, pass->user)`)
   the analysis could not see into: each pass was checked as a recording
   of its own, handed a command buffer with nothing before, and the race
   between them was never seen (exit 0).  A pointer that holds one of the
   program's functions on the path now runs that function. */
#include <stddef.h>
#include <vulkan/vulkan.h>

typedef void (*pass_execute_fn)(VkCommandBuffer cmd, void *user);

struct frame_pass {
    const char *label;
    pass_execute_fn execute;
    void *user;
};

struct frame_graph {
    struct frame_pass passes[4];
    size_t pass_count;
    VkCommandBuffer cmd;
};

struct scene_buffers {
    VkBuffer staging;
    VkBuffer vertices;
};

static void upload_pass(VkCommandBuffer cmd, void *user)
{
    struct scene_buffers *buffers = user;
    vkCmdFillBuffer(cmd, buffers->staging, 0, 1024, 0);
}

static void copy_pass(VkCommandBuffer cmd, void *user)
{
    struct scene_buffers *buffers = user;
    VkBufferCopy region = {.size = 1024};
    vkCmdCopyBuffer(cmd, buffers->staging, buffers->vertices, 1, &region);
}

static void frame_graph_add(struct frame_graph *graph, const char *label,
                            pass_execute_fn execute, void *user)
{
    struct frame_pass *pass = &graph->passes[graph->pass_count++];
    pass->label = label;
    pass->execute = execute;
    pass->user = user;
}

static void frame_graph_execute(struct frame_graph *graph)
{
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(graph->cmd, &begin);
    for (size_t i = 0; i < graph->pass_count; i++) {
        struct frame_pass *pass = &graph->passes[i];
        pass->execute(graph->cmd, pass->user);
#ifdef WITH_BARRIER
        VkMemoryBarrier barrier = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        };
        vkCmdPipelineBarrier(graph->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
#endif
    }
    vkEndCommandBuffer(graph->cmd);
}

void render_frame(VkCommandBuffer cmd, struct scene_buffers *buffers)
{
    struct frame_graph graph = {.pass_count = 0, .cmd = cmd};
    frame_graph_add(&graph, "upload", upload_pass, buffers);
    frame_graph_add(&graph, "copy", &copy_pass, buffers);
    frame_graph_execute(&graph);
}
