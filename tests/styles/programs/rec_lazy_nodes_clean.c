// EXPECT: clean
// Recursion over a scene graph whose GPU buffers are made lazily, as
// rec_lazy_nodes_raw.c, with the barrier after a node's copies recorded
// for every node, leaves included, since the snapshot pass reads them all.
#include "lite.h"

#define BLOCK 64
#define NODE_BYTES (2 * BLOCK)
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

struct node {
    int index;
    VkBuffer buffer;
    VkDeviceMemory memory;
    struct node *first_child, *next_sibling;
};

static void node_barrier(VkCommandBuffer cmd, VkBuffer buffer)
{
    VkBufferMemoryBarrier b = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                               VK_ACCESS_TRANSFER_READ_BIT, VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                               buffer, 0, VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static int draw_node(struct lite *l, VkCommandBuffer cmd, VkBuffer locals, struct node *n,
                     const struct node *parent)
{
    if (n->buffer == VK_NULL_HANDLE && lite_buffer(l, NODE_BYTES, USAGE, &n->buffer, &n->memory) != VK_SUCCESS)
        return -1;
    VkBufferCopy own = {(VkDeviceSize)n->index * BLOCK, BLOCK, BLOCK};
    vkCmdCopyBuffer(cmd, locals, n->buffer, 1, &own);
    if (parent) {
        VkBufferCopy inherited = {BLOCK, 0, BLOCK};
        vkCmdCopyBuffer(cmd, parent->buffer, n->buffer, 1, &inherited);
    }
    node_barrier(cmd, n->buffer);
    for (struct node *c = n->first_child; c; c = c->next_sibling)
        if (draw_node(l, cmd, locals, c, n) != 0)
            return -1;
    return 0;
}

static int snapshot(VkCommandBuffer cmd, const struct node *n, VkBuffer out, int slot)
{
    VkBufferCopy all = {0, (VkDeviceSize)slot * NODE_BYTES, NODE_BYTES};
    vkCmdCopyBuffer(cmd, n->buffer, out, 1, &all);
    slot++;
    for (const struct node *c = n->first_child; c; c = c->next_sibling)
        slot = snapshot(cmd, c, out, slot);
    return slot;
}

int main(void)
{
    struct lite ctx;
    VkBuffer locals, out;
    VkDeviceMemory memory[2];
    /* root -> {body -> {arm -> {hand}}, camera} */
    struct node nodes[5] = {{.index = 0}, {.index = 1}, {.index = 2}, {.index = 3}, {.index = 4}};
    nodes[0].first_child = &nodes[1];
    nodes[1].next_sibling = &nodes[4];
    nodes[1].first_child = &nodes[2];
    nodes[2].first_child = &nodes[3];

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, 5 * BLOCK, USAGE, &locals, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, 5 * NODE_BYTES, USAGE, &out, &memory[1]) != VK_SUCCESS)
        return 1;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, locals, 0, VK_WHOLE_SIZE, 0x3f800000);
    node_barrier(cmd, locals);
    if (draw_node(&ctx, cmd, locals, &nodes[0], NULL) != 0)
        return 1;
    int count = snapshot(cmd, &nodes[0], out, 0);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%d nodes\n", count);
    return 0;
}
