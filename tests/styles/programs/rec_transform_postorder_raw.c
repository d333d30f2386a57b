// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 39
// Recursion over a scene graph of first-child / next-sibling nodes: each
// node's 128-byte block is its parent's world block (copied from the
// parent's buffer) followed by its own world block (copied from the
// staging buffer of local transforms), and record_node() recurses into
// the children after recording the node's copies.  The node's barrier is
// recorded after the recursion returns (post-order), so every child copies
// its parent's world block before the barrier that makes it visible.
#include "lite.h"

#define BLOCK 64
#define NODE_BYTES (2 * BLOCK)
#define MAX_NODES 8
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

struct node {
    const char *name;
    int index; /* its local transform in the staging buffer */
    VkBuffer buffer;
    struct node *first_child, *next_sibling;
};

static void node_barrier(VkCommandBuffer cmd, const struct node *n)
{
    VkBufferMemoryBarrier b = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                               VK_ACCESS_TRANSFER_READ_BIT, VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
                               n->buffer, 0, NODE_BYTES};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static void record_node(VkCommandBuffer cmd, VkBuffer locals, struct node *n, const struct node *parent)
{
    VkBufferCopy own = {(VkDeviceSize)n->index * BLOCK, BLOCK, BLOCK};
    vkCmdCopyBuffer(cmd, locals, n->buffer, 1, &own);
    if (parent) {
        /* the parent's world block becomes this node's first block */
        VkBufferCopy inherited = {BLOCK, 0, BLOCK};
        vkCmdCopyBuffer(cmd, parent->buffer, n->buffer, 1, &inherited);
    }
    for (struct node *c = n->first_child; c; c = c->next_sibling)
        record_node(cmd, locals, c, n);
    node_barrier(cmd, n);
}

static void gather(VkCommandBuffer cmd, const struct node *n, VkBuffer out, VkDeviceSize *offset)
{
    VkBufferCopy all = {0, *offset, NODE_BYTES};
    vkCmdCopyBuffer(cmd, n->buffer, out, 1, &all);
    *offset += NODE_BYTES;
    for (const struct node *c = n->first_child; c; c = c->next_sibling)
        gather(cmd, c, out, offset);
}

static struct node nodes[MAX_NODES];
static int node_count;

static struct node *add_node(struct lite *l, const char *name, struct node *parent)
{
    static VkDeviceMemory memory[MAX_NODES];
    struct node *n = &nodes[node_count];
    n->name = name;
    n->index = node_count;
    if (lite_buffer(l, NODE_BYTES, USAGE, &n->buffer, &memory[node_count]) != VK_SUCCESS)
        return NULL;
    node_count++;
    if (parent) {
        /* appended as the last child */
        struct node **link = &parent->first_child;
        while (*link)
            link = &(*link)->next_sibling;
        *link = n;
    }
    return n;
}

int main(void)
{
    struct lite ctx;
    VkBuffer locals, out;
    VkDeviceMemory memory[2];

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, MAX_NODES * BLOCK, USAGE, &locals, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, MAX_NODES * NODE_BYTES, USAGE, &out, &memory[1]) != VK_SUCCESS)
        return 1;
    struct node *root = add_node(&ctx, "root", NULL);
    struct node *body = add_node(&ctx, "body", root);
    struct node *arm = add_node(&ctx, "arm", body);
    if (!root || !body || !arm || !add_node(&ctx, "hand", arm) || !add_node(&ctx, "head", body) ||
        !add_node(&ctx, "camera", root))
        return 1;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, locals, 0, VK_WHOLE_SIZE, 0x3f800000); /* identity-ish */
    VkBufferMemoryBarrier filled = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                                    VK_ACCESS_TRANSFER_READ_BIT, VK_QUEUE_FAMILY_IGNORED,
                                    VK_QUEUE_FAMILY_IGNORED, locals, 0, VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                         &filled, 0, NULL);
    record_node(cmd, locals, root, NULL);
    VkDeviceSize offset = 0;
    gather(cmd, root, out, &offset);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%d nodes, %lu bytes\n", node_count, (unsigned long)offset);
    return 0;
}
