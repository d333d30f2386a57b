/*
 * fuzz_ir.c - libFuzzer target: bytes -> a command program built through
 * include/vksync/ir.h's builder -> vks_check_program -> the text and SARIF
 * reporters, all into memory streams.
 *
 * The bytes are read as a small instruction stream (one opcode byte, then
 * its operands).  Every program built stays inside the IR's documented
 * contract (indices in range or VKS_RES_UNKNOWN, one stage bit and one access
 * bit per access, finite caller chains), because the engine may rely on it;
 * inside that contract anything goes: any bit positions, unknown masks,
 * meta flags in barriers, sizes that overflow offset+size, zero counts,
 * secondaries that execute themselves, names and paths with quotes,
 * backslashes, control characters and bytes that are not UTF-8 (the
 * reporters must escape them).  Findings are also added directly, so the
 * reporters are fuzzed even where the engine finds nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "vksync/arena.h"
#include "vksync/engine.h"
#include "vksync/finding.h"
#include "vksync/ir.h"
#include "vksync/report.h"
#include "fuzz_util.h"

typedef struct {
    const uint8_t *data;
    size_t size;
} byte_reader;

static uint8_t take_u8(byte_reader *r)
{
    if (r->size == 0)
        return 0;
    r->size--;
    return *r->data++;
}

static uint32_t take_u32(byte_reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | take_u8(r);
    return v;
}

static uint64_t take_u64(byte_reader *r)
{
    return (uint64_t)take_u32(r) << 32 | take_u32(r);
}

/* Sizes and offsets: the edges first, raw values sometimes. */
static uint64_t take_extent(byte_reader *r)
{
    static const uint64_t edges[] = {0, 1, 4, 16, 64, 256, 4096, VKS_WHOLE,
                                     VKS_WHOLE - 1, UINT64_MAX / 2 + 1};
    uint8_t sel = take_u8(r);
    if (sel < 200)
        return edges[sel % (sizeof edges / sizeof edges[0])];
    return take_u64(r);
}

static uint32_t take_count(byte_reader *r)
{
    static const uint32_t edges[] = {0, 1, 2, 3, 6, VKS_REMAINING,
                                     VKS_REMAINING - 1, 0x80000000u};
    uint8_t sel = take_u8(r);
    if (sel < 200)
        return edges[sel % (sizeof edges / sizeof edges[0])];
    return take_u32(r);
}

/* A string of up to 15 bytes, any values but NUL. */
static const char *take_string(byte_reader *r, vks_arena *arena)
{
    static const char *const common[] = {"a.c", "dir/b.c", "cmd", "staging",
                                         "ctx->depth", "", "x\"y\\z\n",
                                         "\xff\xfe", "\x01\x1f\x7f"};
    uint8_t sel = take_u8(r);
    if (sel < 192)
        return common[sel % (sizeof common / sizeof common[0])];
    size_t len = take_u8(r) % 16;
    char *s = vks_arena_alloc(arena, len + 1);
    for (size_t i = 0; i < len; i++) {
        s[i] = (char)take_u8(r);
        if (s[i] == 0)
            s[i] = 'Z';
    }
    return s;
}

static uint64_t take_single_bit(byte_reader *r)
{
    return 1ull << (take_u8(r) & 63);
}

/* Barrier masks: unknown, a real mix including meta flags, or raw bits. */
static vks_mask take_mask(byte_reader *r)
{
    static const uint64_t stage_masks[] = {
        VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
        VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT,
        VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
        VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT, VK_PIPELINE_STAGE_2_HOST_BIT, 0};
    static const uint64_t access_masks[] = {
        VK_ACCESS_2_MEMORY_READ_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
        VK_ACCESS_2_SHADER_READ_BIT, VK_ACCESS_2_SHADER_WRITE_BIT,
        VK_ACCESS_2_TRANSFER_READ_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0};
    uint8_t sel = take_u8(r);
    switch (sel % 5) {
    case 0:
        return VKS_MASK_UNKNOWN;
    case 1:
        return VKS_MASK(stage_masks[take_u8(r) % (sizeof stage_masks / sizeof stage_masks[0])]);
    case 2:
        return VKS_MASK(access_masks[take_u8(r) % (sizeof access_masks / sizeof access_masks[0])]);
    case 3:
        return VKS_MASK(take_single_bit(r));
    default:
        return VKS_MASK(take_u64(r));
    }
}

static uint32_t take_layout(byte_reader *r)
{
    uint8_t sel = take_u8(r);
    if (sel < 16)
        return sel; /* UNDEFINED .. PREINITIALIZED and a few past it */
    if (sel < 64)
        return VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    if (sel < 128)
        return VKS_LAYOUT_UNKNOWN;
    return take_u32(r);
}

/* A location; sometimes called from a helper, up to three calls deep. */
static vks_loc take_loc(byte_reader *r, vks_arena *arena, int depth)
{
    vks_loc loc = {.file = take_string(r, arena), .line = take_u8(r),
                   .col = take_u8(r)};
    if (take_u8(r) > 250)
        loc.line = take_u32(r);
    if (depth < 3 && take_u8(r) > 200) {
        vks_loc *caller = vks_arena_alloc(arena, sizeof *caller);
        *caller = take_loc(r, arena, depth + 1);
        loc.caller = caller;
    }
    return loc;
}

static vks_region take_region(byte_reader *r, const vks_program *p)
{
    uint8_t sel = take_u8(r);
    if (p->resource_count == 0 || sel % 8 == 0)
        return (vks_region){.res = VKS_RES_UNKNOWN};
    vks_res_id res = (vks_res_id)(take_u8(r) % p->resource_count);
    if (sel % 8 == 1)
        return (vks_region){.res = res, .range_known = false};
    if (sel % 8 == 2)
        return vks_whole_region(res);
    if (p->resources[res].kind == VKS_RES_BUFFER)
        return vks_buffer_region(res, take_extent(r), take_extent(r));
    return vks_image_region(res, take_u8(r) & 0xf, take_count(r), take_count(r),
                            take_count(r), take_count(r));
}

static void build_barrier(byte_reader *r, vks_program *p, vks_cmd *cmd)
{
    vks_arena *arena = p->arena;
    vks_barrier b = vks_global_barrier(take_mask(r), take_mask(r), take_mask(r),
                                       take_mask(r), take_loc(r, arena, 0));
    uint8_t kind = take_u8(r) % 3;
    if (kind != VKS_BARRIER_GLOBAL) {
        b.kind = (vks_barrier_kind)kind;
        b.region = take_region(r, p);
    }
    if (kind == VKS_BARRIER_IMAGE) {
        b.old_layout = take_layout(r);
        b.new_layout = take_layout(r);
    }
    if (take_u8(r) > 230) {
        b.src_queue_family = take_u8(r) % 3;
        b.dst_queue_family = take_u8(r) % 3;
    }
    vks_cmd_add_barrier(p, cmd, b);
}

static void build_cmd(byte_reader *r, vks_program *p, uint32_t cb)
{
    static const char *const names[] = {
        "vkCmdCopyBuffer", "vkCmdDispatch", "vkCmdPipelineBarrier2",
        "vkCmdSetEvent2", "vkCmdWaitEvents", "vkCmdBeginRenderPass",
        "vkCmdExecuteCommands", "vkCmdFillBuffer", "vkCmdFrobnicate"};
    vks_arena *arena = p->arena;
    vks_cmd_kind kind = (vks_cmd_kind)(take_u8(r) % (VKS_CMD_UNKNOWN + 1));
    const char *name = names[take_u8(r) % (sizeof names / sizeof names[0])];
    vks_cmd *cmd = vks_add_cmd(p, cb, kind, name, take_loc(r, arena, 0));
    unsigned accesses = take_u8(r) % 4, barriers = take_u8(r) % 4;
    for (unsigned i = 0; i < accesses; i++) {
        if (take_u8(r) % 6 == 0) {
            vks_cmd_add_access(p, cmd, vks_unknown_access());
            continue;
        }
        vks_access a = vks_known_access(take_region(r, p), take_single_bit(r),
                                        take_single_bit(r));
        if (take_u8(r) & 1)
            a.layout = take_layout(r);
        vks_cmd_add_access(p, cmd, a);
    }
    for (unsigned i = 0; i < barriers; i++)
        build_barrier(r, p, cmd);
    if (take_u8(r) > 240)
        cmd->dependency_flags = take_mask(r);
    if (kind == VKS_CMD_SET_EVENT || kind == VKS_CMD_RESET_EVENT ||
        kind == VKS_CMD_WAIT_EVENTS) {
        if (p->event_count == 0 || take_u8(r) > 200)
            vks_add_event(p, take_string(r, arena));
        cmd->event = (uint32_t)(take_u8(r) % p->event_count);
    }
    if (kind == VKS_CMD_EXECUTE_COMMANDS)
        /* Any recorded command buffer, this one included: a cycle is
           invalid Vulkan but valid C, so the engine must survive it. */
        cmd->secondary = (uint32_t)(take_u8(r) % p->cmdbuf_count);
}

static void add_finding(byte_reader *r, vks_findings *findings, vks_arena *arena)
{
    vks_rule rule = (vks_rule)(take_u8(r) % VKS_RULE_COUNT);
    const char *hazard = take_u8(r) & 1 ? take_string(r, arena) : NULL;
    vks_finding *f = vks_finding_add(findings, rule, hazard,
                                     take_loc(r, arena, 0), take_string(r, arena));
    unsigned notes = take_u8(r) % 5;
    for (unsigned i = 0; i < notes; i++)
        vks_finding_note(findings, f, (vks_note_kind)(take_u8(r) % 4),
                         take_loc(r, arena, 0), take_string(r, arena));
}

/* Caps keep one input's work small, so the fuzzer explores breadth. */
enum { MAX_OPS = 256, MAX_INPUTS = 4, MAX_NOTIFICATIONS = 2 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    byte_reader r = {data, size};
    vks_arena *arena = vks_arena_new();
    vks_program *p = vks_program_new(arena);
    vks_findings findings = {.arena = arena};
    vks_stats stats = {0};
    const char *inputs[MAX_INPUTS], *notifications[MAX_NOTIFICATIONS];
    size_t input_count = 0, notification_count = 0;
    int32_t cb = -1;

    for (int op = 0; op < MAX_OPS && r.size > 0; op++) {
        switch (take_u8(&r) % 10) {
        case 0:
            vks_add_buffer(p, take_string(&r, arena), take_extent(&r),
                           take_loc(&r, arena, 0));
            break;
        case 1:
            vks_add_image(p, take_string(&r, arena), take_count(&r),
                          take_count(&r), take_layout(&r), take_loc(&r, arena, 0));
            break;
        case 2:
            cb = (int32_t)vks_begin_cmdbuf(p, take_string(&r, arena),
                                           take_string(&r, arena),
                                           take_loc(&r, arena, 0));
            break;
        case 3:
            if (cb >= 0)
                vks_end_cmdbuf(p, (uint32_t)cb, take_loc(&r, arena, 0));
            break;
        case 4:
        case 5:
        case 6:
            if (cb < 0)
                cb = (int32_t)vks_begin_cmdbuf(p, "cmd", "record", (vks_loc){0});
            build_cmd(&r, p, (uint32_t)cb);
            break;
        case 7:
            if (cb >= 0)
                vks_add_path_step(p, (uint32_t)cb, take_loc(&r, arena, 0),
                                  take_string(&r, arena));
            break;
        case 8:
            add_finding(&r, &findings, arena);
            break;
        default:
            if (input_count < MAX_INPUTS)
                inputs[input_count++] = take_string(&r, arena);
            else if (notification_count < MAX_NOTIFICATIONS)
                notifications[notification_count++] = take_string(&r, arena);
            break;
        }
    }

    vks_check_program(p, &findings, &stats);

    vks_report_options options;
    vks_report_options_init(&options);
    options.inputs = inputs;
    options.input_count = input_count;
    options.notifications = notifications;
    options.notification_count = notification_count;
    options.execution_successful = take_u8(&r) & 1;
    /* --checks and --warnings-as-errors: some rules hidden, some promoted. */
    uint8_t hidden = take_u8(&r), as_error = take_u8(&r);
    for (int i = 0; i < VKS_RULE_COUNT; i++) {
        options.enabled[i] = !(hidden >> (i % 8) & 1) || hidden < 128;
        options.as_error[i] = as_error >> (i % 8) & 1;
    }

    char *ir_text = NULL;
    size_t ir_size = 0;
    FILE *out = open_memstream(&ir_text, &ir_size);
    if (out) {
        vks_program_print(p, out);
        fclose(out);
    }
    free(ir_text);
    fuzz_report(&findings, &stats, &options);
    vks_arena_free(arena);
    return 0;
}
