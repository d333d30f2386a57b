/*
 * lint.c - the memory-model lint (rule family shader-*; the Vulkan spec's
 * "Memory Model" appendix).
 *
 * Every rule reports only a pattern that is plainly there; an unknown scope
 * or semantics (not an OpConstant), a pointer the pass cannot trace, or a
 * function too large for dominators silences the rule at that place.
 *
 * The communication pattern behind rules 2, 3, 4 and 6 (and 1's barrier
 * case) is message passing through a flag, as the spec's synchronizes-with
 * describes it ("Synchronizes-With"): in one entry point,
 *   producer: a non-atomic write W to shared data D (StorageBuffer, Uniform,
 *             PhysicalStorageBuffer, Workgroup or Image memory), then, later
 *             in the same function, an atomic write or read-modify-write Fw
 *             to a flag location L;
 *   consumer: an atomic read (or read-modify-write) Fr of L whose result
 *             decides a branch that dominates a non-atomic read R of D.
 * L is "the same location for every invocation": a variable reached through
 * constant indices only.  Only when both halves are present is the atomic a
 * flag guarding D; a lone relaxed counter is left alone.
 */
#include "module.h"

#include <spirv/unified1/spirv.h>
#include <string.h>

#define SEM_ACQUIRE_BITS (SpvMemorySemanticsAcquireMask | SpvMemorySemanticsAcquireReleaseMask | \
                          SpvMemorySemanticsSequentiallyConsistentMask)
#define SEM_RELEASE_BITS (SpvMemorySemanticsReleaseMask | SpvMemorySemanticsAcquireReleaseMask | \
                          SpvMemorySemanticsSequentiallyConsistentMask)

typedef struct {
    spv_module *m;
    const vks_spirv_options *options;
    vks_findings *findings;
    uint16_t *reported; /* per instruction: bit (rule - first shader rule) */
} lint_ctx;

/* One access in the entry point's reachable code, with what the rules need. */
typedef struct {
    spv_access a;
    uint32_t func, block, root; /* root: the single variable, or NO_INDEX */
    const char *flag_key;       /* atomics at a constant location, else NULL */
} lint_access;

typedef struct {
    uint32_t inst, func, block;
    bool control;
    bool known;                 /* scopes and semantics are constants */
    uint32_t exec_scope, mem_scope, sem;
} lint_barrier;

/* A release or acquire operation of one side of the pattern. */
typedef struct {
    uint32_t inst;
    uint32_t scope, sem;
} sync_op;

static bool report_once(lint_ctx *c, vks_rule rule, uint32_t inst)
{
    uint16_t bit = (uint16_t)(1u << (rule - VKS_RULE_SHADER_SCOPE_TOO_NARROW));
    if (c->reported[inst] & bit)
        return false;
    c->reported[inst] |= bit;
    return true;
}

static const vks_loc *loc_of(const lint_ctx *c, uint32_t inst)
{
    return &c->m->insts[inst].loc;
}

static vks_finding *add(lint_ctx *c, vks_rule rule, uint32_t inst, const char *message)
{
    return vks_finding_add(c->findings, rule, NULL, *loc_of(c, inst), message);
}

static void note(lint_ctx *c, vks_finding *f, vks_note_kind kind, uint32_t inst,
                 const char *message)
{
    vks_finding_note(c->findings, f, kind, *loc_of(c, inst), message);
}

/* ---- small facts ---- */

static bool is_compute_like(uint32_t model)
{
    return model == SpvExecutionModelGLCompute || model == SpvExecutionModelTaskNV ||
           model == SpvExecutionModelMeshNV || model == SpvExecutionModelTaskEXT ||
           model == SpvExecutionModelMeshEXT;
}

/* Storage class semantics covering a storage class (spec "Memory Semantics":
   "The UniformMemory storage class semantic applies to accesses to memory in
   the PhysicalStorageBuffer, ShaderRecordBufferKHR, Uniform and
   StorageBuffer storage classes", WorkgroupMemory to Workgroup, ImageMemory
   to Image).  0: memory no other invocation can see. */
static uint32_t semantics_class(uint32_t storage_class)
{
    switch (storage_class) {
    case SpvStorageClassStorageBuffer: case SpvStorageClassUniform:
    case SpvStorageClassPhysicalStorageBuffer: case SpvStorageClassShaderRecordBufferKHR:
        return SpvMemorySemanticsUniformMemoryMask;
    case SpvStorageClassWorkgroup:
        return SpvMemorySemanticsWorkgroupMemoryMask;
    case SpvStorageClassImage:
        return SpvMemorySemanticsImageMemoryMask;
    default:
        return 0;
    }
}

static const char *class_semantics_name(uint32_t bit)
{
    switch (bit) {
    case SpvMemorySemanticsUniformMemoryMask: return "UniformMemory";
    case SpvMemorySemanticsWorkgroupMemoryMask: return "WorkgroupMemory";
    case SpvMemorySemanticsImageMemoryMask: return "ImageMemory";
    default: return "?";
    }
}

static const char *storage_class_name(uint32_t sc)
{
    switch (sc) {
    case SpvStorageClassStorageBuffer: return "StorageBuffer";
    case SpvStorageClassUniform: return "Uniform";
    case SpvStorageClassPhysicalStorageBuffer: return "PhysicalStorageBuffer";
    case SpvStorageClassWorkgroup: return "Workgroup";
    case SpvStorageClassImage: return "Image";
    default: return "other";
    }
}

static const char *scope_name(uint32_t scope)
{
    switch (scope) {
    case SpvScopeCrossDevice: return "CrossDevice";
    case SpvScopeDevice: return "Device";
    case SpvScopeWorkgroup: return "Workgroup";
    case SpvScopeSubgroup: return "Subgroup";
    case SpvScopeInvocation: return "Invocation";
    case SpvScopeQueueFamily: return "QueueFamily";
    default: return "other";
    }
}

/* Scopes whose instance is smaller than a whole dispatch: invocations of
   other workgroups are outside it (spec "Scope"; Device and QueueFamily
   include every invocation of a dispatch). */
static bool narrower_than_device(uint32_t scope)
{
    return scope == SpvScopeWorkgroup || scope == SpvScopeSubgroup ||
           scope == SpvScopeInvocation;
}

static const char *var_name(const spv_module *m, uint32_t var)
{
    if (var < m->bound && m->names[var] && m->names[var][0])
        return spv_id_name(m, var);
    const spv_inst *v = spv_def(m, var);
    const spv_inst *p = v ? spv_def(m, v->type_id) : NULL;
    if (p && p->opcode == SpvOpTypePointer && p->nwords >= 4 && m->names[p->w[3]] &&
        m->names[p->w[3]][0])
        return spv_id_name(m, p->w[3]);
    return spv_id_name(m, var);
}

/* "var:1,0": the location a pointer names when every index is a constant;
   NULL when any index varies or the pointer is not traced to a variable. */
static const char *constant_location(spv_module *m, uint32_t ptr)
{
    char *key = "";
    for (int depth = 0; depth < 16; depth++) {
        const spv_inst *d = spv_def(m, ptr);
        if (!d)
            return NULL;
        switch (d->opcode) {
        case SpvOpVariable:
            return vks_arena_printf(m->arena, "%u:%s", ptr, key);
        case SpvOpCopyObject:
            ptr = d->nwords >= 4 ? d->w[3] : 0;
            break;
        case SpvOpAccessChain:
        case SpvOpInBoundsAccessChain: {
            char *indices = "";
            for (uint32_t w = 4; w < d->nwords; w++) {
                uint32_t v;
                if (!spv_const_u32(m, d->w[w], &v))
                    return NULL;
                indices = vks_arena_printf(m->arena, "%s%u,", indices, v);
            }
            key = vks_arena_printf(m->arena, "%s%s", indices, key);
            ptr = d->nwords >= 4 ? d->w[3] : 0;
            break;
        }
        default:
            return NULL;
        }
    }
    return NULL;
}

static bool const_operand(const spv_module *m, uint32_t id, uint32_t *value)
{
    return id && spv_const_u32(m, id, value);
}

/* ---- collecting the entry point's accesses and barriers ---- */

typedef struct {
    lint_access *acc;
    size_t acc_count, acc_cap;
    lint_barrier *bar;
    size_t bar_count, bar_cap;
} entry_facts;

static void collect(spv_module *m, const bool *reached, entry_facts *e)
{
    for (uint32_t f = 0; f < m->func_count; f++) {
        if (!reached[f])
            continue;
        for (uint32_t i = m->funcs[f].first; i <= m->funcs[f].last; i++) {
            const spv_inst *in = &m->insts[i];
            if (in->opcode == SpvOpControlBarrier || in->opcode == SpvOpMemoryBarrier) {
                lint_barrier b = {.inst = i, .func = f, .block = in->block,
                                  .control = in->opcode == SpvOpControlBarrier};
                uint32_t at = b.control ? 2 : 1;
                if (in->nwords >= at + 2) {
                    b.known = const_operand(m, in->w[at], &b.mem_scope) &&
                              const_operand(m, in->w[at + 1], &b.sem);
                    if (b.control)
                        b.known &= const_operand(m, in->w[1], &b.exec_scope);
                }
                VKS_PUSH(m->arena, e->bar, e->bar_count, e->bar_cap, b);
                continue;
            }
            spv_access acc[2];
            int n = spv_accesses_of(m, i, acc);
            for (int k = 0; k < n; k++) {
                lint_access la = {.a = acc[k], .func = f, .block = in->block, .root = NO_INDEX};
                const root_set *rs = &m->roots[acc[k].ptr];
                if (rs->count == 1)
                    la.root = rs->ids[0];
                if (acc[k].kind & ACC_ATOMIC)
                    la.flag_key = constant_location(m, acc[k].ptr);
                VKS_PUSH(m->arena, e->acc, e->acc_count, e->acc_cap, la);
            }
        }
    }
}

/* ---- rule 5: shader-barrier-divergent ---- */

/*
 * SPIR-V OpControlBarrier: "all invocations [in the execution scope] must
 * execute this dynamic instance"; Vulkan requires it in uniform control flow
 * of its scope.  A barrier in a block control-dependent on a branch whose
 * condition varies within the execution scope is reached by only some
 * invocations.  Variance comes from invocation-id builtins, atomics' results
 * and what is computed from them (flow.c).
 */
static void check_barrier_divergent(lint_ctx *c, const bool *reached, const entry_facts *e)
{
    spv_module *m = c->m;
    /* Per function: the call site that makes it run divergently (workgroup
       scope), NO_INDEX when none. */
    uint32_t *divergent_call = vks_arena_alloc(m->arena, (m->func_count + 1) * sizeof(uint32_t));
    memset(divergent_call, 0xff, (m->func_count + 1) * sizeof(uint32_t));
    uint32_t **divergent = vks_arena_alloc(m->arena, (m->func_count + 1) * sizeof *divergent);
    for (uint32_t f = 0; f < m->func_count; f++)
        if (reached[f])
            divergent[f] = spv_divergent_blocks(m, &m->funcs[f], VARY_LANE | VARY_SUBGROUP);
    for (uint32_t round = 0; round <= m->func_count; round++) {
        bool changed = false;
        for (uint32_t f = 0; f < m->func_count; f++) {
            if (!reached[f])
                continue;
            for (uint32_t i = m->funcs[f].first; i <= m->funcs[f].last; i++) {
                const spv_inst *in = &m->insts[i];
                if (in->opcode != SpvOpFunctionCall || in->nwords < 4 || in->block == NO_INDEX)
                    continue;
                uint32_t callee = m->func_of_id[in->w[3]];
                bool here = divergent[f][in->block] != NO_INDEX || divergent_call[f] != NO_INDEX;
                if (callee != NO_INDEX && here && divergent_call[callee] == NO_INDEX) {
                    divergent_call[callee] = i;
                    changed = true;
                }
            }
        }
        if (!changed)
            break;
    }
    for (size_t k = 0; k < e->bar_count; k++) {
        const lint_barrier *b = &e->bar[k];
        if (!b->control || !b->known || b->block == NO_INDEX)
            continue;
        unsigned mask = b->exec_scope == SpvScopeWorkgroup ? VARY_LANE | VARY_SUBGROUP
                      : b->exec_scope == SpvScopeSubgroup ? VARY_LANE : 0;
        if (!mask)
            continue;
        uint32_t *dec = mask == (VARY_LANE | VARY_SUBGROUP)
                            ? divergent[b->func]
                            : spv_divergent_blocks(m, &m->funcs[b->func], mask);
        uint32_t branch = dec[b->block];
        uint32_t call = mask == (VARY_LANE | VARY_SUBGROUP) ? divergent_call[b->func] : NO_INDEX;
        if (branch == NO_INDEX && call == NO_INDEX)
            continue;
        if (!report_once(c, VKS_RULE_SHADER_BARRIER_DIVERGENT, b->inst))
            continue;
        const char *scope = scope_name(b->exec_scope);
        vks_finding *f;
        if (branch != NO_INDEX) {
            f = add(c, VKS_RULE_SHADER_BARRIER_DIVERGENT, b->inst,
                    vks_arena_printf(m->arena,
                                     "OpControlBarrier with %s execution scope is in control flow that differs between invocations of the %s (branch at line %u): invocations that skip it leave the others waiting",
                                     scope, b->exec_scope == SpvScopeWorkgroup ? "workgroup" : "subgroup",
                                     loc_of(c, branch)->line));
            note(c, f, VKS_NOTE_PATH, branch,
                 "this branch's condition depends on the invocation (its id, or an atomic's result)");
        } else {
            f = add(c, VKS_RULE_SHADER_BARRIER_DIVERGENT, b->inst,
                    vks_arena_printf(m->arena,
                                     "OpControlBarrier with %s execution scope is in a function called from control flow that differs between invocations (call at line %u)",
                                     scope, loc_of(c, call)->line));
            note(c, f, VKS_NOTE_PATH, call, "called here by only some invocations");
        }
    }
}

/* ---- rule 1 (atomics): shader-scope-too-narrow ---- */

/*
 * spec "Atomic Operation": two atomics are mutually ordered only when each is
 * "in the instance of" the other's memory scope; otherwise "each must be
 * synchronized against the other as if they were non-atomic".  An atomic on
 * buffer or image memory whose address is the same in every workgroup, with
 * a Workgroup (or narrower) scope, races with the same atomic in another
 * workgroup.
 */
static void check_atomic_scope(lint_ctx *c, const vks_entry_point *ep, const entry_facts *e)
{
    spv_module *m = c->m;
    if (!is_compute_like(ep->execution_model) || c->options->workgroups == 1)
        return;
    for (size_t k = 0; k < e->acc_count; k++) {
        const lint_access *la = &e->acc[k];
        uint32_t scope;
        uint32_t cls = semantics_class(la->a.storage_class);
        if (!(la->a.kind & ACC_ATOMIC) || !const_operand(m, la->a.scope_id, &scope))
            continue;
        if (!narrower_than_device(scope) || cls == 0 || cls == SpvMemorySemanticsWorkgroupMemoryMask)
            continue;
        if (m->roots[la->a.ptr].count == 0 || (m->vary[la->a.ptr] & VARY_WORKGROUP))
            continue; /* untraced, or each workgroup has its own location */
        if (!report_once(c, VKS_RULE_SHADER_SCOPE_TOO_NARROW, la->a.inst))
            continue;
        const char *name = la->root != NO_INDEX ? var_name(m, la->root) : "the location";
        vks_finding *f = add(c, VKS_RULE_SHADER_SCOPE_TOO_NARROW, la->a.inst,
            vks_arena_printf(m->arena,
                             "atomic on %s (%s memory) has %s memory scope, but every workgroup accesses the same location: atomics of different workgroups are not mutually ordered; use Device scope%s",
                             name, storage_class_name(la->a.storage_class), scope_name(scope),
                             c->options->workgroups ? "" : " (or --workgroups=1 if the dispatch has one workgroup)"));
        (void)f;
    }
}

/* ---- the flag pattern: rules 1 (barriers), 2, 3, 4, 6 ---- */

typedef struct {
    bool producer;                 /* release side, else acquire side */
    const lint_access *data;       /* W or R */
    const lint_access *flag;       /* Fw or Fr */
    const lint_access *other;      /* the other side's data access */
} side;

/* The release (acquire) operations ordering W before Fw (Fr before R): the
   flag atomic itself when it has release (acquire) semantics, and the
   release (acquire) barriers between them in the same function.  false when
   a scope or semantics is not a constant. */
static bool side_sync_ops(const lint_ctx *c, const side *s, const entry_facts *e,
                          sync_op *ops, size_t *count)
{
    const spv_module *m = c->m;
    uint32_t want = s->producer ? SEM_RELEASE_BITS : SEM_ACQUIRE_BITS;
    uint32_t lo = s->producer ? s->data->a.inst : s->flag->a.inst;
    uint32_t hi = s->producer ? s->flag->a.inst : s->data->a.inst;
    *count = 0;
    uint32_t scope, sem;
    if (!const_operand(m, s->flag->a.scope_id, &scope) || !const_operand(m, s->flag->a.sem_id, &sem))
        return false;
    if (s->flag->a.sem2_id) { /* compare-exchange: the unequal semantics too */
        uint32_t sem2;
        if (!const_operand(m, s->flag->a.sem2_id, &sem2))
            return false;
        if (!s->producer)
            sem |= sem2;
    }
    for (size_t k = 0; k < e->bar_count; k++) {
        const lint_barrier *b = &e->bar[k];
        if (b->func != s->data->func || b->inst <= lo || b->inst >= hi)
            continue;
        if (!b->known)
            return false;
        if (b->sem & want)
            ops[(*count)++] = (sync_op){b->inst, b->mem_scope, b->sem};
    }
    if (sem & want)
        ops[(*count)++] = (sync_op){s->flag->a.inst, scope, sem};
    return true;
}

static void check_side(lint_ctx *c, const vks_entry_point *ep, const side *s,
                       const entry_facts *e)
{
    spv_module *m = c->m;
    sync_op *ops = vks_arena_alloc(m->arena, (e->bar_count + 1) * sizeof *ops);
    size_t n;
    if (!side_sync_ops(c, s, e, ops, &n))
        return;
    uint32_t data_class = semantics_class(s->data->a.storage_class);
    const char *data = var_name(m, s->data->root);
    const char *flag = var_name(m, s->flag->root);
    unsigned data_line = loc_of(c, s->data->a.inst)->line;
    const char *verb = s->producer ? "written" : "read";
    const char *release = s->producer ? "release" : "acquire";

    if (n == 0) {
        /* rule 6: spec "Synchronizes-With" needs "A performs a release
           operation" / "B performs an acquire operation" (or a release /
           acquire barrier); a relaxed flag orders nothing. */
        if (!report_once(c, VKS_RULE_SHADER_RELAXED_FLAG, s->flag->a.inst))
            return;
        vks_finding *f = add(c, VKS_RULE_SHADER_RELAXED_FLAG, s->flag->a.inst,
            vks_arena_printf(m->arena,
                             s->producer
                                 ? "relaxed atomic on %s is used as a flag for %s (written at line %u) but has no release semantics and no release barrier precedes it: other invocations may see the flag before the data"
                                 : "relaxed atomic on %s is used as a flag for %s (read at line %u) but has no acquire semantics and no acquire barrier follows it: the read may see stale data",
                             flag, data, data_line));
        note(c, f, VKS_NOTE_EARLIER_ACCESS, s->data->a.inst,
             vks_arena_printf(m->arena, "%s %s here", data, verb));
        note(c, f, VKS_NOTE_INFO, s->other->a.inst,
             vks_arena_printf(m->arena, "%s %s here by an invocation that %s the flag", data,
                              s->producer ? "read" : "written",
                              s->producer ? "checks" : "sets"));
        return;
    }
    const sync_op *last = &ops[n - 1];
    bool covered = false;
    for (size_t k = 0; k < n; k++)
        covered |= (ops[k].sem & data_class) != 0;
    if (!covered) {
        /* rule 2: inter-thread-happens-before<SC> needs the data's storage
           class in the release's/acquire's semantics (spec
           "Inter-Thread-Happens-Before"). */
        uint32_t at = s->producer ? last->inst : ops[0].inst;
        if (report_once(c, VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, at)) {
            vks_finding *f = add(c, VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, at,
                vks_arena_printf(m->arena,
                                 "%s semantics 0x%x lack %s, so they do not order %s (%s memory, %s at line %u) against the flag %s",
                                 release, s->producer ? last->sem : ops[0].sem,
                                 class_semantics_name(data_class), data,
                                 storage_class_name(s->data->a.storage_class), verb, data_line, flag));
            note(c, f, VKS_NOTE_EARLIER_ACCESS, s->data->a.inst,
                 vks_arena_printf(m->arena, "%s %s here", data, verb));
        }
        return;
    }
    bool cross_workgroup = data_class != SpvMemorySemanticsWorkgroupMemoryMask &&
                           s->flag->a.storage_class != SpvStorageClassWorkgroup &&
                           is_compute_like(ep->execution_model) && c->options->workgroups != 1;
    bool wide = false, available = false;
    const sync_op *decisive = NULL;
    for (size_t k = 0; k < n; k++) {
        if (!(ops[k].sem & data_class))
            continue;
        decisive = &ops[k];
        wide |= !narrower_than_device(ops[k].scope);
        available |= (ops[k].sem & (s->producer ? SpvMemorySemanticsMakeAvailableMask
                                                : SpvMemorySemanticsMakeVisibleMask)) != 0;
    }
    if (cross_workgroup && !wide) {
        /* rule 1 (barriers): "A and B are in the instance of each other's
           memory scopes" fails for a consumer in another workgroup. */
        if (report_once(c, VKS_RULE_SHADER_SCOPE_TOO_NARROW, decisive->inst)) {
            vks_finding *f = add(c, VKS_RULE_SHADER_SCOPE_TOO_NARROW, decisive->inst,
                vks_arena_printf(m->arena,
                                 "%s with %s memory scope orders %s (%s at line %u) only for its own workgroup, but the flag %s is shared by all workgroups: use Device scope",
                                 release, scope_name(decisive->scope), data, verb, data_line, flag));
            note(c, f, VKS_NOTE_EARLIER_ACCESS, s->data->a.inst,
                 vks_arena_printf(m->arena, "%s %s here", data, verb));
            note(c, f, VKS_NOTE_SYNC, s->flag->a.inst, "the flag shared by every workgroup");
        }
    } else if (m->vulkan_memory_model && !available) {
        /* rule 3: spec "Location-Ordered" needs an availability chain from
           the write and a visibility chain to the read; in the Vulkan memory
           model only MakeAvailable/MakeVisible semantics or the per-instruction
           MakePointer.../MakeTexel... flags perform them. */
        uint32_t per_instruction = s->producer
            ? (s->data->a.image ? SpvImageOperandsMakeTexelAvailableMask
                                : SpvMemoryAccessMakePointerAvailableMask)
            : (s->data->a.image ? SpvImageOperandsMakeTexelVisibleMask
                                : SpvMemoryAccessMakePointerVisibleMask);
        if (!(s->data->a.mem_flags & per_instruction) &&
            report_once(c, VKS_RULE_SHADER_AVAILABILITY_MISSING, decisive->inst)) {
            vks_finding *f = add(c, VKS_RULE_SHADER_AVAILABILITY_MISSING, decisive->inst,
                vks_arena_printf(m->arena,
                                 s->producer
                                     ? "release has no MakeAvailable and the write to %s at line %u has no MakePointerAvailable: the write is never made available to the invocations that read it"
                                     : "acquire has no MakeVisible and the read of %s at line %u has no MakePointerVisible: the data written by other invocations is never made visible to it",
                                 data, data_line));
            note(c, f, VKS_NOTE_EARLIER_ACCESS, s->data->a.inst,
                 vks_arena_printf(m->arena, "%s %s here", data, verb));
        }
    }
    /* rule 4: spec "Private vs. Non-Private": "for private memory operations
       to be Location-Ordered between distinct agents requires using
       system-synchronizes-with rather than shader-based synchronization". */
    uint32_t nonprivate = s->data->a.image ? SpvImageOperandsNonPrivateTexelMask
                                           : SpvMemoryAccessNonPrivatePointerMask;
    if (m->vulkan_memory_model && !(s->data->a.mem_flags & nonprivate) &&
        report_once(c, VKS_RULE_SHADER_NONPRIVATE_MISSING, s->data->a.inst)) {
        vks_finding *f = add(c, VKS_RULE_SHADER_NONPRIVATE_MISSING, s->data->a.inst,
            vks_arena_printf(m->arena,
                             "%s of %s is private (no %s) but is %s through the flag %s at line %u: private accesses are not ordered by shader synchronization (declare it coherent or nonprivate)",
                             s->producer ? "write" : "read", data,
                             s->data->a.image ? "NonPrivateTexel" : "NonPrivatePointer",
                             s->producer ? "published" : "guarded", flag,
                             loc_of(c, s->flag->a.inst)->line));
        note(c, f, VKS_NOTE_SYNC, s->flag->a.inst, "the flag");
    }
}

static bool is_data_access(const lint_access *la)
{
    return !(la->a.kind & (ACC_ATOMIC | ACC_SAMPLED)) && la->root != NO_INDEX &&
           semantics_class(la->a.storage_class) != 0;
}

/* The first read of data variable `var` that Fr's result guards: after a
   branch on a value depending on Fr, in a block that branch dominates. */
static const lint_access *guarded_read(spv_module *m, const entry_facts *e,
                                       const lint_access *fr, const bool *dep, uint32_t var,
                                       const char *flag_key)
{
    const spv_function *f = &m->funcs[fr->func];
    for (size_t k = 0; k < e->acc_count; k++) {
        const lint_access *r = &e->acc[k];
        if (!is_data_access(r) || !(r->a.kind & ACC_READ) || r->root != var ||
            r->func != fr->func || r->a.inst <= fr->a.inst)
            continue;
        if (flag_key && r->flag_key && strcmp(flag_key, r->flag_key) == 0)
            continue;
        for (uint32_t b = 0; b < f->block_count; b++) {
            const spv_inst *t = &m->insts[f->blocks[b].terminator];
            if ((t->opcode != SpvOpBranchConditional && t->opcode != SpvOpSwitch) || t->nwords < 2)
                continue;
            uint32_t at = f->blocks[b].terminator;
            if (at <= fr->a.inst || at >= r->a.inst || !dep[t->w[1]])
                continue;
            if (b != r->block && spv_block_dominates(f, b, r->block))
                return r;
        }
    }
    return NULL;
}

/* Workgroup memory written before and read after an OpControlBarrier with
   Workgroup execution scope and AcquireRelease|WorkgroupMemory semantics is
   already synchronized by that barrier (spec "Synchronizes-With", the
   control-barrier case): the flag is not what orders it. */
static bool workgroup_barrier_between(const spv_module *m, const entry_facts *e,
                                      const lint_access *w, const lint_access *r)
{
    if (semantics_class(w->a.storage_class) != SpvMemorySemanticsWorkgroupMemoryMask ||
        w->func != r->func)
        return false;
    uint32_t need = SpvMemorySemanticsWorkgroupMemoryMask;
    for (size_t k = 0; k < e->bar_count; k++) {
        const lint_barrier *b = &e->bar[k];
        if (b->control && b->known && b->func == w->func && b->inst > w->a.inst &&
            b->inst < r->a.inst && b->exec_scope == SpvScopeWorkgroup &&
            (b->sem & need) && ((b->sem & SpvMemorySemanticsAcquireReleaseMask) ||
                                (b->sem & SpvMemorySemanticsSequentiallyConsistentMask)))
            return true;
    }
    (void)m;
    return false;
}

/* ---- rule 2 (barriers): data exchanged through a workgroup barrier ---- */

/*
 * A value's canonical spelling when it is computed only from constants,
 * builtins and arithmetic (through invocation-private variables stored
 * once): two accesses whose index spellings differ touch different
 * invocations' elements.  NULL when any part is not so computed: then the
 * rule cannot tell and stays silent.
 */
static const char *value_spelling(spv_module *m, uint32_t id, int depth);

static const char *pointer_spelling(spv_module *m, uint32_t ptr, int depth)
{
    const spv_inst *d = spv_def(m, ptr);
    if (!d || depth > 12)
        return NULL;
    switch (d->opcode) {
    case SpvOpVariable:
        return vks_arena_printf(m->arena, "v%u", ptr);
    case SpvOpAccessChain:
    case SpvOpInBoundsAccessChain: {
        const char *s = d->nwords >= 4 ? pointer_spelling(m, d->w[3], depth + 1) : NULL;
        for (uint32_t w = 4; s && w < d->nwords; w++) {
            const char *index = value_spelling(m, d->w[w], depth + 1);
            s = index ? vks_arena_printf(m->arena, "%s[%s]", s, index) : NULL;
        }
        return s;
    }
    case SpvOpCopyObject:
        return d->nwords >= 4 ? pointer_spelling(m, d->w[3], depth + 1) : NULL;
    default:
        return NULL;
    }
}

uint32_t spv_single_store(const spv_module *m, uint32_t var)
{
    const spv_inst *v = spv_def(m, var);
    if (!v || v->func == NO_INDEX)
        return 0;
    const spv_function *f = &m->funcs[v->func];
    uint32_t value = 0, stores = 0;
    for (uint32_t i = f->first; i <= f->last; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode != SpvOpStore || in->nwords < 3)
            continue;
        const root_set *rs = &m->roots[in->w[1]];
        for (uint32_t k = 0; k < rs->count; k++)
            if (rs->ids[k] == var) {
                stores++;
                value = in->w[1] == var ? in->w[2] : 0;
            }
    }
    return stores == 1 ? value : 0;
}

static const char *value_spelling(spv_module *m, uint32_t id, int depth)
{
    const spv_inst *d = spv_def(m, id);
    uint32_t v;
    if (!d || depth > 12)
        return NULL;
    if (spv_const_u32(m, id, &v))
        return vks_arena_printf(m->arena, "%u", v);
    switch (d->opcode) {
    case SpvOpLoad: {
        const root_set *rs = d->nwords >= 4 ? &m->roots[d->w[3]] : NULL;
        if (!rs || rs->count != 1)
            return NULL;
        uint32_t var = rs->ids[0];
        if (m->builtin[var] != UINT32_MAX)
            return pointer_spelling(m, d->w[3], depth + 1);
        uint32_t stored = spv_variable_class(m, var) == SpvStorageClassFunction && d->w[3] == var
                              ? spv_single_store(m, var) : 0;
        return stored ? value_spelling(m, stored, depth + 1) : NULL;
    }
    case SpvOpCompositeExtract: {
        const char *s = d->nwords >= 5 ? value_spelling(m, d->w[3], depth + 1) : NULL;
        for (uint32_t w = 4; s && w < d->nwords; w++)
            s = vks_arena_printf(m->arena, "%s.%u", s, d->w[w]);
        return s;
    }
    case SpvOpIAdd: case SpvOpISub: case SpvOpIMul: case SpvOpUDiv: case SpvOpSDiv:
    case SpvOpUMod: case SpvOpSMod: case SpvOpSRem: case SpvOpShiftLeftLogical:
    case SpvOpShiftRightLogical: case SpvOpShiftRightArithmetic:
    case SpvOpBitwiseOr: case SpvOpBitwiseXor: case SpvOpBitwiseAnd: {
        const char *a = d->nwords >= 5 ? value_spelling(m, d->w[3], depth + 1) : NULL;
        const char *b = a ? value_spelling(m, d->w[4], depth + 1) : NULL;
        return b ? vks_arena_printf(m->arena, "(%s op%u %s)", a, d->opcode, b) : NULL;
    }
    case SpvOpBitcast: case SpvOpUConvert: case SpvOpSConvert: case SpvOpSNegate:
    case SpvOpNot: case SpvOpCopyObject: {
        const char *a = d->nwords >= 4 ? value_spelling(m, d->w[3], depth + 1) : NULL;
        return a ? vks_arena_printf(m->arena, "op%u(%s)", d->opcode, a) : NULL;
    }
    default:
        return NULL;
    }
}

static const char *storage_class_advice(uint32_t cls)
{
    return cls == SpvMemorySemanticsUniformMemoryMask ? " (memoryBarrierBuffer())"
         : cls == SpvMemorySemanticsImageMemoryMask ? " (memoryBarrierImage())"
                                                    : "";
}

/*
 * spec "Synchronizes-With", the control-barrier case: a release barrier A,
 * a control barrier C and an acquire barrier B synchronize "A and B ... in
 * the instance of C's execution scope", and inter-thread-happens-before<SC>
 * then orders only the storage classes in SC.  Buffer or image data written
 * before a workgroup OpControlBarrier and read after it at another
 * invocation's index is unordered when no barrier between them names its
 * storage class (GLSL's barrier() names only shared memory).
 */
static void check_barrier_exchange(lint_ctx *c, const entry_facts *e)
{
    spv_module *m = c->m;
    for (size_t k = 0; k < e->bar_count; k++) {
        const lint_barrier *b = &e->bar[k];
        if (!b->control || !b->known || b->exec_scope != SpvScopeWorkgroup ||
            !(b->sem & (SEM_RELEASE_BITS | SEM_ACQUIRE_BITS)))
            continue;
        for (size_t wi = 0; wi < e->acc_count; wi++) {
            const lint_access *w = &e->acc[wi];
            uint32_t cls = semantics_class(w->a.storage_class);
            if (!is_data_access(w) || !(w->a.kind & ACC_WRITE) || w->func != b->func ||
                w->a.inst >= b->inst || cls == SpvMemorySemanticsWorkgroupMemoryMask ||
                (b->sem & cls))
                continue;
            const char *written = pointer_spelling(m, w->a.ptr, 0);
            if (!written)
                continue;
            for (size_t ri = 0; ri < e->acc_count; ri++) {
                const lint_access *r = &e->acc[ri];
                if (!is_data_access(r) || !(r->a.kind & ACC_READ) || r->root != w->root ||
                    r->func != b->func || r->a.inst <= b->inst)
                    continue;
                const char *read = pointer_spelling(m, r->a.ptr, 0);
                if (!read || strcmp(read, written) == 0)
                    continue;
                /* Another barrier between them that does name the class. */
                bool ordered = false;
                for (size_t o = 0; o < e->bar_count && !ordered; o++) {
                    const lint_barrier *x = &e->bar[o];
                    ordered = x->func == b->func && x->inst > w->a.inst && x->inst < r->a.inst &&
                              (!x->known || (x->sem & cls));
                }
                if (ordered || !report_once(c, VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, b->inst))
                    continue;
                const char *data = var_name(m, w->root);
                vks_finding *f = add(c, VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, b->inst,
                    vks_arena_printf(m->arena,
                                     "control barrier semantics 0x%x lack %s: %s (%s memory) written at line %u and read at another invocation's index at line %u is not ordered by it%s",
                                     b->sem, class_semantics_name(cls), data,
                                     storage_class_name(w->a.storage_class),
                                     loc_of(c, w->a.inst)->line, loc_of(c, r->a.inst)->line,
                                     storage_class_advice(cls)));
                note(c, f, VKS_NOTE_EARLIER_ACCESS, w->a.inst,
                     vks_arena_printf(m->arena, "%s written here", data));
                note(c, f, VKS_NOTE_INFO, r->a.inst,
                     vks_arena_printf(m->arena, "%s read here, at another invocation's index", data));
                break;
            }
        }
    }
}

static void check_flags(lint_ctx *c, const vks_entry_point *ep, const entry_facts *e)
{
    spv_module *m = c->m;
    for (size_t i = 0; i < e->acc_count; i++) {
        const lint_access *fr = &e->acc[i];
        if (!fr->flag_key || !(fr->a.kind & ACC_READ) || !semantics_class(fr->a.storage_class))
            continue;
        uint32_t result = m->insts[fr->a.inst].result_id;
        if (!result)
            continue;
        bool *dep = NULL;
        /* Each data variable written before an atomic write to the same flag. */
        for (size_t j = 0; j < e->acc_count; j++) {
            const lint_access *fw = &e->acc[j];
            if (!fw->flag_key || !(fw->a.kind & ACC_WRITE) || strcmp(fw->flag_key, fr->flag_key))
                continue;
            /* Per data variable, the write closest to the flag speaks for
               the earlier ones. */
            uint32_t *done = vks_arena_alloc(m->arena, (e->acc_count + 1) * sizeof *done);
            size_t done_count = 0;
            for (size_t k = e->acc_count; k-- > 0;) {
                const lint_access *w = &e->acc[k];
                if (!is_data_access(w) || !(w->a.kind & ACC_WRITE) || w->func != fw->func ||
                    w->a.inst >= fw->a.inst)
                    continue;
                bool seen = false;
                for (size_t d = 0; d < done_count; d++)
                    seen |= done[d] == w->root;
                if (seen)
                    continue;
                done[done_count++] = w->root;
                if (!dep)
                    dep = spv_dependents(m, result);
                const lint_access *r = guarded_read(m, e, fr, dep, w->root, fr->flag_key);
                if (!r || workgroup_barrier_between(m, e, w, r))
                    continue;
                side producer = {true, w, fw, r};
                side consumer = {false, r, fr, w};
                check_side(c, ep, &producer, e);
                check_side(c, ep, &consumer, e);
            }
        }
    }
}

void spv_lint(spv_module *m, const vks_shader_summary *summary,
              const vks_spirv_options *options, vks_findings *findings)
{
    lint_ctx c = {.m = m, .options = options, .findings = findings};
    c.reported = vks_arena_alloc(m->arena, (m->ninsts + 1) * sizeof *c.reported);
    size_t ep_index = 0;
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode != SpvOpEntryPoint || in->nwords < 4)
            continue;
        const vks_entry_point *ep = &summary->entry_points[ep_index++];
        bool *reached = spv_reachable_functions(m, in->w[2]);
        entry_facts e = {0};
        collect(m, reached, &e);
        check_barrier_divergent(&c, reached, &e);
        check_atomic_scope(&c, ep, &e);
        check_flags(&c, ep, &e);
        check_barrier_exchange(&c, &e);
        spv_check_workgroup_races(m, in->w[2], ep, findings);
    }
}
