/*
 * test_finding_notes.c - a finding carries what matters (issue 11, cause
 * 9): the path decisions the two accesses or the synchronization between
 * them depend on, not every branch of the setup; and "no barrier" only
 * when there is none - an insufficient barrier is named, with what it
 * lacks.  Checked in the text report, as a user reads it.
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vksync/engine.h"
#include "vksync/report.h"

typedef struct {
    char *text;
    size_t size;
} rendered;

/* The text report of a program's findings (caller frees). */
static char *report_of(const char *source)
{
    test_analysis *a = test_analyse_source("renderer.c", source);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    vks_findings_sort(&a->findings);
    vks_report_options options;
    vks_report_options_init(&options);
    rendered *r = calloc(1, sizeof *r);
    FILE *out = open_memstream(&r->text, &r->size);
    vks_report_text(out, &a->findings, &options);
    fclose(out);
    char *text = r->text;
    free(r);
    test_analysis_free(a);
    return text;
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

#define RENDERER                                                                  \
    "#include <stdio.h>\n"                                                        \
    "#include <vulkan/vulkan.h>\n"                                                \
    "typedef struct {\n"                                                          \
    "    VkPhysicalDeviceMemoryProperties mem;\n"                                 \
    "    VkCommandBuffer cmd;\n"                                                  \
    "    VkBuffer staging, vertices;\n"                                           \
    "    int verbose, debug, named, sync;\n"                                      \
    "} Renderer;\n"                                                               \
    "static uint32_t pick_memory_type(Renderer *r, uint32_t bits)\n"              \
    "{\n"                                                                         \
    "    for (uint32_t i = 0; i < r->mem.memoryTypeCount; i++)\n"                 \
    "        if (bits & (1u << i))\n"                                             \
    "            return i;\n"                                                     \
    "    return 0;\n"                                                             \
    "}\n"                                                                         \
    "static int log_level(Renderer *r)\n"                                         \
    "{\n"                                                                         \
    "    int level;\n"                                                            \
    "    if (r->verbose)\n"                                                       \
    "        level = 2;\n"                                                        \
    "    else\n"                                                                  \
    "        level = 0;\n"                                                        \
    "    return level;\n"                                                         \
    "}\n"                                                                         \
    "static void name_buffers(Renderer *r)\n"                                     \
    "{\n"                                                                         \
    "    if (r->debug)\n"                                                         \
    "        r->named = 1;\n"                                                     \
    "    else\n"                                                                  \
    "        r->named = 0;\n"                                                     \
    "}\n"

/* Setup decisions in helpers that returned before the first access (a log
   level, a memory-type loop, debug naming) cannot change what is recorded:
   only the decision between the two accesses (whether the barrier is
   recorded) is a note. */
START_TEST(only_the_decisions_the_accesses_depend_on_are_notes)
{
    char *text = report_of(
        RENDERER
        "static void upload(Renderer *r)\n"
        "{\n"
        "    vkCmdFillBuffer(r->cmd, r->staging, 0, 4096, 0);\n"
        "    if (r->sync) {\n"
        "        VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,\n"
        "            .srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,\n"
        "            .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "            .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,\n"
        "            .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT};\n"
        "        VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,\n"
        "            .memoryBarrierCount = 1, .pMemoryBarriers = &mb};\n"
        "        vkCmdPipelineBarrier2(r->cmd, &dep);\n"
        "    }\n"
        "    VkBufferCopy region = {.size = 4096};\n"
        "    vkCmdCopyBuffer(r->cmd, r->staging, r->vertices, 1, &region);\n"
        "}\n"
        "void render(Renderer *r)\n"
        "{\n"
        "    int level = log_level(r);\n"
        "    uint32_t type = pick_memory_type(r, 7);\n"
        "    if (level > 1)\n"
        "        printf(\"memory type %u\\n\", type);\n"
        "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
        "    vkBeginCommandBuffer(r->cmd, &bi);\n"
        "    name_buffers(r);\n"
        "    upload(r);\n"
        "    vkEndCommandBuffer(r->cmd);\n"
        "}\n");
    ck_assert_uint_eq(count(text, "[hazard-read-after-write]"), 1);
    ck_assert_msg(count(text, ": note: (") == 2, "%s", text);
    ck_assert_msg(strstr(text, "note: (1) vkCmdFillBuffer writes 'r->staging' here") &&
                      strstr(text, "note: (2) `r->sync` is false"),
                  "%s", text);
    ck_assert_msg(!strstr(text, "r->verbose") && !strstr(text, "r->debug") &&
                      !strstr(text, "memoryTypeCount") && !strstr(text, "level > 1"),
                  "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "with no barrier between them"));
    free(text);
}
END_TEST

/* A barrier between the two accesses that does not order them: the
   message does not say "no barrier"; a note at the barrier says what its
   masks lack. */
START_TEST(an_insufficient_barrier_is_named_with_what_it_lacks)
{
    char *text = report_of(
        RENDERER
        "void render(Renderer *r)\n"
        "{\n"
        "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
        "    vkBeginCommandBuffer(r->cmd, &bi);\n"
        "    vkCmdFillBuffer(r->cmd, r->staging, 0, 4096, 0);\n"
        "    VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,\n"   /* 37 */
        "        .srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,\n"
        "        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "        .dstStageMask = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_2_SHADER_READ_BIT};\n"
        "    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,\n"
        "        .memoryBarrierCount = 1, .pMemoryBarriers = &mb};\n"
        "    vkCmdPipelineBarrier2(r->cmd, &dep);\n"
        "    VkBufferCopy region = {.size = 4096};\n"
        "    vkCmdCopyBuffer(r->cmd, r->staging, r->vertices, 1, &region);\n"
        "    vkEndCommandBuffer(r->cmd);\n"
        "}\n");
    ck_assert_uint_eq(count(text, "[hazard-read-after-write]"), 1);
    ck_assert_msg(!strstr(text, "no barrier"), "%s", text);
    ck_assert_msg(strstr(text, "renderer.c:37:") &&
                      strstr(text, "vkCmdPipelineBarrier2: dstStageMask (FRAGMENT_SHADER) "
                                   "does not include COPY, the stage of the read"),
                  "%s", text);
    free(text);
}
END_TEST

/* vkCmdPipelineBarrier (sync1) with a VkMemoryBarrier whose dstAccessMask
   lacks the second write: one note, at the struct, saying so.  The call's
   own execution dependency, whose stage masks do order the two, is no
   note of its own: it had one saying "srcAccessMask (NONE) lacks
   TRANSFER_WRITE", a mask nobody wrote (found by a helper session).  With
   no struct at all, the note at the call says that no memory barrier was
   given. */
START_TEST(a_sync1_barriers_stage_masks_are_not_named_for_its_structs_masks)
{
    char *text = report_of(
        RENDERER
        "void render(Renderer *r)\n"
        "{\n"
        "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
        "    vkBeginCommandBuffer(r->cmd, &bi);\n"
        "    vkCmdFillBuffer(r->cmd, r->staging, 0, 4096, 0);\n"
        "    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,\n"   /* 37 */
        "        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};\n"
        "    vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"    /* 40 */
        "        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);\n"
        "    vkCmdFillBuffer(r->cmd, r->staging, 0, 4096, 1);\n"
        "    vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"    /* 43 */
        "        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 0, NULL);\n"
        "    VkBufferCopy region = {.size = 4096};\n"
        "    vkCmdCopyBuffer(r->cmd, r->staging, r->vertices, 1, &region);\n"
        "    vkEndCommandBuffer(r->cmd);\n"
        "}\n");
    ck_assert_uint_eq(count(text, "[hazard-write-after-write]"), 1);
    ck_assert_uint_eq(count(text, "[hazard-read-after-write]"), 1);
    ck_assert_msg(!strstr(text, "(NONE)"), "%s", text);
    ck_assert_msg(strstr(text, "renderer.c:37:") &&
                      strstr(text, "dstAccessMask (TRANSFER_READ) lacks TRANSFER_WRITE"),
                  "%s", text);
    ck_assert_msg(!strstr(text, "renderer.c:40:"), "%s", text);
    ck_assert_msg(strstr(text, "renderer.c:43:") &&
                      strstr(text, "its stage masks order the two, but no memory barrier "
                                   "it was given makes the write available"),
                  "%s", text);
    free(text);
}
END_TEST

/* A loop around the recording runs up to twice: for the copy after it,
   the decisions of the last iteration led to the fill it conflicts with;
   the first iteration's (the same branch through the same calls) are not
   repeated as notes. */
START_TEST(a_loops_earlier_iterations_are_not_notes)
{
    char *text = report_of(
        "#include <vulkan/vulkan.h>\n"
        "typedef struct {\n"
        "    VkCommandBuffer cmd;\n"
        "    VkBuffer staging, vertices;\n"
        "    uint32_t count;\n"
        "    uint32_t sizes[8];\n"
        "} Renderer;\n"
        "void render(Renderer *r)\n"
        "{\n"
        "    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};\n"
        "    vkBeginCommandBuffer(r->cmd, &bi);\n"
        "    for (uint32_t i = 0; i < r->count; i++) {\n"
        "        VkDeviceSize size;\n"
        "        if (r->sizes[i] > 1024)\n"
        "            size = 1024;\n"
        "        else\n"
        "            size = r->sizes[i];\n"
        "        vkCmdFillBuffer(r->cmd, r->staging, 0, size, 0);\n"
        "    }\n"
        "    VkBufferCopy region = {.size = 1024};\n"
        "    vkCmdCopyBuffer(r->cmd, r->staging, r->vertices, 1, &region);\n"  /* 21 */
        "    vkEndCommandBuffer(r->cmd);\n"
        "}\n");
    const char *copy = strstr(text, "renderer.c:21:5: error: vkCmdCopyBuffer reads");
    ck_assert_msg(copy != NULL, "%s", text);
    ck_assert_msg(count(copy, ": note: (") == 3, "%s", copy);
    ck_assert_msg(strstr(copy, "note: (1) `i < r->count` is assumed true (loop "
                               "iteration 2 of 2)") &&
                      strstr(copy, "note: (2) `r->sizes[i] > 1024` is true") &&
                      !strstr(copy, "iteration 1 of 2"),
                  "%s", copy);
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("finding-notes");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, only_the_decisions_the_accesses_depend_on_are_notes);
    tcase_add_test(tc, an_insufficient_barrier_is_named_with_what_it_lacks);
    tcase_add_test(tc, a_loops_earlier_iterations_are_not_notes);
    tcase_add_test(tc, a_sync1_barriers_stage_masks_are_not_named_for_its_structs_masks);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
