/* The kernel's list head as a variable of its own: `static LIST_HEAD(dirty)`
   is `struct list_head dirty = { &dirty, &dirty }`, an initializer that
   takes the variable's own address, and the entries are in another
   variable, a global array.  Three fills; the walk of the dirty list puts
   a barrier on each buffer listed before the copies read them.  The third
   fill forgets to list its buffer; the twin lists it. */
#include <stddef.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *out, VkBuffer *bufs);

struct list_head {
    struct list_head *next, *prev;
};

#define LIST_HEAD(name) struct list_head name = {&(name), &(name)}
#define list_entry(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

static void list_add_tail(struct list_head *entry, struct list_head *head)
{
    entry->next = head;
    entry->prev = head->prev;
    head->prev->next = entry;
    head->prev = entry;
}

struct tracked {
    VkBuffer buffer;
    struct list_head dirty_link;
};

static struct tracked buffers[3];
static LIST_HEAD(dirty);

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer out, bufs[3];
    if (gpu_open(&cb, &out, bufs))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    for (int i = 0; i < 3; i++) {
        buffers[i].buffer = bufs[i];
        vkCmdFillBuffer(cb, bufs[i], 0, 256, 0);
#ifndef WITH_BARRIER
        if (i == 2)
            continue;
#endif
        list_add_tail(&buffers[i].dirty_link, &dirty);
    }
    for (struct list_head *l = dirty.next; l != &dirty; l = l->next) {
        struct tracked *t = list_entry(l, struct tracked, dirty_link);
        VkBufferMemoryBarrier bm = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
                                    VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                    VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                                    t->buffer, 0, VK_WHOLE_SIZE};
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             0, 0, NULL, 1, &bm, 0, NULL);
    }
    for (int i = 0; i < 3; i++) {
        VkBufferCopy region = {0, 256 * (VkDeviceSize)i, 256};
        vkCmdCopyBuffer(cb, buffers[i].buffer, out, 1, &region);
    }
    vkEndCommandBuffer(cb);
    return 0;
}
