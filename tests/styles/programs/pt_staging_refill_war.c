// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 45
// Protothreads (pt.h, Duff's device): a streaming task uploads the level's
// tiles one per frame through one small staging buffer - it writes the
// tile's words into the staging buffer with vkCmdUpdateBuffer, a barrier
// makes them visible to the copy, the copy moves them into the tile
// array, and the task yields until the next frame.  Two frames are in
// flight: the next step's vkCmdUpdateBuffer overwrites the staging buffer
// while the previous frame's copy may still be reading it; nothing orders
// the refill after that copy.
#include "pt.h"

#define TILE_WORDS 64
#define TILE_BYTES (TILE_WORDS * 4)
#define TILES 3
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

struct stream_task {
    struct pt pt;
    VkBuffer staging, tiles;
    uint32_t tile;
    uint32_t words[TILE_WORDS];
};

static void transfer_barrier(VkCommandBuffer cmd, VkBuffer buf, VkAccessFlags src, VkAccessFlags dst)
{
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = src,
        .dstAccessMask = dst,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buf,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static int stream_task(struct stream_task *t, VkCommandBuffer cmd)
{
    PT_BEGIN(&t->pt);
    for (t->tile = 0; t->tile < TILES; t->tile++) {
        for (uint32_t i = 0; i < TILE_WORDS; i++)
            t->words[i] = (t->tile << 16) | i;
        vkCmdUpdateBuffer(cmd, t->staging, 0, TILE_BYTES, t->words);
        transfer_barrier(cmd, t->staging, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        VkBufferCopy region = {0, t->tile * TILE_BYTES, TILE_BYTES};
        vkCmdCopyBuffer(cmd, t->staging, t->tiles, 1, &region);
        PT_YIELD(&t->pt);
    }
    PT_END(&t->pt);
}

int main(void)
{
    static struct lite vk;
    static struct pt_frames frames;
    static struct stream_task stream;
    VkDeviceMemory memory[2];

    if (lite_init(&vk) != 0 || pt_frames_init(&vk, &frames) != 0)
        return 1;
    if (lite_buffer(&vk, TILE_BYTES, USAGE, &stream.staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&vk, TILES * TILE_BYTES, USAGE, &stream.tiles, &memory[1]) != VK_SUCCESS)
        return 1;
    PT_INIT(&stream.pt);

    for (;;) {
        VkCommandBuffer cmd = pt_frame_begin(&vk, &frames);
        int state = stream_task(&stream, cmd);
        if (pt_frame_submit(&vk, &frames) != 0)
            return 1;
        if (state == PT_ENDED)
            break;
    }
    vkDeviceWaitIdle(vk.device);
    printf("%u tiles in %u frames\n", (unsigned)TILES, frames.number);
    return 0;
}
