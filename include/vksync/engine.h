/*
 * engine.h - the hazard engine: happens-before and access scopes over the
 * command IR (the Vulkan spec's "Synchronization and Cache Control" chapter;
 * the formal execution-dependency rules, docs/design.md "Sources").
 */
#ifndef VKSYNC_ENGINE_H
#define VKSYNC_ENGINE_H

#include "vksync/finding.h"
#include "vksync/ir.h"

/* Checks every command buffer of the program; appends findings, adds to
   stats.  Deterministic: the same program gives the same findings. */
void vks_check_program(const vks_program *program, vks_findings *out,
                       vks_stats *stats);

#endif
