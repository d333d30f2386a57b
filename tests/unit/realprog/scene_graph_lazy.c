/* A scene graph drawn recursively: each node's buffer is made on its first
   draw (the error returned up the recursion), the parent's world block
   copied in and the node's own after it, a barrier for the children, and
   the children drawn.  Leaves skip the barrier ("nothing reads them"), but
   the snapshot after the draw reads every node. */
#include <stdint.h>
#include <vulkan/vulkan.h>

struct node {
    int index;
    VkBuffer buffer;
    struct node *first_child, *next_sibling;
};

static void barrier(VkCommandBuffer cmd, VkBuffer buffer)
{
    VkBufferMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
                               .buffer = buffer,
                               .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b,
                         0, NULL);
}

static int draw_node(VkDevice dev, VkCommandBuffer cmd, VkBuffer locals, struct node *n,
                     const struct node *parent)
{
    if (n->buffer == VK_NULL_HANDLE) {
        VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                 .size = 128,
                                 .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
        if (vkCreateBuffer(dev, &bi, NULL, &n->buffer) != VK_SUCCESS)
            return -1;
    }
    VkBufferCopy own = {(VkDeviceSize)n->index * 64, 64, 64};
    vkCmdCopyBuffer(cmd, locals, n->buffer, 1, &own);
    if (parent) {
        VkBufferCopy inherited = {64, 0, 64};
        vkCmdCopyBuffer(cmd, parent->buffer, n->buffer, 1, &inherited);
    }
#ifndef WITH_BARRIER
    if (n->first_child)
#endif
        barrier(cmd, n->buffer);
    for (struct node *c = n->first_child; c; c = c->next_sibling)
        if (draw_node(dev, cmd, locals, c, n) != 0)
            return -1;
    return 0;
}

static int snapshot(VkCommandBuffer cmd, const struct node *n, VkBuffer out, int slot)
{
    VkBufferCopy all = {0, (VkDeviceSize)slot * 128, 128};
    vkCmdCopyBuffer(cmd, n->buffer, out, 1, &all);
    slot++;
    for (const struct node *c = n->first_child; c; c = c->next_sibling)
        slot = snapshot(cmd, c, out, slot);
    return slot;
}

int main(void)
{
    VkDevice dev = VK_NULL_HANDLE; /* made by the platform layer (not shown) */
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkBuffer locals, out;
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 1024,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    if (vkCreateBuffer(dev, &bi, NULL, &locals) != VK_SUCCESS || vkCreateBuffer(dev, &bi, NULL, &out) != VK_SUCCESS)
        return 1;
    /* root -> body -> arm -> hand */
    struct node nodes[4] = {{.index = 0}, {.index = 1}, {.index = 2}, {.index = 3}};
    nodes[0].first_child = &nodes[1];
    nodes[1].first_child = &nodes[2];
    nodes[2].first_child = &nodes[3];
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    if (draw_node(dev, cmd, locals, &nodes[0], NULL) != 0)
        return 1;
    snapshot(cmd, &nodes[0], out, 0);
    vkEndCommandBuffer(cmd);
    return 0;
}
