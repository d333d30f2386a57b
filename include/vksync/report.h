/*
 * report.h - findings to clang-tidy-style text or one SARIF 2.1.0 log
 * (DESIGN.md sections 2 and 3, CONVENTIONS.md).
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
} vks_report_options;

void vks_report_text(FILE *out, const vks_findings *findings,
                     const vks_report_options *options);
void vks_report_sarif(FILE *out, const vks_findings *findings,
                      const vks_stats *stats, const vks_report_options *options);

#endif
