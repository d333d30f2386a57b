/*
 * frontend_internal.h - shared between the files of analyzer/ only: the
 * abstract values the evaluator computes, the evaluation context, and the
 * Vulkan command models.  libclang's types appear here, so this header must
 * never be included outside analyzer/ (DESIGN.md section 5).
 */
#ifndef VKSYNC_FRONTEND_INTERNAL_H
#define VKSYNC_FRONTEND_INTERNAL_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stdint.h>

#include "vksync/analyzer.h"
#include "vksync/smt.h"

/*
 * An abstract value.  Values are mutable trees in the arena: a variable's
 * value is one node that is updated in place, so a pointer (&b, an array
 * decayed to a pointer) keeps seeing later assignments to its target.
 *
 * VAL_INT   a known integer (masks, sizes, counts, enum values).
 * VAL_SYM   a value the evaluator cannot compute but can name: a parameter,
 *           a field read through a parameter, an uninitialised local.  Two
 *           reads of the same unmodified lvalue give the same `ident`, which
 *           is how Vulkan handles become resources ("same spelling in one
 *           function = same resource").  As a number it is unknown.
 * VAL_UNKNOWN  nothing is known, not even an identity.
 * VAL_PTR   points at element `index` of `target` (an array node) or, when
 *           `single`, at the node itself.
 * Any node may also have fields: struct members by name, array elements as
 * "[i]", the pointee of a symbolic pointer as "*".
 */
typedef enum { VAL_UNKNOWN, VAL_INT, VAL_SYM, VAL_PTR } fe_val_kind;

typedef struct fe_val fe_val;
typedef struct fe_field {
    const char *name;
    fe_val *value;
    struct fe_field *next;
} fe_field;

struct fe_val {
    fe_val_kind kind;
    uint64_t i;              /* VAL_INT */
    const char *ident;       /* VAL_SYM: identity; also base of child idents */
    const char *spelling;    /* for messages: "ctx->staging" */
    bool via_pointer;        /* spelling of a member is "S->f", not "S.f" */
    fe_field *fields;
    bool zero_rest;          /* aggregate initialised: absent fields are 0 */
    bool aggregate;          /* a struct or array object */
    /* Where a struct member's value lives, by type: "Renderer.color"
       (objects.c links a handle created in one function to its reads in
       another through it). */
    const char *member_key;
    fe_val *target;          /* VAL_PTR */
    int64_t index;
    bool single;
    vks_loc loc;             /* aggregates: where declared / filled */
    /* Mapped memory (host.c): a pointer into a vkMapMemory mapping, or with
       mapped_place the object it points at; map_offset is in bytes from the
       start of the mapping. */
    const struct fe_mapping *mapping;
    bool mapped_place;
    bool map_offset_known;
    uint64_t map_offset;
    const char *string;      /* a char array holding this known C string
                                (a literal, snprintf's output; strings.c) */
};

/* A variable binding in a frame or the global scope. */
typedef struct fe_binding {
    const char *key;
    fe_val *value;
    struct fe_binding *next;
} fe_binding;

typedef struct fe_frame {
    fe_binding *locals;
    const vks_loc *call_site;   /* NULL in the function being analysed */
    const char *function;
    int depth;
} fe_frame;

typedef struct fe_recording {
    const char *ident;          /* the command buffer handle's identity */
    uint32_t cmdbuf;
    struct fe_cmdbuf_state *state; /* bound buffers, render pass (objects.c) */
    size_t *cmd_seq;            /* fe_ctx.seq when each command was added */
    size_t cmd_seq_count, cmd_seq_cap;
    struct fe_recording *next;
} fe_recording;

typedef struct fe_resource_entry {
    const char *ident;
    vks_res_id id;
    struct fe_resource_entry *next;
} fe_resource_entry;

/* A function definition any analysed file provides, by USR. */
typedef struct fe_function {
    const char *usr;
    CXCursor definition;
    size_t index;               /* in fe_ctx.function_list */
    struct fe_function *next;   /* in its hash bucket */
} fe_function;

/* A translation unit's main file: clang's name for it and the path as
   given, which is what locations show. */
typedef struct fe_file_name {
    const char *clang_name, *given;
    struct fe_file_name *next;
} fe_file_name;

/* One branch decision on the current path (paths.c). */
typedef struct {
    unsigned chosen, alternatives;
} fe_decision;

/* What a path assumes: cond is non-zero (truth) or zero (!truth). */
typedef struct {
    const vks_smt_expr *cond;
    bool truth;
} fe_fact;

typedef struct {
    const fe_fact *facts;
    unsigned fact_count;
    const char *text;       /* the path step: "`use_compute` is false" */
} fe_alternative;

enum { FE_FUNCTION_BUCKETS = 256 };

/* The shader link's state (analyzer/pipeline_link.c). */
typedef struct fe_link fe_link;

enum { FE_MAX_STEPS_PER_FUNCTION = 300000 };

typedef struct fe_ctx {
    vks_arena *arena;
    vks_program *program;
    vks_findings *findings;
    vks_stats *stats;
    fe_binding *globals;
    fe_resource_entry *resources;
    fe_recording *recordings;   /* open vkBegin..vkEnd pairs */
    struct fe_submit_state *submit; /* this path's queue streams (submit.c) */
    fe_recording *current;      /* the one a command model is recording into */
    struct fe_objects *objects; /* created Vulkan objects (objects.c) */
    fe_frame *frame;
    const char *root_function;
    struct fe_return_state *ret;  /* the innermost function's return */
    struct fe_loop_state *loop;   /* the innermost loop's break/continue */
    unsigned havoc_generation;
    fe_file_name *file_names;
    const char *default_path;     /* for locations without a file */
    fe_function *functions[FE_FUNCTION_BUCKETS];
    fe_function **function_list; /* in file order, then source order */
    size_t function_count, function_cap;

    /* The path being executed (paths.c).  decisions[0..forced_count) are
       replayed from the previous path; later ones are made afresh. */
    fe_decision *decisions;
    unsigned decision_count, decision_cap, forced_count;
    fe_fact *facts;
    size_t fact_count, fact_cap;
    vks_loc *step_locs;
    const char **step_texts;
    size_t *step_seq;           /* fe_ctx.seq when the step was taken */
    size_t seq;                 /* counts commands recorded on this path */
    size_t step_count, step_cap;
    bool path_dead;             /* an infeasible decision: stop this path */
    /* Statements executed for the current root function, over all its
       paths; past FE_MAX_STEPS_PER_FUNCTION the function is abandoned
       (vksync-incomplete), so time and memory stay bounded on any input. */
    size_t steps;
    bool out_of_steps;
    bool path_exited;           /* the program ends on this path (exit()) */
    bool pending_goto;          /* a `goto` is unwinding to its label */
    CXCursor goto_target, goto_from;
    bool decisions_capped;      /* past MAX_DECISIONS_PER_PATH on this path */
    vks_smt_solver *solver;
    unsigned fresh_names;
    fe_link *link;              /* shaders to link dispatches to, or NULL */
    /* Functions that never return / cannot submit (program_end.c), by USR. */
    struct fe_end_info *end_info[FE_FUNCTION_BUCKETS];
    struct fe_host_state *host; /* buffers bound to memory (host.c) */
} fe_ctx;

/* ---- values (analyzer/values.c) ---- */
fe_val *fe_int(fe_ctx *cx, uint64_t i);
fe_val *fe_unknown(fe_ctx *cx);
fe_val *fe_sym(fe_ctx *cx, const char *ident, const char *spelling);
fe_val *fe_copy(fe_ctx *cx, const fe_val *v);
/* Overwrites *dst with a copy of src, keeping dst's node (pointers to it
   stay valid). */
void fe_assign(fe_ctx *cx, fe_val *dst, const fe_val *src);
/* The child node `name` of v, created on first use: 0 when v was
   initialised as an aggregate, else a symbol named after v. */
fe_val *fe_child(fe_ctx *cx, fe_val *v, const char *name);
/* Reads a child without creating it (NULL when v has none and is not
   zero-initialised; a zero-initialised absent child reads as 0). */
const fe_val *fe_peek(fe_ctx *cx, const fe_val *v, const char *name);
fe_val *fe_element(fe_ctx *cx, fe_val *array, int64_t index);
/* *p: the node p points at, or NULL when p is not a usable pointer. */
fe_val *fe_deref(fe_ctx *cx, fe_val *p, int64_t extra_index);
vks_mask fe_mask(const fe_val *v);
bool fe_known_int(const fe_val *v, uint64_t *out);

/* ---- evaluation (analyzer/eval.c) ---- */
vks_loc fe_loc(fe_ctx *cx, CXCursor c);
fe_val *fe_eval(fe_ctx *cx, CXCursor expr);
/* The node an lvalue expression designates, or NULL. */
fe_val *fe_lvalue(fe_ctx *cx, CXCursor expr);
void fe_exec(fe_ctx *cx, CXCursor stmt);
/* Runs a function definition's body as the analysed (outermost) function. */
void fe_run_function(fe_ctx *cx, CXCursor fn);
/* Strips parentheses and implicit casts. */
CXCursor fe_strip(CXCursor c);
/* The Vulkan entry point a call resolves to ("vkCmdCopyBuffer"), or NULL;
   arena memory. */
const char *fe_callee_entry_point(fe_ctx *cx, CXCursor call);
char *fe_string(fe_ctx *cx, CXString s); /* copies and disposes */

/* A function's definition in any analysed file, or a null cursor. */
CXCursor fe_find_function(fe_ctx *cx, CXCursor decl);
void fe_register_function(fe_ctx *cx, CXCursor definition);
/* The registered function whose definition a call reaches, or NULL. */
fe_function *fe_called_function(fe_ctx *cx, CXCursor call);

/* A function definition's body (a null cursor for a declaration). */
CXCursor fe_function_body(CXCursor fn);
/* Child `index` of c (a null cursor past the end) and, in *count, how many
   it has (up to 16). */
CXCursor fe_child_cursor(CXCursor c, unsigned index, unsigned *count);
/* The hash bucket of a USR in fe_ctx's function tables. */
unsigned fe_usr_bucket(const char *usr);
/* The FunctionDecl a call names directly (not through a pointer), or a
   null cursor. */
CXCursor fe_callee_decl(CXCursor call);

/* ---- C strings (analyzer/strings.c) ---- */
/* A string literal: a char array node holding its text (unknown text for
   one with escapes or a prefix). */
fe_val *fe_string_literal(fe_ctx *cx, CXCursor literal);
/* The known string v holds or points at the start of, or NULL. */
const char *fe_known_string(const fe_val *v);
/* snprintf / sprintf (the C library's) writing a known string into their
   destination; other calls: nothing.  Called after the destination was
   forgotten as any unseen call's. */
void fe_string_call(fe_ctx *cx, CXCursor call, fe_val **args, unsigned argc);

/* ---- calls that end the program (analyzer/program_end.c) ---- */
typedef struct fe_end_info fe_end_info;
/* Declared noreturn, or its body always reaches such a call. */
bool fe_never_returns(fe_ctx *cx, CXCursor decl);
/* Running `stmt` from its start always ends the program (not by longjmp)
   and submits no work on the way: a branch that need not be a path. */
bool fe_only_ends_program(fe_ctx *cx, CXCursor stmt);
/* The path ends at this call (see program_end.c). */
bool fe_call_ends_path(fe_ctx *cx, CXCursor call);

/* ---- where recordings start (analyzer/roots.c) ---- */
/* The functions to analyse, in order: every function that records (calls
   vkBeginCommandBuffer, itself or through helpers) and is not called by
   another such function.  Returns how many; *roots is arena memory. */
size_t fe_find_roots(fe_ctx *cx, fe_function ***roots);
/* Reports a vksync-incomplete finding at `at` (once per place). */
void fe_incomplete(fe_ctx *cx, CXCursor at, const char *message);

/* ---- paths (analyzer/paths.c) ---- */
/* Picks the alternative this path takes at an unknown branch (replaying a
   forced decision or taking the first feasible one) and records its facts
   and path step.  Returns UINT32_MAX when no alternative is feasible: the
   path is dead (cx->path_dead). */
unsigned fe_choose(fe_ctx *cx, CXCursor at, const fe_alternative *alts,
                   unsigned count);
/* Adds a fact the path assumes without a decision (the other way ends the
   program, program_end.c). */
void fe_assume(fe_ctx *cx, const vks_smt_expr *cond, bool truth);
/* The condition as an SMT expression over the path's unknowns. */
const vks_smt_expr *fe_symbolic(fe_ctx *cx, CXCursor cond);
const vks_smt_expr *fe_smt_binary(fe_ctx *cx, vks_smt_op op,
                                  const vks_smt_expr *lhs,
                                  const vks_smt_expr *rhs);
/* The expression's source text for messages, shortened. */
const char *fe_source_text(fe_ctx *cx, CXCursor c);
/* Adds a path step that is not a choice (a loop iteration). */
void fe_path_note(fe_ctx *cx, CXCursor at, const char *text);
/* Copies the path's steps so far into the recording's command buffer, each
   placed after the commands recorded before it. */
void fe_attach_path_steps(fe_ctx *cx, const fe_recording *r);

/* ---- Vulkan command models (analyzer/commands*.c) ---- */
typedef void fe_command_model(fe_ctx *cx, vks_cmd *cmd, CXCursor call,
                              fe_val **args, unsigned argc);

/* Rows of commands.c's table (entry point, IR kind, model, minimum
   argument count) for the models in the other files. */
#define FE_IMAGE_COMMANDS(X)                                                   \
    X("vkCmdClearColorImage", VKS_CMD_ACTION, fe_model_clear_image, 6)         \
    X("vkCmdClearDepthStencilImage", VKS_CMD_ACTION, fe_model_clear_image, 6)  \
    X("vkCmdCopyImage", VKS_CMD_ACTION, fe_model_copy_image, 7)                \
    X("vkCmdCopyImage2", VKS_CMD_ACTION, fe_model_copy_image2, 2)              \
    X("vkCmdCopyImage2KHR", VKS_CMD_ACTION, fe_model_copy_image2, 2)           \
    X("vkCmdBlitImage", VKS_CMD_ACTION, fe_model_blit_image, 7)                \
    X("vkCmdBlitImage2", VKS_CMD_ACTION, fe_model_blit_image2, 2)              \
    X("vkCmdBlitImage2KHR", VKS_CMD_ACTION, fe_model_blit_image2, 2)           \
    X("vkCmdResolveImage", VKS_CMD_ACTION, fe_model_resolve_image, 7)          \
    X("vkCmdResolveImage2", VKS_CMD_ACTION, fe_model_resolve_image2, 2)        \
    X("vkCmdResolveImage2KHR", VKS_CMD_ACTION, fe_model_resolve_image2, 2)     \
    X("vkCmdCopyBufferToImage", VKS_CMD_ACTION, fe_model_copy_buffer_to_image, 6) \
    X("vkCmdCopyBufferToImage2", VKS_CMD_ACTION, fe_model_copy_buffer_to_image2, 2) \
    X("vkCmdCopyBufferToImage2KHR", VKS_CMD_ACTION, fe_model_copy_buffer_to_image2, 2) \
    X("vkCmdCopyImageToBuffer", VKS_CMD_ACTION, fe_model_copy_image_to_buffer, 6) \
    X("vkCmdCopyImageToBuffer2", VKS_CMD_ACTION, fe_model_copy_image_to_buffer2, 2) \
    X("vkCmdCopyImageToBuffer2KHR", VKS_CMD_ACTION, fe_model_copy_image_to_buffer2, 2)

#define FE_MISC_COMMANDS(X)                                                    \
    X("vkCmdSetEvent", VKS_CMD_SET_EVENT, fe_model_set_event, 3)               \
    X("vkCmdSetEvent2", VKS_CMD_SET_EVENT, fe_model_set_event2, 3)             \
    X("vkCmdSetEvent2KHR", VKS_CMD_SET_EVENT, fe_model_set_event2, 3)          \
    X("vkCmdResetEvent", VKS_CMD_RESET_EVENT, fe_model_reset_event, 3)         \
    X("vkCmdResetEvent2", VKS_CMD_RESET_EVENT, fe_model_reset_event, 3)        \
    X("vkCmdResetEvent2KHR", VKS_CMD_RESET_EVENT, fe_model_reset_event, 3)     \
    X("vkCmdWaitEvents", VKS_CMD_WAIT_EVENTS, fe_model_wait_events, 11)        \
    X("vkCmdWaitEvents2", VKS_CMD_WAIT_EVENTS, fe_model_wait_events2, 4)       \
    X("vkCmdWaitEvents2KHR", VKS_CMD_WAIT_EVENTS, fe_model_wait_events2, 4)    \
    X("vkCmdBindVertexBuffers", VKS_CMD_ACTION, fe_model_bind_vertex_buffers, 5) \
    X("vkCmdBindVertexBuffers2", VKS_CMD_ACTION, fe_model_bind_vertex_buffers, 5) \
    X("vkCmdBindVertexBuffers2EXT", VKS_CMD_ACTION, fe_model_bind_vertex_buffers, 5) \
    X("vkCmdBindIndexBuffer", VKS_CMD_ACTION, fe_model_bind_index_buffer, 4)   \
    X("vkCmdBindIndexBuffer2KHR", VKS_CMD_ACTION, fe_model_bind_index_buffer2, 5) \
    X("vkCmdDraw", VKS_CMD_ACTION, fe_model_draw, 5)                           \
    X("vkCmdDrawIndexed", VKS_CMD_ACTION, fe_model_draw_indexed, 6)            \
    X("vkCmdDrawIndirect", VKS_CMD_ACTION, fe_model_draw_indirect, 5)          \
    X("vkCmdDrawIndexedIndirect", VKS_CMD_ACTION, fe_model_draw_indirect, 5)   \
    X("vkCmdDrawIndirectCount", VKS_CMD_ACTION, fe_model_draw_indirect_count, 7) \
    X("vkCmdDrawIndirectCountKHR", VKS_CMD_ACTION, fe_model_draw_indirect_count, 7) \
    X("vkCmdDrawIndexedIndirectCount", VKS_CMD_ACTION, fe_model_draw_indirect_count, 7) \
    X("vkCmdDrawIndexedIndirectCountKHR", VKS_CMD_ACTION, fe_model_draw_indirect_count, 7) \
    X("vkCmdCopyQueryPoolResults", VKS_CMD_ACTION, fe_model_copy_query_results, 8) \
    X("vkCmdExecuteCommands", VKS_CMD_EXECUTE_COMMANDS, fe_model_execute_commands, 3) \
    FE_STATE_COMMANDS(X)

/* Commands that set state or touch query pools only: no memory access the
   synchronization chapter orders (they are not action commands). */
#define FE_STATE_COMMANDS(X)                                                   \
    X("vkCmdWriteTimestamp", VKS_CMD_ACTION, fe_model_no_access, 1)            \
    X("vkCmdWriteTimestamp2", VKS_CMD_ACTION, fe_model_no_access, 1)           \
    X("vkCmdWriteTimestamp2KHR", VKS_CMD_ACTION, fe_model_no_access, 1)        \
    X("vkCmdBeginQuery", VKS_CMD_ACTION, fe_model_no_access, 1)                \
    X("vkCmdEndQuery", VKS_CMD_ACTION, fe_model_no_access, 1)                  \
    X("vkCmdResetQueryPool", VKS_CMD_ACTION, fe_model_no_access, 1)            \
    X("vkCmdBindPipeline", VKS_CMD_ACTION, fe_model_no_access, 1)              \
    X("vkCmdBindDescriptorSets", VKS_CMD_ACTION, fe_model_no_access, 1)        \
    X("vkCmdPushConstants", VKS_CMD_ACTION, fe_model_no_access, 1)             \
    X("vkCmdPushDescriptorSetKHR", VKS_CMD_ACTION, fe_model_no_access, 1)      \
    X("vkCmdSetViewport", VKS_CMD_ACTION, fe_model_no_access, 1)               \
    X("vkCmdSetScissor", VKS_CMD_ACTION, fe_model_no_access, 1)                \
    X("vkCmdSetLineWidth", VKS_CMD_ACTION, fe_model_no_access, 1)              \
    X("vkCmdSetDepthBias", VKS_CMD_ACTION, fe_model_no_access, 1)              \
    X("vkCmdSetBlendConstants", VKS_CMD_ACTION, fe_model_no_access, 1)         \
    X("vkCmdSetDepthBounds", VKS_CMD_ACTION, fe_model_no_access, 1)            \
    X("vkCmdSetStencilCompareMask", VKS_CMD_ACTION, fe_model_no_access, 1)     \
    X("vkCmdSetStencilWriteMask", VKS_CMD_ACTION, fe_model_no_access, 1)       \
    X("vkCmdSetStencilReference", VKS_CMD_ACTION, fe_model_no_access, 1)       \
    X("vkCmdBeginDebugUtilsLabelEXT", VKS_CMD_ACTION, fe_model_no_access, 1)   \
    X("vkCmdEndDebugUtilsLabelEXT", VKS_CMD_ACTION, fe_model_no_access, 1)     \
    X("vkCmdInsertDebugUtilsLabelEXT", VKS_CMD_ACTION, fe_model_no_access, 1)

#define FE_RENDER_PASS_COMMANDS(X)                                             \
    X("vkCmdBeginRenderPass", VKS_CMD_BEGIN_RENDER_PASS, fe_model_begin_render_pass, 3) \
    X("vkCmdBeginRenderPass2", VKS_CMD_BEGIN_RENDER_PASS, fe_model_begin_render_pass, 3) \
    X("vkCmdBeginRenderPass2KHR", VKS_CMD_BEGIN_RENDER_PASS, fe_model_begin_render_pass, 3) \
    X("vkCmdNextSubpass", VKS_CMD_NEXT_SUBPASS, fe_model_next_subpass, 2)      \
    X("vkCmdNextSubpass2", VKS_CMD_NEXT_SUBPASS, fe_model_next_subpass, 3)     \
    X("vkCmdNextSubpass2KHR", VKS_CMD_NEXT_SUBPASS, fe_model_next_subpass, 3)  \
    X("vkCmdEndRenderPass", VKS_CMD_END_RENDER_PASS, fe_model_end_render_pass, 1) \
    X("vkCmdEndRenderPass2", VKS_CMD_END_RENDER_PASS, fe_model_end_render_pass, 2) \
    X("vkCmdEndRenderPass2KHR", VKS_CMD_END_RENDER_PASS, fe_model_end_render_pass, 2) \
    X("vkCmdBeginRendering", VKS_CMD_BEGIN_RENDER_PASS, fe_model_begin_rendering, 2) \
    X("vkCmdBeginRenderingKHR", VKS_CMD_BEGIN_RENDER_PASS, fe_model_begin_rendering, 2) \
    X("vkCmdEndRendering", VKS_CMD_END_RENDER_PASS, fe_model_end_render_pass, 1) \
    X("vkCmdEndRenderingKHR", VKS_CMD_END_RENDER_PASS, fe_model_end_render_pass, 1) \
    X("vkCmdClearAttachments", VKS_CMD_ACTION, fe_model_clear_attachments, 5)

fe_command_model fe_model_clear_image, fe_model_copy_image, fe_model_copy_image2,
    fe_model_blit_image, fe_model_blit_image2, fe_model_resolve_image,
    fe_model_resolve_image2, fe_model_copy_buffer_to_image,
    fe_model_copy_buffer_to_image2, fe_model_copy_image_to_buffer,
    fe_model_copy_image_to_buffer2;
fe_command_model fe_model_set_event, fe_model_set_event2, fe_model_reset_event,
    fe_model_wait_events, fe_model_wait_events2, fe_model_bind_vertex_buffers,
    fe_model_bind_index_buffer, fe_model_bind_index_buffer2, fe_model_draw,
    fe_model_draw_indexed, fe_model_draw_indirect, fe_model_draw_indirect_count,
    fe_model_copy_query_results, fe_model_execute_commands, fe_model_no_access;
fe_command_model fe_model_begin_render_pass, fe_model_next_subpass,
    fe_model_end_render_pass, fe_model_begin_rendering, fe_model_clear_attachments;

/* Handles a call to a Vulkan entry point; returns false when `name` is not
   a command-buffer entry point the front end knows about. */
/* Queue submissions and host waits (submit.c). */
bool fe_queue_call(fe_ctx *cx, const char *name, CXCursor call, fe_val **args,
                   unsigned argc);
void fe_recording_closed(fe_ctx *cx, const char *ident, uint32_t cmdbuf);
void fe_finish_queue_streams(fe_ctx *cx);
/* A host read or write of mapped memory (analyzer/host.c): appended to every
   queue stream of this path (nothing when nothing was submitted yet). */
/* A call the front end cannot see into that may wait for the device (it is
   handed Vulkan handles or structs): host accesses after it are not
   checked against earlier submissions. */
void fe_host_unknown_wait(fe_ctx *cx, CXCursor call, const char *name);
void fe_host_access_streams(fe_ctx *cx, CXCursor at, bool write,
                            const vks_access *accesses, size_t count);

/* A call without a body that is handed a command buffer (commands.c). */
void fe_opaque_call(fe_ctx *cx, CXCursor call, fe_val **args, unsigned argc);
bool fe_vulkan_call(fe_ctx *cx, const char *name, CXCursor call,
                    fe_val **args, unsigned argc);

/* ---- mapped memory and host accesses (analyzer/host.c) ---- */
/* vkBindBufferMemory(2), vkMapMemory(2): returns true when handled. */
bool fe_host_call(fe_ctx *cx, const char *name, CXCursor call, fe_val **args,
                  unsigned argc);
/* sizeof a type in bytes (void: 1, as GNU C's pointer arithmetic), 0 unknown. */
uint64_t fe_type_size(CXType t);
/* ptr +/- delta elements of element_size bytes (ptr has a mapping). */
fe_val *fe_host_pointer_add(fe_ctx *cx, const fe_val *ptr, const fe_val *delta,
                            uint64_t element_size, bool subtract);
/* ptr[index] (index NULL: *ptr): the place, with an unknown offset when the
   index is unknown. */
fe_val *fe_host_place(fe_ctx *cx, const fe_val *ptr, const fe_val *index,
                      uint64_t element_size);
/* object.member for a mapped place `object`. */
fe_val *fe_host_member(fe_ctx *cx, const fe_val *object, CXCursor member_ref);
/* &place. */
fe_val *fe_host_address_of(fe_ctx *cx, const fe_val *place);
/* The host reads or writes `size` bytes at a place (or from a mapped
   pointer): host commands in this path's queue streams. */
void fe_host_touch(fe_ctx *cx, CXCursor at, const fe_val *place, uint64_t size,
                   bool write);
/* memcpy / memmove / memset through mapped pointers. */
void fe_host_libc_call(fe_ctx *cx, CXCursor call, fe_val **args, unsigned argc);

/* ---- linking dispatches to shaders (analyzer/pipeline_link.c) ---- */
fe_link *fe_link_new(vks_arena *arena, const vks_shader_summary *const *shaders,
                     size_t count);
/* vkCreateShaderModule, vkCreateComputePipelines, vkUpdateDescriptorSets:
   returns true when handled (their output handles are written). */
bool fe_link_device_call(fe_ctx *cx, const char *name, fe_val **args, unsigned argc);
/* The compute state vkCmdBindPipeline / vkCmdBindDescriptorSets /
   vkCmdPushDescriptorSet* set on recording `cmdbuf` (other calls: nothing). */
void fe_link_bind_state(fe_ctx *cx, const char *name, uint32_t cmdbuf, fe_val **args,
                        unsigned argc);
/* A dispatch's (draw's) accesses through its shaders: the bound compute
   (graphics) pipeline's, or one unknown access. */
void fe_link_dispatch(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf);
void fe_link_draw(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf);
/* A call the evaluator cannot see into returned `result`: remembers it when
   an argument names a .spv file (a shader loader). */
void fe_link_unknown_call(fe_ctx *cx, CXCursor call, fe_val **args, unsigned argc,
                          const fe_val *result);

/* Resources: the resource a handle names (buffers: by identity; images
   also through the vkCreateImage that made them, objects.c).  seen_at is
   the resource's declaration location when it is new. */
vks_res_id fe_resource(fe_ctx *cx, const fe_val *handle, vks_res_kind kind,
                       vks_loc seen_at);
/* Buffer range [offset, offset+size) or a known buffer with unknown range. */
vks_region fe_buffer_range(vks_res_id res, const fe_val *offset, const fe_val *size);
void fe_add_buffer_access(fe_ctx *cx, vks_cmd *cmd, const fe_val *buffer,
                          const fe_val *offset, const fe_val *size,
                          uint64_t stage, uint64_t access);
/* The barriers of a VkDependencyInfo (sync2 form). */
void fe_add_dependency_info(fe_ctx *cx, vks_cmd *cmd, fe_val *info);
/* Sync1 barrier arrays with the command's stage masks (stages[0] src,
   stages[1] dst), after the execution-only global barrier. */
void fe_add_sync1_barriers(fe_ctx *cx, vks_cmd *cmd, const vks_mask stages[2],
                           fe_val **counts_and_arrays);
uint32_t fe_u32_or(const fe_val *v, uint32_t otherwise);

/* ---- created objects (analyzer/objects.c) ---- */
/* vkCreateBuffer / Image / ImageView / RenderPass(2) / Framebuffer: remembers the
   create info under the created handle.  Returns false for other names. */
bool fe_create_call(fe_ctx *cx, const char *name, CXCursor call, fe_val **args,
                    unsigned argc);
/* An assignment stored a handle in a struct member: `r->color = image`. */
void fe_handle_stored(fe_ctx *cx, const fe_val *stored);
/* Runs, once, each function of the TU that creates buffers, images, views,
   render passes or framebuffers without recording, so recordings elsewhere see
   what it created. */
void fe_collect_objects(fe_ctx *cx, CXCursor translation_unit);
/* vkBeginCommandBuffer: the recording's state and its handle, for
   vkCmdExecuteCommands in any function. */
struct fe_cmdbuf_state *fe_recording_started(fe_ctx *cx, const fe_val *handle,
                                             uint32_t cmdbuf, vks_loc begin);
/* After every file: vkCmdExecuteCommands become the secondary's commands. */
void fe_inline_secondaries(fe_ctx *cx);

/* Lookups for the command models. */
typedef struct fe_object fe_object;
typedef enum {
    FE_OBJ_BUFFER,
    FE_OBJ_IMAGE,
    FE_OBJ_IMAGE_VIEW,
    FE_OBJ_RENDER_PASS,
    FE_OBJ_FRAMEBUFFER,
    FE_OBJ_RECORDING,
    FE_OBJ_COMMAND_POOL,
    FE_OBJ_COMMAND_BUFFER,
} fe_object_kind;
const fe_object *fe_find_object(fe_ctx *cx, fe_object_kind kind,
                                const fe_val *handle);
/* A created object's create info (a copy, NULL when unknown) and the
   location of its create call. */
fe_val *fe_object_info(const fe_object *o);
vks_loc fe_object_loc(const fe_object *o);
/* The image region an image view covers (range_known false if unknown),
   and the view's format. */
vks_region fe_view_region(fe_ctx *cx, const fe_val *view, uint32_t *format);
/* A VkImageSubresourceRange of image res (range_known false when a member
   is unknown). */
vks_region fe_subresource_range(fe_ctx *cx, vks_res_id res, const fe_val *range);
/* A VkImageSubresourceLayers (one mip level). */
vks_region fe_subresource_layers(fe_ctx *cx, vks_res_id res, const fe_val *layers);
/* vkCmdExecuteCommands: remembers the secondary handle; returns the value
   for vks_cmd.secondary until fe_inline_secondaries resolves it. */
uint32_t fe_defer_secondary(fe_ctx *cx, const fe_val *handle, vks_loc site,
                            const struct fe_cmdbuf_state *primary);
/* An image's VkFormat (VK_FORMAT_UNDEFINED when unknown). */
uint32_t fe_image_format(fe_ctx *cx, const fe_val *image);

/* ---- per-recording state (analyzer/commands_*.c) ---- */
typedef struct fe_attachment_use {
    bool used;       /* false: VK_ATTACHMENT_UNUSED / VK_NULL_HANDLE */
    vks_region region;
    uint32_t layout;
    uint32_t aspect; /* VK_IMAGE_ASPECT_* of the attachment's format */
} fe_attachment_use;

enum { FE_MAX_VERTEX_BINDINGS = 32, FE_MAX_SUBPASS_ATTACHMENTS = 16 };

typedef struct fe_cmdbuf_state {
    /* vkCmdBindVertexBuffers(2) / vkCmdBindIndexBuffer(2) */
    struct {
        fe_val *buffer, *offset, *size; /* NULL: not bound */
    } vertex[FE_MAX_VERTEX_BINDINGS], index;
    uint64_t index_type; /* VkIndexType, UINT64_MAX unknown */
    /* Inside a render pass instance: the current subpass's attachments. */
    bool in_render_pass;
    fe_val *render_pass_info;       /* VkRenderPassCreateInfo(2); NULL:
                                       dynamic rendering or unknown */
    vks_region *attachment_regions; /* the framebuffer's, by attachment */
    uint32_t attachment_count;
    uint32_t subpass;
    /* color[i] is color attachment i of the subpass (used or not: it is
       what vkCmdClearAttachments' colorAttachment indexes). */
    fe_attachment_use color[FE_MAX_SUBPASS_ATTACHMENTS], input[FE_MAX_SUBPASS_ATTACHMENTS];
    uint32_t color_count, input_count;
    fe_attachment_use depth;
    bool has_depth, subpass_known;
    /* Multisample resolves at the end of the subpass / rendering: the
       color attachment read and the resolve attachment written. */
    fe_attachment_use resolve_src[FE_MAX_SUBPASS_ATTACHMENTS],
        resolve_dst[FE_MAX_SUBPASS_ATTACHMENTS];
    uint32_t resolve_count;
} fe_cmdbuf_state;

/* Adds the accesses a draw (or vkCmdClearAttachments' whole-attachment
   form) makes to the current subpass's attachments. */
void fe_add_attachment_accesses(fe_ctx *cx, vks_cmd *cmd);
/* The same for a given recording state (a secondary command buffer's draws
   executed inside the primary's subpass). */
void fe_add_subpass_accesses(fe_ctx *cx, vks_cmd *cmd, const fe_cmdbuf_state *st);

#endif
