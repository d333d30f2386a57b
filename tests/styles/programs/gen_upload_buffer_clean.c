// EXPECT: clean
// C11 _Generic helpers (gen.h), as gen_upload_buffer_raw.c: the buffer
// path of upload() is one copy, so the vertex buffer gets its barrier from
// the caller, through the same barrier() spelling the texture uses.
#include "gen.h"

#define VERTEX_BYTES 768

struct mesh {
    VkBuffer vertices;
    VkImage texture;
    VkDeviceMemory memory[2];
};

int main(void)
{
    struct lite ctx;
    if (lite_init(&ctx) != 0)
        return 1;

    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer staging_vtx, staging_tex, readback;
    VkDeviceMemory staging_mem[2], readback_mem;
    struct mesh m;
    vk_check(lite_buffer(&ctx, VERTEX_BYTES, usage, &staging_vtx, &staging_mem[0]));
    vk_check(lite_buffer(&ctx, GEN_IMAGE_BYTES, usage, &staging_tex, &staging_mem[1]));
    vk_check(lite_buffer(&ctx, GEN_IMAGE_BYTES + VERTEX_BYTES, usage, &readback, &readback_mem));
    vk_check(lite_buffer(&ctx, VERTEX_BYTES, usage | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &m.vertices,
                         &m.memory[0]));
    vk_check(lite_image(&ctx, GEN_EXTENT, GEN_EXTENT,
                        VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                            VK_IMAGE_USAGE_SAMPLED_BIT,
                        &m.texture, &m.memory[1]));

    float *vtx;
    uint8_t *texels;
    vk_check(vkMapMemory(ctx.device, staging_mem[0], 0, VK_WHOLE_SIZE, 0, (void **)&vtx));
    vk_check(vkMapMemory(ctx.device, staging_mem[1], 0, VK_WHOLE_SIZE, 0, (void **)&texels));
    vk_check(vtx);
    for (int i = 0; i < VERTEX_BYTES / 4; i++)
        vtx[i] = (float)i * 0.5f;
    memset(texels, 0x7f, GEN_IMAGE_BYTES);

    VkCommandBuffer cmd;
    vk_check(lite_alloc(&ctx, 1, &cmd));
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    vk_check(vkBeginCommandBuffer(cmd, &begin));
    upload(cmd, staging_tex, m.texture, GEN_IMAGE_BYTES);
    upload(cmd, staging_vtx, m.vertices, VERTEX_BYTES);
    barrier(cmd, m.vertices, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);

    /* checksum pass: everything uploaded is copied into one readback buffer */
    barrier(cmd, m.texture, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkBufferImageCopy texel_region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                      .imageExtent = {GEN_EXTENT, GEN_EXTENT, 1}};
    vkCmdCopyImageToBuffer(cmd, m.texture, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &texel_region);
    VkBufferCopy vertex_region = {0, GEN_IMAGE_BYTES, VERTEX_BYTES};
    vkCmdCopyBuffer(cmd, m.vertices, readback, 1, &vertex_region);
    barrier(cmd, readback, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    vk_check(vkEndCommandBuffer(cmd));
    vk_check(lite_submit(&ctx, 1, &cmd));

    const uint8_t *sum_in;
    vk_check(vkMapMemory(ctx.device, readback_mem, 0, VK_WHOLE_SIZE, 0, (void **)&sum_in));
    unsigned sum = 0;
    for (int i = 0; i < GEN_IMAGE_BYTES + VERTEX_BYTES; i++)
        sum += sum_in[i];
    printf("checksum %u\n", sum);

    destroy(ctx.device, m.texture);
    destroy(ctx.device, m.vertices);
    destroy(ctx.device, readback);
    destroy(ctx.device, staging_tex);
    destroy(ctx.device, staging_vtx);
    destroy(ctx.device, m.memory[0]);
    destroy(ctx.device, m.memory[1]);
    return 0;
}
