/*
 * flow.c - control and data flow over a loaded module: functions and their
 * blocks, (post-)dominators, which variables a pointer may point into
 * ("roots"), which values may differ between invocations ("variance"), and
 * which values depend on one instruction's result.
 *
 * All of it is flow-insensitive over a module and monotone (sets only grow),
 * computed by iterating to a fixpoint with a bound; every consumer of these
 * facts uses them in the direction that cannot create a finding when the
 * facts are imprecise (see lint.c).
 */
#include "module.h"

#include <spirv/unified1/spirv.h>
#include <string.h>

/* Functions larger than this get no dominator information: the rules that
   need it stay silent there (never a guess). */
#define MAX_BLOCKS 4096
#define MAX_ROUNDS 64

static bool is_terminator(uint32_t op)
{
    switch (op) {
    case SpvOpBranch: case SpvOpBranchConditional: case SpvOpSwitch:
    case SpvOpReturn: case SpvOpReturnValue: case SpvOpKill:
    case SpvOpUnreachable: case SpvOpTerminateInvocation:
    case SpvOpIgnoreIntersectionKHR: case SpvOpTerminateRayKHR:
    case SpvOpEmitMeshTasksEXT:
        return true;
    default:
        return false;
    }
}

static void set_all(uint64_t *s, uint32_t words, uint32_t n)
{
    memset(s, 0, words * 8);
    for (uint32_t i = 0; i < n; i++)
        s[i / 64] |= 1ull << (i % 64);
}

static bool has_bit(const uint64_t *s, uint32_t i)
{
    return (s[i / 64] >> (i % 64)) & 1;
}

/* dom (forward) or pdom (backward) by the classic iterative algorithm. */
static uint64_t *dominators(vks_arena *arena, const spv_function *f,
                            uint32_t **preds, uint32_t *pred_count,
                            bool backward)
{
    uint32_t n = f->block_count, words = f->set_words;
    uint64_t *sets = vks_arena_alloc(arena, (size_t)n * words * 8);
    uint64_t *tmp = vks_arena_alloc(arena, (size_t)words * 8);
    for (uint32_t b = 0; b < n; b++) {
        uint64_t *s = sets + (size_t)b * words;
        bool start = backward ? f->blocks[b].succ_count == 0 : b == 0;
        if (start) {
            memset(s, 0, words * 8);
            s[b / 64] |= 1ull << (b % 64);
        } else {
            set_all(s, words, n);
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t b = 0; b < n; b++) {
            bool start = backward ? f->blocks[b].succ_count == 0 : b == 0;
            if (start)
                continue;
            const uint32_t *next = backward ? f->blocks[b].succ : preds[b];
            uint32_t count = backward ? f->blocks[b].succ_count : pred_count[b];
            set_all(tmp, words, n);
            for (uint32_t k = 0; k < count; k++) {
                const uint64_t *o = sets + (size_t)next[k] * words;
                for (uint32_t w = 0; w < words; w++)
                    tmp[w] &= o[w];
            }
            tmp[b / 64] |= 1ull << (b % 64);
            uint64_t *s = sets + (size_t)b * words;
            if (memcmp(s, tmp, words * 8)) {
                memcpy(s, tmp, words * 8);
                changed = true;
            }
        }
    }
    return sets;
}

static void analyse_function_cfg(spv_module *m, spv_function *f, uint32_t *label_block)
{
    for (uint32_t b = 0; b < f->block_count; b++) {
        spv_block *blk = &f->blocks[b];
        const spv_inst *t = &m->insts[blk->terminator];
        blk->succ = vks_arena_alloc(m->arena, (t->id_count + 1) * sizeof *blk->succ);
        if (!is_terminator(t->opcode))
            continue;
        for (uint32_t k = 0; k < t->id_count; k++) {
            uint32_t id = t->w[t->id_words[k]];
            const spv_inst *d = spv_def(m, id);
            if (!d || d->opcode != SpvOpLabel || label_block[id] == NO_INDEX ||
                d->func != m->insts[blk->label].func)
                continue;
            bool seen = false;
            for (uint32_t s = 0; s < blk->succ_count; s++)
                seen |= blk->succ[s] == label_block[id];
            if (!seen)
                blk->succ[blk->succ_count++] = label_block[id];
        }
    }
    if (f->block_count == 0 || f->block_count > MAX_BLOCKS)
        return;
    uint32_t n = f->block_count;
    f->set_words = (n + 63) / 64;
    uint32_t *pred_count = vks_arena_alloc(m->arena, n * sizeof *pred_count);
    uint32_t **preds = vks_arena_alloc(m->arena, n * sizeof *preds);
    for (uint32_t b = 0; b < n; b++)
        for (uint32_t s = 0; s < f->blocks[b].succ_count; s++)
            pred_count[f->blocks[b].succ[s]]++;
    for (uint32_t b = 0; b < n; b++) {
        preds[b] = vks_arena_alloc(m->arena, (pred_count[b] + 1) * sizeof **preds);
        pred_count[b] = 0;
    }
    for (uint32_t b = 0; b < n; b++)
        for (uint32_t s = 0; s < f->blocks[b].succ_count; s++) {
            uint32_t t = f->blocks[b].succ[s];
            preds[t][pred_count[t]++] = b;
        }
    f->dom = dominators(m->arena, f, preds, pred_count, false);
    f->pdom = dominators(m->arena, f, preds, pred_count, true);
    /* Post-dominance means something only for blocks that can reach an exit
       (an endless loop has none). */
    f->reaches_exit = vks_arena_alloc(m->arena, n);
    uint32_t *stack = vks_arena_alloc(m->arena, (size_t)n * sizeof *stack);
    uint32_t top = 0;
    for (uint32_t b = 0; b < n; b++)
        if (f->blocks[b].succ_count == 0) {
            f->reaches_exit[b] = true;
            stack[top++] = b;
        }
    while (top) {
        uint32_t b = stack[--top];
        for (uint32_t k = 0; k < pred_count[b]; k++)
            if (!f->reaches_exit[preds[b][k]]) {
                f->reaches_exit[preds[b][k]] = true;
                stack[top++] = preds[b][k];
            }
    }
}

void spv_build_functions(spv_module *m)
{
    uint32_t *label_block = vks_arena_alloc(m->arena, m->bound * sizeof *label_block);
    memset(label_block, 0xff, m->bound * sizeof *label_block);
    m->func_of_id = vks_arena_alloc(m->arena, m->bound * sizeof *m->func_of_id);
    memset(m->func_of_id, 0xff, m->bound * sizeof *m->func_of_id);
    size_t func_cap = 0, count = 0;
    spv_function *cur = NULL;
    size_t block_cap = 0, param_cap = 0;
    for (size_t i = 0; i < m->ninsts; i++) {
        spv_inst *in = &m->insts[i];
        if (in->opcode == SpvOpFunction) {
            spv_function f = {.id = in->result_id, .first = (uint32_t)i, .last = (uint32_t)i};
            VKS_PUSH(m->arena, m->funcs, count, func_cap, f);
            cur = &m->funcs[count - 1];
            block_cap = param_cap = 0;
            m->func_of_id[in->result_id] = (uint32_t)(count - 1);
        }
        if (!cur)
            continue;
        in->func = (uint32_t)(count - 1);
        cur->last = (uint32_t)i;
        if (in->opcode == SpvOpFunctionParameter) {
            uint32_t id = in->result_id;
            VKS_PUSH(m->arena, cur->params, cur->param_count, param_cap, id);
        } else if (in->opcode == SpvOpLabel) {
            spv_block blk = {.label = (uint32_t)i, .terminator = (uint32_t)i};
            size_t bc = cur->block_count;
            VKS_PUSH(m->arena, cur->blocks, bc, block_cap, blk);
            cur->block_count = (uint32_t)bc;
            label_block[in->result_id] = cur->block_count - 1;
        }
        if (cur->block_count) {
            in->block = cur->block_count - 1;
            cur->blocks[cur->block_count - 1].terminator = (uint32_t)i;
        }
        if (in->opcode == SpvOpFunctionEnd)
            cur = NULL;
    }
    m->func_count = (uint32_t)count;
    for (uint32_t f = 0; f < m->func_count; f++)
        analyse_function_cfg(m, &m->funcs[f], label_block);
}

bool spv_block_dominates(const spv_function *f, uint32_t a, uint32_t b)
{
    if (!f->dom || a >= f->block_count || b >= f->block_count)
        return false;
    return has_bit(f->dom + (size_t)b * f->set_words, a);
}

bool spv_block_postdominates(const spv_function *f, uint32_t a, uint32_t b)
{
    if (!f->pdom || a >= f->block_count || b >= f->block_count)
        return false;
    return has_bit(f->pdom + (size_t)b * f->set_words, a);
}

bool *spv_reachable_functions(spv_module *m, uint32_t func_id)
{
    bool *reached = vks_arena_alloc(m->arena, m->func_count + 1);
    uint32_t *stack = vks_arena_alloc(m->arena, (m->func_count + 1) * sizeof *stack);
    uint32_t top = 0;
    uint32_t start = func_id < m->bound ? m->func_of_id[func_id] : NO_INDEX;
    if (start == NO_INDEX)
        return reached;
    reached[start] = true;
    stack[top++] = start;
    while (top) {
        const spv_function *f = &m->funcs[stack[--top]];
        for (uint32_t i = f->first; i <= f->last; i++) {
            const spv_inst *in = &m->insts[i];
            if (in->opcode != SpvOpFunctionCall || in->nwords < 4)
                continue;
            uint32_t callee = m->func_of_id[in->w[3]];
            if (callee != NO_INDEX && !reached[callee]) {
                reached[callee] = true;
                stack[top++] = callee;
            }
        }
    }
    return reached;
}

/* ---- roots: the variables a pointer (or an image/sampler handle) comes from */

static bool root_union(spv_module *m, uint32_t to, uint32_t from)
{
    root_set *dst = &m->roots[to];
    const root_set *src = &m->roots[from];
    bool changed = false;
    for (uint32_t i = 0; i < src->count; i++) {
        uint32_t id = src->ids[i];
        bool present = false;
        for (uint32_t k = 0; k < dst->count && !present; k++)
            present = dst->ids[k] == id;
        if (present)
            continue;
        uint32_t *ids = vks_arena_alloc(m->arena, (dst->count + 1) * sizeof *ids);
        if (dst->count)
            memcpy(ids, dst->ids, dst->count * sizeof *ids);
        ids[dst->count++] = id;
        dst->ids = ids;
        changed = true;
    }
    return changed;
}

static bool is_handle_type(const spv_module *m, uint32_t type_id)
{
    for (int depth = 0; depth < 8; depth++) {
        const spv_inst *t = spv_def(m, type_id);
        if (!t)
            return false;
        switch (t->opcode) {
        case SpvOpTypeImage: case SpvOpTypeSampler: case SpvOpTypeSampledImage:
        case SpvOpTypeAccelerationStructureKHR:
            return true;
        case SpvOpTypeArray: case SpvOpTypeRuntimeArray:
            if (t->nwords < 3)
                return false;
            type_id = t->w[2];
            break;
        default:
            return false;
        }
    }
    return false;
}

static uint32_t operand(const spv_inst *in, uint32_t word)
{
    return word < in->nwords ? in->w[word] : 0;
}

void spv_compute_roots(spv_module *m)
{
    m->roots = vks_arena_alloc(m->arena, m->bound * sizeof *m->roots);
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode == SpvOpVariable) {
            root_set *r = &m->roots[in->result_id];
            r->ids = vks_arena_alloc(m->arena, sizeof *r->ids);
            r->ids[0] = in->result_id;
            r->count = 1;
        }
    }
    for (int round = 0; round < MAX_ROUNDS; round++) {
        bool changed = false;
        for (size_t i = 0; i < m->ninsts; i++) {
            const spv_inst *in = &m->insts[i];
            uint32_t r = in->result_id;
            uint32_t a = operand(in, 3);
            switch (in->opcode) {
            case SpvOpAccessChain: case SpvOpInBoundsAccessChain:
            case SpvOpPtrAccessChain: case SpvOpInBoundsPtrAccessChain:
            case SpvOpCopyObject: case SpvOpImageTexelPointer:
            case SpvOpImage: case SpvOpBitcast: case SpvOpCopyLogical:
                if (a && r)
                    changed |= root_union(m, r, a);
                break;
            case SpvOpLoad:
                if (a && r && is_handle_type(m, in->type_id))
                    changed |= root_union(m, r, a);
                break;
            case SpvOpSampledImage:
                if (a && r)
                    changed |= root_union(m, r, a);
                if (operand(in, 4) && r)
                    changed |= root_union(m, r, operand(in, 4));
                break;
            case SpvOpSelect:
                for (uint32_t w = 4; w <= 5 && w < in->nwords && r; w++)
                    changed |= root_union(m, r, in->w[w]);
                break;
            case SpvOpPhi:
                for (uint32_t w = 3; w < in->nwords && r; w += 2)
                    changed |= root_union(m, r, in->w[w]);
                break;
            case SpvOpFunctionCall: {
                uint32_t callee = a ? m->func_of_id[a] : NO_INDEX;
                if (callee == NO_INDEX)
                    break;
                const spv_function *f = &m->funcs[callee];
                for (uint32_t k = 0; k < f->param_count && 4 + k < in->nwords; k++)
                    changed |= root_union(m, f->params[k], in->w[4 + k]);
                break;
            }
            default:
                break;
            }
        }
        if (!changed)
            break;
    }
}

/* ---- variance ---- */

static uint8_t builtin_variance(uint32_t builtin)
{
    switch (builtin) {
    case SpvBuiltInWorkgroupId: return VARY_WORKGROUP;
    case SpvBuiltInNumWorkgroups: case SpvBuiltInWorkgroupSize:
    case SpvBuiltInSubgroupSize: case SpvBuiltInNumSubgroups:
    case SpvBuiltInDeviceIndex: case SpvBuiltInViewIndex:
        return 0;
    case SpvBuiltInSubgroupId: return VARY_SUBGROUP;
    case SpvBuiltInSubgroupLocalInvocationId:
    case SpvBuiltInSubgroupEqMask: case SpvBuiltInSubgroupGeMask:
    case SpvBuiltInSubgroupGtMask: case SpvBuiltInSubgroupLeMask:
    case SpvBuiltInSubgroupLtMask:
        return VARY_LANE;
    case SpvBuiltInLocalInvocationId: case SpvBuiltInLocalInvocationIndex:
    case SpvBuiltInInvocationId:
        return VARY_LANE | VARY_SUBGROUP;
    default:
        return VARY_ALL; /* GlobalInvocationId, FragCoord, VertexIndex, ... */
    }
}

static bool is_atomic(uint32_t op)
{
    return (op >= SpvOpAtomicLoad && op <= SpvOpAtomicXor) ||
           op == SpvOpAtomicFlagTestAndSet || op == SpvOpAtomicFlagClear ||
           op == SpvOpAtomicFAddEXT || op == SpvOpAtomicFMinEXT ||
           op == SpvOpAtomicFMaxEXT;
}

static bool is_private_class(uint32_t sc)
{
    return sc == SpvStorageClassFunction || sc == SpvStorageClassPrivate;
}

uint32_t spv_variable_class(const spv_module *m, uint32_t var)
{
    const spv_inst *d = spv_def(m, var);
    return d && d->opcode == SpvOpVariable && d->nwords >= 4 ? d->w[3] : UINT32_MAX;
}

static bool add_bits(uint8_t *slot, uint8_t bits)
{
    if ((*slot | bits) == *slot)
        return false;
    *slot |= bits;
    return true;
}

void spv_compute_variance(spv_module *m)
{
    m->vary = vks_arena_alloc(m->arena, m->bound);
    m->mem_vary = vks_arena_alloc(m->arena, m->bound);
    uint8_t *ret_vary = vks_arena_alloc(m->arena, m->func_count + 1);
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode != SpvOpVariable || in->nwords < 4 || in->w[3] != SpvStorageClassInput)
            continue;
        uint32_t b = m->builtin[in->result_id];
        m->mem_vary[in->result_id] = b != UINT32_MAX ? builtin_variance(b) : VARY_ALL;
    }
    for (int round = 0; round < MAX_ROUNDS; round++) {
        bool changed = false;
        for (size_t i = 0; i < m->ninsts; i++) {
            const spv_inst *in = &m->insts[i];
            uint32_t r = in->result_id;
            uint8_t v = 0;
            if (in->opcode == SpvOpStore || in->opcode == SpvOpAtomicStore ||
                in->opcode == SpvOpImageWrite) {
                /* Values stored into invocation-private memory keep their
                   variance; into shared memory, only across workgroups
                   (within one, a barrier may have made it uniform: assuming
                   so can only hide a divergent barrier, never invent one). */
                uint32_t ptr = operand(in, 1);
                uint32_t val = in->opcode == SpvOpStore ? operand(in, 2)
                             : in->opcode == SpvOpAtomicStore ? operand(in, 4)
                                                               : operand(in, 3);
                if (!ptr || !val)
                    continue;
                const root_set *rs = &m->roots[ptr];
                for (uint32_t k = 0; k < rs->count; k++) {
                    uint32_t sc = spv_variable_class(m, rs->ids[k]);
                    uint8_t bits = is_private_class(sc) ? (uint8_t)(m->vary[val] | m->vary[ptr])
                                                        : (uint8_t)(m->vary[val] & VARY_WORKGROUP);
                    changed |= add_bits(&m->mem_vary[rs->ids[k]], bits);
                }
                continue;
            }
            if (in->opcode == SpvOpReturnValue && in->func != NO_INDEX && in->nwords >= 2) {
                changed |= add_bits(&ret_vary[in->func], m->vary[in->w[1]]);
                continue;
            }
            if (!r || in->func == NO_INDEX)
                continue;
            switch (in->opcode) {
            case SpvOpVariable: case SpvOpLabel: case SpvOpFunction:
                continue;
            case SpvOpFunctionParameter:
                continue; /* filled from the call sites */
            case SpvOpLoad: {
                uint32_t ptr = operand(in, 3);
                v = m->vary[ptr];
                const root_set *rs = &m->roots[ptr];
                for (uint32_t k = 0; k < rs->count; k++)
                    v |= m->mem_vary[rs->ids[k]];
                break;
            }
            case SpvOpFunctionCall: {
                uint32_t callee = m->func_of_id[operand(in, 3)];
                if (callee == NO_INDEX)
                    break;
                const spv_function *f = &m->funcs[callee];
                for (uint32_t k = 0; k < f->param_count && 4 + k < in->nwords; k++)
                    changed |= add_bits(&m->vary[f->params[k]], m->vary[in->w[4 + k]]);
                v = ret_vary[callee];
                break;
            }
            case SpvOpGroupNonUniformElect:
                v = VARY_LANE | VARY_SUBGROUP | VARY_WORKGROUP;
                break;
            default:
                if (is_atomic(in->opcode)) {
                    v = VARY_ALL; /* each invocation reads a different value */
                    break;
                }
                for (uint32_t k = 0; k < in->id_count; k++)
                    v |= m->vary[in->w[in->id_words[k]]];
                break;
            }
            changed |= add_bits(&m->vary[r], v);
        }
        if (!changed)
            break;
    }
}

/* ---- dependence on one result ---- */

bool *spv_dependents(spv_module *m, uint32_t source_id)
{
    bool *dep = vks_arena_alloc(m->arena, m->bound);
    bool *mem = vks_arena_alloc(m->arena, m->bound);
    dep[source_id] = true;
    for (int round = 0; round < MAX_ROUNDS; round++) {
        bool changed = false;
        for (size_t i = 0; i < m->ninsts; i++) {
            const spv_inst *in = &m->insts[i];
            if (in->func == NO_INDEX)
                continue;
            if (in->opcode == SpvOpStore && in->nwords >= 3 && dep[in->w[2]]) {
                const root_set *rs = &m->roots[in->w[1]];
                for (uint32_t k = 0; k < rs->count; k++)
                    if (is_private_class(spv_variable_class(m, rs->ids[k])) && !mem[rs->ids[k]])
                        mem[rs->ids[k]] = changed = true;
                continue;
            }
            if (in->opcode == SpvOpFunctionCall) {
                uint32_t callee = m->func_of_id[operand(in, 3)];
                if (callee != NO_INDEX) {
                    const spv_function *f = &m->funcs[callee];
                    for (uint32_t k = 0; k < f->param_count && 4 + k < in->nwords; k++)
                        if (dep[in->w[4 + k]] && !dep[f->params[k]])
                            dep[f->params[k]] = changed = true;
                }
            }
            uint32_t r = in->result_id;
            if (!r || dep[r] || in->opcode == SpvOpVariable)
                continue;
            bool d = false;
            if (in->opcode == SpvOpLoad) {
                const root_set *rs = &m->roots[operand(in, 3)];
                for (uint32_t k = 0; k < rs->count && !d; k++)
                    d = mem[rs->ids[k]];
            }
            for (uint32_t k = 0; k < in->id_count && !d; k++)
                d = dep[in->w[in->id_words[k]]];
            if (d)
                dep[r] = changed = true;
        }
        if (!changed)
            break;
    }
    return dep;
}

/* ---- divergent control flow ---- */

static uint32_t branch_condition(const spv_inst *t)
{
    if ((t->opcode == SpvOpBranchConditional || t->opcode == SpvOpSwitch) && t->nwords >= 2)
        return t->w[1];
    return 0;
}

uint32_t *spv_divergent_blocks(spv_module *m, const spv_function *f, unsigned mask)
{
    uint32_t n = f->block_count;
    uint32_t *decider = vks_arena_alloc(m->arena, (n + 1) * sizeof *decider);
    memset(decider, 0xff, (n + 1) * sizeof *decider);
    if (!f->pdom)
        return decider;
    /* B is control-dependent on H when B post-dominates a successor of H but
       does not strictly post-dominate H; iterated: a block control-dependent
       on a divergent block is divergent too. */
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t h = 0; h < n; h++) {
            const spv_inst *t = &m->insts[f->blocks[h].terminator];
            uint32_t cond = branch_condition(t);
            bool divergent_branch = (cond && (m->vary[cond] & mask)) || decider[h] != NO_INDEX;
            if (!divergent_branch || !f->reaches_exit[h] || f->blocks[h].succ_count < 2)
                continue;
            uint32_t why = decider[h] != NO_INDEX && !(cond && (m->vary[cond] & mask))
                               ? decider[h] : f->blocks[h].terminator;
            for (uint32_t s = 0; s < f->blocks[h].succ_count; s++) {
                uint32_t succ = f->blocks[h].succ[s];
                if (!f->reaches_exit[succ])
                    continue;
                const uint64_t *ps = f->pdom + (size_t)succ * f->set_words;
                const uint64_t *ph = f->pdom + (size_t)h * f->set_words;
                for (uint32_t b = 0; b < n; b++) {
                    if (decider[b] != NO_INDEX || !has_bit(ps, b))
                        continue;
                    if (b != h && has_bit(ph, b))
                        continue; /* b post-dominates h: always executed */
                    decider[b] = why;
                    changed = true;
                }
            }
        }
    }
    return decider;
}
