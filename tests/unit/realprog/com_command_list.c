/* A COM-style command list in the manner of vkd3d: each method gets the
   interface pointer and finds its object with CONTAINING_RECORD, the
   command buffer it records into a member of that object.  Without
   -DWITH_BARRIER the copy reads the upload buffer right after the clear. */
#include <stddef.h>
#include <vulkan/vulkan.h>

typedef struct ID3D12CommandList ID3D12CommandList;
struct ID3D12CommandListVtbl {
    void (*ClearAndCopy)(ID3D12CommandList *iface, VkBuffer upload, VkBuffer dst);
};
struct ID3D12CommandList {
    const struct ID3D12CommandListVtbl *lpVtbl;
};

struct d3d12_command_list {
    ID3D12CommandList ID3D12CommandList_iface;
    unsigned refcount;
    VkCommandBuffer vk_command_buffer;
};

#define CONTAINING_RECORD(address, type, field) \
    ((type *)((char *)(address) - offsetof(type, field)))

static struct d3d12_command_list *impl_from_ID3D12CommandList(ID3D12CommandList *iface)
{
    return CONTAINING_RECORD(iface, struct d3d12_command_list, ID3D12CommandList_iface);
}

static void d3d12_command_list_ClearAndCopy(ID3D12CommandList *iface, VkBuffer upload,
                                            VkBuffer dst)
{
    struct d3d12_command_list *list = impl_from_ID3D12CommandList(iface);
    vkCmdFillBuffer(list->vk_command_buffer, upload, 0, 512, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(list->vk_command_buffer, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.size = 512};
    vkCmdCopyBuffer(list->vk_command_buffer, upload, dst, 1, &region);
}

static const struct ID3D12CommandListVtbl d3d12_command_list_vtbl = {
    d3d12_command_list_ClearAndCopy,
};

void d3d12_command_list_init(struct d3d12_command_list *list, VkCommandBuffer cmd)
{
    list->ID3D12CommandList_iface.lpVtbl = &d3d12_command_list_vtbl;
    list->refcount = 1;
    list->vk_command_buffer = cmd;
}
