/*
 * race.c - shader-workgroup-race: data races on Workgroup (shared) memory
 * between invocations of one workgroup (include/vksync/shader_race.h).
 *
 * Vulkan spec, "Memory Model" appendix, "Data Race": "Let X and Y be
 * operations that access overlapping sets of memory locations M, where X !=
 * Y, and at least one of X and Y is a write, and X and Y are not
 * mutually-ordered atomic operations.  If there does not exist a
 * location-ordered relation between X and Y for each location in M, then
 * there is a data race", and "Data races can only occur due to instructions
 * that are actually executed".
 * Between invocations of one workgroup the ordering comes from a control
 * barrier ("Synchronizes-With": a release barrier A, a control barrier C
 * and an acquire barrier B, "A and B are in the instance of C's execution
 * scope"): OpControlBarrier with Workgroup execution scope whose semantics
 * include WorkgroupMemory and an ordering, GLSL's barrier().
 *
 * The question, per pair of accesses to one Workgroup variable in the entry
 * point's function:
 *   - same barrier interval: some start (the function's entry or just after
 *     a separating barrier) reaches both without passing a separating
 *     barrier (loops included: a read at the end of an iteration and a
 *     write at the start of the next share an interval);
 *   - for two invocations A != B (local ids below the workgroup size), A
 *     reaching the first and B the second (the conditions of the branches
 *     both depend on), every index equal: asked of Z3 (smt/race.c).
 * What the builder cannot express (a loaded value, a loop variable, a
 * call) is unknown: that access takes part in no question, so it never
 * produces a finding.  A varying condition that cannot be expressed makes
 * its block's accesses unknown; a uniform one is the same unknown boolean
 * for both invocations.
 */
#include "module.h"

#include <spirv/unified1/spirv.h>
#include <string.h>

#include "vksync/shader_race.h"

#define MAX_INDICES 8
#define MAX_QUERIES 4000
#define VARY_IN_WORKGROUP (VARY_LANE | VARY_SUBGROUP)

typedef struct {
    spv_module *m;
    uint32_t local_size[3];
    const vks_ix_expr **memo; /* per id * 4 + component */
    uint8_t *state;           /* 0 not built, 1 building, 2 built */
    const bool *separates;    /* per instruction of the entry function */
} ix_builder;

/* ---- values as index expressions ---- */

static const vks_ix_expr *node(ix_builder *b, vks_ix_expr e)
{
    vks_ix_expr *n = vks_arena_alloc(b->m->arena, sizeof *n);
    *n = e;
    return n;
}

static const vks_ix_expr *constant(ix_builder *b, uint32_t v)
{
    return node(b, (vks_ix_expr){.kind = VKS_IX_CONST, .value = v});
}

static const vks_ix_expr *binary(ix_builder *b, vks_ix_op op, const vks_ix_expr *l,
                                 const vks_ix_expr *r)
{
    if (!l || !r)
        return NULL;
    return node(b, (vks_ix_expr){.kind = VKS_IX_BINARY, .op = op, .lhs = l, .rhs = r});
}

static const vks_ix_expr *shared_value(ix_builder *b, const char *name, bool boolean)
{
    return node(b, (vks_ix_expr){.kind = boolean ? VKS_IX_SHARED_BOOL : VKS_IX_SHARED,
                                 .name = name});
}

/* The scalar type of a 32-bit integer or boolean (vector) type, else 0:
   the encoding is exact for 32-bit integers only. */
static uint32_t scalar_kind(const spv_module *m, uint32_t type)
{
    const spv_inst *t = spv_def(m, type);
    if (t && t->opcode == SpvOpTypeVector && t->nwords >= 3)
        t = spv_def(m, t->w[2]);
    if (!t)
        return 0;
    if (t->opcode == SpvOpTypeBool)
        return SpvOpTypeBool;
    if (t->opcode == SpvOpTypeInt && t->nwords >= 3 && t->w[2] == 32)
        return SpvOpTypeInt;
    return 0;
}

static const vks_ix_expr *value_of(ix_builder *b, uint32_t id, uint32_t component);

/* The variable a pointer is rooted at, through access chains and copies,
   with the indices on the way (outermost first); false when the chain is
   anything else or deeper than MAX_INDICES. */
static bool pointer_path_at(ix_builder *b, uint32_t ptr, uint32_t *var,
                            const vks_ix_expr **indices, size_t *count, bool *all_known,
                            int depth)
{
    const spv_inst *d = spv_def(b->m, ptr);
    /* A chain longer than the indices it may carry is not followed (an
       invalid module may even chain an id to itself). */
    if (!d || depth > MAX_INDICES)
        return false;
    switch (d->opcode) {
    case SpvOpVariable:
        *var = ptr;
        *count = 0;
        return true;
    case SpvOpCopyObject:
        return d->nwords >= 4 &&
               pointer_path_at(b, d->w[3], var, indices, count, all_known, depth + 1);
    case SpvOpAccessChain:
    case SpvOpInBoundsAccessChain:
        if (d->nwords < 4 ||
            !pointer_path_at(b, d->w[3], var, indices, count, all_known, depth + 1))
            return false;
        for (uint32_t w = 4; w < d->nwords; w++) {
            if (*count >= MAX_INDICES)
                return false;
            const vks_ix_expr *ix = value_of(b, d->w[w], 0);
            *all_known &= ix != NULL;
            indices[(*count)++] = ix;
        }
        return true;
    default:
        return false;
    }
}

static bool pointer_path(ix_builder *b, uint32_t ptr, uint32_t *var,
                         const vks_ix_expr **indices, size_t *count, bool *all_known)
{
    return pointer_path_at(b, ptr, var, indices, count, all_known, 0);
}

/* A builtin variable's value for this invocation (spec "Built-In
   Variables"): LocalInvocationId differs between the two invocations,
   WorkgroupId and NumWorkgroups are the workgroup's, the rest derive. */
static const vks_ix_expr *builtin_value(ix_builder *b, uint32_t builtin, uint32_t c)
{
    if (c > 2)
        return NULL;
    const vks_ix_expr *local = node(b, (vks_ix_expr){.kind = VKS_IX_LOCAL_ID, .value = c});
    const char *xyz = c == 0 ? "x" : c == 1 ? "y" : "z";
    switch (builtin) {
    case SpvBuiltInLocalInvocationId:
        return local;
    case SpvBuiltInWorkgroupId:
        return shared_value(b, vks_arena_printf(b->m->arena, "WorkgroupId.%s", xyz), false);
    case SpvBuiltInNumWorkgroups:
        return shared_value(b, vks_arena_printf(b->m->arena, "NumWorkgroups.%s", xyz), false);
    case SpvBuiltInGlobalInvocationId:
        /* "WorkgroupId * WorkgroupSize + LocalInvocationId" */
        return binary(b, VKS_IX_ADD,
                      binary(b, VKS_IX_MUL, builtin_value(b, SpvBuiltInWorkgroupId, c),
                             constant(b, b->local_size[c])),
                      local);
    case SpvBuiltInLocalInvocationIndex: {
        /* "z * sx * sy + y * sx + x" */
        const vks_ix_expr *x = builtin_value(b, SpvBuiltInLocalInvocationId, 0);
        const vks_ix_expr *y = builtin_value(b, SpvBuiltInLocalInvocationId, 1);
        const vks_ix_expr *z = builtin_value(b, SpvBuiltInLocalInvocationId, 2);
        uint32_t sx = b->local_size[0], sy = b->local_size[1];
        return binary(b, VKS_IX_ADD,
                      binary(b, VKS_IX_ADD, binary(b, VKS_IX_MUL, z, constant(b, sx * sy)),
                             binary(b, VKS_IX_MUL, y, constant(b, sx))),
                      x);
    }
    default:
        return NULL;
    }
}

/* A value loaded from memory: a builtin, a Function variable stored once,
   or a push constant / uniform-buffer member at constant indices (the same
   for every invocation: it is read-only to shaders). */
static const vks_ix_expr *load_value(ix_builder *b, const spv_inst *d, uint32_t component)
{
    spv_module *m = b->m;
    const vks_ix_expr *indices[MAX_INDICES];
    size_t count = 0;
    uint32_t var = 0;
    bool known = true;
    if (d->nwords < 4 || !pointer_path(b, d->w[3], &var, indices, &count, &known) || !known)
        return NULL;
    if (m->builtin[var] != UINT32_MAX) {
        if (count > 1 || (count == 1 && indices[0]->kind != VKS_IX_CONST))
            return NULL;
        return builtin_value(b, m->builtin[var], count ? indices[0]->value : component);
    }
    uint32_t cls = spv_variable_class(m, var);
    if (cls == SpvStorageClassFunction) {
        /* The variable itself, or one component of a vector variable
           (GLSL's `l.x` on a local uvec2). */
        uint32_t stored = spv_single_store(m, var);
        if (!stored || count > 1 || (count == 1 && indices[0]->kind != VKS_IX_CONST))
            return NULL;
        return value_of(b, stored, count ? indices[0]->value : component);
    }
    const spv_inst *v = spv_def(m, var);
    const spv_inst *p = v ? spv_def(m, v->type_id) : NULL;
    bool uniform_block = cls == SpvStorageClassUniform && p && p->nwords >= 4 &&
                         (m->deco_flags[p->w[3]] & DECO_BLOCK);
    if (cls != SpvStorageClassPushConstant && !uniform_block)
        return NULL;
    char *name = vks_arena_printf(m->arena, "mem%u", var);
    for (size_t k = 0; k < count; k++) {
        if (indices[k]->kind != VKS_IX_CONST)
            return NULL;
        name = vks_arena_printf(m->arena, "%s.%u", name, indices[k]->value);
    }
    return shared_value(b, vks_arena_printf(m->arena, "%s:%u", name, component), false);
}

static vks_ix_op binary_op(uint32_t opcode, bool *swap, bool *negate)
{
    *swap = *negate = false;
    switch (opcode) {
    case SpvOpIAdd: return VKS_IX_ADD;
    case SpvOpISub: return VKS_IX_SUB;
    case SpvOpIMul: return VKS_IX_MUL;
    case SpvOpUDiv: return VKS_IX_UDIV;
    case SpvOpSDiv: return VKS_IX_SDIV;
    case SpvOpUMod: return VKS_IX_UMOD;
    case SpvOpSRem: return VKS_IX_SREM;
    case SpvOpSMod: return VKS_IX_SMOD;
    case SpvOpBitwiseAnd: return VKS_IX_AND;
    case SpvOpBitwiseOr: return VKS_IX_OR;
    case SpvOpBitwiseXor: return VKS_IX_XOR;
    case SpvOpShiftLeftLogical: return VKS_IX_SHL;
    case SpvOpShiftRightLogical: return VKS_IX_LSHR;
    case SpvOpShiftRightArithmetic: return VKS_IX_ASHR;
    case SpvOpIEqual: return VKS_IX_EQ;
    case SpvOpINotEqual: return VKS_IX_NE;
    case SpvOpULessThan: return VKS_IX_ULT;
    case SpvOpULessThanEqual: return VKS_IX_ULE;
    case SpvOpUGreaterThan: *swap = true; return VKS_IX_ULT;
    case SpvOpUGreaterThanEqual: *swap = true; return VKS_IX_ULE;
    case SpvOpSLessThan: return VKS_IX_SLT;
    case SpvOpSLessThanEqual: return VKS_IX_SLE;
    case SpvOpSGreaterThan: *swap = true; return VKS_IX_SLT;
    case SpvOpSGreaterThanEqual: *swap = true; return VKS_IX_SLE;
    case SpvOpLogicalAnd: return VKS_IX_LOGICAL_AND;
    case SpvOpLogicalOr: return VKS_IX_LOGICAL_OR;
    case SpvOpLogicalEqual: return VKS_IX_LOGICAL_EQ;
    case SpvOpLogicalNotEqual: *negate = true; return VKS_IX_LOGICAL_EQ;
    default: return (vks_ix_op)-1;
    }
}

static const vks_ix_expr *build_value(ix_builder *b, const spv_inst *d, uint32_t id,
                                      uint32_t c)
{
    spv_module *m = b->m;
    uint32_t kind = scalar_kind(m, d->type_id);
    switch (d->opcode) {
    case SpvOpConstant:
        return kind == SpvOpTypeInt && d->nwords >= 4 ? constant(b, d->w[3]) : NULL;
    case SpvOpConstantTrue:
    case SpvOpConstantFalse:
        return constant(b, d->opcode == SpvOpConstantTrue);
    case SpvOpConstantNull:
        return kind ? constant(b, 0) : NULL;
    case SpvOpConstantComposite:
    case SpvOpCompositeConstruct: {
        /* A vector built from scalars: component c is operand c. */
        if (!kind || 3 + c >= d->nwords)
            return NULL;
        const spv_inst *part = spv_def(m, d->w[3 + c]);
        const spv_inst *pt = part ? spv_def(m, part->type_id) : NULL;
        return pt && pt->opcode != SpvOpTypeVector ? value_of(b, d->w[3 + c], 0) : NULL;
    }
    case SpvOpSpecConstant:
    case SpvOpSpecConstantTrue:
    case SpvOpSpecConstantFalse:
        /* One value for the whole pipeline, unknown here. */
        return kind ? shared_value(b, vks_arena_printf(m->arena, "spec%u", id),
                                   kind == SpvOpTypeBool)
                    : NULL;
    case SpvOpLoad:
        return kind ? load_value(b, d, c) : NULL;
    case SpvOpVectorShuffle: {
        /* Component c is operand vector 1's component w[5 + c] when below
           vector 1's size, else vector 2's (w[5 + c] - size). */
        const spv_inst *v1 = d->nwords >= 5 ? spv_def(m, d->w[3]) : NULL;
        const spv_inst *t1 = v1 ? spv_def(m, v1->type_id) : NULL;
        if (!kind || !t1 || t1->opcode != SpvOpTypeVector || t1->nwords < 4 || 5 + c >= d->nwords)
            return NULL;
        uint32_t pick = d->w[5 + c], size1 = t1->w[3];
        return pick < size1 ? value_of(b, d->w[3], pick) : value_of(b, d->w[4], pick - size1);
    }
    case SpvOpCompositeExtract:
        return kind && d->nwords == 5 ? value_of(b, d->w[3], d->w[4]) : NULL;
    case SpvOpCopyObject:
    case SpvOpBitcast: {
        const spv_inst *src = d->nwords >= 4 ? spv_def(m, d->w[3]) : NULL;
        return kind && src && scalar_kind(m, src->type_id) == kind ? value_of(b, d->w[3], c)
                                                                   : NULL;
    }
    case SpvOpSNegate:
    case SpvOpNot:
    case SpvOpLogicalNot: {
        const vks_ix_expr *a = kind && d->nwords >= 4 ? value_of(b, d->w[3], c) : NULL;
        vks_ix_op op = d->opcode == SpvOpSNegate ? VKS_IX_NEG
                     : d->opcode == SpvOpNot ? VKS_IX_NOT : VKS_IX_LOGICAL_NOT;
        return a ? node(b, (vks_ix_expr){.kind = VKS_IX_UNARY, .op = op, .lhs = a}) : NULL;
    }
    case SpvOpSelect: {
        if (!kind || d->nwords < 6)
            return NULL;
        const vks_ix_expr *cond = value_of(b, d->w[3], c);
        const vks_ix_expr *l = cond ? value_of(b, d->w[4], c) : NULL;
        const vks_ix_expr *r = l ? value_of(b, d->w[5], c) : NULL;
        return r ? node(b, (vks_ix_expr){.kind = VKS_IX_SELECT, .cond = cond, .lhs = l, .rhs = r})
                 : NULL;
    }
    default:
        break;
    }
    bool swap, negate;
    vks_ix_op op = binary_op(d->opcode, &swap, &negate);
    if (op == (vks_ix_op)-1 || !kind || d->nwords < 5)
        return NULL;
    const vks_ix_expr *l = value_of(b, d->w[3], c);
    const vks_ix_expr *r = l ? value_of(b, d->w[4], c) : NULL;
    if (!r)
        return NULL;
    /* Division by zero and shifts by 32 or more are undefined in SPIR-V:
       only constant divisors and shift amounts SPIR-V defines. */
    bool divides = op == VKS_IX_UDIV || op == VKS_IX_SDIV || op == VKS_IX_UMOD ||
                   op == VKS_IX_SREM || op == VKS_IX_SMOD;
    bool shifts = op == VKS_IX_SHL || op == VKS_IX_LSHR || op == VKS_IX_ASHR;
    if ((divides && (r->kind != VKS_IX_CONST || r->value == 0)) ||
        (shifts && (r->kind != VKS_IX_CONST || r->value >= 32)))
        return NULL;
    const vks_ix_expr *e = swap ? binary(b, op, r, l) : binary(b, op, l, r);
    return negate ? node(b, (vks_ix_expr){.kind = VKS_IX_UNARY, .op = VKS_IX_LOGICAL_NOT, .lhs = e})
                  : e;
}

/* The value of `id` (component c of a vector) for one invocation, or NULL
   when it is not built from what the encoding knows. */
static const vks_ix_expr *value_of(ix_builder *b, uint32_t id, uint32_t c)
{
    const spv_inst *d = spv_def(b->m, id);
    if (!d || c > 3)
        return NULL;
    size_t key = (size_t)id * 4 + c;
    if (b->state[key] == 2)
        return b->memo[key];
    if (b->state[key] == 1)
        return NULL; /* a cycle through OpPhi-free code cannot happen; be safe */
    b->state[key] = 1;
    const vks_ix_expr *e = build_value(b, d, id, c);
    b->memo[key] = e;
    b->state[key] = 2;
    return e;
}

/* ---- the entry point's shape ---- */

/* The workgroup size: the WorkgroupSize builtin constant when present (it
   overrides the execution mode, spec "WorkgroupSize"), else LocalSize /
   LocalSizeId with constant operands.  false when any part is a
   specialization constant or missing. */
static bool workgroup_size(spv_module *m, uint32_t entry, const vks_entry_point *ep,
                           uint32_t size[3])
{
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (!in->result_id || m->builtin[in->result_id] != SpvBuiltInWorkgroupSize)
            continue;
        if (in->opcode != SpvOpConstantComposite || in->nwords < 6)
            return false;
        for (int c = 0; c < 3; c++)
            if (!spv_const_u32(m, in->w[3 + c], &size[c]))
                return false;
        return size[0] && size[1] && size[2];
    }
    memcpy(size, ep->local_size, 3 * sizeof *size);
    for (size_t i = 0; i < m->ninsts && !size[0]; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode == SpvOpExecutionModeId && in->nwords >= 6 && in->w[1] == entry &&
            in->w[2] == SpvExecutionModeLocalSizeId)
            for (int c = 0; c < 3; c++)
                if (!spv_const_u32(m, in->w[3 + c], &size[c]))
                    return false;
    }
    return size[0] && size[1] && size[2];
}

/* Does this barrier order Workgroup memory between the invocations of a
   workgroup?  Unknown scopes or semantics count as yes (no finding from an
   unknown), so do Subgroup execution barriers (whether the two invocations
   share a subgroup is not known).  A Workgroup (or wider) execution barrier
   orders Workgroup memory when its semantics, or those of an OpMemoryBarrier
   just before it (GLSL's memoryBarrierShared(); barrier()), include
   WorkgroupMemory and an ordering (spec "Synchronizes-With": "A and B are
   in the instance of each other's memory scopes" with a release and an
   acquire). */
static bool orders_workgroup_memory(uint32_t sem)
{
    uint32_t ordering = SpvMemorySemanticsAcquireMask | SpvMemorySemanticsReleaseMask |
                        SpvMemorySemanticsAcquireReleaseMask |
                        SpvMemorySemanticsSequentiallyConsistentMask;
    return (sem & SpvMemorySemanticsWorkgroupMemoryMask) && (sem & ordering);
}

static bool barrier_separates(const spv_module *m, const spv_function *f, uint32_t i)
{
    const spv_inst *in = &m->insts[i];
    if (in->opcode != SpvOpControlBarrier || in->nwords < 4)
        return false;
    uint32_t exec, sem;
    if (!spv_const_u32(m, in->w[1], &exec) || !spv_const_u32(m, in->w[3], &sem))
        return true;
    if (exec == SpvScopeSubgroup || exec == SpvScopeInvocation)
        return true;
    if (orders_workgroup_memory(sem))
        return true;
    for (uint32_t k = i; k-- > f->first;) {
        const spv_inst *p = &m->insts[k];
        if (p->opcode == SpvOpLine || p->opcode == SpvOpNoLine)
            continue;
        uint32_t psem;
        return p->opcode == SpvOpMemoryBarrier && p->nwords >= 3 &&
               (!spv_const_u32(m, p->w[2], &psem) || orders_workgroup_memory(psem));
    }
    return false;
}

/*
 * Barrier intervals.  A start is the function's entry or the instruction
 * after a separating barrier; an invocation's execution from a start to the
 * next separating barrier is a barrier-free path, and two accesses race
 * only when one start reaches both.  Along the way a branch edge may be
 * forced (every barrier-free path from the start to the access takes it):
 * an invocation that reaches the access in that interval took the edge, so
 * its condition held (an `if` around a barrier: the accesses after the `if`
 * share the interval before the barrier only when the `if` was skipped).
 */
/* A function that only waits at a barrier (GLSL: a helper around
   barrier()): no Workgroup access, no call, every control barrier
   separating and one of them on every path.  A call to it is a barrier. */
static bool barrier_function(const spv_module *m, uint32_t fi)
{
    const spv_function *f = &m->funcs[fi];
    bool unconditional = false;
    for (uint32_t i = f->first; i <= f->last; i++) {
        const spv_inst *in = &m->insts[i];
        spv_access acc[2];
        int n = spv_accesses_of(m, i, acc);
        for (int k = 0; k < n; k++)
            if (acc[k].storage_class == SpvStorageClassWorkgroup)
                return false;
        if (in->opcode == SpvOpFunctionCall)
            return false;
        if (in->opcode != SpvOpControlBarrier)
            continue;
        if (!barrier_separates(m, f, i))
            return false;
        unconditional |= in->block < f->block_count && spv_block_postdominates(f, in->block, 0);
    }
    return unconditional;
}

static uint32_t callee_of(const spv_module *m, const spv_inst *in)
{
    if (in->opcode != SpvOpFunctionCall || in->nwords < 4 || in->w[3] >= m->bound)
        return NO_INDEX;
    return m->func_of_id[in->w[3]];
}

/* Per instruction of f: a separating barrier, or a call to a barrier
   function. */
static bool *separating_table(const spv_module *m, const spv_function *f, vks_arena *arena)
{
    bool *table = vks_arena_alloc(arena, f->last - f->first + 1);
    for (uint32_t i = f->first; i <= f->last; i++) {
        uint32_t callee = callee_of(m, &m->insts[i]);
        table[i - f->first] = barrier_separates(m, f, i) ||
                              (callee != NO_INDEX && barrier_function(m, callee));
    }
    return table;
}


typedef struct {
    const vks_ix_expr *cond;  /* with the edge's polarity; NULL: unknown */
    bool *forced;             /* per instruction of f (offset from first) */
} forced_edge;

typedef struct {
    bool *reach;              /* per instruction of f */
    forced_edge *edges;
    size_t edge_count, edge_cap;
} interval_start;

typedef struct {
    interval_start *starts;
    size_t count;
} intervals;

/* Marks the instructions reached from (block, from) without passing a
   separating barrier and without taking the edge skip_from -> skip_to. */
static void walk(spv_module *m, const spv_function *f, const bool *separates, uint32_t block,
                 uint32_t from, uint32_t skip_from, uint32_t skip_to, bool *reach)
{
    bool *queued = vks_arena_alloc(m->arena, f->block_count + 1);
    uint32_t *stack = vks_arena_alloc(m->arena, (f->block_count + 1) * 2 * sizeof *stack);
    uint32_t top = 0;
    stack[top++] = block;
    stack[top++] = from;
    while (top) {
        uint32_t at = stack[--top], b = stack[--top];
        bool blocked = false;
        for (uint32_t i = at; i <= f->blocks[b].terminator; i++) {
            if (separates[i - f->first]) {
                blocked = true;
                break;
            }
            reach[i - f->first] = true;
        }
        for (uint32_t s = 0; !blocked && s < f->blocks[b].succ_count; s++) {
            uint32_t next = f->blocks[b].succ[s];
            if (queued[next] || (b == skip_from && next == skip_to))
                continue;
            queued[next] = true;
            stack[top++] = next;
            stack[top++] = f->blocks[next].label;
        }
    }
}

static const vks_ix_expr *branch_condition(ix_builder *b, const spv_inst *t, bool taken);

static void add_forced_edges(ix_builder *b, const spv_function *f, interval_start *st,
                             uint32_t block, uint32_t from)
{
    spv_module *m = b->m;
    size_t n = f->last - f->first + 1;
    for (uint32_t h = 0; h < f->block_count; h++) {
        const spv_inst *t = &m->insts[f->blocks[h].terminator];
        if (t->opcode != SpvOpBranchConditional || t->nwords < 4 || f->blocks[h].succ_count != 2 ||
            !st->reach[f->blocks[h].terminator - f->first])
            continue;
        for (int way = 0; way < 2; way++) {
            uint32_t target = m->def[t->w[2 + way]];
            uint32_t tb = target == NO_INDEX ? NO_INDEX : m->insts[target].block;
            if (tb == NO_INDEX)
                continue;
            bool *without = vks_arena_alloc(m->arena, n);
            walk(m, f, b->separates, block, from, h, tb, without);
            forced_edge e = {.forced = vks_arena_alloc(m->arena, n)};
            bool any = false;
            for (size_t i = 0; i < n; i++) {
                e.forced[i] = st->reach[i] && !without[i];
                any |= e.forced[i];
            }
            if (!any)
                continue;
            e.cond = branch_condition(b, t, way == 0);
            VKS_PUSH(m->arena, st->edges, st->edge_count, st->edge_cap, e);
        }
    }
}

static intervals barrier_intervals(ix_builder *b, const spv_function *f)
{
    spv_module *m = b->m;
    intervals iv = {0};
    size_t cap = 0, n = f->last - f->first + 1;
    if (!f->block_count)
        return iv;
    for (uint32_t i = f->first; i <= f->last + 1; i++) {
        bool entry = i == f->last + 1;
        if (!entry && (!b->separates[i - f->first] || m->insts[i].block >= f->block_count))
            continue;
        uint32_t block = entry ? 0 : m->insts[i].block;
        uint32_t from = entry ? f->blocks[0].label : i + 1;
        interval_start st = {.reach = vks_arena_alloc(m->arena, n)};
        walk(m, f, b->separates, block, from, NO_INDEX, NO_INDEX, st.reach);
        add_forced_edges(b, f, &st, block, from);
        VKS_PUSH(m->arena, iv.starts, iv.count, cap, st);
    }
    return iv;
}

/* The conditions an invocation met on its way from start st to instruction
   inst, appended to its guards; false when one is unknown. */
static bool path_guards(const interval_start *st, const spv_function *f, uint32_t inst,
                        vks_arena *arena, const vks_ix_expr ***guards, size_t *count)
{
    size_t cap = *count;
    for (size_t k = 0; k < st->edge_count; k++) {
        if (!st->edges[k].forced[inst - f->first])
            continue;
        if (!st->edges[k].cond)
            return false;
        VKS_PUSH(arena, *guards, *count, cap, st->edges[k].cond);
    }
    return true;
}

/* ---- the conditions under which an invocation reaches a block ---- */

typedef struct {
    uint8_t state;                 /* 0 not done, 1 in progress, 2 done */
    bool known;
    const vks_ix_expr **guards;
    size_t count, cap;
} block_guards;

static uint32_t block_of_label(const spv_module *m, uint32_t label)
{
    uint32_t inst = label < m->bound ? m->def[label] : NO_INDEX;
    return inst == NO_INDEX ? NO_INDEX : m->insts[inst].block;
}

/*
 * Block x runs only when each branch it is control-dependent on went its
 * way (x post-dominates that successor but not the branch's block), and
 * the conditions the builder can express are the same at every evaluation
 * (they are built from the invocation's ids and constants only), so "the
 * condition held" is a fact about the invocation.  A branch on a value
 * that varies within the workgroup and cannot be expressed, or an OpSwitch,
 * leaves x unknown.
 */
static const block_guards *guards_of(ix_builder *b, const spv_function *f, block_guards *memo,
                                     uint32_t x)
{
    spv_module *m = b->m;
    block_guards *g = &memo[x];
    if (g->state)
        return g; /* done, or a cycle: its guards are being collected */
    g->state = 1;
    g->known = f->pdom && f->reaches_exit[x];
    for (uint32_t h = 0; g->known && h < f->block_count; h++) {
        /* h == x: a loop header's own branch decides its next iteration,
           not whether it runs at all. */
        if (h == x || f->blocks[h].succ_count < 2 || !f->reaches_exit[h])
            continue;
        if (spv_block_postdominates(f, x, h))
            continue;
        bool dep[2] = {false, false};
        for (uint32_t s = 0; s < f->blocks[h].succ_count; s++)
            if (f->reaches_exit[f->blocks[h].succ[s]] &&
                spv_block_postdominates(f, x, f->blocks[h].succ[s]))
                dep[0] = true;
        if (!dep[0])
            continue;
        const spv_inst *t = &m->insts[f->blocks[h].terminator];
        if (t->opcode != SpvOpBranchConditional || t->nwords < 4) {
            g->known = false;
            break;
        }
        uint32_t tb = block_of_label(m, t->w[2]), fb = block_of_label(m, t->w[3]);
        dep[0] = tb != NO_INDEX && f->reaches_exit[tb] && spv_block_postdominates(f, x, tb);
        dep[1] = fb != NO_INDEX && f->reaches_exit[fb] && spv_block_postdominates(f, x, fb);
        if (dep[0] == dep[1])
            continue;
        const vks_ix_expr *cond = branch_condition(b, t, dep[0]);
        if (!cond) {
            g->known = false;
            break;
        }
        VKS_PUSH(m->arena, g->guards, g->count, g->cap, cond);
        const block_guards *outer = guards_of(b, f, memo, h);
        if (outer->state == 2 && !outer->known) {
            g->known = false;
            break;
        }
        for (size_t k = 0; outer->state == 2 && k < outer->count; k++)
            VKS_PUSH(m->arena, g->guards, g->count, g->cap, outer->guards[k]);
    }
    g->state = 2;
    return g;
}

/* The condition of branch t when it goes to its true (taken) or false
   target; NULL when it varies within the workgroup and cannot be
   expressed.  One that cannot be expressed but is uniform is the same
   unknown boolean for both invocations. */
static const vks_ix_expr *branch_condition(ix_builder *b, const spv_inst *t, bool taken)
{
    spv_module *m = b->m;
    const vks_ix_expr *cond = value_of(b, t->w[1], 0);
    if (!cond && (m->vary[t->w[1]] & VARY_IN_WORKGROUP))
        return NULL;
    if (!cond)
        cond = shared_value(b, vks_arena_printf(m->arena, "cond%u", t->w[1]), true);
    return taken ? cond
                 : node(b, (vks_ix_expr){.kind = VKS_IX_UNARY, .op = VKS_IX_LOGICAL_NOT, .lhs = cond});
}

/* ---- pairs and findings ---- */

typedef struct {
    spv_access a;
    uint32_t var;
    const vks_ix_expr **indices;
    size_t index_count;
    bool known;              /* indices and guards all expressed */
    const block_guards *guards;
} shared_access;

static bool writes(const spv_access *a)
{
    return (a->kind & ACC_WRITE) != 0;
}

static const char *verb(const spv_access *a)
{
    if (a->kind & ACC_ATOMIC)
        return "atomically updates";
    return writes(a) ? "writes" : "reads";
}

static const char *hazard(const spv_access *earlier, const spv_access *later)
{
    if (writes(later))
        return writes(earlier) ? "WRITE_RACING_WRITE" : "WRITE_RACING_READ";
    return "READ_RACING_WRITE";
}

static const char *local_id_text(spv_module *m, const uint32_t id[3], const uint32_t size[3])
{
    if (size[1] == 1 && size[2] == 1)
        return vks_arena_printf(m->arena, "%u", id[0]);
    return vks_arena_printf(m->arena, "(%u,%u,%u)", id[0], id[1], id[2]);
}

static const char *element_text(spv_module *m, const char *name, const vks_race_witness *w)
{
    char *s = vks_arena_strdup(m->arena, name);
    for (size_t k = 0; k < w->element_count; k++)
        s = vks_arena_printf(m->arena, "%s[%u]", s, w->element[k]);
    return s;
}

static const char *variable_name(const spv_module *m, uint32_t var)
{
    return spv_id_name(m, var);
}

static void report_race(spv_module *m, vks_findings *findings, const uint32_t size[3],
                        const shared_access *earlier, const shared_access *later,
                        const vks_race_witness *w)
{
    const char *name = variable_name(m, later->var);
    const char *element = element_text(m, name, w);
    const char *first = local_id_text(m, w->local_first, size);
    const char *second = local_id_text(m, w->local_second, size);
    const vks_loc *eloc = &m->insts[earlier->a.inst].loc;
    vks_finding *f = vks_finding_add(
        findings, VKS_RULE_SHADER_WORKGROUP_RACE, hazard(&earlier->a, &later->a),
        m->insts[later->a.inst].loc,
        vks_arena_printf(m->arena,
                         "data race on workgroup memory %s: invocation %s %s %s here while invocation %s %s it at line %u, with no barrier() (OpControlBarrier with Workgroup execution scope and WorkgroupMemory semantics) between",
                         name, second, verb(&later->a), element, first, verb(&earlier->a),
                         eloc->line));
    vks_finding_note(findings, f, VKS_NOTE_EARLIER_ACCESS, *eloc,
                     vks_arena_printf(m->arena, "invocation %s (LocalInvocationId) %s %s",
                                      first, verb(&earlier->a), element));
    vks_finding_note(findings, f, VKS_NOTE_INFO, m->insts[later->a.inst].loc,
                     vks_arena_printf(m->arena,
                                      "invocation %s %s %s in the same barrier interval",
                                      second, verb(&later->a), element));
}

static void incomplete(spv_module *m, vks_findings *findings, uint32_t inst, const char *why)
{
    vks_finding_add(findings, VKS_RULE_VKSYNC_INCOMPLETE, NULL, m->insts[inst].loc,
                    vks_arena_printf(m->arena, "shader-workgroup-race: %s", why));
}

/* Workgroup accesses and control barriers in functions the entry point
   calls: the intervals are per function here, so such an entry point is
   not analysed.  Returns the first such instruction, or NO_INDEX. */
static uint32_t outside_entry(spv_module *m, uint32_t entry_func, const bool *reached)
{
    for (uint32_t f = 0; f < m->func_count; f++) {
        if (!reached[f] || f == entry_func || barrier_function(m, f))
            continue;
        for (uint32_t i = m->funcs[f].first; i <= m->funcs[f].last; i++) {
            spv_access acc[2];
            int n = spv_accesses_of(m, i, acc);
            for (int k = 0; k < n; k++)
                if (acc[k].storage_class == SpvStorageClassWorkgroup)
                    return i;
            if (m->insts[i].opcode == SpvOpControlBarrier)
                return i;
        }
    }
    return NO_INDEX;
}

static void collect_shared(ix_builder *b, const spv_function *f, block_guards *memo,
                           shared_access **out, size_t *count, bool *any_write)
{
    spv_module *m = b->m;
    size_t cap = 0;
    for (uint32_t i = f->first; i <= f->last; i++) {
        spv_access acc[2];
        int n = spv_accesses_of(m, i, acc);
        for (int k = 0; k < n; k++) {
            if (acc[k].storage_class != SpvStorageClassWorkgroup || acc[k].image)
                continue;
            shared_access s = {.a = acc[k]};
            s.indices = vks_arena_alloc(m->arena, MAX_INDICES * sizeof *s.indices);
            s.known = true;
            *any_write |= writes(&acc[k]);
            if (!pointer_path(b, acc[k].ptr, &s.var, s.indices, &s.index_count, &s.known) ||
                spv_variable_class(m, s.var) != SpvStorageClassWorkgroup)
                continue; /* not traced to one variable: unknown */
            if (m->insts[i].block < f->block_count) {
                s.guards = guards_of(b, f, memo, m->insts[i].block);
                s.known &= s.guards->known;
            } else {
                s.known = false;
            }
            VKS_PUSH(m->arena, *out, *count, cap, s);
        }
    }
}

void spv_check_workgroup_races(spv_module *m, uint32_t entry, const vks_entry_point *ep,
                               vks_findings *findings)
{
    uint32_t fi = entry < m->bound ? m->func_of_id[entry] : NO_INDEX;
    if (fi == NO_INDEX || !findings)
        return;
    const spv_function *f = &m->funcs[fi];
    ix_builder b = {.m = m};
    b.memo = vks_arena_alloc(m->arena, (size_t)m->bound * 4 * sizeof *b.memo);
    b.state = vks_arena_alloc(m->arena, (size_t)m->bound * 4);
    bool size_known = workgroup_size(m, entry, ep, b.local_size);
    b.separates = separating_table(m, f, m->arena);
    block_guards *memo = vks_arena_alloc(m->arena, (f->block_count + 1) * sizeof *memo);
    shared_access *acc = NULL;
    size_t count = 0;
    bool any_write = false;
    collect_shared(&b, f, memo, &acc, &count, &any_write);
    uint32_t elsewhere = outside_entry(m, fi, spv_reachable_functions(m, entry));
    if (elsewhere != NO_INDEX) {
        incomplete(m, findings, elsewhere,
                   "workgroup memory or a control barrier in a called function is not analysed; races on workgroup memory are not checked for this entry point");
        return;
    }
    if (!count || !any_write)
        return;
    if (!size_known) {
        incomplete(m, findings, acc[0].a.inst,
                   "the workgroup size is a specialization constant or unknown; races on workgroup memory are not checked for this entry point");
        return;
    }
    intervals iv = barrier_intervals(&b, f);
    bool *reported = vks_arena_alloc(m->arena, m->ninsts + 1);
    vks_smt_solver *solver = NULL;
    size_t queries = 0;
    for (size_t j = 0; j < count; j++) {
        const shared_access *later = &acc[j];
        for (size_t i = 0; i <= j && later->known && !reported[later->a.inst]; i++) {
            const shared_access *earlier = &acc[i];
            if (!earlier->known || earlier->var != later->var ||
                !(writes(&earlier->a) || writes(&later->a)) ||
                ((earlier->a.kind & ACC_ATOMIC) && (later->a.kind & ACC_ATOMIC)))
                continue;
            for (size_t s = 0; s < iv.count && !reported[later->a.inst]; s++) {
                const interval_start *st = &iv.starts[s];
                if (!st->reach[earlier->a.inst - f->first] || !st->reach[later->a.inst - f->first])
                    continue;
                vks_race_question q = {0};
                const vks_ix_expr **ga = NULL, **gb = NULL;
                size_t na = 0, nb = 0, cap_a = 0, cap_b = 0;
                for (size_t k = 0; k < earlier->guards->count; k++)
                    VKS_PUSH(m->arena, ga, na, cap_a, earlier->guards->guards[k]);
                for (size_t k = 0; k < later->guards->count; k++)
                    VKS_PUSH(m->arena, gb, nb, cap_b, later->guards->guards[k]);
                if (!path_guards(st, f, earlier->a.inst, m->arena, &ga, &na) ||
                    !path_guards(st, f, later->a.inst, m->arena, &gb, &nb))
                    continue; /* a varying condition on the way: unknown */
                if (++queries > MAX_QUERIES) {
                    incomplete(m, findings, later->a.inst,
                               vks_arena_printf(m->arena,
                                                "more than %d questions on workgroup memory; the rest are not checked",
                                                MAX_QUERIES));
                    vks_smt_solver_free(solver);
                    return;
                }
                if (!solver)
                    solver = vks_smt_solver_new();
                q.first = (vks_race_access){earlier->indices, earlier->index_count, ga, na};
                q.second = (vks_race_access){later->indices, later->index_count, gb, nb};
                memcpy(q.local_size, b.local_size, sizeof q.local_size);
                vks_race_witness witness = {0};
                char why[256] = "";
                vks_smt_answer answer = vks_smt_race(solver, &q, &witness, why, sizeof why);
                if (answer == VKS_SMT_UNSAT)
                    continue;
                reported[later->a.inst] = true;
                if (answer == VKS_SMT_SAT)
                    report_race(m, findings, b.local_size, earlier, later, &witness);
                else
                    incomplete(m, findings, later->a.inst,
                               vks_arena_printf(m->arena, "race between the accesses at lines %u and %u not decided: %s",
                                                m->insts[earlier->a.inst].loc.line,
                                                m->insts[later->a.inst].loc.line, why));
            }
        }
    }
    vks_smt_solver_free(solver);
}
