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
    fe_val *target;          /* VAL_PTR */
    int64_t index;
    bool single;
    vks_loc loc;             /* aggregates: where declared / filled */
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
    struct fe_recording *next;
} fe_recording;

typedef struct fe_resource {
    const char *ident;
    vks_res_id id;
    struct fe_resource *next;
} fe_resource;

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

typedef struct fe_ctx {
    vks_arena *arena;
    vks_program *program;
    vks_findings *findings;
    vks_stats *stats;
    fe_binding *globals;
    fe_resource *resources;
    fe_recording *recordings;   /* open vkBegin..vkEnd pairs */
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
    size_t step_count, step_cap;
    bool path_dead;             /* an infeasible decision: stop this path */
    vks_smt_solver *solver;
    unsigned fresh_names;
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
/* The condition as an SMT expression over the path's unknowns. */
const vks_smt_expr *fe_symbolic(fe_ctx *cx, CXCursor cond);
const vks_smt_expr *fe_smt_binary(fe_ctx *cx, vks_smt_op op,
                                  const vks_smt_expr *lhs,
                                  const vks_smt_expr *rhs);
/* The expression's source text for messages, shortened. */
const char *fe_source_text(fe_ctx *cx, CXCursor c);
/* Adds a path step that is not a choice (a loop iteration). */
void fe_path_note(fe_ctx *cx, CXCursor at, const char *text);
/* Copies the path's steps so far into a command buffer's notes. */
void fe_attach_path_steps(fe_ctx *cx, uint32_t cmdbuf);

/* ---- Vulkan command models (analyzer/commands.c) ---- */
/* Handles a call to a Vulkan entry point; returns false when `name` is not
   a command-buffer entry point the front end knows about. */
bool fe_vulkan_call(fe_ctx *cx, const char *name, CXCursor call,
                    fe_val **args, unsigned argc);

#endif
