// EXPECT: clean
// A barrier helper that takes its buffers as variadic arguments ended by
// a sentinel, as execl() takes its arguments: buffer_barriers(cmd, from,
// to, vertices, indices, END_OF_BUFFERS) makes one VkBufferMemoryBarrier
// per buffer with va_arg and records them in one vkCmdPipelineBarrier.
// The frame uploads vertices, indices and uniforms from one staging
// buffer, then bakes all three into the readback buffer, with one
// barrier call that lists the three uploaded buffers between.
#include <stdarg.h>

#include "lite.h"

#define VERTEX_BYTES 1024
#define INDEX_BYTES 512
#define UNIFORM_BYTES 256
#define MAX_BARRIERS 8
#define END_OF_BUFFERS ((VkBuffer)VK_NULL_HANDLE)

struct access {
    VkPipelineStageFlags stage;
    VkAccessFlags access;
};

static const struct access TRANSFER_WRITE = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
static const struct access TRANSFER_READ = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT};
static const struct access HOST_READ = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};

static void buffer_barriers(VkCommandBuffer cmd, struct access from, struct access to, ...)
{
    VkBufferMemoryBarrier barriers[MAX_BARRIERS];
    uint32_t count = 0;
    va_list ap;
    VkBuffer buffer;

    va_start(ap, to);
    while ((buffer = va_arg(ap, VkBuffer)) != END_OF_BUFFERS) {
        if (count == MAX_BARRIERS) {
            fprintf(stderr, "buffer_barriers: more than %d buffers\n", MAX_BARRIERS);
            break;
        }
        barriers[count++] = (VkBufferMemoryBarrier){
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
            .srcAccessMask = from.access,
            .dstAccessMask = to.access,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .buffer = buffer,
            .offset = 0,
            .size = VK_WHOLE_SIZE,
        };
    }
    va_end(ap);
    vkCmdPipelineBarrier(cmd, from.stage, to.stage, 0, 0, NULL, count, barriers, 0, NULL);
}

int main(void)
{
    struct lite ctx;
    VkBuffer staging, vertices, indices, uniforms, baked;
    VkDeviceMemory memory[5];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, VERTEX_BYTES + INDEX_BYTES + UNIFORM_BYTES, usage, &staging, &memory[0]) ||
        lite_buffer(&ctx, VERTEX_BYTES, usage, &vertices, &memory[1]) ||
        lite_buffer(&ctx, INDEX_BYTES, usage, &indices, &memory[2]) ||
        lite_buffer(&ctx, UNIFORM_BYTES, usage, &uniforms, &memory[3]) ||
        lite_buffer(&ctx, VERTEX_BYTES + INDEX_BYTES + UNIFORM_BYTES, usage, &baked, &memory[4]))
        return 1;

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    vkCmdFillBuffer(cmd, staging, 0, VK_WHOLE_SIZE, 0x01020304);
    buffer_barriers(cmd, TRANSFER_WRITE, TRANSFER_READ, staging, END_OF_BUFFERS);

    VkBufferCopy upload[3] = {
        {0, 0, VERTEX_BYTES},
        {VERTEX_BYTES, 0, INDEX_BYTES},
        {VERTEX_BYTES + INDEX_BYTES, 0, UNIFORM_BYTES},
    };
    vkCmdCopyBuffer(cmd, staging, vertices, 1, &upload[0]);
    vkCmdCopyBuffer(cmd, staging, indices, 1, &upload[1]);
    vkCmdCopyBuffer(cmd, staging, uniforms, 1, &upload[2]);
    buffer_barriers(cmd, TRANSFER_WRITE, TRANSFER_READ, vertices, indices, uniforms, END_OF_BUFFERS);

    VkBufferCopy bake[3] = {
        {0, 0, VERTEX_BYTES},
        {0, VERTEX_BYTES, INDEX_BYTES},
        {0, VERTEX_BYTES + INDEX_BYTES, UNIFORM_BYTES},
    };
    vkCmdCopyBuffer(cmd, vertices, baked, 1, &bake[0]);
    vkCmdCopyBuffer(cmd, indices, baked, 1, &bake[1]);
    vkCmdCopyBuffer(cmd, uniforms, baked, 1, &bake[2]);
    buffer_barriers(cmd, TRANSFER_WRITE, HOST_READ, baked, END_OF_BUFFERS);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("baked %d bytes\n", VERTEX_BYTES + INDEX_BYTES + UNIFORM_BYTES);
    return 0;
}
