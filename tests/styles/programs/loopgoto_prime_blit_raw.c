// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 68
// Per-item loop in the manner of Mesa's WSI present: each item ("swapchain")
// is rendered into its own buffer and submitted with its own command buffer
// and fence; every call's result is checked and a failure jumps to
// `next_item`, at the end of the loop body, and records that item's result.
// An item whose memory is not host visible on its own needs a "prime blit":
// its buffer is copied to a linear buffer.  The table makes item 1 such an
// item, so on lavapipe the copy runs for it, right after the fill that
// rendered the buffer, with no barrier between them.
#include "lite.h"

#define SIZE 4096
#define N_ITEMS 3

struct item {
    uint32_t value;
    int use_prime_blit;
    VkBuffer buffer, linear;
    VkDeviceMemory buffer_mem, linear_mem;
    VkCommandBuffer cmd;
    VkFence fence;
};

static const struct { uint32_t value; int use_prime_blit; } item_desc[N_ITEMS] = {
    {0x11111111u, 0},
    {0x22222222u, 1},
    {0x33333333u, 0},
};

int main(void)
{
    struct lite l;
    struct item items[N_ITEMS];
    VkResult results[N_ITEMS];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&l) != 0)
        return 1;
    for (uint32_t i = 0; i < N_ITEMS; i++) {
        struct item *it = &items[i];
        it->value = item_desc[i].value;
        it->use_prime_blit = item_desc[i].use_prime_blit;
        if (lite_buffer(&l, SIZE, usage, &it->buffer, &it->buffer_mem) != VK_SUCCESS ||
            lite_buffer(&l, SIZE, usage, &it->linear, &it->linear_mem) != VK_SUCCESS ||
            lite_alloc(&l, 1, &it->cmd) != VK_SUCCESS)
            return 1;
        VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        if (vkCreateFence(l.device, &fci, NULL, &it->fence) != VK_SUCCESS)
            return 1;
    }

    for (uint32_t i = 0; i < N_ITEMS; i++) {
        struct item *it = &items[i];
        VkResult res;

        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        res = vkBeginCommandBuffer(it->cmd, &begin);
        if (res != VK_SUCCESS)
            goto next_item;

        vkCmdFillBuffer(it->cmd, it->buffer, 0, SIZE, it->value);
        if (it->use_prime_blit) {
            VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = SIZE};
            vkCmdCopyBuffer(it->cmd, it->buffer, it->linear, 1, &region);
        }

        res = vkEndCommandBuffer(it->cmd);
        if (res != VK_SUCCESS)
            goto next_item;

        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &it->cmd,
        };
        res = vkQueueSubmit(l.queue, 1, &si, it->fence);
        if (res != VK_SUCCESS)
            goto next_item;

        res = vkWaitForFences(l.device, 1, &it->fence, VK_TRUE, UINT64_MAX);
        if (res != VK_SUCCESS)
            goto next_item;

    next_item:
        results[i] = res;
    }

    int failed = 0;
    for (uint32_t i = 0; i < N_ITEMS; i++)
        if (results[i] != VK_SUCCESS)
            failed = 1;

    vkDeviceWaitIdle(l.device);
    for (uint32_t i = 0; i < N_ITEMS; i++) {
        struct item *it = &items[i];
        vkDestroyFence(l.device, it->fence, NULL);
        vkFreeCommandBuffers(l.device, l.pool, 1, &it->cmd);
        vkDestroyBuffer(l.device, it->linear, NULL);
        vkFreeMemory(l.device, it->linear_mem, NULL);
        vkDestroyBuffer(l.device, it->buffer, NULL);
        vkFreeMemory(l.device, it->buffer_mem, NULL);
    }
    vkDestroyCommandPool(l.device, l.pool, NULL);
    vkDestroyDevice(l.device, NULL);
    vkDestroyInstance(l.instance, NULL);
    return failed;
}
