/* An uploader whose options come from a config library: when `poison` is
   on, every staging region is filled with a marker first (to catch reads
   of stale data), through one small helper called before each upload. */
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

struct uploader {
    VkDevice device;
    VkCommandBuffer cmd;
    VkBuffer staging, target, scratch;
    bool poison;
    uint32_t marker;
};

void config_read(struct uploader *u); /* another library */

static void poison(struct uploader *u, VkBuffer buffer, VkDeviceSize offset,
                   VkDeviceSize size)
{
    if (!u->poison)
        return;
    vkCmdFillBuffer(u->cmd, buffer, offset, size, u->marker);
}

static VkBuffer new_buffer(struct uploader *u, VkDeviceSize size)
{
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = size,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    VkBuffer b = VK_NULL_HANDLE;
    vkCreateBuffer(u->device, &ci, NULL, &b);
    return b;
}

void upload_all(struct uploader *u)
{
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(u->cmd, &bi);
    poison(u, u->scratch, 0, 256);
    poison(u, u->target, 0, 1024);
    poison(u, u->scratch, 256, 512);
    poison(u, u->target, 1024, 2048);
    poison(u, u->scratch, 768, 128);
    poison(u, u->target, 3072, 64);
    vkCmdUpdateBuffer(u->cmd, u->staging, 0, 64, &u->marker);
#ifdef WITH_BARRIER
    VkMemoryBarrier written = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT |
                                                VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(u->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &written, 0, NULL, 0, NULL);
#endif
    VkBufferCopy first = {.size = 64};
    vkCmdCopyBuffer(u->cmd, u->staging, u->target, 1, &first);
    vkEndCommandBuffer(u->cmd);
}

int main(void)
{
    struct uploader u = {0};
    config_read(&u);
    u.staging = new_buffer(&u, 4096);
    u.target = new_buffer(&u, 4096);
    u.scratch = new_buffer(&u, 4096);
    upload_all(&u);
    return 0;
}
