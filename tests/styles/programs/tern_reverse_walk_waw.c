// EXPECT: SYNC-HAZARD-WRITE-AFTER-WRITE at line 51
// Dense C (terse.h): four buffers are cleared by fills, each setting its
// bit in a `written` mask (one is skipped); before the copies that
// overwrite them, a loop walks the buffers backwards by pointer, filling in
// a buffer barrier for each and adding `!!(written & bit)` to the count, so
// that the entry of a buffer left alone is overwritten by the next one; one
// vkCmdPipelineBarrier takes them all.  The walk is written `for (b = bufs
// + N_BUFS - 1; b > bufs; --b)`, which stops before the first buffer:
// nothing orders the copy into bufs[0] after its fill.
#include "terse.h"

#define N_BUFS 4
#define BYTES 512

static VkBufferMemoryBarrier barriers[N_BUFS];

static unsigned clear_all(VkCommandBuffer cmd, const VkBuffer *bufs, unsigned skip)
{
    unsigned written = 0;
    const VkBuffer *b;

    for (b = bufs; b < bufs + N_BUFS; ++b)
        if (!(skip >> (b - bufs) & 1))
            vkCmdFillBuffer(cmd, *b, 0, VK_WHOLE_SIZE, 0), written |= 1u << (b - bufs);
    return written;
}

static void overwrite(VkCommandBuffer cmd, VkBuffer src, const VkBuffer *bufs, unsigned written)
{
    const VkBuffer *b;
    uint32_t n = 0;

    for (b = bufs + N_BUFS - 1; b > bufs; --b) {
        int need = !!(written & 1u << (b - bufs));
        barriers[n] = (VkBufferMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = *b,
            .size = VK_WHOLE_SIZE,
        };
        n += need;
    }
    if (n)
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, n,
                             barriers, 0, NULL);
    for (b = bufs; b != bufs + N_BUFS; b++)
        vkCmdCopyBuffer(cmd, src, *b, 1, &(VkBufferCopy){0, 0, b == bufs ? BYTES / 2 : BYTES});
}

int main(void)
{
    struct lite vk;
    VkBuffer bufs[N_BUFS + 1], *b;
    VkDeviceMemory mem[N_BUFS + 1];
    VkCommandBuffer cmd;
    VkResult r;
    unsigned written;

    if (lite_init(&vk))
        return 1;
    for (b = bufs; b != bufs + countof(bufs); ++b)
        TRY(r, lite_buffer(&vk, BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                           VK_BUFFER_USAGE_TRANSFER_DST_BIT, b, &mem[b - bufs]), fail);
    TRY(r, lite_alloc(&vk, 1, &cmd), fail);
    BEGIN(r, cmd, fail);
    written = clear_all(cmd, bufs, 1u << 2); /* bufs[2] keeps its contents */
    overwrite(cmd, bufs[N_BUFS], bufs, written);
    TRY(r, vkEndCommandBuffer(cmd), fail);
    if ((r = vkQueueSubmit(vk.queue, 1, &(VkSubmitInfo){
             .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
             .commandBufferCount = 1,
             .pCommandBuffers = &cmd}, VK_NULL_HANDLE)) != VK_SUCCESS ||
        (r = vkQueueWaitIdle(vk.queue)) != VK_SUCCESS)
        return fprintf(stderr, "submit: %d\n", r), 1;
    return 0;
fail:
    return 1;
}
