// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 70
// A render graph as engines write one (rg.h): resources registered with
// the graph, passes declared with the resources they use and how, recorded
// in order by rg_execute(), which emits each declared use's barrier from the
// resource's tracked last access.  Three passes: "upload" copies the
// staging buffer into a texture, "resolve" copies the texture into a
// device buffer, "readback" copies that buffer into a host-visible one.
// The readback pass forgets to declare that it reads "result": the graph
// emits no barrier before it, and its copy reads what resolve's copy is
// still writing.
#include "rg.h"

#define WIDTH 16
#define HEIGHT 16
#define PIXELS (WIDTH * HEIGHT)

struct scene {
    struct vk_buffer staging;
    struct vk_texture texture;
    struct vk_buffer result;
    struct vk_buffer readback;
};

static const struct rg_state access_table[RG_ACCESS_COUNT] = {
    [RG_TRANSFER_READ] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                          VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
    [RG_TRANSFER_WRITE] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL},
    [RG_COMPUTE_READ] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT,
                         VK_IMAGE_LAYOUT_GENERAL},
    [RG_COMPUTE_WRITE] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                          VK_IMAGE_LAYOUT_GENERAL},
    [RG_HOST_READ] = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT,
                      VK_IMAGE_LAYOUT_GENERAL},
};

static void upload_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct scene *s = user;
    VkBufferImageCopy region = {0};
    (void)graph;
    region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    region.imageSubresource.layerCount = 1;
    region.imageExtent.width = WIDTH;
    region.imageExtent.height = HEIGHT;
    region.imageExtent.depth = 1;
    vkCmdCopyBufferToImage(cmd, s->staging.buffer, s->texture.image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
}

static void resolve_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct scene *s = user;
    VkBufferImageCopy region = {0};
    (void)graph;
    region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    region.imageSubresource.layerCount = 1;
    region.imageExtent.width = WIDTH;
    region.imageExtent.height = HEIGHT;
    region.imageExtent.depth = 1;
    vkCmdCopyImageToBuffer(cmd, s->texture.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           s->result.buffer, 1, &region);
}

static void readback_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct scene *s = user;
    VkBufferCopy region = {0, 0, PIXELS * 4};
    (void)graph;
    vkCmdCopyBuffer(cmd, s->result.buffer, s->readback.buffer, 1, &region);
}

int main(void)
{
    vulkan_context_t ctx;
    struct scene scene;
    struct rg_graph graph;
    struct rg_pass *pass;
    int staging, texture, result, readback;
    VkCommandBuffer cmd;
    uint32_t *pixels;
    unsigned i;

    if (!vulkan_context_init(&ctx, 1))
        return 1;
    scene.staging = vulkan_create_buffer(&ctx, PIXELS * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    scene.texture = vulkan_create_texture(&ctx, WIDTH, HEIGHT,
                                          VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                          VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    scene.result = vulkan_create_buffer(&ctx, PIXELS * 4,
                                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    scene.readback = vulkan_create_buffer(&ctx, PIXELS * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    pixels = scene.staging.mapped;
    for (i = 0; i < PIXELS; i++)
        pixels[i] = 0xff000000u | i;

    rg_init(&graph, &ctx, access_table);
    staging = rg_buffer(&graph, "staging", scene.staging.buffer, 0, PIXELS * 4);
    texture = rg_image(&graph, "texture", scene.texture.image);
    result = rg_buffer(&graph, "result", scene.result.buffer, 0, PIXELS * 4);
    readback = rg_buffer(&graph, "readback", scene.readback.buffer, 0, PIXELS * 4);

    pass = rg_add_pass(&graph, "upload", upload_pass, &scene);
    rg_use(pass, staging, RG_TRANSFER_READ);
    rg_use(pass, texture, RG_TRANSFER_WRITE);
    pass = rg_add_pass(&graph, "resolve", resolve_pass, &scene);
    rg_use(pass, texture, RG_TRANSFER_READ);
    rg_use(pass, result, RG_TRANSFER_WRITE);
    pass = rg_add_pass(&graph, "readback", readback_pass, &scene);
    rg_use(pass, readback, RG_TRANSFER_WRITE);

    cmd = rg_begin(&ctx);
    rg_execute(&graph, cmd);
    rg_barrier(&graph, readback, RG_HOST_READ);     /* the host reads the output */
    rg_submit_wait(&ctx, cmd);
    printf("readback[17] = 0x%08x\n", ((const uint32_t *)scene.readback.mapped)[17]);
    return 0;
}
