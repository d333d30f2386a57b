/* A compositor output in the style of a Wayland compositor's backend: the
   scan-out target is reallocated when the mode or the scale changes, both
   through output_alloc_target(), and every frame clears the target and
   reads it back for a screenshot.  Without -DWITH_BARRIER the copy reads
   the target right after the clear, with no barrier between them. */
#include <stddef.h>
#include <vulkan/vulkan.h>

enum output_event { OUTPUT_EVENT_NONE, OUTPUT_EVENT_MODE, OUTPUT_EVENT_SCALE };

struct output {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkFence frame_done;
    VkBuffer target;
    VkBuffer screenshot;
    VkDeviceSize target_size;
};

/* from the windowing side, not analysed */
enum output_event output_next_event(struct output *output);
VkDeviceSize output_mode_bytes(struct output *output);

static void output_alloc_target(struct output *output)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = output->target_size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    vkCreateBuffer(output->device, &info, NULL, &output->target);
}

static void output_set_mode(struct output *output)
{
    vkDeviceWaitIdle(output->device);
    vkDestroyBuffer(output->device, output->target, NULL);
    output->target_size = output_mode_bytes(output);
    output_alloc_target(output);
}

static void output_set_scale(struct output *output)
{
    vkDeviceWaitIdle(output->device);
    vkDestroyBuffer(output->device, output->target, NULL);
    output_alloc_target(output);
}

static void output_frame(struct output *output)
{
    vkWaitForFences(output->device, 1, &output->frame_done, VK_TRUE, UINT64_MAX);
    vkResetFences(output->device, 1, &output->frame_done);

    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(output->cmd, &begin);
    vkCmdFillBuffer(output->cmd, output->target, 0, VK_WHOLE_SIZE, 0);
#ifdef WITH_BARRIER
    VkBufferMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = output->target,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(output->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &cleared, 0, NULL);
#endif
    VkBufferCopy whole = {.size = 4096};
    vkCmdCopyBuffer(output->cmd, output->target, output->screenshot, 1, &whole);
    vkEndCommandBuffer(output->cmd);

    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &output->cmd,
    };
    vkQueueSubmit(output->queue, 1, &submit, output->frame_done);
}

void output_run(struct output *output, int frames)
{
    output->target_size = 1 << 20;
    output_alloc_target(output);
    for (int frame = 0; frame < 8; frame++) {
        switch (output_next_event(output)) {
        case OUTPUT_EVENT_MODE:
            output_set_mode(output);
            break;
        case OUTPUT_EVENT_SCALE:
            output_set_scale(output);
            break;
        default:
            break;
        }
        output_frame(output);
    }
    (void)frames;
}
