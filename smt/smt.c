/*
 * smt.c - the Z3 version that --version prints.  Path feasibility is in
 * paths.c, workgroup races in race.c, the solver's limits in solver_limits.c.
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
