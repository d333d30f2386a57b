/*
 * test_engine.c - the hazard engine (engine/hazard.c) on builder-made IR:
 * read-after-write, write-after-read, write-after-write, execution
 * dependency chains, meta flags, ranges and unknowns (Vulkan spec,
 * "Synchronization and Cache Control" chapter, "Execution and Memory
 * Dependencies").
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/engine.h"

#define ST(x) VK_PIPELINE_STAGE_2_##x##_BIT
#define AC(x) VK_ACCESS_2_##x##_BIT

typedef struct {
    vks_arena *arena;
    vks_program *p;
    uint32_t cb;
    vks_findings findings;
    vks_stats stats;
} fixture;

static void setup(fixture *f)
{
    memset(f, 0, sizeof *f);
    f->arena = vks_arena_new();
    f->p = vks_program_new(f->arena);
    f->cb = vks_begin_cmdbuf(f->p, "cmd", "record", test_loc(1));
    f->findings.arena = f->arena;
}

/* A command buffer and two 256-byte buffers, "buf" and "dst". */
static void setup_buffers(fixture *f, vks_res_id *buf, vks_res_id *dst)
{
    setup(f);
    *buf = vks_add_buffer(f->p, "buf", 256, test_loc(2));
    *dst = vks_add_buffer(f->p, "dst", 256, test_loc(3));
}

static void teardown(fixture *f)
{
    vks_arena_free(f->arena);
}

static void run(fixture *f)
{
    vks_check_program(f->p, &f->findings, &f->stats);
}

/* vkCmdFillBuffer: a clear command (CLEAR stage, TRANSFER_WRITE). */
static void fill(fixture *f, unsigned line, vks_res_id buf, uint64_t off,
                 uint64_t size)
{
    vks_cmd *c = vks_add_cmd(f->p, f->cb, VKS_CMD_ACTION, "vkCmdFillBuffer",
                             test_loc(line));
    vks_cmd_add_access(f->p, c, vks_known_access(vks_buffer_region(buf, off, size),
                                                 ST(CLEAR), AC(TRANSFER_WRITE)));
}

/* vkCmdCopyBuffer from src to dst (COPY stage). */
static void copy(fixture *f, unsigned line, vks_res_id src, vks_res_id dst)
{
    vks_cmd *c = vks_add_cmd(f->p, f->cb, VKS_CMD_ACTION, "vkCmdCopyBuffer",
                             test_loc(line));
    vks_cmd_add_access(f->p, c, vks_known_access(vks_whole_region(src),
                                                 ST(COPY), AC(TRANSFER_READ)));
    vks_cmd_add_access(f->p, c, vks_known_access(vks_whole_region(dst),
                                                 ST(COPY), AC(TRANSFER_WRITE)));
}

static void dispatch_reads(fixture *f, unsigned line, vks_res_id buf)
{
    vks_cmd *c = vks_add_cmd(f->p, f->cb, VKS_CMD_ACTION, "vkCmdDispatch",
                             test_loc(line));
    vks_cmd_add_access(f->p, c, vks_known_access(vks_whole_region(buf),
                                                 ST(COMPUTE_SHADER),
                                                 AC(SHADER_STORAGE_READ)));
}

static void global_barrier(fixture *f, unsigned line, uint64_t src,
                           uint64_t src_access, uint64_t dst, uint64_t dst_access)
{
    vks_cmd *c = vks_add_cmd(f->p, f->cb, VKS_CMD_BARRIER,
                             "vkCmdPipelineBarrier2", test_loc(line));
    vks_cmd_add_barrier(f->p, c, vks_global_barrier(VKS_MASK(src),
                                                    VKS_MASK(src_access),
                                                    VKS_MASK(dst),
                                                    VKS_MASK(dst_access),
                                                    test_loc(line)));
}

static void buffer_barrier(fixture *f, unsigned line, uint64_t src,
                           uint64_t src_access, uint64_t dst,
                           uint64_t dst_access, vks_region region)
{
    vks_cmd *c = vks_add_cmd(f->p, f->cb, VKS_CMD_BARRIER,
                             "vkCmdPipelineBarrier2", test_loc(line));
    vks_cmd_add_barrier(f->p, c, vks_buffer_barrier(VKS_MASK(src),
                                                    VKS_MASK(src_access),
                                                    VKS_MASK(dst),
                                                    VKS_MASK(dst_access),
                                                    region, test_loc(line)));
}

/* Asserts exactly one finding, with its rule, hazard, line and first
   non-path note line (the earlier access). */
static const vks_finding *expect_one(fixture *f, vks_rule rule,
                                     const char *hazard, unsigned line,
                                     unsigned earlier_line)
{
    ck_assert_uint_eq(f->findings.count, 1);
    const vks_finding *x = &f->findings.items[0];
    ck_assert_str_eq(vks_rule_get(x->rule)->id, vks_rule_get(rule)->id);
    ck_assert_str_eq(x->hazard, hazard);
    ck_assert_uint_eq(x->loc.line, line);
    ck_assert_uint_ge(x->note_count, 1);
    ck_assert_int_eq(x->notes[0].kind, VKS_NOTE_EARLIER_ACCESS);
    ck_assert_uint_eq(x->notes[0].loc.line, earlier_line);
    return x;
}

static bool has_sync_note(const vks_finding *x, unsigned line, const char *text)
{
    for (size_t i = 0; i < x->note_count; i++)
        if (x->notes[i].kind == VKS_NOTE_SYNC && x->notes[i].loc.line == line &&
            strstr(x->notes[i].message, text))
            return true;
    return false;
}

START_TEST(fill_then_copy_without_barrier_is_raw)
{
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    copy(&f, 11, buf, dst);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 11, 10);
    ck_assert_str_eq(x->message,
                     "vkCmdCopyBuffer reads 'buf' (COPY:TRANSFER_READ) before the "
                     "write by vkCmdFillBuffer (CLEAR:TRANSFER_WRITE) is made "
                     "visible to it, with no barrier between them");
    ck_assert_str_eq(x->notes[0].message,
                     "vkCmdFillBuffer writes 'buf' here (CLEAR:TRANSFER_WRITE)");
    teardown(&f);
}
END_TEST

START_TEST(transfer_barrier_orders_fill_and_copy)
{
    /* Both spellings of the right barrier: TRANSFER (meta, = ALL_TRANSFER)
       and COPY|CLEAR -> COPY. */
    for (int spelling = 0; spelling < 2; spelling++) {
        fixture f;
        vks_res_id buf, dst;
        setup_buffers(&f, &buf, &dst);
        fill(&f, 10, buf, 0, VKS_WHOLE);
        if (spelling == 0)
            global_barrier(&f, 11, ST(ALL_TRANSFER), AC(TRANSFER_WRITE),
                           ST(ALL_TRANSFER), AC(TRANSFER_READ));
        else
            global_barrier(&f, 11, ST(COPY) | ST(CLEAR), AC(TRANSFER_WRITE),
                           ST(COPY), AC(TRANSFER_READ));
        copy(&f, 12, buf, dst);
        run(&f);
        ck_assert_uint_eq(f.findings.count, 0);
        ck_assert_uint_ge(f.stats.pairs_proved_ordered, 1);
        teardown(&f);
    }
}
END_TEST

START_TEST(barrier_without_access_masks_is_raw_with_sync_note)
{
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(COPY) | ST(CLEAR), 0, ST(COPY), 0);
    copy(&f, 12, buf, dst);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 12, 10);
    ck_assert_uint_eq(x->note_count, 2);
    ck_assert(has_sync_note(x, 11, "srcAccessMask (NONE) lacks TRANSFER_WRITE"));
    ck_assert(has_sync_note(x, 11, "memory dependency missing"));
    ck_assert(has_sync_note(x, 11, "dstAccessMask (NONE) lacks TRANSFER_READ"));
    ck_assert_ptr_null(strstr(x->message, "no barrier"));
    teardown(&f);
}
END_TEST

START_TEST(copy_then_fill_needs_only_execution_dependency)
{
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    copy(&f, 10, buf, dst);
    global_barrier(&f, 11, ST(COPY), 0, ST(CLEAR), 0);
    fill(&f, 12, buf, 0, VKS_WHOLE);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);
}
END_TEST

START_TEST(copy_then_fill_without_barrier_is_war)
{
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    copy(&f, 10, buf, dst);
    fill(&f, 12, buf, 0, VKS_WHOLE);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_WAR, "WRITE_AFTER_READ", 12, 10);
    ck_assert_ptr_nonnull(strstr(x->message, "with no barrier between them"));
    teardown(&f);
}
END_TEST

START_TEST(fill_then_fill_is_waw)
{
    fixture f;
    setup(&f);
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, 128);
    global_barrier(&f, 11, ST(CLEAR), 0, ST(CLEAR), 0);
    fill(&f, 12, buf, 64, 128);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_WAW, "WRITE_AFTER_WRITE", 12, 10);
    ck_assert(has_sync_note(x, 11, "srcAccessMask (NONE) lacks TRANSFER_WRITE"));
    teardown(&f);
}
END_TEST

/* A whole-size fill, made available and visible to a copy that reads all
   256 bytes of the buffer, then an execution barrier and a second
   whole-size fill: the second fill is ordered after the read (write-after-
   read needs only the execution dependency), and nothing of the first fill
   is left unread past the buffer's end, so there is no write-after-write
   (tests/styles check_staging_refill_clean.c; before, the whole-size range
   reached past the buffer's 256 bytes and the tail was a WAW). */
START_TEST(whole_size_ranges_end_at_the_buffer_size)
{
    fixture f;
    setup(&f);
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    buffer_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ),
                   vks_buffer_region(buf, 0, VKS_WHOLE));
    vks_cmd *c = vks_add_cmd(f.p, f.cb, VKS_CMD_ACTION, "vkCmdCopyBuffer", test_loc(12));
    vks_cmd_add_access(f.p, c, vks_known_access(vks_buffer_region(buf, 0, 256),
                                                ST(COPY), AC(TRANSFER_READ)));
    global_barrier(&f, 13, ST(COPY), 0, ST(CLEAR), 0);
    fill(&f, 14, buf, 0, VKS_WHOLE);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);

    /* The same read of 128 bytes leaves the rest of the first fill unread:
       the second fill writes it without the first being made visible. */
    teardown(&f);
    setup(&f);
    buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    buffer_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY), AC(TRANSFER_READ),
                   vks_buffer_region(buf, 0, VKS_WHOLE));
    c = vks_add_cmd(f.p, f.cb, VKS_CMD_ACTION, "vkCmdCopyBuffer", test_loc(12));
    vks_cmd_add_access(f.p, c, vks_known_access(vks_buffer_region(buf, 0, 128),
                                                ST(COPY), AC(TRANSFER_READ)));
    global_barrier(&f, 13, ST(COPY), 0, ST(CLEAR), 0);
    fill(&f, 14, buf, 0, VKS_WHOLE);
    run(&f);
    expect_one(&f, VKS_RULE_HAZARD_WAW, "WRITE_AFTER_WRITE", 14, 10);
    teardown(&f);
}
END_TEST

START_TEST(disjoint_ranges_do_not_conflict)
{
    fixture f;
    setup(&f);
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, 128);
    fill(&f, 11, buf, 128, 128);
    vks_cmd *c = vks_add_cmd(f.p, f.cb, VKS_CMD_ACTION, "vkCmdDispatch", test_loc(12));
    vks_cmd_add_access(f.p, c, vks_known_access(vks_buffer_region(buf, 0, 128),
                                                ST(COMPUTE_SHADER),
                                                AC(SHADER_STORAGE_WRITE)));
    /* The two fills are disjoint; the dispatch's write overlaps only the
       first one. */
    run(&f);
    ck_assert_uint_eq(f.findings.count, 1);
    ck_assert_uint_eq(f.findings.items[0].loc.line, 12);
    ck_assert_uint_eq(f.findings.items[0].notes[0].loc.line, 10);
    teardown(&f);
}
END_TEST

START_TEST(buffer_barrier_covers_only_its_range)
{
    fixture f;
    setup(&f);
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    buffer_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER),
                   AC(SHADER_STORAGE_READ), vks_buffer_region(buf, 0, 128));
    vks_cmd *c = vks_add_cmd(f.p, f.cb, VKS_CMD_ACTION, "vkCmdDispatch", test_loc(12));
    vks_cmd_add_access(f.p, c, vks_known_access(vks_buffer_region(buf, 0, 128),
                                                ST(COMPUTE_SHADER),
                                                AC(SHADER_STORAGE_READ)));
    c = vks_add_cmd(f.p, f.cb, VKS_CMD_ACTION, "vkCmdDispatch", test_loc(13));
    vks_cmd_add_access(f.p, c, vks_known_access(vks_buffer_region(buf, 64, 128),
                                                ST(COMPUTE_SHADER),
                                                AC(SHADER_STORAGE_READ)));
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 13, 10);
    /* The barrier covers [0,128), which overlaps the read: it is named. */
    ck_assert_uint_eq(x->note_count, 2);
    ck_assert_int_eq(x->notes[1].kind, VKS_NOTE_SYNC);
    teardown(&f);
}
END_TEST

START_TEST(chain_of_two_barriers_exec_then_memory)
{
    /* B1 orders CLEAR before COMPUTE and makes the write available; B2 chains
       (its first scope COMPUTE meets B1's second scope) and makes it visible
       to COPY. */
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 12, ST(COMPUTE_SHADER), 0, ST(COPY), AC(TRANSFER_READ));
    copy(&f, 13, buf, dst);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);
}
END_TEST

START_TEST(chain_of_three_barriers_exec_exec_memory)
{
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    copy(&f, 10, buf, dst); /* reads buf */
    global_barrier(&f, 11, ST(COPY), 0, ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 12, ST(COMPUTE_SHADER), 0, ST(FRAGMENT_SHADER), 0);
    global_barrier(&f, 13, ST(FRAGMENT_SHADER), 0, ST(CLEAR), 0);
    fill(&f, 14, buf, 0, VKS_WHOLE);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);
}
END_TEST

START_TEST(chain_exec_only_then_memory_barrier_makes_available)
{
    /* Exec-only chain CLEAR->COMPUTE, COMPUTE->FRAGMENT; then the write is
       not in any first access scope (CLEAR is never named with an access):
       the write is never made available -> READ_AFTER_WRITE. */
    fixture f;
    setup(&f);
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(CLEAR), 0, ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 12, ST(COMPUTE_SHADER), 0, ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 13, ST(COMPUTE_SHADER), AC(TRANSFER_WRITE),
                   ST(COMPUTE_SHADER), AC(SHADER_STORAGE_READ));
    dispatch_reads(&f, 14, buf);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 14, 10);
    ck_assert(has_sync_note(x, 13, "does not name CLEAR explicitly"));
    ck_assert_uint_eq(x->note_count, 4);
    teardown(&f);

    /* Twin: the first barrier makes the write available; the chain carries
       the availability to the last barrier, which makes it visible. */
    setup(&f);
    buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 12, ST(COMPUTE_SHADER), 0, ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 13, ST(COMPUTE_SHADER), 0, ST(COMPUTE_SHADER),
                   AC(SHADER_STORAGE_READ));
    dispatch_reads(&f, 14, buf);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);
}
END_TEST

START_TEST(meta_flags_all_commands_memory_write_shader_read)
{
    fixture f;
    setup(&f);
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(ALL_COMMANDS), AC(MEMORY_WRITE), ST(ALL_COMMANDS),
                   AC(SHADER_READ));
    dispatch_reads(&f, 12, buf);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);

    /* SHADER_READ does not cover TRANSFER_READ. */
    setup(&f);
    buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    vks_res_id dst = vks_add_buffer(f.p, "dst", 256, test_loc(3));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(ALL_COMMANDS), AC(MEMORY_WRITE), ST(ALL_COMMANDS),
                   AC(SHADER_READ));
    copy(&f, 12, buf, dst);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 12, 10);
    ck_assert(has_sync_note(x, 11, "lacks TRANSFER_READ"));
    teardown(&f);
}
END_TEST

START_TEST(stage_that_does_not_chain_is_a_hazard)
{
    /* COMPUTE -> COMPUTE after a CLEAR write: the write is not in the first
       scope, and COMPUTE's second scope does not reach TRANSFER. */
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(COMPUTE_SHADER), AC(TRANSFER_WRITE),
                   ST(ALL_TRANSFER), AC(TRANSFER_READ));
    copy(&f, 12, buf, dst);
    run(&f);
    const vks_finding *x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 12, 10);
    ck_assert(has_sync_note(x, 11, "srcStageMask (COMPUTE_SHADER) does not include CLEAR"));
    teardown(&f);

    /* COMPUTE then TRANSFER: two barriers that do not chain. */
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COMPUTE_SHADER), 0);
    global_barrier(&f, 12, ST(ALL_TRANSFER), 0, ST(COPY), AC(TRANSFER_READ));
    copy(&f, 13, buf, dst);
    run(&f);
    x = expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 13, 10);
    ck_assert(has_sync_note(x, 11, "dstStageMask (COMPUTE_SHADER) does not include COPY"));
    teardown(&f);
}
END_TEST

START_TEST(barriers_of_one_command_do_not_chain)
{
    /* Two memory barriers in one vkCmdPipelineBarrier2 are separate
       dependencies at the same point: CLEAR->COMPUTE and COMPUTE->COPY do
       not form an execution dependency chain (the write is made available
       by the first and visible by the second, but COPY is not ordered
       after CLEAR). */
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    vks_cmd *c = vks_add_cmd(f.p, f.cb, VKS_CMD_BARRIER, "vkCmdPipelineBarrier2",
                             test_loc(11));
    vks_cmd_add_barrier(f.p, c, vks_global_barrier(
        VKS_MASK(ST(CLEAR)), VKS_MASK(AC(TRANSFER_WRITE)),
        VKS_MASK(ST(COMPUTE_SHADER)), VKS_MASK(0), test_loc(11)));
    vks_cmd_add_barrier(f.p, c, vks_global_barrier(
        VKS_MASK(ST(COMPUTE_SHADER)), VKS_MASK(0), VKS_MASK(ST(COPY)),
        VKS_MASK(AC(TRANSFER_READ)), test_loc(12)));
    copy(&f, 13, buf, dst);
    run(&f);
    expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 13, 10);
    teardown(&f);
}
END_TEST

START_TEST(unknown_values_are_silent_and_counted)
{
    /* Unknown barrier masks: taken as everything. */
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    vks_cmd *c = vks_add_cmd(f.p, f.cb, VKS_CMD_BARRIER, "vkCmdPipelineBarrier2",
                             test_loc(11));
    vks_cmd_add_barrier(f.p, c, vks_global_barrier(VKS_MASK_UNKNOWN, VKS_MASK_UNKNOWN,
                                                   VKS_MASK_UNKNOWN, VKS_MASK_UNKNOWN,
                                                   test_loc(11)));
    copy(&f, 12, buf, dst);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    ck_assert_uint_gt(f.stats.unknown_questions, 0);
    teardown(&f);

    /* A buffer barrier on an unknown buffer: applies to every resource. */
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    buffer_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                   AC(TRANSFER_READ), (vks_region){.res = VKS_RES_UNKNOWN});
    copy(&f, 12, buf, dst);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);

    /* A buffer barrier with an unknown range: the whole buffer. */
    setup_buffers(&f, &buf, &dst);
    fill(&f, 10, buf, 0, VKS_WHOLE);
    buffer_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE), ST(COPY),
                   AC(TRANSFER_READ), (vks_region){.res = buf, .range_known = false});
    copy(&f, 12, buf, dst);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    teardown(&f);

    /* Unknown accesses: neither checked nor recorded. */
    setup_buffers(&f, &buf, &dst);
    c = vks_add_cmd(f.p, f.cb, VKS_CMD_ACTION, "vkCmdDispatch", test_loc(10));
    vks_cmd_add_access(f.p, c, vks_unknown_access());
    vks_access unknown_range = vks_known_access(
        (vks_region){.res = buf, .range_known = false}, ST(COMPUTE_SHADER),
        AC(SHADER_STORAGE_WRITE));
    vks_cmd_add_access(f.p, c, unknown_range);
    copy(&f, 11, buf, dst);
    c = vks_add_cmd(f.p, f.cb, VKS_CMD_UNKNOWN, "vkCmdSomethingNew", test_loc(12));
    fill(&f, 13, dst, 0, VKS_WHOLE);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 0);
    ck_assert_uint_ge(f.stats.unknown_questions, 3);
    teardown(&f);
}
END_TEST

START_TEST(most_recent_conflicting_read_is_reported)
{
    /* Two unordered reads at different stages, then a write: one finding,
       against the more recent read (syncval's rule). */
    fixture f;
    vks_res_id buf, dst;
    setup_buffers(&f, &buf, &dst);
    copy(&f, 10, buf, dst);
    dispatch_reads(&f, 11, buf);
    fill(&f, 12, buf, 0, VKS_WHOLE);
    run(&f);
    expect_one(&f, VKS_RULE_HAZARD_WAR, "WRITE_AFTER_READ", 12, 11);
    teardown(&f);
}
END_TEST

START_TEST(path_steps_come_first)
{
    fixture f;
    setup(&f);
    vks_add_path_step(f.p, f.cb, test_loc(5), "`use_fill` is true");
    vks_res_id buf = vks_add_buffer(f.p, "buf", 256, test_loc(2));
    vks_res_id dst = vks_add_buffer(f.p, "dst", 256, test_loc(3));
    fill(&f, 10, buf, 0, VKS_WHOLE);
    copy(&f, 11, buf, dst);
    run(&f);
    ck_assert_uint_eq(f.findings.count, 1);
    const vks_finding *x = &f.findings.items[0];
    ck_assert_int_eq(x->notes[0].kind, VKS_NOTE_PATH);
    ck_assert_uint_eq(x->notes[0].loc.line, 5);
    ck_assert_int_eq(x->notes[1].kind, VKS_NOTE_EARLIER_ACCESS);
    ck_assert_uint_eq(x->notes[1].loc.line, 10);
    teardown(&f);
}
END_TEST

START_TEST(global_barrier_reaches_resources_touched_later)
{
    /* Lazy application of global barriers: many resources, a global barrier,
       then each used again - all ordered; one resource written after the
       barrier and read without a second barrier - a hazard. */
    fixture f;
    setup(&f);
    vks_res_id bufs[16];
    for (int i = 0; i < 16; i++)
        bufs[i] = vks_add_buffer(f.p, "b", 256, test_loc(2));
    for (int i = 0; i < 16; i++)
        fill(&f, 10, bufs[i], 0, VKS_WHOLE);
    global_barrier(&f, 11, ST(CLEAR), AC(TRANSFER_WRITE),
                   ST(COMPUTE_SHADER) | ST(CLEAR),
                   AC(SHADER_STORAGE_READ) | AC(TRANSFER_WRITE));
    fill(&f, 12, bufs[3], 0, VKS_WHOLE);
    for (int i = 0; i < 16; i++)
        dispatch_reads(&f, 13, bufs[i]);
    run(&f);
    expect_one(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", 13, 12);
    teardown(&f);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("engine");
    tcase_add_test(tc, fill_then_copy_without_barrier_is_raw);
    tcase_add_test(tc, transfer_barrier_orders_fill_and_copy);
    tcase_add_test(tc, barrier_without_access_masks_is_raw_with_sync_note);
    tcase_add_test(tc, copy_then_fill_needs_only_execution_dependency);
    tcase_add_test(tc, copy_then_fill_without_barrier_is_war);
    tcase_add_test(tc, fill_then_fill_is_waw);
    tcase_add_test(tc, disjoint_ranges_do_not_conflict);
    tcase_add_test(tc, whole_size_ranges_end_at_the_buffer_size);
    tcase_add_test(tc, buffer_barrier_covers_only_its_range);
    tcase_add_test(tc, chain_of_two_barriers_exec_then_memory);
    tcase_add_test(tc, chain_of_three_barriers_exec_exec_memory);
    tcase_add_test(tc, chain_exec_only_then_memory_barrier_makes_available);
    tcase_add_test(tc, meta_flags_all_commands_memory_write_shader_read);
    tcase_add_test(tc, stage_that_does_not_chain_is_a_hazard);
    tcase_add_test(tc, barriers_of_one_command_do_not_chain);
    tcase_add_test(tc, unknown_values_are_silent_and_counted);
    tcase_add_test(tc, most_recent_conflicting_read_is_reported);
    tcase_add_test(tc, path_steps_come_first);
    tcase_add_test(tc, global_barrier_reaches_resources_touched_later);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
