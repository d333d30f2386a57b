/* Buffers embedded in a struct and linked through an intrusive list, as
   the Linux kernel's list.h links them: each upload moves its buffer onto
   the device's dirty list, and before the readback the list is walked
   with list_for_each_entry (container_of back from each link, the walk
   ending when the link is the head again), one barrier per entry.  Four
   buffers are uploaded; the fourth upload forgets to mark its buffer, so
   its readback copy reads it unsynchronized.  The twin marks it too. */
#include <stddef.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *staging, VkBuffer *out, VkBuffer *bufs);

struct list_head {
    struct list_head *prev, *next;
};

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define list_for_each_entry(pos, head, member)                                 \
    for (pos = container_of((head)->next, __typeof__(*pos), member);           \
         &pos->member != (head);                                               \
         pos = container_of(pos->member.next, __typeof__(*pos), member))

static void list_add_tail(struct list_head *entry, struct list_head *head)
{
    entry->prev = head->prev;
    entry->next = head;
    head->prev->next = entry;
    head->prev = entry;
}

struct gpu_buffer {
    VkBuffer buffer;
    struct list_head link;
};

struct device {
    struct gpu_buffer bufs[4];
    struct list_head dirty;
};

static void upload(struct device *dev, VkCommandBuffer cb, VkBuffer staging, int i, int mark)
{
    VkBufferCopy region = {256 * (VkDeviceSize)i, 0, 256};
    vkCmdCopyBuffer(cb, staging, dev->bufs[i].buffer, 1, &region);
    if (mark)
        list_add_tail(&dev->bufs[i].link, &dev->dirty);
}

int main(void)
{
    static struct device dev;
    VkCommandBuffer cb;
    VkBuffer staging, out, bufs[4];
    if (gpu_open(&cb, &staging, &out, bufs))
        return 1;
    dev.dirty.next = dev.dirty.prev = &dev.dirty;
    for (int i = 0; i < 4; i++)
        dev.bufs[i].buffer = bufs[i];

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    for (int i = 0; i < 4; i++)
#ifdef WITH_BARRIER
        upload(&dev, cb, staging, i, 1);
#else
        upload(&dev, cb, staging, i, i < 3);
#endif
    struct gpu_buffer *b;
    list_for_each_entry(b, &dev.dirty, link) {
        VkBufferMemoryBarrier bm = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL,
                                    VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                    VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                                    b->buffer, 0, VK_WHOLE_SIZE};
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             0, 0, NULL, 1, &bm, 0, NULL);
    }
    for (int i = 0; i < 4; i++) {
        VkBufferCopy region = {0, 256 * (VkDeviceSize)i, 256};
        vkCmdCopyBuffer(cb, dev.bufs[i].buffer, out, 1, &region);
    }
    vkEndCommandBuffer(cb);
    return 0;
}
