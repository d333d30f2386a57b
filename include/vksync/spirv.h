/*
 * spirv.h - the SPIR-V pass: shader access summaries and the memory-model
 * lint (docs/design.md, "Data flow"; the Vulkan spec's "Memory Model"
 * appendix).
 *
 * Input: a .spv binary or a .spvasm text module.  Output: one summary per
 * module (per entry point: its stage and, per descriptor (set, binding), its
 * kind and whether the instructions reachable from that entry point read,
 * write or use atomics on it), plus `shader-*` findings.  SPIRV-Tools' and
 * SPIRV-Cross' types never leave spirv/; this header speaks only the
 * project's types and Vulkan's numbers.
 *
 * Where findings point: at the shader source line through OpLine (GLSL
 * compiled with `glslangValidator -g`; the file is the OpString, as the
 * compiler was given it; a column of 0 becomes the line's first non-blank
 * column in the source text OpSource embeds, else 1).  Without OpLine: file = the .spv/.spvasm path;
 * for .spvasm the line of the instruction in the assembly text, for .spv
 * line N = the N-th instruction of the module (1-based; the N-th line of
 * `spirv-dis --no-header` output when no string operand spans lines),
 * column 1.
 */
#ifndef VKSYNC_SPIRV_H
#define VKSYNC_SPIRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vksync/arena.h"
#include "vksync/finding.h"

/* The kinds of descriptor a shader variable can be bound to (each maps to
   one VkDescriptorType, see vks_descriptor_vk_type). */
typedef enum {
    VKS_DESC_UNKNOWN,
    VKS_DESC_STORAGE_BUFFER,
    VKS_DESC_UNIFORM_BUFFER,
    VKS_DESC_STORAGE_IMAGE,
    VKS_DESC_SAMPLED_IMAGE,
    VKS_DESC_COMBINED_IMAGE_SAMPLER,
    VKS_DESC_SAMPLER,
    VKS_DESC_UNIFORM_TEXEL_BUFFER,
    VKS_DESC_STORAGE_TEXEL_BUFFER,
    VKS_DESC_INPUT_ATTACHMENT,
    VKS_DESC_ACCELERATION_STRUCTURE,
} vks_descriptor_kind;

/* How an entry point uses a descriptor (bit flags). */
#define VKS_SHADER_READ 1u
#define VKS_SHADER_WRITE 2u
#define VKS_SHADER_ATOMIC 4u
/* Used through an instruction the pass does not model: the link must treat
   the descriptor's accesses as unknown (no finding from them). */
#define VKS_SHADER_UNKNOWN_USE 8u

typedef struct {
    uint32_t set, binding;
    vks_descriptor_kind kind;
    uint32_t array_size;   /* 1 for a single descriptor, 0 for a runtime array */
    const char *name;      /* the variable's (or its block type's) name, "" */
    unsigned use;          /* VKS_SHADER_* flags from the reachable code */
} vks_shader_descriptor;

typedef struct {
    const char *name;
    uint32_t execution_model;  /* SPIR-V ExecutionModel */
    uint32_t vk_stage;         /* VkShaderStageFlagBits, 0 if none (Kernel) */
    uint64_t pipeline_stage;   /* VkPipelineStageFlags2 single bit, 0 if none */
    uint32_t local_size[3];    /* compute-like stages, 0 when not literal */
    vks_shader_descriptor *descriptors; /* sorted by (set, binding) */
    size_t descriptor_count;
} vks_entry_point;

typedef struct {
    const char *path;
    uint64_t content_hash;     /* vks_spirv_words_hash of the binary */
    bool valid;                /* spvValidate (Vulkan 1.3 rules) passed */
    bool vulkan_memory_model;  /* OpMemoryModel ... Vulkan */
    bool has_debug_lines;      /* OpLine present: findings point at source */
    vks_entry_point *entry_points;
    size_t entry_point_count;
} vks_shader_summary;

typedef struct {
    /* --workgroups=N: dispatches run N workgroups; 0 means "any number >= 1".
       With N == 1 no other workgroup exists, so shader-scope-too-narrow's
       Workgroup-versus-Device cases cannot happen and are skipped. */
    unsigned workgroups;
} vks_spirv_options;

/*
 * Analyses one .spv or .spvasm file (by extension; a file whose first word
 * is not the SPIR-V magic and which does not assemble is rejected).
 * Returns 0 when the module was analysed (findings appended), 2 when it
 * could not be read or is not a SPIR-V module: then *error is a one-line
 * message naming the file, e.g. "x.spv: not a SPIR-V module (magic 0x...)".
 * Never crashes on malformed input.  options may be NULL.
 */
int vks_analyze_spirv_file(const char *path, const vks_spirv_options *options,
                           vks_arena *arena, vks_shader_summary **out,
                           vks_findings *findings, const char **error);

/* The same for a module already in memory: a binary (bytes, any alignment)
   or, when is_text, SPIR-V assembly.  `name` is used in locations and
   messages (the path of an embedded array's file, say). */
int vks_analyze_spirv_memory(const char *name, const void *data, size_t size,
                             bool is_text, const vks_spirv_options *options,
                             vks_arena *arena, vks_shader_summary **out,
                             vks_findings *findings, const char **error);

/* The hash of a module's words that identifies it: the SPIR-V pass stores
   it as content_hash, and the C front end computes it over the words of an
   array embedded in the C source to find which loaded module the array is.
   Both must call this one function, so that they agree. */
uint64_t vks_spirv_words_hash(const uint32_t *words, size_t count);

/* Stable text form, one line per entry point and per descriptor:
     entry main GLCompute stage=COMPUTE local_size=64,1,1
       set=0 binding=1 storage-buffer "Data" read,write,atomic
   (for the unit and fuzz tests). */
void vks_shader_summary_print(const vks_shader_summary *summary, FILE *out);

const char *vks_descriptor_kind_name(vks_descriptor_kind kind);
/* VkDescriptorType value, or UINT32_MAX for VKS_DESC_UNKNOWN. */
uint32_t vks_descriptor_vk_type(vks_descriptor_kind kind);
/* The VkAccessFlags2 bits a shader stage performs on a descriptor used as
   `use` (e.g. storage buffer read -> SHADER_STORAGE_READ, uniform buffer ->
   UNIFORM_READ, sampled image -> SHADER_SAMPLED_READ).  0 when the use is
   unknown or none. */
uint64_t vks_descriptor_access_bits(vks_descriptor_kind kind, unsigned use);

/* The entry point named `name`, or NULL. */
const vks_entry_point *vks_shader_entry_point(const vks_shader_summary *s,
                                              const char *name);

#endif
