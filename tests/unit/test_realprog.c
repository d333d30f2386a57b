/*
 * test_realprog.c - regressions found by running vksync-lint on a real
 * Vulkan program (issue 4's acceptance trial on vkcube, ~4 500 lines):
 * patterns reproduced in small self-written sources, not vkcube's code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

#include "util.h"
#include "vksync/engine.h"
#include "../../smt/solver_limits.h"

static test_analysis *analyse(const char *source)
{
    static const char *const names[] = {"rec.c"};
    test_write_file("rec.c", source);
    return test_analyse(names, 1);
}

/*
 * Paths are enumerated by re-execution: each run replays the previous
 * run's decisions.  The replayed ones were already shown feasible with the
 * same facts, so only the newly tried alternative and the fresh decisions
 * go to Z3.  Eight tests of one variable (each depends on the others, so
 * none is "obviously feasible") give 9 feasible paths; re-asking every
 * replayed decision took 100 questions, asking only new ones takes 72.
 * The saving grows with the length of the replayed prefix: vkcube's 128
 * paths (hundreds of decisions each) took 13 000 questions and the whole
 * solver budget before, under 1 000 after.
 */
START_TEST(replayed_decisions_are_not_asked_again)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer buf, int n) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    if (n > 1) vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    if (n > 2) vkCmdFillBuffer(cmd, buf, 0, 8, 0);\n"
        "    if (n > 3) vkCmdFillBuffer(cmd, buf, 0, 12, 0);\n"
        "    if (n > 4) vkCmdFillBuffer(cmd, buf, 0, 16, 0);\n"
        "    if (n > 5) vkCmdFillBuffer(cmd, buf, 0, 20, 0);\n"
        "    if (n > 6) vkCmdFillBuffer(cmd, buf, 0, 24, 0);\n"
        "    if (n > 7) vkCmdFillBuffer(cmd, buf, 0, 28, 0);\n"
        "    if (n > 8) vkCmdFillBuffer(cmd, buf, 0, 32, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* The same paths as before: n <= 1, 1 < n <= 2, ..., n > 5. */
    ck_assert_uint_eq(a->program->cmdbuf_count, 9);
    ck_assert_uint_eq(a->stats.paths_explored, 9);
    ck_assert_uint_eq(a->stats.incomplete, 0);
    /* Each run asks about its new alternative and the decisions after it:
       at most one question per decision of a run that is not replayed. */
    ck_assert_uint_gt(a->stats.solver_queries, 0);
    ck_assert_uint_le(a->stats.solver_queries, 72);
    test_analysis_free(a);
}
END_TEST

/* The color attachment the first "attachment color" line after CMDBUF's
   header names, e.g. "a->frames[0].image". */
static const char *color_attachment_of(const test_analysis *a, const char *cmdbuf)
{
    static char name[128];
    const char *at = strstr(a->ir, cmdbuf);
    ck_assert_msg(at != NULL, "no recording of %s in:\n%s", cmdbuf, a->ir);
    const char *line = strstr(at, "attachment color ");
    ck_assert_msg(line != NULL, "no color attachment after %s", cmdbuf);
    line += strlen("attachment color ");
    size_t n = strcspn(line, "[");
    ck_assert_uint_lt(n, sizeof name);
    memcpy(name, line, n);
    name[n] = '\0';
    /* "a->frames[0].image[aspect=...": the index is part of the name */
    if (line[n] == '[' && strchr("0123456789", line[n + 1])) {
        size_t m = n + strcspn(line + n, "]") + 1;
        m += strcspn(line + m, "[");
        ck_assert_uint_lt(m, sizeof name);
        memcpy(name, line, m);
        name[m] = '\0';
    }
    return name;
}

/*
 * vkcube's shape: one `views[]` array, views[0] rewritten before each
 * vkCreateFramebuffer in a loop.  Each framebuffer keeps the view it was
 * created with (the create call reads pAttachments then), so frame i's
 * render pass writes frame i's image, not the last one's.
 */
START_TEST(framebuffer_keeps_the_views_of_its_create_call)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "struct frame { VkImage image; VkImageView view; VkFramebuffer fb;\n"
        "               VkCommandBuffer cmd; };\n"
        "struct app { VkDevice dev; VkRenderPass rp; struct frame frames[2];\n"
        "             VkImageView depth_view; };\n"
        "static void make_framebuffers(struct app *a) {\n"
        "    VkImageView views[2];\n"
        "    views[1] = a->depth_view;\n"
        "    const VkFramebufferCreateInfo info = {\n"
        "        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = a->rp,\n"
        "        .attachmentCount = 2, .pAttachments = views, .width = 64, .height = 64,\n"
        "        .layers = 1};\n"
        "    for (int i = 0; i < 2; i++) {\n"
        "        views[0] = a->frames[i].view;\n"
        "        vkCreateFramebuffer(a->dev, &info, NULL, &a->frames[i].fb);\n"
        "    }\n"
        "}\n"
        "static void record(struct app *a, int i) {\n"
        "    VkRenderPassBeginInfo rp = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,\n"
        "        .renderPass = a->rp, .framebuffer = a->frames[i].fb};\n"
        "    vkBeginCommandBuffer(a->frames[i].cmd, NULL);\n"
        "    vkCmdBeginRenderPass(a->frames[i].cmd, &rp, VK_SUBPASS_CONTENTS_INLINE);\n"
        "    vkCmdEndRenderPass(a->frames[i].cmd);\n"
        "    vkEndCommandBuffer(a->frames[i].cmd);\n"
        "}\n"
        "void setup(struct app *a) {\n"
        "    VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_B8G8R8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    for (int i = 0; i < 2; i++) {\n"
        "        vi.image = a->frames[i].image;\n"
        "        vkCreateImageView(a->dev, &vi, NULL, &a->frames[i].view);\n"
        "    }\n"
        "    VkAttachmentDescription att = {.format = VK_FORMAT_B8G8R8A8_UNORM,\n"
        "        .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,\n"
        "        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,\n"
        "        .finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR};\n"
        "    VkAttachmentReference c = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkSubpassDescription sp = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,\n"
        "        .colorAttachmentCount = 1, .pColorAttachments = &c};\n"
        "    VkRenderPassCreateInfo rpi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,\n"
        "        .attachmentCount = 1, .pAttachments = &att, .subpassCount = 1,\n"
        "        .pSubpasses = &sp};\n"
        "    vkCreateRenderPass(a->dev, &rpi, NULL, &a->rp);\n"
        "    /* Rewritten after the create: the render pass keeps CLEAR/STORE. */\n"
        "    att.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;\n"
        "    c.attachment = 5;\n"
        "    make_framebuffers(a);\n"
        "    for (int i = 0; i < 2; i++)\n"
        "        record(a, i);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    ck_assert_str_eq(color_attachment_of(a, "cmdbuf a->frames[0].cmd"), "a->frames[0].image");
    ck_assert_str_eq(color_attachment_of(a, "cmdbuf a->frames[1].cmd"), "a->frames[1].image");
    ck_assert_ptr_nonnull(strstr(a->ir, "a->frames[0].image[aspect=0x1 mip=0+1 layer=0+1] clear/store"));
    test_analysis_free(a);
}
END_TEST

/* x != 0 in a solver kept for many queries, as smt/paths.c keeps one. */
static vks_smt_answer tiny_query(Z3_context z, Z3_solver s, vks_smt_applied_limits *applied,
                                 char *why, size_t why_size)
{
    Z3_sort bv = Z3_mk_bv_sort(z, 64);
    Z3_solver_push(z, s);
    Z3_ast x = Z3_mk_const(z, Z3_mk_string_symbol(z, "x"), bv);
    Z3_solver_assert(z, s, Z3_mk_not(z, Z3_mk_eq(z, x, Z3_mk_unsigned_int64(z, 0, bv))));
    vks_smt_answer answer = vks_smt_check_limited_reusing(z, s, applied, why, why_size);
    Z3_solver_pop(z, s, 1);
    return answer;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * Z3_solver_set_params rebuilds the solver (about 7 ms here, against 0.6 ms
 * for a trivial check): a solver kept for many queries gets its limits once
 * and again only when they change, and the changed limit is obeyed.
 */
START_TEST(limits_set_once_per_solver_and_again_when_changed)
{
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .budget_ms = 600000});
    Z3_config cfg = Z3_mk_config();
    Z3_context z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_solver s = Z3_mk_solver(z);
    Z3_solver_inc_ref(z, s);
    vks_smt_applied_limits applied = {0};
    char why[200] = "";

    ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_SAT);
    ck_assert(applied.applied);
    ck_assert_uint_eq(applied.timeout_ms, 10000);
    /* 300 queries: ~2.2 s when every one set the parameters, ~0.2 s now;
       the bound leaves room for a loaded machine. */
    double start = now_ms();
    for (int i = 0; i < 300; i++)
        ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_SAT);
    ck_assert_double_lt(now_ms() - start, 1500.0);

    /* A new resource limit reaches the solver: 1 unit decides nothing (in
       an incremental solver Z3's reason is just "unknown"). */
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000, .query_rlimit = 1});
    ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_UNKNOWN);
    ck_assert_uint_eq(applied.rlimit, 1);
    /* And back. */
    vks_smt_set_limits((vks_smt_limits){.query_timeout_ms = 10000});
    ck_assert_int_eq(tiny_query(z, s, &applied, why, sizeof why), VKS_SMT_SAT);

    Z3_solver_dec_ref(z, s);
    Z3_del_context(z);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("realprog");
    TCase *tc = tcase_create("realprog");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, replayed_decisions_are_not_asked_again);
    tcase_add_test(tc, limits_set_once_per_solver_and_again_when_changed);
    tcase_add_test(tc, framebuffer_keeps_the_views_of_its_create_call);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
