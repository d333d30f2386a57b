/*
 * model.h - the Vulkan models' side of the C front end: abstract values, the
 * analysis state, and the one record the evaluator hands a model for every
 * call (fe_call).  Nothing here knows about libclang: the models (commands*.c,
 * objects.c, submit.c, host.c, pipeline_link.c, entry_points.c) include only
 * this header, so they can be driven - and unit-tested - with evaluated
 * values alone.  The evaluator's own header, eval.h, adds libclang on top.
 */
#ifndef VKSYNC_ANALYZER_MODEL_H
#define VKSYNC_ANALYZER_MODEL_H

#include <stdbool.h>
#include <stddef.h>
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
    uint32_t name_hash;         /* fe_field_hash(name): most probes differ */
    fe_val *value;
    struct fe_field *next;
} fe_field;

/* The hash a member's name is looked up by (values.c find_field): an
   array filled from a 1,500-word initialiser is probed per element. */
static inline uint32_t fe_field_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 16777619u;
    return h;
}

struct fe_val {
    /* Members grouped by size (pointers, then 4-byte, then flags): 176
       bytes, not 216 with the padding between interleaved flags. */
    uint64_t i;              /* VAL_INT */
    const char *ident;       /* VAL_SYM: identity; also base of child idents */
    const char *spelling;    /* for messages: "ctx->staging" */
    fe_field *fields;
    /* A hash index of `fields` once they are many (values.c find_field):
       valid for the list from its head on, which prepending never changes. */
    struct fe_field_index *field_index;
    /* Where a struct member's value lives, by type: "Renderer.color"
       (objects.c links a handle created in one function to its reads in
       another through it). */
    const char *member_key;
    fe_val *target;          /* VAL_PTR */
    int64_t index;
    /* A VAL_PTR to a struct member (`&list->iface`): the object it is a
       member of, the member's offset in it in bytes and the object's type
       (canonical spelling), so that CONTAINING_RECORD / container_of back
       from it, or a cast to the object's type from its first member, find
       the object (eval_expr.c member_address). */
    fe_val *container;
    int64_t container_offset;
    const char *container_type;
    vks_loc loc;             /* aggregates: where declared / filled */
    /* Mapped memory (host.c): a pointer into a vkMapMemory mapping, or with
       mapped_place the object it points at; map_offset is in bytes from the
       start of the mapping. */
    const struct fe_mapping *mapping;
    uint64_t map_offset;
    const char *string;      /* a char array holding this known C string
                                (a literal, snprintf's output; strings.c) */
    /* VAL_UNKNOWN: the name Z3 knows it by when it is one unknown, however
       often it is read and copied (a value a join lost: `if (flag)` twice
       on it is one decision); NULL: each read is a new unknown. */
    const char *unknown_name;
    fe_val_kind kind;
    unsigned logged_in;      /* the trail epoch that saved it last (summary.c) */
    /* Unknown because the ways of a joined region disagreed on it: the
       join's number (fe_ctx.joins, from 1); 0 otherwise. */
    unsigned lossy;
    bool via_pointer;        /* spelling of a member is "S->f", not "S.f" */
    bool zero_rest;          /* aggregate initialised: absent fields are 0 */
    /* A global array whose unwritten elements read as its initialiser's,
       one at a time (fe_ctx.initialiser_element): vkcube's embedded image. */
    bool initialiser_elements;
    bool aggregate;          /* a struct or array object */
    bool single;
    bool container_holds_cmdbuf; /* the object's type reaches a VkCommandBuffer */
    bool mapped_place;
    bool map_offset_known;
    bool string_literal;     /* `string` is a literal's: never written
                                (C11 6.4.5p7), its characters read as such */
    bool points_to_zeroed;   /* a pointer calloc returned: what it points at
                                reads as zero until written (values.c,
                                pointed_to; kept on the pointer, which a
                                declaration or store renames after its
                                variable before anything is read through it) */
    /* A join lost it, and a way held a handle or a pointer to a value of
       this path there: an object the path's commands may be on. */
    bool lost_object;
    /* VAL_SYM: a handle a vkCreate* / vkAllocate* call wrote, so not
       VK_NULL_HANDLE: the analysis follows the path on which the call
       succeeded (`if (buf) vkDestroyBuffer(...)` is no decision then). */
    bool not_null;
    /* A place the evaluator could not name because a join lost the pointer
       or index that leads to it (eval_expr.c, lost_place). */
    bool lost_place;
    /* In the program's arena (fe_keep: an object's create info), not the
       path's: a member a read adds to it (fe_child) must live as long. */
    bool kept;
};

/* A variable binding in a frame or the global scope. */
typedef struct fe_binding {
    const char *key;
    fe_val *value;
    bool read_only;             /* a const global: the same on every path */
    struct fe_binding *next;
} fe_binding;

/* Where each local of a function is last read (liveness.c): from the
   position (until_line, until_col) on, its function never reads it again.
   A local not listed is never read.  merge.c leaves what a frame no
   longer reads out of the state it compares. */
typedef struct fe_local_use {
    const char *key;            /* the local's declaration key */
    unsigned until_line, until_col;
} fe_local_use;

/* A call that is the last statement of a branch of an `if` (liveness.c):
   when it returns, control is at the end of the `if` chain. */
typedef struct fe_tail_call {
    unsigned call_line, call_col;
    unsigned resume_line, resume_col;
} fe_tail_call;

typedef struct fe_function_uses {
    const fe_local_use *locals;
    size_t count;
    const fe_tail_call *tails;
    size_t tail_count;
    bool every_local_live;      /* a goto: any local may be read anywhere */
} fe_function_uses;

/* An argument as a call had it, for telling two calls apart: its kind,
   an integer's value, a pointer's object and element. */
typedef struct fe_arg_key {
    fe_val_kind kind;
    uint64_t i;
    const fe_val *target;
    int64_t index;
} fe_arg_key;

typedef struct fe_frame {
    fe_binding *locals;
    const fe_function_uses *uses; /* NULL: every local may be read again */
    const vks_loc *call_site;   /* NULL in the function being analysed */
    const char *function;
    int depth;
    const struct fe_frame *caller; /* NULL in the function being analysed */
    unsigned decisions_at_entry;   /* the path's decisions when it was called */
    /* Nothing the callers run once this frame returns can record, create,
       map, submit or wait (quiet_leave.c); true for the analysed root. */
    bool returns_quietly;
    /* The call and the caller's body (eval.h), for following an error
       code up the callers (quiet_leave.c); NULL in the analysed root. */
    const struct fe_call_context *call_context;
    /* Called as a statement of its own (`f (x);`, `r = f (x);`, `T r =
       f (x);`, `return f (x);`, `if (f (x) != 0)`), by a frame that was
       too, or the analysed root: no caller holds a value while it runs
       (merge.c, "Merging at decisions"). */
    bool statement_call;
    /* The making way of a cache runs in this frame (eval_stmt.c,
       go_the_making_way): the host waits it and its callees make are not
       applied (submit.c), as the way that finds the object makes none. */
    bool waits_unseen;
    /* A variadic function's arguments past its parameters, an array its
       va_start points a va_list at (eval_expr.c); NULL: none known. */
    fe_val *varargs;
    /* What it was called with, as it was at the call (eval_expr.c
       recursion_ends_path compares a recursive call's arguments with it);
       NULL in the analysed root. */
    struct fe_arg_key *entry_args;
    unsigned entry_argc;
} fe_frame;

/* A loop being run (eval_stmt.c exec_loop): how far it has got, which is
   part of where a path is (merge.c). */
typedef struct fe_loop_progress {
    vks_loc at;
    unsigned iteration;
    /* Iterations started on an unknown or a repeating condition, and how
       many count before the first of them (eval_stmt.c). */
    unsigned assumed_iterations, iterations_before_assumed;
    unsigned decisions_at_last_test;
    uint64_t last_inputs;
    struct fe_loop_progress *outer;
} fe_loop_progress;

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

/* A translation unit's main file: clang's name for it and the path as
   given, which is what locations show. */
typedef struct fe_file_name {
    const char *clang_name, *given;
    struct fe_file_name *next;
} fe_file_name;

/* One branch decision on the current path (path_state.c). */
typedef struct {
    unsigned chosen, alternatives;
    /* Alternatives (the first 32) asked when the decision was first made:
       which Z3 proved impossible with the facts before it, which it found
       possible.  The next paths skip the first and do not ask again for
       the second (path_state.c). */
    uint32_t impossible, possible;
    /* A path whose recording is checked (one kept, or one that repeated a
       kept path's prefix: analyse_function) went past this decision, so
       what the function recorded before it is checked. */
    bool prefix_checked;
    /* Alternatives (the first 32) that leave at once and add nothing after
       (quiet_leave.c): not run once prefix_checked is set, since their run
       would record exactly the checked prefix (fe_next_path). */
    uint32_t quiet_leaves;
    /* On the way a path took here its latest submission failed and was
       taken back (submit.c): the other ways keep it, so what they hold
       before this decision is not what that path had checked, and
       prefix_checked is never set here. */
    bool submission_taken_back;
    /* The path's state here, where a path may be merged at this decision
       (merge.c, fe_decision_state_key): a way taken from the same state
       before is not run again (fe_next_path). */
    bool keyed;
    uint64_t state_key;
} fe_decision;

/* What a path assumes: cond is non-zero (truth) or zero (!truth).  key:
   on the path's own facts, a hash of cond without its logical nots
   (path_state.c fact_key), so that looking a test up among hundreds of
   facts compares two numbers, not two trees; 0 where not computed. */
typedef struct {
    const vks_smt_expr *cond;
    bool truth;
    uint64_t key;
} fe_fact;

typedef struct {
    const fe_fact *facts;
    unsigned fact_count;
    const char *text;       /* the path step: "`use_compute` is false" */
    bool quiet_leave;       /* leaves at once and adds nothing (quiet_leave.c) */
} fe_alternative;

/* The shader link's state (analyzer/pipeline_link.c). */
typedef struct fe_link fe_link;
typedef struct fe_secondaries fe_secondaries;
/* The evaluator's own state (libclang's cursors: eval.h). */
typedef struct fe_eval_state fe_eval_state;

/* The analysis's limits (README, "Limits"): past each one what is not
   analysed is reported as vksync-incomplete.  Each can be moved by its
   environment variable (VKSYNC_MAX_STATEMENTS, _PATHS, _DECISIONS,
   _LOOP_ITERATIONS, _HELPER_DEPTH, _MEMORY_MB). */
typedef enum {
    FE_LIMIT_STATEMENTS,      /* per recording function, over its paths */
    FE_LIMIT_PATHS,           /* per recording function */
    FE_LIMIT_DECISIONS,       /* per path */
    FE_LIMIT_LOOP_ITERATIONS, /* per loop, when its condition is known */
    FE_LIMIT_HELPER_DEPTH,    /* helpers inlined into one another */
    FE_LIMIT_MEMORY_MB,       /* the C analysis's memory (its arena) */
    FE_LIMIT_COUNT
} fe_limit_kind;
unsigned fe_limit(fe_limit_kind which);
/* Whether the limit was set by its environment variable. */
bool fe_limit_is_set(fe_limit_kind which);
/* VKSYNC_DEBUG_PATHS: each path run, region joined or split, on stderr. */
bool fe_debug_paths(void);

/*
 * What one path owns.  Everything in it starts empty when a path starts
 * (`cx->path = (fe_path){0}`), and nothing in it outlives the path.
 */
typedef struct fe_path {
    fe_binding *globals;
    /* What unknown pointers point to, by the pointer's name (values.c):
       every copy of `demo` shares one `*demo`. */
    struct fe_name_table *pointees;
    /* How often the path created each handle identity (objects.c). */
    struct fe_name_table *creations;
    /* Command buffer identities vkBeginCommandBuffer began on this path
       (entry_points.c): a vkCmd* on one of them with no recording open is
       not a handed recording. */
    struct fe_name_table *begun;
    /* The query pools this path made, by the handle's identity: how many
       values each query writes (commands_draw.c, fe_note_query_pool). */
    struct fe_name_table *query_pools;
    /* The handles this path destroyed and the heap blocks it freed, as the
       members of one value (a member named after the handle's identity,
       1 when it ended), so that a region run every way saves and joins it
       as any value (objects.c, fe_has_ended). */
    fe_val *ended;
    fe_recording *recordings;   /* open vkBegin..vkEnd pairs */
    struct fe_submit_state *submit; /* this path's queue streams (submit.c) */
    fe_recording *current;      /* the one a command model is recording into */
    fe_frame *frame;
    struct fe_return_state *ret;  /* the innermost function's return */
    struct fe_loop_state *loop;   /* the innermost loop's break/continue */
    /* The value last stored in an element the evaluator cannot name
       (`deps[n] = av_frame_clone(f)`), by the expression's text, while no
       other write has happened since (`writes`): read back by the same
       expression (`if (!deps[n])`), it is that value (eval_expr.c). */
    struct {
        const char *text;
        fe_val *value;
        size_t writes;
    } stored_at_unknown_index;
    /* Names of unknowns restart on every path, so a call's result is the
       same resource on two paths that agree up to it (and repeated
       recordings compare equal). */
    unsigned havoc_generation;
    unsigned fresh_names;
    /* Decisions taken so far (their alternatives: fe_ctx.decisions). */
    unsigned decision_count;
    fe_fact *facts;
    size_t fact_count, fact_cap;
    /* The names of the variables of facts[0 .. fact_names_upto), made as
       they are asked for (path_state.c fact_variable_names); NULL when
       facts were taken back below that. */
    struct fe_fact_names *fact_names;
    size_t fact_names_upto;
    vks_loc *step_locs;
    const char **step_texts;
    size_t *step_seq;           /* fe_ctx.seq when the step was taken */
    size_t step_count, step_cap;
    bool dead;                  /* an infeasible decision: stop this path */
    bool exited;                /* the program ends on this path (exit()) */
    vks_loc exit_at;            /* where it first ended (program_end.c) */
    bool decisions_capped;      /* past the decisions bound on this path */
    /* Reached a device-wide wait in a state an earlier path reached it in:
       the rest was analysed from that one (merge.c). */
    bool merged;
    /* Reached the wait it was resumed at; stopped at a wait to be resumed
       from the state joined there (merge.c). */
    bool resumed, parked;
    /* Models that recorded, created, mapped or submitted something on this
       path (fe_sandboxed_effect outside a region): a way of a statement
       that reaches its end without one records nothing (summary.c). */
    unsigned effects;
    /* `effects` when the path took the alternative it is the first to try
       (decisions[forced_count - 1]): where it leaves the path it replays. */
    unsigned effects_at_divergence;
    /* Of `effects`, the ones no check can see unless an effect of another
       kind follows (fe_sandboxed_inert_effect): an object created, a host wait, a
       handle kept; and their number at the divergence. */
    unsigned inert_effects, inert_at_divergence;
    /* vkMapMemory calls on this path: a host access through a mapped
       pointer is an effect once something was submitted (submit.c). */
    unsigned mappings;
    /* Statements that may record (summary.c fe_may_record_here) run while
       a statement's recording ways are run as code. */
    unsigned recording_statements;
    bool pending_goto;          /* a `goto` is unwinding to its label */
    /* A Vulkan call was handed a value a join made unknown: the path is
       run again with that region split (fe_ctx.joins[restart - 1]). */
    unsigned restart;
    /* cx->steps when the run began, and what its arrivals at waits did so
       far (merge.c, "Replayed arrivals"). */
    size_t first_step;
    uint64_t arrival_chain;
    unsigned goto_label;        /* its label: the label's file offset */
    vks_loc goto_from;
} fe_path;

/* Program-lifetime state: what every path and every function shares. */
typedef struct fe_ctx {
    vks_arena *arena;
    /* The values of the path being executed (fe_val nodes, their fields,
       bindings, a joined region's ways, the path's facts and steps): the
       path driver gives each run an arena of its own and frees it when the
       run ends, so memory is one path's, not the sum of every path's.
       What outlives a path - an object's create info, a bound buffer, a
       descriptor, a secondary's operand - is copied into `arena` with
       fe_keep.  NULL: values live in `arena` (the object creators, unit
       tests). */
    vks_arena *values;
    vks_program *program;
    vks_findings *findings;
    vks_stats *stats;
    fe_resource_entry *resources;
    /* Each resource id's handle identity (the first that named it). */
    const char **resource_idents;
    size_t resource_ident_count;
    struct fe_objects *objects; /* created Vulkan objects (objects.c) */
    struct fe_host_state *host; /* buffers bound to memory (host.c) */
    /* A model's value for its call's result (submit.c: a submission's
       named result); NULL: the table's (eval_expr.c vulkan_result). */
    fe_val *model_result;
    struct fe_secondaries *secondaries; /* vkCmdExecuteCommands (commands_draw.c) */
    fe_link *link;              /* shaders to link dispatches to, or NULL */
    fe_eval_state *eval;        /* the evaluator's (eval.h) */
    vks_smt_solver *solver;
    /* Z3's answers so far, by the question (path_state.c). */
    struct fe_answers *answers;
    fe_file_name *file_names;
    const char *default_path;   /* for locations without a file */
    const char *root_function;
    /* The keys of the root's parameters (fe_decl_key): a command buffer
       reached through one was handed to the root (entry_points.c). */
    const char **root_parameters;
    unsigned root_parameter_count;
    /* The root being analysed records into command buffers it is handed
       (fe_function.handed_recording): a vkCmd* on a handle with no open
       recording opens one, with what came before unknown (entry_points.c). */
    bool handed_recording;
    /* The function being analysed, over all its paths (path_state.c):
       decisions[0..forced_count) are replayed from the previous path;
       later ones are made afresh. */
    fe_decision *decisions;
    unsigned decision_cap, forced_count;
    /* decisions[0..decision_floor) are a parked path's way to a wait,
       resumed from there (merge.c): the next paths leave them as they are. */
    unsigned decision_floor;
    /* Set by the statement whose decision fe_choose makes next when the
       path may be merged there (an `if` or `switch` condition), taken
       back by fe_choose. */
    bool decision_at_statement;
    /* Or the key of the path's state where the statement whose ways
       fe_choose decides between next began (summary.c), given. */
    bool decision_key_given;
    uint64_t decision_key;
    size_t seq;                 /* counts commands recorded */
    /* Statements executed for the current root function, over all its
       paths; past root_statement_limit the function is abandoned
       (vksync-incomplete), so time and memory stay bounded on any input. */
    size_t steps;
    bool out_of_steps;
    /* The statement and path limits of the current root function
       (frontend.c: its share of the run's budget). */
    size_t root_statement_limit;
    unsigned root_path_limit;
    /* The arena passed fe_limit(FE_LIMIT_MEMORY_MB): the function being
       analysed stops (as out_of_steps), the others are not analysed. */
    bool out_of_memory;
    size_t memory_limit;        /* bytes */
    /* Every recording call site of the inputs, and which the analysed
       paths reached (sites.c); NULL: not tracked.  The entry-point
       dispatcher calls site_executed (when set) for a vkCmd* or FE_EP_SITE
       call run at `at` (its caller chain is ignored: a site is a place in
       the source); `recorded` false: a vkCmd* into a command buffer with
       no open recording on this path.  A pointer, set by the driver, as
       run_body is (eval.h): the models do not depend on the evaluator. */
    struct fe_sites *sites;
    void (*site_executed)(struct fe_ctx *cx, vks_loc at, bool recorded);
    /* Called (when set) with the facts a path just assumed, at a decision
       (from_decision) or not: submit.c takes back a submission the facts
       say failed (fe_submission_tested).  A pointer, set by the driver:
       the path's bookkeeping does not depend on the queue model. */
    void (*facts_assumed)(struct fe_ctx *cx, vks_loc at, const fe_fact *facts, unsigned count,
                          bool from_decision);
    /* Merging at decisions (merge.c, fe_decision_state_key and
       fe_way_taken_before), set by the driver the same way: the path's
       bookkeeping does not depend on how states are compared. */
    bool (*decision_state_key)(struct fe_ctx *cx, vks_loc at, uint64_t *key);
    bool (*way_taken_before)(struct fe_ctx *cx, uint64_t key, unsigned way);
    /* Gives the path a global it never read, as a first read would (its
       initial value): merge.c compares it with a state that read it.  Set
       by the driver (eval_expr.c fe_read_global). */
    bool (*read_global)(struct fe_ctx *cx, const char *key);
    /* An element of a global array too large to hold value by value
       (fe_val.initialiser_elements): its initialiser's, NULL when that is
       not a known scalar.  Set by the driver (eval_expr.c). */
    fe_val *(*initialiser_element)(struct fe_ctx *cx, const fe_val *array, int64_t index);
    /* Regions that record nothing are run every way and joined
       (summary.c): while one runs (sandbox > 0), every write to a value is
       saved on the trail first, so that each way starts from the same
       state; a model about to change anything else (record, create, map,
       submit) stops the region instead (sandbox_abort), and it is run as
       any code is. */
    unsigned sandbox;
    bool sandbox_abort;
    /* Regions run so far that went two or more ways (summary.c): an
       iteration that ran one branched on an unknown (eval_stmt.c, search
       loops). */
    size_t regions_branched;
    struct fe_trail_entry *trail;
    size_t trail_count, trail_cap;
    unsigned trail_epoch, trail_epochs;
    size_t writes;              /* fe_will_write and rollbacks, in a region or not */
    /* Names given to unknown values where a test first reads them
       (fe_symbolic): never reused, so a name a region's way gave and that
       stays on the value after the region cannot meet another value's. */
    unsigned read_names;
    /* A statement run every way though it may record (summary.c): the
       sandbox level of its ways, where a statement that may record stops
       the way (0: none); and, while its recording ways run as code, how
       many such runs are open (statements that may record are counted). */
    unsigned partial_level, counting_statements;
    /* While a statement's recording ways run as code (summary.c): the ways
       it was seen to have when it was run every way, and the path's
       decision count where it started.  A decision inside it whose
       alternative leads only to ways that record nothing is not taken
       (those ways are the joined path's): each such run went to the
       statement's end only to be dropped (60 of triangle-vulkan's 186). */
    const struct fe_way_outlines *recording_ways;
    /* Every join that made a value unknown, for a path to be run again with
       that region split when a Vulkan call needs the value. */
    struct fe_join *joins;
    size_t join_count, join_cap;
    /* One more at the start of every run (fe_join.region_joins counts the
       joins of a region in the run it was last joined in). */
    unsigned run_serial;
    /* The loops being run, innermost first (eval_stmt.c). */
    fe_loop_progress *loop_progress;
    /* The states paths reached device-wide waits in (merge.c). */
    struct fe_merge_state *merge;
    /* "[0]" to "[255]", made once (values.c, element_name). */
    const char **element_names;
    fe_path path;               /* the path being executed */
} fe_ctx;

/* The decisions each way of a statement took (alternative per decision,
   in order) and whether it recorded (summary.c; read by fe_choose). */
typedef struct fe_way_outline {
    unsigned *chosen;
    unsigned count;
    bool records;
} fe_way_outline;
typedef struct fe_way_outlines {
    fe_way_outline *ways;
    size_t count, cap;
    unsigned first_decision;  /* the path's decision count as code starts */
} fe_way_outlines;

/* A join that lost a value: where the region is, and how many decisions
   the path had taken before it (the path is replayed up to there). */
typedef struct fe_join {
    vks_loc region;
    unsigned decisions_before;
    unsigned ways;  /* how many ways were joined */
    /* How often its region was joined with a value lost in the run of
       run_serial (shared by every join of the region). */
    const struct fe_region_joins *region_joins;
    bool split;     /* the region runs as any code now: no more restarts */
} fe_join;
/* A join is not split for a model that reads a value it lost when the
   split would make more than FE_MAX_SPLIT_WAYS paths: its ways to the
   power of the times its region was joined in the run so far (values.c,
   read_by_model).  The value stays unknown. */
enum { FE_MAX_SPLIT_WAYS = 16 };
typedef struct fe_region_joins {
    vks_loc at;          /* the region */
    unsigned run_serial; /* fe_ctx.run_serial of the run counted */
    unsigned joins;
    struct fe_region_joins *next;
} fe_region_joins;

/* What a value was before the region's current way wrote it. */
typedef struct fe_trail_entry {
    fe_val *node;
    fe_val before;
} fe_trail_entry;

/*
 * One call as the models see it: the evaluator resolves the callee, evaluates
 * every argument and notes the facts about each that only the C types tell,
 * then hands this record to the entry-point table (entry_points.c).
 */
typedef struct fe_arg {
    const char *text;         /* source text, shortened (Vulkan calls only) */
    bool mutable_pointer;     /* a pointer type whose pointee is not const */
    bool reaches_cmdbuf;      /* a VkCommandBuffer, or a pointer to a struct
                                 with one among its fields */
    bool leads_to_device;     /* a VkDevice or VkQueue, or what holds one
                                 (fe_argument_leads_to_device) */
} fe_arg;

typedef struct fe_call {
    const char *name;         /* the Vulkan entry point, else the callee */
    const char *spelling;     /* the callee as written: `vk.CmdDraw` -> CmdDraw */
    vks_loc loc;              /* with the chain of helper calls */
    fe_val **args;            /* evaluated */
    const fe_arg *arg_facts;
    unsigned argc;
    bool callee_in_system_header; /* a C library function */
    bool entry_point;         /* name is a Vulkan entry point's */
    bool in_c_library;        /* the C library's or the compiler's */
    /* Variadic after a string (`const char *format, ...`): a function that
       formats text - a logger, printf's family - which neither waits for
       the device nor records (eval_expr.c, formats_text). */
    bool formats_text;
} fe_call;

/* FNV-1a, the front end's one hash of names and values (the engine's,
   vks_hash_bytes): start from FE_HASH_SEED, or go on from an earlier
   result. */
#define FE_HASH_SEED VKS_HASH_SEED
static inline uint64_t fe_hash_bytes(uint64_t h, const void *bytes, size_t n)
{
    return vks_hash_bytes(h, bytes, n);
}
static inline uint64_t fe_hash_text(uint64_t h, const char *text)
{
    for (const unsigned char *b = (const unsigned char *)text; *b; b++)
        h = (h ^ *b) * 1099511628211u;
    return h;
}

/* ---- values (analyzer/values.c) ---- */
/* v in decimal, at the end of buf (24 bytes): what "%llu" gives, without
   a printf (snprintf was most of merge.c print_expr's time, and that a
   twentieth of vkcube-xcb's run). */
const char *fe_decimal(char *buf, uint64_t v);
/* The parts joined into one string in the arena: names and state lines
   are made hundreds of thousands of times a run, and formatting each with
   printf was a tenth of vkcube-xcb's time. */
const char *fe_joined(vks_arena *a, const char *const *parts, size_t count);
/* An element's member name, "[index]" (values.c). */
const char *fe_element_name(fe_ctx *cx, int64_t index);
#define FE_JOINED(a, ...) \
    fe_joined((a), (const char *const[]){__VA_ARGS__}, \
              sizeof (const char *const[]){__VA_ARGS__} / sizeof (const char *))
fe_val *fe_int(fe_ctx *cx, uint64_t i);
fe_val *fe_unknown(fe_ctx *cx);
fe_val *fe_sym(fe_ctx *cx, const char *ident, const char *spelling);
fe_val *fe_copy(fe_ctx *cx, const fe_val *v);
/* The arena a path's values are made in (fe_ctx.values, else arena). */
static inline vks_arena *fe_value_arena(const fe_ctx *cx)
{
    return cx->values ? cx->values : cx->arena;
}
/* A copy of v that outlives the path, in cx->arena: its fields, and what
   its pointers point to up to `depth` pointers deep (deeper pointers
   become unknown), as the value is now - later writes by the program do
   not reach the copy. */
fe_val *fe_keep(fe_ctx *cx, const fe_val *v, int depth);
/* A value's name (its identity, spelling, a member name) in cx->arena, for
   what outlives the path: the names a path makes live in its arena. */
const char *fe_persist(fe_ctx *cx, const char *name);
/* Overwrites *dst with a copy of src, keeping dst's node (pointers to it
   stay valid). */
void fe_assign(fe_ctx *cx, fe_val *dst, const fe_val *src);
/* The child node `name` of v, created on first use: 0 when v was
   initialised as an aggregate, else a symbol named after v. */
fe_val *fe_child(fe_ctx *cx, fe_val *v, const char *name);
/* The child node a first read of `name` makes (not linked into v). */
fe_val *fe_default_child(fe_ctx *cx, const fe_val *v, const char *name);
/* Reads a child without creating it (NULL when v has none and is not
   zero-initialised; a zero-initialised absent child reads as 0). */
const fe_val *fe_peek(fe_ctx *cx, const fe_val *v, const char *name);
fe_val *fe_element(fe_ctx *cx, fe_val *array, int64_t index);
/* fe_element for an element the array does not have yet (an initialiser's
   next position), without looking for it: an embedded SPIR-V module's
   1,500 words were 1,100,000 probes. */
fe_val *fe_new_element(fe_ctx *cx, fe_val *array, int64_t index);
/* The integers p[0] .. p[count - 1] of the array p points into, read with
   one walk of its elements (fe_deref per element walks them per element);
   false when p points into no array or one of them is not a known
   integer. */
bool fe_known_elements(fe_ctx *cx, fe_val *p, uint64_t count, uint64_t *out);
/* *p: the node p points at, or NULL when p is not a usable pointer. */
fe_val *fe_deref(fe_ctx *cx, fe_val *p, int64_t extra_index);
vks_mask fe_mask(const fe_val *v);
/* Before writing to an existing value outside fe_assign / fe_child: saves
   it on the trail while a region is run every way (summary.c). */
void fe_will_write(fe_ctx *cx, fe_val *v);
/* Restores every value written since the trail held `mark` entries. */
void fe_trail_rollback(fe_ctx *cx, size_t mark);
/* Keeps every value written since `mark` as it is now, as if it had been so
   before the region: the writes leave the trail. */
void fe_trail_forget(fe_ctx *cx, size_t mark);
/* A model about to change state outside the values (a command, an object,
   a queue stream): true, and the region being run every way stops, when
   one is (summary.c); the model then does nothing. */
bool fe_sandboxed_effect(fe_ctx *cx);
/* The same for an effect no check sees unless an effect of another kind
   follows it on the path: an object created or a handle kept (commands
   that use them are effects of their own), a host wait (it orders only
   what comes after it).  frontend.c: a path that after leaving the one it
   replays has only such effects repeats a checked prefix. */
bool fe_sandboxed_inert_effect(fe_ctx *cx);
/* While cx's models run (entry_points.c): a model's read of a value a join
   of a region made unknown (fe_known_int, fe_ident, fe_deref, fe_peek)
   sets cx->path.restart, so the path is run again with that region split.
   NULL: nobody is watching (the evaluator's own reads). */
void fe_watch_lossy_reads(fe_ctx *cx);
/* A table the path owns (its value arena), from names to one slot each:
   the slot for `name`, made empty (NULL) when `add` and absent; NULL when
   absent and not `add`. */
typedef struct fe_name_table fe_name_table;
void **fe_name_slot(fe_ctx *cx, fe_name_table **table, const char *name, bool add);
/* The known C string v holds or points at the start of, or NULL. */
const char *fe_known_string(fe_ctx *cx, const fe_val *v);
/* p[k] as a character when it is known (a written element, one of an
   array zeroed or read from its initialiser); false otherwise. */
bool fe_known_char(fe_ctx *cx, const fe_val *p, uint64_t k, unsigned char *c);
/* The text from where pointer p points into a char array whose characters
   are known (its string, edited: values.c), with the array and the index:
   NULL when they are not known. */
const char *fe_known_text_at(fe_ctx *cx, const fe_val *p, fe_val **array, int64_t *at);
/* A pointer to element `index` of target (`single`: to target alone). */
fe_val *fe_pointer_to(fe_ctx *cx, fe_val *target, int64_t index, bool single);
/* A handle's identity (a symbol's name), or NULL; fe_object_ident also
   NULL for a value straight from a call the evaluator cannot see into. */
const char *fe_ident(const fe_val *v);
const char *fe_object_ident(const fe_val *v);
bool fe_known_int(const fe_val *v, uint64_t *out);
/* v as a C condition: a known integer is true when non-zero, a handle a
   create call made is true (not_null); false when unknown. */
bool fe_known_truth(const fe_val *v, bool *truth);
/* A pointer to an object the path holds (never a null pointer). */
bool fe_points_at_object(const fe_val *v);
/* The block a pointer calloc returned points at (made now if not yet read),
   or NULL for any other value: what a write through it the evaluator cannot
   follow must forget, since it does not read as unknown by itself. */
fe_val *fe_zeroed_block(fe_ctx *cx, fe_val *p);

/* ---- the path's bookkeeping (analyzer/path_state.c) ---- */
/* A limit reached or a construct not followed: a vksync-incomplete finding
   at `at`, once per place.  Never silent, never "proved". */
void fe_incomplete_at(fe_ctx *cx, vks_loc at, const char *message);
/* Picks the alternative this path takes at an unknown branch (replaying a
   forced decision or taking the first feasible one) and records its facts
   and path step.  Returns UINT32_MAX when no alternative is feasible: the
   path is dead (cx->path.dead). */
unsigned fe_choose(fe_ctx *cx, vks_loc at, const fe_alternative *alts,
                   unsigned count);
/* The path's facts from count on are taken back (a region's way undone). */
void fe_facts_taken_back(fe_ctx *cx, size_t count);
/* Whether a fact of the path names the variable (the set kept from one
   question to the next, path_state.c fact_variable_names).  The set grows
   in the value arena: code that swaps in an arena of its own for a while
   brings it up to date first (fe_path_fact_names_update), or the set would
   be grown in memory freed with that arena. */
bool fe_path_facts_mention(fe_ctx *cx, const char *name);
void fe_path_fact_names_update(fe_ctx *cx);
/* The next path of the function (or of a joined region's ways): the last
   decision with an alternative not yet taken and not known impossible
   takes it, and the next run replays the decisions up to it.  False when
   every path has been run. */
bool fe_next_path(fe_ctx *cx);
/* Adds a fact the path assumes without a decision (the other way ends the
   program, program_end.c). */
void fe_assume(fe_ctx *cx, const vks_smt_expr *cond, bool truth);
/* Whether `cond` can have the value `truth` on this path: false only when
   its facts rule it out (the same test made the other way, or Z3 says so
   where the test shares a variable with them).  No decision is made. */
bool fe_path_allows(fe_ctx *cx, vks_loc at, const vks_smt_expr *cond, bool truth);
/* Whether the variable `name` occurs in e. */
bool fe_smt_mentions(const vks_smt_expr *e, const char *name);
/* Adds a path step that is not a choice (a loop iteration). */
void fe_path_note(fe_ctx *cx, vks_loc at, const char *text);
/* Copies the path's steps so far into the recording's command buffer, each
   placed after the commands recorded before it. */
void fe_attach_path_steps(fe_ctx *cx, const fe_recording *r);
/* An SMT variable nobody else names, and a binary expression. */
const vks_smt_expr *fe_smt_fresh(fe_ctx *cx);
const vks_smt_expr *fe_smt_binary(fe_ctx *cx, vks_smt_op op,
                                  const vks_smt_expr *lhs,
                                  const vks_smt_expr *rhs);
vks_smt_expr *fe_smt_new(fe_ctx *cx, vks_smt_kind kind);
/* lhs == value, a number (the facts of joins and of `c ? a : b`). */
const vks_smt_expr *fe_smt_is(fe_ctx *cx, const vks_smt_expr *lhs, uint64_t value);

/* ---- the entry-point table (analyzer/entry_points.c) ---- */
/* What else than its model a row tells the front end. */
enum {
    FE_EP_BEGINS = 1u << 0,   /* vkBeginCommandBuffer: a recording starts */
    FE_EP_SUBMITS = 1u << 1,  /* hands work to a queue */
    FE_EP_CREATES = 1u << 2,  /* creates an object the models remember */
    /* A call site every run accounts for, reached or reported (sites.c),
       as every vkCmd* is: the begin of a recording and the submissions. */
    FE_EP_SITE = 1u << 3,
    /* A query of a physical device's fixed capabilities: not modelled (its
       out-parameters are forgotten as any call's) but named after its
       arguments, so asking again gives the same unknowns (eval_expr.c);
       no effect a joined region must stop for. */
    FE_EP_FIXED_QUERY = 1u << 4,
    /* Only forgets what the path recorded (vkFreeCommandBuffers): no
       effect a joined region must stop for, left out inside one. */
    FE_EP_FORGETS = 1u << 5,
    /* Destroys or frees the object its argument `param` names (vkDestroy*,
       vkFreeMemory): not modelled otherwise (any call the evaluator cannot
       see into), no effect a joined region must stop for; the path notes
       that the handle ended (objects.c, fe_end_object). */
    FE_EP_ENDS = 1u << 6,
    /* Fails only when memory runs out (its error codes are
       VK_ERROR_OUT_OF_HOST_MEMORY and VK_ERROR_OUT_OF_DEVICE_MEMORY, and
       VK_ERROR_UNKNOWN, an implementation's failure): taken to succeed, as
       an allocation is (eval_expr.c), so it returns VK_SUCCESS. */
    FE_EP_SUCCEEDS = 1u << 7,
    /* No model at all: any call the evaluator cannot see into, no effect a
       joined region must stop for; a row only for its other flags
       (vkCreateSemaphore: FE_EP_SUCCEEDS). */
    FE_EP_OPAQUE = 1u << 8,
    /* Makes an object no model looks up (a sampler, a descriptor pool, a
       pipeline layout): no model, but for a cache that makes what it does
       not find (eval_stmt.c, quiet_leave.c) a creation and nothing more -
       "vkCreate*" commands record, submit and wait for nothing. */
    FE_EP_MAKES = 1u << 9,
    /* vkCreateQueryPool: what it made is noted after the call (the pool's
       query type: commands_draw.c, fe_note_query_pool). */
    FE_EP_QUERY_POOL = 1u << 10,
    /* vkGet*MemoryRequirements*: forgotten as any call's out-parameters,
       then what the specification guarantees of them is assumed
       (eval_expr.c, memory_requirements_hold).  Param: the argument the
       requirements are written through. */
    FE_EP_MEMORY_REQUIREMENTS = 1u << 11,
    /* The rows that are no effect: a run does not count them, a joined
       region does not stop for them. */
    FE_EP_NO_EFFECT = FE_EP_FIXED_QUERY | FE_EP_ENDS | FE_EP_OPAQUE,
};
typedef void fe_command_model(fe_ctx *cx, vks_cmd *cmd, const fe_call *call);
/* A model of an entry point that is not a vkCmd*: returns false when it did
   not handle the call (then it is any call the evaluator cannot see into). */
typedef bool fe_call_model(fe_ctx *cx, const fe_call *call, int param);
typedef struct fe_entry_point {
    const char *name;
    vks_cmd_kind kind;          /* vkCmd*: the IR command's kind */
    fe_command_model *command;  /* vkCmd* */
    fe_call_model *handler;     /* the others */
    unsigned min_args;          /* fewer: an unknown command / not handled */
    unsigned flags;             /* FE_EP_* */
    int param;                  /* handed to `handler` */
} fe_entry_point;
/* The row of a Vulkan entry point, or NULL. */
const fe_entry_point *fe_entry_point_find(const char *name);
bool fe_entry_point_has(const char *name, unsigned flag);
/* Whether a call to it changes what the engine checks: every modelled entry
   point and vkCmd* but those that access no memory and order nothing. */
bool fe_entry_point_matters(const fe_ctx *cx, const char *name);
/* Applies the call's model; returns false when it is not an entry point the
   front end models (the evaluator then treats it as any unseen call). */
bool fe_vulkan_call(fe_ctx *cx, const fe_call *call);
/* A call without a body that is handed a command buffer: an unmodelled
   command in each open recording it may reach. */
void fe_opaque_call(fe_ctx *cx, const fe_call *call);

/* The models of the table's rows (entry_points.def). */
enum { FE_WAIT_ONE_QUEUE, FE_WAIT_EVERY_QUEUE, FE_WAIT_FENCES };
#define FE_COMMAND(name, kind, model, min_args, flags) fe_command_model model;
#define FE_CALL(name, model, min_args, flags, param) fe_call_model model;
#include "entry_points.def"
#undef FE_COMMAND
#undef FE_CALL

/* ---- recordings (analyzer/entry_points.c) ---- */
/* The open recording of a command buffer handle, or NULL. */
fe_recording **fe_find_recording(fe_ctx *cx, const fe_val *handle);

/* ---- queue submissions and host waits (analyzer/submit.c) ---- */
void fe_recording_closed(fe_ctx *cx, const char *ident, uint32_t cmdbuf);
void fe_finish_queue_streams(fe_ctx *cx);
/* The command buffers this path ended and has not submitted since: their
   handles' identities and command buffer indexes; returns how many. */
size_t fe_closed_recordings(fe_ctx *cx, const char ***idents, uint32_t **cmdbufs);
/* The recording of the command buffer `ident` is no longer known: a later
   submit of it is an unmodelled command. */
void fe_forget_closed_recording(fe_ctx *cx, const char *ident);
/* The path assumed `facts` (at a decision when from_decision): when they
   leave its latest submission's result no VK_SUCCESS, the submission
   failed there and is taken back (the driver hands it to path_state.c as
   fe_ctx.facts_assumed). */
void fe_submission_tested(fe_ctx *cx, vks_loc at, const fe_fact *facts, unsigned count,
                          bool from_decision);

/* The identity of the memory a mapped pointer points into (host.c). */
const char *fe_mapping_memory(const struct fe_mapping *m);

/* ---- paths merged at device-wide waits (analyzer/merge.c) ---- */
typedef struct fe_merge_state fe_merge_state;
/* At a host wait for every queue, or at the start of a function that
   records reached with no recording open (the commands still in flight
   are part of where the path is): true when an earlier path reached it in
   a state that covers this path's, or this path is parked there to be
   resumed from the joined state (the path ends here, marked merged); else
   the path goes on. */
bool fe_merge_point(fe_ctx *cx, vks_loc at);
/* The commands this path submitted (and its host accesses of mapped
   memory) that no host wait has seen complete, hashed per queue; 0: none
   (submit.c). */
uint64_t fe_in_flight(fe_ctx *cx);
/* The identity of the fence an acquire (vkAcquireNextImageKHR: param 1,
   vkAcquireNextImage2KHR: 2) signals, or NULL (submit.c). */
const char *fe_acquire_fence(fe_ctx *cx, const fe_call *call, int param);
/* The same, with each object (a resource the commands access, a fence)
   named by rename(data, its identity) instead of its identity. */
typedef const char *fe_rename_fn(void *data, const char *ident);
uint64_t fe_in_flight_renamed(fe_ctx *cx, fe_rename_fn *rename, void *data);
/* Whether this path submitted anything (to any queue) so far; a fence
   created or a recording ended is no submission. */
bool fe_path_submitted(const fe_ctx *cx);
/* A recording function's paths begin: waits reached from now on park the
   paths that arrive first (merge.c). */
void fe_merge_begin(fe_ctx *cx);
/* When every path has been run: sets the decisions up to resume the
   paths parked at one wait, from their joined state (false: none left). */
bool fe_merge_resume(fe_ctx *cx);
/* Whether paths are parked at waits, to be resumed from decisions that
   a region split now would no longer replay. */
bool fe_merge_has_parked(const fe_ctx *cx);
/* Replayed arrivals at waits not compared again (merge.c), this root. */
size_t fe_merge_arrivals_skipped(const fe_ctx *cx);
/* VKSYNC_MERGE_AT_WAITS=0: no merging (to measure what it does). */
bool fe_merging_off(void);
/* The state of the path at a decision at `at` as a key, where the path
   may be merged there (merge.c, "Merging at decisions"): false where it
   may not (a region's way, a recording open, a value held by a caller). */
bool fe_decision_state_key(fe_ctx *cx, vks_loc at, uint64_t *key);
/* Whether a path took `way` from a decision in the state `key` before;
   from now on it has. */
/* After vkCreateQueryPool(device, pCreateInfo, pAllocator, pQueryPool),
   its out-parameter named: the pool's values per query, by its handle. */
void fe_note_query_pool(fe_ctx *cx, fe_val *const *args, unsigned argc);
bool fe_way_taken_before(fe_ctx *cx, uint64_t key, unsigned way);
/* The unknown name of the result of the latest submission while the path
   has not tested it (a test that says it failed takes the submission
   back: submit.c, fe_retractable); NULL when there is none. */
const char *fe_untested_submission_result(const fe_ctx *cx);
/* A call the front end cannot see into that may wait for the device (it is
   handed Vulkan handles or structs): host accesses after it are not
   checked against earlier submissions. */
void fe_host_unknown_wait(fe_ctx *cx, vks_loc at, const char *name);
/* A host read or write of mapped memory: appended to every queue stream of
   this path (nothing when nothing was submitted yet). */
void fe_host_access_streams(fe_ctx *cx, vks_loc at, bool write,
                            const vks_access *accesses, size_t count);

/* ---- mapped memory and host accesses (analyzer/host.c) ---- */
/* ptr +/- delta elements of element_size bytes (ptr has a mapping). */
fe_val *fe_host_pointer_add(fe_ctx *cx, const fe_val *ptr, const fe_val *delta,
                            uint64_t element_size, bool subtract);
/* ptr[index] (index NULL: *ptr): the place, with an unknown offset when the
   index is unknown. */
fe_val *fe_host_place(fe_ctx *cx, const fe_val *ptr, const fe_val *index,
                      uint64_t element_size);
/* object.member for a mapped place `object`; the member's offset in bytes
   (offset_known false: not a whole number of bytes, or unknown). */
fe_val *fe_host_member(fe_ctx *cx, const fe_val *object, bool offset_known,
                       uint64_t offset);
/* &place. */
fe_val *fe_host_address_of(fe_ctx *cx, const fe_val *place);
/* The host reads or writes `size` bytes at a place (or from a mapped
   pointer): host commands in this path's queue streams. */
void fe_host_touch(fe_ctx *cx, vks_loc at, const fe_val *place, uint64_t size,
                   bool write);
/* memcpy / memmove / memset through mapped pointers; any other unseen call
   that may wait: fe_host_unknown_wait. */
void fe_host_libc_call(fe_ctx *cx, const fe_call *call);

/* ---- linking dispatches to shaders (analyzer/pipeline_link.c) ---- */
fe_link *fe_link_new(vks_arena *arena, const vks_shader_summary *const *shaders,
                     size_t count);
/* The program defines an array of SPIR-V words (frontend.c finds one by
   its first word, the magic number): a module it creates from it is
   analysed from those words, and descriptor sets matter. */
void fe_link_note_embedded_module(fe_link *link);
/* Whether a shader given on the command line, or one embedded in the
   program, can read what a descriptor set holds (pipeline_link.c). */
bool fe_descriptor_sets_matter(const fe_ctx *cx);
/* A dispatch's (draw's) accesses through its shaders: the bound compute
   (graphics) pipeline's, or one unknown access. */
void fe_link_dispatch(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf);
void fe_link_draw(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf);
/* A call the evaluator cannot see into returned `result`: remembers it when
   an argument names a .spv file (a shader loader). */
void fe_link_unknown_call(fe_ctx *cx, const fe_call *call, const fe_val *result);

/* Resources: the resource a handle names (buffers: by identity; images
   also through the vkCreateImage that made them, objects.c).  seen_at is
   the resource's declaration location when it is new. */
/* Whether a handle named ident is an object the program created
   (vkCreate*, vkAllocate*) or a buffer or image a command accessed. */
bool fe_is_recorded_object(const fe_ctx *cx, const char *ident);
/* Whether a and b are the handles of two buffers or images this path
   created with two create calls and has destroyed neither: two objects
   alive at once, so the handles differ (`last != p->src`). */
bool fe_distinct_creations(fe_ctx *cx, const fe_val *a, const fe_val *b);
/* Whether a and b are handles one create call made, one of them (or
   both) renamed after where a caller kept it (`VkBuffer staging =
   pool_get (&pool);`): the same handle value. */
bool fe_same_creation(fe_ctx *cx, const fe_val *a, const fe_val *b);
/* Whether the path destroyed the handle named ident (vkDestroy*,
   vkFreeMemory) or freed the heap block it names (free). */
bool fe_has_ended(const fe_ctx *cx, const char *ident);
/* The handle a vkDestroy* or vkFreeMemory was given (FE_EP_ENDS), or the
   pointer to a block free() was given, has ended on this path. */
void fe_end_object(fe_ctx *cx, const fe_val *handle);
/* A call the evaluator cannot see into: free(p) ends p's block. */
void fe_note_free(fe_ctx *cx, const fe_call *call);
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
/* A created handle, made with identity `made_as` (a constructor's local),
   is kept in a variable or element with a name and identity of its own:
   its object is remembered under them too (issue 11, causes 5 and 7). */
void fe_handle_renamed(fe_ctx *cx, const fe_val *handle, const char *made_as);
/* Whether a function's name says it frees memory (`free`, `SDL_free`,
   `g_free`, `av_freep`): it records into no command buffer, whatever it
   is handed - `SDL_free (ctx->commandBuffers)` frees the array. */
bool fe_name_frees_memory(const char *name);
/* Whether the object a handle names was created inside the call at `call`
   (a constructor that returns a pointer to what it allocated). */
bool fe_created_inside(fe_ctx *cx, const fe_val *handle, vks_loc call);
bool fe_created_before(fe_ctx *cx, const fe_val *handle, vks_loc call);
/* An assignment stored a handle in a struct member: `r->color = image`. */
void fe_handle_stored(fe_ctx *cx, const fe_val *stored);
/* vkBeginCommandBuffer: the recording's state and its handle, for
   vkCmdExecuteCommands in any function. */
struct fe_cmdbuf_state *fe_recording_started(fe_ctx *cx, const fe_val *handle,
                                             uint32_t cmdbuf, vks_loc begin);


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
    FE_OBJ_FENCE,
} fe_object_kind;
const fe_object *fe_find_object(fe_ctx *cx, fe_object_kind kind,
                                const fe_val *handle);
/* A created object's create info (a copy, NULL when unknown) and the
   location of its create call. */
fe_val *fe_object_info(const fe_object *o);
vks_loc fe_object_loc(const fe_object *o);
/* The image region an image view covers (range_known false if unknown),
   and the view's format when `format` is not NULL. */
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

/* After every file: vkCmdExecuteCommands become the secondary's commands
   (commands_draw.c). */
void fe_inline_secondaries(fe_ctx *cx);

/* Adds the accesses a draw (or vkCmdClearAttachments' whole-attachment
   form) makes to the current subpass's attachments. */
void fe_add_attachment_accesses(fe_ctx *cx, vks_cmd *cmd);
/* The same for a given recording state (a secondary command buffer's draws
   executed inside the primary's subpass). */
void fe_add_subpass_accesses(fe_ctx *cx, vks_cmd *cmd, const fe_cmdbuf_state *st);

#endif
