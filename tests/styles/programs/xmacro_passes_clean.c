// EXPECT: clean
// X-macros: one list of passes (name, source, destination, byte offset)
// generates an enum, a name table and one record_<pass>() function each;
// every generated function ends with the barrier that makes its copy
// visible to the next pass.
#include "lite.h"

#define SIZE 4096

#define PASS_LIST(X)                  \
    X(upload, staging, stage_a, 0)    \
    X(widen, stage_a, stage_b, 0)     \
    X(shift, stage_b, stage_c, 1024)  \
    X(readback, stage_c, result, 0)

struct chain {
    VkBuffer staging, stage_a, stage_b, stage_c, result;
};

enum pass_id {
#define X(name, src, dst, at) PASS_##name,
    PASS_LIST(X)
#undef X
    PASS_COUNT
};

static const char *const pass_names[PASS_COUNT] = {
#define X(name, src, dst, at) [PASS_##name] = #name,
    PASS_LIST(X)
#undef X
};

#define X(name, src, dst, at)                                                         \
    static void record_##name(VkCommandBuffer cmd, const struct chain *c)             \
    {                                                                                 \
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = (at),                     \
                               .size = SIZE - (at)};                                  \
        vkCmdCopyBuffer(cmd, c->src, c->dst, 1, &region);                             \
        VkBufferMemoryBarrier done = {                                                \
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,                         \
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,                            \
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,                             \
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,                           \
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,                           \
            .buffer = c->dst,                                                         \
            .offset = 0,                                                              \
            .size = VK_WHOLE_SIZE,                                                    \
        };                                                                            \
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,                     \
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &done,    \
                             0, NULL);                                                \
    }
PASS_LIST(X)
#undef X

int main(void)
{
    struct lite l;
    if (lite_init(&l) != 0)
        return 1;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct chain c;
    VkDeviceMemory mem[5];
    lite_buffer(&l, SIZE, usage, &c.staging, &mem[0]);
    lite_buffer(&l, SIZE, usage, &c.stage_a, &mem[1]);
    lite_buffer(&l, SIZE, usage, &c.stage_b, &mem[2]);
    lite_buffer(&l, SIZE, usage, &c.stage_c, &mem[3]);
    lite_buffer(&l, SIZE, usage, &c.result, &mem[4]);

    void *host;
    vkMapMemory(l.device, mem[0], 0, SIZE, 0, &host);
    memset(host, 0x11, SIZE);
    vkUnmapMemory(l.device, mem[0]);

    VkCommandBuffer cmd;
    lite_alloc(&l, 1, &cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
#define X(name, src, dst, at) record_##name(cmd, &c);
    PASS_LIST(X)
#undef X
    vkEndCommandBuffer(cmd);
    lite_submit(&l, 1, &cmd);
    printf("recorded %d passes, last %s\n", PASS_COUNT, pass_names[PASS_COUNT - 1]);
    return 0;
}
