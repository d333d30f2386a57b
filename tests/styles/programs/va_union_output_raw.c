// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 64
// Per-pass parameters in a union, one struct per kind of pass, with a
// member `out` that every struct is meant to begin like: the buffer the
// pass writes comes first, so the generic code reads it as
// pass->u.out.target whatever the kind (C11 6.5.2.3p6, a common initial
// sequence).  After each pass the frame puts a buffer barrier on that
// buffer.  The copy pass's struct was written source first, so
// u.out.target of a copy is its source: the barrier after the first copy
// covers the buffer it read, not the one it wrote, and the second copy
// reads that one unordered.
#include "lite.h"

#define BYTES 4096

enum pass_kind { PASS_FILL, PASS_COPY };

struct pass {
    enum pass_kind kind;
    const char *name;
    union {
        struct {
            VkBuffer target; /* written */
        } out;
        struct {
            VkBuffer target;
            VkDeviceSize size;
            uint32_t value;
        } fill;
        struct {
            VkBuffer source;
            VkBuffer target;
            VkDeviceSize size;
        } copy;
    } u;
};

static void after(VkCommandBuffer cmd, const struct pass *pass, VkPipelineStageFlags dst_stage,
                  VkAccessFlags dst_access)
{
    VkBufferMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = dst_access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = pass->u.out.target,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, dst_stage, 0, 0, NULL, 1, &barrier, 0, NULL);
}

static void run(VkCommandBuffer cmd, const struct pass *passes, int count)
{
    for (int i = 0; i < count; i++) {
        const struct pass *p = &passes[i];

        switch (p->kind) {
        case PASS_FILL:
            vkCmdFillBuffer(cmd, p->u.fill.target, 0, p->u.fill.size, p->u.fill.value);
            break;
        case PASS_COPY: {
            VkBufferCopy region = {0, 0, p->u.copy.size};
            vkCmdCopyBuffer(cmd, p->u.copy.source, p->u.copy.target, 1, &region);
            break;
        }
        }
        if (i + 1 < count)
            after(cmd, p, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        else
            after(cmd, p, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    }
}

int main(void)
{
    struct lite ctx;
    VkBuffer noise, blurred, readback;
    VkDeviceMemory memory[3];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &noise, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &blurred, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &readback, &memory[2]) != VK_SUCCESS)
        return 1;

    const struct pass passes[] = {
        {PASS_FILL, "noise", .u.fill = {.target = noise, .size = BYTES, .value = 0x5a5a5a5a}},
        {PASS_COPY, "blur", .u.copy = {.source = noise, .target = blurred, .size = BYTES}},
        {PASS_COPY, "readback", .u.copy = {.source = blurred, .target = readback, .size = BYTES}},
    };

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    run(cmd, passes, (int)(sizeof passes / sizeof passes[0]));
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%zu passes\n", sizeof passes / sizeof passes[0]);
    return 0;
}
