// EXPECT: clean
// Intrusive lists (ilist.h) with the heads as globals, as kernel and
// driver code declares them: `static LIST_HEAD(pending);` and `static
// LIST_HEAD(idle);` (each initialized with its own address), the tracked
// buffers in a global array, each linked through its `link` member.  An
// upload moves its buffer from the idle list to the pending list; before
// the readback, every pending buffer gets a barrier and goes back to the
// idle list with list_del_init / list_add_tail.  Two frames, each waited
// for: the second frame finds every buffer idle again.
#include "lite.h"
#include "ilist.h"

#define N_TRACKED 3
#define BYTES 512

struct tracked {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize offset_in_readback;
    struct list_head link;
};

static struct lite vk;
static struct tracked tracked[N_TRACKED];
static VkBuffer staging, readback;
static VkDeviceMemory staging_memory, readback_memory;
static LIST_HEAD(pending);
static LIST_HEAD(idle);

static void upload(VkCommandBuffer cmd, struct tracked *t, VkDeviceSize from)
{
    VkBufferCopy region = {from, 0, BYTES};
    vkCmdCopyBuffer(cmd, staging, t->buffer, 1, &region);
    list_del_init(&t->link);
    list_add_tail(&t->link, &pending);
}

static void settle(VkCommandBuffer cmd)
{
    struct tracked *t, *next;

    list_for_each_entry_safe(t, next, &pending, link) {
        VkBufferMemoryBarrier b = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = t->buffer,
            .size = VK_WHOLE_SIZE,
        };
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b, 0, NULL);
        list_del_init(&t->link);
        list_add_tail(&t->link, &idle);
    }
}

static void read_back(VkCommandBuffer cmd)
{
    for (struct tracked *t = tracked; t < tracked + N_TRACKED; t++) {
        VkBufferCopy region = {0, t->offset_in_readback, BYTES};
        vkCmdCopyBuffer(cmd, t->buffer, readback, 1, &region);
    }
}

int main(void)
{
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkCommandBuffer cmds[2];

    if (lite_init(&vk) != 0 ||
        lite_buffer(&vk, N_TRACKED * BYTES, usage, &staging, &staging_memory) != VK_SUCCESS ||
        lite_buffer(&vk, N_TRACKED * BYTES, usage, &readback, &readback_memory) != VK_SUCCESS)
        return 1;
    for (int i = 0; i < N_TRACKED; i++) {
        if (lite_buffer(&vk, BYTES, usage, &tracked[i].buffer, &tracked[i].memory) != VK_SUCCESS)
            return 1;
        tracked[i].offset_in_readback = (VkDeviceSize)i * BYTES;
        list_add_tail(&tracked[i].link, &idle);
    }
    if (lite_alloc(&vk, 2, cmds) != VK_SUCCESS)
        return 1;
    for (int frame = 0; frame < 2; frame++) {
        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        if (vkBeginCommandBuffer(cmds[frame], &begin) != VK_SUCCESS)
            return 1;
        for (int i = 0; i < N_TRACKED; i++)
            upload(cmds[frame], &tracked[i], (VkDeviceSize)i * BYTES);
        settle(cmds[frame]);
        read_back(cmds[frame]);
        if (vkEndCommandBuffer(cmds[frame]) != VK_SUCCESS ||
            lite_submit(&vk, 1, &cmds[frame]) != VK_SUCCESS)
            return 1;
    }
    printf("%s\n", list_empty(&pending) ? "all settled" : "pending left");
    return 0;
}
