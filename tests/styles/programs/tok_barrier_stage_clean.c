// EXPECT: clean
// Code from token-pasting generators (tok.h): DEFINE_POOL(buffer, VkBuffer)
// makes the buffer pool (buffer_pool_get / buffer_pool_put) and a table of
// BARRIER_FN(...) rows makes the program's barrier helpers, their stages
// and access masks spelled through ST(x) / AC(x), which paste
// VK_PIPELINE_STAGE_x_BIT / VK_ACCESS_x_BIT.  The frame clears a block,
// copies it into a second buffer and that one into a third for the host,
// each step behind the helper named for it, every row with the stages of
// its name.  (In tok_barrier_stage_raw the copy_to_copy row waits at
// VERTEX_INPUT.)
#include "tok.h"

#define BLOCK 1024
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | \
               VK_BUFFER_USAGE_VERTEX_BUFFER_BIT)

#define ST(x) VK_PIPELINE_STAGE_##x##_BIT
#define AC(x) VK_ACCESS_##x##_BIT

static VkResult buffer_create(struct lite *vk, VkBuffer *buf, VkDeviceMemory *memory)
{
    return lite_buffer(vk, BLOCK, USAGE, buf, memory);
}

DEFINE_POOL(buffer, VkBuffer)

/*         name            first stage    second stage       first access        second access */
BARRIER_FN(fill_to_copy,   ST(TRANSFER), ST(TRANSFER),     AC(TRANSFER_WRITE), AC(TRANSFER_READ))
BARRIER_FN(copy_to_copy,   ST(TRANSFER), ST(TRANSFER),     AC(TRANSFER_WRITE), AC(TRANSFER_READ))
BARRIER_FN(copy_to_vertex, ST(TRANSFER), ST(VERTEX_INPUT), AC(TRANSFER_WRITE), AC(VERTEX_ATTRIBUTE_READ))
BARRIER_FN(copy_to_host,   ST(TRANSFER), ST(HOST),         AC(TRANSFER_WRITE), AC(HOST_READ))

static struct lite vk;
static struct buffer_pool buffers;

int main(void)
{
    VkCommandBuffer cmd;

    if (lite_init(&vk) != 0)
        return 1;
    buffer_pool_init(&buffers, &vk);
    if (lite_alloc(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkBuffer cleared = buffer_pool_get(&buffers);
    VkBuffer copied = buffer_pool_get(&buffers);
    VkBuffer host = buffer_pool_get(&buffers);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, cleared, 0, BLOCK, 0x3f800000u);
    barrier_fill_to_copy(cmd, cleared);
    VkBufferCopy region = {0, 0, BLOCK};
    vkCmdCopyBuffer(cmd, cleared, copied, 1, &region);
    barrier_copy_to_copy(cmd, copied);
    vkCmdCopyBuffer(cmd, copied, host, 1, &region);
    barrier_copy_to_host(cmd, host);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;

    float *p;
    if (vkMapMemory(vk.device, buffer_pool_memory(&buffers, host), 0, BLOCK, 0, (void **)&p) != VK_SUCCESS)
        return 1;
    printf("%g\n", p[0]);
    buffer_pool_put(&buffers, host);
    buffer_pool_put(&buffers, copied);
    buffer_pool_put(&buffers, cleared);
    return 0;
}
