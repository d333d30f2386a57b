// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 86
// Per-item loop in the manner of Mesa's WSI present: each item ("swapchain")
// is rendered into its own buffer and submitted with its own command buffer
// and fence; every call's result is checked and a failure jumps to
// `next_item`, at the end of the loop body, and records that item's result.
// An item whose memory is not host visible on its own needs a "prime blit":
// after a barrier its buffer is copied to the linear buffer, one for all
// items.  The table makes items 0 and 2 such items; the loop submits each
// item and waits for all the fences only after the loop, so item 2's copy
// into the linear buffer may run while item 0's still writes it.
#include "lite.h"

#define SIZE 4096
#define N_ITEMS 3

struct item {
    uint32_t value;
    int use_prime_blit;
    VkBuffer buffer;
    VkDeviceMemory buffer_mem;
    VkCommandBuffer cmd;
    VkFence fence;
};

static const struct { uint32_t value; int use_prime_blit; } item_desc[N_ITEMS] = {
    {0x11111111u, 1},
    {0x22222222u, 0},
    {0x33333333u, 1},
};

int main(void)
{
    struct lite l;
    struct item items[N_ITEMS];
    VkFence fences[N_ITEMS];
    VkBuffer linear;
    VkDeviceMemory linear_mem;
    VkResult results[N_ITEMS];
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&l) != 0)
        return 1;
    if (lite_buffer(&l, SIZE, usage, &linear, &linear_mem) != VK_SUCCESS)
        return 1;
    for (uint32_t i = 0; i < N_ITEMS; i++) {
        struct item *it = &items[i];
        it->value = item_desc[i].value;
        it->use_prime_blit = item_desc[i].use_prime_blit;
        if (lite_buffer(&l, SIZE, usage, &it->buffer, &it->buffer_mem) != VK_SUCCESS ||
            lite_alloc(&l, 1, &it->cmd) != VK_SUCCESS)
            return 1;
        VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        if (vkCreateFence(l.device, &fci, NULL, &it->fence) != VK_SUCCESS)
            return 1;
        fences[i] = it->fence;
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
            VkBufferMemoryBarrier rendered = {
                .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .buffer = it->buffer,
                .size = VK_WHOLE_SIZE,
            };
            vkCmdPipelineBarrier(it->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &rendered,
                                 0, NULL);
            VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = SIZE};
            vkCmdCopyBuffer(it->cmd, it->buffer, linear, 1, &region);
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

    next_item:
        results[i] = res;
    }

    if (vkWaitForFences(l.device, N_ITEMS, fences, VK_TRUE, UINT64_MAX) != VK_SUCCESS)
        return 1;
    int failed = 0;
    for (uint32_t i = 0; i < N_ITEMS; i++)
        if (results[i] != VK_SUCCESS)
            failed = 1;

    vkDeviceWaitIdle(l.device);
    for (uint32_t i = 0; i < N_ITEMS; i++) {
        struct item *it = &items[i];
        vkDestroyFence(l.device, it->fence, NULL);
        vkFreeCommandBuffers(l.device, l.pool, 1, &it->cmd);
        vkDestroyBuffer(l.device, it->buffer, NULL);
        vkFreeMemory(l.device, it->buffer_mem, NULL);
    }
    vkDestroyBuffer(l.device, linear, NULL);
    vkFreeMemory(l.device, linear_mem, NULL);
    vkDestroyCommandPool(l.device, l.pool, NULL);
    vkDestroyDevice(l.device, NULL);
    vkDestroyInstance(l.instance, NULL);
    return failed;
}
