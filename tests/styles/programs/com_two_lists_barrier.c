// EXPECT: clean
// COM-style objects, as in Wine's vkd3d: an ICommandList interface (a
// pointer to a const vtable) embedded in struct command_list, which keeps
// the VkCommandBuffer; each method receives the interface pointer and finds
// its object with CONTAINING_RECORD.  The list is recorded through the
// vtable and executed by an ICommandQueue.  The host writes the upload
// buffer; the first list copies it to the destination, the second refills it
// for the next upload, and both lists go to one ExecuteCommandLists (one
// vkQueueSubmit); the second list begins with a ResourceBarrier (transfer
// read to transfer write on the upload buffer) before the fill.
#include <stddef.h>
#include "lite.h"

#define CONTAINING_RECORD(p, type, field) ((type *)((char *)(p) - offsetof(type, field)))
#define SIZE 4096

typedef struct ICommandList ICommandList;
typedef struct ICommandListVtbl {
    uint32_t (*Release)(ICommandList *iface);
    void (*FillBuffer)(ICommandList *iface, VkBuffer dst, VkDeviceSize size, uint32_t value);
    void (*CopyBufferRegion)(ICommandList *iface, VkBuffer dst, VkBuffer src, VkDeviceSize size);
    void (*ResourceBarrier)(ICommandList *iface, VkBuffer buffer, VkAccessFlags before,
                            VkAccessFlags after);
    VkResult (*Close)(ICommandList *iface);
} ICommandListVtbl;
struct ICommandList { const ICommandListVtbl *lpVtbl; };

struct command_list {
    ICommandList ICommandList_iface;
    uint32_t refcount;
    struct lite *device;
    VkCommandBuffer vk_command_buffer;
};

static struct command_list *impl_from_ICommandList(ICommandList *iface)
{
    return CONTAINING_RECORD(iface, struct command_list, ICommandList_iface);
}

static uint32_t command_list_Release(ICommandList *iface)
{
    struct command_list *list = impl_from_ICommandList(iface);
    uint32_t refcount = --list->refcount;
    if (!refcount) {
        vkFreeCommandBuffers(list->device->device, list->device->pool, 1,
                             &list->vk_command_buffer);
        free(list);
    }
    return refcount;
}

static void command_list_FillBuffer(ICommandList *iface, VkBuffer dst, VkDeviceSize size,
                                    uint32_t value)
{
    struct command_list *list = impl_from_ICommandList(iface);
    vkCmdFillBuffer(list->vk_command_buffer, dst, 0, size, value);
}

static void command_list_CopyBufferRegion(ICommandList *iface, VkBuffer dst, VkBuffer src,
                                          VkDeviceSize size)
{
    struct command_list *list = impl_from_ICommandList(iface);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = size};
    vkCmdCopyBuffer(list->vk_command_buffer, src, dst, 1, &region);
}

static void command_list_ResourceBarrier(ICommandList *iface, VkBuffer buffer,
                                         VkAccessFlags before, VkAccessFlags after)
{
    struct command_list *list = impl_from_ICommandList(iface);
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = before,
        .dstAccessMask = after,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(list->vk_command_buffer, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &barrier, 0, NULL);
}

static VkResult command_list_Close(ICommandList *iface)
{
    struct command_list *list = impl_from_ICommandList(iface);
    return vkEndCommandBuffer(list->vk_command_buffer);
}

static const ICommandListVtbl command_list_vtbl = {
    command_list_Release,
    command_list_FillBuffer,
    command_list_CopyBufferRegion,
    command_list_ResourceBarrier,
    command_list_Close,
};

static VkResult command_list_create(struct lite *device, ICommandList **out)
{
    struct command_list *list = calloc(1, sizeof(*list));
    VkResult vr;
    if (!list)
        return VK_ERROR_OUT_OF_HOST_MEMORY;
    list->ICommandList_iface.lpVtbl = &command_list_vtbl;
    list->refcount = 1;
    list->device = device;
    if ((vr = lite_alloc(device, 1, &list->vk_command_buffer)) != VK_SUCCESS) {
        free(list);
        return vr;
    }
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(list->vk_command_buffer, &begin);
    *out = &list->ICommandList_iface;
    return VK_SUCCESS;
}

/* The queue takes the lists' command buffers in one vkQueueSubmit. */
static VkResult queue_ExecuteCommandLists(struct lite *device, uint32_t count,
                                          ICommandList *const *lists)
{
    VkCommandBuffer buffers[4];
    for (uint32_t i = 0; i < count; i++)
        buffers[i] = impl_from_ICommandList(lists[i])->vk_command_buffer;
    return lite_submit(device, count, buffers);
}

int main(void)
{
    struct lite l;
    VkBuffer upload, dst;
    VkDeviceMemory upload_mem, dst_mem;
    ICommandList *lists[2];
    void *host;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&l) != 0)
        return 1;
    if (lite_buffer(&l, SIZE, usage, &upload, &upload_mem) != VK_SUCCESS ||
        lite_buffer(&l, SIZE, usage, &dst, &dst_mem) != VK_SUCCESS)
        return 1;
    if (vkMapMemory(l.device, upload_mem, 0, SIZE, 0, &host) != VK_SUCCESS)
        return 1;
    memset(host, 0x3c, SIZE);
    vkUnmapMemory(l.device, upload_mem);
    if (command_list_create(&l, &lists[0]) != VK_SUCCESS ||
        command_list_create(&l, &lists[1]) != VK_SUCCESS)
        return 1;

    lists[0]->lpVtbl->CopyBufferRegion(lists[0], dst, upload, SIZE);
    if (lists[0]->lpVtbl->Close(lists[0]) != VK_SUCCESS)
        return 1;
    lists[1]->lpVtbl->ResourceBarrier(lists[1], upload, VK_ACCESS_TRANSFER_READ_BIT,
                                      VK_ACCESS_TRANSFER_WRITE_BIT);
    lists[1]->lpVtbl->FillBuffer(lists[1], upload, SIZE, 0);
    if (lists[1]->lpVtbl->Close(lists[1]) != VK_SUCCESS)
        return 1;
    if (queue_ExecuteCommandLists(&l, 2, lists) != VK_SUCCESS)
        return 1;

    lists[1]->lpVtbl->Release(lists[1]);
    lists[0]->lpVtbl->Release(lists[0]);
    vkDestroyBuffer(l.device, dst, NULL);
    vkFreeMemory(l.device, dst_mem, NULL);
    vkDestroyBuffer(l.device, upload, NULL);
    vkFreeMemory(l.device, upload_mem, NULL);
    vkDestroyCommandPool(l.device, l.pool, NULL);
    vkDestroyDevice(l.device, NULL);
    vkDestroyInstance(l.instance, NULL);
    return 0;
}
