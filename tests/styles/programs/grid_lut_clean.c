// EXPECT: clean
// Host-generated data: a vertex grid and a colour lookup table are filled in
// nested loops straight into one mapped staging buffer, then uploaded (grid
// to a buffer, table to a 256x1 image) and read back.  The barriers are
// synchronization2 structs returned by value from s2val.h.
#include "lite.h"
#include "s2val.h"

#define GRID 17
#define LUT 256

struct vertex {
    float x, y, u, v;
};

int main(void)
{
    struct lite l;
    if (lite_init(&l) != 0)
        return 1;
    const VkDeviceSize grid_bytes = GRID * GRID * sizeof(struct vertex);
    const VkDeviceSize lut_bytes = LUT * 4;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer staging, vertices, readback;
    VkDeviceMemory staging_mem, vertices_mem, readback_mem, lut_mem;
    VkImage lut;
    lite_buffer(&l, grid_bytes + lut_bytes, usage, &staging, &staging_mem);
    lite_buffer(&l, grid_bytes, usage, &vertices, &vertices_mem);
    lite_buffer(&l, grid_bytes + lut_bytes, usage, &readback, &readback_mem);
    lite_image(&l, LUT, 1, VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
               &lut, &lut_mem);

    unsigned char *host;
    vkMapMemory(l.device, staging_mem, 0, VK_WHOLE_SIZE, 0, (void **)&host);
    struct vertex *grid = (struct vertex *)host;
    for (int row = 0; row < GRID; row++) {
        for (int col = 0; col < GRID; col++) {
            struct vertex *v = &grid[row * GRID + col];
            v->u = (float)col / (GRID - 1);
            v->v = (float)row / (GRID - 1);
            v->x = v->u * 2.0f - 1.0f;
            v->y = v->v * 2.0f - 1.0f;
        }
    }
    unsigned char *table = host + grid_bytes;
    for (int i = 0; i < LUT; i++)
        for (int c = 0; c < 4; c++)
            table[i * 4 + c] = (unsigned char)(c == 3 ? 255 : (i * (c + 1)) & 0xff);
    vkUnmapMemory(l.device, staging_mem);

    VkCommandBuffer cmd;
    lite_alloc(&l, 1, &cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);

    VkImageMemoryBarrier2 to_dst = s2_image(lut, S2_NONE, S2_COPY_WRITE,
                                            VK_IMAGE_LAYOUT_UNDEFINED,
                                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    s2_barrier(cmd, 0, NULL, 1, &to_dst);

    VkBufferCopy grid_region = {.srcOffset = 0, .dstOffset = 0, .size = grid_bytes};
    vkCmdCopyBuffer(cmd, staging, vertices, 1, &grid_region);
    VkBufferImageCopy lut_region = {
        .bufferOffset = grid_bytes,
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {LUT, 1, 1},
    };
    vkCmdCopyBufferToImage(cmd, staging, lut, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &lut_region);

    VkBufferMemoryBarrier2 grid_done = s2_buffer(vertices, S2_COPY_WRITE, S2_COPY_READ);
    VkImageMemoryBarrier2 lut_done = s2_image(lut, S2_COPY_WRITE, S2_COPY_READ,
                                              VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                              VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    s2_barrier(cmd, 1, &grid_done, 1, &lut_done);

    vkCmdCopyBuffer(cmd, vertices, readback, 1, &grid_region);
    VkBufferImageCopy back_region = lut_region;
    vkCmdCopyImageToBuffer(cmd, lut, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1,
                           &back_region);
    vkEndCommandBuffer(cmd);
    lite_submit(&l, 1, &cmd);
    return 0;
}
