// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 31
// A byte-encoded command stream (cmdstream.h): the frame serializes its
// commands into a byte buffer, and replay() decodes it - a header with
// the opcode and payload size, the operands memcpy'd out, padded to
// 8 bytes - and issues the Vulkan commands.  The frame clears a counter
// buffer and copies it into the readback buffer; the barrier command was
// never written into the stream between the two.
#include "cmdstream.h"

#define COUNTER_BYTES 1024

static void replay(const struct cs_stream *s, VkCommandBuffer cmd)
{
    size_t at = 0;

    while (at < s->used) {
        struct cs_header h;
        const uint8_t *payload = s->data + at + sizeof h;

        memcpy(&h, s->data + at, sizeof h);
        switch (h.op) {
        case CS_OP_FILL: {
            struct cs_fill f;
            memcpy(&f, payload, sizeof f);
            vkCmdFillBuffer(cmd, f.buffer, f.offset, f.size, f.value);
            break;
        }
        case CS_OP_COPY: {
            struct cs_copy c;
            memcpy(&c, payload, sizeof c);
            vkCmdCopyBuffer(cmd, c.src, c.dst, 1, &c.region);
            break;
        }
        case CS_OP_BARRIER: {
            struct cs_barrier b;
            memcpy(&b, payload, sizeof b);
            VkMemoryBarrier mb = {
                .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                .srcAccessMask = b.src_access,
                .dstAccessMask = b.dst_access,
            };
            vkCmdPipelineBarrier(cmd, b.src_stage, b.dst_stage, 0, 1, &mb, 0, NULL, 0, NULL);
            break;
        }
        default:
            fprintf(stderr, "replay: bad opcode %u at %zu\n", h.op, at);
            abort();
        }
        at += sizeof h + CS_ALIGN(h.size);
    }
}

int main(void)
{
    struct lite ctx;
    struct cs_stream stream;
    VkBuffer counters, readback;
    VkDeviceMemory memory[2];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, COUNTER_BYTES, usage, &counters, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, COUNTER_BYTES, usage, &readback, &memory[1]) != VK_SUCCESS)
        return 1;

    cs_init(&stream);
    cs_fill(&stream, counters, 0, COUNTER_BYTES, 0);
    cs_copy(&stream, counters, readback, 0, 0, COUNTER_BYTES);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    replay(&stream, cmd);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u commands, %zu bytes\n", stream.commands, stream.used);
    return 0;
}
