/*
 * test_frontend_programs.c - the front end on real program shapes (issue
 * 4): loader call styles, helper functions in other files, paths through
 * branches (with infeasible ones dropped by Z3), loops, pointers and
 * compound literals, and resource identity through all of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vksync/engine.h"

static test_analysis *analyse(const char *source)
{
    static const char *const names[] = {"rec.c"};
    test_write_file("rec.c", source);
    return test_analyse(names, 1);
}


/* The path steps of command buffer CB, "; " separated. */
static const char *steps(const test_analysis *a, size_t cb)
{
    static char buf[512];
    buf[0] = '\0';
    const vks_cmdbuf *c = &a->program->cmdbufs[cb];
    for (size_t i = 0; i < c->path_step_count; i++) {
        if (i)
            strcat(buf, "; ");
        strcat(buf, c->path_step_text[i]);
    }
    return buf;
}

START_TEST(loader_tables_globals_and_wrapper_macros)
{
    test_analysis *a = analyse(
        "#define VK_NO_PROTOTYPES\n"
        "#include <vulkan/vulkan.h>\n"
        "PFN_vkBeginCommandBuffer vkBeginCommandBuffer;\n"       /* volk */
        "PFN_vkEndCommandBuffer vkEndCommandBuffer;\n"
        "PFN_vkCmdFillBuffer vkCmdFillBuffer;\n"
        "typedef struct { PFN_vkCmdPipelineBarrier2 CmdPipelineBarrier2; } Device;\n"
        "typedef struct { void (*CmdCopyBuffer)(VkCommandBuffer, VkBuffer, VkBuffer,\n"
        "                 uint32_t, const VkBufferCopy *); } Table;\n"
        "typedef struct { PFN_vkCmdDispatch vkCmdDispatch; } Funcs;\n"
        "#define VK_CHECK(x) do { (void)(x); } while (0)\n"
        "#define FILL(c, b) vkCmdFillBuffer(c, b, 0, 64, 0)\n"
        "void record(Device *d, Table *vk, Funcs funcs, VkCommandBuffer cmd,\n"
        "            VkBuffer a, VkBuffer b) {\n"
        "    VK_CHECK(vkBeginCommandBuffer(cmd, NULL));\n"
        "    FILL(cmd, a);\n"
        "    VkMemoryBarrier2 m = {.srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,\n"
        "        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "        .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT};\n"
        "    d->CmdPipelineBarrier2(cmd, &(VkDependencyInfo){\n"
        "        .memoryBarrierCount = 1, .pMemoryBarriers = &m});\n"
        "    vk->CmdCopyBuffer(cmd, a, b, 1, &(VkBufferCopy){.size = 64});\n"
        "    funcs.vkCmdDispatch(cmd, 1, 1, 1);\n"
        "    VK_CHECK(vkEndCommandBuffer(cmd));\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_ir_body(a),
                     "  15: vkCmdFillBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE a[0:64]\n"
                     "  20: vkCmdPipelineBarrier2\n"
                     "    barrier global src=CLEAR srcAccess=TRANSFER_WRITE dst=COPY "
                     "dstAccess=TRANSFER_READ\n"
                     "  22: vkCmdCopyBuffer\n"
                     "    read COPY:TRANSFER_READ a[0:64]\n"
                     "    write COPY:TRANSFER_WRITE b[0:64]\n"
                     "  23: vkCmdDispatch\n"
                     "    access ?\n");
    /* The wrapper macro's command is located at the macro's use. */
    ck_assert_uint_eq(a->program->cmdbufs[0].cmds[0].loc.col, 5);
    test_analysis_free(a);
}
END_TEST

START_TEST(helpers_in_another_file_are_inlined_with_call_chain)
{
    test_write_file("helpers.h",
                    "#include <vulkan/vulkan.h>\n"
                    "void transition(VkCommandBuffer cmd, VkBuffer buf, VkAccessFlags src,\n"
                    "                VkAccessFlags dst);\n"
                    "void clear(VkCommandBuffer cmd, VkBuffer buf);\n");
    test_write_file("helpers.c",
                    "#include \"helpers.h\"\n"
                    "void transition(VkCommandBuffer cmd, VkBuffer buf, VkAccessFlags src,\n"
                    "                VkAccessFlags dst) {\n"
                    "    VkBufferMemoryBarrier b = {.srcAccessMask = src, .dstAccessMask = dst,\n"
                    "                               .buffer = buf, .size = VK_WHOLE_SIZE};\n"
                    "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
                    "        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b, 0, NULL);\n"
                    "}\n"
                    "static void fill(VkCommandBuffer c, VkBuffer b) { vkCmdFillBuffer(c, b, 0, 16, 1); }\n"
                    "void clear(VkCommandBuffer cmd, VkBuffer buf) { fill(cmd, buf); }\n");
    test_write_file("main.c",
                    "#include \"helpers.h\"\n"
                    "typedef struct { VkBuffer staging; VkBuffer bufs[2]; } Ctx;\n"
                    "void record(Ctx *ctx, VkCommandBuffer cmd) {\n"
                    "    vkBeginCommandBuffer(cmd, NULL);\n"
                    "    clear(cmd, ctx->staging);\n"
                    "    VkBuffer copy = ctx->staging;\n"
                    "    transition(cmd, copy, VK_ACCESS_TRANSFER_WRITE_BIT,\n"
                    "               VK_ACCESS_TRANSFER_READ_BIT);\n"
                    "    clear(cmd, ctx->bufs[0]);\n"
                    "    clear(cmd, ctx->bufs[1]);\n"
                    "    vkEndCommandBuffer(cmd);\n"
                    "}\n");
    static const char *const names[] = {"main.c", "helpers.c"};
    test_analysis *a = test_analyse(names, 2);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_ir_body(a),
                     "  9: vkCmdFillBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE ctx->staging[0:16]\n"
                     "  6: vkCmdPipelineBarrier\n"
                     "    barrier global src=ALL_TRANSFER srcAccess=NONE dst=ALL_TRANSFER "
                     "dstAccess=NONE\n"
                     "    barrier buffer src=ALL_TRANSFER srcAccess=TRANSFER_WRITE "
                     "dst=ALL_TRANSFER dstAccess=TRANSFER_READ ctx->staging[0:]\n"
                     "  9: vkCmdFillBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE ctx->bufs[0][0:16]\n"
                     "  9: vkCmdFillBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE ctx->bufs[1][0:16]\n");
    /* staging (through a local copy too), bufs[0], bufs[1]. */
    ck_assert_uint_eq(a->program->resource_count, 3);
    /* fill() in helpers.c <- clear() in helpers.c:10 <- record() main.c:5 */
    const vks_loc *loc = &a->program->cmdbufs[0].cmds[0].loc;
    ck_assert_str_eq(loc->file, test_path("helpers.c"));
    ck_assert_ptr_nonnull(loc->caller);
    ck_assert_uint_eq(loc->caller->line, 10);
    ck_assert_str_eq(loc->caller->file, test_path("helpers.c"));
    ck_assert_ptr_nonnull(loc->caller->caller);
    ck_assert_uint_eq(loc->caller->caller->line, 5);
    ck_assert_str_eq(loc->caller->caller->file, test_path("main.c"));
    ck_assert_ptr_null(loc->caller->caller->caller);
    test_analysis_free(a);
}
END_TEST

START_TEST(each_feasible_path_is_a_command_buffer)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, int use_compute, int x) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (use_compute)\n"
        "        vkCmdDispatch(cmd, 1, 1, 1);\n"
        "    else\n"
        "        vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    if (x > 3)\n"
        "        vkCmdFillBuffer(cmd, buf, 0, 8, 0);\n"
        "    if (x < 2)\n"              /* infeasible after x > 3 */
        "        vkCmdFillBuffer(cmd, buf, 0, 16, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* 2 x 3: (x > 3, x < 2) is dropped. */
    ck_assert_uint_eq(a->program->cmdbuf_count, 6);
    ck_assert_uint_eq(a->stats.paths_explored, 6);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdDispatch vkCmdFillBuffer");
    ck_assert_str_eq(steps(a, 0), "`use_compute` is true; `x > 3` is true; `x < 2` is false");
    ck_assert_uint_eq(a->program->cmdbufs[0].path_steps[0].line, 4);
    ck_assert_uint_eq(a->program->cmdbufs[0].path_steps[1].line, 8);
    for (size_t cb = 0; cb < a->program->cmdbuf_count; cb++) {
        const vks_cmdbuf *c = &a->program->cmdbufs[cb];
        size_t fills_8_or_16 = 0;
        for (size_t i = 0; i < c->cmd_count; i++)
            if (c->cmds[i].loc.line == 9 || c->cmds[i].loc.line == 11)
                fills_8_or_16++;
        ck_assert_uint_le(fills_8_or_16, 1);
    }
    ck_assert_str_eq(steps(a, 5), "`use_compute` is false; `x > 3` is false; `x < 2` is false");
    ck_assert_str_eq(test_cmd_names(a, 5), "vkCmdFillBuffer");
    test_analysis_free(a);
}
END_TEST

START_TEST(switch_cases_are_alternatives)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "enum mode { MODE_CLEAR, MODE_COPY, MODE_BOTH };\n"
        "void record(VkCommandBuffer cmd, VkBuffer a, VkBuffer b, enum mode m) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    switch (m) {\n"
        "    case MODE_BOTH:\n"
        "        vkCmdFillBuffer(cmd, a, 0, 4, 0);\n"
        "        /* fall through */\n"
        "    case MODE_COPY:\n"
        "        vkCmdCopyBuffer(cmd, a, b, 1, &(VkBufferCopy){.size = 4});\n"
        "        break;\n"
        "    default:\n"
        "        vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    }\n"
        "    if (m == MODE_BOTH)\n"    /* decided by the switch */
        "        vkCmdDispatch(cmd, 1, 1, 1);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 3);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdFillBuffer vkCmdCopyBuffer vkCmdDispatch");
    ck_assert_str_eq(steps(a, 0), "`m` is MODE_BOTH; `m == MODE_BOTH` is true");
    ck_assert_str_eq(test_cmd_names(a, 1), "vkCmdCopyBuffer");
    ck_assert_str_eq(steps(a, 1), "`m` is MODE_COPY; `m == MODE_BOTH` is false");
    ck_assert_str_eq(test_cmd_names(a, 2), "vkCmdFillBuffer");
    ck_assert_str_eq(steps(a, 2), "`m` matches no case (default); `m == MODE_BOTH` is false");
    test_analysis_free(a);
}
END_TEST

START_TEST(frame_loop_is_unrolled_twice)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "int still_running(void);\n"
        "void frame(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    while (still_running()) {\n"
        "        vkCmdCopyBuffer(cmd, src, dst, 1, &(VkBufferCopy){.size = 4});\n"
        "        vkCmdFillBuffer(cmd, src, 0, 4, 0);\n"
        "    }\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_cmd_names(a, 0),
                     "vkCmdCopyBuffer vkCmdFillBuffer vkCmdCopyBuffer vkCmdFillBuffer");
    ck_assert_str_eq(steps(a, 0),
                     "`still_running()` is assumed true (loop iteration 1 of 2); "
                     "`still_running()` is assumed true (loop iteration 2 of 2)");
    test_analysis_free(a);
}
END_TEST

/* A loop whose condition was known on its first test and unknown after
   (the flag a frame's events may clear) runs two iterations in all, as a
   loop on an unknown condition does; the iterations on an unknown
   condition used to be counted apart from the known one, three frames. */
START_TEST(frame_loop_known_then_unknown_runs_two_iterations_in_all)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "int poll_events(void);\n"
        "void frame(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst) {\n"
        "    int running = 1;\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    while (running) {\n"
        "        vkCmdCopyBuffer(cmd, src, dst, 1, &(VkBufferCopy){.size = 4});\n"
        "        running = poll_events();\n"
        "    }\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdCopyBuffer vkCmdCopyBuffer");
    ck_assert_str_eq(steps(a, 0), "`running` is assumed true (loop iteration 2 of 2)");
    test_analysis_free(a);
}
END_TEST

START_TEST(arrays_filled_in_loops_and_pointer_arithmetic)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "#define N 3\n"
        "static void set_range(VkBufferMemoryBarrier *b, VkBuffer buf, VkDeviceSize at) {\n"
        "    b->buffer = buf; b->offset = at; b->size = 16;\n"
        "    b->srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;\n"
        "    b->dstAccessMask = VK_ACCESS_SHADER_READ_BIT;\n"
        "}\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkBufferMemoryBarrier bs[N];\n"
        "    for (unsigned i = 0; i < N; i++)\n"
        "        set_range(bs + i, buf, i * 64);\n"
        "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,\n"
        "        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, N, bs, 0, NULL);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    const vks_cmd *cmd = &a->program->cmdbufs[0].cmds[0];
    ck_assert_uint_eq(cmd->barrier_count, 4);
    for (unsigned i = 0; i < 3; i++) {
        const vks_barrier *b = &cmd->barriers[1 + i];
        ck_assert_int_eq(b->kind, VKS_BARRIER_BUFFER);
        ck_assert(b->region.range_known);
        ck_assert_uint_eq(b->region.offset, i * 64);
        ck_assert_uint_eq(b->region.size, 16);
        ck_assert(b->src_access.known && b->dst_access.known);
    }
    ck_assert_uint_eq(a->program->resource_count, 1);
    test_analysis_free(a);
}
END_TEST

/* 2^11 paths: one recording function gets the run's path budget, 1,024
   (frontend.c, share_budget). */
START_TEST(too_many_paths_is_incomplete)
{
    char source[4096];
    strcpy(source, "#include <vulkan/vulkan.h>\n"
                   "void record(VkCommandBuffer cmd, VkBuffer b, const int *f) {\n"
                   "    vkBeginCommandBuffer(cmd, NULL);\n");
    for (int i = 0; i < 11; i++) {
        char line[128];
        snprintf(line, sizeof line,
                 "    if (f[%d]) vkCmdFillBuffer(cmd, b, %d, 4, 0);\n", i, i * 4);
        strcat(source, line);
    }
    strcat(source, "    vkEndCommandBuffer(cmd);\n}\n");
    test_analysis *a = analyse(source);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1024);
    ck_assert_uint_eq(a->findings.count, 1);
    ck_assert_int_eq(a->findings.items[0].rule, VKS_RULE_VKSYNC_INCOMPLETE);
    ck_assert_uint_eq(a->findings.items[0].loc.line, 2);
    ck_assert_uint_eq(a->stats.incomplete, 1);
    test_analysis_free(a);
}
END_TEST

/* `functions` recording functions, each with 2^flags paths. */
static test_analysis *analyse_functions_with_flags(int functions, int flags)
{
    size_t size = (size_t)functions * (size_t)(flags + 4) * 128 + 64;
    char *source = malloc(size);
    ck_assert_ptr_nonnull(source);
    strcpy(source, "#include <vulkan/vulkan.h>\n");
    for (int f = 0; f < functions; f++) {
        char line[160];
        snprintf(line, sizeof line,
                 "void record%d(VkCommandBuffer cmd, VkBuffer b, const int *f) {\n"
                 "    vkBeginCommandBuffer(cmd, NULL);\n", f);
        strcat(source, line);
        for (int i = 0; i < flags; i++) {
            snprintf(line, sizeof line,
                     "    if (f[%d]) vkCmdFillBuffer(cmd, b, %d, 4, 0);\n", i, i * 4);
            strcat(source, line);
        }
        strcat(source, "    vkEndCommandBuffer(cmd);\n}\n");
    }
    test_analysis *a = analyse(source);
    free(source);
    ck_assert_int_eq(a->status, 0);
    return a;
}

/* The run's budget (1,024 paths) is shared: two functions of 256 paths
   each are both analysed to the end; seventeen of 128 each get the default
   64 (their share, 1,024 / 17, is less), as a driver's fifty functions do. */
START_TEST(recording_functions_share_the_runs_path_budget)
{
    test_analysis *a = analyse_functions_with_flags(2, 8);
    ck_assert_uint_eq(a->program->cmdbuf_count, 512);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    test_analysis_free(a);
    a = analyse_functions_with_flags(17, 7);
    ck_assert_uint_eq(a->program->cmdbuf_count, 17 * 64);
    ck_assert_uint_eq(a->stats.incomplete, 17);
    test_analysis_free(a);
}
END_TEST

START_TEST(recursion_is_bounded_and_incomplete)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "static void again(VkCommandBuffer cmd, VkBuffer b, int n) {\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    again(cmd, b, n + 1);\n"
        "}\n"
        "void record(VkCommandBuffer cmd, VkBuffer b) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    again(cmd, b, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* Eighteen fills (the default depth bound), then the call past it as
       an unmodelled command: what it records is unknown, so it orders
       everything. */
    ck_assert_uint_eq(a->program->cmdbufs[0].cmd_count, 19);
    ck_assert_int_eq(a->program->cmdbufs[0].cmds[18].kind, VKS_CMD_UNKNOWN);
    ck_assert_uint_eq(a->findings.count, 1);
    ck_assert_int_eq(a->findings.items[0].rule, VKS_RULE_VKSYNC_INCOMPLETE);
    ck_assert_uint_eq(a->findings.items[0].loc.line, 4);
    test_analysis_free(a);
}
END_TEST

START_TEST(recording_begun_in_a_helper_continues_in_the_caller)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "static void begin(VkCommandBuffer c) { vkBeginCommandBuffer(c, NULL); }\n"
        "static void finish(VkCommandBuffer c) { vkEndCommandBuffer(c); }\n"
        "static void draw_frame(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    begin(cmd);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    finish(cmd);\n"
        "}\n"
        "int running(void);\n"
        "void main_loop(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    while (running())\n"
        "        draw_frame(cmd, buf);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* main_loop is where the analysis starts; its loop runs twice, and each
       iteration records cmd anew. */
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    ck_assert_str_eq(a->program->cmdbufs[0].function, "main_loop");
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdFillBuffer");
    ck_assert_str_eq(test_cmd_names(a, 1), "vkCmdFillBuffer");
    ck_assert_uint_eq(a->program->cmdbufs[0].begin.line, 2);
    ck_assert_uint_eq(a->program->cmdbufs[0].begin.caller->line, 5);
    ck_assert_str_eq(steps(a, 1),
                     "`running()` is assumed true (loop iteration 1 of 2); "
                     "`running()` is assumed true (loop iteration 2 of 2)");
    test_analysis_free(a);
}
END_TEST

/* End to end through the engine: the hazard is on the path without the
   barrier only, and its notes say which way the branch went. */
START_TEST(hazard_only_on_the_path_without_the_barrier)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, VkBuffer dst, int sync) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 16, 0);\n"
        "    if (sync) {\n"
        "        VkMemoryBarrier m = {.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "                             .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};\n"
        "        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
        "            VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &m, 0, NULL, 0, NULL);\n"
        "    }\n"
        "    vkCmdCopyBuffer(cmd, buf, dst, 1, &(VkBufferCopy){.size = 16});\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 11);
    bool path_note = false, earlier = false;
    for (size_t i = 0; i < f->note_count; i++) {
        if (f->notes[i].kind == VKS_NOTE_PATH && f->notes[i].loc.line == 5 &&
            strstr(f->notes[i].message, "`sync` is false"))
            path_note = true;
        if (f->notes[i].kind == VKS_NOTE_EARLIER_ACCESS && f->notes[i].loc.line == 4)
            earlier = true;
    }
    ck_assert(path_note);
    ck_assert(earlier);
    test_analysis_free(a);
}
END_TEST

/* Unknown values never produce a finding: a barrier whose masks come from
   parameters, a copy whose regions are unknown, a handle from a call. */
START_TEST(unknown_values_are_silent)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "VkBuffer lookup(int i);\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, VkPipelineStageFlags src,\n"
        "            VkPipelineStageFlags dst, VkAccessFlags sa, VkAccessFlags da,\n"
        "            uint32_t n, const VkBufferCopy *regions) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 16, 0);\n"
        "    VkMemoryBarrier m = {.srcAccessMask = sa, .dstAccessMask = da};\n"
        "    vkCmdPipelineBarrier(cmd, src, dst, 0, 1, &m, 0, NULL, 0, NULL);\n"
        "    vkCmdCopyBuffer(cmd, buf, buf, n, regions);\n"
        "    vkCmdFillBuffer(cmd, lookup(3), 0, 16, 0);\n"
        "    vkCmdFillBuffer(cmd, lookup(3), 0, 16, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 0);
    /* lookup(3)'s result is no resource in particular: unknown accesses. */
    ck_assert_uint_eq(a->program->resource_count, 1);
    ck_assert(!a->program->cmdbufs[0].cmds[3].accesses[0].known);
    test_analysis_free(a);
}
END_TEST

/* Error checks that end the program and branches that only log do not
   multiply paths: neither is a decision (program_end.c; the path assumes
   the check passed), so no path step names them. */
START_TEST(error_exits_and_logging_do_not_split_paths)
{
    test_analysis *a = analyse(
        "#include <stdio.h>\n"
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "_Noreturn void fatal(const char *what);\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, int verbose) {\n"
        "    VkResult r = vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (r != VK_SUCCESS) {\n"
        "        fprintf(stderr, \"begin failed: %d\\n\", r);\n"
        "        exit(1);\n"
        "    }\n"
        "    if (verbose)\n"
        "        printf(\"recording\\n\");\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    if (vkEndCommandBuffer(cmd) != VK_SUCCESS)\n"
        "        fatal(\"end\");\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdFillBuffer");
    ck_assert_str_eq(steps(a, 0), "");
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    test_analysis_free(a);
}
END_TEST

/* A handle from a call is the same resource on every path, so paths that
   differ only after vkEndCommandBuffer give one command buffer. */
START_TEST(paths_agreeing_up_to_the_end_give_one_recording)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "VkBuffer make_buffer(void);\n"
        "void record(VkCommandBuffer cmd, VkCommandBuffer other, int again) {\n"
        "    VkBuffer b = make_buffer();\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (again)\n"
        "        vkCmdFillBuffer(other, b, 0, 4, 0);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* The path where `again` is false records nothing after the test: it
       repeats what the other path recorded before it, and is no path of
       its own.  cmd's recording once, and the fill into `other`, a command
       buffer handed to `record` and never begun there, as a recording of
       its own. */
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    ck_assert_str_eq(a->program->cmdbufs[0].name, "cmd");
    ck_assert_str_eq(a->program->cmdbufs[1].name, "other");
    ck_assert_uint_eq(a->program->resource_count, 1);
    ck_assert_str_eq(a->program->resources[0].name, "b");
    test_analysis_free(a);
}
END_TEST

/* `goto cleanup;` resumes at the label; a jump into a nested statement is
   not followed and says so. */
START_TEST(goto_to_a_cleanup_label_is_followed)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "int record(VkCommandBuffer cmd, VkBuffer buf, int fail) {\n"
        "    int status = 1;\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (fail)\n"
        "        goto done;\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    status = 0;\n"
        "done:\n"
        "    vkCmdCopyBuffer(cmd, buf, buf, 1, &(VkBufferCopy){.size = 4});\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    return status;\n"
        "}\n"
        "void nested(VkCommandBuffer cmd, VkBuffer buf, int n) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (n) { again: vkCmdFillBuffer(cmd, buf, 0, 4, 0); }\n"
        "    if (n > 3) goto again;\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* The way on from `if (fail) goto done;` is tried first. */
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdFillBuffer vkCmdCopyBuffer");
    ck_assert_str_eq(test_cmd_names(a, 1), "vkCmdCopyBuffer");
    ck_assert_str_eq(steps(a, 1), "`fail` is true");
    bool incomplete_at_goto = false;
    for (size_t i = 0; i < a->findings.count; i++)
        if (a->findings.items[i].rule == VKS_RULE_VKSYNC_INCOMPLETE &&
            a->findings.items[i].loc.line == 17)
            incomplete_at_goto = true;
    ck_assert(incomplete_at_goto);
    test_analysis_free(a);
}
END_TEST

/* The failing way of a check that leaves at once is not run once a path
   through the check was kept, when nothing after it can add anything
   (quiet_leave.c): here a library's status checked after
   vkEndCommandBuffer (whose own result is VK_SUCCESS: it fails only when
   memory runs out, FE_EP_SUCCEEDS).  It is run
   when a caller goes on recording after the helper returns, when the
   code after the label hands the command buffer to a call without a body
   (an unmodelled command in its recording), and when the code after the
   label jumps back to before the check (it may loop). */
static size_t runs_of(const char *source, const char *skip, size_t incomplete)
{
    if (skip)
        setenv("VKSYNC_SKIP_QUIET_LEAVES", skip, 1);
    test_analysis *a = analyse(source);
    unsetenv("VKSYNC_SKIP_QUIET_LEAVES");
    ck_assert_uint_eq(a->stats.incomplete, incomplete);
    size_t runs = a->stats.paths_run;
    test_analysis_free(a);
    return runs;
}

START_TEST(failing_ways_are_skipped_only_when_nothing_follows)
{
    const char *alone =
        "#include <vulkan/vulkan.h>\n"
        "int lib_status(void);\n"
        "int rec(VkCommandBuffer cmd, VkBuffer b) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (lib_status() != 0)\n"
        "        return -1;\n"
        "    return 0;\n"
        "}\n";
    ck_assert_uint_eq(runs_of(alone, NULL, 0), 1);
    ck_assert_uint_eq(runs_of(alone, "0", 0), 2);

    const char *caller_goes_on =
        "#include <vulkan/vulkan.h>\n"
        "int lib_status(void);\n"
        "static int finish(VkCommandBuffer cmd) {\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (lib_status() != 0)\n"
        "        return -1;\n"
        "    return 0;\n"
        "}\n"
        "void rec(VkCommandBuffer cmd, VkCommandBuffer other, VkBuffer b) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    finish(cmd);\n"
        "    vkBeginCommandBuffer(other, NULL);\n"
        "    vkCmdFillBuffer(other, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(other);\n"
        "}\n";
    ck_assert_uint_eq(runs_of(caller_goes_on, NULL, 0), 2);

    const char *handed_after_label =
        "#include <vulkan/vulkan.h>\n"
        "int lib_status(void);\n"
        "void trace_command_buffer(VkCommandBuffer cmd);\n"
        "int rec(VkCommandBuffer cmd, VkBuffer b) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (lib_status() != 0)\n"
        "        goto fail;\n"
        "    return 0;\n"
        "fail:\n"
        "    trace_command_buffer(cmd);\n"
        "    return -1;\n"
        "}\n";
    ck_assert_uint_eq(runs_of(handed_after_label, NULL, 0), 2);

    const char *jumps_back =
        "#include <vulkan/vulkan.h>\n"
        "int lib_status(void);\n"
        "int rec(VkCommandBuffer cmd, VkBuffer b, int *tries) {\n"
        "retry:\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (lib_status() != 0)\n"
        "        goto again;\n"
        "    return 0;\n"
        "again:\n"
        "    if (++*tries < 2)\n"
        "        goto retry;\n"
        "    return -1;\n"
        "}\n";
    /* unknown `*tries`: the retries are a loop of gotos that decides
       something, analysed for two iterations as a loop on an unknown
       condition is (the failing way's runs are run, and end) */
    ck_assert_uint_gt(runs_of(jumps_back, NULL, 0), 1);
}
END_TEST

/* An error code passed up (quiet_leave.c, error_passed_up_quietly): the
   helper's failure jumps to its cleanup label, which returns a constant
   (`goto err;` ... `err: release(q); return -12;`), and the caller, in a
   loop with recording after it, returns what the helper returned (`if
   ((ret = add_dep(q, d[i], ...))) return ret;`; the helper creates a
   view, so its ways are not joined).  That failure adds nothing: it is
   not run (1 run; 3 when quiet failures are run). */
START_TEST(a_failure_through_a_cleanup_label_passed_up_is_not_run)
{
    const char *source =
        "#include <vulkan/vulkan.h>\n"
        "void *lib_ref(void *p);\n"
        "int lib_status(void);\n"
        "void lib_release(void *q);\n"
        "static int add_dep(void **q, void *d, VkDevice dev, VkImageView *view) {\n"
        "    vkCreateImageView(dev, NULL, NULL, view);\n"
        "    if (lib_status() != 0)\n"
        "        goto err;\n"
        "    q[0] = d;\n"
        "    return 0;\n"
        "err:\n"
        "    lib_release(q);\n"
        "    return -12;\n"
        "}\n"
        "int rec(VkCommandBuffer cmd, VkBuffer b, void **q, void **d, int n, VkDevice dev,\n"
        "        VkImageView *views) {\n"
        "    int ret;\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    for (int i = 0; i < n; i++)\n"
        "        if ((ret = add_dep(q, d[i], dev, &views[i])))\n"
        "            return ret;\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    return 0;\n"
        "}\n";
    ck_assert_uint_eq(runs_of(source, NULL, 0), 1);
    ck_assert_uint_eq(runs_of(source, "0", 0), 3);

    /* The middle function swallows the error (`fail: ret = 0;`) and its
       caller goes on recording: the failure adds a path, and is run. */
    const char *swallowed =
        "#include <vulkan/vulkan.h>\n"
        "int lib_status(void);\n"
        "static int add_dep(VkDevice dev, VkImageView *view) {\n"
        "    vkCreateImageView(dev, NULL, NULL, view);\n"
        "    if (lib_status() != 0)\n"
        "        return -12;\n"
        "    return 0;\n"
        "}\n"
        "static int prepare(VkDevice dev, VkImageView *view) {\n"
        "    int ret;\n"
        "    if ((ret = add_dep(dev, view)) < 0)\n"
        "        goto fail;\n"
        "    return 0;\n"
        "fail:\n"
        "    ret = 0;\n"
        "    return ret;\n"
        "}\n"
        "void rec(VkCommandBuffer cmd, VkBuffer b, VkDevice dev, VkImageView *view) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (prepare(dev, view) < 0)\n"
        "        return;\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";
    ck_assert_uint_eq(runs_of(swallowed, NULL, 0), 2);
}
END_TEST

/* A cleanup after the last submission (quiet_leave.c, fe_rest_adds_nothing):
   SDL's testvulkan tests what exists before each wait, free and destroy,
   once per window, and every way was a run replayed from the program's
   start to find it recorded nothing new (993 of its 1,024 runs).  Nothing
   from those tests on can record or submit, so they are no decisions: one
   run (two when such ways are run: the wait's test; the others are joined,
   their ways only free and destroy). */
START_TEST(a_cleanup_after_the_last_submission_makes_no_decisions)
{
    const char *source =
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "void lib_free(void *p);\n"
        "struct ctx { VkDevice device; VkQueue queue; VkCommandPool pool;\n"
        "             VkCommandBuffer *cmds; VkFence fence; VkBuffer b; };\n"
        "void run(struct ctx *c, VkSubmitInfo *submit) {\n"
        "    vkBeginCommandBuffer(c->cmds[0], NULL);\n"
        "    vkCmdFillBuffer(c->cmds[0], c->b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(c->cmds[0]);\n"
        "    vkQueueSubmit(c->queue, 1, submit, c->fence);\n"
        "    if (c->device)\n"
        "        vkDeviceWaitIdle(c->device);\n"
        "    if (c->cmds) {\n"
        "        vkFreeCommandBuffers(c->device, c->pool, 1, c->cmds);\n"
        "        lib_free(c->cmds);\n"
        "    }\n"
        "    if (c->fence)\n"
        "        vkDestroyFence(c->device, c->fence, NULL);\n"
        "}\n";
    ck_assert_uint_eq(runs_of(source, NULL, 0), 1);
    ck_assert_uint_eq(runs_of(source, "0", 0), 2);
}
END_TEST

/* vkBeginCommandBuffer and vkCreateImageView fail only when memory runs
   out: taken to succeed (FE_EP_SUCCEEDS), their result is VK_SUCCESS, so
   the way that handles their failure is no path - the fill in it is the
   one recording call no path reaches.  vkQueueSubmit can lose the device:
   its result stays unknown, and a test of it is a decision: two runs and
   two paths, with or without the quiet rules, since the way where it
   failed takes its submission back (submit.c) and the way where it
   succeeded submits what that way did not - going past the `if` is then
   no repeat of a checked path (quiet_leave.c). */
START_TEST(calls_that_fail_only_when_memory_runs_out_succeed)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "int rec(VkDevice dev, VkCommandBuffer cmd, VkBuffer b, VkImageViewCreateInfo *info,\n"
        "        VkImageView *view) {\n"
        "    if (vkCreateImageView(dev, info, NULL, view) != VK_SUCCESS)\n"
        "        return -1;\n"
        "    VkResult r = vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (r != VK_SUCCESS) {\n"
        "        vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "        return -1;\n"
        "    }\n"
        "    vkCmdFillBuffer(cmd, b, 4, 4, 0);\n"
        "    return vkEndCommandBuffer(cmd) == VK_SUCCESS ? 0 : -1;\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->stats.paths_run, 1);
    ck_assert_uint_eq(a->stats.paths_explored, 1);
    ck_assert_uint_eq(a->stats.recording_calls_reached + 1, a->stats.recording_calls);
    test_analysis_free(a);

    static const char submits[] =
        "#include <vulkan/vulkan.h>\n"
        "int rec(VkQueue q, VkCommandBuffer cmd, VkBuffer b, VkSubmitInfo *submit) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, b, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    if (vkQueueSubmit(q, 1, submit, VK_NULL_HANDLE) != VK_SUCCESS) {\n"
        "        vkBeginCommandBuffer(cmd, NULL);\n"
        "        vkCmdFillBuffer(cmd, b, 8, 4, 0);\n"
        "        vkEndCommandBuffer(cmd);\n"
        "    }\n"
        "    return 0;\n"
        "}\n";
    for (int every_way = 0; every_way <= 1; every_way++) {
        if (every_way)
            setenv("VKSYNC_SKIP_QUIET_LEAVES", "0", 1);
        a = analyse(submits);
        unsetenv("VKSYNC_SKIP_QUIET_LEAVES");
        ck_assert_int_eq(a->status, 0);
        ck_assert_uint_eq(a->stats.paths_run, 2);
        ck_assert_uint_eq(a->stats.paths_explored, 2);
        ck_assert_uint_eq(a->stats.recording_calls_reached, a->stats.recording_calls);
        test_analysis_free(a);
    }
}
END_TEST

/* A loop of exactly 256 iterations is followed to its end; one more is a
   limit reached, and says so. */
START_TEST(loop_limit_is_exact)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    for (int i = 0; i < 256; i++)\n"
        "        vkCmdFillBuffer(cmd, buf, i * 4, 4, 0);\n"
        "    for (int i = 0; i < 257; i++)\n"
        "        vkCmdFillBuffer(cmd, buf, i * 4, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbufs[0].cmd_count, 512);
    ck_assert_uint_eq(a->findings.count, 1);
    ck_assert_int_eq(a->findings.items[0].rule, VKS_RULE_VKSYNC_INCOMPLETE);
    ck_assert_uint_eq(a->findings.items[0].loc.line, 7);
    test_analysis_free(a);
}
END_TEST

/* A loop that records nothing and runs past the limit (a shader loader
   swapping the byte order of 375 words): what it writes is forgotten and
   it ends, no vksync-incomplete.  The word it left stale before is
   unknown now, so the test of it is a decision (two paths).  A loop that
   calls a function keeps its limit, and so does one that writes through a
   mapped pointer while a submission may read it
   (realprog/byte_refill_in_flight.c, test_user_programs.c); `to_mapped`
   writes its mapping before anything is submitted, so it ends too. */
START_TEST(a_quiet_loop_past_the_limit_forgets_what_it_writes)
{
    test_analysis *a = analyse(
        "#include <stdint.h>\n"
        "#include <stdlib.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "void upload(VkCommandBuffer cmd, VkBuffer buf, const uint32_t *code) {\n"
        "    uint32_t *swapped = calloc(375, sizeof *swapped);\n"
        "    for (unsigned i = 0; i < 375; i++) {\n"
        "        uint32_t w = code[i];\n"
        "        swapped[i] = (w >> 24) | ((w >> 8) & 0xff00) | ((w << 8) & 0xff0000) | (w << 24);\n"
        "    }\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (swapped[300] == 0x07230203)\n"
        "        vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "    free(swapped);\n"
        "}\n"
        "void to_mapped(VkCommandBuffer cmd, VkBuffer buf, VkDevice dev, VkDeviceMemory mem) {\n"
        "    uint32_t *map;\n"
        "    vkMapMemory(dev, mem, 0, 4 * 375, 0, (void **)&map);\n"
        "    for (unsigned i = 0; i < 375; i++)\n"
        "        map[i] = i;\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n"
        "extern uint32_t next_word(void);\n"
        "void called(VkCommandBuffer cmd, VkBuffer buf, uint32_t *words) {\n"
        "    for (unsigned i = 0; i < 375; i++)\n"
        "        words[i] = next_word();\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n"
        "struct module { uint32_t words[400]; unsigned count; };\n"
        "void in_struct(VkCommandBuffer cmd, VkBuffer buf, struct module *m) {\n"
        "    for (unsigned i = 0; i < 375; i++) {\n"
        "        m->words[i] = i;\n"
        "        m->count++;\n"
        "    }\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (m->words[300] == 300)\n"
        "        vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->findings.count, 1); /* `called` */
    const vks_finding *limit = &a->findings.items[0];
    ck_assert_int_eq(limit->rule, VKS_RULE_VKSYNC_INCOMPLETE);
    ck_assert_msg(strstr(limit->message, "loop runs more than 256 times"), "%s", limit->message);
    ck_assert_uint_eq(limit->loc.line, 28);
    /* upload: the fill on the path where the stale word is the magic
       number, and the path without it */
    size_t upload_paths = 0, in_struct_paths = 0;
    for (size_t i = 0; i < a->program->cmdbuf_count; i++) {
        upload_paths += strcmp(a->program->cmdbufs[i].function, "upload") == 0;
        in_struct_paths += strcmp(a->program->cmdbufs[i].function, "in_struct") == 0;
    }
    ck_assert_uint_eq(upload_paths, 2);
    /* an array member of a struct reached through a pointer, and a
       counter member: forgotten the same way */
    ck_assert_uint_eq(in_struct_paths, 2);
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("frontend-programs");
    TCase *tc = tcase_create("programs");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, loader_tables_globals_and_wrapper_macros);
    tcase_add_test(tc, helpers_in_another_file_are_inlined_with_call_chain);
    tcase_add_test(tc, each_feasible_path_is_a_command_buffer);
    tcase_add_test(tc, switch_cases_are_alternatives);
    tcase_add_test(tc, frame_loop_is_unrolled_twice);
    tcase_add_test(tc, frame_loop_known_then_unknown_runs_two_iterations_in_all);
    tcase_add_test(tc, arrays_filled_in_loops_and_pointer_arithmetic);
    tcase_add_test(tc, too_many_paths_is_incomplete);
    tcase_add_test(tc, recording_functions_share_the_runs_path_budget);
    tcase_add_test(tc, recursion_is_bounded_and_incomplete);
    tcase_add_test(tc, recording_begun_in_a_helper_continues_in_the_caller);
    tcase_add_test(tc, hazard_only_on_the_path_without_the_barrier);
    tcase_add_test(tc, unknown_values_are_silent);
    tcase_add_test(tc, error_exits_and_logging_do_not_split_paths);
    tcase_add_test(tc, paths_agreeing_up_to_the_end_give_one_recording);
    tcase_add_test(tc, goto_to_a_cleanup_label_is_followed);
    tcase_add_test(tc, failing_ways_are_skipped_only_when_nothing_follows);
    tcase_add_test(tc, calls_that_fail_only_when_memory_runs_out_succeed);
    tcase_add_test(tc, a_cleanup_after_the_last_submission_makes_no_decisions);
    tcase_add_test(tc, a_failure_through_a_cleanup_label_passed_up_is_not_run);
    tcase_add_test(tc, loop_limit_is_exact);
    tcase_add_test(tc, a_quiet_loop_past_the_limit_forgets_what_it_writes);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
