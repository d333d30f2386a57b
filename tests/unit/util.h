/* util.h - small helpers shared by the Check unit tests. */
#ifndef VKSYNC_UNIT_UTIL_H
#define VKSYNC_UNIT_UTIL_H

#include <check.h>

#include "vksync/finding.h"
#include "vksync/ir.h"

/* A location in a made-up file at LINE, for builder-made IR. */
vks_loc test_loc(unsigned line);

/* Runs one suite; returns the process exit status Check users expect. */
int test_run_suite(Suite *suite);

#endif
