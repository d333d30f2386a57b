// EXPECT: clean
// Run-time sized barrier arrays on the stack.  The frame's uploads note
// the buffers they write in a dirty set, a struct with a flexible array
// member malloc'ed for as many buffers as the frame may touch; before the
// readback, flush_dirty() records one buffer barrier per dirty buffer.
// Its array was a variable-length array, `VkBufferMemoryBarrier
// bars[dirty->count];`, until the build turned on -Wvla; it is an alloca()
// now, and the barrier command is given the dirty set's count.
#include <alloca.h>

#include "lite.h"

#define TABLE_WORDS 64

struct dirty_set {
    uint32_t count, capacity;
    VkBuffer buffers[];
};

static struct dirty_set *dirty_new(uint32_t capacity)
{
    struct dirty_set *d = malloc(sizeof *d + capacity * sizeof d->buffers[0]);
    if (!d)
        abort();
    d->count = 0;
    d->capacity = capacity;
    return d;
}

static void dirty_add(struct dirty_set *d, VkBuffer buffer)
{
    for (uint32_t i = 0; i < d->count; i++)
        if (d->buffers[i] == buffer)
            return;
    if (d->count < d->capacity)
        d->buffers[d->count++] = buffer;
}

static void upload(VkCommandBuffer cmd, struct dirty_set *dirty, VkBuffer dst, const uint32_t *words)
{
    vkCmdUpdateBuffer(cmd, dst, 0, TABLE_WORDS * sizeof words[0], words);
    dirty_add(dirty, dst);
}

static void flush_dirty(VkCommandBuffer cmd, struct dirty_set *dirty)
{
    VkBufferMemoryBarrier *bars = alloca(dirty->count * sizeof *bars);

    for (uint32_t i = 0; i < dirty->count; i++)
        bars[i] = (VkBufferMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = dirty->buffers[i],
            .offset = 0,
            .size = VK_WHOLE_SIZE,
        };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL,
                         dirty->count, bars, 0, NULL);
    dirty->count = 0;
}

int main(void)
{
    struct lite ctx;
    enum { TABLES = 3 };
    VkBuffer tables[TABLES], readback;
    VkDeviceMemory table_memory[TABLES], readback_memory;
    uint32_t words[TABLES][TABLE_WORDS];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    for (uint32_t t = 0; t < TABLES; t++)
        if (lite_buffer(&ctx, sizeof words[t], usage, &tables[t], &table_memory[t]) != VK_SUCCESS)
            return 1;
    if (lite_buffer(&ctx, sizeof words, usage, &readback, &readback_memory) != VK_SUCCESS ||
        lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    struct dirty_set *dirty = dirty_new(TABLES);
    for (uint32_t t = 0; t < TABLES; t++)
        for (uint32_t w = 0; w < TABLE_WORDS; w++)
            words[t][w] = t << 16 | w;

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    for (uint32_t t = 0; t < TABLES; t++)
        upload(cmd, dirty, tables[t], words[t]);
    flush_dirty(cmd, dirty);
    for (uint32_t t = 0; t < TABLES; t++) {
        VkBufferCopy region = {.srcOffset = 0, .dstOffset = t * sizeof words[t], .size = sizeof words[t]};
        vkCmdCopyBuffer(cmd, tables[t], readback, 1, &region);
    }
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%d tables read back\n", TABLES);
    free(dirty);
    return 0;
}
