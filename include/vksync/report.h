/*
 * report.h - findings to clang-tidy-style text or one SARIF 2.1.0 log
 * (docs/design.md, "Command line" and "SARIF"; docs/conventions.md,
 * "clang-tidy" and "SARIF 2.1.0").
 *
 * The reporters print what main collected: they never filter by anything
 * but the options below, so the text and SARIF outputs always agree.
 */
#ifndef VKSYNC_REPORT_H
#define VKSYNC_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "vksync/finding.h"

typedef struct {
    bool enabled[VKS_RULE_COUNT];         /* --checks */
    bool as_error[VKS_RULE_COUNT];        /* --warnings-as-errors */
    const char *const *inputs;            /* the files analysed (SARIF artifacts) */
    size_t input_count;
    const char *const *notifications;     /* one-line tool errors (SARIF toolExecutionNotifications) */
    size_t notification_count;
    bool execution_successful;
    const char *tool_version;             /* SARIF driver version; NULL: "0.0.0" */
} vks_report_options;

/* Every rule enabled, none promoted, execution successful. */
void vks_report_options_init(vks_report_options *options);

/*
 * Applies a clang-tidy glob list ("-*,hazard-*") to one flag per rule: the
 * comma-separated globs are applied in order, each setting (or, with a
 * leading '-', clearing) the flag of every rule id it matches; '*' matches
 * any run of characters; blanks around a glob are ignored.  Returns false
 * (and sets *bad_glob to the offending text, static storage) when a glob is
 * empty or holds a character no rule id can contain.
 */
bool vks_apply_rule_globs(bool flags[VKS_RULE_COUNT], const char *globs,
                          const char **bad_glob);

/* GLOB (GLOB_LEN bytes, not NUL-terminated) matches all of TEXT; '*'
   matches any run of characters, everything else itself (clang-tidy's
   GlobList, case-sensitive). */
bool vks_glob_matches(const char *glob, size_t glob_len, const char *text);

/* The finding is printed: its rule passes --checks and no NOLINT comment
   suppresses it (report/suppress.c). */
bool vks_report_shows(const vks_finding *finding,
                      const vks_report_options *options);
/* Level printed: the rule table's level, or error under
   --warnings-as-errors. */
vks_level vks_report_level(const vks_finding *finding,
                           const vks_report_options *options);
/* --warnings-as-errors raised this finding's level (text shows
   "[rule,-warnings-as-errors]"). */
bool vks_report_promoted(const vks_finding *finding,
                         const vks_report_options *options);
const char *vks_level_name(vks_level level); /* "error", "warning", "note" */

/*
 * NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/NOLINTEND comments, clang-tidy's
 * syntax (report/suppress.c says exactly what is recognised).  Reads FILES
 * (the inputs) and the file of every finding, each once; marks each finding
 * whose primary location a comment covers as suppressed (the reporters and
 * the counts then leave it out), and adds one vksync-nolint-unmatched
 * finding per unmatched NOLINTBEGIN or NOLINTEND.  Returns how many of the
 * findings --checks shows it suppressed, for clang-tidy's stderr line
 * "Suppressed N warnings (N NOLINT)."  Call it before sorting.
 */
size_t vks_suppress_nolint(vks_findings *findings, const char *const *files,
                           size_t file_count, const vks_report_options *options);

/* Counts of the findings shown, by printed level. */
typedef struct {
    size_t errors, warnings, notes;
} vks_report_counts;
vks_report_counts vks_report_count(const vks_findings *findings,
                                   const vks_report_options *options);

void vks_report_text(FILE *out, const vks_findings *findings,
                     const vks_report_options *options);
void vks_report_sarif(FILE *out, const vks_findings *findings,
                      const vks_stats *stats, const vks_report_options *options);

#endif
