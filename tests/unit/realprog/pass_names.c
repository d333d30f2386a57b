/* A blur's two passes find their targets by name, the name built from a
   template: "blur_h" copied into a buffer, its last letter changed to 'v'
   for the vertical pass.  The vertical pass clears its target, and the
   resolve copies out of "blur_v"; without the barrier the copy reads what
   the clear wrote. */
#include <string.h>
#include <vulkan/vulkan.h>

struct target { const char *name; VkBuffer buffer; };
static struct target targets[2];

static VkBuffer find_target(const char *name)
{
    for (int i = 0; i < 2; i++)
        if (targets[i].name && strcmp(targets[i].name, name) == 0)
            return targets[i].buffer;
    return VK_NULL_HANDLE;
}

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *h, VkBuffer *v, VkBuffer *out);

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer h, v, out;
    if (gpu_open(&cb, &h, &v, &out))
        return 1;
    targets[0] = (struct target){"blur_h", h};
    targets[1] = (struct target){"blur_v", v};

    char pass[] = "blur_h";
    pass[5] = 'v';
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    vkCmdFillBuffer(cb, find_target(pass), 0, 1024, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
#endif
    VkBufferCopy r = {0, 0, 1024};
    vkCmdCopyBuffer(cb, find_target("blur_v"), out, 1, &r);
    vkEndCommandBuffer(cb);
    return 0;
}
