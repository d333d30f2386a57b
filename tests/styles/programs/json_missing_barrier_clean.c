// EXPECT: clean
// A frame described in a JSON-like text (scene.h): the description is
// embedded in the program, parsed at start-up by scene.h's recursive-
// descent parser into an array of passes, and each frame records the passes
// in order, mapping their words to operations and stages with the program's
// own tables.  The description clears buffer 0, copies it to buffer 1 and
// buffer 1 on to buffer 2, with a barrier entry before each copy (a label
// the parser does not know is skipped).
#include "scene.h"

static const char frame_json[] =
    "{ buffers: 3, bytes: 1024, label: \"copy_chain\",\n"
    "  passes: [\n"
    "    {op: fill, dst: 0, value: 0x3f800000},\n"
    "    {op: barrier, from: transfer, to: transfer},\n"
    "    {op: copy, src: 0, dst: 1},\n"
    "    {op: barrier, from: transfer, to: transfer},\n"
    "    {op: copy, src: 1, dst: 2}\n"
    "  ] }\n";
enum op { OP_FILL, OP_COPY, OP_BARRIER, OP_UNKNOWN };

static const struct {
    const char *name;
    enum op op;
} ops[] = {{"fill", OP_FILL}, {"copy", OP_COPY}, {"barrier", OP_BARRIER}};

static const struct {
    const char *name;
    VkPipelineStageFlags stage;
    VkAccessFlags src_access, dst_access;
} stages[] = {
    {"transfer", VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
     VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT},
    {"compute", VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
     VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT},
    {"host", VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_WRITE_BIT, VK_ACCESS_HOST_READ_BIT},
};

static enum op op_of(const char *name)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i].name, name) == 0)
            return ops[i].op;
    return OP_UNKNOWN;
}

static int stage_of(const char *name)
{
    for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++)
        if (strcmp(stages[i].name, name) == 0)
            return (int)i;
    return -1;
}

static int record_frame(VkCommandBuffer cmd, const struct scene *scene, const VkBuffer *bufs)
{
    for (unsigned i = 0; i < scene->count; i++) {
        const struct scene_pass *p = &scene->passes[i];
        switch (op_of(p->op)) {
        case OP_FILL:
            vkCmdFillBuffer(cmd, bufs[p->dst], 0, scene->bytes, (uint32_t)p->value);
            break;
        case OP_COPY: {
            VkBufferCopy region = {0, 0, scene->bytes};
            vkCmdCopyBuffer(cmd, bufs[p->src], bufs[p->dst], 1, &region);
            break;
        }
        case OP_BARRIER: {
            int from = stage_of(p->from), to = stage_of(p->to);
            if (from < 0 || to < 0)
                return -1;
            VkMemoryBarrier mb = {
                .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                .srcAccessMask = stages[from].src_access,
                .dstAccessMask = stages[to].dst_access,
            };
            vkCmdPipelineBarrier(cmd, stages[from].stage, stages[to].stage, 0, 1, &mb, 0,
                                 NULL, 0, NULL);
            break;
        }
        default:
            fprintf(stderr, "pass %u: unknown op '%s'\n", i, p->op);
            return -1;
        }
    }
    return 0;
}

int main(void)
{
    struct lite vk;
    struct scene scene;
    VkBuffer bufs[8];
    VkDeviceMemory mem[8];
    VkCommandBuffer cmd;

    if (scene_parse(&scene, frame_json) != 0) {
        fprintf(stderr, "frame_json: syntax error at offset %ld\n", scene.error_at);
        return 1;
    }
    if (scene.buffers > 8 || lite_init(&vk) != 0)
        return 1;
    for (unsigned i = 0; i < scene.buffers; i++)
        if (lite_buffer(&vk, scene.bytes,
                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                        &bufs[i], &mem[i]) != VK_SUCCESS)
            return 1;
    if (lite_alloc(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS || record_frame(cmd, &scene, bufs) != 0 ||
        vkEndCommandBuffer(cmd) != VK_SUCCESS || lite_submit(&vk, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u passes\n", scene.count);
    return 0;
}
