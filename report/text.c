/* text.c - clang-tidy-style text report (in progress). */
#include "vksync/report.h"

void vks_report_text(FILE *out, const vks_findings *findings,
                     const vks_report_options *options)
{
    (void)out; (void)findings; (void)options;
}
