/*
 * arena.c - bump allocator freed as a whole (see include/vksync/arena.h).
 */
#include "vksync/arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ARENA_BLOCK = 64 * 1024, ARENA_ALIGN = 16 };

typedef struct arena_block {
    struct arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
} arena_block;

struct vks_arena {
    arena_block *head;
    size_t bytes;       /* in all blocks */
};

/* Not zeroed here: vks_arena_alloc zeroes what it hands out.  Zeroing
   whole 64 KiB blocks (calloc) was a ninth of vkcube-xcb's instructions,
   most of it for arenas that live for one state comparison and use a few
   hundred bytes of their block (merge.c). */
static arena_block *new_block(size_t size)
{
    arena_block *b = malloc(sizeof *b + size);
    if (!b) {
        fputs("vksync-lint: out of memory\n", stderr);
        abort();
    }
    b->next = NULL;
    b->used = 0;
    b->size = size;
    return b;
}

vks_arena *vks_arena_new(void)
{
    vks_arena *a = calloc(1, sizeof *a);
    if (!a) {
        fputs("vksync-lint: out of memory\n", stderr);
        abort();
    }
    return a;
}

void vks_arena_free(vks_arena *arena)
{
    if (!arena)
        return;
    for (arena_block *b = arena->head, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(arena);
}

size_t vks_arena_bytes(const vks_arena *arena)
{
    return arena ? arena->bytes : 0;
}

/* Memory as the blocks hold it: for callers that write every byte. */
static void *alloc_unzeroed(vks_arena *arena, size_t size)
{
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if (size == 0)
        size = ARENA_ALIGN;
    arena_block *b = arena->head;
    if (!b || b->size - b->used < size) {
        /* Large requests get a block of their own, behind the current one,
           so the current block keeps serving small requests. */
        if (size > ARENA_BLOCK / 4) {
            arena_block *big = new_block(size);
            arena->bytes += size;
            big->used = size;
            if (b) {
                big->next = b->next;
                b->next = big;
            } else {
                arena->head = big;
            }
            return big->data;
        }
        b = new_block(ARENA_BLOCK);
        arena->bytes += ARENA_BLOCK;
        b->next = arena->head;
        arena->head = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    return p;
}

void *vks_arena_alloc(vks_arena *arena, size_t size)
{
    return memset(alloc_unzeroed(arena, size), 0, size);
}

char *vks_arena_strdup(vks_arena *arena, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = alloc_unzeroed(arena, n);
    memcpy(p, s, n);
    return p;
}

/* Formatted once into a buffer on the stack when the text fits (names and
   keys, nearly always): formatting twice, to measure and then to write,
   was a tenth of the analyzer's time on a real renderer. */
char *vks_arena_printf(vks_arena *arena, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *p = alloc_unzeroed(arena, (size_t)n + 1);
    if ((size_t)n < sizeof small) {
        memcpy(p, small, (size_t)n + 1);
        return p;
    }
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void *vks_arena_grow(vks_arena *arena, void *items, size_t elem_size,
                     size_t *cap)
{
    size_t old = *cap;
    size_t new_cap = old ? old * 2 : 8;
    if (new_cap > SIZE_MAX / elem_size) {
        fputs("vksync-lint: out of memory\n", stderr);
        abort();
    }
    void *p = vks_arena_alloc(arena, new_cap * elem_size);
    if (old)
        memcpy(p, items, old * elem_size);
    *cap = new_cap;
    return p;
}
