/*
 * test_conformance.c - one case per synchronization rule of the Vulkan
 * spec's "Synchronization and Cache Control" chapter and of the formal
 * execution-dependency rules (docs/design.md, "Sources"), and for render
 * passes of the spec's "Render Pass" chapter; most with a racy and a
 * race-free twin.
 *
 * Each case is a short command sequence written as data (steps), built
 * through the IR builder, checked by the engine, and compared with the
 * expected findings: rule (and its syncval hazard), the line of the later
 * command and, where given, the line of the first note (the earlier
 * access).  A case passes only with exactly the expected findings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/engine.h"

/* The case table leaves trailing fields out on purpose: zero means "none"
   (no expected finding, no second access, ...). */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define ST(x) VK_PIPELINE_STAGE_2_##x##_BIT
#define AC(x) VK_ACCESS_2_##x##_BIT
/* Layouts are stored +1 so that 0 means "not given". */
#define LAY(x) (VK_IMAGE_LAYOUT_##x + 1)
/* Queue families and subpasses are stored +1 so that 0 means IGNORED /
   VK_SUBPASS_EXTERNAL. */
#define QF(x) ((x) + 1)
#define SP(x) ((x) + 1)

/* The resources every case has. */
enum { R_NONE, R_A, R_B, R_IMG, R_DEPTH, R_UNKNOWN };
enum { IMG_MIPS = 4, IMG_LAYERS = 4 };

typedef struct {
    int res;
    uint64_t stage, access;
    uint64_t off, size; /* buffers; size 0: to the end */
    uint32_t layout;    /* LAY() or 0 */
    uint32_t mip, mips, layer, layers; /* images; counts 0: remaining */
    uint32_t aspect;    /* 0: the image's */
    bool unknown;
} acc;

typedef struct {
    int res; /* R_NONE: global */
    uint64_t src, srca, dst, dsta;
    uint64_t off, size;
    uint32_t old_layout, new_layout; /* LAY() or 0 */
    uint32_t mip, mips, layer, layers, aspect;
    uint32_t sqf, dqf;         /* QF() or 0 */
    uint32_t ssub, dsub;       /* SP() or 0 = EXTERNAL */
    bool unknown_masks, unknown_range;
} bar;

typedef struct {
    int res;
    bool depth;
    vks_load_op load;
    vks_store_op store;
    uint32_t initial, layout, final; /* LAY() */
} att;

typedef enum {
    S_END,
    S_ACCESS,    /* an action command with up to two accesses */
    S_BARRIER,   /* vkCmdPipelineBarrier2 with up to two barriers */
    S_SET,       /* vkCmdSetEvent2: b[0] holds the stage (and access) masks */
    S_RESET,
    S_WAIT,      /* vkCmdWaitEvents2 on event[0] (and event[1] if > 0) */
    S_BEGIN_RP,  /* attachments, subpass dependencies in b[] */
    S_NEXT_SUBPASS,
    S_END_RP,
    S_UNKNOWN_CMD,
    S_NEW_CMDBUF, /* a new command buffer, of queue family `family` */
} step_kind;

typedef struct {
    step_kind kind;
    unsigned line;
    const char *name;
    acc a[2];
    bar b[3];
    int event[2]; /* event index + 1 */
    att at[2];
    uint32_t family; /* QF() or 0 */
} step;

typedef struct {
    vks_rule rule;
    unsigned line, earlier; /* earlier: first non-path note's line, 0: any */
} expect;

typedef struct {
    const char *name;
    const char *rule_text; /* the sentence the case encodes */
    step steps[12];
    expect want[3];
} conformance_case;

/* ---- step shorthands ---- */

#define FILL(l, r) {S_ACCESS, l, "vkCmdFillBuffer", .a = {{r, ST(CLEAR), AC(TRANSFER_WRITE)}}}
#define FILL_AT(l, r, o, s) \
    {S_ACCESS, l, "vkCmdFillBuffer", .a = {{r, ST(CLEAR), AC(TRANSFER_WRITE), o, s}}}
#define COPY_FROM(l, r) {S_ACCESS, l, "vkCmdCopyBuffer", .a = {{r, ST(COPY), AC(TRANSFER_READ)}}}
#define COPY_FROM_AT(l, r, o, s) \
    {S_ACCESS, l, "vkCmdCopyBuffer", .a = {{r, ST(COPY), AC(TRANSFER_READ), o, s}}}
#define COPY_TO(l, r) {S_ACCESS, l, "vkCmdCopyBuffer", .a = {{r, ST(COPY), AC(TRANSFER_WRITE)}}}
#define COPY(l, from, to)                                                   \
    {S_ACCESS, l, "vkCmdCopyBuffer",                                         \
     .a = {{from, ST(COPY), AC(TRANSFER_READ)}, {to, ST(COPY), AC(TRANSFER_WRITE)}}}
#define ACC(l, r, st, ac) {S_ACCESS, l, "vkCmdDispatch", .a = {{r, st, ac}}}
#define DRAW(l, r, st, ac) {S_ACCESS, l, "vkCmdDraw", .a = {{r, st, ac}}}
#define IMG(l, name, r, st, ac, lay) {S_ACCESS, l, name, .a = {{r, st, ac, .layout = lay}}}
#define IMG_MIP(l, r, st, ac, m) \
    {S_ACCESS, l, "vkCmdCopyImage", .a = {{r, st, ac, .mip = m, .mips = 1}}}
#define BAR(l, s, sa, d, da) {S_BARRIER, l, .b = {{R_NONE, s, sa, d, da}}}
#define BBAR(l, r, s, sa, d, da, o, sz) {S_BARRIER, l, .b = {{r, s, sa, d, da, o, sz}}}
#define IBAR(l, r, s, sa, d, da, from, to) \
    {S_BARRIER, l, .b = {{r, s, sa, d, da, .old_layout = from, .new_layout = to}}}
#define IBAR_MIP(l, r, s, sa, d, da, from, to, m)                              \
    {S_BARRIER, l, .b = {{r, s, sa, d, da, .old_layout = from, .new_layout = to, \
                          .mip = m, .mips = 1}}}
#define SET(l, e, s) {S_SET, l, .b = {{R_NONE, s}}, .event = {e + 1}}
#define SET2(l, e, s, sa) {S_SET, l, .b = {{R_NONE, s, sa}}, .event = {e + 1}}
#define RESET(l, e) {S_RESET, l, .event = {e + 1}}
#define WAIT(l, e, s, sa, d, da) {S_WAIT, l, .b = {{R_NONE, s, sa, d, da}}, .event = {e + 1}}
#define END_RP(l) {S_END_RP, l}
#define NEXT(l) {S_NEXT_SUBPASS, l}
#define NEW_CB(fam) {S_NEW_CMDBUF, 0, .family = fam}
#define QBAR(l, r, s, sa, d, da, sq, dq) \
    {S_BARRIER, l, .b = {{r, s, sa, d, da, .sqf = QF(sq), .dqf = QF(dq)}}}

#define RAW VKS_RULE_HAZARD_RAW
#define WAR VKS_RULE_HAZARD_WAR
#define WAW VKS_RULE_HAZARD_WAW

static const uint64_t all_reads_writes = AC(MEMORY_READ) | AC(MEMORY_WRITE);

static const conformance_case cases[] = {
    /* ---- Execution and Memory Dependencies ---- */
    {"raw_no_barrier",
     "read-after-write and write-after-write hazards need appropriate memory dependencies",
     {FILL(10, R_A), COPY_FROM(11, R_A)}, {{RAW, 11, 10}}},
    {"raw_memory_barrier",
     "Memory dependency MemDep guarantees that memory writes in ScopedMemOps1 are made "
     "available [and] made visible to ScopedMemOps2",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(12, R_A)}},
    {"raw_execution_only",
     "Execution dependencies alone are not sufficient to guarantee that values resulting "
     "from writes in one set of operations can be read from another set of operations",
     {FILL(10, R_A), BAR(11, ST(CLEAR), 0, ST(COPY), 0), COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"war_no_barrier", "Write-after-read hazards can be solved with just an execution dependency",
     {COPY_FROM(10, R_A), FILL(11, R_A)}, {{WAR, 11, 10}}},
    {"war_execution_only", "Write-after-read hazards can be solved with just an execution dependency",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(CLEAR), 0), FILL(12, R_A)}},
    {"waw_no_barrier", "write-after-write hazards need appropriate memory dependencies",
     {FILL(10, R_A), COPY_TO(11, R_A)}, {{WAW, 11, 10}}},
    {"waw_execution_only", "write-after-write hazards need appropriate memory dependencies",
     {FILL(10, R_A), BAR(11, ST(CLEAR), 0, ST(COPY), 0), COPY_TO(12, R_A)},
     {{WAW, 12, 10}}},
    {"waw_memory_barrier", "Once written values are made visible to a particular type of "
     "memory access, they can be read or written by that type of memory access",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_WRITE)),
      COPY_TO(12, R_A)}},
    {"waw_visible_to_read_only",
     "Once written values are made visible to a particular type of memory access, they "
     "can be read or written by that type of memory access (TRANSFER_READ is not TRANSFER_WRITE)",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_TO(12, R_A)},
     {{WAW, 12, 10}}},
    {"read_after_read",
     "No memory dependencies are needed for read-after-read and write-after-read (formal text)",
     {COPY_FROM(10, R_A), ACC(11, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ))}},
    {"chain_two_barriers",
     "a chain exists if the intersection of Scope2nd in the first dependency and Scope1st "
     "in the second dependency is not an empty set",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0),
      BAR(12, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_READ)), COPY_FROM(13, R_A)}},
    {"chain_two_barriers_broken",
     "a chain exists if the intersection of Scope2nd in the first dependency and Scope1st "
     "in the second dependency is not an empty set (COMPUTE and later does not meet COPY)",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0),
      BAR(12, ST(COPY), 0, ST(COPY), AC(TRANSFER_READ)), COPY_FROM(13, R_A)},
     {{RAW, 13, 10}}},
    {"chain_three_barriers",
     "An execution dependency chain is a sequence of execution dependencies that form a "
     "happens-before relation between the first dependency's ScopedOps1 and the final "
     "dependency's ScopedOps2",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0),
      BAR(12, ST(COMPUTE_SHADER), 0, ST(FRAGMENT_SHADER), 0),
      BAR(13, ST(FRAGMENT_SHADER), 0, ST(COPY), AC(TRANSFER_READ)), COPY_FROM(14, R_A)}},
    {"chain_three_barriers_broken_in_middle",
     "For each consecutive pair of execution dependencies, a chain exists if ... not an "
     "empty set (FRAGMENT and later does not meet VERTEX)",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(FRAGMENT_SHADER), 0),
      BAR(12, ST(VERTEX_SHADER), 0, ST(COMPUTE_SHADER), 0),
      BAR(13, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_READ)), COPY_FROM(14, R_A)},
     {{RAW, 14, 10}}},
    {"chain_war",
     "Let Scope1st be the first synchronization scope of the first command in Sync; let "
     "Scope2nd be the second synchronization scope of the last command in Sync",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(COMPUTE_SHADER), 0),
      BAR(12, ST(COMPUTE_SHADER), 0, ST(CLEAR), 0), FILL(13, R_A)}},
    {"chain_war_broken",
     "a chain exists if the intersection ... is not an empty set (COPY and later does not "
     "meet COMPUTE)",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(COPY), 0),
      BAR(12, ST(COMPUTE_SHADER), 0, ST(CLEAR), 0), FILL(13, R_A)},
     {{WAR, 13, 10}}},
    {"chain_memory_from_first_command",
     "Let AccessScope1st be the first access scope of the first command in the Sync chain",
     {FILL(10, R_A), BAR(11, ST(CLEAR), 0, ST(COMPUTE_SHADER), 0),
      BAR(12, ST(COMPUTE_SHADER), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(13, R_A)},
     {{RAW, 13, 10}}},
    {"availability_persists",
     "Any available value remains available until a subsequent write to the same memory "
     "location occurs",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0),
      BAR(12, ST(COMPUTE_SHADER), 0, ST(COMPUTE_SHADER), 0),
      BAR(13, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_READ)), COPY_FROM(14, R_A)}},
    {"availability_ends_at_next_write",
     "Any available value remains available until a subsequent write to the same memory "
     "location occurs",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_WRITE)),
      COPY_TO(12, R_A), BAR(13, ST(COPY), 0, ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(14, R_A)},
     {{RAW, 14, 12}}},
    {"later_write_is_checked",
     "Available memory writes, including those from ScopedMemOps1, are made visible to "
     "ScopedMemOps2 (the second write is the one the read sees)",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_WRITE)),
      COPY_TO(12, R_A), BAR(13, ST(COPY), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(14, R_A)}},
    {"barriers_of_one_command_do_not_chain",
     "Each member of pMemoryBarriers, pBufferMemoryBarriers, and pImageMemoryBarriers "
     "defines a separate memory dependency",
     {FILL(10, R_A),
      {S_BARRIER, 11, .b = {{R_NONE, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0},
                            {R_NONE, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_READ)}}},
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"flush_and_invalidate_in_one_command",
     "(barrier, SRC) < (FLUSH, barrier, ...) < (barrier, PRE_TRANS) < (barrier, POST_TRANS) "
     "< (INVALIDATE, barrier, ...) < (barrier, DST) (formal text's example)",
     {ACC(10, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_WRITE)),
      {S_BARRIER, 11,
       .b = {{R_A, ST(VERTEX_SHADER) | ST(ALL_TRANSFER), AC(SHADER_WRITE),
              ST(FRAGMENT_SHADER) | ST(TOP_OF_PIPE), 0},
             {R_NONE, ST(VERTEX_SHADER) | ST(ALL_TRANSFER), 0,
              ST(FRAGMENT_SHADER) | ST(TOP_OF_PIPE), AC(SHADER_READ)}}},
      DRAW(12, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_READ))}},
    {"most_recent_read_reported",
     "One finding per access, against the most recent conflicting access (syncval, "
     "docs/conventions.md)",
     {COPY_FROM(10, R_A), ACC(11, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ)),
      FILL(12, R_A)},
     {{WAR, 12, 11}}},
    {"write_checked_against_reads_first",
     "a write is checked against the reads since the last write if there are any",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(12, R_A), BAR(13, ST(COPY), 0, ST(CLEAR), 0), FILL(14, R_A)}},
    {"same_command_source_and_destination",
     "Submission order ... Execution of pipeline stages within a given command also has a "
     "loose ordering, dependent only on a single command",
     {COPY(10, R_A, R_A), COPY_FROM(11, R_B)}},

    /* ---- Pipeline Stages ---- */
    {"first_scope_logically_earlier",
     "its first synchronization scope only includes execution of the pipeline stages "
     "specified in that mask and any logically earlier stages",
     {DRAW(10, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_READ)),
      BAR(11, ST(FRAGMENT_SHADER), 0, ST(COPY), 0), COPY_TO(12, R_A)}},
    {"first_scope_not_earlier",
     "its first synchronization scope only includes execution of the pipeline stages "
     "specified in that mask and any logically earlier stages (COMPUTE is not)",
     {ACC(10, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ)),
      BAR(11, ST(FRAGMENT_SHADER), 0, ST(COPY), 0), COPY_TO(12, R_A)},
     {{WAR, 12, 10}}},
    {"second_scope_logically_later",
     "its second synchronization scope only includes execution of the pipeline stages "
     "specified in that mask and any logically later stages",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(VERTEX_SHADER), 0),
      DRAW(12, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_WRITE))}},
    {"second_scope_not_later",
     "its second synchronization scope only includes ... logically later stages "
     "(VERTEX_SHADER is earlier than FRAGMENT_SHADER)",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(FRAGMENT_SHADER), 0),
      DRAW(12, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_WRITE))},
     {{WAR, 12, 10}}},
    {"first_access_scope_explicit_only",
     "Its first access scope only includes memory accesses performed by pipeline stages "
     "explicitly specified in the source stage mask",
     {DRAW(10, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_WRITE)),
      BAR(11, ST(FRAGMENT_SHADER), AC(SHADER_WRITE), ST(COMPUTE_SHADER), AC(SHADER_READ)),
      ACC(12, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ))},
     {{RAW, 12, 10}}},
    {"first_access_scope_explicit",
     "Its first access scope only includes memory accesses performed by pipeline stages "
     "explicitly specified in the source stage mask",
     {DRAW(10, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_WRITE)),
      BAR(11, ST(VERTEX_SHADER) | ST(FRAGMENT_SHADER), AC(SHADER_WRITE), ST(COMPUTE_SHADER),
          AC(SHADER_READ)),
      ACC(12, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ))}},
    {"second_access_scope_explicit_only",
     "Its second access scope only includes memory accesses performed by pipeline stages "
     "explicitly specified in the destination stage mask",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(VERTEX_SHADER), AC(SHADER_READ)),
      DRAW(12, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_READ))},
     {{RAW, 12, 10}}},
    {"second_access_scope_explicit",
     "Note that access scopes do not interact with the logically earlier or later stages "
     "for either scope - only the stages the application specifies are considered",
     {FILL(10, R_A),
      BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(VERTEX_SHADER) | ST(FRAGMENT_SHADER),
          AC(SHADER_READ)),
      DRAW(12, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_READ))}},
    {"all_commands_memory_write",
     "VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT specifies all operations performed by all "
     "commands; MEMORY_WRITE all write accesses",
     {FILL(10, R_A), BAR(11, ST(ALL_COMMANDS), AC(MEMORY_WRITE), ST(ALL_COMMANDS),
                         AC(MEMORY_READ)),
      COPY_FROM(12, R_A)}},
    {"all_graphics_excludes_compute",
     "VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT specifies the execution of all graphics "
     "pipeline stages (not COMPUTE)",
     {ACC(10, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_WRITE)),
      BAR(11, ST(ALL_GRAPHICS), AC(MEMORY_WRITE), ST(ALL_COMMANDS), AC(MEMORY_READ)),
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"all_transfer_covers_copy_and_clear",
     "VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT is equivalent to specifying all of COPY, BLIT, "
     "RESOLVE, CLEAR",
     {FILL(10, R_A), BAR(11, ST(ALL_TRANSFER), AC(TRANSFER_WRITE), ST(ALL_TRANSFER),
                         AC(TRANSFER_READ)),
      COPY_FROM(12, R_A)}},
    {"clear_is_not_copy",
     "vkCmdFillBuffer is a clear command (CLEAR stage): a COPY source mask misses it",
     {FILL(10, R_A), BAR(11, ST(COPY), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"top_of_pipe_as_source_is_nothing",
     "TOP_OF_PIPE ... specifies no stage of execution when specified in the first scope",
     {COPY_FROM(10, R_A), BAR(11, ST(TOP_OF_PIPE), 0, ST(ALL_COMMANDS), 0), FILL(12, R_A)},
     {{WAR, 12, 10}}},
    {"bottom_of_pipe_as_source_is_everything",
     "BOTTOM_OF_PIPE is equivalent to ALL_COMMANDS with access 0 when specified in the "
     "first synchronization scope",
     {COPY_FROM(10, R_A), BAR(11, ST(BOTTOM_OF_PIPE), 0, ST(CLEAR), 0), FILL(12, R_A)}},
    {"bottom_of_pipe_source_has_no_access_scope",
     "BOTTOM_OF_PIPE is equivalent to ALL_COMMANDS with VkAccessFlags2 set to 0 when "
     "specified in the first synchronization scope",
     {FILL(10, R_A), BAR(11, ST(BOTTOM_OF_PIPE), AC(TRANSFER_WRITE), ST(COPY),
                         AC(TRANSFER_READ)),
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"top_of_pipe_as_destination_is_everything",
     "TOP_OF_PIPE is equivalent to ALL_COMMANDS with access 0 when specified in the "
     "second synchronization scope",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(TOP_OF_PIPE), 0), FILL(12, R_A)}},
    {"bottom_of_pipe_as_destination_is_nothing",
     "BOTTOM_OF_PIPE ... specifies no stage of execution when specified in the second "
     "scope",
     {COPY_FROM(10, R_A), BAR(11, ST(COPY), 0, ST(BOTTOM_OF_PIPE), 0), FILL(12, R_A)},
     {{WAR, 12, 10}}},
    {"none_stages",
     "Any type of operation that is not in a synchronization command's synchronization "
     "scopes will not be included in the resulting dependency (NONE)",
     {COPY_FROM(10, R_A), BAR(11, 0, 0, ST(CLEAR), 0), FILL(12, R_A)}, {{WAR, 12, 10}}},

    /* ---- Access Types ---- */
    {"src_access_type_must_match",
     "If a synchronization command includes a source access mask, its first access scope "
     "only includes accesses via the access types specified in that mask",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(SHADER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"dst_access_type_must_match",
     "its second access scope only includes accesses via the access types specified in "
     "that mask",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(SHADER_READ)),
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"shader_read_covers_storage_and_uniform",
     "SHADER_READ specifies read access to a uniform buffer, ... storage buffer",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER),
                         AC(SHADER_READ)),
      {S_ACCESS, 12, "vkCmdDispatch",
       .a = {{R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ)},
             {R_A, ST(COMPUTE_SHADER), AC(UNIFORM_READ)}}}}},
    {"shader_write_covers_storage_write",
     "SHADER_WRITE is equivalent to SHADER_STORAGE_WRITE",
     {ACC(10, R_A, ST(COMPUTE_SHADER), AC(SHADER_STORAGE_WRITE)),
      BAR(11, ST(COMPUTE_SHADER), AC(SHADER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(12, R_A)}},
    {"memory_read_is_not_a_write_access",
     "MEMORY_READ specifies all read accesses: a later write needs MEMORY_WRITE",
     {FILL(10, R_A), BAR(11, ST(ALL_COMMANDS), AC(MEMORY_WRITE), ST(ALL_COMMANDS),
                         AC(MEMORY_READ)),
      COPY_TO(12, R_A)},
     {{WAW, 12, 10}}},

    /* ---- Memory barriers: global, buffer ranges ---- */
    {"global_barrier_all_resources",
     "Global memory barriers apply to memory accesses involving all memory objects",
     {FILL(10, R_A), FILL(11, R_B),
      BAR(12, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      {S_ACCESS, 13, "vkCmdCopyBuffer",
       .a = {{R_A, ST(COPY), AC(TRANSFER_READ)}, {R_B, ST(COPY), AC(TRANSFER_READ)}}}}},
    {"buffer_barrier_other_buffer",
     "Buffer memory barriers only apply to memory accesses involving a specific buffer range",
     {FILL(10, R_A), BBAR(11, R_B, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                          AC(TRANSFER_READ), 0, 0),
      COPY_FROM(12, R_A)},
     {{RAW, 12, 10}}},
    {"buffer_barrier_covering_range",
     "a memory dependency formed from a buffer memory barrier is scoped to access via the "
     "specified buffer range",
     {FILL_AT(10, R_A, 0, 256), BBAR(11, R_A, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                                     AC(TRANSFER_READ), 0, 256),
      COPY_FROM_AT(12, R_A, 0, 256)}},
    {"buffer_barrier_partial_range",
     "a memory dependency formed from a buffer memory barrier is scoped to access via the "
     "specified buffer range",
     {FILL_AT(10, R_A, 0, 256), BBAR(11, R_A, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                                     AC(TRANSFER_READ), 0, 128),
      COPY_FROM_AT(12, R_A, 64, 128)},
     {{RAW, 12, 10}}},
    {"buffer_barrier_execution_is_global",
     "Buffer memory barriers only apply to memory accesses [the access scope]; the "
     "synchronization scopes are the stage masks",
     {COPY_FROM(10, R_B), BBAR(11, R_A, ST(COPY), 0, ST(CLEAR), 0, 0, 0), FILL(12, R_B)}},
    {"disjoint_ranges", "memOverlap(mem_1, mem_2): accesses to disjoint ranges do not conflict",
     {FILL_AT(10, R_A, 0, 128), COPY_FROM_AT(11, R_A, 128, 128)}},
    {"overlapping_ranges", "memOverlap(mem_1, mem_2) is the set of memory locations in the "
     "intersection between the two memory ranges",
     {FILL_AT(10, R_A, 0, 129), COPY_FROM_AT(11, R_A, 128, 128)}, {{RAW, 11, 10}}},
    {"whole_size_to_end", "VK_WHOLE_SIZE: the range to the end of the buffer",
     {FILL_AT(10, R_A, 512, 0), COPY_FROM_AT(11, R_A, 1000, 8)}, {{RAW, 11, 10}}},

    /* ---- Unknowns (ir.h) ---- */
    {"unknown_masks_are_everything",
     "An unknown barrier mask is taken as everything (never a finding from an unknown)",
     {FILL(10, R_A), {S_BARRIER, 11, .b = {{R_NONE, .unknown_masks = true}}},
      COPY_FROM(12, R_A)}},
    {"unknown_range_is_whole_buffer",
     "A barrier with an unknown range applies to the whole resource",
     {FILL_AT(10, R_A, 0, 64), {S_BARRIER, 11, .b = {{R_A, ST(CLEAR), AC(TRANSFER_WRITE),
                                                       ST(COPY), AC(TRANSFER_READ),
                                                       .unknown_range = true}}},
      COPY_FROM_AT(12, R_A, 0, 64)}},
    {"unknown_resource_is_every_resource",
     "A barrier on an unknown resource applies to all resources",
     {FILL(10, R_A), BBAR(11, R_UNKNOWN, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                          AC(TRANSFER_READ), 0, 0),
      COPY_FROM(12, R_A)}},
    {"unknown_access_not_checked",
     "An access with known=false is not checked and does not update state",
     {FILL(10, R_A), {S_ACCESS, 11, "vkCmdDispatch", .a = {{R_A, .unknown = true}}}}},
    {"unknown_command_is_a_full_barrier",
     "A vkCmd* the front end does not model may synchronize anything",
     {FILL(10, R_A), {S_UNKNOWN_CMD, 11, "vkCmdSomethingNew"}, COPY_FROM(12, R_A)}},

    /* ---- Image Layout Transitions ---- */
    {"transition_after_unavailable_write",
     "applications must ensure that all memory writes have been made available before a "
     "layout transition is executed",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      IBAR(11, R_IMG, ST(COPY), 0, ST(FRAGMENT_SHADER), AC(SHADER_READ),
           LAY(TRANSFER_DST_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL))},
     {{WAW, 11, 10}}},
    {"transition_after_available_write",
     "When a layout transition is specified in a memory dependency, it happens-after the "
     "availability operations in the memory dependency",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      IBAR(11, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(FRAGMENT_SHADER), AC(SHADER_READ),
           LAY(TRANSFER_DST_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL)),
      DRAW(12, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))}},
    {"transition_outside_first_scope",
     "Applications must ensure that layout transitions happen-after all operations "
     "accessing the image with the old layout",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      IBAR(11, R_IMG, ST(COMPUTE_SHADER), AC(TRANSFER_WRITE), ST(FRAGMENT_SHADER),
           AC(SHADER_READ), LAY(TRANSFER_DST_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL))},
     {{WAW, 11, 10}}},
    {"transition_after_unordered_read",
     "Layout transitions are potentially read/write operations, so not defining "
     "appropriate memory dependencies ... will result in a data race",
     {IMG(10, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_READ), 0),
      IBAR(11, R_IMG, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_WRITE),
           LAY(TRANSFER_SRC_OPTIMAL), LAY(TRANSFER_DST_OPTIMAL))},
     {{WAR, 11, 10}}},
    {"transition_after_ordered_read",
     "Applications must ensure that layout transitions happen-after all operations "
     "accessing the image with the old layout",
     {IMG(10, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_READ), 0),
      IBAR(11, R_IMG, ST(COPY), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(TRANSFER_SRC_OPTIMAL),
           LAY(TRANSFER_DST_OPTIMAL)),
      IMG(12, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE),
          LAY(TRANSFER_DST_OPTIMAL))}},
    {"read_after_transition_not_visible",
     "[the layout transition] happens-before the visibility operations: a read outside "
     "the second access scope does not see it",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      DRAW(11, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))},
     {{RAW, 11, 10}}},
    {"write_after_transition_visible",
     "writes performed by a layout transition are automatically made available; the "
     "visibility operations follow it",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      IMG(11, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE),
          LAY(TRANSFER_DST_OPTIMAL))}},
    {"transitions_are_ordered_with_each_other",
     "In effect there is an implicit execution dependency from each such layout "
     "transition to all layout transitions previously submitted to the same queue",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(TOP_OF_PIPE), 0, LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      IBAR(11, R_IMG, 0, 0, ST(COPY), AC(TRANSFER_READ), LAY(TRANSFER_DST_OPTIMAL),
           LAY(TRANSFER_SRC_OPTIMAL))}},
    {"old_layout_mismatch",
     "The old layout must either be VK_IMAGE_LAYOUT_UNDEFINED, or match the current "
     "layout of the image subresource range",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      IBAR(11, R_IMG, ST(COPY), 0, ST(FRAGMENT_SHADER), AC(SHADER_READ),
           LAY(COLOR_ATTACHMENT_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL))},
     {{VKS_RULE_LAYOUT_MISMATCH, 11, 10}}},
    {"old_layout_matches",
     "If the old layout matches the current layout of the image subresource range, the "
     "transition preserves the contents of that range",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      IMG(11, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE),
          LAY(TRANSFER_DST_OPTIMAL)),
      IBAR(12, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(FRAGMENT_SHADER), AC(SHADER_READ),
           LAY(TRANSFER_DST_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL)),
      DRAW(13, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))}},
    {"command_layout_mismatch",
     "Applications must ensure that layout transitions ... happen-before any operations "
     "that will access the image with the new layout (the command names another layout)",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      IMG(11, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_WRITE),
          LAY(TRANSFER_SRC_OPTIMAL))},
     {{VKS_RULE_LAYOUT_MISMATCH, 11, 10}}},
    {"undefined_discards_content",
     "If the old layout is VK_IMAGE_LAYOUT_UNDEFINED, the contents of that range may be "
     "discarded",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      IBAR(11, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(FRAGMENT_SHADER), AC(SHADER_READ),
           LAY(UNDEFINED), LAY(SHADER_READ_ONLY_OPTIMAL)),
      DRAW(12, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))},
     {{VKS_RULE_LAYOUT_DISCARD, 12, 10}}},
    {"undefined_then_written",
     "If the old layout is VK_IMAGE_LAYOUT_UNDEFINED, the contents may be discarded "
     "(new content written after the transition is fine)",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      IBAR(11, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_WRITE),
           LAY(UNDEFINED), LAY(TRANSFER_DST_OPTIMAL)),
      IMG(12, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      IBAR(13, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(FRAGMENT_SHADER), AC(SHADER_READ),
           LAY(TRANSFER_DST_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL)),
      DRAW(14, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))}},
    {"image_barrier_other_mip",
     "Image memory barriers only apply to memory accesses involving a specific image "
     "subresource range",
     {IMG_MIP(10, R_IMG, ST(COPY), AC(TRANSFER_WRITE), 1),
      IBAR_MIP(11, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ), 0, 0, 0),
      IMG_MIP(12, R_IMG, ST(COPY), AC(TRANSFER_READ), 1)},
     {{RAW, 12, 10}}},
    {"image_barrier_same_mip",
     "a memory dependency formed from an image memory barrier is scoped to access via the "
     "specified image subresource range",
     {IMG_MIP(10, R_IMG, ST(COPY), AC(TRANSFER_WRITE), 1),
      IBAR_MIP(11, R_IMG, ST(COPY), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ), 0, 0, 1),
      IMG_MIP(12, R_IMG, ST(COPY), AC(TRANSFER_READ), 1)}},
    {"transition_of_one_mip_leaves_others",
     "Layout transitions always apply to a particular image subresource range",
     {IBAR_MIP(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
               LAY(TRANSFER_DST_OPTIMAL), 0),
      IBAR_MIP(11, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_READ), LAY(UNDEFINED),
               LAY(TRANSFER_SRC_OPTIMAL), 1),
      IBAR_MIP(12, R_IMG, ST(COPY), 0, ST(COPY), 0, LAY(TRANSFER_SRC_OPTIMAL),
               LAY(GENERAL), 1)}},
    {"transition_of_one_mip_wrong_layout",
     "The old layout must ... match the current layout of the image subresource range "
     "(mip 1 was put in TRANSFER_SRC_OPTIMAL)",
     {IBAR_MIP(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
               LAY(TRANSFER_DST_OPTIMAL), 0),
      IBAR_MIP(11, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_READ), LAY(UNDEFINED),
               LAY(TRANSFER_SRC_OPTIMAL), 1),
      IBAR_MIP(12, R_IMG, ST(COPY), 0, ST(COPY), 0, LAY(TRANSFER_DST_OPTIMAL),
               LAY(GENERAL), 1)},
     {{VKS_RULE_LAYOUT_MISMATCH, 12, 11}}},

    /* ---- Events ---- */
    {"event_orders_write_before_read",
     "A pair of vkCmdSetEvent and vkCmdWaitEvents is very similar to a "
     "vkCmdPipelineBarrier split in half",
     {FILL(10, R_A), SET(11, 0, ST(CLEAR)),
      WAIT(12, 0, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(13, R_A)}},
    {"event_not_waited",
     "vkCmdSetEvent alone creates no dependency: the wait's second scope is what orders",
     {FILL(10, R_A), SET(11, 0, ST(CLEAR)), COPY_FROM(12, R_A)}, {{RAW, 12, 10}}},
    {"event_write_between_set_and_wait",
     "Let A be the set of all action commands and barrier commands preceding setEvent "
     "(formal text): a write after the set is not in its scope",
     {SET(10, 0, ST(CLEAR)), FILL(11, R_A),
      WAIT(12, 0, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(13, R_A)},
     {{RAW, 13, 11}}},
    {"event_set_stage_misses_write",
     "For every a in A, and every stage in extractStages(setEvent.stageMask): (a, stage) < "
     "(setEvent, SRC, stage)",
     {FILL(10, R_A), SET(11, 0, ST(COMPUTE_SHADER)),
      WAIT(12, 0, ST(COMPUTE_SHADER), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(13, R_A)},
     {{RAW, 13, 10}}},
    {"event_wait_scope_mismatch",
     "srcStageMask must be the bitwise OR of the stageMask parameter used in previous "
     "calls to vkCmdSetEvent (VUID-vkCmdWaitEvents-srcStageMask-01158)",
     {FILL(10, R_A), SET(11, 0, ST(COMPUTE_SHADER)),
      WAIT(12, 0, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(13, R_A)},
     {{VKS_RULE_EVENT_WAIT_SCOPE_MISMATCH, 12, 11}, {RAW, 13, 10}}},
    {"event_war",
     "(setEvent, SRC) < (waitEvents, SRC): an execution dependency through an event "
     "solves write-after-read",
     {COPY_FROM(10, R_A), SET(11, 0, ST(COPY)), WAIT(12, 0, ST(COPY), 0, ST(CLEAR), 0),
      FILL(13, R_A)}},
    {"event_war_read_after_set",
     "Let A be the set of all action commands ... preceding setEvent",
     {SET(10, 0, ST(COPY)), COPY_FROM(11, R_A), WAIT(12, 0, ST(COPY), 0, ST(CLEAR), 0),
      FILL(13, R_A)},
     {{WAR, 13, 11}}},
    {"event_chain_into_set",
     "For every a in A_s ...: (a, DST, srcStage) < (barrier, SRC, srcStage): chains reach "
     "a set operation's stage mask",
     {FILL(10, R_A), BAR(11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0),
      SET(12, 0, ST(COMPUTE_SHADER)),
      WAIT(13, 0, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_READ)), COPY_FROM(14, R_A)}},
    {"event_sync2_availability_at_set",
     "vkCmdSetEvent2: the first synchronization scope and access scope are defined by the "
     "dependency info; the wait makes the writes visible",
     {FILL(10, R_A), SET2(11, 0, ST(CLEAR), AC(TRANSFER_WRITE)),
      WAIT(12, 0, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(13, R_A)}},
    {"event_wait_without_access",
     "the wait defines the memory dependency: without dstAccessMask nothing is visible",
     {FILL(10, R_A), SET(11, 0, ST(CLEAR)), WAIT(12, 0, ST(CLEAR), AC(TRANSFER_WRITE),
                                                   ST(COPY), 0),
      COPY_FROM(13, R_A)},
     {{RAW, 13, 10}}},
    {"event_reset_then_wait_is_unknown",
     "There is no vkCmdResetEvent on event between setEvent and waitEvents (formal text): "
     "after a reset the set is elsewhere (unknown, no finding)",
     {FILL(10, R_A), SET(11, 0, ST(CLEAR)), RESET(12, 0),
      WAIT(13, 0, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)),
      COPY_FROM(14, R_A)}},
    {"event_two_events",
     "vkCmdWaitEvents waits for one or more events",
     {FILL(10, R_A), SET(11, 0, ST(CLEAR)), FILL(12, R_B), SET(13, 1, ST(CLEAR)),
      {S_WAIT, 14, .b = {{R_NONE, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ)}},
       .event = {1, 2}},
      {S_ACCESS, 15, "vkCmdDispatch",
       .a = {{R_A, ST(COPY), AC(TRANSFER_READ)}, {R_B, ST(COPY), AC(TRANSFER_READ)}}}}},

    /* ---- Render passes (Vulkan spec, "Render Pass") ---- */
    {"load_op_load_after_write_without_dependency",
     "Load operations for attachments with a color format execute in the "
     "COLOR_ATTACHMENT_OUTPUT stage (LOAD reads with COLOR_ATTACHMENT_READ)",
     {IMG(10, "vkCmdClearColorImage", R_IMG, ST(CLEAR), AC(TRANSFER_WRITE), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_LOAD, VKS_STORE_OP_STORE, LAY(GENERAL), LAY(GENERAL),
               LAY(GENERAL)}}},
      END_RP(12)},
     {{RAW, 11, 10}}},
    {"load_op_load_with_external_dependency",
     "If srcSubpass is VK_SUBPASS_EXTERNAL: for every a in A_a ...: (a, srcStage) < "
     "subpassDep",
     {IMG(10, "vkCmdClearColorImage", R_IMG, ST(CLEAR), AC(TRANSFER_WRITE), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_LOAD, VKS_STORE_OP_STORE, LAY(GENERAL), LAY(GENERAL),
               LAY(GENERAL)}},
       .b = {{R_NONE, ST(CLEAR), AC(TRANSFER_WRITE), ST(COLOR_ATTACHMENT_OUTPUT),
              AC(COLOR_ATTACHMENT_READ), .ssub = 0, .dsub = SP(0)}}},
      END_RP(12)}},
    {"load_op_clear_after_read_without_dependency",
     "CLEAR and DONT_CARE load operations write with COLOR_ATTACHMENT_WRITE",
     {IMG(10, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_READ), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(GENERAL),
               LAY(GENERAL), LAY(GENERAL)}}},
      END_RP(12)},
     {{WAR, 11, 10}}},
    {"load_op_clear_after_read_with_dependency",
     "A subpass dependency from VK_SUBPASS_EXTERNAL orders earlier commands before the "
     "load operation",
     {IMG(10, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_READ), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(GENERAL),
               LAY(GENERAL), LAY(GENERAL)}},
       .b = {{R_NONE, ST(COPY), 0, ST(COLOR_ATTACHMENT_OUTPUT), 0, .dsub = SP(0)}}},
      END_RP(12)}},
    {"load_op_none_does_not_access",
     "VK_ATTACHMENT_LOAD_OP_NONE specifies the previous contents will not be accessed",
     {IMG(10, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_READ), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_NONE, VKS_STORE_OP_NONE, LAY(GENERAL), LAY(GENERAL),
               LAY(GENERAL)}}},
      END_RP(12)}},
    {"initial_transition_implicit_dependency",
     "The implicit subpass dependency from VK_SUBPASS_EXTERNAL has srcStageMask NONE: an "
     "earlier write races with the initial layout transition",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_LOAD, VKS_STORE_OP_STORE, LAY(TRANSFER_DST_OPTIMAL),
               LAY(COLOR_ATTACHMENT_OPTIMAL), LAY(COLOR_ATTACHMENT_OPTIMAL)}}},
      END_RP(12)},
     {{WAW, 11, 10}}},
    {"initial_transition_explicit_dependency",
     "An explicit dependency from VK_SUBPASS_EXTERNAL orders the write before the initial "
     "layout transition and makes it visible to the load",
     {IMG(10, "vkCmdCopyBufferToImage", R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_LOAD, VKS_STORE_OP_STORE, LAY(TRANSFER_DST_OPTIMAL),
               LAY(COLOR_ATTACHMENT_OPTIMAL), LAY(COLOR_ATTACHMENT_OPTIMAL)}},
       .b = {{R_NONE, ST(COPY), AC(TRANSFER_WRITE), ST(COLOR_ATTACHMENT_OUTPUT),
              AC(COLOR_ATTACHMENT_READ) | AC(COLOR_ATTACHMENT_WRITE), .dsub = SP(0)}}},
      END_RP(12)}},
    {"store_then_read_without_dependency",
     "The implicit dependency to VK_SUBPASS_EXTERNAL has dstStageMask NONE: a later read "
     "needs an explicit one",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(UNDEFINED),
               LAY(COLOR_ATTACHMENT_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL)}}},
      END_RP(11), DRAW(12, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))},
     {{RAW, 12, 11}}},
    {"store_then_read_with_dependency",
     "If dstSubpass is VK_SUBPASS_EXTERNAL: for every b in B_a ...: subpassDep < (b, "
     "dstStage)",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(UNDEFINED),
               LAY(COLOR_ATTACHMENT_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL)}},
       .b = {{R_NONE, ST(COLOR_ATTACHMENT_OUTPUT), AC(COLOR_ATTACHMENT_WRITE),
              ST(FRAGMENT_SHADER), AC(SHADER_READ), .ssub = SP(0), .dsub = 0}}},
      END_RP(11), DRAW(12, R_IMG, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))}},
    {"draws_in_rasterization_order",
     "The order of primitives passing through the graphics pipeline ... provide additional "
     "guarantees based on submission order (attachment writes of draws in one subpass)",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(GENERAL),
               LAY(GENERAL), LAY(GENERAL)}}},
      DRAW(11, R_IMG, ST(COLOR_ATTACHMENT_OUTPUT), AC(COLOR_ATTACHMENT_WRITE)),
      DRAW(12, R_IMG, ST(COLOR_ATTACHMENT_OUTPUT), AC(COLOR_ATTACHMENT_WRITE)),
      END_RP(13)}},
    {"draw_storage_race_inside_render_pass",
     "Commands within a subpass are ordered only by submission order: a storage write "
     "read by a later draw needs a dependency",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(GENERAL),
               LAY(GENERAL), LAY(GENERAL)}}},
      DRAW(11, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_WRITE)),
      DRAW(12, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_READ)), END_RP(13)},
     {{RAW, 12, 11}}},
    {"subpass_dependency_orders_subpasses",
     "For every VkSubpassDependency subpassDep: (subpassDep.srcSubpass, DST, srcStage) < "
     "subpassDep < (subpassDep.dstSubpass, SRC, dstStage)",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .b = {{R_NONE, ST(FRAGMENT_SHADER), AC(SHADER_WRITE), ST(VERTEX_SHADER),
              AC(SHADER_READ), .ssub = SP(0), .dsub = SP(1)}}},
      DRAW(11, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_WRITE)), NEXT(12),
      DRAW(13, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_READ)), END_RP(14)}},
    {"subpasses_without_dependency",
     "commands in different subpasses have no defined submission order relative to each "
     "other",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass"},
      DRAW(11, R_A, ST(FRAGMENT_SHADER), AC(SHADER_STORAGE_WRITE)), NEXT(12),
      DRAW(13, R_A, ST(VERTEX_SHADER), AC(SHADER_STORAGE_READ)), END_RP(14)},
     {{RAW, 13, 11}}},
    {"initial_layout_mismatch",
     "The old layout (initialLayout) must ... match the current layout of the image "
     "subresource range",
     {IBAR(10, R_IMG, ST(TOP_OF_PIPE), 0, ST(COPY), AC(TRANSFER_WRITE), LAY(UNDEFINED),
           LAY(TRANSFER_DST_OPTIMAL)),
      {S_BEGIN_RP, 11, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_DONT_CARE, VKS_STORE_OP_STORE,
               LAY(SHADER_READ_ONLY_OPTIMAL), LAY(COLOR_ATTACHMENT_OPTIMAL),
               LAY(COLOR_ATTACHMENT_OPTIMAL)}},
       .b = {{R_NONE, ST(ALL_COMMANDS), AC(MEMORY_WRITE), ST(ALL_COMMANDS),
              all_reads_writes, .dsub = SP(0)}}},
      END_RP(12)},
     {{VKS_RULE_LAYOUT_MISMATCH, 11, 10}}},
    {"final_layout_then_wrong_layout_use",
     "finalLayout is the layout the attachment image subresource will be transitioned to "
     "when a render pass instance ends",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_IMG, false, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(UNDEFINED),
               LAY(COLOR_ATTACHMENT_OPTIMAL), LAY(SHADER_READ_ONLY_OPTIMAL)}},
       .b = {{R_NONE, ST(COLOR_ATTACHMENT_OUTPUT), AC(COLOR_ATTACHMENT_WRITE), ST(COPY),
              AC(TRANSFER_READ), .ssub = SP(0), .dsub = 0}}},
      END_RP(11),
      IMG(12, "vkCmdCopyImageToBuffer", R_IMG, ST(COPY), AC(TRANSFER_READ),
          LAY(TRANSFER_SRC_OPTIMAL))},
     {{VKS_RULE_LAYOUT_MISMATCH, 12, 11}}},
    {"depth_load_and_store_stages",
     "Load operations for depth/stencil attachments execute in EARLY_FRAGMENT_TESTS, store "
     "operations in LATE_FRAGMENT_TESTS",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_DEPTH, true, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(UNDEFINED),
               LAY(DEPTH_STENCIL_ATTACHMENT_OPTIMAL), LAY(DEPTH_STENCIL_READ_ONLY_OPTIMAL)}},
       .b = {{R_NONE, ST(LATE_FRAGMENT_TESTS), AC(DEPTH_STENCIL_ATTACHMENT_WRITE),
              ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ), .ssub = SP(0), .dsub = 0}}},
      DRAW(11, R_DEPTH, ST(EARLY_FRAGMENT_TESTS), AC(DEPTH_STENCIL_ATTACHMENT_WRITE)),
      END_RP(12), DRAW(13, R_DEPTH, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))}},
    {"depth_store_wrong_source_stage",
     "Store operations for depth/stencil attachments execute in LATE_FRAGMENT_TESTS: an "
     "EARLY_FRAGMENT_TESTS source does not include them",
     {{S_BEGIN_RP, 10, "vkCmdBeginRenderPass",
       .at = {{R_DEPTH, true, VKS_LOAD_OP_CLEAR, VKS_STORE_OP_STORE, LAY(UNDEFINED),
               LAY(DEPTH_STENCIL_ATTACHMENT_OPTIMAL), LAY(DEPTH_STENCIL_ATTACHMENT_OPTIMAL)}},
       .b = {{R_NONE, ST(EARLY_FRAGMENT_TESTS), AC(DEPTH_STENCIL_ATTACHMENT_WRITE),
              ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ), .ssub = SP(0), .dsub = 0}}},
      END_RP(12), DRAW(13, R_DEPTH, ST(FRAGMENT_SHADER), AC(SHADER_SAMPLED_READ))},
     {{RAW, 13, 12}}},

    /* ---- Queue Family Ownership Transfer ---- */
    {"qfot_release_and_acquire",
     "A queue family ownership transfer consists of two distinct parts: release ... "
     "acquire",
     {NEW_CB(QF(0)), QBAR(10, R_A, ST(COPY), AC(TRANSFER_WRITE), 0, 0, 0, 1), NEW_CB(QF(1)),
      QBAR(20, R_A, 0, 0, ST(COMPUTE_SHADER), AC(SHADER_READ), 0, 1)}},
    {"qfot_release_without_acquire",
     "An application must ensure that these operations occur in the correct order ... the "
     "release needs an acquire on the destination family",
     {NEW_CB(QF(0)), QBAR(10, R_A, ST(COPY), AC(TRANSFER_WRITE), 0, 0, 0, 1)},
     {{VKS_RULE_SUBMIT_QFOT_UNMATCHED, 10, 0}}},
    {"qfot_acquire_without_release",
     "The buffer range or image subresource range specified in an acquire operation must "
     "match exactly that of a previous release operation",
     {NEW_CB(QF(1)), QBAR(20, R_A, 0, 0, ST(COMPUTE_SHADER), AC(SHADER_READ), 0, 1)},
     {{VKS_RULE_SUBMIT_QFOT_UNMATCHED, 20, 0}}},
    {"qfot_ranges_differ",
     "The buffer range ... specified in an acquire operation must match exactly that of a "
     "previous release operation",
     {NEW_CB(QF(0)),
      {S_BARRIER, 10, .b = {{R_A, ST(COPY), AC(TRANSFER_WRITE), 0, 0, 0, 512,
                             .sqf = QF(0), .dqf = QF(1)}}},
      NEW_CB(QF(1)), QBAR(20, R_A, 0, 0, ST(COMPUTE_SHADER), AC(SHADER_READ), 0, 1)},
     {{VKS_RULE_SUBMIT_QFOT_UNMATCHED, 10, 0}, {VKS_RULE_SUBMIT_QFOT_UNMATCHED, 20, 0}}},
    {"qfot_layouts_differ",
     "the values of oldLayout and newLayout in the release operation's memory barrier "
     "must be equal to values of oldLayout and newLayout in the acquire operation's",
     {NEW_CB(QF(0)),
      {S_BARRIER, 10, .b = {{R_IMG, ST(COPY), AC(TRANSFER_WRITE), 0, 0,
                             .old_layout = LAY(TRANSFER_DST_OPTIMAL),
                             .new_layout = LAY(SHADER_READ_ONLY_OPTIMAL), .sqf = QF(0),
                             .dqf = QF(1)}}},
      NEW_CB(QF(1)),
      {S_BARRIER, 20, .b = {{R_IMG, 0, 0, ST(FRAGMENT_SHADER), AC(SHADER_READ),
                             .old_layout = LAY(TRANSFER_DST_OPTIMAL),
                             .new_layout = LAY(GENERAL), .sqf = QF(0), .dqf = QF(1)}}}},
     {{VKS_RULE_SUBMIT_QFOT_UNMATCHED, 10, 0}, {VKS_RULE_SUBMIT_QFOT_UNMATCHED, 20, 0}}},
    {"qfot_same_family_is_no_transfer",
     "If the values of srcQueueFamilyIndex and dstQueueFamilyIndex are equal, no ownership "
     "transfer is performed",
     {NEW_CB(QF(0)), FILL(10, R_A),
      QBAR(11, R_A, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ), 0, 0),
      COPY_FROM(12, R_A)}},
    {"qfot_release_makes_nothing_visible",
     "dstAccessMask is ignored for such a barrier, such that no visibility operation is "
     "executed",
     {NEW_CB(QF(0)), FILL(10, R_A),
      QBAR(11, R_A, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ), 0, 1),
      COPY_FROM(12, R_A), NEW_CB(QF(1)),
      QBAR(20, R_A, 0, 0, ST(COPY), AC(TRANSFER_READ), 0, 1)},
     {{RAW, 12, 10}}},
    {"qfot_acquire_orders_nothing_before",
     "As the first synchronization scope for an acquire operation is empty there is no "
     "happens-before dependency",
     {NEW_CB(QF(0)), QBAR(10, R_A, ST(CLEAR), AC(TRANSFER_WRITE), 0, 0, 0, 1), NEW_CB(QF(1)),
      FILL(20, R_A), QBAR(21, R_A, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                          AC(TRANSFER_READ), 0, 1),
      COPY_FROM(22, R_A)},
     {{RAW, 22, 20}}},
    {"qfot_unknown_family_pairs",
     "A release and an acquire on command buffers of unknown queue families: matched by "
     "range and families",
     {QBAR(10, R_A, ST(COPY), AC(TRANSFER_WRITE), 0, 0, 0, 1), NEW_CB(0),
      QBAR(20, R_A, 0, 0, ST(COMPUTE_SHADER), AC(SHADER_READ), 0, 1)}},
};

/* ---- building a case ---- */

typedef struct {
    vks_program *p;
    vks_res_id res[R_UNKNOWN + 1];
    uint32_t cb;
    uint32_t events[2];
} built;

static vks_loc loc(unsigned line)
{
    return test_loc(line);
}

static uint32_t layout_of(uint32_t encoded)
{
    return encoded ? encoded - 1 : VKS_LAYOUT_UNKNOWN;
}

static vks_region region_of(const built *b, int res, uint64_t off, uint64_t size,
                            uint32_t mip, uint32_t mips, uint32_t layer,
                            uint32_t layers, uint32_t aspect)
{
    vks_res_id id = b->res[res];
    if (res == R_IMG || res == R_DEPTH) {
        uint32_t own = res == R_IMG ? VK_IMAGE_ASPECT_COLOR_BIT
                                    : VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
        return vks_image_region(id, aspect ? aspect : own, mip,
                                mips ? mips : VKS_REMAINING, layer,
                                layers ? layers : VKS_REMAINING);
    }
    return vks_buffer_region(id, off, size ? size : VKS_WHOLE);
}

static vks_mask mask(uint64_t bits, bool unknown)
{
    return unknown ? VKS_MASK_UNKNOWN : VKS_MASK(bits);
}

static vks_barrier make_barrier(const built *b, const bar *x, unsigned line)
{
    vks_barrier out;
    vks_mask s = mask(x->src, x->unknown_masks), sa = mask(x->srca, x->unknown_masks);
    vks_mask d = mask(x->dst, x->unknown_masks), da = mask(x->dsta, x->unknown_masks);
    if (x->res == R_NONE) {
        out = vks_global_barrier(s, sa, d, da, loc(line));
    } else {
        vks_region r = x->res == R_UNKNOWN
                           ? (vks_region){.res = VKS_RES_UNKNOWN}
                           : region_of(b, x->res, x->off, x->size, x->mip, x->mips,
                                       x->layer, x->layers, x->aspect);
        if (x->unknown_range)
            r.range_known = false;
        if (x->res == R_IMG || x->res == R_DEPTH)
            out = vks_image_barrier(s, sa, d, da, r, layout_of(x->old_layout),
                                    layout_of(x->new_layout), loc(line));
        else
            out = vks_buffer_barrier(s, sa, d, da, r, loc(line));
    }
    if (x->sqf || x->dqf) {
        out.src_queue_family = x->sqf - 1;
        out.dst_queue_family = x->dqf - 1;
    }
    out.src_subpass = x->ssub ? x->ssub - 1 : VKS_SUBPASS_EXTERNAL;
    out.dst_subpass = x->dsub ? x->dsub - 1 : VKS_SUBPASS_EXTERNAL;
    return out;
}

static bool bar_given(const bar *x)
{
    return x->res || x->src || x->srca || x->dst || x->dsta || x->unknown_masks ||
           x->old_layout || x->new_layout;
}

static void add_step(built *b, const step *st)
{
    static const char *names[] = {
        [S_BARRIER] = "vkCmdPipelineBarrier2", [S_SET] = "vkCmdSetEvent2",
        [S_RESET] = "vkCmdResetEvent2", [S_WAIT] = "vkCmdWaitEvents2",
        [S_BEGIN_RP] = "vkCmdBeginRenderPass", [S_NEXT_SUBPASS] = "vkCmdNextSubpass",
        [S_END_RP] = "vkCmdEndRenderPass", [S_UNKNOWN_CMD] = "vkCmdUnknown"};
    static const vks_cmd_kind kinds[] = {
        [S_ACCESS] = VKS_CMD_ACTION, [S_BARRIER] = VKS_CMD_BARRIER,
        [S_SET] = VKS_CMD_SET_EVENT, [S_RESET] = VKS_CMD_RESET_EVENT,
        [S_WAIT] = VKS_CMD_WAIT_EVENTS, [S_BEGIN_RP] = VKS_CMD_BEGIN_RENDER_PASS,
        [S_NEXT_SUBPASS] = VKS_CMD_NEXT_SUBPASS, [S_END_RP] = VKS_CMD_END_RENDER_PASS,
        [S_UNKNOWN_CMD] = VKS_CMD_UNKNOWN};
    if (st->kind == S_NEW_CMDBUF) {
        b->cb = vks_begin_cmdbuf(b->p, "cmd2", "record", loc(1));
        b->p->cmdbufs[b->cb].queue_family = st->family ? st->family - 1
                                                       : VKS_QUEUE_FAMILY_IGNORED;
        return;
    }
    vks_cmd *cmd = vks_add_cmd(b->p, b->cb, kinds[st->kind],
                               st->name ? st->name : names[st->kind], loc(st->line));
    for (int i = 0; i < 2; i++) {
        const acc *a = &st->a[i];
        if (!a->res && !a->unknown)
            continue;
        if (a->unknown) {
            vks_cmd_add_access(b->p, cmd, vks_unknown_access());
            continue;
        }
        vks_access access = vks_known_access(region_of(b, a->res, a->off, a->size, a->mip,
                                                       a->mips, a->layer, a->layers,
                                                       a->aspect),
                                             a->stage, a->access);
        access.layout = layout_of(a->layout);
        vks_cmd_add_access(b->p, cmd, access);
    }
    for (int i = 0; i < 3; i++)
        if (bar_given(&st->b[i]) || (i == 0 && (st->kind == S_SET || st->kind == S_WAIT ||
                                                st->kind == S_BARRIER)))
            vks_cmd_add_barrier(b->p, cmd, make_barrier(b, &st->b[i], st->line));
    for (int i = 0; i < 2; i++)
        if (st->event[i])
            vks_cmd_add_event(b->p, cmd, b->events[st->event[i] - 1]);
    for (int i = 0; i < 2; i++) {
        const att *t = &st->at[i];
        if (!t->res)
            continue;
        vks_attachment a = {
            .region = region_of(b, t->res, 0, 0, 0, 0, 0, 0, 0),
            .depth_stencil = t->depth, .load_op = t->load, .store_op = t->store,
            .initial_layout = layout_of(t->initial), .layout = layout_of(t->layout),
            .final_layout = layout_of(t->final), .loc = loc(st->line)};
        vks_cmd_add_attachment(b->p, cmd, a);
    }
}

static void build(built *b, vks_arena *arena, const conformance_case *c)
{
    memset(b, 0, sizeof *b);
    b->p = vks_program_new(arena);
    b->res[R_A] = vks_add_buffer(b->p, "a", 1024, loc(2));
    b->res[R_B] = vks_add_buffer(b->p, "b", 1024, loc(3));
    b->res[R_IMG] = vks_add_image(b->p, "img", IMG_MIPS, IMG_LAYERS, VKS_LAYOUT_UNKNOWN, loc(4));
    b->res[R_DEPTH] = vks_add_image(b->p, "depth", 1, 1, VKS_LAYOUT_UNKNOWN, loc(5));
    b->res[R_UNKNOWN] = VKS_RES_UNKNOWN;
    b->events[0] = vks_add_event(b->p, "ev0");
    b->events[1] = vks_add_event(b->p, "ev1");
    /* A case that starts with NEW_CB sets the first command buffer's family. */
    size_t first = 0;
    if (c->steps[0].kind == S_NEW_CMDBUF)
        first = 0;
    else
        b->cb = vks_begin_cmdbuf(b->p, "cmd", "record", loc(1));
    for (size_t i = first; i < sizeof c->steps / sizeof *c->steps && c->steps[i].kind; i++)
        add_step(b, &c->steps[i]);
}

/* ---- running ---- */

static size_t count_wanted(const conformance_case *c)
{
    size_t n = 0;
    while (n < 3 && c->want[n].line)
        n++;
    return n;
}

static bool matches(const vks_finding *f, const expect *e)
{
    if (f->rule != e->rule || f->loc.line != e->line)
        return false;
    const char *hazard = vks_rule_get(e->rule)->syncval_hazard;
    if (hazard[0] ? !f->hazard || strcmp(f->hazard, hazard) != 0 : f->hazard != NULL)
        return false;
    if (!e->earlier)
        return true;
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind != VKS_NOTE_PATH)
            return f->notes[i].loc.line == e->earlier;
    return false;
}

static void describe_findings(const vks_findings *found, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < found->count && used < size; i++) {
        const vks_finding *f = &found->items[i];
        int w = snprintf(buf + used, size - used, " [%s line %u: %s]",
                         vks_rule_get(f->rule)->id, f->loc.line, f->message);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

START_TEST(conformance)
{
    const conformance_case *c = &cases[_i];
    vks_arena *arena = vks_arena_new();
    built b;
    build(&b, arena, c);
    vks_findings found = {.arena = arena};
    vks_stats stats = {0};
    vks_check_program(b.p, &found, &stats);

    char got[4096];
    describe_findings(&found, got, sizeof got);
    /* VKS_CONFORMANCE_VERBOSE=1: print every finding with its notes. */
    if (getenv("VKS_CONFORMANCE_VERBOSE"))
        for (size_t i = 0; i < found.count; i++) {
            const vks_finding *f = &found.items[i];
            printf("%s: %u: %s [%s]\n", c->name, f->loc.line, f->message,
                   vks_rule_get(f->rule)->id);
            for (size_t n = 0; n < f->note_count; n++)
                printf("    note %u: %s\n", f->notes[n].loc.line, f->notes[n].message);
        }
    size_t wanted = count_wanted(c);
    ck_assert_msg(found.count == wanted, "%s (%s): expected %zu findings, got%s",
                  c->name, c->rule_text, wanted, found.count ? got : " none");
    for (size_t w = 0; w < wanted; w++) {
        bool hit = false;
        for (size_t i = 0; i < found.count && !hit; i++)
            hit = matches(&found.items[i], &c->want[w]);
        ck_assert_msg(hit, "%s: expected %s at line %u (earlier %u), got%s", c->name,
                      vks_rule_get(c->want[w].rule)->id, c->want[w].line,
                      c->want[w].earlier, got);
    }
    vks_arena_free(arena);
}
END_TEST

START_TEST(enough_cases_with_twins)
{
    size_t n = sizeof cases / sizeof *cases, clean = 0;
    for (size_t i = 0; i < n; i++)
        clean += count_wanted(&cases[i]) == 0;
    ck_assert_uint_ge(n, 80);
    /* Race-free twins: at least a third of the cases expect silence. */
    ck_assert_uint_ge(clean * 3, n);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("conformance");
    TCase *tc = tcase_create("conformance");
    tcase_add_loop_test(tc, conformance, 0, (int)(sizeof cases / sizeof *cases));
    tcase_add_test(tc, enough_cases_with_twins);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
