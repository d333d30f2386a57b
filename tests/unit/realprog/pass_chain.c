/* Passes in a calloc'ed singly linked list, built once and walked every
   frame through function pointers, with two frames recorded and submitted
   back to back on one queue.  Each frame's clear and copy write the bytes
   the previous frame's clear and copy wrote: without waiting for the
   previous frame (here a vkQueueWaitIdle after each submission), both are
   write-after-writes across the two submissions. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct pass {
    struct pass *next;
    void (*record)(VkCommandBuffer cmd, VkBuffer buf);
};

static void clear_pass(VkCommandBuffer cmd, VkBuffer buf)
{
    vkCmdFillBuffer(cmd, buf, 0, 256, 0);
}

static void mirror_pass(VkCommandBuffer cmd, VkBuffer buf)
{
    VkBufferCopy r = {512, 256, 256};
    vkCmdCopyBuffer(cmd, buf, buf, 1, &r);
}

static struct pass *pass_add(struct pass **tail, void (*record)(VkCommandBuffer, VkBuffer))
{
    struct pass *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->record = record;
    *tail = p;
    return p;
}

extern int gpu_open(VkQueue *queue, VkCommandBuffer frames[2], VkBuffer *buf);

int main(void)
{
    VkQueue queue;
    VkCommandBuffer frames[2];
    VkBuffer buf;
    if (gpu_open(&queue, frames, &buf))
        return 1;
    struct pass *head = NULL;
    struct pass *last = pass_add(&head, clear_pass);
    pass_add(&last->next, mirror_pass);

    for (int f = 0; f < 2; f++) {
        VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(frames[f], &bi);
        for (struct pass *p = head; p; p = p->next)
            p->record(frames[f], buf);
        vkEndCommandBuffer(frames[f]);
        VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
        si.commandBufferCount = 1;
        si.pCommandBuffers = &frames[f];
        vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE);
#ifdef WITH_BARRIER
        vkQueueWaitIdle(queue);
#endif
    }
    return 0;
}
