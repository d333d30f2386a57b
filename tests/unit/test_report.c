/*
 * test_report.c - the text and SARIF reporters on findings built by hand
 * (include/vksync/finding.h), rendered into memory: clang-tidy's line
 * format, note numbering, source and caret lines, --checks and
 * --warnings-as-errors, and the SARIF members docs/design.md ("SARIF") fixes
 * (hazard property, relatedLocations order, code flow, fingerprints,
 * string escaping).  tests/sarif/ validates whole logs against the schema.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "vksync/report.h"

/* A source file the text report can quote, in the working directory;
   removed at the end of each test. */
static char source_path[64];

static void write_source(void)
{
    /* Relative, as paths given on a command line usually are: SARIF then
       gives it relative to %SRCROOT%. */
    strcpy(source_path, "vksync-test-report-XXXXXX");
    int fd = mkstemp(source_path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("void record(VkCommandBuffer cmd)\n"        /* 1 */
          "{\n"                                       /* 2 */
          "    vkCmdFillBuffer(cmd, buf, 0, 256, 0);\n" /* 3 */
          "\tvkCmdPipelineBarrier(cmd);\n"            /* 4 */
          "    vkCmdCopyBuffer(cmd, buf, dst, 1, &r);\n" /* 5 */
          "}\n", f);
    fclose(f);
}

static void remove_source(void)
{
    unlink(source_path);
}

/* Each test's findings and options, fresh per test (a checked fixture). */
static vks_arena *arena;
static vks_findings f;
static vks_report_options o;

static void setup(void)
{
    arena = vks_arena_new();
    f = (vks_findings){.arena = arena};
    vks_report_options_init(&o);
}

static void teardown(void)
{
    vks_arena_free(arena);
}

static vks_loc at(unsigned line, unsigned col)
{
    return (vks_loc){.file = source_path, .line = line, .col = col};
}

/* One read-after-write finding at the copy with its earlier access (the
   fill) and a barrier; the SYNC note comes first on purpose, so the SARIF
   order (earlier access first) is the reporter's doing. */
static vks_finding *add_raw(void)
{
    vks_finding *raw = vks_finding_add(
        &f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", at(5, 5),
        "vkCmdCopyBuffer reads 'buf' written by vkCmdFillBuffer at (2)");
    vks_finding_note(&f, raw, VKS_NOTE_SYNC, at(4, 2),
                     "the barrier does not make the write available");
    vks_finding_note(&f, raw, VKS_NOTE_EARLIER_ACCESS, at(3, 5),
                     "vkCmdFillBuffer writes 'buf' (TRANSFER_WRITE)");
    return raw;
}

/* A rendered report: open_memstream's buffer, owned by the caller.  (The
   buffer pointer lives in a heap struct because GCC 12's -Wdangling-pointer
   mistakes a returned memstream buffer for a pointer to a local.) */
typedef struct {
    char *text;
    size_t size;
} rendered;

static char *take_text(rendered *r)
{
    char *text = r->text;
    free(r);
    return text;
}

static char *render_text(const vks_findings *f, const vks_report_options *o)
{
    rendered *r = calloc(1, sizeof *r);
    FILE *out = open_memstream(&r->text, &r->size);
    vks_report_text(out, f, o);
    fclose(out);
    return take_text(r);
}

static char *render_sarif(const vks_findings *f, const vks_report_options *o)
{
    vks_stats stats = {.pairs_proved_ordered = 7, .paths_explored = 3,
                       .unknown_questions = 2};
    rendered *r = calloc(1, sizeof *r);
    FILE *out = open_memstream(&r->text, &r->size);
    vks_report_sarif(out, f, &stats, o);
    fclose(out);
    return take_text(r);
}

/* Offset of needle in haystack after position from; fails the test if absent. */
static size_t find_after(const char *haystack, size_t from, const char *needle)
{
    const char *p = strstr(haystack + from, needle);
    ck_assert_msg(p != NULL, "'%.200s' not found in:\n%.3000s", needle,
                  haystack + from);
    return (size_t)(p - haystack);
}

static size_t count_of(const char *haystack, const char *needle)
{
    size_t n = 0;
    for (const char *p = haystack; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

START_TEST(text_has_clang_tidy_form_with_numbered_notes_and_carets)
{
    write_source();
    add_raw();
    char *text = render_text(&f, &o);
    char *expected = NULL;
    size_t size;
    FILE *e = open_memstream(&expected, &size);
    fprintf(e,
            "%1$s:5:5: error: vkCmdCopyBuffer reads 'buf' written by "
            "vkCmdFillBuffer at (2) [hazard-read-after-write]\n"
            "    vkCmdCopyBuffer(cmd, buf, dst, 1, &r);\n"
            "    ^\n"
            "%1$s:4:2: note: (1) the barrier does not make the write available\n"
            "\tvkCmdPipelineBarrier(cmd);\n"
            "\t^\n"
            "%1$s:3:5: note: (2) vkCmdFillBuffer writes 'buf' (TRANSFER_WRITE)\n"
            "    vkCmdFillBuffer(cmd, buf, 0, 256, 0);\n"
            "    ^\n",
            source_path);
    fclose(e);
    ck_assert_str_eq(text, expected);
    free(expected);
    free(text);
    remove_source();
}
END_TEST

START_TEST(text_without_readable_source_has_no_source_lines)
{
    vks_loc loc = {.file = "/nonexistent/vksync/x.c", .line = 9, .col = 3};
    vks_finding *w = vks_finding_add(&f, VKS_RULE_HAZARD_WAW,
                                     "WRITE_AFTER_WRITE", loc, "second write");
    vks_finding_note(&f, w, VKS_NOTE_EARLIER_ACCESS,
                     (vks_loc){.file = loc.file, .line = 4, .col = 3},
                     "first write");
    char *text = render_text(&f, &o);
    ck_assert_str_eq(text,
                     "/nonexistent/vksync/x.c:9:3: error: second write "
                     "[hazard-write-after-write]\n"
                     "/nonexistent/vksync/x.c:4:3: note: (1) first write\n");
    free(text);
}
END_TEST

START_TEST(text_shows_the_call_chain_of_a_helper)
{
    write_source();
    vks_loc call = at(1, 6);
    vks_loc inside = at(5, 5);
    inside.caller = &call;
    vks_finding_add(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", inside, "m");
    char *text = render_text(&f, &o);
    size_t pos = find_after(text, 0, ":5:5: error: m [hazard-read-after-write]\n");
    pos = find_after(text, pos, ":1:6: note: called from here\n"
                                "void record(VkCommandBuffer cmd)\n"
                                "     ^\n");
    free(text);
    remove_source();
}
END_TEST

/* Two root functions reach the same recording code, one holding the
   struct (`demo.textures[0].image`), one a pointer to it
   (`demo->textures[0].image`): one finding.  A finding on another
   resource at the same place stays. */
START_TEST(the_same_hazard_named_through_a_pointer_and_a_struct_is_one_finding)
{
    static const char *const names[] = {"demo.textures[0].image", "demo->textures[0].image",
                                        "demo->staging.image"};
    for (int i = 0; i < 3; i++) {
        char message[128], earlier[128];
        snprintf(message, sizeof message, "vkCmdCopyImage writes '%s'", names[i]);
        snprintf(earlier, sizeof earlier, "the transition writes '%s' here", names[i]);
        vks_finding *w =
            vks_finding_add(&f, VKS_RULE_HAZARD_WAW, "WRITE_AFTER_WRITE", at(963, 13), message);
        vks_finding_note(&f, w, VKS_NOTE_EARLIER_ACCESS, at(348, 5), earlier);
    }
    vks_findings_sort(&f);
    ck_assert_uint_eq(f.count, 2);
    ck_assert_str_eq(f.items[0].message, "vkCmdCopyImage writes 'demo->staging.image'");
    ck_assert_str_eq(f.items[1].message, "vkCmdCopyImage writes 'demo->textures[0].image'");
}
END_TEST

START_TEST(warnings_as_errors_promotes_warnings_only)
{
    vks_loc loc = {.file = "/nonexistent/a.c", .line = 2, .col = 1};
    vks_finding_add(&f, VKS_RULE_VKSYNC_INCOMPLETE, NULL, loc, "loop bound");
    vks_finding_add(&f, VKS_RULE_HAZARD_WAR, "WRITE_AFTER_READ", loc, "war");

    char *text = render_text(&f, &o);
    find_after(text, 0, "a.c:2:1: warning: loop bound [vksync-incomplete]\n");
    free(text);
    vks_report_counts counts = vks_report_count(&f, &o);
    ck_assert_uint_eq(counts.warnings, 1);
    ck_assert_uint_eq(counts.errors, 1);

    const char *bad;
    ck_assert(vks_apply_rule_globs(o.as_error, "*", &bad));
    text = render_text(&f, &o);
    find_after(text, 0, "a.c:2:1: error: loop bound "
                        "[vksync-incomplete,-warnings-as-errors]\n");
    /* Already an error: nothing was promoted, so no suffix. */
    find_after(text, 0, "a.c:2:1: error: war [hazard-write-after-read]\n");
    free(text);
    counts = vks_report_count(&f, &o);
    ck_assert_uint_eq(counts.warnings, 0);
    ck_assert_uint_eq(counts.errors, 2);

    char *sarif = render_sarif(&f, &o);
    find_after(sarif, 0, "\"warningAsError\": true");
    free(sarif);
}
END_TEST

START_TEST(checks_globs_apply_in_order)
{
    const char *bad = NULL;
    ck_assert(vks_apply_rule_globs(o.enabled, "-hazard-*", &bad));
    ck_assert(!o.enabled[VKS_RULE_HAZARD_RAW]);
    ck_assert(!o.enabled[VKS_RULE_HAZARD_WAW]);
    ck_assert(o.enabled[VKS_RULE_VKSYNC_INCOMPLETE]);

    ck_assert(vks_apply_rule_globs(o.enabled, "-*, hazard-write-*", &bad));
    ck_assert(!o.enabled[VKS_RULE_HAZARD_RAW]);
    ck_assert(o.enabled[VKS_RULE_HAZARD_WAR]);
    ck_assert(o.enabled[VKS_RULE_HAZARD_WAW]);
    ck_assert(!o.enabled[VKS_RULE_VKSYNC_PARSE_ERROR]);

    ck_assert(vks_apply_rule_globs(o.enabled, "*-after-read,-*write*", &bad));
    ck_assert(!o.enabled[VKS_RULE_HAZARD_WAR]); /* the later glob wins */

    ck_assert(vks_apply_rule_globs(o.enabled, "", &bad));
    ck_assert(!vks_apply_rule_globs(o.enabled, "hazard-*,,x", &bad));
    ck_assert(!vks_apply_rule_globs(o.enabled, "-", &bad));
    ck_assert(!vks_apply_rule_globs(o.enabled, "hazard read", &bad));
    ck_assert_str_eq(bad, "hazard read");
}
END_TEST

START_TEST(disabled_rules_are_not_reported_anywhere)
{
    vks_loc loc = {.file = "/nonexistent/a.c", .line = 2, .col = 1};
    vks_finding_add(&f, VKS_RULE_HAZARD_RAW, "READ_AFTER_WRITE", loc, "raw");
    const char *bad;
    ck_assert(vks_apply_rule_globs(o.enabled, "-hazard-*", &bad));
    char *text = render_text(&f, &o);
    ck_assert_str_eq(text, "");
    free(text);
    char *sarif = render_sarif(&f, &o);
    ck_assert_ptr_null(strstr(sarif, "\"ruleId\""));
    free(sarif);
    ck_assert_uint_eq(vks_report_count(&f, &o).errors, 0);
}
END_TEST

START_TEST(sarif_result_has_hazard_related_locations_and_code_flow)
{
    write_source();
    add_raw();
    const char *inputs[] = {source_path};
    o.inputs = inputs;
    o.input_count = 1;
    o.tool_version = "1.2.3";
    char *s = render_sarif(&f, &o);

    find_after(s, 0, "\"version\": \"2.1.0\"");
    find_after(s, 0, "\"semanticVersion\": \"1.2.3\"");
    /* Every rule of rules.def, with a CamelCase name and its help page. */
    size_t p = find_after(s, 0, "\"id\": \"hazard-read-after-write\"");
    find_after(s, p, "\"name\": \"HazardReadAfterWrite\"");
    find_after(s, p, "docs/checks/hazard-read-after-write.md");
    find_after(s, 0, "\"id\": \"vksync-incomplete\"");
    find_after(s, 0, "\"executionSuccessful\": true");

    p = find_after(s, 0, "\"results\"");
    find_after(s, p, "\"ruleId\": \"hazard-read-after-write\"");
    find_after(s, p, "\"ruleIndex\": 0");
    find_after(s, p, "\"level\": \"error\"");
    find_after(s, p, "\"uriBaseId\": \"%SRCROOT%\"");
    find_after(s, p, "\"startLine\": 5");
    find_after(s, p, "\"hazard\": \"READ_AFTER_WRITE\"");
    find_after(s, p, "\"vksyncHash/v1\"");

    /* relatedLocations: the earlier access first, then the barrier. */
    size_t related = find_after(s, p, "\"relatedLocations\"");
    size_t earlier = find_after(s, related, "vkCmdFillBuffer writes 'buf'");
    size_t sync = find_after(s, related, "the barrier does not make");
    ck_assert_uint_lt(earlier, sync);
    size_t flows = find_after(s, related, "\"codeFlows\"");
    ck_assert_uint_lt(sync, flows);

    /* The code flow: notes in their own order, then the finding, 1..3. */
    size_t step1 = find_after(s, flows, "the barrier does not make");
    size_t step2 = find_after(s, step1, "vkCmdFillBuffer writes 'buf'");
    size_t step3 = find_after(s, step2, "vkCmdCopyBuffer reads 'buf'");
    find_after(s, step1, "\"executionOrder\": 1");
    find_after(s, step2, "\"executionOrder\": 2");
    find_after(s, step3, "\"executionOrder\": 3");
    ck_assert_uint_eq(count_of(s, "\"threadFlows\""), 1);

    p = find_after(s, 0, "\"pairsProvedOrdered\": 7");
    find_after(s, 0, "\"pathsExplored\": 3");
    find_after(s, 0, "\"unknownQuestions\": 2");
    find_after(s, 0, "\"artifacts\"");
    find_after(s, 0, "\"originalUriBaseIds\"");
    free(s);
    remove_source();
}
END_TEST

START_TEST(sarif_escapes_strings)
{
    vks_loc loc = {.file = "dir with space/a%b.c", .line = 1, .col = 1};
    vks_finding_add(&f, VKS_RULE_HAZARD_RAW, NULL, loc,
                    "q\"b\\n\nt\tc\x01 \xc3\xa9 bad\xff end");
    o.execution_successful = false;
    const char *notes[] = {"x.spv: not a SPIR-V module"};
    o.notifications = notes;
    o.notification_count = 1;
    char *s = render_sarif(&f, &o);
    find_after(s, 0, "\"text\": \"q\\\"b\\\\n\\nt\\tc\\u0001 \xc3\xa9 bad\\ufffd end\"");
    find_after(s, 0, "\"uri\": \"dir%20with%20space/a%25b.c\"");
    find_after(s, 0, "\"executionSuccessful\": false");
    size_t p = find_after(s, 0, "\"toolExecutionNotifications\"");
    find_after(s, p, "x.spv: not a SPIR-V module");
    /* No hazard, no notes: no hazard property and no code flow. */
    ck_assert_ptr_null(strstr(s, "\"hazard\""));
    ck_assert_ptr_null(strstr(s, "\"codeFlows\""));
    free(s);
}
END_TEST

/* An unreached-code vksync-incomplete finding (analyzer/sites.c): the other
   call sites are related notes - unnumbered in text, relatedLocations in
   SARIF, and no code flow (they are no steps of a counterexample). */
START_TEST(related_notes_are_locations_not_steps)
{
    write_source();
    vks_finding *x = vks_finding_add(&f, VKS_RULE_VKSYNC_INCOMPLETE, NULL, at(3, 5),
                                     "vkCmdFillBuffer and 1 more recording call in "
                                     "`record` are not analysed: ...");
    vks_finding_note(&f, x, VKS_NOTE_RELATED, at(5, 5),
                     "vkCmdCopyBuffer: not analysed either");
    char *text = render_text(&f, &o);
    char *note = vks_arena_printf(arena, "%s:5:5: note: vkCmdCopyBuffer: not analysed "
                                         "either\n", source_path);
    ck_assert_msg(strstr(text, note), "%s", text);
    ck_assert_ptr_null(strstr(text, "note: (1)"));
    free(text);
    char *s = render_sarif(&f, &o);
    size_t related = find_after(s, 0, "\"relatedLocations\"");
    find_after(s, related, "vkCmdCopyBuffer: not analysed either");
    ck_assert_ptr_null(strstr(s, "\"codeFlows\""));
    free(s);
    remove_source();
}
END_TEST

START_TEST(sarif_keeps_at_most_ten_related_locations)
{
    vks_loc loc = {.file = "a.c", .line = 20, .col = 1};
    vks_finding *w = vks_finding_add(&f, VKS_RULE_HAZARD_WAW,
                                     "WRITE_AFTER_WRITE", loc, "m");
    for (unsigned i = 1; i <= 12; i++)
        vks_finding_note(&f, w, VKS_NOTE_SYNC,
                         (vks_loc){.file = "a.c", .line = i, .col = 1}, "sync");
    char *s = render_sarif(&f, &o);
    size_t related = find_after(s, 0, "\"relatedLocations\"");
    size_t flows = find_after(s, related, "\"codeFlows\"");
    find_after(s, related, "\"id\": 9");
    char *ten = strstr(s + related, "\"id\": 10");
    ck_assert(ten == NULL || (size_t)(ten - s) > flows);
    /* The code flow keeps every step. */
    find_after(s, flows, "\"executionOrder\": 13");
    free(s);
}
END_TEST

START_TEST(sarif_gives_the_call_chain_as_a_stack)
{
    vks_loc call = {.file = "a.c", .line = 30, .col = 5};
    vks_loc inside = {.file = "a.c", .line = 12, .col = 5, .caller = &call};
    vks_finding *r = vks_finding_add(&f, VKS_RULE_HAZARD_RAW,
                                     "READ_AFTER_WRITE", inside, "read");
    vks_finding_note(&f, r, VKS_NOTE_EARLIER_ACCESS,
                     (vks_loc){.file = "a.c", .line = 20, .col = 5}, "write");
    char *s = render_sarif(&f, &o);
    /* result.stacks: the access, then the call site. */
    size_t stacks = find_after(s, 0, "\"stacks\"");
    size_t inner = find_after(s, stacks, "\"startLine\": 12");
    size_t outer = find_after(s, inner, "\"startLine\": 30");
    size_t flows = find_after(s, outer, "\"codeFlows\"");
    /* In the code flow only the step inside the helper is nested. */
    size_t last = find_after(s, flows, "\"executionOrder\": 1");
    find_after(s, last, "\"nestingLevel\": 1");
    ck_assert_uint_eq(count_of(s, "\"nestingLevel\""), 1);
    free(s);
}
END_TEST

/* The fingerprint must survive the finding moving to another line. */
static char *fingerprint_at(unsigned line)
{
    f.count = 0;
    vks_loc loc = {.file = "a.c", .line = line, .col = 3};
    char message[64];
    snprintf(message, sizeof message, "reads what line %u wrote", line - 2);
    vks_finding *r = vks_finding_add(&f, VKS_RULE_HAZARD_RAW,
                                     "READ_AFTER_WRITE", loc, message);
    vks_finding_note(&f, r, VKS_NOTE_EARLIER_ACCESS,
                     (vks_loc){.file = "a.c", .line = line - 2, .col = 3},
                     "write");
    char *s = render_sarif(&f, &o);
    size_t p = find_after(s, 0, "\"vksyncHash/v1\": \"");
    char *fp = strndup(s + p, 60);
    *strchr(fp + 19, '"') = '\0';
    free(s);
    return fp;
}

START_TEST(sarif_fingerprint_ignores_line_numbers)
{
    char *a = fingerprint_at(10), *b = fingerprint_at(42);
    ck_assert_str_eq(a, b);
    ck_assert_uint_gt(strlen(a), 20);
    free(a);
    free(b);
}
END_TEST

START_TEST(sarif_is_deterministic)
{
    write_source();
    add_raw();
    add_raw();
    char *a = render_sarif(&f, &o), *b = render_sarif(&f, &o);
    ck_assert_str_eq(a, b);
    /* Two identical findings: same hash, told apart by ":1" and ":2". */
    size_t p = find_after(a, 0, ":1\"");
    find_after(a, p, ":2\"");
    free(a);
    free(b);
    remove_source();
}
END_TEST

static Suite *report_suite(void)
{
    Suite *s = suite_create("report");
    TCase *t = tcase_create("text");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, text_has_clang_tidy_form_with_numbered_notes_and_carets);
    tcase_add_test(t, text_without_readable_source_has_no_source_lines);
    tcase_add_test(t, text_shows_the_call_chain_of_a_helper);
    tcase_add_test(t, the_same_hazard_named_through_a_pointer_and_a_struct_is_one_finding);
    tcase_add_test(t, warnings_as_errors_promotes_warnings_only);
    tcase_add_test(t, checks_globs_apply_in_order);
    tcase_add_test(t, disabled_rules_are_not_reported_anywhere);
    suite_add_tcase(s, t);
    t = tcase_create("sarif");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, sarif_result_has_hazard_related_locations_and_code_flow);
    tcase_add_test(t, sarif_escapes_strings);
    tcase_add_test(t, sarif_keeps_at_most_ten_related_locations);
    tcase_add_test(t, sarif_fingerprint_ignores_line_numbers);
    tcase_add_test(t, sarif_gives_the_call_chain_as_a_stack);
    tcase_add_test(t, sarif_is_deterministic);
    tcase_add_test(t, related_notes_are_locations_not_steps);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return test_run_suite(report_suite());
}
