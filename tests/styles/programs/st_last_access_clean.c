// EXPECT: clean
// Function-local static state, as st_last_access_raw.c, with the cache
// kept per buffer: sync_buffer() looks the buffer up in a static table of
// {buffer, last access} (adding it on first sight) and decides from that
// buffer's own last access, so the histogram's read finds its fill.
#include "lite.h"

#define BYTES 1024
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

#define WRITE_ACCESS (VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT)

static void sync_buffer(VkCommandBuffer cmd, VkBuffer buf, VkAccessFlags access)
{
    static struct {
        VkBuffer buffer;
        VkAccessFlags last_access;
    } cache[8];
    static int cached;
    int i = 0;

    while (i < cached && cache[i].buffer != buf)
        i++;
    if (i == cached) {
        if (cached == 8)
            abort();
        cache[cached].buffer = buf;
        cache[cached++].last_access = 0;
    }
    VkAccessFlags last_access = cache[i].last_access;
    if ((last_access & WRITE_ACCESS) || ((access & WRITE_ACCESS) && last_access)) {
        VkBufferMemoryBarrier b = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = last_access,
            .dstAccessMask = access,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = buf,
            .size = VK_WHOLE_SIZE,
        };
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL,
                             1, &b, 0, NULL);
    }
    cache[i].last_access = access;
}

static VkResult make(struct lite *l, VkBuffer *buf)
{
    static VkDeviceMemory memory[8];
    static int count;
    if (count == 8)
        return VK_ERROR_OUT_OF_DEVICE_MEMORY;
    return lite_buffer(l, BYTES, USAGE, buf, &memory[count++]);
}

int main(void)
{
    struct lite ctx;
    VkBuffer palette, histogram, readback;
    VkCommandBuffer cmd;

    if (lite_init(&ctx) != 0)
        return 1;
    if (make(&ctx, &palette) != VK_SUCCESS || make(&ctx, &histogram) != VK_SUCCESS ||
        make(&ctx, &readback) != VK_SUCCESS)
        return 1;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    sync_buffer(cmd, palette, VK_ACCESS_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(cmd, palette, 0, BYTES, 0x11223344);
    sync_buffer(cmd, histogram, VK_ACCESS_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(cmd, histogram, 0, BYTES, 0);

    VkBufferCopy half = {0, 0, BYTES / 2};
    sync_buffer(cmd, palette, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(cmd, palette, readback, 1, &half);
    half.dstOffset = BYTES / 2;
    sync_buffer(cmd, histogram, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(cmd, histogram, readback, 1, &half);

    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("done\n");
    return 0;
}
