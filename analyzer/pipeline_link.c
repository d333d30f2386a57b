/*
 * pipeline_link.c - what a dispatch accesses, from the shader it runs.
 *
 * A vkCmdDispatch's memory accesses are those of the compute shader bound
 * with vkCmdBindPipeline, applied to the buffers bound to its descriptors
 * with vkCmdBindDescriptorSets and vkUpdateDescriptorSets.  This file
 * follows that chain through the values the evaluator computes:
 *
 *   vkCreateShaderModule   pCode -> a .spv given on the command line, either
 *                          by the basename of the known string (strings.c)
 *                          passed to the (unseen) call that produced pCode
 *                          (`load_spirv("simulate.spv", &size)`), or to the
 *                          one that opened the stream it was read from
 *                          (`fopen(path, "rb")` then `fread(code, ...)`),
 *                          or by the content hash of an embedded array;
 *   vkCreateComputePipelines / vkCreateGraphicsPipelines: each stage's
 *                          module -> that shader's single entry point of the
 *                          stage (pName is not evaluated: a module with
 *                          several entry points for one stage is not
 *                          linked); a pipeline links only if all stages do;
 *   vkUpdateDescriptorSets (dstSet, dstBinding, dstArrayElement) -> the
 *                          VkDescriptorBufferInfo's {buffer, offset, range},
 *                          or the VkDescriptorImageInfo's view (its image
 *                          and subresources, vkCreateImageView) and layout;
 *   vkCmdBindPipeline / vkCmdBindDescriptorSets: per command buffer.
 *
 * At a dispatch (draw), each descriptor an entry point of the bound compute
 * (graphics) pipeline uses becomes one access per access bit, in that entry
 * point's stage (COMPUTE_SHADER, VERTEX_SHADER, FRAGMENT_SHADER, ...;
 * SHADER_STORAGE_READ/WRITE, UNIFORM_READ, ...) on the bound buffer's range.  Any missing link - no shader matched,
 * no pipeline bound, a set never written, an image descriptor, a use the
 * SPIR-V pass could not classify - leaves an unknown access instead: no
 * finding is ever made from a guess.
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"
#include "vksync/spirv.h"

typedef struct link_module {
    const char *ident;                  /* the VkShaderModule handle */
    const vks_shader_summary *shader;
    struct link_module *next;
} link_module;

#define MAX_STAGES 8

typedef struct link_pipeline {
    const char *ident;                  /* the VkPipeline handle */
    bool graphics;                      /* else compute */
    const vks_entry_point *entries[MAX_STAGES]; /* one per shader stage */
    size_t entry_count;
    struct link_pipeline *next;
} link_pipeline;

typedef struct link_descriptor {
    const char *set_ident;
    uint32_t binding, element;
    uint32_t type;                      /* VkDescriptorType */
    fe_val *buffer, *offset, *range;    /* buffers: copies at update time */
    fe_val *view;                       /* images: the VkImageView */
    uint32_t layout;                    /* images: imageLayout, or unknown */
    struct link_descriptor *next;
} link_descriptor;

/* A member of a descriptor info, kept beyond the path (unknown when the
   info has none). */
static fe_val *kept_member(fe_ctx *cx, const fe_val *info, const char *name)
{
    const fe_val *member = fe_peek(cx, info, name);
    return fe_keep(cx, member ? member : fe_unknown(cx), 0);
}

/* A call the evaluator could not see into whose arguments name a .spv. */
typedef struct link_loader {
    const char *result_ident;
    const char *basename;
    struct link_loader *next;
} link_loader;

#define MAX_SETS 32

/* The dynamic offset a bound set's dynamic descriptor was bound with. */
typedef struct {
    uint32_t binding, element;
    uint64_t offset;
} dynamic_offset;

/* How a bound set's dynamic descriptors are offset. */
typedef enum {
    DYN_NONE,                           /* bound with no dynamic offsets */
    DYN_KNOWN,                          /* dyn[] says each one's */
    DYN_UNKNOWN                         /* given, but not known which is whose */
} dynamic_mode;

/* What one bind point of one command buffer has bound. */
typedef struct {
    const char *pipeline;               /* pipeline ident, or NULL */
    const char *sets[MAX_SETS];         /* bound set idents, NULL unknown */
    dynamic_mode dyn_mode[MAX_SETS];
    const dynamic_offset *dyn[MAX_SETS];
    uint32_t dyn_count[MAX_SETS];
} bind_point;

typedef struct link_binding {
    uint32_t cmdbuf;
    bind_point compute, graphics;
    struct link_binding *next;
} link_binding;

/* A module the program embeds as an array of words, analysed once. */
typedef struct link_embedded {
    uint64_t hash;
    const vks_shader_summary *shader; /* NULL: not a module the pass reads */
    struct link_embedded *next;
} link_embedded;

struct fe_link {
    const vks_shader_summary *const *shaders;
    size_t shader_count;
    bool embedded_modules;              /* fe_link_note_embedded_module */
    link_embedded *embedded;
    link_module *modules;
    link_pipeline *pipelines;
    link_descriptor *descriptors;
    link_loader *loaders;
    link_binding *bindings;
    unsigned fresh;
};

fe_link *fe_link_new(vks_arena *arena, const vks_shader_summary *const *shaders,
                     size_t count)
{
    fe_link *link = vks_arena_alloc(arena, sizeof *link);
    link->shaders = shaders;
    link->shader_count = count;
    return link;
}

void fe_link_note_embedded_module(fe_link *link)
{
    if (link)
        link->embedded_modules = true;
}

static const char *basename_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* The output handle of a vkCreate* call: a fresh identity, as if the call
   had written it (the evaluator does the same for calls it cannot see). */
static const char *fresh_handle(fe_ctx *cx, fe_val *out)
{
    if (!out)
        return NULL;
    const char *old = out->ident ? out->ident : "handle";
    const char *spelling = out->spelling;
    vks_loc loc = out->loc;
    memset(out, 0, sizeof *out);
    out->kind = VAL_SYM;
    out->ident = vks_arena_printf(cx->arena, "%s#%u", old, ++cx->path.havoc_generation);
    out->spelling = spelling;
    out->loc = loc;
    return out->ident;
}

static void add_loader(fe_ctx *cx, const char *ident, const char *basename)
{
    if (fe_sandboxed_inert_effect(cx))
        return;
    link_loader *l = vks_arena_alloc(cx->arena, sizeof *l);
    l->result_ident = fe_persist(cx, ident);
    l->basename = basename;
    l->next = cx->link->loaders;
    cx->link->loaders = l;
}

static bool derived_from(const char *ident, const char *result);

/* The loader whose result `v` is (or was assigned from), or NULL. */
static const link_loader *loader_of(const fe_link *link, const fe_val *v)
{
    const char *ident = v && v->kind == VAL_PTR && v->target && v->index == 0
                            ? v->target->ident
                            : fe_ident(v);
    for (const link_loader *l = ident ? link->loaders : NULL; l; l = l->next)
        if (derived_from(ident, l->result_ident))
            return l;
    return NULL;
}

/*
 * Two ways a call the evaluator cannot see into reads a shader file:
 *   - it is handed the file's name (a known string ending in .spv or
 *     .spvasm: `load_spirv("simulate.spv", &size)`, `fopen(path, "rb")`
 *     after `snprintf(path, ..., "%s/%s.spv", dir, name)`): its result is
 *     the file's contents, or a stream over them;
 *   - it is handed such a stream (`fread(code, 1, n, f)`): what its other
 *     non-const pointer arguments point at now holds the file's words.
 */
void fe_link_unknown_call(fe_ctx *cx, const fe_call *call, const fe_val *result)
{
    fe_val **args = call->args;
    unsigned argc = call->argc;
    if (!cx->link)
        return;
    const char *ident = fe_ident(result);
    const link_loader *stream = NULL;
    for (unsigned i = 0; i < argc; i++) {
        const char *path = fe_known_string(cx, args[i]);
        if (ident && path && (has_suffix(path, ".spv") || has_suffix(path, ".spvasm")))
            add_loader(cx, ident, basename_of(path));
        if (!stream)
            stream = loader_of(cx->link, args[i]);
    }
    if (!stream)
        return;
    for (unsigned i = 0; i < argc; i++) {
        if (loader_of(cx->link, args[i]) == stream || !call->arg_facts[i].mutable_pointer)
            continue;
        const char *written = args[i]->kind == VAL_PTR && args[i]->target && args[i]->index == 0
                                  ? args[i]->target->ident
                                  : fe_ident(args[i]);
        if (written)
            add_loader(cx, written, stream->basename);
    }
}

/* `ident` is the loader's result itself, or a variable initialised or
   assigned from it ("var:<result>=<key>" / "var:<result>", eval.c). */
static bool derived_from(const char *ident, const char *result)
{
    if (strcmp(ident, result) == 0)
        return true;
    const char *at = strstr(ident, result);
    return at && (at[strlen(result)] == '=' || at[strlen(result)] == '\0');
}

/*
 * A module embedded in the program (glslangValidator's `--vn` output: `static
 * const uint32_t fill_spv[] = {0x07230203, ...}`, handed to
 * vkCreateShaderModule as pCode) and given to no one on the command line as
 * a .spv: the SPIR-V pass reads it from its words, once per content.  Only
 * its summary is used (what its entry points access through which
 * bindings); the module's own checks run on .spv files given, where their
 * findings have a file to point at.  Words the pass cannot read leave the
 * module unlinked, as before: its dispatches are unknown accesses.
 */
static const vks_shader_summary *embedded_shader(fe_ctx *cx, const uint32_t *words,
                                                 size_t count, uint64_t hash,
                                                 const fe_val *info)
{
    fe_link *link = cx->link;
    for (const link_embedded *e = link->embedded; e; e = e->next)
        if (e->hash == hash)
            return e->shader;
    vks_findings own = {.arena = cx->arena};
    vks_shader_summary *summary = NULL;
    const char *error = NULL;
    const char *name = info->loc.file ? info->loc.file : "embedded module";
    if (vks_analyze_spirv_memory(name, words, count * sizeof *words, false, NULL, cx->arena,
                                 &summary, &own, &error) != 0)
        summary = NULL;
    link_embedded *e = vks_arena_alloc(cx->arena, sizeof *e);
    *e = (link_embedded){hash, summary, link->embedded};
    link->embedded = e;
    return summary;
}

static const vks_shader_summary *shader_by_code(fe_ctx *cx, const fe_val *info)
{
    fe_link *link = cx->link;
    fe_val *code = (fe_val *)fe_peek(cx, info, "pCode");
    const link_loader *l = loader_of(link, code);
    if (l) {
        const vks_shader_summary *found = NULL;
        for (size_t i = 0; i < link->shader_count; i++)
            if (strcmp(basename_of(link->shaders[i]->path), l->basename) == 0) {
                if (found)
                    return NULL; /* two inputs with that name: ambiguous */
                found = link->shaders[i];
            }
        return found;
    }
    if (fe_ident(code))
        return NULL;
    /* An embedded array: hash its words the way the SPIR-V pass does. */
    uint64_t size;
    if (!code || code->kind != VAL_PTR || !fe_known_int(fe_peek(cx, info, "codeSize"), &size) ||
        size == 0 || size % 4 || size / 4 > (1u << 20))
        return NULL;
    uint64_t *values = vks_arena_alloc(cx->arena, sizeof *values * (size / 4));
    if (!fe_known_elements(cx, code, size / 4, values))
        return NULL;
    uint32_t *words = vks_arena_alloc(cx->arena, sizeof *words * (size / 4));
    for (uint64_t i = 0; i < size / 4; i++)
        words[i] = (uint32_t)values[i];
    uint64_t hash = vks_spirv_words_hash(words, (size_t)(size / 4));
    for (size_t i = 0; i < link->shader_count; i++)
        if (link->shaders[i]->content_hash == hash)
            return link->shaders[i];
    return embedded_shader(cx, words, (size_t)(size / 4), hash, info);
}

/* vkCreateShaderModule(device, pCreateInfo, pAllocator, pShaderModule) */
static void create_shader_module(fe_ctx *cx, fe_val **args)
{
    fe_val *info = fe_deref(cx, args[1], 0);
    const vks_shader_summary *shader = info ? shader_by_code(cx, info) : NULL;
    const char *ident = fresh_handle(cx, fe_deref(cx, args[3], 0));
    if (!shader || !ident)
        return;
    link_module *m = vks_arena_alloc(cx->arena, sizeof *m);
    *m = (link_module){ident, shader, cx->link->modules};
    cx->link->modules = m;
}

/* The module's one entry point for `stage` (VkShaderStageFlagBits); NULL
   when it has none or several (pName is not evaluated). */
static const vks_entry_point *single_entry(const vks_shader_summary *s, uint64_t stage)
{
    const vks_entry_point *found = NULL;
    for (size_t i = 0; i < s->entry_point_count; i++)
        if (s->entry_points[i].vk_stage == stage) {
            if (found)
                return NULL;
            found = &s->entry_points[i];
        }
    return found;
}

static const vks_shader_summary *module_shader(const fe_link *link, const char *module)
{
    for (const link_module *m = module ? link->modules : NULL; m; m = m->next)
        if (strcmp(m->ident, module) == 0)
            return m->shader;
    return NULL;
}

/* One VkPipelineShaderStageCreateInfo's entry point, or NULL.  `fixed_stage`:
   the stage a compute pipeline's one stage must be (0: read it). */
static const vks_entry_point *stage_entry(fe_ctx *cx, const fe_val *stage,
                                          uint64_t fixed_stage)
{
    const vks_shader_summary *shader =
        stage ? module_shader(cx->link, fe_ident(fe_peek(cx, stage, "module"))) : NULL;
    uint64_t flag = fixed_stage;
    if (!shader || (!fixed_stage && !fe_known_int(fe_peek(cx, stage, "stage"), &flag)))
        return NULL;
    return single_entry(shader, flag);
}

static void add_pipeline(fe_ctx *cx, const link_pipeline *p)
{
    link_pipeline *copy = vks_arena_alloc(cx->arena, sizeof *copy);
    *copy = *p;
    copy->next = cx->link->pipelines;
    cx->link->pipelines = copy;
}

/* vkCreateComputePipelines / vkCreateGraphicsPipelines(device, cache, count,
   pCreateInfos, pAllocator, pPipelines).  A pipeline is linked only when
   every one of its stages is. */
static void create_pipelines(fe_ctx *cx, fe_val **args, bool graphics)
{
    uint64_t count;
    bool known = fe_known_int(args[2], &count) && count <= 64;
    for (uint64_t i = 0; known && i < count; i++) {
        link_pipeline p = {.ident = fresh_handle(cx, fe_deref(cx, args[5], (int64_t)i)),
                           .graphics = graphics};
        fe_val *info = fe_deref(cx, args[3], (int64_t)i);
        if (!p.ident || !info)
            continue;
        bool linked = true;
        if (!graphics) {
            p.entries[0] = stage_entry(cx, fe_peek(cx, info, "stage"), VK_SHADER_STAGE_COMPUTE_BIT);
            p.entry_count = 1;
            linked = p.entries[0] != NULL;
        } else {
            uint64_t stages;
            fe_val *array = fe_child(cx, info, "pStages");
            linked = fe_known_int(fe_peek(cx, info, "stageCount"), &stages) &&
                     stages > 0 && stages <= MAX_STAGES;
            for (uint64_t k = 0; linked && k < stages; k++) {
                p.entries[k] = stage_entry(cx, fe_deref(cx, array, (int64_t)k), 0);
                linked = p.entries[k] != NULL;
            }
            p.entry_count = linked ? stages : 0;
        }
        if (linked)
            add_pipeline(cx, &p);
    }
}

static void forget_set(fe_link *link, const char *set)
{
    for (link_descriptor *d = link->descriptors; d; d = d->next)
        if (!set || (d->set_ident && strcmp(d->set_ident, set) == 0))
            d->set_ident = NULL; /* contents unknown from here on */
}

/* vkUpdateDescriptorSets(device, writeCount, pWrites, copyCount, pCopies) */
static void update_descriptor_sets(fe_ctx *cx, fe_val **args)
{
    fe_link *link = cx->link;
    uint64_t writes, copies;
    if (!fe_known_int(args[1], &writes) || writes > 256) {
        forget_set(link, NULL);
        return;
    }
    for (uint64_t i = 0; i < writes; i++) {
        fe_val *w = fe_deref(cx, args[2], (int64_t)i);
        const char *set = w ? fe_ident(fe_peek(cx, w, "dstSet")) : NULL;
        uint64_t binding, element = 0, count, type;
        if (!w || !set) {
            forget_set(link, NULL);
            continue;
        }
        if (!fe_known_int(fe_peek(cx, w, "dstBinding"), &binding) ||
            !fe_known_int(fe_peek(cx, w, "descriptorCount"), &count) ||
            !fe_known_int(fe_peek(cx, w, "descriptorType"), &type) || count > 64) {
            forget_set(link, set);
            continue;
        }
        fe_known_int(fe_peek(cx, w, "dstArrayElement"), &element);
        fe_val *infos = fe_child(cx, w, "pBufferInfo");
        fe_val *image_infos = fe_child(cx, w, "pImageInfo");
        for (uint64_t k = 0; k < count; k++) {
            /* A rewrite replaces what was there, in place: the list lives
               as long as the analysis, and every path of every root writes
               its sets again (vkcube: a new entry per write, each write
               comparing with all of them, was 1.5% of the run). */
            link_descriptor *d = link->descriptors;
            for (; d; d = d->next)
                if (d->set_ident && d->binding == binding && d->element == element + k &&
                    strcmp(d->set_ident, set) == 0)
                    break;
            if (!d) {
                d = vks_arena_alloc(cx->arena, sizeof *d);
                d->set_ident = fe_persist(cx, set);
                d->next = link->descriptors;
                link->descriptors = d;
            }
            d->binding = (uint32_t)binding;
            d->element = (uint32_t)(element + k);
            d->type = (uint32_t)type;
            bool buffer_type = type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER ||
                               type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER ||
                               type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC ||
                               type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
            bool image_type = type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE ||
                              type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE ||
                              type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
                              type == VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT;
            fe_val *image_info = image_type ? fe_deref(cx, image_infos, (int64_t)k) : NULL;
            d->layout = VKS_LAYOUT_UNKNOWN;
            d->view = NULL;
            if (image_info) {
                const fe_val *view = fe_peek(cx, image_info, "imageView");
                /* Descriptors outlive the path that wrote them. */
                d->view = fe_keep(cx, view, 0);
                uint64_t layout;
                if (fe_known_int(fe_peek(cx, image_info, "imageLayout"), &layout))
                    d->layout = (uint32_t)layout;
            }
            fe_val *info = buffer_type ? fe_deref(cx, infos, (int64_t)k) : NULL;
            if (info) {
                d->buffer = kept_member(cx, info, "buffer");
                d->offset = kept_member(cx, info, "offset");
                d->range = kept_member(cx, info, "range");
            } else {
                d->buffer = d->offset = d->range = NULL;
            }
        }
    }
    /* vkUpdateDescriptorSets copies: a copied-into set is no longer known. */
    if (!fe_known_int(args[3], &copies) || copies > 256) {
        forget_set(link, NULL);
        return;
    }
    for (uint64_t i = 0; i < copies; i++) {
        fe_val *c = fe_deref(cx, args[4], (int64_t)i);
        forget_set(link, c ? fe_ident(fe_peek(cx, c, "dstSet")) : NULL);
    }
}

static link_binding *binding_of(fe_ctx *cx, uint32_t cmdbuf)
{
    for (link_binding *b = cx->link->bindings; b; b = b->next)
        if (b->cmdbuf == cmdbuf)
            return b;
    link_binding *b = vks_arena_alloc(cx->arena, sizeof *b);
    b->cmdbuf = cmdbuf;
    b->next = cx->link->bindings;
    cx->link->bindings = b;
    return b;
}

/* The calls below write their output handles only when the link is made:
   without shaders to link (cx->link NULL) they are calls the evaluator
   cannot see into, whose outputs are forgotten. */
bool fe_model_create_shader_module(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    if (!cx->link)
        return false;
    create_shader_module(cx, call->args);
    return true;
}

/* vkCreateComputePipelines (param 0) / vkCreateGraphicsPipelines (1). */
bool fe_model_create_pipelines(fe_ctx *cx, const fe_call *call, int param)
{
    if (!cx->link)
        return false;
    create_pipelines(cx, call->args, param == 1);
    return true;
}

/* (device, pAllocateInfo, pDescriptorSets): each set a new handle, empty
   until vkUpdateDescriptorSets writes it. */
bool fe_model_allocate_descriptor_sets(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    if (!cx->link)
        return false;
    fe_val *info = fe_deref(cx, call->args[1], 0);
    uint64_t count;
    if (!info || !fe_known_int(fe_peek(cx, info, "descriptorSetCount"), &count) ||
        count > 64)
        return false; /* handled as any call: the outputs are forgotten */
    for (uint64_t i = 0; i < count; i++)
        fresh_handle(cx, fe_deref(cx, call->args[2], (int64_t)i));
    return true;
}

/*
 * Whether what a descriptor set holds can matter: only a shader given on the
 * command line accesses the resources written into one (this file links
 * them).  With none, vkAllocateDescriptorSets and vkUpdateDescriptorSets are
 * any call - no effect that would keep a joined region's ways apart: Wine's
 * vkd3d updates the sets of each dirty root parameter, `for (i = 0; i < 64;
 * ++i) if (dirty & (1ull << i)) vkUpdateDescriptorSets (...)`, and each
 * iteration doubled the paths (found by a helper session: more than 768
 * paths in the reduced program, 12 GB in vkd3d's command.c).
 */
bool fe_descriptor_sets_matter(const fe_ctx *cx)
{
    return cx->link && (cx->link->shader_count > 0 || cx->link->embedded_modules);
}

bool fe_model_update_descriptor_sets(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    if (!cx->link)
        return false;
    update_descriptor_sets(cx, call->args);
    return true;
}

static bool is_dynamic_type(uint32_t type)
{
    return type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC ||
           type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
}

#define MAX_DYNAMIC 64

/* The dynamic descriptors written into `set`, in binding and then element
   order, at most MAX_DYNAMIC; how many (MAX_DYNAMIC + 1 for more). */
static uint32_t written_dynamic(const fe_link *link, const char *set, dynamic_offset *out)
{
    uint32_t n = 0;
    for (const link_descriptor *d = link->descriptors; d; d = d->next) {
        if (!d->set_ident || strcmp(d->set_ident, set) != 0 || !is_dynamic_type(d->type))
            continue;
        if (n == MAX_DYNAMIC)
            return MAX_DYNAMIC + 1;
        uint32_t at = n++;
        while (at > 0 && (out[at - 1].binding > d->binding ||
                          (out[at - 1].binding == d->binding && out[at - 1].element > d->element))) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = (dynamic_offset){d->binding, d->element, 0};
    }
    return n;
}

/*
 * vkCmdBindDescriptorSets' pDynamicOffsets: "Values are taken from
 * pDynamicOffsets in an order such that all entries for set N come before
 * set N+1; within a set, entries are ordered by the binding numbers in the
 * descriptor set layouts; and within a binding array, elements are in
 * order" (Descriptor Sets, Descriptor Set Binding).  The set layouts are not
 * modelled; the sets' written dynamic descriptors stand for them when, all
 * together, they are as many as the offsets given: dynamicOffsetCount "must
 * be equal to the total number of dynamic descriptors in pDescriptorSets"
 * (vkCmdBindDescriptorSets' valid usage), a write's descriptorType is its
 * binding's in the layout, and a dynamic binding cannot be updated after it
 * is bound (update-after-bind excludes the dynamic buffer types), so the
 * written ones are all there are.  Anything else - an offset or a count not
 * known, fewer written than given - leaves the sets' dynamic descriptors at
 * unknown ranges, as before.
 */
static void bind_dynamic_offsets(fe_ctx *cx, bind_point *b, uint32_t first, uint32_t count,
                                 fe_val *count_arg, fe_val *offsets_arg)
{
    uint64_t given;
    bool known = fe_known_int(count_arg, &given);
    for (uint32_t i = 0; i < count; i++) {
        b->dyn_mode[first + i] = known && given == 0 ? DYN_NONE : DYN_UNKNOWN;
        b->dyn[first + i] = NULL;
        b->dyn_count[first + i] = 0;
    }
    if (!known || given == 0 || given > MAX_DYNAMIC)
        return;
    dynamic_offset *lists[MAX_SETS];
    uint32_t taken = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (!b->sets[first + i])
            return;
        dynamic_offset found[MAX_DYNAMIC];
        uint32_t n = written_dynamic(cx->link, b->sets[first + i], found);
        if (n > given - taken)
            return;
        lists[i] = vks_arena_alloc(cx->arena, (n ? n : 1) * sizeof *lists[i]);
        for (uint32_t k = 0; k < n; k++) {
            lists[i][k] = found[k];
            if (!fe_known_int(fe_deref(cx, offsets_arg, (int64_t)(taken + k)),
                              &lists[i][k].offset))
                return;
        }
        b->dyn_count[first + i] = n;
        taken += n;
    }
    if (taken != given)
        return;
    for (uint32_t i = 0; i < count; i++) {
        b->dyn_mode[first + i] = DYN_KNOWN;
        b->dyn[first + i] = lists[i];
    }
}

typedef enum { BIND_PIPELINE, BIND_SETS, PUSH_SET } bind_kind;

/* The state vkCmdBindPipeline / vkCmdBindDescriptorSets /
   vkCmdPushDescriptorSet* set on recording `cmdbuf`. */
static void bind_state(fe_ctx *cx, bind_kind kind, uint32_t cmdbuf, fe_val **args)
{
    bool pipeline = kind == BIND_PIPELINE, push = kind == PUSH_SET;
    link_binding *lb = binding_of(cx, cmdbuf);
    uint64_t point;
    bool known_point = fe_known_int(args[1], &point);
    if (!known_point) {
        /* Either bind point may have changed: neither is known now. */
        memset(&lb->compute, 0, sizeof lb->compute);
        memset(&lb->graphics, 0, sizeof lb->graphics);
        return;
    }
    bind_point *b = point == VK_PIPELINE_BIND_POINT_COMPUTE ? &lb->compute
                  : point == VK_PIPELINE_BIND_POINT_GRAPHICS ? &lb->graphics
                                                             : NULL;
    if (!b)
        return; /* ray tracing and others: not linked */
    if (pipeline) {
        b->pipeline = fe_ident(args[2]);
        return;
    }
    uint64_t first, count;
    if (push) {
        /* Pushed descriptors replace the set's contents: not followed. */
        if (fe_known_int(args[3], &first) && first < MAX_SETS)
            b->sets[first] = NULL;
        else
            memset(b->sets, 0, sizeof b->sets);
        return;
    }
    if (!fe_known_int(args[3], &first) || !fe_known_int(args[4], &count) ||
        first + count > MAX_SETS) {
        memset(b->sets, 0, sizeof b->sets);
        return;
    }
    for (uint64_t i = 0; i < count; i++)
        b->sets[first + i] = fe_ident(fe_deref(cx, args[5], (int64_t)i));
    bind_dynamic_offsets(cx, b, (uint32_t)first, (uint32_t)count, args[6], args[7]);
}

/* vkCmdBindPipeline(cmd, bindPoint, pipeline) and the descriptor binds:
   no memory access; the pipeline and sets that later dispatches and draws
   use (fe_link_dispatch). */
static void bind_command(fe_ctx *cx, const fe_call *call, bind_kind kind,
                         unsigned min_args)
{
    if (cx->link && call->argc >= min_args && cx->path.current)
        bind_state(cx, kind, cx->path.current->cmdbuf, call->args);
}

void fe_model_bind_pipeline(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    (void)cmd;
    bind_command(cx, call, BIND_PIPELINE, 3);
}

void fe_model_bind_descriptor_sets(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    (void)cmd;
    bind_command(cx, call, BIND_SETS, 8);
}

void fe_model_push_descriptor_set(fe_ctx *cx, vks_cmd *cmd, const fe_call *call)
{
    (void)cmd;
    bind_command(cx, call, PUSH_SET, 4);
}

/* What a template pushes is not followed: an unmodelled command. */
void fe_model_push_descriptor_set_with_template(fe_ctx *cx, vks_cmd *cmd,
                                                const fe_call *call)
{
    bind_command(cx, call, PUSH_SET, 4);
    vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
}

static const link_descriptor *written(const fe_link *link, const char *set, uint32_t binding,
                                      uint32_t element)
{
    for (const link_descriptor *d = link->descriptors; d; d = d->next)
        if (d->set_ident && strcmp(d->set_ident, set) == 0 && d->binding == binding &&
            d->element == element)
            return d;
    return NULL;
}

static bool type_matches(vks_descriptor_kind kind, uint32_t type)
{
    switch (kind) {
    case VKS_DESC_STORAGE_BUFFER:
        return type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER ||
               type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
    case VKS_DESC_UNIFORM_BUFFER:
        return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER ||
               type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
    case VKS_DESC_STORAGE_IMAGE:
        return type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    case VKS_DESC_SAMPLED_IMAGE:
        return type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
    case VKS_DESC_COMBINED_IMAGE_SAMPLER:
        return type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    case VKS_DESC_INPUT_ATTACHMENT:
        return type == VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT;
    default:
        return false; /* texel buffers, samplers alone, ...: not linked */
    }
}

static bool is_image_kind(vks_descriptor_kind kind)
{
    return kind == VKS_DESC_STORAGE_IMAGE || kind == VKS_DESC_SAMPLED_IMAGE ||
           kind == VKS_DESC_COMBINED_IMAGE_SAMPLER || kind == VKS_DESC_INPUT_ATTACHMENT;
}

/* The accesses of one descriptor the shader uses; false when any part of
   the link is missing. */
static bool add_descriptor_accesses(fe_ctx *cx, vks_cmd *cmd, const bind_point *b,
                                    const vks_entry_point *entry,
                                    const vks_shader_descriptor *sd)
{
    uint64_t bits = vks_descriptor_access_bits(sd->kind, sd->use);
    if (!bits || sd->set >= MAX_SETS || !b->sets[sd->set] || sd->array_size != 1)
        return false;
    const link_descriptor *d = written(cx->link, b->sets[sd->set], sd->binding, 0);
    if (!d || !type_matches(sd->kind, d->type))
        return false;
    if (is_image_kind(sd->kind)) {
        /* The view's image and subresources, in the layout the descriptor
           says the image is in. */
        uint32_t format;
        vks_region region = d->view ? fe_view_region(cx, d->view, &format)
                                    : (vks_region){.res = VKS_RES_UNKNOWN};
        if (region.res == VKS_RES_UNKNOWN)
            return false;
        for (uint64_t bit = 1; bit; bit <<= 1)
            if (bits & bit) {
                vks_access a = vks_known_access(region, entry->pipeline_stage, bit);
                a.layout = d->layout;
                vks_cmd_add_access(cx->program, cmd, a);
            }
        return true;
    }
    if (!d->buffer)
        return false;
    vks_res_id res = fe_resource(cx, d->buffer, VKS_RES_BUFFER, cmd->loc);
    if (res == VKS_RES_UNKNOWN)
        return false;
    uint64_t offset, range, dynamic = 0;
    bool placed = true;
    if (is_dynamic_type(d->type) && b->dyn_mode[sd->set] != DYN_NONE) {
        /* "the effective offset used for dynamic uniform and storage
           buffer bindings is the sum of the relative offset taken from
           pDynamicOffsets, and the base address of the buffer plus base
           offset in the descriptor set" (Descriptor Set Binding). */
        placed = false;
        for (uint32_t k = 0; b->dyn_mode[sd->set] == DYN_KNOWN && k < b->dyn_count[sd->set]; k++)
            if (b->dyn[sd->set][k].binding == d->binding && b->dyn[sd->set][k].element == 0) {
                dynamic = b->dyn[sd->set][k].offset;
                placed = true;
            }
    }
    vks_region region = {.res = res, .range_known = false};
    if (placed && fe_known_int(d->offset, &offset) && fe_known_int(d->range, &range))
        region = vks_buffer_region(res, offset + dynamic, range); /* VK_WHOLE_SIZE == VKS_WHOLE */
    /* One access per access bit (ir.h: exactly one stage and one access). */
    for (uint64_t bit = 1; bit; bit <<= 1)
        if (bits & bit)
            vks_cmd_add_access(cx->program, cmd,
                               vks_known_access(region, entry->pipeline_stage, bit));
    return true;
}

/* The accesses of the pipeline bound at `b` (of kind `graphics`), or one
   unknown access when any link is missing. */
static void add_shader_accesses(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf, bool graphics)
{
    const link_binding *lb = NULL;
    for (const link_binding *x = cx->link ? cx->link->bindings : NULL; x; x = x->next)
        if (x->cmdbuf == cmdbuf)
            lb = x;
    const bind_point *b = lb ? (graphics ? &lb->graphics : &lb->compute) : NULL;
    const link_pipeline *p = NULL;
    for (const link_pipeline *x = b && b->pipeline ? cx->link->pipelines : NULL; x && !p;
         x = x->next)
        if (x->graphics == graphics && strcmp(x->ident, b->pipeline) == 0)
            p = x;
    bool all_known = p != NULL;
    for (size_t e = 0; p && e < p->entry_count; e++)
        for (size_t i = 0; i < p->entries[e]->descriptor_count; i++) {
            const vks_shader_descriptor *sd = &p->entries[e]->descriptors[i];
            if (sd->use != 0 && !add_descriptor_accesses(cx, cmd, b, p->entries[e], sd))
                all_known = false;
        }
    if (!all_known)
        vks_cmd_add_access(cx->program, cmd, vks_unknown_access());
}

void fe_link_dispatch(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf)
{
    add_shader_accesses(cx, cmd, cmdbuf, false);
}

void fe_link_draw(fe_ctx *cx, vks_cmd *cmd, uint32_t cmdbuf)
{
    add_shader_accesses(cx, cmd, cmdbuf, true);
}
