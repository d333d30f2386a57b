/* test_util.c - see util.h. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vksync/analyzer.h"

static char temp_dir[64];
static char path_buf[256];

void test_make_temp_dir(void)
{
    strcpy(temp_dir, "/tmp/vksync-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(temp_dir));
}

void test_remove_temp_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", temp_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", temp_dir);
}

const char *test_path(const char *name)
{
    snprintf(path_buf, sizeof path_buf, "%s/%s", temp_dir, name);
    return path_buf;
}

const char *test_write_file(const char *name, const char *text)
{
    const char *path = test_path(name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

test_analysis *test_analyse(const char *const *names, size_t count)
{
    vks_frontend_options options = {0};
    return test_analyse_with(names, count, &options);
}

test_analysis *test_analyse_with(const char *const *names, size_t count,
                                 const void *frontend_options)
{
    test_analysis *a = calloc(1, sizeof *a);
    a->arena = vks_arena_new();
    a->program = vks_program_new(a->arena);
    a->findings.arena = a->arena;
    vks_frontend *fe = vks_frontend_new(frontend_options, a->program, &a->findings,
                                        &a->stats);
    for (size_t i = 0; i < count; i++) {
        const char *path = vks_arena_strdup(a->arena, test_path(names[i]));
        const char *error = NULL;
        if (vks_frontend_add_file(fe, path, &error) != 0) {
            a->status = 2;
            if (!a->error)
                a->error = error;
        }
    }
    vks_frontend_analyze(fe);
    vks_frontend_free(fe);
    size_t size;
    FILE *out = open_memstream(&a->ir, &size);
    vks_program_print(a->program, out);
    fclose(out);
    return a;
}

test_analysis *test_analyse_source(const char *name, const char *source)
{
    const char *names[] = {name};
    test_write_file(name, source);
    return test_analyse(names, 1);
}

size_t test_count_rule(const test_analysis *a, vks_rule rule)
{
    size_t n = 0;
    for (size_t i = 0; i < a->findings.count; i++)
        n += a->findings.items[i].rule == rule;
    return n;
}

void test_analysis_free(test_analysis *a)
{
    free(a->ir);
    vks_arena_free(a->arena);
    free(a);
}

const char *test_ir_body(const test_analysis *a)
{
    const char *nl = strchr(a->ir, '\n');
    return nl ? nl + 1 : a->ir;
}

vks_loc test_loc(unsigned line)
{
    return (vks_loc){.file = "test.c", .line = line, .col = 5};
}

int test_run_suite(Suite *suite)
{
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

const char *test_cmd_names(const test_analysis *a, size_t cb)
{
    static char buf[512];
    buf[0] = '\0';
    const vks_cmdbuf *c = &a->program->cmdbufs[cb];
    for (size_t i = 0; i < c->cmd_count; i++) {
        if (strlen(buf) + strlen(c->cmds[i].name) + 2 > sizeof buf)
            break;
        if (i)
            strcat(buf, " ");
        strcat(buf, c->cmds[i].name);
    }
    return buf;
}
