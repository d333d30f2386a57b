// EXPECT: clean
// kh_foreach_reset_war fixed: the resets wait for the snapshot copies
// (a barrier from the copies' stage between the two walks; a
// write-after-read needs only the execution dependency).
#include "lite.h"
#include "khmini.h"

#define BYTES 256
#define SLOTS 5

struct gpu_buf {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint32_t slot;
};

KHASH_MAP_INIT_INT(cb, struct gpu_buf)

static void transfer_barrier(VkCommandBuffer cmd, VkAccessFlags dst_access)
{
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = dst_access};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                         NULL);
}

int main(void)
{
    static const uint32_t bindings[SLOTS] = {3, 11, 6, 1, 9};
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    struct lite ctx;
    VkBuffer capture;
    VkDeviceMemory capture_memory;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES * SLOTS, usage, &capture, &capture_memory) != VK_SUCCESS)
        return 1;
    kh_t(cb) *constants = kh_init(cb);
    if (!constants)
        return 1;
    for (int i = 0; i < SLOTS; i++) {
        int ret;
        khint_t k = kh_put(cb, constants, bindings[i], &ret);
        if (ret <= 0)
            return 1;
        kh_val(constants, k).slot = bindings[i];
        if (lite_buffer(&ctx, BYTES, usage, &kh_val(constants, k).buffer, &kh_val(constants, k).memory) !=
            VK_SUCCESS)
            return 1;
    }

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    struct gpu_buf b;
    kh_foreach_value(constants, b, {
        vkCmdFillBuffer(cmd, b.buffer, 0, BYTES, b.slot);
    });
    transfer_barrier(cmd, VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = BYTES};
    kh_foreach_value(constants, b, {
        vkCmdCopyBuffer(cmd, b.buffer, capture, 1, &region);
        region.dstOffset += BYTES;
    });
    transfer_barrier(cmd, 0);
    kh_foreach_value(constants, b, {
        vkCmdFillBuffer(cmd, b.buffer, 0, BYTES, 0);
    });
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u constant buffers, %u buckets\n", kh_size(constants), kh_end(constants));
    kh_destroy(cb, constants);
    return 0;
}
