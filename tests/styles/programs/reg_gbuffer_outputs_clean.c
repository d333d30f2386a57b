// EXPECT: clean
// A string-keyed resource registry (reg.h): the renderer's images and
// buffers are registered under names, and each pass looks up what it uses
// with res_get(&reg, "gbuffer.albedo"), a small open-addressing hash table.
// The G-buffer pass clears its targets and ends with a barrier on each name
// in its list of outputs; the lighting pass then copies the targets into
// its input buffer.  Every target the pass clears is in gbuffer_outputs[],
// so each copy waits for its clear.
#include "reg.h"

#define SIZE 16
#define TARGET_BYTES (SIZE * SIZE * 4)

static const char *const gbuffer_targets[] = {"gbuffer.albedo", "gbuffer.normal", "gbuffer.emissive"};
static const char *const gbuffer_outputs[] = {"gbuffer.albedo", "gbuffer.normal", "gbuffer.emissive"};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void setup_pass(VkCommandBuffer cmd, struct registry *reg)
{
    for (unsigned i = 0; i < COUNT(gbuffer_targets); i++)
        res_image_barrier(cmd, res_get(reg, gbuffer_targets[i]),
                          VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0,
                          VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
}

static void gbuffer_pass(VkCommandBuffer cmd, struct registry *reg)
{
    static const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    const VkClearColorValue albedo = {.float32 = {0.8f, 0.6f, 0.4f, 1.0f}};
    const VkClearColorValue normal = {.float32 = {0.5f, 0.5f, 1.0f, 0.0f}};
    const VkClearColorValue emissive = {.float32 = {0.0f, 0.0f, 0.0f, 0.0f}};

    vkCmdClearColorImage(cmd, res_get(reg, "gbuffer.albedo")->image, VK_IMAGE_LAYOUT_GENERAL, &albedo, 1, &range);
    vkCmdClearColorImage(cmd, res_get(reg, "gbuffer.normal")->image, VK_IMAGE_LAYOUT_GENERAL, &normal, 1, &range);
    vkCmdClearColorImage(cmd, res_get(reg, "gbuffer.emissive")->image, VK_IMAGE_LAYOUT_GENERAL, &emissive, 1, &range);

    for (unsigned i = 0; i < COUNT(gbuffer_outputs); i++)
        res_image_barrier(cmd, res_get(reg, gbuffer_outputs[i]),
                          VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                          VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_GENERAL);
}

static void copy_target(VkCommandBuffer cmd, const struct res *target, const struct res *dst,
                        VkDeviceSize offset)
{
    VkBufferImageCopy region = {
        .bufferOffset = offset,
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {target->width, target->height, 1},
    };
    vkCmdCopyImageToBuffer(cmd, target->image, VK_IMAGE_LAYOUT_GENERAL, dst->buffer, 1, &region);
}

static void lighting_pass(VkCommandBuffer cmd, struct registry *reg)
{
    struct res *input = res_get(reg, "lighting.input");
    struct res *albedo = res_get(reg, "gbuffer.albedo");
    struct res *normal = res_get(reg, "gbuffer.normal");
    struct res *emissive = res_get(reg, "gbuffer.emissive");

    copy_target(cmd, albedo, input, 0);
    copy_target(cmd, normal, input, TARGET_BYTES);
    copy_target(cmd, emissive, input, 2 * TARGET_BYTES);
    res_buffer_barrier(cmd, input, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

int main(void)
{
    struct lite ctx;
    struct registry reg;
    VkCommandBuffer cmd;

    if (lite_init(&ctx) != 0)
        return 1;
    reg_init(&reg, &ctx);
    for (unsigned i = 0; i < COUNT(gbuffer_targets); i++)
        res_image(&reg, gbuffer_targets[i], SIZE, SIZE);
    res_buffer(&reg, "lighting.input", 3 * TARGET_BYTES);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    setup_pass(cmd, &reg);
    gbuffer_pass(cmd, &reg);
    lighting_pass(cmd, &reg);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;

    const uint8_t *texels = res_get(&reg, "lighting.input")->mapped;
    printf("albedo %u normal %u emissive %u\n", texels[0], texels[TARGET_BYTES + 2],
           texels[2 * TARGET_BYTES]);
    return 0;
}
