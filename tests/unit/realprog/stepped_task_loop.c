/* A loading task stepped once a frame until it says it is done: `while
   (running) { ...; running = load_step (&task, cmd); submit; }`.  Its
   stages copy two chunks into the level buffer, one a frame, and the last
   stage reads the whole level back.  Every submission is checked, so each
   frame is a branch on its result; the loop's condition is the same at
   every test until the task is done. */
#include <vulkan/vulkan.h>

struct load_task {
    int stage;
    VkBuffer staging, level, readback;
};

static int load_step(struct load_task *t, VkCommandBuffer cmd)
{
    switch (t->stage) {
    case 0:
    case 1: {
        VkBufferCopy chunk = {t->stage * 1024u, t->stage * 1024u, 1024};
        vkCmdCopyBuffer(cmd, t->staging, t->level, 1, &chunk);
        t->stage++;
        return 1;
    }
    default: {
#ifdef WITH_BARRIER
        VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                              VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb,
                             0, NULL, 0, NULL);
#endif
        VkBufferCopy all = {0, 0, 2048};
        vkCmdCopyBuffer(cmd, t->level, t->readback, 1, &all);
        return 0;
    }
    }
}

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE; /* made by the platform layer (not shown) */
    VkQueue queue = VK_NULL_HANDLE;
    VkCommandPool pool = VK_NULL_HANDLE;
    VkCommandBuffer frames[8];
    static struct load_task task;
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 2048,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    vkCreateBuffer(dev, &bi, NULL, &task.staging);
    vkCreateBuffer(dev, &bi, NULL, &task.level);
    vkCreateBuffer(dev, &bi, NULL, &task.readback);
    VkCommandBufferAllocateInfo ai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, pool,
                                      VK_COMMAND_BUFFER_LEVEL_PRIMARY, 8};
    vkAllocateCommandBuffers(dev, &ai, frames);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    unsigned n = 0;
    int running = 1;
    while (running) {
        VkCommandBuffer cmd = frames[n % 8];
        vkBeginCommandBuffer(cmd, &begin);
        running = load_step(&task, cmd);
        vkEndCommandBuffer(cmd);
        VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
        if (vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE) != VK_SUCCESS)
            return 1;
        n++;
    }
    vkQueueWaitIdle(queue);
    return 0;
}
