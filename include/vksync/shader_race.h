/*
 * shader_race.h - the two-invocation question behind shader-workgroup-race
 * (docs/design.md, "Data flow": shader races are asked of Z3 as one
 * question about two invocations).
 *
 * spirv/ builds, for two accesses to one Workgroup variable, the element
 * each touches as small expressions over the invocation's local id, and
 * the conditions under which each invocation reaches its access; smt/ asks
 * Z3 whether two different invocations of one workgroup can touch the same
 * element.  Neither side sees the other's foreign types: this header is
 * the contract.
 *
 * Every integer is 32 bits wide with SPIR-V's wrap-around (the builder
 * gives up on any other width), so the encoding is exact.
 */
#ifndef VKSYNC_SHADER_RACE_H
#define VKSYNC_SHADER_RACE_H

#include <stddef.h>
#include <stdint.h>

#include "vksync/smt.h"

typedef enum {
    VKS_IX_CONST,     /* value (integer, or 0/1 for a boolean) */
    VKS_IX_LOCAL_ID,  /* component `value` (0..2) of the invocation's
                         LocalInvocationId: differs between the two */
    VKS_IX_SHARED,    /* an integer the same for every invocation of the
                         workgroup (WorkgroupId, a push constant): `name` */
    VKS_IX_SHARED_BOOL, /* a condition the same for every invocation: `name` */
    VKS_IX_UNARY,     /* op lhs: NEG, NOT, LOGICAL_NOT */
    VKS_IX_BINARY,    /* lhs op rhs */
    VKS_IX_SELECT,    /* cond ? lhs : rhs */
} vks_ix_kind;

typedef enum {
    VKS_IX_NEG, VKS_IX_NOT, VKS_IX_LOGICAL_NOT,
    VKS_IX_ADD, VKS_IX_SUB, VKS_IX_MUL, VKS_IX_UDIV, VKS_IX_SDIV,
    VKS_IX_UMOD, VKS_IX_SREM, VKS_IX_SMOD,
    VKS_IX_AND, VKS_IX_OR, VKS_IX_XOR, VKS_IX_SHL, VKS_IX_LSHR, VKS_IX_ASHR,
    /* boolean results */
    VKS_IX_EQ, VKS_IX_NE, VKS_IX_ULT, VKS_IX_ULE, VKS_IX_SLT, VKS_IX_SLE,
    VKS_IX_LOGICAL_AND, VKS_IX_LOGICAL_OR, VKS_IX_LOGICAL_EQ,
} vks_ix_op;

typedef struct vks_ix_expr {
    vks_ix_kind kind;
    vks_ix_op op;
    uint32_t value;
    const char *name;
    const struct vks_ix_expr *lhs, *rhs, *cond;
} vks_ix_expr;

/* One access as one invocation performs it. */
typedef struct {
    const vks_ix_expr *const *indices; /* the element: one per access-chain level */
    size_t index_count;
    const vks_ix_expr *const *guards;  /* booleans true whenever it executes */
    size_t guard_count;
} vks_race_access;

typedef struct {
    uint32_t local_size[3];  /* the workgroup's size, every component >= 1 */
    vks_race_access first, second;
    /* true when both accesses are one instruction: only the common index
       prefix (first.index_count == second.index_count) matters anyway. */
} vks_race_question;

typedef struct {
    uint32_t local_first[3], local_second[3]; /* the two invocations */
    uint32_t element[8];     /* the common element's indices, as the first
                                invocation computes them */
    size_t element_count;    /* min(index counts), at most 8 */
} vks_race_witness;

/*
 * Can invocations A != B of one workgroup (local ids below local_size)
 * reach `first` (A) and `second` (B) with every index of the common prefix
 * equal?  SAT fills *witness from Z3's model; UNKNOWN (a solver limit,
 * include/vksync/smt.h) writes a one-line reason to why.
 */
vks_smt_answer vks_smt_race(vks_smt_solver *solver, const vks_race_question *q,
                            vks_race_witness *witness, char *why, size_t why_size);

#endif
