/*
 * fuzz_util.h - oracles and helpers shared by the fuzz targets (tests/fuzz/).
 */
#ifndef VKSYNC_FUZZ_UTIL_H
#define VKSYNC_FUZZ_UTIL_H

#include <stddef.h>

#include "vksync/finding.h"
#include "vksync/report.h"

/* Stops the run (__builtin_trap) unless text is one strict JSON value
   (RFC 8259, UTF-8): the SARIF log must load in every consumer. */
void fuzz_check_json(const char *text, size_t size);

/* Sorts the findings and prints them as text and as SARIF into memory;
   checks the SARIF log with fuzz_check_json. */
void fuzz_report(vks_findings *findings, const vks_stats *stats,
                 const vks_report_options *options);

#endif
