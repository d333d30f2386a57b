/*
 * module.h - spirv/'s internal view of one SPIR-V module (not installed: the
 * rest of the project sees only include/vksync/spirv.h).
 *
 * module.c loads the words (checking header, word counts and id bounds
 * itself before anything reads an operand), records per instruction which
 * operands are ids (from SPIRV-Tools' grammar via spvBinaryParse) and where
 * it came from (OpLine, or the instruction itself).  flow.c adds control
 * flow, pointer roots and value variance; reflect.c the descriptor summary;
 * lint.c the memory-model rules.
 */
#ifndef VKSYNC_SPIRV_MODULE_H
#define VKSYNC_SPIRV_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vksync/arena.h"
#include "vksync/finding.h"
#include "vksync/spirv.h"

#define NO_INDEX UINT32_MAX

typedef struct {
    const uint32_t *w;      /* the instruction's words; w[0] = count<<16|op */
    uint32_t nwords;
    uint32_t opcode;
    uint32_t type_id, result_id;   /* 0 when absent */
    uint16_t *id_words;     /* word offsets of operands that are ids */
    uint32_t id_count;      /* (type and result ids excluded) */
    uint32_t func;          /* function index, NO_INDEX outside functions */
    uint32_t block;         /* block index within the function */
    vks_loc loc;
} spv_inst;

/* A set of root variables (OpVariable result ids) a pointer may point into. */
typedef struct {
    uint32_t *ids;
    uint32_t count;
} root_set;

typedef struct {
    uint32_t label;          /* OpLabel instruction index */
    uint32_t terminator;     /* its last instruction */
    uint32_t *succ;          /* block indices */
    uint32_t succ_count;
} spv_block;

typedef struct {
    uint32_t id;             /* OpFunction result id */
    uint32_t first, last;    /* OpFunction .. OpFunctionEnd indices */
    spv_block *blocks;
    uint32_t block_count;
    uint32_t *params;        /* OpFunctionParameter result ids, in order */
    uint32_t param_count;
    /* dominators / post-dominators: block_count x words bitsets */
    uint64_t *dom, *pdom;
    uint32_t set_words;
    bool *reaches_exit;      /* post-dominance is meaningful only here */
} spv_function;

/* Value variance (flow.c): which invocations may see a different value. */
#define VARY_LANE 1u       /* between invocations of one subgroup */
#define VARY_SUBGROUP 2u   /* between subgroups of one workgroup */
#define VARY_WORKGROUP 4u  /* between workgroups of one dispatch */
#define VARY_ALL 7u

typedef struct spv_module {
    vks_arena *arena;
    const char *path;
    uint32_t *words;
    size_t nwords;
    uint32_t version, bound;
    bool vulkan_memory_model;
    bool has_debug_lines;
    spv_inst *insts;
    size_t ninsts, inst_cap;
    uint32_t *def;           /* id -> defining instruction, NO_INDEX */
    /* decorations, by id */
    uint32_t *builtin;       /* UINT32_MAX when none */
    uint32_t *desc_set, *binding; /* UINT32_MAX when none */
    uint8_t *deco_flags;     /* DECO_* */
    const char **names;      /* OpName, NULL when none */
    spv_function *funcs;
    uint32_t func_count;
    uint32_t *func_of_id;    /* OpFunction id -> function index */
    /* flow.c */
    root_set *roots;         /* per id */
    uint8_t *vary;           /* per id: VARY_* */
    uint8_t *mem_vary;       /* per variable id: variance of values stored */
} spv_module;

#define DECO_BLOCK 1u
#define DECO_BUFFER_BLOCK 2u
#define DECO_NON_WRITABLE 4u
#define DECO_NON_READABLE 8u
#define DECO_ALL_MEMBERS_NON_WRITABLE 16u
#define DECO_ALL_MEMBERS_NON_READABLE 32u

/* module.c */
int spv_module_load(spv_module *m, const char *path, const void *data,
                    size_t size, bool is_text, const char **error);
/* Runs spvValidate; returns NULL when valid, else a one-line message and the
   index of the instruction it points at (NO_INDEX when none). */
const char *spv_module_validate(spv_module *m, uint32_t *inst);
const spv_inst *spv_def(const spv_module *m, uint32_t id);
/* The value of an OpConstant (32-bit), or false when id is no such constant. */
bool spv_const_u32(const spv_module *m, uint32_t id, uint32_t *value);
/* "'name'" for messages, or "%id". */
const char *spv_id_name(const spv_module *m, uint32_t id);
/* Storage class of an OpVariable (flow.c), or UINT32_MAX. */
uint32_t spv_variable_class(const spv_module *m, uint32_t var);
/* Storage class of a pointer-typed id, or UINT32_MAX. */
uint32_t spv_pointer_storage_class(const spv_module *m, uint32_t id);
/* The literal string starting at word `at` of inst (bounded by the inst). */
const char *spv_literal_string(spv_module *m, const spv_inst *inst,
                               uint32_t at);

/* flow.c */
void spv_build_functions(spv_module *m);
void spv_compute_roots(spv_module *m);
void spv_compute_variance(spv_module *m);
/* Per function: functions reachable from entry function `func` through
   OpFunctionCall (bool array over m->func_count). */
bool *spv_reachable_functions(spv_module *m, uint32_t func_id);
bool spv_block_dominates(const spv_function *f, uint32_t a, uint32_t b);
/* a post-dominates b (every path from b to the exit passes a; a block
   post-dominates itself); false when post-dominators are not computed. */
bool spv_block_postdominates(const spv_function *f, uint32_t a, uint32_t b);
/* Blocks executed only by some invocations: control-dependent (iterated) on a
   branch whose condition varies by `mask`.  Returns per-block the index of
   the deciding branch instruction, NO_INDEX when not divergent. */
uint32_t *spv_divergent_blocks(spv_module *m, const spv_function *f,
                               unsigned mask);
/* Ids whose value depends on the result of instruction `source` (through
   values and through Function/Private variables). bool array over ids. */
bool *spv_dependents(spv_module *m, uint32_t source_id);

/* One memory access by one instruction (reflect.c). */
#define ACC_READ 1u
#define ACC_WRITE 2u
#define ACC_ATOMIC 4u
#define ACC_SAMPLED 8u  /* through a sampler: a read of a sampled image */
typedef struct {
    uint32_t inst;           /* instruction index */
    uint32_t ptr;            /* pointer id, or image handle id for image ops */
    unsigned kind;           /* ACC_* */
    uint32_t storage_class;  /* of the pointer; Image for image instructions */
    bool image;
    uint32_t mem_flags;      /* Memory Operands (load/store) or Image Operands */
    uint32_t avail_scope_id, vis_scope_id; /* MakePointerAvailable/Visible */
    uint32_t scope_id, sem_id, sem2_id;    /* atomics; 0 otherwise */
} spv_access;

/* The accesses instruction `index` performs (OpCopyMemory: two); 0 if none. */
int spv_accesses_of(const spv_module *m, uint32_t index, spv_access out[2]);

/* reflect.c */
vks_shader_summary *spv_reflect(spv_module *m);

/* race.c: shader-workgroup-race for one entry point (entry = its function
   id), run by spv_lint. */
void spv_check_workgroup_races(spv_module *m, uint32_t entry,
                               const vks_entry_point *ep, vks_findings *findings);

/* lint.c */
/* The value stored into Function variable `var` when it is stored exactly
   once, as a whole; else 0. */
uint32_t spv_single_store(const spv_module *m, uint32_t var);
void spv_lint(spv_module *m, const vks_shader_summary *summary,
              const vks_spirv_options *options, vks_findings *findings);

#endif
