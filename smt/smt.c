/*
 * smt.c - placeholder translation unit so the Z3 library is wired in from the
 * start; the path-feasibility encoding lands with the front end's branches.
 */
#include <z3.h>

#include "vksync/smt.h"

const char *vks_smt_version(void)
{
    static char buf[64];
    unsigned major, minor, build, rev;
    Z3_get_version(&major, &minor, &build, &rev);
    snprintf(buf, sizeof buf, "Z3 %u.%u.%u", major, minor, build);
    return buf;
}
