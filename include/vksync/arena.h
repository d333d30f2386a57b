/*
 * arena.h - memory by lifetime.
 *
 * Everything the analysis of one translation unit or one shader allocates
 * lives in one arena and is freed at once (docs/design.md, "Memory:
 * arenas").  Strings that come
 * from libclang, SPIRV-Cross or Z3 are copied in with vks_arena_strdup and
 * the foreign string is disposed at once.
 */
#ifndef VKSYNC_ARENA_H
#define VKSYNC_ARENA_H

#include <stddef.h>

typedef struct vks_arena vks_arena;

vks_arena *vks_arena_new(void);
void vks_arena_free(vks_arena *arena);

/* How much memory the arena holds (its blocks), in bytes. */
size_t vks_arena_bytes(const vks_arena *arena);
/* Zeroed memory, aligned for any type; never returns NULL (aborts on OOM). */
void *vks_arena_alloc(vks_arena *arena, size_t size);
char *vks_arena_strdup(vks_arena *arena, const char *s);
char *vks_arena_printf(vks_arena *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Growable arrays inside an arena: VKS_PUSH(arena, items, count, cap, value)
 * appends, doubling the capacity by copying (the old block stays in the arena
 * until it is freed as a whole).
 */
void *vks_arena_grow(vks_arena *arena, void *items, size_t elem_size,
                     size_t *cap);
#define VKS_PUSH(arena, items, count, cap, value)                              \
    do {                                                                       \
        if ((count) == (cap))                                                  \
            (items) = vks_arena_grow((arena), (items), sizeof *(items), &(cap)); \
        (items)[(count)++] = (value);                                          \
    } while (0)

#endif
