/*
 * test_suppress.c - NOLINT comments (report/suppress.c) on findings built by
 * hand against a source file written for each test: each form covers
 * exactly its line or range and only the rules its globs name; unmatched
 * NOLINTBEGIN/NOLINTEND become vksync-nolint-unmatched findings at the
 * comment; the returned count is what clang-tidy's "Suppressed N warnings"
 * line counts.
 */
#include <string.h>

#include "util.h"
#include "vksync/report.h"

static vks_arena *arena;
static vks_findings findings;
static vks_report_options options;
static const char *path;

static void setup(void)
{
    test_make_temp_dir();
    arena = vks_arena_new();
    findings = (vks_findings){.arena = arena};
    vks_report_options_init(&options);
}

static void teardown(void)
{
    vks_arena_free(arena);
    test_remove_temp_dir();
}

static void write_source(const char *text)
{
    path = vks_arena_strdup(arena, test_write_file("record.c", text));
}

/* A finding of RULE at LINE:COL of the source; returns its index. */
static size_t add(vks_rule rule, unsigned line, unsigned col)
{
    vks_loc loc = {.file = path, .line = line, .col = col};
    vks_finding_add(&findings, rule, NULL, loc, "m");
    return findings.count - 1;
}

static size_t suppress(void)
{
    return vks_suppress_nolint(&findings, &path, 1, &options);
}

static bool suppressed(size_t i)
{
    return findings.items[i].suppressed;
}

/* How many vksync-nolint-unmatched findings there are; the first one's
   position and message in *first. */
static size_t unmatched(const vks_finding **first)
{
    size_t n = 0;
    for (size_t i = 0; i < findings.count; i++)
        if (findings.items[i].rule == VKS_RULE_VKSYNC_NOLINT_UNMATCHED &&
            n++ == 0 && first)
            *first = &findings.items[i];
    return n;
}

START_TEST(nolint_covers_its_own_line_only)
{
    write_source("a();\n"
                 "b(); // NOLINT\n"
                 "c();\n");
    size_t before = add(VKS_RULE_HAZARD_RAW, 1, 1);
    size_t on = add(VKS_RULE_HAZARD_RAW, 2, 1);
    size_t after = add(VKS_RULE_HAZARD_RAW, 3, 1);
    ck_assert_uint_eq(suppress(), 1);
    ck_assert(!suppressed(before));
    ck_assert(suppressed(on));
    ck_assert(!suppressed(after));
    ck_assert_uint_eq(unmatched(NULL), 0);
    ck_assert(!vks_report_shows(&findings.items[on], &options));
    ck_assert(vks_report_shows(&findings.items[after], &options));
    ck_assert_uint_eq(vks_report_count(&findings, &options).errors, 2);
}
END_TEST

START_TEST(nolint_globs_name_the_rules)
{
    write_source("a(); // NOLINT(hazard-write-after-write)\n"
                 "b(); /* NOLINT(hazard-*) */\n"
                 "c(); // NOLINT(shader-*, hazard-read-after-write)\n"
                 "d(); // NOLINT(-hazard-read-after-write)\n"
                 "e(); // NOLINT()\n");
    size_t other = add(VKS_RULE_HAZARD_RAW, 1, 1);
    size_t named = add(VKS_RULE_HAZARD_WAW, 1, 1);
    size_t family = add(VKS_RULE_HAZARD_WAR, 2, 1);
    size_t outside_family = add(VKS_RULE_VKSYNC_INCOMPLETE, 2, 1);
    size_t second_glob = add(VKS_RULE_HAZARD_RAW, 3, 1);
    size_t negative = add(VKS_RULE_HAZARD_RAW, 4, 1);
    size_t empty = add(VKS_RULE_HAZARD_RAW, 5, 1);
    suppress();
    ck_assert(!suppressed(other));
    ck_assert(suppressed(named));
    ck_assert(suppressed(family));
    ck_assert(!suppressed(outside_family));
    ck_assert(suppressed(second_glob));
    /* clang-tidy drops negative globs from NOLINT lists: nothing named. */
    ck_assert(!suppressed(negative));
    ck_assert(!suppressed(empty));
}
END_TEST

START_TEST(nolint_spellings_as_clang_tidy_reads_them)
{
    write_source("a(); // NOLINT (hazard-write-after-write)\n" /* blank: plain */
                 "b(); // NOLINT(hazard-write-after-write\n"   /* no ')': plain */
                 "c(); // NOLINTFOO\n"                         /* not a directive */
                 "d(); // nolint\n"                            /* case matters */
                 "e(); // NOLINTNEXTLINEX\n"
                 "f();\n");
    size_t blank = add(VKS_RULE_HAZARD_RAW, 1, 1);
    size_t unclosed = add(VKS_RULE_HAZARD_RAW, 2, 1);
    size_t foo = add(VKS_RULE_HAZARD_RAW, 3, 1);
    size_t lower = add(VKS_RULE_HAZARD_RAW, 4, 1);
    size_t next = add(VKS_RULE_HAZARD_RAW, 6, 1);
    suppress();
    ck_assert(suppressed(blank));
    ck_assert(suppressed(unclosed));
    ck_assert(!suppressed(foo));
    ck_assert(!suppressed(lower));
    ck_assert(!suppressed(next));
}
END_TEST

START_TEST(nolintnextline_covers_the_next_line_only)
{
    write_source("// NOLINTNEXTLINE(hazard-read-after-write)\n"
                 "a();\n"
                 "b();\n");
    size_t comment_line = add(VKS_RULE_HAZARD_RAW, 1, 1);
    size_t next = add(VKS_RULE_HAZARD_RAW, 2, 5);
    size_t next_other_rule = add(VKS_RULE_HAZARD_WAW, 2, 5);
    size_t after = add(VKS_RULE_HAZARD_RAW, 3, 1);
    ck_assert_uint_eq(suppress(), 1);
    ck_assert(!suppressed(comment_line));
    ck_assert(suppressed(next));
    ck_assert(!suppressed(next_other_rule));
    ck_assert(!suppressed(after));
}
END_TEST

START_TEST(nolintbegin_end_cover_the_positions_between)
{
    write_source("a(); // NOLINTBEGIN(hazard-*)\n"       /* 1 */
                 "b();\n"                                /* 2 */
                 "c(); // NOLINTBEGIN\n"                 /* 3: nested, every rule */
                 "d();\n"                                /* 4 */
                 "// NOLINTEND\n"                        /* 5 */
                 "e(); // NOLINTEND(hazard-*)\n"         /* 6 */
                 "f();\n");                              /* 7 */
    size_t before_begin = add(VKS_RULE_HAZARD_RAW, 1, 1);
    size_t inside = add(VKS_RULE_HAZARD_RAW, 2, 1);
    size_t inside_other = add(VKS_RULE_VKSYNC_INCOMPLETE, 2, 1);
    size_t nested = add(VKS_RULE_VKSYNC_INCOMPLETE, 4, 1);
    size_t before_end = add(VKS_RULE_HAZARD_WAW, 6, 1);
    size_t after = add(VKS_RULE_HAZARD_RAW, 7, 1);
    ck_assert_uint_eq(suppress(), 3);
    ck_assert(!suppressed(before_begin)); /* the comment comes after it */
    ck_assert(suppressed(inside));
    ck_assert(!suppressed(inside_other));
    ck_assert(suppressed(nested));
    ck_assert(suppressed(before_end));
    ck_assert(!suppressed(after));
    ck_assert_uint_eq(unmatched(NULL), 0);
}
END_TEST

START_TEST(unmatched_begin_is_a_finding)
{
    write_source("void f(void)\n"
                 "{\n"
                 "    /* NOLINTBEGIN(hazard-*) */\n"
                 "    a();\n"
                 "}\n");
    size_t inside = add(VKS_RULE_HAZARD_RAW, 4, 5);
    suppress();
    const vks_finding *u = NULL;
    ck_assert_uint_eq(unmatched(&u), 1);
    ck_assert_uint_eq(u->loc.line, 3);
    ck_assert_uint_eq(u->loc.col, 8);
    ck_assert_str_eq(u->loc.file, path);
    ck_assert_str_eq(u->message, "unmatched 'NOLINTBEGIN' comment without a "
                                 "subsequent 'NOLINTEND' comment");
    ck_assert(!u->suppressed);
    /* An open block suppresses nothing. */
    ck_assert(!suppressed(inside));
    ck_assert_int_eq(vks_rule_get(u->rule)->level, VKS_LEVEL_ERROR);
}
END_TEST

START_TEST(unmatched_end_and_mismatched_globs)
{
    write_source("// NOLINTEND\n"                 /* closes nothing */
                 "// NOLINTBEGIN(hazard-*)\n"     /* closed by other globs */
                 "a();\n"
                 "// NOLINTEND(shader-*)\n");
    size_t inside = add(VKS_RULE_HAZARD_RAW, 3, 1);
    suppress();
    const vks_finding *u = NULL;
    ck_assert_uint_eq(unmatched(&u), 3);
    ck_assert_uint_eq(u->loc.line, 1);
    ck_assert_str_eq(u->message, "unmatched 'NOLINTEND' comment without a "
                                 "previous 'NOLINTBEGIN' comment");
    ck_assert(!suppressed(inside));
}
END_TEST

START_TEST(an_unmatched_comment_is_found_without_findings)
{
    /* Every input is scanned, not only the files that have findings. */
    write_source("// NOLINTBEGIN\n");
    ck_assert_uint_eq(suppress(), 0);
    ck_assert_uint_eq(unmatched(NULL), 1);
    /* A second scan of the same file (another spelling of its path) does
       not report it again. */
    const char *again = vks_arena_strdup(arena, test_path("./record.c"));
    findings.count = 0;
    vks_suppress_nolint(&findings, (const char *[]){path, again}, 2, &options);
    ck_assert_uint_eq(unmatched(NULL), 1);
}
END_TEST

/* A finding inside a helper carries the helper's call site(s) as its call
   chain: a NOLINT at any frame covers it, with that frame's globs. */
START_TEST(nolint_at_a_call_site_covers_the_helper)
{
    write_source("void helper(void) {\n"
                 "    vkCmdDispatch();\n"
                 "}\n"
                 "helper(); // NOLINT(hazard-read-after-write)\n"
                 "// NOLINTNEXTLINE\n"
                 "outer();\n"
                 "helper();\n");
    vks_loc *direct_site = vks_arena_alloc(arena, sizeof *direct_site);
    *direct_site = (vks_loc){.file = path, .line = 4, .col = 1};
    vks_loc *outer_site = vks_arena_alloc(arena, sizeof *outer_site);
    *outer_site = (vks_loc){.file = path, .line = 6, .col = 1};
    vks_loc *inner_site = vks_arena_alloc(arena, sizeof *inner_site);
    *inner_site = (vks_loc){.file = path, .line = 7, .col = 1, .caller = outer_site};
    vks_loc *plain_site = vks_arena_alloc(arena, sizeof *plain_site);
    *plain_site = (vks_loc){.file = path, .line = 7, .col = 1};

    vks_loc in_helper = {.file = path, .line = 2, .col = 5};
    in_helper.caller = direct_site;
    vks_finding_add(&findings, VKS_RULE_HAZARD_RAW, NULL, in_helper, "m");
    size_t raw_via_direct = findings.count - 1;
    vks_finding_add(&findings, VKS_RULE_HAZARD_WAW, NULL, in_helper, "m");
    size_t waw_via_direct = findings.count - 1;
    in_helper.caller = inner_site; /* helper() at 7, from outer() at 6 */
    vks_finding_add(&findings, VKS_RULE_HAZARD_WAW, NULL, in_helper, "m");
    size_t via_outer = findings.count - 1;
    in_helper.caller = plain_site; /* helper() at 7, no NOLINT anywhere */
    vks_finding_add(&findings, VKS_RULE_HAZARD_RAW, NULL, in_helper, "m");
    size_t uncovered = findings.count - 1;

    ck_assert_uint_eq(suppress(), 2);
    ck_assert(suppressed(raw_via_direct));
    ck_assert(!suppressed(waw_via_direct)); /* the glob names RAW only */
    ck_assert(suppressed(via_outer));
    ck_assert(!suppressed(uncovered));
}
END_TEST

START_TEST(count_leaves_out_rules_checks_disable)
{
    write_source("a(); // NOLINT\n");
    size_t raw = add(VKS_RULE_HAZARD_RAW, 1, 1);
    size_t waw = add(VKS_RULE_HAZARD_WAW, 1, 1);
    const char *bad;
    ck_assert(vks_apply_rule_globs(options.enabled, "-hazard-write-*", &bad));
    ck_assert_uint_eq(suppress(), 1);
    ck_assert(suppressed(raw));
    ck_assert(suppressed(waw));
}
END_TEST

static Suite *suppress_suite(void)
{
    Suite *s = suite_create("suppress");
    TCase *t = tcase_create("nolint");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, nolint_covers_its_own_line_only);
    tcase_add_test(t, nolint_globs_name_the_rules);
    tcase_add_test(t, nolint_spellings_as_clang_tidy_reads_them);
    tcase_add_test(t, nolintnextline_covers_the_next_line_only);
    tcase_add_test(t, nolintbegin_end_cover_the_positions_between);
    tcase_add_test(t, unmatched_begin_is_a_finding);
    tcase_add_test(t, unmatched_end_and_mismatched_globs);
    tcase_add_test(t, an_unmatched_comment_is_found_without_findings);
    tcase_add_test(t, count_leaves_out_rules_checks_disable);
    tcase_add_test(t, nolint_at_a_call_site_covers_the_helper);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return test_run_suite(suppress_suite());
}
