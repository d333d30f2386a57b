// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 29
// A job queue (taskq.h): the frame pushes tasks into a fixed ring and the
// worker pops and executes them in order, one switch on the task's kind.
// The upload chain fills a staging buffer, copies it into a device buffer
// and copies that into the readback buffer.  The barrier task between the
// fill and the first copy is there; the one between the two copies was
// never pushed, so the second copy reads what the first wrote unordered.
#include "taskq.h"

#define BYTES 1024

static struct taskq queue;

static void execute(const struct task *task, VkCommandBuffer cmd)
{
    switch (task->kind) {
    case TASK_FILL:
        vkCmdFillBuffer(cmd, task->dst, task->dst_offset, task->size, task->value);
        break;
    case TASK_BARRIER: {
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                   .srcAccessMask = task->src_access,
                                   .dstAccessMask = task->dst_access};
        vkCmdPipelineBarrier(cmd, task->src_stage, task->dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
        break;
    }
    case TASK_COPY: {
        VkBufferCopy region = {task->src_offset, task->dst_offset, task->size};
        vkCmdCopyBuffer(cmd, task->src, task->dst, 1, &region);
        break;
    }
    default:
        fprintf(stderr, "task %u: kind %d not handled\n", task->id, (int)task->kind);
        break;
    }
}

static void worker(struct taskq *q, VkCommandBuffer cmd)
{
    struct task *task;

    while ((task = taskq_pop(q)) != NULL)
        execute(task, cmd);
}

static void transfer_barrier(VkAccessFlags dst_access, VkPipelineStageFlags dst_stage)
{
    taskq_push(&queue, (struct task){.kind = TASK_BARRIER,
                                     .src_stage = VK_PIPELINE_STAGE_TRANSFER_BIT,
                                     .src_access = VK_ACCESS_TRANSFER_WRITE_BIT,
                                     .dst_stage = dst_stage,
                                     .dst_access = dst_access});
}

int main(void)
{
    struct lite ctx;
    VkBuffer staging, device, readback;
    VkDeviceMemory memory[3];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &device, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &readback, &memory[2]) != VK_SUCCESS)
        return 1;

    taskq_push(&queue, (struct task){.kind = TASK_FILL, .dst = staging, .size = BYTES, .value = 0x2a2a2a2a});
    transfer_barrier(VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
    taskq_push(&queue, (struct task){.kind = TASK_COPY, .src = staging, .dst = device, .size = BYTES});
    taskq_push(&queue, (struct task){.kind = TASK_COPY, .src = device, .dst = readback, .size = BYTES});
    transfer_barrier(VK_ACCESS_HOST_READ_BIT, VK_PIPELINE_STAGE_HOST_BIT);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    worker(&queue, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u tasks executed\n", queue.pushed);
    return 0;
}
