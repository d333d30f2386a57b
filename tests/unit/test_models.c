/*
 * test_models.c - the Vulkan models of the C front end, driven without
 * libclang: each test builds the evaluated arguments of a few calls by hand
 * (values.c), hands each call record to the entry-point table
 * (analyzer/entry_points.c) as the evaluator would, and compares the whole
 * printed program with the expected text, as Mesa's NIR tests compare
 * printed shaders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"
#include "util.h"

typedef struct {
    vks_arena *arena;
    vks_program *program;
    vks_findings findings;
    vks_stats stats;
    fe_ctx cx;
    unsigned line;
} bench;

static bench *bench_new(void)
{
    bench *b = calloc(1, sizeof *b);
    b->arena = vks_arena_new();
    b->program = vks_program_new(b->arena);
    b->findings.arena = b->arena;
    b->cx = (fe_ctx){.arena = b->arena,
                     .program = b->program,
                     .findings = &b->findings,
                     .stats = &b->stats,
                     .default_path = "test.c",
                     .root_function = "record"};
    return b;
}

static void bench_free(bench *b)
{
    vks_arena_free(b->arena);
    free(b);
}

static fe_val *sym(bench *b, const char *name)
{
    return fe_sym(&b->cx, name, name);
}

static fe_val *num(bench *b, uint64_t v)
{
    return fe_int(&b->cx, v);
}

/* &object, as the evaluator makes it. */
static fe_val *address_of(bench *b, fe_val *object)
{
    fe_val *p = fe_int(&b->cx, 0);
    p->kind = VAL_PTR;
    p->target = object;
    p->single = true;
    return p;
}

/* A struct initialised `{.name = value, ...}` (members not named are 0). */
static fe_val *record_of(bench *b, const char *const *names, fe_val *const *values,
                         unsigned n)
{
    fe_val *s = fe_unknown(&b->cx);
    s->aggregate = true;
    s->zero_rest = true;
    for (unsigned i = 0; i < n; i++)
        fe_assign(&b->cx, fe_child(&b->cx, s, names[i]), values[i]);
    return s;
}

/* Calls `name` with argc evaluated arguments on the next line of test.c;
   returns whether the table handled it. */
static bool call(bench *b, const char *name, unsigned argc, fe_val **args)
{
    fe_arg *facts = vks_arena_alloc(b->arena, sizeof *facts * (argc + 1));
    for (unsigned i = 0; i < argc; i++)
        facts[i].text = args[i]->spelling ? args[i]->spelling : "?";
    fe_call c = {.name = name, .spelling = name, .loc = test_loc(++b->line),
                 .args = args, .arg_facts = facts, .argc = argc};
    return fe_vulkan_call(&b->cx, &c);
}

#define CALL(b, name, ...)                                                     \
    call(b, name, sizeof((fe_val *[]){__VA_ARGS__}) / sizeof(fe_val *),        \
         (fe_val *[]){__VA_ARGS__})

static char *printed(bench *b)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    vks_program_print(b->program, out);
    fclose(out);
    return text;
}

static void assert_program(bench *b, const char *expected)
{
    char *text = printed(b);
    ck_assert_str_eq(text, expected);
    free(text);
}

/* vkCmdFillBuffer then vkCmdCopyBuffer of one region: the fill writes the
   source in CLEAR, the copy reads it and writes the destination in COPY
   ("Copy Commands"). */
START_TEST(fill_then_copy)
{
    bench *b = bench_new();
    fe_val *cmd = sym(b, "cmd"), *src = sym(b, "src"), *dst = sym(b, "dst");
    ck_assert(CALL(b, "vkBeginCommandBuffer", cmd, num(b, 0)));
    ck_assert(CALL(b, "vkCmdFillBuffer", cmd, src, num(b, 0), num(b, 256), num(b, 0)));
    fe_val *region = record_of(b, (const char *[]){"srcOffset", "dstOffset", "size"},
                               (fe_val *[]){num(b, 0), num(b, 64), num(b, 128)}, 3);
    ck_assert(CALL(b, "vkCmdCopyBuffer", cmd, src, dst, num(b, 1), address_of(b, region)));
    ck_assert(CALL(b, "vkEndCommandBuffer", cmd));
    assert_program(b,
        "cmdbuf cmd in record (test.c:1)\n"
        "  2: vkCmdFillBuffer\n"
        "    write CLEAR:TRANSFER_WRITE src[0:256]\n"
        "  3: vkCmdCopyBuffer\n"
        "    read COPY:TRANSFER_READ src[0:128]\n"
        "    write COPY:TRANSFER_WRITE dst[64:192]\n");
    bench_free(b);
}
END_TEST

/* vkCmdPipelineBarrier2 with one VkBufferMemoryBarrier2: a buffer barrier
   with the struct's own stage and access masks. */
START_TEST(sync2_buffer_barrier)
{
    bench *b = bench_new();
    fe_val *cmd = sym(b, "cmd"), *buf = sym(b, "buf");
    CALL(b, "vkBeginCommandBuffer", cmd, num(b, 0));
    fe_val *barrier = record_of(
        b,
        (const char *[]){"srcStageMask", "srcAccessMask", "dstStageMask",
                         "dstAccessMask", "buffer", "offset", "size"},
        (fe_val *[]){num(b, VK_PIPELINE_STAGE_2_CLEAR_BIT),
                     num(b, VK_ACCESS_2_TRANSFER_WRITE_BIT),
                     num(b, VK_PIPELINE_STAGE_2_COPY_BIT),
                     num(b, VK_ACCESS_2_TRANSFER_READ_BIT), buf, num(b, 0),
                     num(b, VK_WHOLE_SIZE)},
        7);
    barrier->loc = test_loc(40);
    fe_val *info = record_of(
        b, (const char *[]){"bufferMemoryBarrierCount", "pBufferMemoryBarriers"},
        (fe_val *[]){num(b, 1), address_of(b, barrier)}, 2);
    ck_assert(CALL(b, "vkCmdPipelineBarrier2", cmd, address_of(b, info)));
    CALL(b, "vkEndCommandBuffer", cmd);
    assert_program(b,
        "cmdbuf cmd in record (test.c:1)\n"
        "  2: vkCmdPipelineBarrier2\n"
        "    barrier buffer src=CLEAR srcAccess=TRANSFER_WRITE dst=COPY "
        "dstAccess=TRANSFER_READ buf[0:]\n");
    bench_free(b);
}
END_TEST

/* What the table does not model is never guessed: a vkCmd* it does not
   know, and a known one with too few arguments, are unmodelled commands
   with one unknown access; a vkCmd* on a command buffer with no recording
   open records nothing; an entry point that is not a vkCmd* and not in the
   table is not handled (the evaluator forgets its out-parameters). */
START_TEST(unknown_commands)
{
    bench *b = bench_new();
    fe_val *cmd = sym(b, "cmd");
    CALL(b, "vkBeginCommandBuffer", cmd, num(b, 0));
    ck_assert(CALL(b, "vkCmdTraceRaysKHR", cmd, num(b, 1)));
    ck_assert(CALL(b, "vkCmdCopyBuffer", cmd, sym(b, "src")));
    ck_assert(CALL(b, "vkCmdFillBuffer", sym(b, "other"), sym(b, "src"), num(b, 0),
                   num(b, 4), num(b, 0)));
    ck_assert(!CALL(b, "vkGetPhysicalDeviceFeatures2", sym(b, "phys"), num(b, 0)));
    CALL(b, "vkEndCommandBuffer", cmd);
    assert_program(b,
        "cmdbuf cmd in record (test.c:1)\n"
        "  2: vkCmdTraceRaysKHR\n"
        "    access ?\n"
        "  3: vkCmdCopyBuffer\n"
        "    access ?\n");
    bench_free(b);
}
END_TEST

/* vkQueueSubmit of a recorded command buffer: its commands, in submission
   order, in the queue's stream; vkQueueWaitIdle a full barrier there. */
START_TEST(submit_stream)
{
    bench *b = bench_new();
    fe_val *cmd = sym(b, "cmd"), *queue = sym(b, "queue");
    CALL(b, "vkBeginCommandBuffer", cmd, num(b, 0));
    CALL(b, "vkCmdFillBuffer", cmd, sym(b, "buf"), num(b, 0), num(b, 16), num(b, 0));
    CALL(b, "vkEndCommandBuffer", cmd);
    fe_val *submit = record_of(b, (const char *[]){"commandBufferCount", "pCommandBuffers"},
                               (fe_val *[]){num(b, 1), address_of(b, cmd)}, 2);
    ck_assert(CALL(b, "vkQueueSubmit", queue, num(b, 1), address_of(b, submit), num(b, 0)));
    ck_assert(CALL(b, "vkQueueWaitIdle", queue));
    fe_finish_queue_streams(&b->cx);
    assert_program(b,
        "cmdbuf cmd in record (test.c:1)\n"
        "  2: vkCmdFillBuffer\n"
        "    write CLEAR:TRANSFER_WRITE buf[0:16]\n"
        "cmdbuf submissions to queue in record (test.c:4)\n"
        "  2: vkCmdFillBuffer\n"
        "    write CLEAR:TRANSFER_WRITE buf[0:16]\n"
        "  5: vkQueueWaitIdle\n"
        "    barrier global src=ALL_COMMANDS srcAccess=MEMORY_READ|MEMORY_WRITE "
        "dst=ALL_COMMANDS dstAccess=MEMORY_READ|MEMORY_WRITE\n");
    bench_free(b);
}
END_TEST

/* A call without a body handed the command buffer may record anything: an
   unmodelled command in the open recording. */
START_TEST(opaque_call_with_command_buffer)
{
    bench *b = bench_new();
    fe_val *cmd = sym(b, "cmd");
    CALL(b, "vkBeginCommandBuffer", cmd, num(b, 0));
    fe_arg facts[1] = {{.reaches_cmdbuf = true}};
    fe_val *args[1] = {cmd};
    fe_call helper = {.name = "record_blur", .spelling = "record_blur",
                      .loc = test_loc(++b->line), .args = args, .arg_facts = facts,
                      .argc = 1};
    fe_opaque_call(&b->cx, &helper);
    CALL(b, "vkEndCommandBuffer", cmd);
    assert_program(b,
        "cmdbuf cmd in record (test.c:1)\n"
        "  2: record_blur (not analysed)\n"
        "    access ?\n");
    bench_free(b);
}
END_TEST

/* The table: every row is found by its name, flags are where they belong. */
START_TEST(table_lookup)
{
    ck_assert_ptr_nonnull(fe_entry_point_find("vkCmdCopyBuffer"));
    ck_assert_ptr_nonnull(fe_entry_point_find("vkMapMemory2KHR"));
    ck_assert_ptr_null(fe_entry_point_find("vkCmdCopyBuffer3"));
    ck_assert(fe_entry_point_has("vkBeginCommandBuffer", FE_EP_BEGINS));
    ck_assert(fe_entry_point_has("vkQueuePresentKHR", FE_EP_SUBMITS));
    ck_assert(!fe_entry_point_has("vkQueueWaitIdle", FE_EP_SUBMITS));
    ck_assert(fe_entry_point_has("vkCreateImage", FE_EP_CREATES));
    ck_assert_uint_eq(fe_entry_point_find("vkCmdWaitEvents")->min_args, 11);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("models");
    TCase *tc = tcase_create("printed IR");
    tcase_add_test(tc, fill_then_copy);
    tcase_add_test(tc, sync2_buffer_barrier);
    tcase_add_test(tc, unknown_commands);
    tcase_add_test(tc, submit_stream);
    tcase_add_test(tc, opaque_call_with_command_buffer);
    tcase_add_test(tc, table_lookup);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
