/*
 * engine_internal.h - the hazard engine's own state, shared by its files:
 *   hazard.c        the walk over a command buffer, the checks;
 *   scope.c         barriers as scopes; what they do to one segment
 *                   (execution chains, availability, visibility);
 *   access_map.c    per-resource interval maps, the log of global barriers;
 *   events.c        events, render passes and queue family ownership
 *   render_pass.c   transfers, turned into scopes and accesses (qfot.c
 *   qfot.c          pairs releases with acquires);
 *   host_hazards.c  host accesses of mapped memory against device work;
 *   explain.c       messages and notes of the findings.
 * Not part of the interface between folders.
 */
#ifndef VKSYNC_ENGINE_INTERNAL_H
#define VKSYNC_ENGINE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vksync/arena.h"
#include "vksync/finding.h"
#include "vksync/ir.h"

/* What performed an access the engine remembers. */
typedef enum {
    VKS_REC_ACCESS,     /* an access of an action command */
    VKS_REC_TRANSITION, /* an image layout transition (read + write) */
    VKS_REC_LOAD_OP,    /* a render pass attachment load operation */
    VKS_REC_STORE_OP,   /* a render pass attachment store operation */
} vks_rec_kind;

/* One access as the engine remembers it: which command, at which single
   stage, with which single access, and the stages of later commands it has
   been ordered before by execution dependency chains. */
typedef struct {
    uint32_t cmd;
    uint64_t stage, access; /* transitions: 0, 0 (no stage of their own) */
    uint64_t exec_after;
    vks_rec_kind kind;
    uint32_t detail; /* TRANSITION: scope index in the command's scopes;
                        LOAD_OP / STORE_OP: attachment index */
    uint32_t scopes_before; /* scopes its command applied before it */
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
    /* Images: the layout this command buffer put the subresources in
       (VKS_LAYOUT_UNKNOWN until a transition in it), and which command. */
    uint32_t layout, layout_cmd;
    /* Content: written by content_cmd (and not discarded since); or
       discarded by the transition from UNDEFINED in discard_cmd after
       discarded_write_cmd wrote it, and nothing written since. */
    bool has_content, discarded;
    uint32_t content_cmd, discard_cmd, discarded_write_cmd;
} vks_segment;

typedef enum {
    VKS_QFOT_NONE,
    VKS_QFOT_RELEASE,
    VKS_QFOT_ACQUIRE,
    VKS_QFOT_UNKNOWN_SIDE, /* the command buffer's queue family is unknown */
} vks_qfot_role;

/* A barrier as the engine applies it: scopes already expanded. */
typedef struct {
    uint64_t first, second;              /* synchronization scopes (stages) */
    uint64_t src_explicit, dst_explicit; /* stages of the access scopes */
    uint64_t src_access, dst_access;     /* expanded access masks */
    uint64_t kill;                       /* event channel bits to clear first */
    const vks_barrier *barrier;          /* masks, region, loc (may be synthetic) */
    bool global;                         /* applies to every resource */
    bool transition;                     /* image layout transition old -> new */
    uint32_t old_layout, new_layout;
    bool exec_only_copy; /* the execution dependency of a buffer/image
                            barrier, applied to every resource */
    bool implicit;       /* an implicit ordering guarantee (render pass load,
                            store, rasterization order): not a barrier the
                            user wrote, never named in notes */
    bool event_wait;     /* first scope is an event's set operation */
    bool event_set;      /* second scope is an event's channel */
    vks_qfot_role qfot;
    uint32_t attachment; /* render pass transitions: attachment index, else UINT32_MAX */
    bool assumed;        /* built from an unknown or unmodelled command */
} vks_scope;

/* Stage bits no Vulkan stage uses (VkPipelineStageFlagBits2 stop at bit 41):
   "ordered before the signal of the event set on channel c" (events.c). */
#define VKS_EVENT_CHANNELS 8
#define VKS_EVENT_CHANNEL_BIT(c) ((uint64_t)1 << (56 + (c)))

/* ---- barriers as scopes, applied to one segment (scope.c) ---- */

/* Unknown masks become "everything"; each one counts in stats (may be NULL). */
vks_scope vks_scope_from_barrier(const vks_barrier *b, vks_stats *stats);
vks_scope vks_scope_everything(void);

void vks_segment_apply(vks_segment *seg, const vks_scope *const *scopes,
                       size_t count);
bool vks_segment_visible(const vks_segment *seg, uint64_t stage,
                         uint64_t access);
bool vks_in_first_sync_scope(const vks_access_rec *a, const vks_scope *s);
/* Whether some scope of one command makes the write available. */
bool vks_scopes_make_available(const vks_access_rec *write,
                               const vks_scope *const *scopes, size_t count);
/* Makes the segment's write visible to (stages, access). */
void vks_segment_add_visible(vks_segment *seg, uint64_t stages,
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
bool vks_regions_overlap(const vks_program *p, const vks_region *a,
                         const vks_region *b);

typedef struct {
    vks_segment *segs; /* sorted, disjoint; gaps have no state */
    size_t count, cap;
    size_t global_applied; /* global barrier groups applied so far */
} vks_res_state;

typedef struct {
    size_t first, count; /* into log */
    uint64_t first_scopes; /* union of the first scopes: what can be affected */
    uint64_t kill;         /* union of the event channels cleared */
} vks_scope_group;

/* Applies the barriers of one command to one segment of a resource that a
   buffer or image barrier of the command names (hazard.c: layout
   transitions are checked there). */
typedef void vks_segment_hook(void *ctx, vks_res_id res, vks_segment *seg,
                              const vks_scope *const *scopes, size_t count);

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
    const vks_scope **pending;
    size_t pending_count, pending_cap;
    const vks_scope **scratch;
    size_t scratch_cap;
    vks_segment_hook *hook;
    void *hook_ctx;
} vks_access_map;

void vks_map_init(vks_access_map *m, const vks_program *p,
                  vks_segment_hook *hook, void *hook_ctx);
void vks_map_free(vks_access_map *m);
vks_res_state *vks_map_resource(vks_access_map *m, vks_res_id res);
/* Applies the global barriers logged since the resource was last touched. */
void vks_map_catch_up(vks_access_map *m, vks_res_id res);

/* The barriers of one command: begin, add each (the scope must stay valid
   until end), end applies them all. */
void vks_map_begin_barriers(vks_access_map *m);
void vks_map_add_barrier(vks_access_map *m, const vks_scope *scope);
void vks_map_end_barriers(vks_access_map *m);

/* Index of the first segment whose end is after pos. */
size_t vks_res_first_overlap(const vks_res_state *rs, uint64_t pos);
void vks_res_record_write(vks_access_map *m, vks_res_state *rs,
                          vks_interval iv, vks_access_rec rec);
void vks_res_record_read(vks_access_map *m, vks_res_state *rs,
                         vks_interval iv, vks_access_rec rec);

/* ---- the walk over one command buffer (hazard.c) ---- */

/* A conflict found for one access: the most recent earlier access that is
   not ordered before it. */
typedef struct {
    vks_rule rule; /* VKS_RULE_COUNT: none */
    vks_access_rec earlier;
    bool earlier_is_write;
} vks_conflict;

/* The later side of a finding: an access of a command, or a layout
   transition of a barrier (rec.kind says which). */
typedef struct {
    uint32_t cmd;
    vks_access_rec rec;
    vks_region region;
    vks_loc loc;
} vks_later;

typedef struct {
    uint32_t set_cmd;  /* UINT32_MAX: not set in this command buffer */
    uint32_t channel;
    bool lost;         /* its channel was reused: waits are unknown */
    uint64_t src_stages;
} vks_event_state;

typedef struct {
    const vks_program *program;
    uint32_t cb_index;
    const vks_cmdbuf *cb;
    vks_findings *out;
    vks_stats *stats;
    vks_access_map map;
    /* Per command: the scopes it applied (for the explanations). */
    vks_scope **scopes;
    size_t *scope_count;
    /* The command whose barriers are being applied, its transition
       conflicts (one per scope) and layout mismatches found. */
    uint32_t barrier_cmd;
    vks_conflict *transition_conflicts;
    vks_later *transition_later;
    bool *mismatch_reported;
    /* Events (events.c). */
    vks_event_state *events;
    uint32_t channel_event[VKS_EVENT_CHANNELS];
    uint32_t next_channel;
    /* The render pass instance being recorded (render_pass.c). */
    const vks_cmd *render_pass;
    uint32_t render_pass_cmd, subpass;
} vks_walker;

/* Applies scopes[0..count) as the barriers of command `cmd` (they are kept
   for the explanations).  Reports layout transition hazards and mismatches. */
void vks_walk_scopes(vks_walker *w, uint32_t cmd, vks_scope *scopes,
                     size_t count);
/* Checks and records accesses of command `cmd` (all checked first). */
void vks_walk_accesses(vks_walker *w, uint32_t cmd, const vks_access *accesses,
                       const vks_rec_kind *kinds, const uint32_t *details,
                       size_t count);
/* A scope for barrier b of a command; buffer/image barriers also get their
   execution dependency as a global scope (returned count: 1 or 2).
   (scope.c) */
size_t vks_scopes_for_barrier(vks_walker *w, const vks_barrier *b,
                              vks_scope out[2]);

/* events.c */
void vks_walk_set_event(vks_walker *w, uint32_t cmd);
void vks_walk_reset_event(vks_walker *w, uint32_t cmd);
void vks_walk_wait_events(vks_walker *w, uint32_t cmd);
/* render_pass.c */
void vks_walk_begin_render_pass(vks_walker *w, uint32_t cmd);
void vks_walk_next_subpass(vks_walker *w, uint32_t cmd);
void vks_walk_end_render_pass(vks_walker *w, uint32_t cmd);
/* After an action command inside a render pass: rasterization order. */
void vks_walk_draw_done(vks_walker *w, uint32_t cmd);
/* qfot.c */
vks_qfot_role vks_qfot_role_of(const vks_walker *w, const vks_barrier *b);
void vks_check_qfot(const vks_program *p, vks_findings *out, vks_stats *stats);

/* explain.c */
/* Which path steps a finding about two commands shows: those the two
   accesses or the synchronization between them can depend on. */
typedef struct {
    const vks_cmdbuf *cb;
    uint32_t earlier, later; /* command indices */
} vks_step_filter;
/* Adds the path steps of cb (from *next) taken before command `upto` ran,
   in execution order, those `keep` selects (NULL: all); *next is where the
   next call continues. */
void vks_note_path_steps(const vks_cmdbuf *cb, vks_findings *out, vks_finding *f,
                         size_t *next, uint32_t upto, const vks_step_filter *keep);
void vks_add_conflict_finding(vks_walker *w, const vks_later *later,
                              const vks_conflict *c);
void vks_add_layout_mismatch_finding(vks_walker *w, const vks_later *later,
                                     const vks_segment *seg, uint32_t expected);
void vks_add_layout_discard_finding(vks_walker *w, const vks_later *later,
                                    const vks_segment *seg);
/* host_hazards.c: host accesses of mapped memory in a queue stream. */
typedef enum {
    VKS_HOST_ORDER_NONE,    /* no host wait between the two commands */
    VKS_HOST_ORDER_WAITED,  /* a host wait between them */
    VKS_HOST_ORDER_UNKNOWN, /* only a call that may wait (not analysed) */
} vks_host_order;
vks_host_order vks_host_waited(const vks_walker *w, uint32_t earlier, uint32_t later);
void vks_add_host_conflict_finding(vks_walker *w, const vks_later *later,
                                   const vks_conflict *c);
/* "vkCmdFillBuffer", "the layout transition of vkCmdPipelineBarrier2", ... */
const char *vks_describe_rec(const vks_walker *w, const vks_access_rec *rec);

#endif
