/* util.h - small helpers shared by the Check unit tests. */
#ifndef VKSYNC_UNIT_UTIL_H
#define VKSYNC_UNIT_UTIL_H

#include <check.h>

#include "vksync/finding.h"
#include "vksync/ir.h"

/* A location in a made-up file at LINE, for builder-made IR. */
vks_loc test_loc(unsigned line);

/*
 * Front-end tests: C sources written to a per-test temporary directory and
 * analysed through the program-level API (analyzer.h).
 */
typedef struct {
    vks_arena *arena;
    vks_program *program;
    vks_findings findings;
    vks_stats stats;
    const char *error;  /* of the first file that failed */
    int status;         /* 2 when any file failed, else 0 */
    char *ir;           /* vks_program_print's output */
} test_analysis;

/* Check fixtures: create / remove the temporary directory. */
void test_make_temp_dir(void);
void test_remove_temp_dir(void);
/* Writes NAME in the temporary directory; returns its path (static until
   the next call). */
const char *test_write_file(const char *name, const char *text);
const char *test_path(const char *name);
/* Analyses the named files (in the temporary directory) together. */
test_analysis *test_analyse(const char *const *names, size_t count);
/* The same with front-end options (-p DIR, arguments after --). */
test_analysis *test_analyse_with(const char *const *names, size_t count,
                                 const void *frontend_options);
void test_analysis_free(test_analysis *a);
/* Writes SOURCE as NAME in the temporary directory and analyses it alone. */
test_analysis *test_analyse_source(const char *name, const char *source);
/* How many of the analysis's findings are of RULE. */
size_t test_count_rule(const test_analysis *a, vks_rule rule);
/* The printed IR without its first line (which names the temporary path). */
const char *test_ir_body(const test_analysis *a);

/* The command names of command buffer CB, space separated (static until
   the next call). */
const char *test_cmd_names(const test_analysis *a, size_t cb);

/* Runs one suite; returns the process exit status Check users expect. */
int test_run_suite(Suite *suite);

#endif
