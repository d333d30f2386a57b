/* hazard.c - the hazard engine (in progress: see include/vksync/engine.h). */
#include "vksync/engine.h"

void vks_check_program(const vks_program *program, vks_findings *out,
                       vks_stats *stats)
{
    (void)program; (void)out; (void)stats;
}
