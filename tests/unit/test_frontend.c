/*
 * test_frontend.c - the C front end (analyzer/): small C programs written to
 * a temporary directory, parsed with libclang, and the command IR they
 * produce compared with what the Vulkan spec says the calls do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/analyzer.h"

/* Writes SOURCE as rec.c and analyses it. */
static test_analysis *analyse(const char *source)
{
    static const char *const names[] = {"rec.c"};
    test_write_file("rec.c", source);
    return test_analyse(names, 1);
}

START_TEST(sync1_barrier_with_designated_initialisers)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst) {\n"
        "    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
        "    vkBeginCommandBuffer(cmd, &begin);\n"
        "    vkCmdFillBuffer(cmd, src, 0, 256, 7);\n"
        "    VkBufferMemoryBarrier b = {\n"
        "        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,\n"
        "        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,\n"
        "        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,\n"
        "        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,\n"
        "        .buffer = src, .offset = 0, .size = VK_WHOLE_SIZE};\n"
        "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
        "                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &b, 0, NULL);\n"
        "    VkBufferCopy region = {.srcOffset = 64, .dstOffset = 128, .size = 32};\n"
        "    vkCmdCopyBuffer(cmd, src, dst, 1, &region);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_str_eq(test_ir_body(a),
                     "  5: vkCmdFillBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE src[0:256]\n"
                     "  13: vkCmdPipelineBarrier\n"
                     "    barrier global src=ALL_TRANSFER srcAccess=NONE dst=ALL_TRANSFER dstAccess=NONE\n"
                     "    barrier buffer src=ALL_TRANSFER srcAccess=TRANSFER_WRITE dst=ALL_TRANSFER "
                     "dstAccess=TRANSFER_READ src[0:]\n"
                     "  16: vkCmdCopyBuffer\n"
                     "    read COPY:TRANSFER_READ src[64:96]\n"
                     "    write COPY:TRANSFER_WRITE dst[128:160]\n");
    const vks_cmdbuf *cb = &a->program->cmdbufs[0];
    ck_assert_str_eq(cb->name, "cmd");
    ck_assert_str_eq(cb->function, "record");
    ck_assert_uint_eq(cb->begin.line, 4);
    ck_assert_uint_eq(cb->end.line, 17);
    ck_assert_int_eq(cb->cmds[1].kind, VKS_CMD_BARRIER);
    /* The barrier points at the struct, the command at the call. */
    ck_assert_uint_eq(cb->cmds[1].barriers[1].loc.line, 6);
    ck_assert_uint_eq(cb->cmds[1].loc.line, 13);
    ck_assert_uint_eq(cb->cmds[1].loc.col, 5);
    /* One resource per handle: src is the same in the fill, barrier, copy. */
    ck_assert_uint_eq(a->program->resource_count, 2);
    test_analysis_free(a);
}
END_TEST

START_TEST(sync2_barrier_from_field_assignments_and_macros)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "#define WRITE_STAGES (VK_PIPELINE_STAGE_2_COPY_BIT | VK_PIPELINE_STAGE_2_CLEAR_BIT)\n"
        "typedef struct { VkBuffer staging; VkCommandBuffer cmd; } Ctx;\n"
        "void record(Ctx *ctx) {\n"
        "    vkBeginCommandBuffer(ctx->cmd, NULL);\n"
        "    vkCmdUpdateBuffer(ctx->cmd, ctx->staging, 16, 16, NULL);\n"
        "    VkBufferMemoryBarrier2 b = {0};\n"
        "    b.srcStageMask = WRITE_STAGES;\n"
        "    b.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;\n"
        "    b.dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;\n"
        "    b.dstAccessMask = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;\n"
        "    VkBuffer copy = ctx->staging;\n"
        "    b.buffer = copy;\n"
        "    b.offset = 16; b.size = 4 * 4;\n"
        "    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,\n"
        "        .bufferMemoryBarrierCount = 1, .pBufferMemoryBarriers = &b};\n"
        "    vkCmdPipelineBarrier2(ctx->cmd, &dep);\n"
        "    vkCmdDispatch(ctx->cmd, 1, 1, 1);\n"
        "    vkEndCommandBuffer(ctx->cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_str_eq(test_ir_body(a),
                     "  6: vkCmdUpdateBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE ctx->staging[16:32]\n"
                     "  17: vkCmdPipelineBarrier2\n"
                     "    barrier buffer src=COPY|CLEAR srcAccess=TRANSFER_WRITE "
                     "dst=COMPUTE_SHADER dstAccess=SHADER_STORAGE_READ ctx->staging[16:32]\n"
                     "  18: vkCmdDispatch\n"
                     "    access ?\n");
    /* `VkBuffer copy = ctx->staging` is the same resource. */
    ck_assert_uint_eq(a->program->resource_count, 1);
    ck_assert_str_eq(a->program->cmdbufs[0].name, "ctx->cmd");
    /* No extra execution-only barrier in sync2. */
    ck_assert_uint_eq(a->program->cmdbufs[0].cmds[1].barrier_count, 1);
    test_analysis_free(a);
}
END_TEST

START_TEST(arrays_of_barriers_with_counts_and_nested_members)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkImage color, VkImage depth, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkImageMemoryBarrier images[2] = {0};\n"
        "    images[0].srcAccessMask = 0;\n"
        "    images[0].dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT;\n"
        "    images[0].oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;\n"
        "    images[0].newLayout = VK_IMAGE_LAYOUT_GENERAL;\n"
        "    images[0].image = color;\n"
        "    images[0].subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;\n"
        "    images[0].subresourceRange.levelCount = 1;\n"
        "    images[0].subresourceRange.layerCount = VK_REMAINING_ARRAY_LAYERS;\n"
        "    images[1] = images[0];\n"
        "    images[1].image = depth;\n"
        "    images[1].subresourceRange.baseMipLevel = 2;\n"
        "    uint32_t count = 1;\n"
        "    count = count + 1;\n"
        "    VkBufferMemoryBarrier bufs[3];\n"
        "    bufs[1].buffer = buf;\n"
        "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,\n"
        "        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_DEPENDENCY_BY_REGION_BIT,\n"
        "        0, NULL, 0, bufs, count, images);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_str_eq(test_ir_body(a),
                     "  20: vkCmdPipelineBarrier\n"
                     "    barrier global src=TOP_OF_PIPE srcAccess=NONE dst=COMPUTE_SHADER dstAccess=NONE\n"
                     "    barrier image src=TOP_OF_PIPE srcAccess=NONE dst=COMPUTE_SHADER "
                     "dstAccess=SHADER_WRITE color[aspect=0x1 mip=0+1 layer=0+-1] UNDEFINED->GENERAL\n"
                     "    barrier image src=TOP_OF_PIPE srcAccess=NONE dst=COMPUTE_SHADER "
                     "dstAccess=SHADER_WRITE depth[aspect=0x1 mip=2+1 layer=0+-1] UNDEFINED->GENERAL\n");
    const vks_cmd *cmd = &a->program->cmdbufs[0].cmds[0];
    ck_assert(cmd->dependency_flags.known);
    ck_assert_uint_eq(cmd->dependency_flags.bits, VK_DEPENDENCY_BY_REGION_BIT);
    ck_assert_uint_eq(cmd->barriers[1].region.layer_count, VKS_REMAINING);
    test_analysis_free(a);
}
END_TEST

START_TEST(unknown_mask_and_range_stay_unknown)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, VkAccessFlags after,\n"
        "            VkDeviceSize offset, uint32_t n, const VkBufferCopy *regions) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkMemoryBarrier m = {.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "                         .dstAccessMask = after | VK_ACCESS_SHADER_READ_BIT};\n"
        "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, after,\n"
        "                         0, 1, &m, 0, NULL, 0, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, offset, 16, 0);\n"
        "    vkCmdCopyBuffer(cmd, buf, buf, n, regions);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_str_eq(test_ir_body(a),
                     "  7: vkCmdPipelineBarrier\n"
                     "    barrier global src=ALL_TRANSFER srcAccess=NONE dst=? dstAccess=NONE\n"
                     "    barrier global src=ALL_TRANSFER srcAccess=TRANSFER_WRITE dst=? dstAccess=?\n"
                     "  9: vkCmdFillBuffer\n"
                     "    write CLEAR:TRANSFER_WRITE buf[?]\n"
                     "  10: vkCmdCopyBuffer\n"
                     "    read COPY:TRANSFER_READ buf[?]\n"
                     "    write COPY:TRANSFER_WRITE buf[?]\n");
    ck_assert(!a->program->cmdbufs[0].cmds[0].barriers[1].dst_access.known);
    test_analysis_free(a);
}
END_TEST

START_TEST(other_commands_are_unknown_not_guessed)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkCommandBuffer other, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdDrawMeshTasksEXT(cmd, 1, 1, 1);\n"
        "    vkCmdDispatchIndirect(cmd, buf, 64);\n"
        "    vkCmdFillBuffer(other, buf, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n"
        "void helper_only(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* The fill on `other` is not part of cmd's recording: `other` was
       handed to `record` and never begun there, so it is a recording of its
       own, with what came before unknown.  helper_only records into the
       command buffer it is handed, and nothing calls it: it is a recording
       of its own too (issue 11, cause 6). */
    ck_assert_uint_eq(a->program->cmdbuf_count, 3);
    ck_assert_str_eq(test_cmd_names(a, 0), "vkCmdDrawMeshTasksEXT vkCmdDispatchIndirect");
    ck_assert_uint_eq(a->program->cmdbufs[0].cmds[1].access_count, 2);
    ck_assert_int_eq(a->program->cmdbufs[0].cmds[0].kind, VKS_CMD_UNKNOWN);
    ck_assert_str_eq(a->program->cmdbufs[1].function, "record");
    ck_assert_str_eq(a->program->cmdbufs[1].name, "other");
    ck_assert_str_eq(test_cmd_names(a, 1), "vkCmdFillBuffer");
    ck_assert_str_eq(a->program->cmdbufs[2].function, "helper_only");
    ck_assert_str_eq(test_cmd_names(a, 2), "vkCmdFillBuffer");
    test_analysis_free(a);
}
END_TEST

/* A clang error that is not fatal is still an input error (docs/design.md,
   "Command line"): one line naming file:line:col and clang's message, status 2,
   and the file is not analysed - clang dropped the statement, and what it
   dropped could have been a barrier. */
START_TEST(syntax_error_is_a_one_line_input_error)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    int x = ;\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 2);
    ck_assert_ptr_nonnull(a->error);
    char where[512];
    snprintf(where, sizeof where, "%s:5:13: expected expression", test_path("rec.c"));
    ck_assert_str_eq(a->error, where);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(missing_file_is_a_one_line_error)
{
    static const char *const names[] = {"does-not-exist.c"};
    char path[256];
    snprintf(path, sizeof path, "%s", test_path("does-not-exist.c"));
    test_analysis *a = test_analyse(names, 1);
    ck_assert_int_eq(a->status, 2);
    ck_assert_ptr_nonnull(a->error);
    ck_assert(strncmp(a->error, path, strlen(path)) == 0);
    ck_assert_ptr_null(strchr(a->error, '\n'));
    ck_assert_uint_eq(a->program->cmdbuf_count, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(fatal_error_is_a_one_line_error)
{
    test_analysis *a = analyse("#include \"no-such-header.h\"\nvoid f(void) {}\n");
    ck_assert_int_eq(a->status, 2);
    const char *path = test_path("rec.c");
    ck_assert(strncmp(a->error, path, strlen(path)) == 0);
    ck_assert_ptr_nonnull(strstr(a->error, "no-such-header.h"));
    ck_assert_ptr_null(strchr(a->error, '\n'));
    test_analysis_free(a);
}
END_TEST

/* -p DIR: the entry's arguments are used (a -D the code needs, a GCC-only
   flag clang would reject dropped, the file relative to `directory`); a
   file the database does not list gets the arguments after `--`. */
START_TEST(compile_commands_arguments_are_used)
{
    static const char *const source =
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, FILL_BYTES, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";
    test_write_file("listed.c", source);
    test_write_file("unlisted.c", source);
    char dir[256], json[1024];
    snprintf(dir, sizeof dir, "%s", test_path(""));
    snprintf(json, sizeof json,
             "[{\"directory\": \"%s\", \"file\": \"listed.c\",\n"
             "  \"arguments\": [\"gcc\", \"-c\", \"-fanalyzer\", \"-fno-tree-vrp\",\n"
             "                \"-DFILL_BYTES=64\", \"-o\", \"listed.o\", \"listed.c\"]}]\n",
             dir);
    test_write_file("compile_commands.json", json);
    static const char *const extra[] = {"-DFILL_BYTES=32"};
    vks_frontend_options options = {.compdb_dir = dir, .extra_args = extra,
                                     .extra_arg_count = 1};
    static const char *const names[] = {"listed.c", "unlisted.c"};
    test_analysis *a = test_analyse_with(names, 2, &options);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->findings.count, 0); /* no "unknown argument" */
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    ck_assert_uint_eq(a->program->cmdbufs[0].cmds[0].accesses[0].region.size, 64);
    ck_assert_uint_eq(a->program->cmdbufs[1].cmds[0].accesses[0].region.size, 32);
    ck_assert_str_eq(a->program->cmdbufs[0].begin.file, test_path("listed.c"));
    const char **files;
    size_t count;
    ck_assert_int_eq(vks_compdb_files(dir, a->arena, &files, &count), 0);
    ck_assert_uint_eq(count, 1);
    ck_assert_ptr_nonnull(strstr(files[0], "/listed.c"));
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("frontend");
    TCase *tc = tcase_create("frontend");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, sync1_barrier_with_designated_initialisers);
    tcase_add_test(tc, sync2_barrier_from_field_assignments_and_macros);
    tcase_add_test(tc, arrays_of_barriers_with_counts_and_nested_members);
    tcase_add_test(tc, unknown_mask_and_range_stay_unknown);
    tcase_add_test(tc, other_commands_are_unknown_not_guessed);
    tcase_add_test(tc, syntax_error_is_a_one_line_input_error);
    tcase_add_test(tc, missing_file_is_a_one_line_error);
    tcase_add_test(tc, fatal_error_is_a_one_line_error);
    tcase_add_test(tc, compile_commands_arguments_are_used);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
