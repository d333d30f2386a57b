// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 46
// A khash-style generic map (khmini.h): KHASH_MAP_INIT_INT(buf, struct
// gpu_buf) generates the map's static functions, and the frame's buffers
// are kept in it by asset id, looked up with kh_get / kh_val.  The fourth
// kh_put grows the map from four buckets to eight, rehashing the buffers
// into new arrays.  The mesh is uploaded from the staging buffer and then
// copied into the readback buffer with no barrier between the two copies.
#include "lite.h"
#include "khmini.h"

#define BYTES 1024

struct gpu_buf {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
};

KHASH_MAP_INIT_INT(buf, struct gpu_buf)

enum asset { ASSET_STAGING = 7, ASSET_MESH = 42, ASSET_READBACK = 1001, ASSET_SCRATCH = 12 };

static struct gpu_buf *lookup(kh_t(buf) *h, uint32_t id)
{
    khint_t k = kh_get(buf, h, id);
    return k == kh_end(h) ? NULL : &kh_val(h, k);
}

static int add_buffer(struct lite *ctx, kh_t(buf) *h, uint32_t id, VkDeviceSize size)
{
    int ret;
    khint_t k = kh_put(buf, h, id, &ret);
    if (ret < 0)
        return -1;
    struct gpu_buf *b = &kh_val(h, k);
    b->size = size;
    return lite_buffer(ctx, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b->buffer,
                       &b->memory) == VK_SUCCESS
               ? 0
               : -1;
}

static void copy(VkCommandBuffer cmd, const struct gpu_buf *from, const struct gpu_buf *to)
{
    VkBufferCopy region = {0, 0, from->size < to->size ? from->size : to->size};
    vkCmdCopyBuffer(cmd, from->buffer, to->buffer, 1, &region);
}

static void transfer_barrier(VkCommandBuffer cmd)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

int main(void)
{
    struct lite ctx;
    if (lite_init(&ctx) != 0)
        return 1;
    kh_t(buf) *assets = kh_init(buf);
    if (!assets || add_buffer(&ctx, assets, ASSET_STAGING, BYTES) || add_buffer(&ctx, assets, ASSET_MESH, BYTES) ||
        add_buffer(&ctx, assets, ASSET_READBACK, BYTES) || add_buffer(&ctx, assets, ASSET_SCRATCH, BYTES / 2))
        return 1;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    struct gpu_buf *staging = lookup(assets, ASSET_STAGING);
    vkCmdFillBuffer(cmd, staging->buffer, 0, VK_WHOLE_SIZE, 0x5a5a5a5au);
    transfer_barrier(cmd);
    copy(cmd, staging, lookup(assets, ASSET_MESH));
    copy(cmd, lookup(assets, ASSET_MESH), lookup(assets, ASSET_READBACK));
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u buffers in %u buckets\n", kh_size(assets), kh_end(assets));
    kh_destroy(buf, assets);
    return 0;
}
