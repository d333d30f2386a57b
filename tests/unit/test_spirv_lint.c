/*
 * test_spirv_lint.c - the shader-* memory-model rules, each on a bad shader
 * and its fixed twin (tests/shaders/, GLSL compiled with -g at build time,
 * so findings point at GLSL lines; plus hand-written .spvasm, where they
 * point at the assembly line).
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vksync/spirv.h"

#define SHADER(name) VKS_BINARY_DIR "/shaders/" name ".spv"
#define SOURCE(name) VKS_SOURCE_DIR "/tests/shaders/" name

typedef struct {
    vks_arena *arena;
    vks_findings findings;
} lint_run;

static lint_run lint(const char *path, unsigned workgroups)
{
    lint_run r = {.arena = vks_arena_new()};
    r.findings.arena = r.arena;
    vks_spirv_options options = {.workgroups = workgroups};
    vks_shader_summary *s;
    const char *error = NULL;
    int status = vks_analyze_spirv_file(path, &options, r.arena, &s, &r.findings, &error);
    ck_assert_msg(status == 0, "%s: %s", path, error ? error : "");
    vks_findings_sort(&r.findings);
    return r;
}

static size_t count_rule(const lint_run *r, vks_rule rule)
{
    size_t n = 0;
    for (size_t i = 0; i < r->findings.count; i++)
        n += r->findings.items[i].rule == rule;
    return n;
}

/* The k-th finding of `rule` (in sorted order). */
static const vks_finding *nth(const lint_run *r, vks_rule rule, size_t k)
{
    for (size_t i = 0; i < r->findings.count; i++)
        if (r->findings.items[i].rule == rule && k-- == 0)
            return &r->findings.items[i];
    ck_abort_msg("finding missing");
    return NULL;
}

static void assert_at(const vks_finding *f, const char *file, unsigned line)
{
    ck_assert_str_eq(f->loc.file, file);
    ck_assert_uint_eq(f->loc.line, line);
}

static bool has_note_at(const vks_finding *f, vks_note_kind kind, unsigned line)
{
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind == kind && f->notes[i].loc.line == line)
            return true;
    return false;
}

static void assert_clean(const char *path, unsigned workgroups)
{
    lint_run r = lint(path, workgroups);
    for (size_t i = 0; i < r.findings.count; i++)
        ck_abort_msg("%s:%u: unexpected [%s] %s", r.findings.items[i].loc.file,
                     r.findings.items[i].loc.line, vks_rule_get(r.findings.items[i].rule)->id,
                     r.findings.items[i].message);
    vks_arena_free(r.arena);
}

/* Only `rule` fires, `count` times. */
static lint_run lint_only(const char *path, vks_rule rule, size_t count)
{
    lint_run r = lint(path, 0);
    ck_assert_uint_eq(count_rule(&r, rule), count);
    ck_assert_uint_eq(r.findings.count, count);
    return r;
}

/* The k-th shader-workgroup-race of r: at `line` of `file`, with `hazard`
   and the other access (related location) at `other_line`. */
static const vks_finding *assert_race(const lint_run *r, size_t k, const char *file,
                                      unsigned line, const char *hazard, unsigned other_line)
{
    const vks_finding *f = nth(r, VKS_RULE_SHADER_WORKGROUP_RACE, k);
    assert_at(f, file, line);
    ck_assert_str_eq(f->hazard, hazard);
    ck_assert(has_note_at(f, VKS_NOTE_EARLIER_ACCESS, other_line));
    return f;
}

/* shader-workgroup-race: the later access, the earlier one as related
   location, the hazard, and the two invocations as the counterexample. */
START_TEST(workgroup_race)
{
    lint_run r = lint_only(SHADER("workgroup_race_bad"), VKS_RULE_SHADER_WORKGROUP_RACE, 2);
    const vks_finding *f =
        assert_race(&r, 0, "tests/shaders/workgroup_race_bad.comp", 12, "READ_RACING_WRITE", 11);
    ck_assert(has_note_at(f, VKS_NOTE_INFO, 12));
    /* The witness: the writer is the reader's neighbour. */
    ck_assert_msg(strstr(f->message, "invocation 0 reads 'slots'[1]") &&
                      strstr(f->message, "invocation 1 writes"),
                  "%s", f->message);
    /* Every invocation writes the one shared scalar. */
    assert_race(&r, 1, "tests/shaders/workgroup_race_bad.comp", 13, "WRITE_RACING_WRITE", 13);
    vks_arena_free(r.arena);
}
END_TEST

/* A barrier per iteration leaves the next iteration's write in the same
   interval as this iteration's read (through the back edge). */
START_TEST(workgroup_race_across_iterations)
{
    lint_run r = lint_only(SHADER("workgroup_race_loop_bad"), VKS_RULE_SHADER_WORKGROUP_RACE, 1);
    assert_race(&r, 0, "tests/shaders/workgroup_race_loop_bad.comp", 13, "READ_RACING_WRITE", 11);
    vks_arena_free(r.arena);
}
END_TEST

/* Two-dimensional ids through a swizzle into a local uvec2: invocation
   (ax, ay) writes tile[ay][ax + 4] where (bx, by) reads tile[bx][by]. */
START_TEST(workgroup_race_two_dimensional)
{
    lint_run r = lint_only(SHADER("workgroup_race_tile_bad"), VKS_RULE_SHADER_WORKGROUP_RACE, 1);
    assert_race(&r, 0, "tests/shaders/workgroup_race_tile_bad.comp", 15, "WRITE_RACING_READ", 13);
    vks_arena_free(r.arena);
}
END_TEST

/* Silence: barrier between, i against i, atomics against atomics, a write
   by invocation 0 alone, an unknown index; and a barrier in a helper. */
START_TEST(workgroup_race_free)
{
    assert_clean(SHADER("workgroup_race_fixed"), 0);
    lint_run r = lint(SHADER("barrier_early_return_bad"), 0);
    ck_assert_uint_eq(count_rule(&r, VKS_RULE_SHADER_WORKGROUP_RACE), 0);
    ck_assert_uint_eq(count_rule(&r, VKS_RULE_VKSYNC_INCOMPLETE), 0);
    vks_arena_free(r.arena);
}
END_TEST

/* A workgroup size from a specialization constant is unknown: no finding,
   one vksync-incomplete. */
START_TEST(workgroup_race_unknown_size)
{
    lint_run r = lint(SHADER("workgroup_race_spec_size"), 0);
    ck_assert_uint_eq(count_rule(&r, VKS_RULE_SHADER_WORKGROUP_RACE), 0);
    ck_assert_uint_eq(count_rule(&r, VKS_RULE_VKSYNC_INCOMPLETE), 1);
    assert_at(nth(&r, VKS_RULE_VKSYNC_INCOMPLETE, 0), "tests/shaders/workgroup_race_spec_size.comp", 11);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(fixed_shaders_are_clean)
{
    assert_clean(SHADER("flag_fixed"), 0);
    assert_clean(SHADER("availability_fixed"), 0);
    assert_clean(SHADER("scope_barrier_fixed"), 0);
    assert_clean(SHADER("scope_counter_fixed"), 0);
    assert_clean(SHADER("barrier_divergent_fixed"), 0);
    assert_clean(SHADER("reflect"), 0);
    assert_clean(SOURCE("counter_scope_fixed.spvasm"), 0);
    assert_clean(SOURCE("two_entries.spvasm"), 0);
    assert_clean(SHADER("exchange_fixed"), 0);
    assert_clean(SHADER("exchange_own_fixed"), 0);
}
END_TEST

START_TEST(scope_too_narrow_atomic_counter)
{
    lint_run r = lint_only(SHADER("scope_counter_bad"), VKS_RULE_SHADER_SCOPE_TOO_NARROW, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_SCOPE_TOO_NARROW, 0);
    assert_at(f, "tests/shaders/scope_counter_bad.comp", 8);
    ck_assert_ptr_nonnull(strstr(f->message, "Workgroup memory scope"));
    vks_arena_free(r.arena);
    /* One workgroup: no other workgroup to race with. */
    assert_clean(SHADER("scope_counter_bad"), 1);
    /* Any other number: still a race. */
    lint_run two = lint(SHADER("scope_counter_bad"), 2);
    ck_assert_uint_eq(count_rule(&two, VKS_RULE_SHADER_SCOPE_TOO_NARROW), 1);
    vks_arena_free(two.arena);
}
END_TEST

START_TEST(scope_too_narrow_ticket)
{
    lint_run r = lint_only(SHADER("scope_atomic_bad"), VKS_RULE_SHADER_SCOPE_TOO_NARROW, 1);
    assert_at(nth(&r, VKS_RULE_SHADER_SCOPE_TOO_NARROW, 0), "tests/shaders/scope_atomic_bad.comp", 12);
    vks_arena_free(r.arena);
    assert_clean(SHADER("scope_atomic_bad"), 1);
}
END_TEST

START_TEST(scope_too_narrow_barriers)
{
    lint_run r = lint_only(SHADER("scope_barrier_bad"), VKS_RULE_SHADER_SCOPE_TOO_NARROW, 2);
    const vks_finding *release = nth(&r, VKS_RULE_SHADER_SCOPE_TOO_NARROW, 0);
    const vks_finding *acquire = nth(&r, VKS_RULE_SHADER_SCOPE_TOO_NARROW, 1);
    assert_at(release, "tests/shaders/scope_barrier_bad.comp", 12);
    ck_assert(has_note_at(release, VKS_NOTE_EARLIER_ACCESS, 11)); /* the data write */
    ck_assert(has_note_at(release, VKS_NOTE_SYNC, 13));           /* the shared flag */
    assert_at(acquire, "tests/shaders/scope_barrier_bad.comp", 15);
    ck_assert(has_note_at(acquire, VKS_NOTE_EARLIER_ACCESS, 18)); /* the data read */
    vks_arena_free(r.arena);
    assert_clean(SHADER("scope_barrier_bad"), 1);
}
END_TEST

START_TEST(scope_too_narrow_spvasm)
{
    lint_run r = lint_only(SOURCE("counter_scope_bad.spvasm"), VKS_RULE_SHADER_SCOPE_TOO_NARROW, 1);
    assert_at(nth(&r, VKS_RULE_SHADER_SCOPE_TOO_NARROW, 0), SOURCE("counter_scope_bad.spvasm"), 30);
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(semantics_missing_storage_class)
{
    lint_run r = lint_only(SHADER("semantics_bad"), VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, 0);
    assert_at(f, "tests/shaders/semantics_bad.comp", 12);
    ck_assert_ptr_nonnull(strstr(f->message, "lack UniformMemory"));
    ck_assert(has_note_at(f, VKS_NOTE_EARLIER_ACCESS, 11));
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(semantics_missing_storage_class_at_barrier)
{
    lint_run r = lint_only(SHADER("exchange_bad"), VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_SEMANTICS_MISSING_STORAGE_CLASS, 0);
    assert_at(f, "tests/shaders/exchange_bad.comp", 9); /* barrier() */
    /* glslang's OpLine has no column: the statement's first column, from
       the source text OpSource embeds. */
    ck_assert_uint_eq(f->loc.col, 5);
    ck_assert_ptr_nonnull(strstr(f->message, "lack UniformMemory"));
    ck_assert(has_note_at(f, VKS_NOTE_EARLIER_ACCESS, 8)); /* data[gid] = ... */
    ck_assert(has_note_at(f, VKS_NOTE_INFO, 10));          /* data[gid ^ 1u] */
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(availability_missing)
{
    lint_run r = lint_only(SHADER("availability_bad"), VKS_RULE_SHADER_AVAILABILITY_MISSING, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_AVAILABILITY_MISSING, 0);
    assert_at(f, "tests/shaders/availability_bad.comp", 12);
    ck_assert_ptr_nonnull(strstr(f->message, "MakeAvailable"));
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(nonprivate_missing)
{
    lint_run r = lint_only(SHADER("nonprivate_bad"), VKS_RULE_SHADER_NONPRIVATE_MISSING, 2);
    const vks_finding *write = nth(&r, VKS_RULE_SHADER_NONPRIVATE_MISSING, 0);
    const vks_finding *read = nth(&r, VKS_RULE_SHADER_NONPRIVATE_MISSING, 1);
    assert_at(write, "tests/shaders/nonprivate_bad.comp", 11);
    ck_assert_ptr_nonnull(strstr(write->message, "write of 'Partial'"));
    ck_assert(has_note_at(write, VKS_NOTE_SYNC, 12));
    assert_at(read, "tests/shaders/nonprivate_bad.comp", 16);
    ck_assert_ptr_nonnull(strstr(read->message, "read of 'Partial'"));
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(barrier_divergent)
{
    lint_run r = lint_only(SHADER("barrier_divergent_bad"), VKS_RULE_SHADER_BARRIER_DIVERGENT, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_BARRIER_DIVERGENT, 0);
    assert_at(f, "tests/shaders/barrier_divergent_bad.comp", 10);
    ck_assert_uint_eq(f->loc.col, 9);
    ck_assert(has_note_at(f, VKS_NOTE_PATH, 9));
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(barrier_divergent_through_early_return_and_call)
{
    lint_run r = lint_only(SHADER("barrier_early_return_bad"), VKS_RULE_SHADER_BARRIER_DIVERGENT, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_BARRIER_DIVERGENT, 0);
    assert_at(f, "tests/shaders/barrier_early_return_bad.comp", 8);
    ck_assert(has_note_at(f, VKS_NOTE_PATH, 15)); /* the call after the early return */
    vks_arena_free(r.arena);
}
END_TEST

START_TEST(relaxed_flag)
{
    lint_run r = lint_only(SHADER("relaxed_flag_bad"), VKS_RULE_SHADER_RELAXED_FLAG, 1);
    const vks_finding *f = nth(&r, VKS_RULE_SHADER_RELAXED_FLAG, 0);
    assert_at(f, "tests/shaders/relaxed_flag_bad.comp", 12);
    ck_assert(has_note_at(f, VKS_NOTE_EARLIER_ACCESS, 11));
    ck_assert(has_note_at(f, VKS_NOTE_INFO, 16));
    vks_arena_free(r.arena);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spirv-lint");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, fixed_shaders_are_clean);
    tcase_add_test(tc, scope_too_narrow_atomic_counter);
    tcase_add_test(tc, scope_too_narrow_ticket);
    tcase_add_test(tc, scope_too_narrow_barriers);
    tcase_add_test(tc, scope_too_narrow_spvasm);
    tcase_add_test(tc, semantics_missing_storage_class);
    tcase_add_test(tc, semantics_missing_storage_class_at_barrier);
    tcase_add_test(tc, availability_missing);
    tcase_add_test(tc, nonprivate_missing);
    tcase_add_test(tc, barrier_divergent);
    tcase_add_test(tc, barrier_divergent_through_early_return_and_call);
    tcase_add_test(tc, relaxed_flag);
    tcase_add_test(tc, workgroup_race);
    tcase_add_test(tc, workgroup_race_across_iterations);
    tcase_add_test(tc, workgroup_race_two_dimensional);
    tcase_add_test(tc, workgroup_race_free);
    tcase_add_test(tc, workgroup_race_unknown_size);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
