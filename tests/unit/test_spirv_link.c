/*
 * test_spirv_link.c - dispatches linked to the SPIR-V they run
 * (analyzer/pipeline_link.c): the shader module found by the loader's file
 * name or by the embedded words' hash, the pipeline, the descriptor writes
 * and binds; every broken link leaves the dispatch's access unknown.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/analyzer.h"
#include "vksync/spirv.h"

#define SIMULATE_SPV VKS_BINARY_DIR "/examples/compute/simulate.spv"

/* A recording function; CODE is how pCode is obtained, BIND_SET the set
   bound at the dispatch. */
static const char *program_text(const char *code, const char *bind_set, int writes)
{
    static char text[4096];
    snprintf(text, sizeof text,
             "#include <stddef.h>\n"
             "#include <stdint.h>\n"
             "#include <stdio.h>\n"
             "#include <stdlib.h>\n"
             "#include <vulkan/vulkan.h>\n"
             "uint32_t *load_spirv(const char *path, size_t *size);\n"
             "%s\n"
             "void run(VkDevice device, VkCommandBuffer cmd, VkPipelineLayout layout,\n"
             "         VkDescriptorSet set, VkDescriptorSet other, VkBuffer particles,\n"
             "         VkBuffer params) {\n"
             "    size_t code_size = 0;\n"
             "    const uint32_t *code;\n"
             "    %s\n"
             "    VkShaderModuleCreateInfo mi = {.codeSize = code_size, .pCode = code};\n"
             "    VkShaderModule module;\n"
             "    vkCreateShaderModule(device, &mi, NULL, &module);\n"
             "    VkComputePipelineCreateInfo pi = {.stage = {.module = module, .pName = \"main\"},\n"
             "                                      .layout = layout};\n"
             "    VkPipeline pipeline;\n"
             "    vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pi, NULL, &pipeline);\n"
             "    VkDescriptorBufferInfo b[2] = {{.buffer = particles, .offset = 64, .range = 256},\n"
             "                                   {.buffer = params, .offset = 0, .range = 16}};\n"
             "    VkWriteDescriptorSet w[2] = {\n"
             "        {.dstSet = set, .dstBinding = 0, .descriptorCount = 1,\n"
             "         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &b[0]},\n"
             "        {.dstSet = set, .dstBinding = 1, .descriptorCount = 1,\n"
             "         .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = &b[1]}};\n"
             "    vkUpdateDescriptorSets(device, %d, w, 0, NULL);\n"
             "    VkCommandBufferBeginInfo bi = {0};\n"
             "    vkBeginCommandBuffer(cmd, &bi);\n"
             "    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);\n"
             "    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1,\n"
             "                            &%s, 0, NULL);\n"
             "    vkCmdDispatch(cmd, 64, 1, 1);\n"
             "    vkEndCommandBuffer(cmd);\n"
             "}\n",
             strstr(code, "simulate_spv") ? "#include \"" VKS_BINARY_DIR
                                            "/examples/compute/simulate_spv.h\""
                                          : "",
             code, writes, bind_set);
    return text;
}

typedef struct {
    vks_arena *arena;
    vks_program *program;
    const vks_cmd *dispatch;
} linked;

/* Runs the front end on `text` with the given shaders; `command` is the
   command whose accesses the test looks at (kept in r.dispatch). */
static linked link_program_with(const char *text, const char *const *shader_paths,
                                size_t shader_path_count, const char *command)
{
    linked r = {.arena = vks_arena_new()};
    char dir[] = "/tmp/vks-link-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/run.c", dir);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);

    const vks_shader_summary *shaders[4];
    size_t shader_count = 0;
    vks_findings findings = {.arena = r.arena};
    for (size_t i = 0; i < shader_path_count && i < 4; i++) {
        vks_shader_summary *s;
        const char *error;
        ck_assert_int_eq(vks_analyze_spirv_file(shader_paths[i], NULL, r.arena, &s, &findings,
                                                &error), 0);
        shaders[shader_count++] = s;
    }
    vks_frontend_options options = {.shaders = shaders, .shader_count = shader_count};
    vks_stats stats = {0};
    r.program = vks_program_new(r.arena);
    const char *error = NULL;
    vks_frontend *fe = vks_frontend_new(&options, r.program, &findings, &stats);
    ck_assert_int_eq(vks_frontend_add_file(fe, path, &error), 0);
    vks_frontend_analyze(fe);
    vks_frontend_free(fe);
    unlink(path);
    rmdir(dir);
    ck_assert_uint_eq(r.program->cmdbuf_count, 1);
    const vks_cmdbuf *cb = &r.program->cmdbufs[0];
    for (size_t i = 0; i < cb->cmd_count; i++)
        if (strcmp(cb->cmds[i].name, command) == 0)
            r.dispatch = &cb->cmds[i];
    ck_assert_ptr_nonnull(r.dispatch);
    return r;
}

static linked link_program(const char *text, const char *shader_path)
{
    return link_program_with(text, &shader_path, shader_path ? 1 : 0, "vkCmdDispatch");
}

static const vks_access *access_with(const linked *r, uint64_t access)
{
    for (size_t i = 0; i < r->dispatch->access_count; i++)
        if (r->dispatch->accesses[i].known && r->dispatch->accesses[i].access == access)
            return &r->dispatch->accesses[i];
    return NULL;
}

static size_t unknown_accesses(const linked *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->dispatch->access_count; i++)
        n += !r->dispatch->accesses[i].known;
    return n;
}

static const char *resource_name(const linked *r, const vks_access *a)
{
    return r->program->resources[a->region.res].name;
}

/* The simulate shader reads and writes binding 0, reads binding 1. */
static void assert_fully_linked(const linked *r)
{
    ck_assert_uint_eq(unknown_accesses(r), 0);
    ck_assert_uint_eq(r->dispatch->access_count, 3);
    const vks_access *read = access_with(r, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    const vks_access *write = access_with(r, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    const vks_access *uniform = access_with(r, VK_ACCESS_2_UNIFORM_READ_BIT);
    ck_assert_ptr_nonnull(read);
    ck_assert_ptr_nonnull(write);
    ck_assert_ptr_nonnull(uniform);
    ck_assert(write->stage == VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
    ck_assert_str_eq(resource_name(r, write), "particles");
    ck_assert(write->region.range_known);
    ck_assert_uint_eq(write->region.offset, 64);
    ck_assert_uint_eq(write->region.size, 256);
    ck_assert_str_eq(resource_name(r, uniform), "params");
}

START_TEST(linked_by_loader_file_name)
{
    linked r = link_program(program_text("code = load_spirv(\"shaders/simulate.spv\", &code_size);",
                                         "set", 2),
                            SIMULATE_SPV);
    assert_fully_linked(&r);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(linked_by_embedded_words)
{
    linked r = link_program(program_text("code = simulate_spv; code_size = sizeof simulate_spv;",
                                         "set", 2),
                            SIMULATE_SPV);
    assert_fully_linked(&r);
    vks_arena_free(r.arena);
}
END_TEST

/* The file's name built by snprintf from known strings, opened with fopen
   and read with fread into an array (tests/diff/harness/vkrt.c's loader). */
START_TEST(linked_through_snprintf_fopen_and_fread)
{
    linked r = link_program(
        program_text("char path[64];\n"
                     "    snprintf(path, sizeof path, \"%s/%s.spv\", \"shaders\", \"simulate\");\n"
                     "    FILE *f = fopen(path, \"rb\");\n"
                     "    if (!f) exit(3);\n"
                     "    static uint32_t words[4096];\n"
                     "    code_size = fread(words, 1, sizeof words, f);\n"
                     "    code = words;",
                     "set", 2),
        SIMULATE_SPV);
    assert_fully_linked(&r);
    vks_arena_free(r.arena);
}
END_TEST

/* A name with an unknown part (an environment variable) is no file name:
   the dispatch stays unknown. */
START_TEST(a_path_with_an_unknown_part_stays_unknown)
{
    linked r = link_program(
        program_text("char path[64];\n"
                     "    snprintf(path, sizeof path, \"%s/%s.spv\", getenv(\"DIR\"), \"simulate\");\n"
                     "    FILE *f = fopen(path, \"rb\");\n"
                     "    static uint32_t words[4096];\n"
                     "    code_size = fread(words, 1, sizeof words, f);\n"
                     "    code = words;",
                     "set", 2),
        SIMULATE_SPV);
    ck_assert_uint_eq(unknown_accesses(&r), 1);
    ck_assert_uint_eq(r.dispatch->access_count, 1);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(no_shader_given_stays_unknown)
{
    linked r = link_program(program_text("code = load_spirv(\"simulate.spv\", &code_size);",
                                         "set", 2),
                            NULL);
    ck_assert_uint_eq(r.dispatch->access_count, 1);
    ck_assert_uint_eq(unknown_accesses(&r), 1);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(other_file_name_stays_unknown)
{
    linked r = link_program(program_text("code = load_spirv(\"blur.spv\", &code_size);",
                                         "set", 2),
                            SIMULATE_SPV);
    ck_assert_uint_eq(r.dispatch->access_count, 1);
    ck_assert_uint_eq(unknown_accesses(&r), 1);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(other_set_bound_stays_unknown)
{
    linked r = link_program(program_text("code = load_spirv(\"simulate.spv\", &code_size);",
                                         "other", 2),
                            SIMULATE_SPV);
    ck_assert_uint_eq(r.dispatch->access_count, 1);
    ck_assert_uint_eq(unknown_accesses(&r), 1);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(unwritten_binding_is_unknown_the_rest_known)
{
    /* Only binding 0 is written: its accesses are known, binding 1's not. */
    linked r = link_program(program_text("code = load_spirv(\"simulate.spv\", &code_size);",
                                         "set", 1),
                            SIMULATE_SPV);
    ck_assert_ptr_nonnull(access_with(&r, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT));
    ck_assert_ptr_null(access_with(&r, VK_ACCESS_2_UNIFORM_READ_BIT));
    ck_assert_uint_eq(unknown_accesses(&r), 1);
    vks_arena_free(r.arena);
}
END_TEST

/* A draw links through vkCreateGraphicsPipelines: each stage's descriptors
   in that stage. */
START_TEST(draw_linked_per_stage)
{
    const char *text =
        "#include <stddef.h>\n"
        "#include <stdint.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "uint32_t *load_spirv(const char *path, size_t *size);\n"
        "void draw(VkDevice device, VkCommandBuffer cmd, VkPipelineLayout layout,\n"
        "          VkRenderPass pass, VkDescriptorSet set, VkBuffer palette, VkBuffer camera) {\n"
        "    size_t vs_size = 0, fs_size = 0;\n"
        "    const uint32_t *vs_code = load_spirv(\"link_vertex.spv\", &vs_size);\n"
        "    const uint32_t *fs_code = load_spirv(\"link_fragment.spv\", &fs_size);\n"
        "    VkShaderModuleCreateInfo vi = {.codeSize = vs_size, .pCode = vs_code};\n"
        "    VkShaderModuleCreateInfo fi = {.codeSize = fs_size, .pCode = fs_code};\n"
        "    VkShaderModule vs, fs;\n"
        "    vkCreateShaderModule(device, &vi, NULL, &vs);\n"
        "    vkCreateShaderModule(device, &fi, NULL, &fs);\n"
        "    VkPipelineShaderStageCreateInfo stages[2] = {\n"
        "        {.stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = \"main\"},\n"
        "        {.stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = \"main\"}};\n"
        "    VkGraphicsPipelineCreateInfo gi = {.stageCount = 2, .pStages = stages,\n"
        "                                       .layout = layout, .renderPass = pass};\n"
        "    VkPipeline pipeline;\n"
        "    vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &gi, NULL, &pipeline);\n"
        "    VkDescriptorBufferInfo b[2] = {{.buffer = palette, .offset = 0, .range = 256},\n"
        "                                   {.buffer = camera, .offset = 0, .range = 64}};\n"
        "    VkWriteDescriptorSet w[2] = {\n"
        "        {.dstSet = set, .dstBinding = 0, .descriptorCount = 1,\n"
        "         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &b[0]},\n"
        "        {.dstSet = set, .dstBinding = 1, .descriptorCount = 1,\n"
        "         .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = &b[1]}};\n"
        "    vkUpdateDescriptorSets(device, 2, w, 0, NULL);\n"
        "    VkCommandBufferBeginInfo bi = {0};\n"
        "    vkBeginCommandBuffer(cmd, &bi);\n"
        "    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);\n"
        "    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1,\n"
        "                            &set, 0, NULL);\n"
        "    vkCmdDispatch(cmd, 1, 1, 1);\n"
        "    vkCmdDraw(cmd, 3, 1, 0, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";
    const char *shaders[] = {VKS_BINARY_DIR "/shaders/link_vertex.spv",
                             VKS_BINARY_DIR "/shaders/link_fragment.spv"};
    linked r = link_program_with(text, shaders, 2, "vkCmdDraw");
    const vks_access *palette = access_with(&r, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    const vks_access *camera = access_with(&r, VK_ACCESS_2_UNIFORM_READ_BIT);
    ck_assert_ptr_nonnull(palette);
    ck_assert_ptr_nonnull(camera);
    ck_assert(palette->stage == VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT);
    ck_assert_str_eq(resource_name(&r, palette), "palette");
    ck_assert(camera->stage == VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
    ck_assert_str_eq(resource_name(&r, camera), "camera");
    ck_assert_ptr_null(access_with(&r, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT));
    vks_arena_free(r.arena);
    /* The compute bind point has nothing bound: the dispatch stays unknown. */
    linked d = link_program_with(text, shaders, 2, "vkCmdDispatch");
    ck_assert_uint_eq(d.dispatch->access_count, 1);
    ck_assert_uint_eq(unknown_accesses(&d), 1);
    vks_arena_free(d.arena);
}
END_TEST

/* Image descriptors: the view's image, in the layout the descriptor names. */
START_TEST(image_descriptors_linked_through_views)
{
    const char *text =
        "#include <stddef.h>\n"
        "#include <stdint.h>\n"
        "#include <vulkan/vulkan.h>\n"
        "uint32_t *load_spirv(const char *path, size_t *size);\n"
        "void blit(VkDevice device, VkCommandBuffer cmd, VkPipelineLayout layout,\n"
        "          VkDescriptorSet set, VkImage target, VkImage source, VkSampler sampler) {\n"
        "    size_t size = 0;\n"
        "    const uint32_t *code = load_spirv(\"link_image.spv\", &size);\n"
        "    VkShaderModuleCreateInfo mi = {.codeSize = size, .pCode = code};\n"
        "    VkShaderModule module;\n"
        "    vkCreateShaderModule(device, &mi, NULL, &module);\n"
        "    VkComputePipelineCreateInfo pi = {.stage = {.module = module, .pName = \"main\"}};\n"
        "    VkPipeline pipeline;\n"
        "    vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pi, NULL, &pipeline);\n"
        "    VkImageViewCreateInfo tv = {.image = target, .viewType = VK_IMAGE_VIEW_TYPE_2D,\n"
        "        .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    VkImageViewCreateInfo sv = {.image = source, .viewType = VK_IMAGE_VIEW_TYPE_2D,\n"
        "        .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    VkImageView target_view, source_view;\n"
        "    vkCreateImageView(device, &tv, NULL, &target_view);\n"
        "    vkCreateImageView(device, &sv, NULL, &source_view);\n"
        "    VkDescriptorImageInfo ii[2] = {\n"
        "        {.imageView = target_view, .imageLayout = VK_IMAGE_LAYOUT_GENERAL},\n"
        "        {.sampler = sampler, .imageView = source_view,\n"
        "         .imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};\n"
        "    VkWriteDescriptorSet w[2] = {\n"
        "        {.dstSet = set, .dstBinding = 0, .descriptorCount = 1,\n"
        "         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &ii[0]},\n"
        "        {.dstSet = set, .dstBinding = 1, .descriptorCount = 1,\n"
        "         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &ii[1]}};\n"
        "    vkUpdateDescriptorSets(device, 2, w, 0, NULL);\n"
        "    VkCommandBufferBeginInfo bi = {0};\n"
        "    vkBeginCommandBuffer(cmd, &bi);\n"
        "    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);\n"
        "    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1,\n"
        "                            &set, 0, NULL);\n"
        "    vkCmdDispatch(cmd, 8, 8, 1);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";
    const char *shader = VKS_BINARY_DIR "/shaders/link_image.spv";
    linked r = link_program_with(text, &shader, 1, "vkCmdDispatch");
    ck_assert_uint_eq(unknown_accesses(&r), 0);
    ck_assert_uint_eq(r.dispatch->access_count, 2);
    const vks_access *write = access_with(&r, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    const vks_access *sample = access_with(&r, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    ck_assert_ptr_nonnull(write);
    ck_assert_ptr_nonnull(sample);
    ck_assert_str_eq(resource_name(&r, write), "target");
    ck_assert_uint_eq(write->layout, VK_IMAGE_LAYOUT_GENERAL);
    ck_assert(write->region.range_known);
    ck_assert_uint_eq(write->region.mip_count, 1);
    ck_assert_str_eq(resource_name(&r, sample), "source");
    ck_assert_uint_eq(sample->layout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    vks_arena_free(r.arena);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spirv-link");
    TCase *tc = tcase_create("link");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, linked_by_loader_file_name);
    tcase_add_test(tc, linked_by_embedded_words);
    tcase_add_test(tc, linked_through_snprintf_fopen_and_fread);
    tcase_add_test(tc, a_path_with_an_unknown_part_stays_unknown);
    tcase_add_test(tc, no_shader_given_stays_unknown);
    tcase_add_test(tc, other_file_name_stays_unknown);
    tcase_add_test(tc, other_set_bound_stays_unknown);
    tcase_add_test(tc, unwritten_binding_is_unknown_the_rest_known);
    tcase_add_test(tc, draw_linked_per_stage);
    tcase_add_test(tc, image_descriptors_linked_through_views);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
