// EXPECT: clean
// A string-keyed resource registry (reg.h): buffers registered under
// names, looked up by each pass with res_get(&reg, name) in a small
// open-addressing hash table.  The upload pass writes the frame's lights
// into "lights.list" with vkCmdUpdateBuffer; the cull pass copies the
// visible ones into "lights.culled", and the readback pass copies those
// into "lights.readback" for the host.  The cull pass's barrier names
// "lights.list", the buffer it reads, so its copy waits for the upload.
#include "reg.h"

#define MAX_LIGHTS 64

struct light {
    float position[3];
    float radius;
    float color[3];
    float intensity;
};

static void upload_pass(VkCommandBuffer cmd, struct registry *reg, const struct light *lights,
                        uint32_t count)
{
    struct res *list = res_get(reg, "lights.list");
    vkCmdUpdateBuffer(cmd, list->buffer, 0, count * sizeof(struct light), lights);
}

/* Keeps the lights whose sphere reaches the view: here, simply the ones at
 * the front of the list, which the upload sorted by distance. */
static uint32_t visible_lights(const struct light *lights, uint32_t count, float far)
{
    uint32_t n = 0;
    while (n < count && lights[n].position[2] - lights[n].radius < far)
        n++;
    return n;
}

static void cull_pass(VkCommandBuffer cmd, struct registry *reg, uint32_t visible)
{
    struct res *list = res_get(reg, "lights.list");
    struct res *culled = res_get(reg, "lights.culled");
    VkBufferCopy region = {
        .srcOffset = 0,
        .dstOffset = 0,
        .size = visible * sizeof(struct light),
    };
    res_buffer_barrier(cmd, res_get(reg, "lights.list"), VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(cmd, list->buffer, culled->buffer, 1, &region);
}

static void readback_pass(VkCommandBuffer cmd, struct registry *reg, uint32_t visible)
{
    struct res *culled = res_get(reg, "lights.culled");
    struct res *readback = res_get(reg, "lights.readback");
    VkBufferCopy region = {0, 0, visible * sizeof(struct light)};
    res_buffer_barrier(cmd, culled, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(cmd, culled->buffer, readback->buffer, 1, &region);
    res_buffer_barrier(cmd, readback, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

int main(void)
{
    struct lite ctx;
    struct registry reg;
    struct light lights[MAX_LIGHTS];
    const uint32_t count = 24;
    VkCommandBuffer cmd;

    if (lite_init(&ctx) != 0)
        return 1;
    reg_init(&reg, &ctx);
    res_buffer(&reg, "lights.list", sizeof(lights));
    res_buffer(&reg, "lights.culled", sizeof(lights));
    res_buffer(&reg, "lights.readback", sizeof(lights));

    for (uint32_t i = 0; i < count; i++) {
        lights[i] = (struct light){
            .position = {(float)(i % 4), 1.0f, 2.0f * (float)i},
            .radius = 4.0f,
            .color = {1.0f, 0.9f, 0.7f},
            .intensity = 10.0f,
        };
    }
    const uint32_t visible = visible_lights(lights, count, 20.0f);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkBeginCommandBuffer(cmd, &begin);
    upload_pass(cmd, &reg, lights, count);
    cull_pass(cmd, &reg, visible);
    readback_pass(cmd, &reg, visible);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;

    const struct light *out = res_get(&reg, "lights.readback")->mapped;
    printf("%u visible, last at z %.1f\n", visible, out[visible - 1].position[2]);
    return 0;
}
