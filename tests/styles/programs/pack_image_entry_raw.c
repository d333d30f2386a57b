// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 79
// An image's states packed into integers (packsync.h: stage, access and
// layout indices in bits 0-7, 8-15 and 16-23 of a uint32_t) and kept in
// the program's transition table, unpacked by transition() through the
// header's lookup arrays into one image memory barrier.  A texture is
// uploaded from a staging buffer, moved to TRANSFER_SRC_OPTIMAL and copied
// out for a checksum.  The readback state is the entry the table had when
// the texture fed a compute pass, with only its layout index changed
// (PS_COMPUTE, PA_SHADER_READ): the copy out is not in the second scope of
// the barrier whose layout transition it must follow.
#include "packsync.h"

#define SIZE 16
#define BYTES (SIZE * SIZE * 4)

enum { TEX_UNDEFINED, TEX_UPLOAD, TEX_READBACK, TEX_STATES };

static const uint32_t tex_state[TEX_STATES] = {
    [TEX_UNDEFINED] = PACK(PS_TOP, PA_NONE, PL_UNDEFINED),
    [TEX_UPLOAD] = PACK(PS_TRANSFER, PA_TRANSFER_WRITE, PL_TRANSFER_DST),
    [TEX_READBACK] = PACK(PS_COMPUTE, PA_SHADER_READ, PL_TRANSFER_SRC),
};

static void transition(VkCommandBuffer cmd, VkImage image, uint32_t from, uint32_t to)
{
    const uint32_t s0 = from & PACK_FIELD, a0 = from >> 8 & PACK_FIELD, l0 = from >> 16 & PACK_FIELD;
    const uint32_t s1 = to & PACK_FIELD, a1 = to >> 8 & PACK_FIELD, l1 = to >> 16 & PACK_FIELD;
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = pack_access[a0],
        .dstAccessMask = pack_access[a1],
        .oldLayout = pack_layouts[l0],
        .newLayout = pack_layouts[l1],
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, pack_stages[s0], pack_stages[s1], 0, 0, NULL, 0, NULL, 1, &b);
}

static void host_barrier(VkCommandBuffer cmd, VkBuffer buffer)
{
    const uint32_t from = PACK(PS_TRANSFER, PA_TRANSFER_WRITE, 0), to = PACK(PS_HOST, PA_HOST_READ, 0);
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = pack_access[from >> 8 & PACK_FIELD],
        .dstAccessMask = pack_access[to >> 8 & PACK_FIELD],
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buffer,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, pack_stages[from & PACK_FIELD], pack_stages[to & PACK_FIELD], 0, 0, NULL, 1, &b, 0,
                         NULL);
}

int main(void)
{
    struct pack_ctx c;
    VkImage tex;
    VkBuffer staging, readback;
    VkDeviceMemory tex_memory, staging_memory, readback_memory;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (pack_init(&c) != 0 || lite_buffer(&c.vk, BYTES, usage, &staging, &staging_memory) != VK_SUCCESS ||
        lite_buffer(&c.vk, BYTES, usage, &readback, &readback_memory) != VK_SUCCESS ||
        lite_image(&c.vk, SIZE, SIZE, VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &tex,
                   &tex_memory) != VK_SUCCESS)
        return 1;

    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {SIZE, SIZE, 1},
    };
    transition(c.cmd, tex, tex_state[TEX_UNDEFINED], tex_state[TEX_UPLOAD]);
    vkCmdCopyBufferToImage(c.cmd, staging, tex, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    transition(c.cmd, tex, tex_state[TEX_UPLOAD], tex_state[TEX_READBACK]);
    vkCmdCopyImageToBuffer(c.cmd, tex, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &region);
    host_barrier(c.cmd, readback);
    if (pack_finish(&c) != 0)
        return 1;

    uint32_t *px, sum = 0;
    if (vkMapMemory(c.vk.device, readback_memory, 0, VK_WHOLE_SIZE, 0, (void **)&px) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < SIZE * SIZE; i++)
        sum += px[i];
    printf("checksum %08x\n", sum);
    return 0;
}
