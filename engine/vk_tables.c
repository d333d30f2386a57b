/*
 * vk_tables.c - Vulkan's stage and access facts as tables (docs/design.md,
 * "Tables").
 *
 * Every row cites the part of the Vulkan spec's "Synchronization and Cache
 * Control" chapter it encodes.  Values
 * are Vulkan's own VkPipelineStageFlagBits2 / VkAccessFlagBits2.
 */
#include "vksync/vk_tables.h"

#include <stdio.h>
#include <string.h>
#include <threads.h>
#include <vulkan/vulkan_core.h>

/* ---- names (for messages) ---- */

typedef struct {
    uint64_t bit;
    const char *name;
} flag_name;

#define S(x) {VK_PIPELINE_STAGE_2_##x##_BIT, #x}
static const flag_name stage_names[] = {
    S(TOP_OF_PIPE), S(DRAW_INDIRECT), S(VERTEX_INPUT), S(VERTEX_SHADER),
    S(TESSELLATION_CONTROL_SHADER), S(TESSELLATION_EVALUATION_SHADER),
    S(GEOMETRY_SHADER), S(FRAGMENT_SHADER), S(EARLY_FRAGMENT_TESTS),
    S(LATE_FRAGMENT_TESTS), S(COLOR_ATTACHMENT_OUTPUT), S(COMPUTE_SHADER),
    S(ALL_TRANSFER), S(BOTTOM_OF_PIPE), S(HOST), S(ALL_GRAPHICS),
    S(ALL_COMMANDS), S(COPY), S(RESOLVE), S(BLIT), S(CLEAR), S(INDEX_INPUT),
    S(VERTEX_ATTRIBUTE_INPUT), S(PRE_RASTERIZATION_SHADERS),
    {VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT, "TRANSFORM_FEEDBACK"},
    {VK_PIPELINE_STAGE_2_CONDITIONAL_RENDERING_BIT_EXT, "CONDITIONAL_RENDERING"},
    {VK_PIPELINE_STAGE_2_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR, "FRAGMENT_SHADING_RATE_ATTACHMENT"},
    {VK_PIPELINE_STAGE_2_FRAGMENT_DENSITY_PROCESS_BIT_EXT, "FRAGMENT_DENSITY_PROCESS"},
    {VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT, "TASK_SHADER"},
    {VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT, "MESH_SHADER"},
    {VK_PIPELINE_STAGE_2_ACCELERATION_STRUCTURE_BUILD_BIT_KHR, "ACCELERATION_STRUCTURE_BUILD"},
    {VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, "RAY_TRACING_SHADER"},
    {VK_PIPELINE_STAGE_2_ACCELERATION_STRUCTURE_COPY_BIT_KHR, "ACCELERATION_STRUCTURE_COPY"},
    {VK_PIPELINE_STAGE_2_VIDEO_DECODE_BIT_KHR, "VIDEO_DECODE"},
};
#undef S

#define A(x) {VK_ACCESS_2_##x##_BIT, #x}
static const flag_name access_names[] = {
    A(INDIRECT_COMMAND_READ), A(INDEX_READ), A(VERTEX_ATTRIBUTE_READ),
    A(UNIFORM_READ), A(INPUT_ATTACHMENT_READ), A(SHADER_READ), A(SHADER_WRITE),
    A(COLOR_ATTACHMENT_READ), A(COLOR_ATTACHMENT_WRITE),
    A(DEPTH_STENCIL_ATTACHMENT_READ), A(DEPTH_STENCIL_ATTACHMENT_WRITE),
    A(TRANSFER_READ), A(TRANSFER_WRITE), A(HOST_READ), A(HOST_WRITE),
    A(MEMORY_READ), A(MEMORY_WRITE), A(SHADER_SAMPLED_READ),
    A(SHADER_STORAGE_READ), A(SHADER_STORAGE_WRITE),
    {VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT, "TRANSFORM_FEEDBACK_WRITE"},
    {VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT, "TRANSFORM_FEEDBACK_COUNTER_READ"},
    {VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT, "TRANSFORM_FEEDBACK_COUNTER_WRITE"},
    {VK_ACCESS_2_CONDITIONAL_RENDERING_READ_BIT_EXT, "CONDITIONAL_RENDERING_READ"},
    {VK_ACCESS_2_FRAGMENT_SHADING_RATE_ATTACHMENT_READ_BIT_KHR, "FRAGMENT_SHADING_RATE_ATTACHMENT_READ"},
    {VK_ACCESS_2_FRAGMENT_DENSITY_MAP_READ_BIT_EXT, "FRAGMENT_DENSITY_MAP_READ"},
    {VK_ACCESS_2_ACCELERATION_STRUCTURE_READ_BIT_KHR, "ACCELERATION_STRUCTURE_READ"},
    {VK_ACCESS_2_ACCELERATION_STRUCTURE_WRITE_BIT_KHR, "ACCELERATION_STRUCTURE_WRITE"},
    {VK_ACCESS_2_SHADER_BINDING_TABLE_READ_BIT_KHR, "SHADER_BINDING_TABLE_READ"},
    {VK_ACCESS_2_COLOR_ATTACHMENT_READ_NONCOHERENT_BIT_EXT, "COLOR_ATTACHMENT_READ_NONCOHERENT"},
    {VK_ACCESS_2_DESCRIPTOR_BUFFER_READ_BIT_EXT, "DESCRIPTOR_BUFFER_READ"},
    {VK_ACCESS_2_VIDEO_DECODE_READ_BIT_KHR, "VIDEO_DECODE_READ"},
    {VK_ACCESS_2_VIDEO_DECODE_WRITE_BIT_KHR, "VIDEO_DECODE_WRITE"},
};
#undef A

static const char *find_name(const flag_name *table, size_t n, uint64_t bit)
{
    for (size_t i = 0; i < n; i++)
        if (table[i].bit == bit)
            return table[i].name;
    return "UNKNOWN";
}

const char *vks_stage_name(uint64_t bit)
{
    if (bit == 0)
        return "NONE";
    return find_name(stage_names, sizeof stage_names / sizeof *stage_names, bit);
}

const char *vks_access_name(uint64_t bit)
{
    if (bit == 0)
        return "NONE";
    return find_name(access_names, sizeof access_names / sizeof *access_names, bit);
}

static char *mask_str(const flag_name *table, size_t n, uint64_t mask,
                      char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    if (mask == 0) {
        snprintf(buf, size, "NONE");
        return buf;
    }
    for (int i = 0; i < 64; i++) {
        uint64_t bit = (uint64_t)1 << i;
        if (!(mask & bit))
            continue;
        const char *name = find_name(table, n, bit);
        int w = snprintf(buf + used, size - used, "%s%s", used ? "|" : "", name);
        if (w < 0 || (size_t)w >= size - used)
            break;
        used += (size_t)w;
    }
    return buf;
}

char *vks_stage_mask_str(uint64_t mask, char *buf, size_t size)
{
    return mask_str(stage_names, sizeof stage_names / sizeof *stage_names, mask,
                    buf, size);
}

char *vks_access_mask_str(uint64_t mask, char *buf, size_t size)
{
    return mask_str(access_names, sizeof access_names / sizeof *access_names,
                    mask, buf, size);
}

const char *vks_layout_name(uint32_t layout)
{
    switch (layout) {
#define L(x) case VK_IMAGE_LAYOUT_##x: return #x;
    L(UNDEFINED) L(GENERAL) L(COLOR_ATTACHMENT_OPTIMAL)
    L(DEPTH_STENCIL_ATTACHMENT_OPTIMAL) L(DEPTH_STENCIL_READ_ONLY_OPTIMAL)
    L(SHADER_READ_ONLY_OPTIMAL) L(TRANSFER_SRC_OPTIMAL) L(TRANSFER_DST_OPTIMAL)
    L(PREINITIALIZED) L(DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL)
    L(DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL) L(DEPTH_ATTACHMENT_OPTIMAL)
    L(DEPTH_READ_ONLY_OPTIMAL) L(STENCIL_ATTACHMENT_OPTIMAL)
    L(STENCIL_READ_ONLY_OPTIMAL) L(READ_ONLY_OPTIMAL) L(ATTACHMENT_OPTIMAL)
    L(PRESENT_SRC_KHR)
#undef L
    default:
        return "UNKNOWN_LAYOUT";
    }
}

/* ---- meta flags ---- */

/* "VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT is equivalent to specifying all of
   COPY, BLIT, RESOLVE, CLEAR, ACCELERATION_STRUCTURE_COPY" (stage flags). */
static const uint64_t transfer_stages =
    VK_PIPELINE_STAGE_2_COPY_BIT | VK_PIPELINE_STAGE_2_BLIT_BIT |
    VK_PIPELINE_STAGE_2_RESOLVE_BIT | VK_PIPELINE_STAGE_2_CLEAR_BIT |
    VK_PIPELINE_STAGE_2_ACCELERATION_STRUCTURE_COPY_BIT_KHR;

/* VERTEX_INPUT "is equivalent to INDEX_INPUT | VERTEX_ATTRIBUTE_INPUT". */
static const uint64_t vertex_input_stages =
    VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT |
    VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT;

/* PRE_RASTERIZATION_SHADERS: every shader stage before rasterization. */
static const uint64_t pre_raster_stages =
    VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
    VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT |
    VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT |
    VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT |
    VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT |
    VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT;

/* ALL_GRAPHICS: the stages of the graphics primitive and mesh pipelines
   ("Graphics pipelines" in the Vulkan spec's "Synchronization and Cache
   Control" chapter), with the stages that
   have no fixed order in them (conditional rendering, fragment density). */
static const uint64_t graphics_stages =
    VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | vertex_input_stages |
    pre_raster_stages | VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT |
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR |
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
    VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT |
    VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT |
    VK_PIPELINE_STAGE_2_CONDITIONAL_RENDERING_BIT_EXT |
    VK_PIPELINE_STAGE_2_FRAGMENT_DENSITY_PROCESS_BIT_EXT;

/* ALL_COMMANDS: every stage of every command a queue runs.  HOST is not a
   stage of any command on a queue. */
static const uint64_t all_command_stages =
    graphics_stages | transfer_stages | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT |
    VK_PIPELINE_STAGE_2_ACCELERATION_STRUCTURE_BUILD_BIT_KHR |
    VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR |
    VK_PIPELINE_STAGE_2_VIDEO_DECODE_BIT_KHR |
    VK_PIPELINE_STAGE_2_MICROMAP_BUILD_BIT_EXT |
    VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT | VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT;

uint64_t vks_expand_stages(uint64_t mask)
{
    uint64_t out = mask & ~(VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT |
                            VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT |
                            VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT |
                            VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT |
                            VK_PIPELINE_STAGE_2_PRE_RASTERIZATION_SHADERS_BIT);
    if (mask & VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT)
        out |= all_command_stages;
    if (mask & VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT)
        out |= graphics_stages;
    if (mask & VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT)
        out |= transfer_stages;
    if (mask & VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT)
        out |= vertex_input_stages;
    if (mask & VK_PIPELINE_STAGE_2_PRE_RASTERIZATION_SHADERS_BIT)
        out |= pre_raster_stages;
    return out;
}

static const uint64_t write_accesses =
    VK_ACCESS_2_SHADER_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
    VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_HOST_WRITE_BIT |
    VK_ACCESS_2_MEMORY_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
    VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
    VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT |
    VK_ACCESS_2_ACCELERATION_STRUCTURE_WRITE_BIT_KHR |
    VK_ACCESS_2_VIDEO_DECODE_WRITE_BIT_KHR |
    VK_ACCESS_2_MICROMAP_WRITE_BIT_EXT;

static const uint64_t meta_accesses =
    VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_SHADER_WRITE_BIT |
    VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;

/* Every single access bit Vulkan defines, from the name table. */
static uint64_t all_single_accesses(void)
{
    uint64_t all = 0;
    for (size_t i = 0; i < sizeof access_names / sizeof *access_names; i++)
        all |= access_names[i].bit;
    return all & ~meta_accesses;
}

uint64_t vks_expand_access(uint64_t mask)
{
    uint64_t out = mask & ~meta_accesses;
    /* SHADER_READ "specifies read access to a uniform buffer, uniform texel
       buffer, sampled image, storage buffer, physical storage buffer, shader
       binding table, storage texel buffer, or storage image": it includes
       UNIFORM_READ as well as SHADER_SAMPLED_READ / SHADER_STORAGE_READ. */
    if (mask & VK_ACCESS_2_SHADER_READ_BIT)
        out |= VK_ACCESS_2_SHADER_SAMPLED_READ_BIT |
               VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
               VK_ACCESS_2_UNIFORM_READ_BIT |
               VK_ACCESS_2_SHADER_BINDING_TABLE_READ_BIT_KHR;
    /* SHADER_WRITE "is equivalent to SHADER_STORAGE_WRITE". */
    if (mask & VK_ACCESS_2_SHADER_WRITE_BIT)
        out |= VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
    /* MEMORY_READ / MEMORY_WRITE: all read / all write accesses. */
    uint64_t all = all_single_accesses();
    if (mask & VK_ACCESS_2_MEMORY_READ_BIT)
        out |= all & ~write_accesses;
    if (mask & VK_ACCESS_2_MEMORY_WRITE_BIT)
        out |= all & write_accesses;
    return out;
}

bool vks_access_is_write(uint64_t bit)
{
    return (bit & write_accesses) != 0;
}

/* ---- logical stage order (Vulkan spec, "Synchronization and Cache
   Control" chapter, "Pipeline Stages") ----
 * Each list is one pipeline's stages in logical order.  A stage's logically
 * earlier stages are those before it in any list that contains it. */

#define END 0
static const uint64_t graphics_primitive_order[] = {
    VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
    VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT,
    VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
    VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
    VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT,
    VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT,
    VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT,
    VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR,
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
    VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
    VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
    END};
static const uint64_t graphics_mesh_order[] = {
    VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
    VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT,
    VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT,
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR,
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
    VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
    VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
    END};
/* "the fragment density map read ... is logically earlier than
   EARLY_FRAGMENT_TESTS" and otherwise unordered. */
static const uint64_t fragment_density_order[] = {
    VK_PIPELINE_STAGE_2_FRAGMENT_DENSITY_PROCESS_BIT_EXT,
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT, END};
static const uint64_t compute_order[] = {
    VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, END};
static const uint64_t ray_tracing_order[] = {
    VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
    VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR, END};
static const uint64_t *const pipeline_orders[] = {
    graphics_primitive_order, graphics_mesh_order, fragment_density_order,
    compute_order, ray_tracing_order};
#undef END

static uint64_t logically_earlier_or_later(uint64_t stage, bool later)
{
    uint64_t out = 0;
    for (size_t p = 0; p < sizeof pipeline_orders / sizeof *pipeline_orders; p++) {
        const uint64_t *order = pipeline_orders[p];
        size_t n = 0, at = SIZE_MAX;
        for (; order[n]; n++)
            if (order[n] == stage)
                at = n;
        if (at == SIZE_MAX)
            continue;
        for (size_t i = 0; i < n; i++)
            if (later ? i > at : i < at)
                out |= order[i];
    }
    return out;
}

/* logically_earlier_or_later for every stage bit, computed once: scopes are
   computed for every barrier the engine sees. */
static uint64_t earlier_stages[64], later_stages[64];
static once_flag order_once = ONCE_FLAG_INIT;

static void fill_stage_order(void)
{
    for (int i = 0; i < 64; i++) {
        earlier_stages[i] = logically_earlier_or_later((uint64_t)1 << i, false);
        later_stages[i] = logically_earlier_or_later((uint64_t)1 << i, true);
    }
}

static uint64_t union_of_order(uint64_t stages, const uint64_t *per_bit)
{
    uint64_t out = 0;
    for (; stages; stages &= stages - 1)
        out |= per_bit[__builtin_ctzll(stages)];
    return out;
}

uint64_t vks_first_scope_stages(uint64_t src_stage_mask)
{
    call_once(&order_once, fill_stage_order);
    uint64_t stages = vks_expand_stages(src_stage_mask);
    /* BOTTOM_OF_PIPE in a source mask is "all commands" (every stage is
       logically earlier than it). */
    if (stages & VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT)
        stages |= all_command_stages;
    uint64_t out = stages | union_of_order(stages, earlier_stages);
    if (out & ~VK_PIPELINE_STAGE_2_HOST_BIT)
        out |= VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT;
    return out;
}

uint64_t vks_second_scope_stages(uint64_t dst_stage_mask)
{
    call_once(&order_once, fill_stage_order);
    uint64_t stages = vks_expand_stages(dst_stage_mask);
    /* TOP_OF_PIPE in a destination mask is "all commands". */
    if (stages & VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT)
        stages |= all_command_stages;
    uint64_t out = stages | union_of_order(stages, later_stages);
    if (out & ~VK_PIPELINE_STAGE_2_HOST_BIT)
        out |= VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT;
    return out;
}
