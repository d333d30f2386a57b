/*
 * test_tables.c - the Vulkan tables: meta-flag expansion and logical stage
 * order (Vulkan spec, "Synchronization and Cache Control" chapter,
 * "Pipeline Stages", "Access Types").
 */
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/vk_tables.h"

START_TEST(all_transfer_expands_to_copy_blit_resolve_clear)
{
    uint64_t s = vks_expand_stages(VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_COPY_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_CLEAR_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_BLIT_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_RESOLVE_BIT);
    ck_assert(!(s & VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT));
}
END_TEST

START_TEST(first_scope_includes_logically_earlier_stages_only)
{
    uint64_t s = vks_first_scope_stages(VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT);
    ck_assert(!(s & VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT));
    ck_assert(!(s & VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT));
    ck_assert(!(s & VK_PIPELINE_STAGE_2_COPY_BIT));
}
END_TEST

START_TEST(second_scope_includes_logically_later_stages_only)
{
    uint64_t s = vks_second_scope_stages(VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
    ck_assert(s & VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT);
    ck_assert(!(s & VK_PIPELINE_STAGE_2_COPY_BIT));
}
END_TEST

START_TEST(top_and_bottom_of_pipe)
{
    /* TOP_OF_PIPE as destination and BOTTOM_OF_PIPE as source mean all
       commands; the other way round they mean nothing that accesses memory. */
    ck_assert(vks_second_scope_stages(VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT) &
              VK_PIPELINE_STAGE_2_COPY_BIT);
    ck_assert(vks_first_scope_stages(VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT) &
              VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
    ck_assert(!(vks_first_scope_stages(VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT) &
                VK_PIPELINE_STAGE_2_COPY_BIT));
    ck_assert(!(vks_second_scope_stages(VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT) &
                VK_PIPELINE_STAGE_2_COPY_BIT));
}
END_TEST

START_TEST(meta_accesses_expand)
{
    uint64_t r = vks_expand_access(VK_ACCESS_2_MEMORY_READ_BIT);
    ck_assert(r & VK_ACCESS_2_TRANSFER_READ_BIT);
    ck_assert(!(r & VK_ACCESS_2_TRANSFER_WRITE_BIT));
    uint64_t w = vks_expand_access(VK_ACCESS_2_SHADER_WRITE_BIT);
    ck_assert(w & VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    ck_assert(vks_access_is_write(VK_ACCESS_2_TRANSFER_WRITE_BIT));
    ck_assert(!vks_access_is_write(VK_ACCESS_2_TRANSFER_READ_BIT));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tables");
    TCase *tc = tcase_create("tables");
    tcase_add_test(tc, all_transfer_expands_to_copy_blit_resolve_clear);
    tcase_add_test(tc, first_scope_includes_logically_earlier_stages_only);
    tcase_add_test(tc, second_scope_includes_logically_later_stages_only);
    tcase_add_test(tc, top_and_bottom_of_pipe);
    tcase_add_test(tc, meta_accesses_expand);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
