/*
 * ir.h - the command IR: what the C front end (analyzer/) and the shader pass
 * (spirv/) produce, and what the engine (engine/) checks.
 *
 * docs/design.md, "Data flow" and "Unknown is never guessed".  Objects
 * refer to each other by index.  Every value
 * the front end could not resolve is marked unknown, never guessed; the
 * engine resolves unknowns in the direction that cannot produce a finding
 * (an unknown barrier mask is taken as "everything", an unknown access is
 * not checked) and counts them in vks_stats.unknown_questions.
 *
 * Stage and access values are Vulkan's own VkPipelineStageFlags2 /
 * VkAccessFlags2 bit values (sync1 values are the same bits), so the front
 * end can store what clang_Cursor_Evaluate folds without translating.
 */
#ifndef VKSYNC_IR_H
#define VKSYNC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vksync/arena.h"

/* A 64-bit flag value that may be unknown. */
typedef struct {
    uint64_t bits;
    bool known;
} vks_mask;
#define VKS_MASK(b) ((vks_mask){(uint64_t)(b), true})
#define VKS_MASK_UNKNOWN ((vks_mask){0, false})

/* VK_WHOLE_SIZE / VK_REMAINING_*: "to the end of the resource". */
#define VKS_WHOLE UINT64_MAX
#define VKS_REMAINING UINT32_MAX

/*
 * Where an IR element came from.  `caller` is the call site of the helper
 * function the element was recorded in (NULL when recorded directly in the
 * function being analysed), so notes can show the call chain.
 */
typedef struct vks_loc {
    const char *file; /* as given on the command line / in compile_commands */
    unsigned line, col;
    const struct vks_loc *caller;
} vks_loc;

/* Whether A and B name the same place: file (NULL counts as ""), line and
   column; their callers are not compared. */
bool vks_loc_equal(const vks_loc *a, const vks_loc *b);
/* Whether A and B are the same place reached through the same call chain. */
bool vks_loc_chain_equal(const vks_loc *a, const vks_loc *b);

typedef uint32_t vks_res_id;
#define VKS_RES_UNKNOWN UINT32_MAX

typedef enum { VKS_RES_BUFFER, VKS_RES_IMAGE } vks_res_kind;

typedef struct {
    vks_res_kind kind;
    const char *name; /* spelling for messages: "staging", "ctx->depth" */
    vks_loc decl;
    uint64_t size;    /* buffers: bytes, VKS_WHOLE when unknown */
    /* images: shape when known (VkImageCreateInfo), else 0 */
    uint32_t mip_levels, array_layers;
    uint32_t initial_layout; /* VkImageLayout; VKS_LAYOUT_UNKNOWN if not seen */
    /* The struct member the handle was read from ("Renderer.vertices"), or
       NULL: how a resource seen through `r->vertices` in two functions that
       are analysed separately is recognised as the same one (QFOT pairs). */
    const char *kept_in;
    /* Buffers: the memory object bound (vkBindBufferMemory), an identity
       the front end gives it, and the offset; memory_conflict when bound
       differently along two paths.  Buffers bound to one memory object
       share one address space (aliased, memory_root: the one bound
       lowest; memory_shift: this buffer's offset from it), so the engine
       compares their accesses byte for byte (vks_bind_buffer_memory). */
    const char *memory;
    uint64_t memory_offset;
    bool memory_conflict;
    bool aliased;
    vks_res_id memory_root;
    uint64_t memory_shift;
} vks_resource;

#define VKS_LAYOUT_UNKNOWN UINT32_MAX

/*
 * A region of one resource.  Buffers: bytes [offset, offset+size), size may
 * be VKS_WHOLE.  Images: a VkImageSubresourceRange (counts may be
 * VKS_REMAINING).  range_known false: the resource is known but not which
 * part of it.
 */
typedef struct {
    vks_res_id res;
    bool range_known;
    uint64_t offset, size;                 /* buffers */
    uint32_t aspect_mask;                  /* images */
    uint32_t base_mip, mip_count;
    uint32_t base_layer, layer_count;
} vks_region;

/*
 * One memory access performed by an action command: exactly one stage bit
 * and exactly one access bit (never a meta flag such as ALL_COMMANDS or
 * SHADER_READ).  Whether it writes is derived from the access bit
 * (vks_access_is_write).  known false: the command accesses something the
 * front end could not identify (e.g. a dispatch whose shader is not linked):
 * the engine checks nothing for it.
 */
typedef struct {
    bool known;
    vks_region region;
    uint64_t stage;
    uint64_t access;
    uint32_t layout; /* images: the layout the command uses, else VKS_LAYOUT_UNKNOWN */
} vks_access;

typedef enum {
    VKS_BARRIER_GLOBAL, /* VkMemoryBarrier(2), or sync1's execution-only part */
    VKS_BARRIER_BUFFER,
    VKS_BARRIER_IMAGE,
} vks_barrier_kind;

/*
 * A barrier in sync2 form (VkMemoryBarrier2 / VkBufferMemoryBarrier2 /
 * VkImageMemoryBarrier2).  Sync1 vkCmdPipelineBarrier is normalised by the
 * front end: each of its memory barriers gets the command's stage masks, and
 * one extra GLOBAL barrier with access masks 0 carries the command's
 * execution dependency (sync1 creates it even with no barrier structs).
 */
typedef struct {
    vks_barrier_kind kind;
    vks_mask src_stages, src_access;
    vks_mask dst_stages, dst_access;
    vks_region region;                   /* BUFFER / IMAGE */
    uint32_t old_layout, new_layout;     /* IMAGE; VKS_LAYOUT_UNKNOWN if unknown */
    uint32_t src_queue_family, dst_queue_family; /* VK_QUEUE_FAMILY_IGNORED = ~0u */
    vks_loc loc;                         /* where the barrier struct was filled */
    /* BEGIN_RENDER_PASS only: a VkSubpassDependency(2) between these
       subpasses (VKS_SUBPASS_EXTERNAL = VK_SUBPASS_EXTERNAL). */
    uint32_t src_subpass, dst_subpass;
    /* Queue streams only (a host wait for a fence): when limited, only
       the commands of the stream before first_scope_end are in the first
       synchronization scope - those submitted up to the submission that
       signals the fence (analyzer/submit.c). */
    bool first_scope_limited;
    uint32_t first_scope_end;
    /* vkCmdPipelineBarrier's own execution dependency, next to the
       structs the program passed (analyzer/commands.c): no struct of the
       program's, so findings name the structs, not it. */
    bool execution_part;
} vks_barrier;

#define VKS_SUBPASS_EXTERNAL UINT32_MAX
#define VKS_QUEUE_FAMILY_IGNORED UINT32_MAX

/*
 * One attachment of a render pass instance (BEGIN_RENDER_PASS): the image
 * view's subresource range, what the load and store operations do, and the
 * layouts ("Render Pass Load/Store Operations", "Render Pass Layout
 * Transitions").  One layout for every subpass that uses it.
 */
typedef enum {
    VKS_LOAD_OP_LOAD,
    VKS_LOAD_OP_CLEAR,
    VKS_LOAD_OP_DONT_CARE,
    VKS_LOAD_OP_NONE,
} vks_load_op;
typedef enum {
    VKS_STORE_OP_STORE,
    VKS_STORE_OP_DONT_CARE,
    VKS_STORE_OP_NONE,
} vks_store_op;

typedef struct {
    vks_region region;
    bool depth_stencil; /* else a color attachment */
    vks_load_op load_op;
    vks_store_op store_op;
    uint32_t initial_layout, layout, final_layout; /* VKS_LAYOUT_UNKNOWN if unknown */
    vks_loc loc; /* where the VkAttachmentDescription was filled */
} vks_attachment;

typedef enum {
    VKS_CMD_ACTION,        /* copy, fill, dispatch, draw, ...: accesses */
    VKS_CMD_BARRIER,       /* vkCmdPipelineBarrier(2) */
    VKS_CMD_SET_EVENT,     /* vkCmdSetEvent(2): barriers hold the first scope */
    VKS_CMD_RESET_EVENT,
    VKS_CMD_WAIT_EVENTS,   /* vkCmdWaitEvents(2): barriers hold the dependency */
    VKS_CMD_BEGIN_RENDER_PASS,
    VKS_CMD_NEXT_SUBPASS,
    VKS_CMD_END_RENDER_PASS,
    VKS_CMD_EXECUTE_COMMANDS,
    VKS_CMD_UNKNOWN,       /* a vkCmd* the front end does not model */
} vks_cmd_kind;

typedef struct {
    vks_cmd_kind kind;
    const char *name;        /* the Vulkan entry point, "vkCmdCopyBuffer" */
    vks_loc loc;             /* the call */
    vks_access *accesses;
    size_t access_count, access_cap;
    vks_barrier *barriers;
    size_t barrier_count, barrier_cap;
    vks_mask dependency_flags;
    uint32_t event;          /* events: index into vks_program.event_names */
    uint32_t secondary;      /* EXECUTE_COMMANDS: command buffer index */
    /* WAIT_EVENTS on several events: all of them (event is the first). */
    uint32_t *events;
    size_t event_count, event_cap;
    /* BEGIN_RENDER_PASS: the attachments; barriers hold the subpass
       dependencies. */
    vks_attachment *attachments;
    size_t attachment_count, attachment_cap;
    /* In a queue stream (analyzer/submit.c): the vkQueueSubmit* call that
       submitted the command, or NULL. */
    const vks_loc *submitted_by;
    /* In a queue stream: a host wait (vkWaitForFences, vkQueueWaitIdle,
       vkDeviceWaitIdle) - every earlier command of the stream (or, for a
       fence, those before its barrier's first_scope_end) happens-before
       the host accesses after it. */
    bool host_wait;
    /* A draw: inside a render pass instance it reads and writes the
       subpass's attachments (a secondary command buffer's draws get the
       attachments of the subpass that executes it). */
    bool uses_attachments;
} vks_cmd;

/*
 * Host operations (docs/design.md, "Data flow").  A host read or write of
 * mapped
 * memory is an ACTION command in the queue streams of its path (submit.c),
 * named VKS_HOST_READ / VKS_HOST_WRITE, whose accesses have stage
 * VK_PIPELINE_STAGE_2_HOST_BIT and access HOST_READ / HOST_WRITE; its loc
 * is the host statement.  Host waits are stream commands with host_wait;
 * vkQueueSubmit's implicit ordering of earlier host writes is a barrier
 * from HOST / HOST_WRITE (named VKS_HOST_SUBMIT_ORDER).  vkMapMemory,
 * vkFlushMappedMemoryRanges and vkInvalidateMappedMemoryRanges stay in the
 * front end (analyzer/host.c): coherency is not modelled.
 */
#define VKS_HOST_READ "host read"
#define VKS_HOST_WRITE "host write"
#define VKS_HOST_SUBMIT_ORDER "vkQueueSubmit (host write ordering)"
/* A submitted command buffer whose recording the path cannot name
   (`pCommandBuffers = &frames[current].cmd` with `current` an acquired
   image index): a VKS_CMD_UNKNOWN in the stream, taken as a full barrier. */
#define VKS_SUBMITTED_UNSEEN "vkQueueSubmit (recording not seen)"

/*
 * One recording of a command buffer: vkBeginCommandBuffer ... vkEnd on one
 * handle, along one path through the recording code.  path_steps describe
 * the choices that path made ("`use_compute` is false"), shown as notes.
 */
typedef struct {
    const char *name;        /* handle spelling, "cmd" */
    vks_loc begin, end;
    const char *function;    /* the C function that records it */
    /* Submitted: its commands are checked once, as part of the stream of
       its queue's submissions (analyzer/submit.c), not alone. */
    bool in_queue_stream;
    uint32_t queue_family;   /* of the pool; VKS_QUEUE_FAMILY_IGNORED: unknown */
    vks_cmd *cmds;
    size_t cmd_count, cmd_cap;
    vks_loc *path_steps;     /* loc + message per branch decision */
    const char **path_step_text;
    size_t *path_step_cmd;   /* how many of cmds were recorded before it */
    size_t path_step_count, path_step_cap;
} vks_cmdbuf;

typedef struct {
    vks_arena *arena;
    vks_resource *resources;
    size_t resource_count, resource_cap;
    vks_cmdbuf *cmdbufs;
    size_t cmdbuf_count, cmdbuf_cap;
    const char **event_names;
    size_t event_count, event_cap;
} vks_program;

/* ---- builder: how the front end and the unit tests construct IR ---- */

vks_program *vks_program_new(vks_arena *arena);

vks_res_id vks_add_buffer(vks_program *p, const char *name, uint64_t size,
                          vks_loc decl);
vks_res_id vks_add_image(vks_program *p, const char *name, uint32_t mips,
                         uint32_t layers, uint32_t initial_layout,
                         vks_loc decl);
uint32_t vks_add_event(vks_program *p, const char *name);
/* The buffer is bound to `memory` (an identity) at a known offset. */
void vks_bind_buffer_memory(vks_program *p, vks_res_id res, const char *memory,
                            uint64_t offset);
/* The resource whose address space holds res's accesses: its memory root
   when aliased, else res itself. */
vks_res_id vks_memory_key(const vks_program *p, vks_res_id res);

/* Returns the index of the new command buffer. */
uint32_t vks_begin_cmdbuf(vks_program *p, const char *name,
                          const char *function, vks_loc begin);
void vks_end_cmdbuf(vks_program *p, uint32_t cb, vks_loc end);
/* A path step after the commands recorded so far in cb. */
void vks_add_path_step(vks_program *p, uint32_t cb, vks_loc loc,
                       const char *text);
/* A path step taken after the first before_cmd commands of cb. */
void vks_add_path_step_at(vks_program *p, uint32_t cb, vks_loc loc,
                          const char *text, size_t before_cmd);

/* Appends a command; the pointer is valid until the next append to cb. */
vks_cmd *vks_add_cmd(vks_program *p, uint32_t cb, vks_cmd_kind kind,
                     const char *name, vks_loc loc);
void vks_cmd_add_access(vks_program *p, vks_cmd *cmd, vks_access access);
void vks_cmd_add_barrier(vks_program *p, vks_cmd *cmd, vks_barrier barrier);
/* SET_EVENT / RESET_EVENT / WAIT_EVENTS: the event(s) (vks_add_event). */
void vks_cmd_add_event(vks_program *p, vks_cmd *cmd, uint32_t event);
void vks_cmd_add_attachment(vks_program *p, vks_cmd *cmd,
                            vks_attachment attachment);

/* Convenience constructors. */
vks_region vks_buffer_region(vks_res_id res, uint64_t offset, uint64_t size);
vks_region vks_image_region(vks_res_id res, uint32_t aspect, uint32_t base_mip,
                            uint32_t mip_count, uint32_t base_layer,
                            uint32_t layer_count);
vks_region vks_whole_region(vks_res_id res);
vks_access vks_known_access(vks_region region, uint64_t stage, uint64_t access);
vks_access vks_unknown_access(void);
/* Whether command `cmd` of the stream is in the barrier's first
   synchronization scope as far as first_scope_end goes (always, for a
   barrier whose first scope is not limited). */
bool vks_barrier_scope_reaches(const vks_barrier *b, uint32_t cmd);
vks_barrier vks_global_barrier(vks_mask src_stages, vks_mask src_access,
                               vks_mask dst_stages, vks_mask dst_access,
                               vks_loc loc);
vks_barrier vks_buffer_barrier(vks_mask src_stages, vks_mask src_access,
                               vks_mask dst_stages, vks_mask dst_access,
                               vks_region region, vks_loc loc);
vks_barrier vks_image_barrier(vks_mask src_stages, vks_mask src_access,
                              vks_mask dst_stages, vks_mask dst_access,
                              vks_region region, uint32_t old_layout,
                              uint32_t new_layout, vks_loc loc);
/* A VkSubpassDependency: src_subpass / dst_subpass may be
   VKS_SUBPASS_EXTERNAL. */
vks_barrier vks_subpass_dependency(uint32_t src_subpass, uint32_t dst_subpass,
                                   vks_mask src_stages, vks_mask src_access,
                                   vks_mask dst_stages, vks_mask dst_access,
                                   vks_loc loc);

/* Equality, for the front end's paths: two recordings with the same
   commands (vks_loc_equal above for locations). */
bool vks_cmdbuf_equal(const vks_cmdbuf *a, const vks_cmdbuf *b);
/* FNV-1a (start from VKS_HASH_SEED, or go on from an earlier result). */
#define VKS_HASH_SEED 1469598103934665603u
static inline uint64_t vks_hash_bytes(uint64_t h, const void *bytes, size_t n)
{
    const unsigned char *b = bytes;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}
/* A command folded into h: what vks_cmdbuf_equal compares of it, and the
   events it sets or waits for (the front end's commands in flight). */
uint64_t vks_cmd_hash(uint64_t h, const vks_cmd *c);
/* The same with each resource folded in by namer->hash instead of its id:
   two paths' commands on objects that are the same up to renaming hash
   equal (the front end's states at waits). */
typedef struct {
    uint64_t (*hash)(void *data, uint64_t h, vks_res_id res);
    void *data;
} vks_res_namer;
uint64_t vks_cmd_hash_named(uint64_t h, const vks_cmd *c, const vks_res_namer *namer);
/* Rolling back what a path recorded: keeps the command buffers [0, keep). */
void vks_program_truncate(vks_program *p, size_t keep);
/* Drops each command buffer from index `from` on that equals one in
   [first, from), or whose index is listed in `drop` (n of them). */
void vks_program_drop_repeated(vks_program *p, size_t first, size_t from);
void vks_program_drop_listed(vks_program *p, size_t from, const uint32_t *drop,
                             size_t n);

/* Prints the IR in a stable text form (for tests and --dump-ir). */
#include <stdio.h>
void vks_program_print(const vks_program *p, FILE *out);

#endif
