// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 37
// A job queue (taskq.h) with image tasks, pushed through a variadic macro
// that takes the task's designated initializers (PUSH(.kind = ..., ...)).
// The frame clears an image in GENERAL, transitions it for a copy into a
// readback buffer and copies it out.  The transition task was written by
// copying the first one: its source stage is still TOP_OF_PIPE with no
// access, so the layout transition does not wait for the clear.
#include "taskq.h"

#define SIZE 32

static struct taskq tasks;

#define PUSH(...) taskq_push(&tasks, (struct task){__VA_ARGS__})

static void execute(const struct task *task, VkCommandBuffer cmd)
{
    static const VkImageSubresourceRange colour = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};

    switch (task->kind) {
    case TASK_CLEAR_IMAGE: {
        VkClearColorValue value;
        memcpy(value.float32, task->colour, sizeof value.float32);
        vkCmdClearColorImage(cmd, task->image, VK_IMAGE_LAYOUT_GENERAL, &value, 1, &colour);
        break;
    }
    case TASK_TRANSITION: {
        VkImageMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                        .srcAccessMask = task->src_access,
                                        .dstAccessMask = task->dst_access,
                                        .oldLayout = task->old_layout,
                                        .newLayout = task->new_layout,
                                        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                        .image = task->image,
                                        .subresourceRange = colour};
        vkCmdPipelineBarrier(cmd, task->src_stage, task->dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
        break;
    }
    case TASK_IMAGE_TO_BUFFER: {
        VkBufferImageCopy region = {.bufferOffset = task->dst_offset,
                                    .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                    .imageExtent = {SIZE, SIZE, 1}};
        vkCmdCopyImageToBuffer(cmd, task->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, task->dst, 1, &region);
        break;
    }
    case TASK_BARRIER: {
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                   .srcAccessMask = task->src_access,
                                   .dstAccessMask = task->dst_access};
        vkCmdPipelineBarrier(cmd, task->src_stage, task->dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
        break;
    }
    default:
        break;
    }
}

int main(void)
{
    struct lite ctx;
    VkImage image;
    VkBuffer readback;
    VkDeviceMemory image_memory, readback_memory;
    VkCommandBuffer cmd;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_image(&ctx, SIZE, SIZE, VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                   &image, &image_memory) != VK_SUCCESS ||
        lite_buffer(&ctx, SIZE * SIZE * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &readback, &readback_memory) != VK_SUCCESS)
        return 1;

    PUSH(.kind = TASK_TRANSITION, .image = image,
         .old_layout = VK_IMAGE_LAYOUT_UNDEFINED, .new_layout = VK_IMAGE_LAYOUT_GENERAL,
         .src_stage = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, .src_access = 0,
         .dst_stage = VK_PIPELINE_STAGE_TRANSFER_BIT, .dst_access = VK_ACCESS_TRANSFER_WRITE_BIT);
    PUSH(.kind = TASK_CLEAR_IMAGE, .image = image, .colour = {0.25f, 0.5f, 0.75f, 1.0f});
    PUSH(.kind = TASK_TRANSITION, .image = image,
         .old_layout = VK_IMAGE_LAYOUT_GENERAL, .new_layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
         .src_stage = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, .src_access = 0,
         .dst_stage = VK_PIPELINE_STAGE_TRANSFER_BIT, .dst_access = VK_ACCESS_TRANSFER_READ_BIT);
    PUSH(.kind = TASK_IMAGE_TO_BUFFER, .image = image, .dst = readback);
    PUSH(.kind = TASK_BARRIER,
         .src_stage = VK_PIPELINE_STAGE_TRANSFER_BIT, .src_access = VK_ACCESS_TRANSFER_WRITE_BIT,
         .dst_stage = VK_PIPELINE_STAGE_HOST_BIT, .dst_access = VK_ACCESS_HOST_READ_BIT);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    printf("%u tasks queued\n", taskq_count(&tasks));
    for (struct task *t = taskq_pop(&tasks); t; t = taskq_pop(&tasks))
        execute(t, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    return 0;
}
