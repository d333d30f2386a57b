/*
 * engine_internal.h - the hazard engine's own state, shared by hazard.c (the
 * walk over a command buffer, the checks, the explanations) and access_map.c
 * (per-resource interval maps and the log of global barriers).  Not part of
 * the interface between folders.
 */
#ifndef VKSYNC_ENGINE_INTERNAL_H
#define VKSYNC_ENGINE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vksync/arena.h"
#include "vksync/finding.h"
#include "vksync/ir.h"

/* One access as the engine remembers it: which command, at which single
   stage, with which single access, and the stages of later commands it has
   been ordered before by execution dependency chains. */
typedef struct {
    uint32_t cmd;
    uint64_t stage, access;
    uint64_t exec_after;
    /* Ordered by something assumed rather than known (an unknown mask taken
       as "everything", an unmodelled command): a pair it orders is counted
       as left unknown, never as proved. */
    bool assumed;
} vks_access_rec;

/* (stages, accesses) pairs a write was made visible to. */
#define VKS_VIS_MAX 4

/* A part [start, end) of a resource's address space with one state. */
typedef struct {
    uint64_t start, end;
    bool has_write;
    vks_access_rec write;
    /* Stages ordered after an availability operation covering the write;
       0: the write is not available. */
    uint64_t avail_after;
    unsigned vis_count;
    uint64_t vis_stages[VKS_VIS_MAX], vis_access[VKS_VIS_MAX];
    /* Reads since the write, at most one per stage: a newer read at the
       same stage replaces the older (any barrier that orders the newer also
       orders the older, which was recorded before it). */
    vks_access_rec *reads;
    uint32_t read_count, read_cap;
} vks_segment;

/* A barrier as the engine applies it: scopes already expanded. */
typedef struct {
    uint64_t first, second;             /* synchronization scopes (stages) */
    uint64_t src_explicit, dst_explicit; /* stages of the access scopes */
    uint64_t src_access, dst_access;    /* expanded access masks */
    uint64_t kill;                      /* event channel bits to clear first */
    const vks_barrier *barrier;         /* NULL: a synthetic full barrier */
    bool assumed;                       /* built from an unknown or unmodelled */
} vks_scope;

/* Unknown masks become "everything"; each one counts in stats (may be NULL). */
vks_scope vks_scope_from_barrier(const vks_barrier *b, vks_stats *stats);
vks_scope vks_scope_everything(void);

void vks_segment_apply(vks_segment *seg, const vks_scope *const *scopes,
                       size_t count);
bool vks_segment_visible(const vks_segment *seg, uint64_t stage,
                         uint64_t access);

/* ---- address spaces (access_map.c) ---- */

typedef struct {
    uint64_t start, end;
} vks_interval;

/* 8 aspect slots x 32 mip levels: the most intervals one region maps to. */
#define VKS_MAX_INTERVALS 256

/* A region as intervals of its resource's linear address space.  Buffers:
   bytes.  Images: one unit per subresource, ordered (aspect, mip, layer), so
   a range of layers of one mip is one interval. */
size_t vks_region_intervals(const vks_program *p, const vks_region *r,
                            vks_interval out[VKS_MAX_INTERVALS]);

typedef struct {
    vks_segment *segs; /* sorted, disjoint; gaps have no state */
    size_t count, cap;
    size_t global_applied; /* global barrier groups applied so far */
} vks_res_state;

typedef struct {
    size_t first, count; /* into log */
} vks_scope_group;

typedef struct {
    const vks_program *program;
    vks_arena *arena;
    vks_res_state *res;
    /* Global barriers, one group per command, applied lazily. */
    vks_scope *log;
    size_t log_count, log_cap;
    vks_scope_group *groups;
    size_t group_count, group_cap;
    /* The barriers of the command being applied. */
    vks_scope *pending;
    size_t pending_count, pending_cap;
    const vks_scope **scratch;
    size_t scratch_cap;
} vks_access_map;

void vks_map_init(vks_access_map *m, const vks_program *p);
void vks_map_free(vks_access_map *m);
vks_res_state *vks_map_resource(vks_access_map *m, vks_res_id res);
/* Applies the global barriers logged since the resource was last touched. */
void vks_map_catch_up(vks_access_map *m, vks_res_id res);

/* The barriers of one command: begin, add each, end applies them all. */
void vks_map_begin_barriers(vks_access_map *m, uint32_t cmd);
void vks_map_add_barrier(vks_access_map *m, vks_scope scope);
void vks_map_end_barriers(vks_access_map *m);

/* Index of the first segment whose end is after pos. */
size_t vks_res_first_overlap(const vks_res_state *rs, uint64_t pos);
void vks_res_record_write(vks_access_map *m, vks_res_state *rs,
                          vks_interval iv, vks_access_rec rec);
void vks_res_record_read(vks_access_map *m, vks_res_state *rs,
                         vks_interval iv, vks_access_rec rec);

#endif
