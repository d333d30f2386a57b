/* A driver's state tracker in Mesa's manner: one bit per constant buffer
   in a mask of writes with no barrier yet, walked lowest bit first with
   __builtin_ctz before a pass reads them, and the pass's reads walked with
   u_foreach_bit (ffs).  The inline update path forgets to set its bit. */
#include <stdint.h>
#include <vulkan/vulkan.h>

#define u_foreach_bit(b, dword) \
    for (uint32_t __dword = (dword), b; ((b) = __builtin_ffs(__dword) - 1, __dword); __dword &= ~(1u << (b)))

struct state {
    VkBuffer cb[8];
    uint32_t pending;
};

static void flush(struct state *s, VkCommandBuffer cmd, uint32_t reads)
{
    uint32_t mask = s->pending & reads;
    while (mask) {
        int i = __builtin_ctz(mask);
        mask &= mask - 1;
        VkBufferMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                   .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                   .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                                   .buffer = s->cb[i],
                                   .size = VK_WHOLE_SIZE};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL,
                             1, &b, 0, NULL);
    }
    s->pending &= ~reads;
}

static void upload(struct state *s, VkCommandBuffer cmd, VkBuffer staging, unsigned i)
{
    VkBufferCopy r = {i * 256u, 0, 256};
    vkCmdCopyBuffer(cmd, staging, s->cb[i], 1, &r);
    s->pending |= 1u << i;
}

static void update(struct state *s, VkCommandBuffer cmd, unsigned i, const uint32_t *words)
{
    vkCmdUpdateBuffer(cmd, s->cb[i], 0, 64, words);
#ifdef WITH_BARRIER
    s->pending |= 1u << i;
#endif
}

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE; /* made by the platform layer (not shown) */
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    struct state s = {0};
    VkBuffer staging, out;
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 2048,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    for (int i = 0; i < 8; i++)
        vkCreateBuffer(dev, &bi, NULL, &s.cb[i]);
    vkCreateBuffer(dev, &bi, NULL, &staging);
    vkCreateBuffer(dev, &bi, NULL, &out);
    static const uint32_t words[16] = {1};
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    upload(&s, cmd, staging, 1);
    update(&s, cmd, 4, words);
    upload(&s, cmd, staging, 6);
    uint32_t reads = (1u << 1) | (1u << 4) | (1u << 6);
    flush(&s, cmd, reads);
    u_foreach_bit(i, reads) {
        VkBufferCopy r = {0, i * 256u, 256};
        vkCmdCopyBuffer(cmd, s.cb[i], out, 1, &r);
    }
    vkEndCommandBuffer(cmd);
    return 0;
}
