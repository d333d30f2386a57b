/*
 * test_spirv.c - the SPIR-V pass: access summaries per entry point, the
 * spirv-val note, and bad input (wrong magic, truncated, ids out of range,
 * random bytes: exit status 2 and one line naming the file, never a crash).
 * The memory-model rules are in test_spirv_lint.c.
 */
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/spirv.h"

typedef struct {
    vks_arena *arena;
    vks_findings findings;
    vks_shader_summary *summary;
    const char *error;
    int status;
} run;

static run analyse(const char *path)
{
    run r = {.arena = vks_arena_new()};
    r.findings.arena = r.arena;
    r.status = vks_analyze_spirv_file(path, NULL, r.arena, &r.summary, &r.findings, &r.error);
    return r;
}

static run analyse_bytes(const void *data, size_t size)
{
    run r = {.arena = vks_arena_new()};
    r.findings.arena = r.arena;
    r.status = vks_analyze_spirv_memory("mem.spv", data, size, false, NULL, r.arena,
                                        &r.summary, &r.findings, &r.error);
    return r;
}

static const vks_shader_descriptor *descriptor(const vks_entry_point *ep, uint32_t set,
                                               uint32_t binding)
{
    for (size_t i = 0; i < ep->descriptor_count; i++)
        if (ep->descriptors[i].set == set && ep->descriptors[i].binding == binding)
            return &ep->descriptors[i];
    return NULL;
}

static unsigned use_of(const vks_entry_point *ep, uint32_t set, uint32_t binding)
{
    const vks_shader_descriptor *d = descriptor(ep, set, binding);
    ck_assert_msg(d, "no descriptor set=%u binding=%u", set, binding);
    return d->use;
}

static void *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = malloc((size_t)n + 1);
    ck_assert_uint_eq(fread(data, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return data;
}

#define SHADER(name) VKS_BINARY_DIR "/shaders/" name ".spv"
#define SOURCE(name) VKS_SOURCE_DIR "/tests/shaders/" name

START_TEST(reflect_uses_from_reachable_code)
{
    run r = analyse(SHADER("reflect"));
    ck_assert_int_eq(r.status, 0);
    ck_assert(r.summary->valid);
    ck_assert(r.summary->has_debug_lines);
    ck_assert_uint_eq(r.summary->entry_point_count, 1);
    const vks_entry_point *ep = vks_shader_entry_point(r.summary, "main");
    ck_assert_ptr_nonnull(ep);
    ck_assert_uint_eq(ep->vk_stage, VK_SHADER_STAGE_COMPUTE_BIT);
    ck_assert(ep->pipeline_stage == VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
    ck_assert_uint_eq(ep->local_size[0], 8);
    ck_assert_uint_eq(ep->local_size[1], 8);
    /* readonly input, read inside a called helper */
    ck_assert_uint_eq(use_of(ep, 0, 0), VKS_SHADER_READ);
    ck_assert_int_eq(descriptor(ep, 0, 0)->kind, VKS_DESC_STORAGE_BUFFER);
    /* written only, through the helper */
    ck_assert_uint_eq(use_of(ep, 0, 1), VKS_SHADER_WRITE);
    ck_assert_int_eq(descriptor(ep, 0, 2)->kind, VKS_DESC_UNIFORM_BUFFER);
    ck_assert_uint_eq(use_of(ep, 0, 2), VKS_SHADER_READ);
    ck_assert_uint_eq(use_of(ep, 0, 3), VKS_SHADER_READ | VKS_SHADER_WRITE | VKS_SHADER_ATOMIC);
    ck_assert_int_eq(descriptor(ep, 1, 0)->kind, VKS_DESC_COMBINED_IMAGE_SAMPLER);
    ck_assert_uint_eq(use_of(ep, 1, 0), VKS_SHADER_READ);
    ck_assert_int_eq(descriptor(ep, 1, 1)->kind, VKS_DESC_STORAGE_IMAGE);
    ck_assert_uint_eq(use_of(ep, 1, 1), VKS_SHADER_WRITE);
    ck_assert_uint_eq(use_of(ep, 1, 2), VKS_SHADER_READ | VKS_SHADER_WRITE | VKS_SHADER_ATOMIC);
    ck_assert_uint_eq(descriptor(ep, 1, 3)->array_size, 4);
    ck_assert_uint_eq(use_of(ep, 1, 3), VKS_SHADER_READ);
    /* declared, never touched */
    ck_assert_uint_eq(use_of(ep, 2, 0), 0);
    ck_assert_uint_eq(r.findings.count, 0);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(summary_prints_stably)
{
    run r = analyse(SHADER("reflect"));
    ck_assert_int_eq(r.status, 0);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    vks_shader_summary_print(r.summary, out);
    fclose(out);
    const char *body = strchr(text, '\n') + 1; /* after the module line */
    ck_assert_str_eq(body,
                     "entry main GLCompute stage=COMPUTE_SHADER local_size=8,8,1\n"
                     "  set=0 binding=0 storage-buffer 'In' read\n"
                     "  set=0 binding=1 storage-buffer 'Out' write\n"
                     "  set=0 binding=2 uniform-buffer 'Params' read\n"
                     "  set=0 binding=3 storage-buffer 'Counter' read,write,atomic\n"
                     "  set=1 binding=0 combined-image-sampler 'tex' read\n"
                     "  set=1 binding=1 storage-image 'outImg' write\n"
                     "  set=1 binding=2 storage-image 'atomImg' read,write,atomic\n"
                     "  set=1 binding=3 storage-image[4] 'inImgs' read\n"
                     "  set=2 binding=0 storage-buffer 'Declared' unused\n");
    free(text);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(each_entry_point_sees_only_its_reachable_code)
{
    run r = analyse(SOURCE("two_entries.spvasm"));
    ck_assert_int_eq(r.status, 0);
    ck_assert(r.summary->valid);
    ck_assert(!r.summary->has_debug_lines);
    const vks_entry_point *writer = vks_shader_entry_point(r.summary, "writer");
    const vks_entry_point *reader = vks_shader_entry_point(r.summary, "reader");
    ck_assert_ptr_nonnull(writer);
    ck_assert_ptr_nonnull(reader);
    ck_assert_uint_eq(use_of(writer, 0, 0), VKS_SHADER_WRITE); /* through a call */
    ck_assert_uint_eq(use_of(writer, 0, 1), 0);
    ck_assert_uint_eq(use_of(reader, 0, 0), 0);
    ck_assert_uint_eq(use_of(reader, 0, 1), VKS_SHADER_READ);
    ck_assert_uint_eq(reader->local_size[0], 4);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(invalid_module_is_analysed_with_a_note)
{
    run r = analyse(SOURCE("invalid_but_analysed.spvasm"));
    ck_assert_int_eq(r.status, 0);
    ck_assert(!r.summary->valid);
    ck_assert_uint_eq(use_of(&r.summary->entry_points[0], 3, 5),
                      VKS_SHADER_READ | VKS_SHADER_WRITE);
    ck_assert_uint_eq(r.findings.count, 1);
    ck_assert_int_eq(r.findings.items[0].rule, VKS_RULE_SHADER_MODULE_INVALID);
    ck_assert_int_eq(vks_rule_get(r.findings.items[0].rule)->level, VKS_LEVEL_NOTE);
    ck_assert_ptr_nonnull(strstr(r.findings.items[0].message, "spirv-val"));
    /* Without debug info a finding points at the .spvasm line. */
    ck_assert_str_eq(r.findings.items[0].loc.file, SOURCE("invalid_but_analysed.spvasm"));
    ck_assert_uint_eq(r.findings.items[0].loc.line, 3);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(access_bits_per_descriptor_kind)
{
    ck_assert(vks_descriptor_access_bits(VKS_DESC_STORAGE_BUFFER, VKS_SHADER_READ) ==
              VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    ck_assert(vks_descriptor_access_bits(VKS_DESC_STORAGE_BUFFER, VKS_SHADER_WRITE) ==
              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    ck_assert(vks_descriptor_access_bits(VKS_DESC_STORAGE_IMAGE, VKS_SHADER_ATOMIC) ==
              (VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT));
    ck_assert(vks_descriptor_access_bits(VKS_DESC_UNIFORM_BUFFER, VKS_SHADER_READ) ==
              VK_ACCESS_2_UNIFORM_READ_BIT);
    ck_assert(vks_descriptor_access_bits(VKS_DESC_COMBINED_IMAGE_SAMPLER, VKS_SHADER_READ) ==
              VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    ck_assert(vks_descriptor_access_bits(VKS_DESC_STORAGE_BUFFER,
                                         VKS_SHADER_READ | VKS_SHADER_UNKNOWN_USE) == 0);
    ck_assert_uint_eq(vks_descriptor_vk_type(VKS_DESC_STORAGE_BUFFER),
                      VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
}
END_TEST

/* ---- bad input ---- */

static void assert_rejected(run r, const char *name, const char *fragment)
{
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_null(r.summary);
    ck_assert_ptr_nonnull(r.error);
    ck_assert_msg(strncmp(r.error, name, strlen(name)) == 0, "error does not name the file: %s",
                  r.error);
    ck_assert_msg(strstr(r.error, fragment), "'%s' not in: %s", fragment, r.error);
    ck_assert_ptr_null(strchr(r.error, '\n'));
    vks_arena_free(r.arena);
}

START_TEST(wrong_magic)
{
    const char text[] = "this is not a shader at all....";
    assert_rejected(analyse_bytes(text, 32), "mem.spv", "not a SPIR-V module (magic 0x73696874)");
}
END_TEST

START_TEST(empty_and_short_files)
{
    assert_rejected(analyse_bytes("", 0), "mem.spv", "shorter than the 5-word header");
    uint32_t header[4] = {0x07230203, 0x10000, 0, 10};
    assert_rejected(analyse_bytes(header, sizeof header), "mem.spv", "shorter than the 5-word header");
    uint32_t zero_bound[5] = {0x07230203, 0x10000, 0, 0, 0};
    assert_rejected(analyse_bytes(zero_bound, sizeof zero_bound), "mem.spv", "id bound 0");
    uint32_t huge_bound[5] = {0x07230203, 0x10000, 0, 0xffffffffu, 0};
    assert_rejected(analyse_bytes(huge_bound, sizeof huge_bound), "mem.spv", "id bound 4294967295");
}
END_TEST

START_TEST(missing_file)
{
    run r = analyse("/nonexistent/x.spv");
    assert_rejected(r, "/nonexistent/x.spv", "cannot open");
}
END_TEST

START_TEST(truncated_module)
{
    size_t size;
    uint8_t *data = read_whole(SHADER("reflect"), &size);
    assert_rejected(analyse_bytes(data, size - 6), "mem.spv", "not a whole number of words");
    assert_rejected(analyse_bytes(data, size - 8), "mem.spv", "truncated SPIR-V module");
    /* cut in the middle of the module: some instruction is cut short */
    assert_rejected(analyse_bytes(data, (size / 2) & ~(size_t)3), "mem.spv", "truncated SPIR-V module");
    free(data);
}
END_TEST

START_TEST(ids_out_of_range)
{
    /* OpCapability Shader; OpMemoryModel Logical GLSL450; OpTypeVoid %1;
       OpTypePointer %2 Function %9 -- but the bound is 3. */
    uint32_t words[] = {0x07230203, 0x10000, 0, 3, 0,
                        (2u << 16) | 17, 1,
                        (3u << 16) | 14, 0, 1,
                        (2u << 16) | 19, 1,
                        (4u << 16) | 32, 2, 7, 9};
    assert_rejected(analyse_bytes(words, sizeof words), "mem.spv", "uses id 9, outside 1..2");
    /* a result id at the bound itself */
    uint32_t at_bound[] = {0x07230203, 0x10000, 0, 3, 0,
                           (2u << 16) | 17, 1,
                           (3u << 16) | 14, 0, 1,
                           (2u << 16) | 19, 3};
    assert_rejected(analyse_bytes(at_bound, sizeof at_bound), "mem.spv", "uses id 3");
    /* word count 0 */
    uint32_t zero_count[] = {0x07230203, 0x10000, 0, 3, 0, 17};
    assert_rejected(analyse_bytes(zero_count, sizeof zero_count), "mem.spv", "word count 0");
}
END_TEST

START_TEST(byte_swapped_module_is_read)
{
    size_t size;
    uint32_t *words = read_whole(SHADER("reflect"), &size);
    for (size_t i = 0; i < size / 4; i++)
        words[i] = __builtin_bswap32(words[i]);
    run r = analyse_bytes(words, size);
    ck_assert_int_eq(r.status, 0);
    ck_assert_uint_eq(use_of(&r.summary->entry_points[0], 0, 1), VKS_SHADER_WRITE);
    vks_arena_free(r.arena);
    free(words);
}
END_TEST

START_TEST(assembly_errors_name_the_file)
{
    vks_arena *arena = vks_arena_new();
    vks_findings findings = {.arena = arena};
    vks_shader_summary *s;
    const char *error = NULL;
    const char text[] = "OpCapability Shader\n%1 = OpBogus\n";
    int status = vks_analyze_spirv_memory("bad.spvasm", text, sizeof text - 1, true, NULL, arena,
                                          &s, &findings, &error);
    ck_assert_int_eq(status, 2);
    ck_assert_ptr_nonnull(strstr(error, "bad.spvasm:2:"));
    ck_assert_ptr_nonnull(strstr(error, "not valid SPIR-V assembly"));
    vks_arena_free(arena);
}
END_TEST

static uint32_t next_random(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

START_TEST(random_bytes_never_crash)
{
    uint32_t state = 0x2545F491u;
    for (int i = 0; i < 400; i++) {
        size_t words = next_random(&state) % 64;
        uint32_t buf[64];
        for (size_t k = 0; k < words; k++)
            buf[k] = next_random(&state);
        if (words && i % 2)
            buf[0] = 0x07230203; /* get past the magic half of the time */
        if (words > 3 && i % 4 == 1)
            buf[3] = 64;
        run r = analyse_bytes(buf, words * 4 + (i % 3 == 0 ? 0 : 0));
        ck_assert(r.status == 0 || r.status == 2);
        ck_assert(r.status == 0 || (r.error && !strchr(r.error, '\n')));
        vks_arena_free(r.arena);
    }
}
END_TEST

START_TEST(mutated_modules_never_crash)
{
    size_t size;
    uint32_t *original = read_whole(SHADER("flag_fixed"), &size);
    uint32_t *words = malloc(size);
    uint32_t state = 0x9E3779B9u;
    size_t n = size / 4;
    for (int i = 0; i < 300; i++) {
        memcpy(words, original, size);
        int flips = 1 + (int)(next_random(&state) % 4);
        for (int k = 0; k < flips; k++) {
            size_t at = 5 + next_random(&state) % (n - 5);
            uint32_t v = next_random(&state);
            /* small values hit ids, opcodes and enumerants more often */
            words[at] = (i % 2) ? v : (words[at] & 0xffff0000u) | (v % 80);
        }
        run r = analyse_bytes(words, size);
        ck_assert(r.status == 0 || r.status == 2);
        vks_arena_free(r.arena);
    }
    free(words);
    free(original);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spirv");
    TCase *tc = tcase_create("summary");
    tcase_add_test(tc, reflect_uses_from_reachable_code);
    tcase_add_test(tc, summary_prints_stably);
    tcase_add_test(tc, each_entry_point_sees_only_its_reachable_code);
    tcase_add_test(tc, invalid_module_is_analysed_with_a_note);
    tcase_add_test(tc, access_bits_per_descriptor_kind);
    suite_add_tcase(s, tc);
    TCase *bad = tcase_create("bad-input");
    tcase_set_timeout(bad, 60);
    tcase_add_test(bad, wrong_magic);
    tcase_add_test(bad, empty_and_short_files);
    tcase_add_test(bad, missing_file);
    tcase_add_test(bad, truncated_module);
    tcase_add_test(bad, ids_out_of_range);
    tcase_add_test(bad, byte_swapped_module_is_read);
    tcase_add_test(bad, assembly_errors_name_the_file);
    tcase_add_test(bad, random_bytes_never_crash);
    tcase_add_test(bad, mutated_modules_never_crash);
    suite_add_tcase(s, bad);
    return test_run_suite(s);
}
