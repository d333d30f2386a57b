// EXPECT: clean
// Recursion over a tree of nodes with a children array, as
// rec_bvh_interior_raw.c: a bounding volume hierarchy built bottom-up, a
// leaf's box written by a fill, an interior node's boxes by copies from its
// children.  build() records the barrier for every child before the node
// reads it, interior children included.
#include "lite.h"

#define BOX 16
#define MAX_CHILDREN 4
#define MAX_NODES 8
#define USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

struct bvh_node {
    uint32_t id;
    VkBuffer boxes; /* a leaf: its box; an interior node: one box per child */
    struct bvh_node *children[MAX_CHILDREN];
    int child_count;
};

static void box_barrier(VkCommandBuffer cmd, VkBuffer boxes)
{
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = boxes,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static void build(VkCommandBuffer cmd, struct bvh_node *node)
{
    if (node->child_count == 0) {
        vkCmdFillBuffer(cmd, node->boxes, 0, BOX, node->id * 0x01010101u);
        return;
    }
    for (int i = 0; i < node->child_count; i++)
        build(cmd, node->children[i]);
    for (int i = 0; i < node->child_count; i++)
        box_barrier(cmd, node->children[i]->boxes);
    for (int i = 0; i < node->child_count; i++) {
        /* the child's first box stands for the whole child here */
        VkBufferCopy slot = {0, (VkDeviceSize)i * BOX, BOX};
        vkCmdCopyBuffer(cmd, node->children[i]->boxes, node->boxes, 1, &slot);
    }
}

static struct bvh_node pool[MAX_NODES];
static VkDeviceMemory pool_memory[MAX_NODES];
static uint32_t pool_used;

static struct bvh_node *new_node(struct lite *l, struct bvh_node *parent)
{
    if (pool_used == MAX_NODES)
        return NULL;
    struct bvh_node *n = &pool[pool_used];
    n->id = pool_used + 1;
    if (lite_buffer(l, MAX_CHILDREN * BOX, USAGE, &n->boxes, &pool_memory[pool_used]) != VK_SUCCESS)
        return NULL;
    pool_used++;
    if (parent)
        parent->children[parent->child_count++] = n;
    return n;
}

int main(void)
{
    struct lite ctx;
    if (lite_init(&ctx) != 0)
        return 1;

    /* root -> {left -> {a, b, c}, right} */
    struct bvh_node *root = new_node(&ctx, NULL);
    struct bvh_node *left = root ? new_node(&ctx, root) : NULL;
    if (!left || !new_node(&ctx, root) || !new_node(&ctx, left) || !new_node(&ctx, left) ||
        !new_node(&ctx, left))
        return 1;

    VkBuffer readback;
    VkDeviceMemory readback_memory;
    if (lite_buffer(&ctx, MAX_CHILDREN * BOX, USAGE, &readback, &readback_memory) != VK_SUCCESS)
        return 1;

    VkCommandBuffer cmd;
    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    build(cmd, root);
    box_barrier(cmd, root->boxes);
    VkBufferCopy all = {0, 0, MAX_CHILDREN * BOX};
    vkCmdCopyBuffer(cmd, root->boxes, readback, 1, &all);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u nodes\n", pool_used);
    return 0;
}
