/* frontend.c - the libclang front end (in progress). */
#include <clang-c/Index.h>

#include "vksync/analyzer.h"

int vks_analyze_c_file(const char *path, const vks_frontend_options *options,
                       vks_program *program, vks_findings *findings,
                       vks_stats *stats, const char **error)
{
    (void)options; (void)program; (void)findings; (void)stats;
    *error = "not implemented";
    (void)path;
    return 2;
}
