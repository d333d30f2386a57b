/*
 * reflect.c - per entry point, which descriptors the shader reads, writes or
 * uses atomics on.
 *
 * Decorations say which variables are bound to which (set, binding); they do
 * not say what the shader does with them.  So the uses come from the
 * instructions actually reachable from the entry point (OpFunctionCall
 * walked from the entry function), each memory instruction's pointer traced
 * back to its variable through access chains, copies, loads of handles and
 * function parameters (flow.c, roots).  NonWritable/NonReadable refine only
 * uses the pass cannot classify (Vulkan spec, "Memory Model" appendix,
 * "Reference": the descriptor a variable is bound to is the reference).
 */
#include "module.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "vksync/vk_tables.h"

static uint32_t word(const spv_inst *in, uint32_t at)
{
    return at < in->nwords ? in->w[at] : 0;
}

/* Image operands after `mask_word`: only the flags are needed here. */
static uint32_t optional_mask(const spv_inst *in, uint32_t mask_word)
{
    return mask_word < in->nwords ? in->w[mask_word] : 0;
}

/* Memory operands of OpLoad/OpStore: mask, then Aligned's literal, then
   MakePointerAvailable's scope, then MakePointerVisible's scope. */
static void memory_operands(const spv_inst *in, uint32_t mask_word, spv_access *a)
{
    a->mem_flags = optional_mask(in, mask_word);
    uint32_t at = mask_word + 1;
    if (a->mem_flags & SpvMemoryAccessAlignedMask)
        at++;
    if (a->mem_flags & SpvMemoryAccessMakePointerAvailableMask)
        a->avail_scope_id = word(in, at++);
    if (a->mem_flags & SpvMemoryAccessMakePointerVisibleMask)
        a->vis_scope_id = word(in, at++);
}

static bool is_image_read_op(uint32_t op)
{
    switch (op) {
    case SpvOpImageSampleImplicitLod: case SpvOpImageSampleExplicitLod:
    case SpvOpImageSampleDrefImplicitLod: case SpvOpImageSampleDrefExplicitLod:
    case SpvOpImageSampleProjImplicitLod: case SpvOpImageSampleProjExplicitLod:
    case SpvOpImageSampleProjDrefImplicitLod: case SpvOpImageSampleProjDrefExplicitLod:
    case SpvOpImageFetch: case SpvOpImageGather: case SpvOpImageDrefGather:
    case SpvOpImageSparseSampleImplicitLod: case SpvOpImageSparseSampleExplicitLod:
    case SpvOpImageSparseSampleDrefImplicitLod: case SpvOpImageSparseSampleDrefExplicitLod:
    case SpvOpImageSparseFetch: case SpvOpImageSparseGather:
    case SpvOpImageSparseDrefGather:
        return true;
    default:
        return false;
    }
}

int spv_accesses_of(const spv_module *m, uint32_t index, spv_access out[2])
{
    const spv_inst *in = &m->insts[index];
    spv_access a = {.inst = index};
    uint32_t op = in->opcode;
    switch (op) {
    case SpvOpLoad:
        if (in->nwords < 4)
            return 0;
        a.ptr = in->w[3];
        a.kind = ACC_READ;
        memory_operands(in, 4, &a);
        break;
    case SpvOpStore:
        if (in->nwords < 3)
            return 0;
        a.ptr = in->w[1];
        a.kind = ACC_WRITE;
        memory_operands(in, 3, &a);
        break;
    case SpvOpCopyMemory:
    case SpvOpCopyMemorySized: {
        if (in->nwords < 3)
            return 0;
        spv_access w = {.inst = index, .ptr = in->w[1], .kind = ACC_WRITE};
        spv_access r = {.inst = index, .ptr = in->w[2], .kind = ACC_READ};
        w.storage_class = spv_pointer_storage_class(m, w.ptr);
        r.storage_class = spv_pointer_storage_class(m, r.ptr);
        out[0] = w;
        out[1] = r;
        return 2;
    }
    case SpvOpAtomicStore:
    case SpvOpAtomicFlagClear:
        if (in->nwords < 4)
            return 0;
        a.ptr = in->w[1];
        a.kind = ACC_WRITE | ACC_ATOMIC;
        a.scope_id = in->w[2];
        a.sem_id = in->w[3];
        break;
    case SpvOpImageRead:
    case SpvOpImageSparseRead:
        if (in->nwords < 5)
            return 0;
        a.ptr = in->w[3];
        a.kind = ACC_READ;
        a.image = true;
        a.mem_flags = optional_mask(in, 5);
        break;
    case SpvOpImageWrite:
        if (in->nwords < 4)
            return 0;
        a.ptr = in->w[1];
        a.kind = ACC_WRITE;
        a.image = true;
        a.mem_flags = optional_mask(in, 4);
        break;
    default:
        if (is_image_read_op(op)) {
            if (in->nwords < 4)
                return 0;
            a.ptr = in->w[3];
            a.kind = ACC_READ | ACC_SAMPLED;
            a.image = true;
            break;
        }
        if ((op >= SpvOpAtomicLoad && op <= SpvOpAtomicXor) ||
            op == SpvOpAtomicFlagTestAndSet || op == SpvOpAtomicFAddEXT ||
            op == SpvOpAtomicFMinEXT || op == SpvOpAtomicFMaxEXT) {
            if (in->nwords < 6)
                return 0;
            a.ptr = in->w[3];
            a.scope_id = in->w[4];
            a.sem_id = in->w[5];
            a.kind = op == SpvOpAtomicLoad ? ACC_READ | ACC_ATOMIC
                                           : ACC_READ | ACC_WRITE | ACC_ATOMIC;
            if ((op == SpvOpAtomicCompareExchange || op == SpvOpAtomicCompareExchangeWeak) &&
                in->nwords >= 7)
                a.sem2_id = in->w[6];
            break;
        }
        return 0;
    }
    a.storage_class = a.image ? SpvStorageClassImage : spv_pointer_storage_class(m, a.ptr);
    /* Loading an image/sampler handle from its UniformConstant variable
       touches no image memory: the image instruction using it does. */
    if (!a.image && a.storage_class == SpvStorageClassUniformConstant)
        return 0;
    out[0] = a;
    return 1;
}

/* Uses of a pointer/handle that are not memory accesses (nothing to record). */
static bool is_non_access_use(uint32_t op)
{
    switch (op) {
    case SpvOpAccessChain: case SpvOpInBoundsAccessChain: case SpvOpPtrAccessChain:
    case SpvOpInBoundsPtrAccessChain: case SpvOpCopyObject: case SpvOpImageTexelPointer:
    case SpvOpImage: case SpvOpSampledImage: case SpvOpSelect: case SpvOpPhi:
    case SpvOpFunctionCall: case SpvOpArrayLength: case SpvOpBitcast:
    case SpvOpImageQueryFormat: case SpvOpImageQueryOrder: case SpvOpImageQuerySizeLod:
    case SpvOpImageQuerySize: case SpvOpImageQueryLod: case SpvOpImageQueryLevels:
    case SpvOpImageQuerySamples: case SpvOpLoad: case SpvOpDecorate:
    case SpvOpName: case SpvOpEntryPoint:
        return true;
    default:
        return false;
    }
}

/* ---- descriptor kinds ---- */

typedef struct {
    vks_descriptor_kind kind;
    uint32_t array_size;
    uint32_t block_type;
} var_shape;

static var_shape shape_of_variable(const spv_module *m, const spv_inst *var)
{
    var_shape s = {.kind = VKS_DESC_UNKNOWN, .array_size = 1};
    const spv_inst *ptr = spv_def(m, var->type_id);
    if (!ptr || ptr->opcode != SpvOpTypePointer || ptr->nwords < 4)
        return s;
    uint32_t sc = ptr->w[2];
    const spv_inst *t = spv_def(m, ptr->w[3]);
    bool outer = true;
    for (int depth = 0; t && depth < 8 &&
                        (t->opcode == SpvOpTypeArray || t->opcode == SpvOpTypeRuntimeArray);
         depth++) {
        if (outer) {
            uint32_t n = 0;
            s.array_size = t->opcode == SpvOpTypeRuntimeArray ? 0
                         : t->nwords >= 4 && spv_const_u32(m, t->w[3], &n) ? n : 1;
            outer = false;
        }
        t = t->nwords >= 3 ? spv_def(m, t->w[2]) : NULL;
    }
    if (!t)
        return s;
    s.block_type = t->result_id;
    switch (t->opcode) {
    case SpvOpTypeStruct:
        if (sc == SpvStorageClassStorageBuffer ||
            (sc == SpvStorageClassUniform && (m->deco_flags[t->result_id] & DECO_BUFFER_BLOCK)))
            s.kind = VKS_DESC_STORAGE_BUFFER;
        else if (sc == SpvStorageClassUniform)
            s.kind = VKS_DESC_UNIFORM_BUFFER;
        break;
    case SpvOpTypeImage: {
        uint32_t dim = word(t, 3), sampled = word(t, 7);
        if (dim == SpvDimBuffer)
            s.kind = sampled == 2 ? VKS_DESC_STORAGE_TEXEL_BUFFER : VKS_DESC_UNIFORM_TEXEL_BUFFER;
        else if (dim == SpvDimSubpassData)
            s.kind = VKS_DESC_INPUT_ATTACHMENT;
        else
            s.kind = sampled == 2 ? VKS_DESC_STORAGE_IMAGE : VKS_DESC_SAMPLED_IMAGE;
        break;
    }
    case SpvOpTypeSampledImage: s.kind = VKS_DESC_COMBINED_IMAGE_SAMPLER; break;
    case SpvOpTypeSampler: s.kind = VKS_DESC_SAMPLER; break;
    case SpvOpTypeAccelerationStructureKHR: s.kind = VKS_DESC_ACCELERATION_STRUCTURE; break;
    default: break;
    }
    return s;
}

static const struct {
    uint32_t model;
    uint32_t vk_stage;
    uint64_t pipeline_stage;
    const char *name;
} stage_table[] = {
    /* VkShaderStageFlagBits and the sync2 stage that runs it (Vulkan spec,
       "Synchronization and Cache Control" chapter, "Pipeline Stages"). */
    {SpvExecutionModelVertex, VK_SHADER_STAGE_VERTEX_BIT, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, "Vertex"},
    {SpvExecutionModelTessellationControl, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
     VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT, "TessellationControl"},
    {SpvExecutionModelTessellationEvaluation, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
     VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT, "TessellationEvaluation"},
    {SpvExecutionModelGeometry, VK_SHADER_STAGE_GEOMETRY_BIT, VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT, "Geometry"},
    {SpvExecutionModelFragment, VK_SHADER_STAGE_FRAGMENT_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, "Fragment"},
    {SpvExecutionModelGLCompute, VK_SHADER_STAGE_COMPUTE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, "GLCompute"},
    {SpvExecutionModelKernel, 0, 0, "Kernel"},
    {SpvExecutionModelTaskNV, VK_SHADER_STAGE_TASK_BIT_EXT, VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT, "TaskNV"},
    {SpvExecutionModelMeshNV, VK_SHADER_STAGE_MESH_BIT_EXT, VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT, "MeshNV"},
    {SpvExecutionModelTaskEXT, VK_SHADER_STAGE_TASK_BIT_EXT, VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT, "TaskEXT"},
    {SpvExecutionModelMeshEXT, VK_SHADER_STAGE_MESH_BIT_EXT, VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT, "MeshEXT"},
    {SpvExecutionModelRayGenerationKHR, VK_SHADER_STAGE_RAYGEN_BIT_KHR, VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "RayGeneration"},
    {SpvExecutionModelIntersectionKHR, VK_SHADER_STAGE_INTERSECTION_BIT_KHR, VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "Intersection"},
    {SpvExecutionModelAnyHitKHR, VK_SHADER_STAGE_ANY_HIT_BIT_KHR, VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "AnyHit"},
    {SpvExecutionModelClosestHitKHR, VK_SHADER_STAGE_CLOSEST_HIT_BIT_KHR, VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "ClosestHit"},
    {SpvExecutionModelMissKHR, VK_SHADER_STAGE_MISS_BIT_KHR, VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "Miss"},
    {SpvExecutionModelCallableKHR, VK_SHADER_STAGE_CALLABLE_BIT_KHR, VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "Callable"},
};

static const char *model_name(uint32_t model)
{
    for (size_t i = 0; i < sizeof stage_table / sizeof *stage_table; i++)
        if (stage_table[i].model == model)
            return stage_table[i].name;
    return "unknown";
}

static int compare_descriptors(const void *pa, const void *pb)
{
    const vks_shader_descriptor *a = pa, *b = pb;
    if (a->set != b->set)
        return a->set < b->set ? -1 : 1;
    return (a->binding > b->binding) - (a->binding < b->binding);
}

/* The descriptors of the module, one per bound variable (not per entry). */
typedef struct {
    uint32_t var;
    vks_shader_descriptor d;
    uint8_t deco; /* NonWritable/NonReadable on the variable or block */
} module_descriptor;

static void fill_entry_uses(spv_module *m, uint32_t func_id, module_descriptor *descs,
                            size_t count, uint32_t *desc_of_var)
{
    bool *reached = spv_reachable_functions(m, func_id);
    for (size_t i = 0; i < count; i++)
        descs[i].d.use = 0;
    for (uint32_t f = 0; f < m->func_count; f++) {
        if (!reached[f])
            continue;
        for (uint32_t i = m->funcs[f].first; i <= m->funcs[f].last; i++) {
            const spv_inst *in = &m->insts[i];
            spv_access acc[2];
            int n = spv_accesses_of(m, i, acc);
            for (int k = 0; k < n; k++) {
                const root_set *rs = &m->roots[acc[k].ptr];
                unsigned use = (acc[k].kind & ACC_READ ? VKS_SHADER_READ : 0) |
                               (acc[k].kind & ACC_WRITE ? VKS_SHADER_WRITE : 0) |
                               (acc[k].kind & ACC_ATOMIC ? VKS_SHADER_ATOMIC : 0);
                for (uint32_t r = 0; r < rs->count; r++)
                    if (desc_of_var[rs->ids[r]] != NO_INDEX)
                        descs[desc_of_var[rs->ids[r]]].d.use |= use;
            }
            if (n || is_non_access_use(in->opcode))
                continue;
            /* Any other instruction that takes a descriptor's pointer or
               handle: the pass does not know what it does with it. */
            for (uint32_t k = 0; k < in->id_count; k++) {
                const root_set *rs = &m->roots[in->w[in->id_words[k]]];
                for (uint32_t r = 0; r < rs->count; r++) {
                    uint32_t d = desc_of_var[rs->ids[r]];
                    if (d == NO_INDEX)
                        continue;
                    if (descs[d].deco & DECO_NON_WRITABLE)
                        descs[d].d.use |= VKS_SHADER_READ;
                    else if (descs[d].deco & DECO_NON_READABLE)
                        descs[d].d.use |= VKS_SHADER_WRITE;
                    else
                        descs[d].d.use |= VKS_SHADER_UNKNOWN_USE;
                }
            }
        }
    }
}

uint64_t vks_spirv_words_hash(const uint32_t *words, size_t count)
{
    /* FNV-1a's prime; the offset basis is one digit short of FNV's
       14695981039346656037, kept so that every hash stays what it was. */
    uint64_t hash = 1469598103934665603ull;
    for (size_t i = 0; i < count; i++) {
        hash ^= words[i];
        hash *= 1099511628211ull;
    }
    return hash;
}

vks_shader_summary *spv_reflect(spv_module *m)
{
    vks_shader_summary *s = vks_arena_alloc(m->arena, sizeof *s);
    s->path = m->path;
    s->vulkan_memory_model = m->vulkan_memory_model;
    s->has_debug_lines = m->has_debug_lines;
    s->content_hash = vks_spirv_words_hash(m->words, m->nwords);

    module_descriptor *descs = NULL;
    size_t count = 0, cap = 0;
    uint32_t *desc_of_var = vks_arena_alloc(m->arena, m->bound * sizeof *desc_of_var);
    memset(desc_of_var, 0xff, m->bound * sizeof *desc_of_var);
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode != SpvOpVariable || in->func != NO_INDEX)
            continue;
        uint32_t id = in->result_id;
        if (m->desc_set[id] == UINT32_MAX || m->binding[id] == UINT32_MAX)
            continue;
        var_shape shape = shape_of_variable(m, in);
        const char *name = m->names[id] && m->names[id][0] ? m->names[id]
                         : shape.block_type && m->names[shape.block_type] ? m->names[shape.block_type]
                                                                         : "";
        module_descriptor md = {.var = id,
                                .d = {.set = m->desc_set[id],
                                      .binding = m->binding[id],
                                      .kind = shape.kind,
                                      .array_size = shape.array_size,
                                      .name = name}};
        md.deco = m->deco_flags[id] & (DECO_NON_WRITABLE | DECO_NON_READABLE);
        if (shape.block_type) {
            uint8_t b = m->deco_flags[shape.block_type];
            if (b & DECO_ALL_MEMBERS_NON_WRITABLE)
                md.deco |= DECO_NON_WRITABLE;
            if (b & DECO_ALL_MEMBERS_NON_READABLE)
                md.deco |= DECO_NON_READABLE;
        }
        desc_of_var[id] = (uint32_t)count;
        VKS_PUSH(m->arena, descs, count, cap, md);
    }

    size_t ep_cap = 0;
    for (size_t i = 0; i < m->ninsts; i++) {
        const spv_inst *in = &m->insts[i];
        if (in->opcode != SpvOpEntryPoint || in->nwords < 4)
            continue;
        vks_entry_point ep = {.name = spv_literal_string(m, in, 3),
                              .execution_model = in->w[1]};
        for (size_t k = 0; k < sizeof stage_table / sizeof *stage_table; k++)
            if (stage_table[k].model == ep.execution_model) {
                ep.vk_stage = stage_table[k].vk_stage;
                ep.pipeline_stage = stage_table[k].pipeline_stage;
            }
        for (size_t k = 0; k < m->ninsts; k++) {
            const spv_inst *e = &m->insts[k];
            if (e->opcode == SpvOpExecutionMode && e->nwords >= 6 && e->w[1] == in->w[2] &&
                e->w[2] == SpvExecutionModeLocalSize)
                memcpy(ep.local_size, &e->w[3], sizeof ep.local_size);
        }
        fill_entry_uses(m, in->w[2], descs, count, desc_of_var);
        ep.descriptors = vks_arena_alloc(m->arena, (count + 1) * sizeof *ep.descriptors);
        for (size_t k = 0; k < count; k++)
            ep.descriptors[k] = descs[k].d;
        ep.descriptor_count = count;
        qsort(ep.descriptors, count, sizeof *ep.descriptors, compare_descriptors);
        VKS_PUSH(m->arena, s->entry_points, s->entry_point_count, ep_cap, ep);
    }
    return s;
}

/* ---- public helpers on summaries ---- */

static const struct {
    vks_descriptor_kind kind;
    const char *name;
    uint32_t vk_type;
} kind_table[] = {
    {VKS_DESC_UNKNOWN, "unknown", UINT32_MAX},
    {VKS_DESC_STORAGE_BUFFER, "storage-buffer", VK_DESCRIPTOR_TYPE_STORAGE_BUFFER},
    {VKS_DESC_UNIFORM_BUFFER, "uniform-buffer", VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER},
    {VKS_DESC_STORAGE_IMAGE, "storage-image", VK_DESCRIPTOR_TYPE_STORAGE_IMAGE},
    {VKS_DESC_SAMPLED_IMAGE, "sampled-image", VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE},
    {VKS_DESC_COMBINED_IMAGE_SAMPLER, "combined-image-sampler", VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER},
    {VKS_DESC_SAMPLER, "sampler", VK_DESCRIPTOR_TYPE_SAMPLER},
    {VKS_DESC_UNIFORM_TEXEL_BUFFER, "uniform-texel-buffer", VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER},
    {VKS_DESC_STORAGE_TEXEL_BUFFER, "storage-texel-buffer", VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER},
    {VKS_DESC_INPUT_ATTACHMENT, "input-attachment", VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT},
    {VKS_DESC_ACCELERATION_STRUCTURE, "acceleration-structure", VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR},
};

const char *vks_descriptor_kind_name(vks_descriptor_kind kind)
{
    for (size_t i = 0; i < sizeof kind_table / sizeof *kind_table; i++)
        if (kind_table[i].kind == kind)
            return kind_table[i].name;
    return "unknown";
}

uint32_t vks_descriptor_vk_type(vks_descriptor_kind kind)
{
    for (size_t i = 0; i < sizeof kind_table / sizeof *kind_table; i++)
        if (kind_table[i].kind == kind)
            return kind_table[i].vk_type;
    return UINT32_MAX;
}

uint64_t vks_descriptor_access_bits(vks_descriptor_kind kind, unsigned use)
{
    if (use & VKS_SHADER_UNKNOWN_USE)
        return 0;
    bool reads = use & (VKS_SHADER_READ | VKS_SHADER_ATOMIC);
    bool writes = use & (VKS_SHADER_WRITE | VKS_SHADER_ATOMIC);
    /* Vulkan spec, "Synchronization and Cache Control" chapter, "Access
       Types": which access each descriptor type's shader accesses are. */
    switch (kind) {
    case VKS_DESC_STORAGE_BUFFER:
    case VKS_DESC_STORAGE_IMAGE:
    case VKS_DESC_STORAGE_TEXEL_BUFFER:
        return (reads ? VK_ACCESS_2_SHADER_STORAGE_READ_BIT : 0) |
               (writes ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : 0);
    case VKS_DESC_UNIFORM_BUFFER:
        return reads ? VK_ACCESS_2_UNIFORM_READ_BIT : 0;
    case VKS_DESC_SAMPLED_IMAGE:
    case VKS_DESC_COMBINED_IMAGE_SAMPLER:
    case VKS_DESC_UNIFORM_TEXEL_BUFFER:
        return reads ? VK_ACCESS_2_SHADER_SAMPLED_READ_BIT : 0;
    case VKS_DESC_INPUT_ATTACHMENT:
        return reads ? VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT : 0;
    case VKS_DESC_ACCELERATION_STRUCTURE:
        return reads ? VK_ACCESS_2_ACCELERATION_STRUCTURE_READ_BIT_KHR : 0;
    default:
        return 0;
    }
}

const vks_entry_point *vks_shader_entry_point(const vks_shader_summary *s, const char *name)
{
    for (size_t i = 0; i < s->entry_point_count; i++)
        if (strcmp(s->entry_points[i].name, name) == 0)
            return &s->entry_points[i];
    return NULL;
}

void vks_shader_summary_print(const vks_shader_summary *s, FILE *out)
{
    fprintf(out, "module %s valid=%s memory-model=%s debug-lines=%s\n", s->path,
            s->valid ? "yes" : "no", s->vulkan_memory_model ? "vulkan" : "other",
            s->has_debug_lines ? "yes" : "no");
    for (size_t i = 0; i < s->entry_point_count; i++) {
        const vks_entry_point *ep = &s->entry_points[i];
        fprintf(out, "entry %s %s stage=%s", ep->name, model_name(ep->execution_model),
                ep->pipeline_stage ? vks_stage_name(ep->pipeline_stage) : "none");
        if (ep->local_size[0])
            fprintf(out, " local_size=%u,%u,%u", ep->local_size[0], ep->local_size[1],
                    ep->local_size[2]);
        fputc('\n', out);
        for (size_t k = 0; k < ep->descriptor_count; k++) {
            const vks_shader_descriptor *d = &ep->descriptors[k];
            fprintf(out, "  set=%u binding=%u %s", d->set, d->binding,
                    vks_descriptor_kind_name(d->kind));
            if (d->array_size != 1)
                fprintf(out, "[%u]", d->array_size);
            fprintf(out, " '%s' ", d->name);
            const char *sep = "";
            static const struct { unsigned bit; const char *name; } uses[] = {
                {VKS_SHADER_READ, "read"}, {VKS_SHADER_WRITE, "write"},
                {VKS_SHADER_ATOMIC, "atomic"}, {VKS_SHADER_UNKNOWN_USE, "unknown"}};
            for (size_t u = 0; u < 4; u++)
                if (d->use & uses[u].bit) {
                    fprintf(out, "%s%s", sep, uses[u].name);
                    sep = ",";
                }
            fprintf(out, "%s\n", d->use ? "" : "unused");
        }
    }
}
