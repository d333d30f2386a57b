/* sarif.c - SARIF 2.1.0 report (in progress). */
#include "vksync/report.h"

void vks_report_sarif(FILE *out, const vks_findings *findings,
                      const vks_stats *stats, const vks_report_options *options)
{
    (void)out; (void)findings; (void)stats; (void)options;
}
