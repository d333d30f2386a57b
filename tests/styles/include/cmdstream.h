/*
 * cmdstream.h - a byte-encoded command stream, as a threaded driver or a
 * WebGPU implementation records one: the front end serializes each command
 * into a byte buffer (a header with the opcode and the payload's size,
 * then the operands copied in with memcpy, padded to 8 bytes), and
 * the backend later decodes the buffer in order and issues the Vulkan
 * commands.  The backend is the program's own (its `replay()`).
 *
 *     struct cs_stream s;
 *     cs_init(&s);
 *     cs_fill(&s, buf, 0, 256, 0);
 *     cs_barrier(&s, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
 *                VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
 *     cs_copy(&s, buf, other, 0, 0, 256);
 *     replay(&s, cmd);                       // the program's decoder
 *     cs_reset(&s);                          // next frame
 */
#ifndef CMDSTREAM_H
#define CMDSTREAM_H

#include "lite.h"

enum cs_op {
    CS_OP_FILL = 1,
    CS_OP_COPY,
    CS_OP_BARRIER,
};

struct cs_header {
    uint32_t op;
    uint32_t size;     /* payload bytes, before padding */
};

struct cs_fill {
    VkBuffer buffer;
    VkDeviceSize offset, size;
    uint32_t value;
};

struct cs_copy {
    VkBuffer src, dst;
    VkBufferCopy region;
};

struct cs_barrier {
    VkPipelineStageFlags src_stage, dst_stage;
    VkAccessFlags src_access, dst_access;
};

#define CS_ALIGN(n) (((n) + 7u) & ~(size_t)7u)
#define CS_CAPACITY 4096

/* One batch of commands, as a threaded driver's batch: a fixed byte array
   filled front to back, replayed and reset once a frame. */
struct cs_stream {
    uint8_t data[CS_CAPACITY];
    size_t used;
    unsigned commands;
};

static void cs_init(struct cs_stream *s)
{
    s->used = 0;
    s->commands = 0;
}

/* Writes the header of a command with a payload of `size` bytes and
   returns where the payload goes. */
static uint8_t *cs_reserve(struct cs_stream *s, uint32_t op, uint32_t size)
{
    struct cs_header h = {op, size};
    uint8_t *at = s->data + s->used;

    if (s->used + sizeof h + CS_ALIGN(size) > CS_CAPACITY) {
        fprintf(stderr, "cmdstream: batch full\n");
        exit(1);
    }
    memcpy(at, &h, sizeof h);
    s->used += sizeof h + CS_ALIGN(size);
    s->commands++;
    return at + sizeof h;
}

static void cs_fill(struct cs_stream *s, VkBuffer buffer, VkDeviceSize offset,
                    VkDeviceSize size, uint32_t value)
{
    struct cs_fill f = {buffer, offset, size, value};
    memcpy(cs_reserve(s, CS_OP_FILL, sizeof f), &f, sizeof f);
}

static void cs_copy(struct cs_stream *s, VkBuffer src, VkBuffer dst,
                    VkDeviceSize src_offset, VkDeviceSize dst_offset, VkDeviceSize size)
{
    struct cs_copy c = {src, dst, {src_offset, dst_offset, size}};
    memcpy(cs_reserve(s, CS_OP_COPY, sizeof c), &c, sizeof c);
}

static void cs_barrier(struct cs_stream *s, VkPipelineStageFlags src_stage,
                       VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                       VkAccessFlags dst_access)
{
    struct cs_barrier b = {src_stage, dst_stage, src_access, dst_access};
    memcpy(cs_reserve(s, CS_OP_BARRIER, sizeof b), &b, sizeof b);
}

static void cs_reset(struct cs_stream *s)
{
    s->used = 0;
    s->commands = 0;
}

#endif
