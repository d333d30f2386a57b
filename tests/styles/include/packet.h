/*
 * packet.h - command packets with a flexible array member, as C programs
 * serialise work for a later pass: each packet is one malloc'ed block, an
 * opcode, an operand count and the operands as 64-bit words (handles
 * converted through uintptr_t, offsets and sizes, stage and access masks).
 *
 *     struct packet *p = pk_new(PK_COPY, 5);
 *     p->args[0] = pk_word(src); ...
 *     pk_push(&stream, p);
 *     for (uint32_t i = 0; i < stream.count; i++)
 *         decode(cmd, stream.items[i]);      // the program's
 *     pk_release(&stream);
 *
 * The packets are decoded by the program; a barrier packet's operands are
 * its stages and access masks followed by the buffers it covers, which the
 * decoder turns into a variable-length array of VkBufferMemoryBarrier.
 */
#ifndef PACKET_H
#define PACKET_H

#include "lite.h"

#include <stdint.h>
#include <stdlib.h>

enum packet_op { PK_FILL, PK_COPY, PK_BARRIER };

struct packet {
    uint32_t op, n;  /* opcode, number of operands */
    uint64_t args[]; /* C99 flexible array member */
};

/* PK_FILL:    dst, offset, size, value
   PK_COPY:    src, dst, src offset, dst offset, size
   PK_BARRIER: src stage, dst stage, src access, dst access, buffer... */
enum { PK_BARRIER_HEAD = 4 };

#define PK_MAX_PACKETS 32

struct pk_stream {
    struct packet *items[PK_MAX_PACKETS];
    uint32_t count;
};

static inline uint64_t pk_word(VkBuffer buffer)
{
#if VK_USE_64_BIT_PTR_DEFINES
    return (uint64_t)(uintptr_t)buffer;
#else
    return buffer;
#endif
}

static inline VkBuffer pk_buffer(uint64_t word)
{
#if VK_USE_64_BIT_PTR_DEFINES
    return (VkBuffer)(uintptr_t)word;
#else
    return word;
#endif
}

static inline struct packet *pk_new(uint32_t op, uint32_t n)
{
    struct packet *p = malloc(sizeof *p + n * sizeof p->args[0]);
    if (!p) {
        fprintf(stderr, "packet: out of memory\n");
        abort();
    }
    p->op = op;
    p->n = n;
    return p;
}

static inline struct packet *pk_fill(VkBuffer dst, VkDeviceSize offset, VkDeviceSize size,
                                     uint32_t value)
{
    struct packet *p = pk_new(PK_FILL, 4);
    p->args[0] = pk_word(dst);
    p->args[1] = offset;
    p->args[2] = size;
    p->args[3] = value;
    return p;
}

static inline struct packet *pk_copy(VkBuffer src, VkBuffer dst, VkDeviceSize src_offset,
                                     VkDeviceSize dst_offset, VkDeviceSize size)
{
    struct packet *p = pk_new(PK_COPY, 5);
    p->args[0] = pk_word(src);
    p->args[1] = pk_word(dst);
    p->args[2] = src_offset;
    p->args[3] = dst_offset;
    p->args[4] = size;
    return p;
}

static inline void pk_push(struct pk_stream *s, struct packet *p)
{
    if (s->count == PK_MAX_PACKETS) {
        fprintf(stderr, "packet: stream full\n");
        abort();
    }
    s->items[s->count++] = p;
}

static inline void pk_release(struct pk_stream *s)
{
    for (uint32_t i = 0; i < s->count; i++)
        free(s->items[i]);
    s->count = 0;
}

#endif
