// EXPECT: clean
// A job queue (taskq.h) drained in batches: the frame pushes one batch of
// tasks, lets the worker drain the ring, then pushes the next batch, so
// the ring's head and tail wrap past its eight slots in the second batch.
// The worker pops tasks with a for (;;) loop and executes each through a
// switch.  The first batch initialises two buffers and copies the source
// into the destination; the second starts with a barrier task that waits
// for those copies before it refills the first half of the source for the
// readback.
#include "taskq.h"

#define BYTES 1024
#define HALF (BYTES / 2)

struct frame {
    struct taskq queue;
    VkCommandBuffer cmd;
    unsigned executed;
};

static void execute(struct frame *f, const struct task *task)
{
    switch (task->kind) {
    case TASK_BARRIER: {
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                   .srcAccessMask = task->src_access,
                                   .dstAccessMask = task->dst_access};
        vkCmdPipelineBarrier(f->cmd, task->src_stage, task->dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
        break;
    }
    case TASK_FILL:
        vkCmdFillBuffer(f->cmd, task->dst, task->dst_offset, task->size, task->value);
        break;
    case TASK_COPY: {
        VkBufferCopy region = {task->src_offset, task->dst_offset, task->size};
        vkCmdCopyBuffer(f->cmd, task->src, task->dst, 1, &region);
        break;
    }
    default:
        return;
    }
    f->executed++;
}

static void drain(struct frame *f)
{
    for (;;) {
        struct task *task = taskq_pop(&f->queue);
        if (!task)
            break;
        execute(f, task);
    }
}

static struct task barrier_task(VkAccessFlags src_access, VkAccessFlags dst_access, VkPipelineStageFlags dst_stage)
{
    struct task t = {.kind = TASK_BARRIER};

    t.src_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    t.src_access = src_access;
    t.dst_stage = dst_stage;
    t.dst_access = dst_access;
    return t;
}

static struct task fill_task(VkBuffer dst, VkDeviceSize offset, VkDeviceSize size, uint32_t value)
{
    return (struct task){.kind = TASK_FILL, .dst = dst, .dst_offset = offset, .size = size, .value = value};
}

static struct task copy_task(VkBuffer src, VkDeviceSize src_offset, VkBuffer dst, VkDeviceSize dst_offset,
                             VkDeviceSize size)
{
    return (struct task){.kind = TASK_COPY, .src = src, .src_offset = src_offset,
                         .dst = dst, .dst_offset = dst_offset, .size = size};
}

int main(void)
{
    struct lite ctx;
    struct frame frame = {0};
    VkBuffer source, dest, readback;
    VkDeviceMemory memory[3];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &source, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &dest, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, HALF, usage, &readback, &memory[2]) != VK_SUCCESS)
        return 1;
    if (lite_alloc(&ctx, 1, &frame.cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(frame.cmd, &begin);

    /* batch 1: five tasks, head and tail end at slot 5 */
    taskq_push(&frame.queue, fill_task(source, 0, BYTES, 1));
    taskq_push(&frame.queue, fill_task(dest, 0, BYTES, 0));
    taskq_push(&frame.queue, barrier_task(VK_ACCESS_TRANSFER_WRITE_BIT,
                                          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                                          VK_PIPELINE_STAGE_TRANSFER_BIT));
    taskq_push(&frame.queue, copy_task(source, 0, dest, 0, HALF));
    taskq_push(&frame.queue, copy_task(source, HALF, dest, HALF, HALF));
    drain(&frame);

    /* batch 2: wraps to slots 5, 6, 7, 0, 1 */
    taskq_push(&frame.queue, barrier_task(0, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT));
    taskq_push(&frame.queue, fill_task(source, 0, HALF, 7));
    taskq_push(&frame.queue, barrier_task(VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                          VK_PIPELINE_STAGE_TRANSFER_BIT));
    taskq_push(&frame.queue, copy_task(source, 0, readback, 0, HALF));
    taskq_push(&frame.queue, barrier_task(VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT,
                                          VK_PIPELINE_STAGE_HOST_BIT));
    drain(&frame);

    vkEndCommandBuffer(frame.cmd);
    if (lite_submit(&ctx, 1, &frame.cmd) != VK_SUCCESS)
        return 1;
    printf("%u of %u tasks executed\n", frame.executed, frame.queue.pushed);
    return 0;
}
